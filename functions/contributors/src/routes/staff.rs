//! Staff managing collaborators (staff token).

use axum::{extract::State, http::StatusCode};
use storyhive_shared::{
    auth::{self, Principal},
    campaigns::repo::{CampaignParts, TenantCatalog},
    campaigns::rules as campaign_rules,
    contributors::{
        dto::{invite_link, CampaignContributor, Contributor, ContributorAnswers},
        records::{ContributorRecord, JourneyRecord, MembershipRecord},
    },
    error::{ErrorDetail, FieldError},
    http::{Json, Message, Path, Query},
    mail::MailMessage,
    model,
    permissions::Permission,
    storage::{from_item, keys, AttributeValue, Query as StoreQuery, StoreError},
    ApiError, ApiResult, AppContext,
};

use super::{dto::*, require_params};
use crate::{answers, invite, views};

const TAG: &str = "contributors";

fn invited(result: invite::Invited) -> (StatusCode, Json<InviteResult>) {
    let message = if result.made_live {
        storyhive_shared::contributors::rules::INVITED_AND_LIVE
    } else {
        storyhive_shared::contributors::rules::INVITED
    };
    (
        StatusCode::CREATED,
        Json(InviteResult {
            message: message.into(),
            contributor: result.contributor,
            campaign_live: result.made_live,
        }),
    )
}

/// Invite a collaborator to a campaign by e-mail. The first invitation of a draft
/// campaign makes it live.
#[utoipa::path(post, path = "/campaign/add-contributor", tag = TAG, security(("staffToken" = [])), request_body = AddContributor,
    responses(
        (status = 201, body = InviteResult),
        (status = 400, body = [FieldError]),
        (status = 404, body = ErrorDetail),
        (status = 409, description = "Already invited", body = ErrorDetail),
    ))]
pub async fn add_contributor(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<AddContributor>,
) -> ApiResult<(StatusCode, Json<InviteResult>)> {
    principal.require(Permission::UseStaffApp)?;
    require_params(&[&body.campaign_id])?;
    let person = invite::checked_person(&body.email, &body.first_name, &body.last_name)?;
    Ok(invited(invite::invite(&context, &principal.tenant_id, body.campaign_id.trim(), &person).await?))
}

/// Invite a collaborator (ids in the path; 'invalid params' when one is missing).
#[utoipa::path(post, path = "/contributor/{tenantId}/{initiativeId}/{campaignId}/add", tag = TAG, security(("staffToken" = [])),
    params(("tenantId" = String, Path), ("initiativeId" = String, Path), ("campaignId" = String, Path)),
    request_body = Invitee,
    responses((status = 201, body = InviteResult), (status = 400, body = ErrorDetail), (status = 404, body = ErrorDetail)))]
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
    let parts = CampaignParts::require(&context.store, &tenant_id, &campaign_id).await?;
    if parts.campaign.initiative_id != initiative_id {
        return Err(not_found());
    }
    let person = invite::checked_person(&body.email, &body.first_name, &body.last_name)?;
    Ok(invited(invite::invite(&context, &tenant_id, &campaign_id, &person).await?))
}

/// The organisation's contributors for the given memberships, by id.
async fn contributors_of(
    context: &AppContext,
    tenant_id: &str,
    memberships: &[MembershipRecord],
) -> ApiResult<Vec<ContributorRecord>> {
    let keys: Vec<keys::Key> = memberships.iter().map(|m| keys::contributor(tenant_id, &m.contributor_id)).collect();
    let mut found = Vec::new();
    for chunk in keys.chunks(100) {
        for (_, item) in context.store.batch_get(chunk).await? {
            found.push(from_item::<ContributorRecord>(item)?);
        }
    }
    Ok(found)
}

