//! Staff managing collaborators (staff token). Lists are paged: a page reads its
//! collaborators (and, for answers, theirs only), never the whole campaign.

use axum::{extract::State, http::StatusCode};
use storyhive_shared::{
    answers::Removal,
    auth::Principal,
    campaigns::{
        records::CampaignRecord,
        repo::{self, CampaignParts},
        rules as campaign_rules,
    },
    contributors::{
        dto::{
            CampaignContributor, CampaignContributorPage, Contributor, ContributorAnswers, ContributorAnswersPage,
            ContributorPage,
        },
        records::{ContributorRecord, JourneyRecord, MembershipRecord},
        reminders, rules, unsubscribe,
    },
    error::ErrorBody,
    http::{Json, Message, PageParams, Path, Query},
    permissions::Permission,
    storage::{from_item, keys, Query as StoreQuery},
    words, ApiError, ApiResult, AppContext,
};

use super::require_params;
use crate::dto::*;
use crate::service::{answers, invite, views};

const TAG: &str = "contributors";
/// A search of the organisation's contributors answers at most this many.
const SEARCH_CAP: usize = 200;

fn invited(result: invite::Invited) -> (StatusCode, Json<InviteResult>) {
    let invited = if result.made_live { rules::INVITED_AND_LIVE } else { rules::INVITED };
    let message =
        if result.mailed { invited.to_string() } else { format!("{invited}. {}", rules::NOT_MAILED_UNSUBSCRIBED) };
    let invite_link = result.contributor.invite_link.clone().unwrap_or_default();
    (
        StatusCode::CREATED,
        Json(InviteResult {
            message,
            contributor: result.contributor,
            campaign_live: result.made_live,
            invite_link,
            mailed: result.mailed,
        }),
    )
}

/// Invite a collaborator to a campaign by e-mail. The first invitation of a draft
/// campaign makes it live. The answer carries the personal link, once.
#[utoipa::path(post, path = "/campaign/add-contributor", tag = TAG, security(("staffToken" = ["UseStaffApp"])), request_body = AddContributor,
    responses(
        (status = 201, body = InviteResult),
        (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "Already invited", body = ErrorBody),
    ))]
pub async fn add_contributor(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<AddContributor>,
) -> ApiResult<(StatusCode, Json<InviteResult>)> {
    principal.require(Permission::UseStaffApp)?;
    require_params(&[&body.campaign_id])?;
    let person = invite::checked_person(&body.email, &body.first_name, &body.last_name)?;
    Ok(invited(
        invite::invite(&context, &principal.tenant_id, &body.campaign_id, &person, invite::AskedBy::Staff).await?,
    ))
}

