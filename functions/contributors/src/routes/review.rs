//! Staff review of an answer's current take: "new" (waiting for review, counted in the
//! dashboard's pending responses) or "approved". Sending a take back for re-recording is
//! `/contributor-journey/re-record`; a sent-back take is reviewed again once its new
//! take arrives (which is "new").

use axum::extract::State;
use serde::{Deserialize, Serialize};
use storyhive_shared::{
    answers::{self, ReviewStatus},
    auth::Principal,
    campaigns::repo::CampaignParts,
    contributors::rules,
    error::ErrorBody,
    http::{Json, Message},
    ids::Id,
    permissions::Permission,
    search::AnswerRef,
    ApiError, ApiResult, AppContext,
};
use utoipa::ToSchema;

use super::media::NO_VIDEO;

const TAG: &str = "contributors";

pub const SENT_BACK: &str =
    "This answer was sent back for re-recording: it can be reviewed again once the new video arrives.";

/// The review states staff set here.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum AnswerReview {
    #[default]
    New,
    Approved,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct AnswerReviewUpdate {
    pub campaign_id: Id,
    pub contributor_id: Id,
    /// The answer: its campaign question id.
    pub journey_id: Id,
    pub status: AnswerReview,
}

/// Marks an answer's current take approved, or back to new (waiting for review). The
/// dashboard's pending count changes in the same transaction.
#[utoipa::path(put, path = "/campaign/answer-review", tag = TAG, security(("staffToken" = ["UseStaffApp"])),
    request_body = AnswerReviewUpdate,
    responses(
        (status = 200, body = Message),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "No such campaign, collaborator or answer video", body = ErrorBody),
        (status = 409, description = "The answer was sent back, or changed meanwhile", body = ErrorBody),
    ))]
pub async fn review_answer(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<AnswerReviewUpdate>,
) -> ApiResult<Json<Message>> {
    principal.require(Permission::UseStaffApp)?;
    super::require_ids(&[
        ("campaignId", &body.campaign_id),
        ("contributorId", &body.contributor_id),
        ("journeyId", &body.journey_id),
    ])?;
    let tenant_id = &principal.tenant_id;
    CampaignParts::require_visible(&context.store, tenant_id, &body.campaign_id).await?;
    storyhive_shared::contributors::repo::membership(
        &context.store,
        tenant_id,
        &body.campaign_id,
        &body.contributor_id,
    )
    .await?
    .ok_or_else(|| ApiError::NotFound(rules::CONTRIBUTOR_NOT_FOUND.into()))?;
    let answer = AnswerRef::new(tenant_id, &body.campaign_id, &body.contributor_id, &body.journey_id);
    let wanted = match body.status {
        AnswerReview::New => ReviewStatus::New,
        AnswerReview::Approved => ReviewStatus::Approved,
    };
    let done = match body.status {
        AnswerReview::New => "Answer marked as new",
        AnswerReview::Approved => "Answer approved",
    };
    match answers::reviewed(&context.store, &answer, wanted).await? {
        answers::Reviewed::Done => Ok(Message::new(done)),
        answers::Reviewed::NoTake => Err(ApiError::NotFound(NO_VIDEO.into())),
        answers::Reviewed::SentBack => Err(ApiError::Conflict(SENT_BACK.into())),
        answers::Reviewed::ChangedMeanwhile => {
            Err(ApiError::Conflict(storyhive_shared::error::CHANGED_MEANWHILE.into()))
        }
    }
}