async fn campaign_contributors(context: &AppContext, parts: &CampaignParts) -> ApiResult<Vec<CampaignContributor>> {
    let contributors = contributors_of(context, &parts.campaign.tenant_id, &parts.memberships).await?;
    let mut list: Vec<CampaignContributor> = parts
        .memberships
        .iter()
        .map(|m| {
            let contributor = contributors.iter().find(|c| c.contributor_id == m.contributor_id);
            CampaignContributor::new(
                m,
                contributor,
                views::answered_count(parts, &m.contributor_id),
                parts.questions.len(),
                &context.config.app_base_url,
            )
        })
        .collect();
    list.sort_by(|a, b| b.invited_at.cmp(&a.invited_at));
    Ok(list)
}

async fn staff_campaign(context: &AppContext, principal: &Principal, campaign_id: &str) -> ApiResult<CampaignParts> {
    let (parts, catalog) =
        tokio::try_join!(CampaignParts::require(&context.store, &principal.tenant_id, campaign_id), async {
            Ok(TenantCatalog::load(&context.store, &principal.tenant_id).await?)
        },)?;
    if !catalog.has_initiative(&parts.campaign.initiative_id) {
        return Err(ApiError::NotFound(campaign_rules::CAMPAIGN_NOT_FOUND.into()));
    }
    Ok(parts)
}

fn membership_of<'a>(parts: &'a CampaignParts, contributor_id: &str) -> ApiResult<&'a MembershipRecord> {
    parts
        .memberships
        .iter()
        .find(|m| m.contributor_id == contributor_id)
        .ok_or_else(|| ApiError::NotFound("This collaborator is not invited to this campaign".into()))
}

/// The campaign's collaborators with their status and progress, newest first.
#[utoipa::path(get, path = "/contributor/campaignContributorList/{campaignId}", tag = TAG, security(("staffToken" = [])),
    params(("campaignId" = String, Path)),
    responses((status = 200, body = [CampaignContributor]), (status = 404, body = ErrorDetail)))]
pub async fn campaign_contributor_list(
    State(context): State<AppContext>,
    principal: Principal,
    Path(campaign_id): Path<String>,
) -> ApiResult<Json<Vec<CampaignContributor>>> {
    principal.require(Permission::UseStaffApp)?;
    let parts = staff_campaign(&context, &principal, &campaign_id).await?;
    Ok(Json(campaign_contributors(&context, &parts).await?))
}

/// Every collaborator of the campaign with their answers; stored takes come with a
/// playable URL.
#[utoipa::path(get, path = "/contributor/{campaignId}/all", tag = TAG, security(("staffToken" = [])),
    params(("campaignId" = String, Path)),
    responses((status = 200, body = [ContributorAnswers]), (status = 404, body = ErrorDetail)))]
pub async fn campaign_contributors_with_answers(
    State(context): State<AppContext>,
    principal: Principal,
    Path(campaign_id): Path<String>,
) -> ApiResult<Json<Vec<ContributorAnswers>>> {
    principal.require(Permission::UseStaffApp)?;
    let parts = staff_campaign(&context, &principal, &campaign_id).await?;
    let mut all = Vec::new();
    for contributor in campaign_contributors(&context, &parts).await? {
        let answers = views::answers(&context, &parts, &contributor.contributor_id).await?;
        all.push(ContributorAnswers { contributor, answers });
    }
    Ok(Json(all))
}

/// The organisation's contributors, optionally searched by name or address.
#[utoipa::path(get, path = "/contributor/all", tag = TAG, security(("staffToken" = [])), params(SearchParams),
    responses((status = 200, body = [Contributor])))]