/// Invite a collaborator (ids in the path; 'invalid params' when one is missing).
#[utoipa::path(post, path = "/contributor/{tenantId}/{initiativeId}/{campaignId}/add", tag = TAG, security(("staffToken" = ["UseStaffApp"])),
    params(("tenantId" = String, Path), ("initiativeId" = String, Path), ("campaignId" = String, Path)),
    request_body = Invitee,
    responses((status = 201, body = InviteResult), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn add_contributor_by_path(
    State(context): State<AppContext>,
    principal: Principal,
    Path((tenant_id, initiative_id, campaign_id)): Path<(String, String, String)>,
    Json(body): Json<Invitee>,
) -> ApiResult<(StatusCode, Json<InviteResult>)> {
    principal.require(Permission::UseStaffApp)?;
    require_params(&[&tenant_id, &initiative_id, &campaign_id])?;
    let not_found = || ApiError::NotFound(campaign_rules::CAMPAIGN_NOT_FOUND.into());
    if tenant_id != principal.tenant_id {
        return Err(not_found());
    }
    let campaign =
        context.store.get::<CampaignRecord>(&keys::campaign(&tenant_id, &campaign_id)).await?.ok_or_else(not_found)?;
    if campaign.initiative_id != initiative_id {
        return Err(not_found());
    }
    let person = invite::checked_person(&body.email, &body.first_name, &body.last_name)?;
    Ok(invited(invite::invite(&context, &tenant_id, &campaign_id, &person, invite::AskedBy::Staff).await?))
}

/// The organisation's contributors behind `memberships`, by key.
async fn contributors_of(
    context: &AppContext,
    tenant_id: &str,
    memberships: &[MembershipRecord],
) -> ApiResult<Vec<ContributorRecord>> {
    let keys: Vec<keys::Key> = memberships.iter().map(|m| keys::contributor(tenant_id, &m.contributor_id)).collect();
    let mut found = Vec::new();
    for (_, item) in repo::batch_get_all(&context.store, &keys).await? {
        found.push(from_item::<ContributorRecord>(item)?);
    }
    Ok(found)
}

fn rows(
    memberships: &[MembershipRecord],
    contributors: &[ContributorRecord],
    question_count: usize,
) -> Vec<CampaignContributor> {
    memberships
        .iter()
        .map(|m| {
            let contributor = contributors.iter().find(|c| c.contributor_id == m.contributor_id);
            CampaignContributor::new(m, contributor, question_count, None)
        })
        .collect()
}

/// A page of the campaign's memberships (newest contributors first).
async fn membership_page(
    context: &AppContext,
    tenant_id: &str,
    campaign_id: &str,
    page: &PageParams,
) -> ApiResult<(Vec<MembershipRecord>, Option<String>)> {
    let query = StoreQuery::table(keys::campaign_partition(tenant_id, campaign_id), keys::CONTRIBUTOR_PREFIX)
        .newest_first()
        .limit(page.limit()?);
    Ok(context.store.query_page::<MembershipRecord>(query, page.cursor()).await?)
}

async fn staff_campaign(context: &AppContext, principal: &Principal, campaign_id: &str) -> ApiResult<CampaignParts> {
    Ok(CampaignParts::require_visible(&context.store, &principal.tenant_id, campaign_id).await?.0)
}

async fn membership_of(
    context: &AppContext,
    campaign: &CampaignRecord,
    contributor_id: &str,
) -> ApiResult<MembershipRecord> {
    storyhive_shared::contributors::repo::membership(
        &context.store,
        &campaign.tenant_id,
        &campaign.campaign_id,
        contributor_id,
    )
    .await?
    .ok_or_else(|| ApiError::NotFound(rules::NOT_INVITED.into()))
}

/// The campaign's collaborators with their status and progress, a page at a time
/// (newest first). Its cursors and those of `/contributor/{campaignId}/all` are the same
/// positions in the same list: either call can continue from the other's page.
#[utoipa::path(get, path = "/contributor/campaignContributorList/{campaignId}", tag = TAG, security(("staffToken" = ["UseStaffApp"])),
    params(("campaignId" = String, Path), PageParams),
    responses((status = 200, body = CampaignContributorPage), (status = 404, body = ErrorBody)))]
pub async fn campaign_contributor_list(
    State(context): State<AppContext>,
    principal: Principal,
    Path(campaign_id): Path<String>,
    Query(page): Query<PageParams>,
) -> ApiResult<Json<CampaignContributorPage>> {
    principal.require(Permission::UseStaffApp)?;
    let parts = staff_campaign(&context, &principal, &campaign_id).await?;
    let (memberships, next_cursor) = membership_page(&context, &principal.tenant_id, &campaign_id, &page).await?;
    let contributors = contributors_of(&context, &principal.tenant_id, &memberships).await?;
    let mut items = rows(&memberships, &contributors, parts.questions.len());
    let ids: Vec<String> = items.iter().map(|i| i.contributor_id.clone()).collect();
    let unsubscribed = unsubscribe::unsubscribed_of(&context.store, &principal.tenant_id, &ids).await?;
    for item in &mut items {
        item.unsubscribed = unsubscribed.contains(&item.contributor_id);
    }
    Ok(Json(CampaignContributorPage { items, next_cursor }))
}

/// The campaign's collaborators with their answers, a page at a time; stored takes
/// come with a playable URL. Its cursors are interchangeable with those of
/// `campaignContributorList` (the same list in the same order).
#[utoipa::path(get, path = "/contributor/{campaignId}/all", tag = TAG, security(("staffToken" = ["UseStaffApp"])),
    params(("campaignId" = String, Path), PageParams),
    responses((status = 200, body = ContributorAnswersPage), (status = 404, body = ErrorBody)))]
