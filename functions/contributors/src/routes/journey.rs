//! The collaborator's side: their details, journey, answers and submission. Every
//! call needs the invitation key (`X-Invite-Key`); ids alone open nothing.

use axum::{extract::State, http::HeaderMap};
use storyhive_shared::{
    answers,
    campaigns::{
        records::{CampaignTextRecord, QuestionRecord},
        repo::{self, CampaignParts},
        rules as campaign_rules,
    },
    cascade::{self, CascadeJob},
    contributors::landing::{self, OrganisationForContributor},
    contributors::{
        access::{self, ContributorAccess, InviteKey},
        dto::{ContributorCampaign, ContributorDetails, Journey, JourneyQuestion},
        records::{ContributorRecord, JourneyRecord, MembershipRecord, UploadRecord},
        rules, write,
    },
    error::ErrorBody,
    http::{Json, Message, Path, Query},
    organisation::terms,
    publishing,
    search::AnswerRef,
    storage::{keys, AttributeValue, StoreError},
    validation::{self, Errors},
    ApiError, ApiResult, AppContext,
};

use super::{require_answer_ids, require_ids, staff_from_headers};
use crate::dto::*;
use crate::service::views;

const TAG: &str = "contributor journey";

/// Checks the ids (the spec's missing-ids message) and the invitation key.
pub async fn open(
    context: &AppContext,
    tenant_id: &str,
    campaign_id: &str,
    contributor_id: &str,
    key: &InviteKey,
) -> ApiResult<ContributorAccess> {
    require_ids(&[("Tenant ID", tenant_id), ("Campaign ID", campaign_id), ("Contributor Details", contributor_id)])?;
    access::verify(&context.store, tenant_id.trim(), campaign_id.trim(), contributor_id.trim(), key).await
}

/// A staff member looking at a collaborator's side (`adminAccess`, `exceptCollaborator`):
/// their own organisation only.
async fn staff_view(
    context: &AppContext,
    headers: &HeaderMap,
    tenant_id: &str,
    campaign_id: &str,
    contributor_id: &str,
) -> ApiResult<(CampaignParts, MembershipRecord)> {
    let principal = staff_from_headers(context, headers).await?;
    require_ids(&[("Tenant ID", tenant_id), ("Campaign ID", campaign_id), ("Contributor Details", contributor_id)])?;
    if principal.tenant_id != tenant_id {
        return Err(ApiError::NotFound(campaign_rules::CAMPAIGN_NOT_FOUND.into()));
    }
    let store = &context.store;
    let (parts, membership) = tokio::try_join!(
        async { CampaignParts::require_visible(store, tenant_id, campaign_id).await.map(|(parts, _)| parts) },
        async {
            Ok::<_, ApiError>(
                storyhive_shared::contributors::repo::membership(store, tenant_id, campaign_id, contributor_id).await?,
            )
        },
    )?;
    let membership = membership.ok_or_else(|| ApiError::NotFound(rules::NOT_INVITED.into()))?;
    Ok((parts, membership))
}

/// The campaign's brief and questions, and this collaborator's answers: what their
/// pages show (never the other collaborators' answers).
async fn parts_of(context: &AppContext, access: &ContributorAccess) -> ApiResult<(CampaignParts, Vec<JourneyRecord>)> {
    let store = &context.store;
    let campaign = &access.campaign;
    Ok(tokio::try_join!(
        CampaignParts::for_contributor(store, campaign.clone()),
        storyhive_shared::contributors::repo::journeys_of(
            store,
            &campaign.tenant_id,
            &campaign.campaign_id,
            &access.membership.contributor_id
        ),
    )?)
}