pub async fn all_contributors(
    State(context): State<AppContext>,
    principal: Principal,
    Query(params): Query<SearchParams>,
) -> ApiResult<Json<Vec<Contributor>>> {
    principal.require(Permission::UseStaffApp)?;
    let records: Vec<ContributorRecord> = context
        .store
        .query(StoreQuery::table(keys::contributors_partition(&principal.tenant_id), keys::CONTRIBUTOR_PREFIX))
        .await?;
    let search = params.search_val.unwrap_or_default().trim().to_lowercase();
    let mut list: Vec<Contributor> = records
        .iter()
        .filter(|c| {
            search.is_empty()
                || format!("{} {} {}", c.first_name, c.last_name, c.email).to_lowercase().contains(&search)
        })
        .map(|c| Contributor::new(c, c.campaign_count.max(0) as usize))
        .collect();
    list.sort_by_key(|c| (c.first_name.to_lowercase(), c.last_name.to_lowercase(), c.email.clone()));
    Ok(Json(list))
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
        .ok_or_else(|| ApiError::NotFound("Collaborator not found".into()))
}

/// Suspend or resume a collaborator (in every campaign of the organisation).
#[utoipa::path(put, path = "/contributor/update/{id}", tag = TAG, security(("staffToken" = [])), params(("id" = String, Path)),
    request_body = SuspendContributor,
    responses((status = 200, body = ContributorUpdated), (status = 404, body = ErrorDetail)))]
pub async fn update_contributor(
    State(context): State<AppContext>,
    principal: Principal,
    Path(id): Path<String>,
    Json(body): Json<SuspendContributor>,
) -> ApiResult<Json<ContributorUpdated>> {
    principal.require(Permission::UseStaffApp)?;
    let mut record = contributor_record(&context, &principal.tenant_id, &id).await?;
    record.is_suspended = body.is_suspended;
    record.updated_at = model::timestamp(model::now());
    let at = record.updated_at.clone();
    context
        .store
        .update::<ContributorRecord>(&record.key(), |u| {
            u.update_expression("SET isSuspended = :s, updatedAt = :at")
                .condition_expression("attribute_exists(PK)")
                .expression_attribute_values(":s", AttributeValue::Bool(body.is_suspended))
                .expression_attribute_values(":at", AttributeValue::S(at))
        })
        .await?;
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
    parts: &CampaignParts,
    membership: &MembershipRecord,
    delete_journey: bool,
) -> ApiResult<()> {
    if delete_journey {
        answers::remove(context, &parts.campaign, &parts.journeys, &membership.contributor_id, false).await?;
    }
    let store = &context.store;
    let decrement = store.update_op(&keys::contributor(&membership.tenant_id, &membership.contributor_id), |u| {
        u.update_expression("ADD campaignCount :minus")
            .condition_expression("attribute_exists(PK)")
            .expression_attribute_values(":minus", AttributeValue::N("-1".into()))
    })?;
    match store.transact(vec![store.delete_existing_op(&membership.key())?, decrement]).await {
        Ok(()) | Err(StoreError::ConditionFailed) => Ok(()),
        Err(other) => Err(other.into()),
    }
}

/// Delete a collaborator from the organisation: every campaign, answer and video.
#[utoipa::path(delete, path = "/contributor/delete/{tenantId}/{contributorId}", tag = TAG, security(("staffToken" = [])),
    params(("tenantId" = String, Path), ("contributorId" = String, Path)),
    responses((status = 200, body = Message), (status = 404, body = ErrorDetail)))]
pub async fn delete_contributor(
    State(context): State<AppContext>,
    principal: Principal,
    Path((tenant_id, contributor_id)): Path<(String, String)>,
) -> ApiResult<Json<Message>> {
    principal.require(Permission::UseStaffApp)?;
    require_params(&[&tenant_id, &contributor_id])?;
    if tenant_id != principal.tenant_id {
        return Err(ApiError::NotFound("Collaborator not found".into()));
    }
    let record = contributor_record(&context, &tenant_id, &contributor_id).await?;
    let memberships: Vec<MembershipRecord> =
        context.store.query(StoreQuery::gsi1(keys::campaigns_of_contributor_gsi1(&tenant_id, &contributor_id))).await?;
    for membership in &memberships {
        if let Some(parts) = CampaignParts::load(&context.store, &tenant_id, &membership.campaign_id).await? {
            remove_membership(&context, &parts, membership, true).await?;
        }
    }
    let store = &context.store;
    store
        .transact(vec![
            store.delete_op(&record.key())?,
            store.delete_op(&keys::contributor_email(&tenant_id, &record.email))?,
        ])
        .await?;
    Ok(Message::new("Collaborator deleted successfully"))
}