pub async fn campaign_contributors_with_answers(
    State(context): State<AppContext>,
    principal: Principal,
    Path(campaign_id): Path<String>,
    Query(page): Query<PageParams>,
) -> ApiResult<Json<ContributorAnswersPage>> {
    principal.require(Permission::UseStaffApp)?;
    let parts = staff_campaign(&context, &principal, &campaign_id).await?;
    let (memberships, next_cursor) = membership_page(&context, &principal.tenant_id, &campaign_id, &page).await?;
    let contributors = contributors_of(&context, &principal.tenant_id, &memberships).await?;
    let store = &context.store;
    let journeys: Vec<Vec<JourneyRecord>> = futures::future::try_join_all(memberships.iter().map(|m| {
        storyhive_shared::contributors::repo::journeys_of(store, &m.tenant_id, &m.campaign_id, &m.contributor_id)
    }))
    .await?;
    let mut items = Vec::new();
    for (contributor, journeys) in rows(&memberships, &contributors, parts.questions.len()).into_iter().zip(journeys) {
        let answers = views::answers(&context, &parts, &journeys).await?;
        items.push(ContributorAnswers { contributor, answers });
    }
    Ok(Json(ContributorAnswersPage { items, next_cursor }))
}

/// The organisation's contributors, newest first, a page at a time; or those whose
/// name or address has words starting with every word of `searchVal`.
#[utoipa::path(get, path = "/contributor/all", tag = TAG, security(("staffToken" = ["UseStaffApp"])), params(SearchParams, PageParams),
    responses((status = 200, body = ContributorPage)))]
pub async fn all_contributors(
    State(context): State<AppContext>,
    principal: Principal,
    Query(params): Query<SearchParams>,
    Query(page): Query<PageParams>,
) -> ApiResult<Json<ContributorPage>> {
    principal.require(Permission::UseStaffApp)?;
    let store = &context.store;
    let tenant_id = &principal.tenant_id;
    let limit = page.limit()?;
    let search = params.search_val.as_deref().map(str::trim).unwrap_or_default();
    if search.chars().count() > 254 {
        return Err(ApiError::field("searchVal", "A search is at most 254 characters"));
    }
    if !search.is_empty() {
        let found = words::search(store, tenant_id, words::CONTRIBUTORS, search, SEARCH_CAP).await?;
        let keys: Vec<keys::Key> = found.ids.iter().map(|id| keys::contributor(tenant_id, id)).collect();
        let mut records = Vec::new();
        for (_, item) in repo::batch_get_all(store, &keys).await? {
            records.push(from_item::<ContributorRecord>(item)?);
        }
        let mut items: Vec<Contributor> =
            records.iter().map(|c| Contributor::new(c, c.campaign_count.max(0) as usize)).collect();
        items.sort_by_key(|c| (c.first_name.to_lowercase(), c.last_name.to_lowercase(), c.email.clone()));
        items.truncate(PageParams::MAX_LIMIT as usize);
        return Ok(Json(ContributorPage { items, next_cursor: None }));
    }
    let query = StoreQuery::table(keys::contributors_partition(tenant_id), keys::CONTRIBUTOR_PREFIX)
        .newest_first()
        .limit(limit);
    let (records, next_cursor) = store.query_page::<ContributorRecord>(query, page.cursor()).await?;
    let items = records.iter().map(|c| Contributor::new(c, c.campaign_count.max(0) as usize)).collect();
    Ok(Json(ContributorPage { items, next_cursor }))
}

async fn contributor_record(
    context: &AppContext,
    tenant_id: &str,
    contributor_id: &str,
) -> ApiResult<ContributorRecord> {
    context
        .store
        .get::<ContributorRecord>(&keys::contributor(tenant_id, contributor_id))
        .await?
        .ok_or_else(|| ApiError::NotFound(rules::CONTRIBUTOR_NOT_FOUND.into()))
}

/// Suspend or resume a collaborator (in every campaign of the organisation).
#[utoipa::path(put, path = "/contributor/update/{id}", tag = TAG, security(("staffToken" = ["UseStaffApp"])), params(("id" = String, Path)),
    request_body = SuspendContributor,
    responses((status = 200, body = ContributorUpdated), (status = 404, body = ErrorBody)))]