pub(crate) async fn contributor_campaign(
    context: &AppContext,
    parts: &CampaignParts,
    membership: &MembershipRecord,
    suspended: bool,
) -> ApiResult<ContributorCampaign> {
    let tenant_id = &parts.campaign.tenant_id;
    // Two independent reads, side by side: the organisation and its first guidelines (bounded).
    let (tenant, recording_tips) = tokio::try_join!(
        repo::tenant(&context.store, tenant_id),
        storyhive_shared::guidelines::recording_tips(&context.store, tenant_id)
    )?;
    Ok(ContributorCampaign {
        contributor: ContributorDetails {
            id: membership.contributor_id.clone(),
            email: membership.email.clone(),
            first_name: membership.first_name.clone(),
            last_name: membership.last_name.clone(),
            is_suspended: suspended,
            is_detail_submitted: membership.details_submitted,
        },
        started_journey: membership.started_journey,
        submitted: membership.submitted_at.is_some(),
        video_config: membership.video_config,
        campaign: views::preview(context, parts, tenant.as_ref()).await?,
        recording_tips,
        organisation: landing::for_contributor(context, &parts.campaign, &membership.contributor_id).await?,
    })
}

/// The campaign as the collaborator sees it, with their details and settings. With
/// `adminAccess=true` a staff member looks with a staff token instead.
#[utoipa::path(get, path = "/contributor/{tenantId}/{campaignId}/{contributorId}", tag = TAG,
    security(("inviteKey" = []), ("staffToken" = ["UseStaffApp"])),
    params(("tenantId" = String, Path), ("campaignId" = String, Path), ("contributorId" = String, Path), AdminAccessParams),
    responses(
        (status = 200, body = ContributorCampaign),
        (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "With adminAccess: no such campaign or collaborator in the staff member's organisation", body = ErrorBody),
    ))]
pub async fn contributor_campaign_view(
    State(context): State<AppContext>,
    Path((tenant_id, campaign_id, contributor_id)): Path<(String, String, String)>,
    Query(params): Query<AdminAccessParams>,
    headers: HeaderMap,
    key: InviteKey,
) -> ApiResult<Json<ContributorCampaign>> {
    if params.admin_access.unwrap_or(false) {
        let (parts, membership) = staff_view(&context, &headers, &tenant_id, &campaign_id, &contributor_id).await?;
        let suspended = context
            .store
            .get::<ContributorRecord>(&keys::contributor(&tenant_id, &contributor_id))
            .await?
            .is_some_and(|c| c.is_suspended);
        return Ok(Json(contributor_campaign(&context, &parts, &membership, suspended).await?));
    }
    let access = open(&context, &tenant_id, &campaign_id, &contributor_id, &key).await?;
    // The funnel's "link opened": the landing page's own call with the link's key, once.
    write::link_opened(&context.store, &access.membership).await?;
    let parts = CampaignParts::for_contributor(&context.store, access.campaign.clone()).await?;
    Ok(Json(contributor_campaign(&context, &parts, &access.membership, false).await?))
}

/// The collaborator's details (first and last name) before they start.
#[utoipa::path(post, path = "/contributor/save", tag = TAG, request_body = SaveDetails, security(("inviteKey" = [])),
    responses(
        (status = 200, body = ContributorCampaign),
        (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 409, description = "Saved from elsewhere at the same moment, again and again", body = ErrorBody),
    ))]
pub async fn save_details(
    State(context): State<AppContext>,
    key: InviteKey,
    Json(body): Json<SaveDetails>,
) -> ApiResult<Json<ContributorCampaign>> {
    let access = open(&context, &body.tenant_id, &body.campaign_id, &body.contributor_id, &key).await?;
    let mut errors = Errors::default();
    let first = errors.check("firstName", validation::person_name(&body.first_name, "First name"));
    let last = errors.check("lastName", validation::person_name(&body.last_name, "Last name"));
    errors.finish()?;
    let (first, last) = (first.unwrap_or_default(), last.unwrap_or_default());
    let store = &context.store;
    // The contributor's name and its words change together; a save racing another
    // (two tabs) is tried again against the name the other one wrote.
    // The membership is read again too: the other tab may have started the journey (counted
    // once in the funnel), which this save must then leave as it is.
    let mut contributor = access.contributor.clone();
    let mut membership = access.membership.clone();
    let mut saved = false;
    for _attempt in 0..3 {
        if write::details_given(store, &membership, &contributor, &first, &last).await? {
            saved = true;
            break;
        }
        let denied = || ApiError::AccessDenied(rules::LINK_INVALID.into());
        let (contributor_key, membership_key) = (contributor.key(), membership.key());
        let (now_contributor, now_membership) = tokio::try_join!(
            store.get::<ContributorRecord>(&contributor_key),
            store.get::<MembershipRecord>(&membership_key),
        )?;
        contributor = now_contributor.ok_or_else(denied)?;
        membership = now_membership.ok_or_else(denied)?;
    }
    if !saved {
        return Err(ApiError::Conflict("Your details were changed meanwhile. Please try again.".into()));
    }
    storyhive_shared::search::contributor_changed(store, &contributor.tenant_id, &contributor.contributor_id).await?;
    let membership = storyhive_shared::contributors::repo::membership(
        store,
        &contributor.tenant_id,
        &access.campaign.campaign_id,
        &contributor.contributor_id,
    )
    .await?
    .ok_or_else(|| ApiError::AccessDenied(rules::LINK_INVALID.into()))?;
    let parts = CampaignParts::for_contributor(store, access.campaign.clone()).await?;
    Ok(Json(contributor_campaign(&context, &parts, &membership, false).await?))
}