/// Remove a collaborator from a campaign: their link stops working at once. With
/// `deleteJourney=true` their answers and videos are deleted too.
#[utoipa::path(delete, path = "/campaign/remove-contributor/{campaignId}/{contributorId}", tag = TAG, security(("staffToken" = [])),
    params(("campaignId" = String, Path), ("contributorId" = String, Path), RemoveParams),
    responses((status = 200, body = Message), (status = 404, body = ErrorDetail)))]
pub async fn remove_contributor(
    State(context): State<AppContext>,
    principal: Principal,
    Path((campaign_id, contributor_id)): Path<(String, String)>,
    Query(params): Query<RemoveParams>,
) -> ApiResult<Json<Message>> {
    principal.require(Permission::UseStaffApp)?;
    let parts = staff_campaign(&context, &principal, &campaign_id).await?;
    let membership = membership_of(&parts, &contributor_id)?.clone();
    remove_membership(&context, &parts, &membership, params.delete_journey.unwrap_or(false)).await?;
    Ok(Message::new("Collaborator removed successfully"))
}

/// Delete a collaborator's videos in a campaign; they stay invited and can record again.
#[utoipa::path(delete, path = "/contributor/{initiativeId}/{campaignId}/{contributorId}/videos", tag = TAG, security(("staffToken" = [])),
    params(("initiativeId" = String, Path), ("campaignId" = String, Path), ("contributorId" = String, Path)),
    responses((status = 200, body = Message), (status = 404, body = ErrorDetail)))]
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
    membership_of(&parts, &contributor_id)?;
    answers::remove(&context, &parts.campaign, &parts.journeys, &contributor_id, true).await?;
    Ok(Message::new("Videos deleted successfully"))
}

/// Revoke a collaborator's link: it stops working at once.
#[utoipa::path(post, path = "/contributor/revoke", tag = TAG, security(("staffToken" = [])), request_body = ContributorRef,
    responses((status = 200, body = Message), (status = 404, body = ErrorDetail)))]
pub async fn revoke(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<ContributorRef>,
) -> ApiResult<Json<Message>> {
    principal.require(Permission::UseStaffApp)?;
    let parts = staff_campaign(&context, &principal, body.campaign_id.trim()).await?;
    let membership = membership_of(&parts, body.contributor_id.trim())?;
    context
        .store
        .update::<MembershipRecord>(&membership.key(), |u| {
            u.update_expression("REMOVE inviteKey SET updatedAt = :at")
                .condition_expression("attribute_exists(PK)")
                .expression_attribute_values(":at", AttributeValue::S(model::timestamp(model::now())))
        })
        .await?;
    Ok(Message::new("Invitation revoked successfully"))
}

/// Send a collaborator a new link (the previous one stops working).
#[utoipa::path(post, path = "/contributor/reinvite", tag = TAG, security(("staffToken" = [])), request_body = ContributorRef,
    responses((status = 200, body = Reinvited), (status = 404, body = ErrorDetail)))]