pub async fn update_contributor(
    State(context): State<AppContext>,
    principal: Principal,
    Path(id): Path<String>,
    Json(body): Json<SuspendContributor>,
) -> ApiResult<Json<ContributorUpdated>> {
    principal.require(Permission::UseStaffApp)?;
    let record = storyhive_shared::contributors::write::collaborator_suspended(
        &context.store,
        &principal.tenant_id,
        &id,
        body.is_suspended,
    )
    .await?
    // Not there, or deleted meanwhile.
    .ok_or_else(|| ApiError::NotFound(rules::CONTRIBUTOR_NOT_FOUND.into()))?;
    let message =
        if body.is_suspended { "Collaborator suspended successfully" } else { "Collaborator resumed successfully" };
    Ok(Json(ContributorUpdated {
        message: message.into(),
        contributor: Contributor::new(&record, record.campaign_count.max(0) as usize),
    }))
}

/// Removes one membership (the link stops working), optionally with the answers.
async fn remove_membership(
    context: &AppContext,
    campaign: &CampaignRecord,
    membership: &MembershipRecord,
    delete_journey: bool,
) -> ApiResult<()> {
    if delete_journey {
        answers::remove(context, campaign, &membership.contributor_id, Removal::Record).await?;
    }
    storyhive_shared::contributors::write::membership_removed(&context.store, membership).await?;
    Ok(())
}

/// Delete a collaborator from the organisation: every campaign, answer and video.
/// Repeating it after an interruption finishes the job.
#[utoipa::path(delete, path = "/contributor/delete/{tenantId}/{contributorId}", tag = TAG, security(("staffToken" = ["UseStaffApp"])),
    params(("tenantId" = String, Path), ("contributorId" = String, Path)),
    responses((status = 200, body = Message), (status = 404, body = ErrorBody)))]
pub async fn delete_contributor(
    State(context): State<AppContext>,
    principal: Principal,
    Path((tenant_id, contributor_id)): Path<(String, String)>,
) -> ApiResult<Json<Message>> {
    principal.require(Permission::UseStaffApp)?;
    require_params(&[&tenant_id, &contributor_id])?;
    if tenant_id != principal.tenant_id {
        return Err(ApiError::NotFound(rules::CONTRIBUTOR_NOT_FOUND.into()));
    }
    let record = contributor_record(&context, &tenant_id, &contributor_id).await?;
    let store = &context.store;
    let memberships: Vec<MembershipRecord> =
        store.query(StoreQuery::gsi1(keys::campaigns_of_contributor_gsi1(&tenant_id, &contributor_id))).await?;
    // Answers kept after an earlier removal from a campaign have no membership left:
    // every campaign of the organisation is looked at (one Query of this contributor's
    // answers each), so no video, transcript or search entry of theirs stays behind.
    let member_of: std::collections::HashSet<String> = memberships.iter().map(|m| m.campaign_id.clone()).collect();
    let former: Vec<CampaignRecord> = repo::campaigns_of_tenant(store, &tenant_id)
        .await?
        .into_iter()
        .filter(|c| !member_of.contains(&c.campaign_id))
        .collect();
    let context_ref = &context;
    let contributor_ref = &contributor_id;
    repo::each_concurrently(former, |campaign| async move {
        answers::remove(context_ref, &campaign, contributor_ref, Removal::Record).await
    })
    .await?;
    // Each membership needs only its campaign record and this contributor's answers:
    // a few at a time, not a whole campaign each.
    repo::each_concurrently(memberships, |membership| async move {
        let campaign =
            store.get::<CampaignRecord>(&keys::campaign(&membership.tenant_id, &membership.campaign_id)).await?;
        match campaign {
            Some(campaign) => remove_membership(context_ref, &campaign, &membership, true).await,
            None => {
                Ok(storyhive_shared::contributors::write::membership_removed(store, &membership).await.map(|_| ())?)
            }
        }
    })
    .await?;
    // Their acceptances of the organisation's terms go with them.
    let acceptances: Vec<storyhive_shared::organisation::records::TermsAcceptanceRecord> = store
        .query(StoreQuery::table(
            keys::contributors_partition(&tenant_id),
            keys::terms_acceptances_prefix(&contributor_id),
        ))
        .await?;
    repo::each_concurrently(acceptances, |acceptance| async move {
        Ok::<(), ApiError>(
            store
                .delete(&keys::terms_acceptance(&acceptance.tenant_id, &acceptance.contributor_id, acceptance.version))
                .await?,
        )
    })
    .await?;
    storyhive_shared::contributors::write::collaborator_deleted(store, &record).await?;
    Ok(Message::new("Collaborator deleted successfully"))
}