/// The collaborator's questions with each answer's state.
#[utoipa::path(get, path = "/contributor-journey/{tenantId}/{campaignId}/{contributorId}", tag = TAG, security(("inviteKey" = [])),
    params(("tenantId" = String, Path), ("campaignId" = String, Path), ("contributorId" = String, Path)),
    responses((status = 200, body = Journey), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn journey(
    State(context): State<AppContext>,
    Path((tenant_id, campaign_id, contributor_id)): Path<(String, String, String)>,
    key: InviteKey,
) -> ApiResult<Json<Journey>> {
    let access = open(&context, &tenant_id, &campaign_id, &contributor_id, &key).await?;
    let (parts, journeys) = parts_of(&context, &access).await?;
    Ok(Json(views::journey(&context, &parts, &access.membership, &journeys).await?))
}

/// The questions to ask now: those sent back for re-recording when there are any,
/// else those without a stored take. With `exceptCollaborator=true`, a staff member
/// (staff token) gets every question with the collaborator's state.
#[utoipa::path(get, path = "/contributor-journey/all-questions/{tenantId}/{campaignId}/{contributorId}", tag = TAG,
    security(("inviteKey" = []), ("staffToken" = ["UseStaffApp"])),
    params(("tenantId" = String, Path), ("campaignId" = String, Path), ("contributorId" = String, Path), ExceptCollaboratorParams),
    responses(
        (status = 200, body = [JourneyQuestion]),
        (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "With exceptCollaborator: no such campaign or collaborator in the staff member's organisation", body = ErrorBody),
    ))]
pub async fn all_questions(
    State(context): State<AppContext>,
    Path((tenant_id, campaign_id, contributor_id)): Path<(String, String, String)>,
    Query(params): Query<ExceptCollaboratorParams>,
    headers: HeaderMap,
    key: InviteKey,
) -> ApiResult<Json<Vec<JourneyQuestion>>> {
    if params.except_collaborator.unwrap_or(false) {
        let (parts, membership) = staff_view(&context, &headers, &tenant_id, &campaign_id, &contributor_id).await?;
        let journeys = storyhive_shared::contributors::repo::journeys_of(
            &context.store,
            &tenant_id,
            &campaign_id,
            &contributor_id,
        )
        .await?;
        return Ok(Json(views::journey(&context, &parts, &membership, &journeys).await?.questions));
    }
    let access = open(&context, &tenant_id, &campaign_id, &contributor_id, &key).await?;
    let (parts, journeys) = parts_of(&context, &access).await?;
    let journey = views::journey(&context, &parts, &access.membership, &journeys).await?;
    Ok(Json(journey.questions.into_iter().filter(|q| q.to_ask).collect()))
}

/// Save an answer's script, teleprompter settings or re-recording status.
#[utoipa::path(post, path = "/contributor-journey/save", tag = TAG, request_body = SaveJourney, security(("inviteKey" = [])),
    responses(
        (status = 200, body = JourneyQuestion),
        (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "Not a question of this campaign", body = ErrorBody),
    ))]