pub async fn reinvite(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<ContributorRef>,
) -> ApiResult<Json<Reinvited>> {
    principal.require(Permission::UseStaffApp)?;
    let parts = staff_campaign(&context, &principal, body.campaign_id.trim()).await?;
    let membership = membership_of(&parts, body.contributor_id.trim())?;
    let key = auth::new_secret();
    let updated: MembershipRecord = context
        .store
        .update(&membership.key(), |u| {
            u.update_expression("SET inviteKey = :key, invitedAt = :at, updatedAt = :at")
                .condition_expression("attribute_exists(PK)")
                .expression_attribute_values(":key", AttributeValue::S(key.clone()))
                .expression_attribute_values(":at", AttributeValue::S(model::timestamp(model::now())))
        })
        .await?;
    let catalog = TenantCatalog::load(&context.store, &principal.tenant_id).await?;
    let company = catalog.tenant.as_ref().and_then(|t| t.company_name.clone());
    if let Some(mail) = invite::invitation_mail(&context, &updated, &parts.campaign.title, company) {
        context.mail.send(&mail).await?;
    }
    let contributor = contributors_of(&context, &principal.tenant_id, std::slice::from_ref(&updated)).await?;
    Ok(Json(Reinvited {
        message: "Invitation sent again successfully".into(),
        contributor: CampaignContributor::new(
            &updated,
            contributor.first(),
            views::answered_count(&parts, &updated.contributor_id),
            parts.questions.len(),
            &context.config.app_base_url,
        ),
    }))
}

/// Send answers back to be recorded again; the collaborator is told by e-mail and
/// their journey then asks only those questions.
#[utoipa::path(post, path = "/contributor-journey/re-record", tag = TAG, security(("staffToken" = [])), request_body = ReRecord,
    responses((status = 200, body = Message), (status = 400, body = [FieldError]), (status = 404, body = ErrorDetail)))]
pub async fn send_back_for_re_recording(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<ReRecord>,
) -> ApiResult<Json<Message>> {
    principal.require(Permission::UseStaffApp)?;
    let parts = staff_campaign(&context, &principal, body.campaign_id.trim()).await?;
    let membership = membership_of(&parts, body.contributor_id.trim())?.clone();
    if body.campaign_question_ids.is_empty() {
        return Err(ApiError::field("campaignQuestionIds", "Please choose at least one question"));
    }
    let mut texts = Vec::new();
    let at = model::timestamp(model::now());
    for question_id in &body.campaign_question_ids {
        let question = parts
            .questions
            .iter()
            .find(|q| &q.question_id == question_id)
            .ok_or_else(|| ApiError::field("campaignQuestionIds", "Please choose questions of this campaign"))?;
        texts.push(question.question.clone());
        let record = parts
            .journeys
            .iter()
            .find(|j| j.contributor_id == membership.contributor_id && &j.campaign_question_id == question_id)
            .cloned()
            .unwrap_or_else(|| {
                JourneyRecord::new(
                    &membership.tenant_id,
                    &membership.campaign_id,
                    &membership.contributor_id,
                    question_id,
                    at.clone(),
                )
            });
        context
            .store
            .update::<JourneyRecord>(&record.key(), |u| {
                // Creates the answer if it does not exist yet, then flags it.
                record
                    .upsert(u, vec!["sentForReRecording = :yes".to_string(), "updatedAt = :at".to_string()])
                    .expression_attribute_values(":yes", AttributeValue::Bool(true))
                    .expression_attribute_values(":at", AttributeValue::S(at.clone()))
            })
            .await?;
    }
    // They submitted before: the journey is open again.
    context
        .store
        .update::<MembershipRecord>(&membership.key(), |u| {
            u.update_expression("REMOVE submittedAt SET updatedAt = :at")
                .condition_expression("attribute_exists(PK)")
                .expression_attribute_values(":at", AttributeValue::S(at.clone()))
        })
        .await?;
    if let Some(key) = &membership.invite_key {
        context
            .mail
            .send(&MailMessage::ReRecordRequest {
                to: membership.email.clone(),
                first_name: membership.first_name.clone(),
                campaign_title: parts.campaign.title.clone(),
                questions: texts,
                link: invite_link(&context.config.app_base_url, &membership, key),
            })
            .await?;
    }
    Ok(Message::new("Sent back for re-recording successfully"))
}