/// Remove a collaborator from a campaign: their link stops working at once. With
/// `deleteJourney=true` their answers and videos are deleted too.
#[utoipa::path(delete, path = "/campaign/remove-contributor/{campaignId}/{contributorId}", tag = TAG, security(("staffToken" = ["UseStaffApp"])),
    params(("campaignId" = String, Path), ("contributorId" = String, Path), RemoveParams),
    responses((status = 200, body = Message), (status = 404, body = ErrorBody)))]
pub async fn remove_contributor(
    State(context): State<AppContext>,
    principal: Principal,
    Path((campaign_id, contributor_id)): Path<(String, String)>,
    Query(params): Query<RemoveParams>,
) -> ApiResult<Json<Message>> {
    principal.require(Permission::UseStaffApp)?;
    let parts = staff_campaign(&context, &principal, &campaign_id).await?;
    let membership = membership_of(&context, &parts.campaign, &contributor_id).await?;
    remove_membership(&context, &parts.campaign, &membership, params.delete_journey.unwrap_or(false)).await?;
    Ok(Message::new("Collaborator removed successfully"))
}

/// Delete a collaborator's videos in a campaign; they stay invited and can record again.
#[utoipa::path(delete, path = "/contributor/{initiativeId}/{campaignId}/{contributorId}/videos", tag = TAG, security(("staffToken" = ["UseStaffApp"])),
    params(("initiativeId" = String, Path), ("campaignId" = String, Path), ("contributorId" = String, Path)),
    responses((status = 200, body = Message), (status = 404, body = ErrorBody)))]
pub async fn delete_contributor_videos(
    State(context): State<AppContext>,
    principal: Principal,
    Path((initiative_id, campaign_id, contributor_id)): Path<(String, String, String)>,
) -> ApiResult<Json<Message>> {
    principal.require(Permission::UseStaffApp)?;
    require_params(&[&initiative_id, &campaign_id, &contributor_id])?;
    let parts = staff_campaign(&context, &principal, &campaign_id).await?;
    if parts.campaign.initiative_id != initiative_id {
        return Err(ApiError::NotFound(campaign_rules::CAMPAIGN_NOT_FOUND.into()));
    }
    membership_of(&context, &parts.campaign, &contributor_id).await?;
    answers::remove(&context, &parts.campaign, &contributor_id, Removal::KeepRecord).await?;
    Ok(Message::new("Videos deleted successfully"))
}

/// Revoke a collaborator's link: it stops working at once.
#[utoipa::path(post, path = "/contributor/revoke", tag = TAG, security(("staffToken" = ["UseStaffApp"])), request_body = ContributorRef,
    responses((status = 200, body = Message), (status = 404, body = ErrorBody)))]
pub async fn revoke(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<ContributorRef>,
) -> ApiResult<Json<Message>> {
    principal.require(Permission::UseStaffApp)?;
    let parts = staff_campaign(&context, &principal, &body.campaign_id).await?;
    let membership = membership_of(&context, &parts.campaign, &body.contributor_id).await?;
    if !storyhive_shared::contributors::write::link_revoked(&context.store, &membership.key()).await? {
        return Err(ApiError::NotFound(rules::NOT_INVITED.into()));
    }
    // The reminders' keys stop working too, and no more reminders.
    reminders::revoked(&context.store, &membership.tenant_id, &membership.campaign_id, &membership.contributor_id)
        .await?;
    Ok(Message::new("Invitation revoked successfully"))
}

/// Send a collaborator a new link (the previous one stops working). The answer carries
/// the new link, once.
#[utoipa::path(post, path = "/contributor/reinvite", tag = TAG, security(("staffToken" = ["UseStaffApp"])), request_body = ContributorRef,
    responses((status = 200, body = Reinvited), (status = 404, body = ErrorBody)))]