pub async fn save_journey(
    State(context): State<AppContext>,
    key: InviteKey,
    Json(body): Json<SaveJourney>,
) -> ApiResult<Json<JourneyQuestion>> {
    require_answer_ids(&body.tenant_id, &body.campaign_id, &body.contributor_id, &body.campaign_question_id)?;
    let access = open(&context, &body.tenant_id, &body.campaign_id, &body.contributor_id, &key).await?;
    let mut errors = Errors::default();
    if let Some(config) = &body.video_config {
        for (field, message) in rules::check_video_config(config) {
            errors.add(field, message);
        }
    }
    if let Some(script) = &body.contributor_script {
        errors.check("contributorScript", campaign_rules::check_editor_text(script));
    }
    errors.finish()?;
    // A debounced settings save reads the question, not the campaign; whether the terms
    // are accepted is read at the same time.
    let question_key =
        keys::question(&access.campaign.tenant_id, &access.campaign.campaign_id, &body.campaign_question_id);
    // The campaign's script is the answer's script when the question has none of its own.
    let script_key =
        keys::campaign_text(&access.campaign.tenant_id, &access.campaign.campaign_id, CampaignTextRecord::SCRIPT);
    let (question, campaign_script, ()) = tokio::try_join!(
        async { Ok::<_, ApiError>(context.store.get::<QuestionRecord>(&question_key).await?) },
        async { Ok::<_, ApiError>(context.store.get::<CampaignTextRecord>(&script_key).await?) },
        terms::require_accepted(&context.store, &access.campaign.tenant_id, &access.membership.contributor_id),
    )?;
    let question = question.ok_or_else(|| ApiError::NotFound("Question not found".into()))?;
    let question = &question;
    let answer = AnswerRef::new(
        &access.membership.tenant_id,
        &access.membership.campaign_id,
        &access.membership.contributor_id,
        &question.question_id,
    );
    let details = answers::Details {
        script: body.contributor_script.as_deref().map(campaign_rules::escape_emoji),
        video_config: body.video_config,
        re_recording_status: body
            .collaborator_re_recording_status
            .as_ref()
            .map(|s| s.trim().chars().take(100).collect()),
    };
    let record = answers::details_saved(&context.store, &answer, &details).await?;
    if let Some(config) = body.video_config {
        // The latest settings become the collaborator's defaults for the next question.
        if !write::video_config_kept(&context.store, &access.membership.key(), &config).await? {
            // Removed from the campaign while typing.
            return Err(ApiError::AccessDenied(rules::LINK_INVALID.into()));
        }
    }
    let video = views::video_info(&context, &record).await?;
    Ok(Json(JourneyQuestion::new(
        question,
        campaign_script.as_ref().map(|s| s.text.as_str()),
        Some(&record),
        access.membership.video_config,
        video,
    )))
}