pub async fn reinvite(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<ContributorRef>,
) -> ApiResult<Json<Reinvited>> {
    principal.require(Permission::UseStaffApp)?;
    let parts = staff_campaign(&context, &principal, &body.campaign_id).await?;
    let membership = membership_of(&context, &parts.campaign, &body.contributor_id).await?;
    let (updated, link, mailed) = invite::send_new_link(&context, &membership, &parts, invite::AskedBy::Staff).await?;
    let contributor = contributors_of(&context, &principal.tenant_id, std::slice::from_ref(&updated)).await?;
    let mut again = CampaignContributor::new(&updated, contributor.first(), parts.questions.len(), Some(link.clone()));
    again.unsubscribed = !mailed;
    Ok(Json(Reinvited {
        message: if mailed {
            "Invitation sent again successfully".into()
        } else {
            format!("A new link was made. {}", rules::NOT_MAILED_UNSUBSCRIBED)
        },
        contributor: again,
        invite_link: link,
        mailed,
    }))
}

/// Send answers back to be recorded again; the collaborator is told by e-mail (with a
/// new link) and their journey then asks only those questions. A sent-back take is no
/// longer pending review.
#[utoipa::path(post, path = "/contributor-journey/re-record", tag = TAG, security(("staffToken" = ["UseStaffApp"])), request_body = ReRecord,
    responses((status = 200, body = SentBack), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn send_back_for_re_recording(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<ReRecord>,
) -> ApiResult<Json<SentBack>> {
    principal.require(Permission::UseStaffApp)?;
    let parts = staff_campaign(&context, &principal, &body.campaign_id).await?;
    let membership = membership_of(&context, &parts.campaign, &body.contributor_id).await?;
    if body.campaign_question_ids.is_empty() {
        return Err(ApiError::field("campaignQuestionIds", "Please choose at least one question"));
    }
    let mut chosen = Vec::new();
    for question_id in &body.campaign_question_ids {
        let question = parts
            .questions
            .iter()
            .find(|q| q.question_id == *question_id)
            .ok_or_else(|| ApiError::field("campaignQuestionIds", "Please choose questions of this campaign"))?;
        if !chosen
            .iter()
            .any(|q: &&storyhive_shared::campaigns::records::QuestionRecord| q.question_id == question.question_id)
        {
            chosen.push(question);
        }
    }
    let question_ids: Vec<String> = chosen.iter().map(|q| q.question_id.clone()).collect();
    if !storyhive_shared::answers::sent_back(&context.store, &membership, &question_ids).await? {
        return Err(ApiError::Conflict(storyhive_shared::error::CHANGED_MEANWHILE.into()));
    }
    // Done: from here on nothing fails the call (the answers are sent back).
    let texts = chosen.iter().map(|q| q.question.clone()).collect();
    // Unsubscribed from the organisation's e-mails: none is sent, and the answer says so (their
    // link still works, and the journey asks those questions again at their next visit).
    let unsubscribed =
        unsubscribe::is_unsubscribed(&context.store, &membership.tenant_id, &membership.contributor_id).await?;
    let mailed = membership.invite_key_hash.is_some()
        && !unsubscribed
        && send_re_record_mail(&context, &membership, &parts.campaign, texts).await?;
    let sent_back = "Sent back for re-recording successfully";
    let message =
        if unsubscribed { format!("{sent_back}. {}", rules::NOT_MAILED_UNSUBSCRIBED) } else { sent_back.to_string() };
    Ok(Json(SentBack { message, mailed }))
}

/// The re-record request carries a new link: only a hash of the old key is kept. Returns
/// whether it was sent (not when the link was revoked meanwhile).
async fn send_re_record_mail(
    context: &AppContext,
    membership: &MembershipRecord,
    campaign: &CampaignRecord,
    questions: Vec<String>,
) -> ApiResult<bool> {
    // Revoked (or removed) meanwhile: nothing to send.
    let Some((updated, key)) = invite::rotate_key(context, membership, true).await? else {
        return Ok(false);
    };
    let unsubscribe_link = unsubscribe::link_for(
        &context.store,
        &context.config.app_base_url,
        &updated.tenant_id,
        &updated.contributor_id,
    )
    .await?;
    context
        .mail
        .send(&storyhive_shared::mail::MailMessage::ReRecordRequest {
            to: updated.email.clone(),
            first_name: updated.first_name.clone(),
            campaign_title: campaign.title.clone(),
            questions,
            link: storyhive_shared::contributors::dto::invite_link(&context.config.app_base_url, &updated, &key),
            language: campaign.language,
            unsubscribe: Some(unsubscribe_link),
        })
        .await?;
    Ok(true)
}