/// The browser's own facts about an upload it started (device type, measured length).
/// The server's probe of the object stays authoritative.
#[utoipa::path(post, path = "/contributor/addVideo", tag = TAG, request_body = AddVideo, security(("inviteKey" = [])),
    responses((status = 200, body = Message), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn add_video(
    State(context): State<AppContext>,
    key: InviteKey,
    Json(body): Json<AddVideo>,
) -> ApiResult<Json<Message>> {
    require_answer_ids(&body.tenant_id, &body.campaign_id, &body.contributor_id, &body.campaign_question_id)?;
    let access = open(&context, &body.tenant_id, &body.campaign_id, &body.contributor_id, &key).await?;
    let upload = context
        .store
        .get::<UploadRecord>(&keys::upload(
            &access.membership.tenant_id,
            &access.membership.campaign_id,
            body.s3_video_key.trim(),
        ))
        .await?
        .filter(|u| {
            u.contributor_id == access.membership.contributor_id && u.campaign_question_id == body.campaign_question_id
        })
        .ok_or_else(|| ApiError::BadRequest("Bucket key not found".into()))?;
    let device = rules::device_type(body.device_type.as_deref());
    let hours = body.video_duration.filter(|h| h.is_finite() && *h >= 0.0 && *h < 24.0);
    context
        .store
        .update::<UploadRecord>(&keys::upload(&upload.tenant_id, &upload.campaign_id, &upload.object_key), |mut u| {
            let mut sets = Vec::new();
            if let Some(device) = &device {
                sets.push("deviceType = :device");
                u = u.expression_attribute_values(":device", AttributeValue::S(device.clone()));
            }
            if let Some(hours) = hours {
                sets.push("clientDurationHours = :hours");
                u = u.expression_attribute_values(":hours", AttributeValue::N(hours.to_string()));
            }
            if sets.is_empty() {
                sets.push("entityType = entityType");
            }
            u.update_expression(format!("SET {}", sets.join(", "))).condition_expression("attribute_exists(PK)")
        })
        .await
        .map_err(|e| match e {
            StoreError::ConditionFailed => ApiError::BadRequest("Bucket key not found".into()),
            other => other.into(),
        })?;
    Ok(Message::new("Video details saved successfully"))
}

/// The collaborator's stored takes ('invalid params' when an id is missing).
#[utoipa::path(post, path = "/contributor/campaign/videos", tag = TAG, request_body = ContributorIds, security(("inviteKey" = [])),
    responses((status = 200, body = StoredVideos), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn campaign_videos(
    State(context): State<AppContext>,
    key: InviteKey,
    Json(body): Json<ContributorIds>,
) -> ApiResult<Json<StoredVideos>> {
    super::require_params(&[&body.tenant_id, &body.campaign_id, &body.contributor_id])?;
    let access = open(&context, &body.tenant_id, &body.campaign_id, &body.contributor_id, &key).await?;
    let (parts, journeys) = parts_of(&context, &access).await?;
    let answers = views::answers(&context, &parts, &journeys).await?;
    Ok(Json(StoredVideos { answers: answers.into_iter().filter(|a| a.video.is_some()).collect() }))
}

/// Submit the answers for review once every question has a stored take.
#[utoipa::path(put, path = "/contributor/{tenantId}/{campaignId}/{contributorId}/submit", tag = TAG, security(("inviteKey" = [])),
    params(("tenantId" = String, Path), ("campaignId" = String, Path), ("contributorId" = String, Path)),
    responses((status = 200, body = Message), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn submit(
    State(context): State<AppContext>,
    Path((tenant_id, campaign_id, contributor_id)): Path<(String, String, String)>,
    key: InviteKey,
) -> ApiResult<Json<Message>> {
    let access = open(&context, &tenant_id, &campaign_id, &contributor_id, &key).await?;
    terms::require_accepted(&context.store, &access.campaign.tenant_id, &access.membership.contributor_id).await?;
    let (parts, journeys) = parts_of(&context, &access).await?;
    let membership = &access.membership;
    let journey = views::journey(&context, &parts, membership, &journeys).await?;
    if journey.questions.is_empty() || journey.questions.iter().any(|q| !q.stored || q.sent_for_re_recording) {
        return Err(ApiError::BadRequest(rules::RECORD_EVERYTHING_FIRST.into()));
    }
    if !write::submitted(&context.store, membership).await? {
        return Err(ApiError::AccessDenied(rules::LINK_INVALID.into()));
    }
    // The fact is the set of takes submitted: the same answers submitted again (a second
    // click, another tab) are the same event; answers re-recorded and submitted, a new one.
    let mut takes: Vec<&str> =
        journey.questions.iter().filter_map(|q| q.video.as_ref()).map(|v| v.key.as_str()).collect();
    takes.sort_unstable();
    tell_webhooks_submitted(&context, membership, &takes.join(",")).await;
    // Submitted: no more reminders (the job checks again before each one).
    storyhive_shared::contributors::reminders::finished(
        &context.store,
        &membership.tenant_id,
        &membership.campaign_id,
        &membership.contributor_id,
    )
    .await?;
    Ok(Message::new("Your videos have been submitted successfully"))
}

/// Accept the organisation's terms and conditions (the version the landing page showed)
/// before recording. The acceptance is kept with its time and the terms' version; a new
/// upload of the terms is a new version, accepted again.
#[utoipa::path(post, path = "/contributor/accept-terms", tag = TAG, request_body = AcceptTerms, security(("inviteKey" = [])),
    responses(
        (status = 200, description = "Accepted (again: the first acceptance is kept)", body = OrganisationForContributor),
        (status = 400, description = "A missing id, or the organisation has no terms", body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 409, description = "The terms changed since they were shown: read the new version", body = ErrorBody),
    ))]
pub async fn accept_terms(
    State(context): State<AppContext>,
    key: InviteKey,
    Json(body): Json<AcceptTerms>,
) -> ApiResult<Json<OrganisationForContributor>> {
    let access = open(&context, &body.tenant_id, &body.campaign_id, &body.contributor_id, &key).await?;
    let tenant = repo::tenant(&context.store, &access.campaign.tenant_id)
        .await?
        .ok_or_else(|| ApiError::AccessDenied(rules::LINK_INVALID.into()))?;
    let contributor_id = &access.membership.contributor_id;
    let withdrawn = terms::consent_withdrawn(&context.store, &tenant.tenant_id, contributor_id).await?;
    // Consent given again where the organisation has no terms: "Give my consent again".
    if !(withdrawn && tenant.terms_n_conditions.is_none() && body.version.unwrap_or(0) == 0) {
        terms::accept(&context.store, &tenant, contributor_id, &access.campaign.campaign_id, body.version.unwrap_or(0))
            .await?;
    }
    if withdrawn {
        publishing::write::consent_given_again(&context.store, &tenant.tenant_id, contributor_id).await?;
    }
    Ok(Json(landing::for_contributor(&context, &access.campaign, contributor_id).await?))
}

/// Withdraw consent to publication from the personal link: every published video holding
/// the collaborator's answers is taken down within a minute (the cascade worker), and
/// nothing is published with them until they accept the terms again.
#[utoipa::path(post, path = "/contributor/withdraw-consent", tag = TAG, request_body = ContributorIds, security(("inviteKey" = [])),
    responses(
        (status = 200, description = "Withdrawn (again: the first withdrawal is kept)", body = Message),
        (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody),
    ))]
pub async fn withdraw_consent(
    State(context): State<AppContext>,
    key: InviteKey,
    Json(body): Json<ContributorIds>,
) -> ApiResult<Json<Message>> {
    let access = open(&context, &body.tenant_id, &body.campaign_id, &body.contributor_id, &key).await?;
    let (tenant_id, contributor_id) = (&access.campaign.tenant_id, &access.membership.contributor_id);
    let job = CascadeJob::ConsentWithdrawn { tenant_id: tenant_id.clone(), contributor_id: contributor_id.clone() };
    let withdrawal =
        publishing::write::withdrawal(tenant_id, contributor_id, publishing::RecordedBy::Collaborator, None, None);
    publishing::write::withdraw_consent(&context.store, withdrawal, vec![cascade::pending_op(&context.store, &job)?])
        .await?;
    if let Err(error) = cascade::send(&context.cascade, &job).await {
        // Recorded as pending: the worker's sweep sends it again.
        tracing::warn!(?error, "could not queue the takedown of a withdrawn collaborator's videos");
    }
    Ok(Message::new(publishing::CONSENT_WITHDRAWN_MESSAGE))
}

/// `collaborator.submitted`, once per set of takes submitted (`takes`). The answers are
/// submitted whatever becomes of it: a failure is logged.
async fn tell_webhooks_submitted(
    context: &AppContext,
    membership: &storyhive_shared::contributors::records::MembershipRecord,
    takes: &str,
) {
    use storyhive_shared::webhooks::{self, CollaboratorSubmittedData, EventData};
    let result = async {
        let Some(now) = context
            .store
            .get::<storyhive_shared::contributors::records::MembershipRecord>(&membership.key())
            .await?
            .and_then(|m| m.submitted_at)
        else {
            return Ok(false);
        };
        let fact = format!("{}#{}#{takes}", membership.campaign_id, membership.contributor_id);
        let data = EventData::CollaboratorSubmitted(CollaboratorSubmittedData {
            campaign_id: membership.campaign_id.clone(),
            collaborator_id: membership.contributor_id.clone(),
            submitted_at: now,
        });
        webhooks::emit(&context.store, &context.webhooks, &membership.tenant_id, &fact, data).await
    }
    .await;
    if let Err(error) = result {
        tracing::warn!(?error, "could not record the webhook event of a submission");
    }
}
