//! Staff review of an answer's current take: "new" (waiting for review, counted in the
//! dashboard's pending responses) or "approved". Sending a take back for re-recording is
//! `/contributor-journey/re-record`; a sent-back take is reviewed again once its new
//! take arrives (which is "new").

use axum::extract::State;
use serde::{Deserialize, Serialize};
use storyhive_shared::{
    auth::Principal,
    campaigns::repo::{self, CampaignParts},
    contributors::{
        records::{JourneyRecord, ReviewStatus},
        rules,
        stats::StatsDelta,
    },
    error::ErrorBody,
    http::{Json, Message},
    ids::Id,
    model,
    permissions::Permission,
    search,
    storage::{keys, AttributeValue, StoreError},
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
    repo::membership(&context.store, tenant_id, &body.campaign_id, &body.contributor_id)
        .await?
        .ok_or_else(|| ApiError::NotFound(rules::CONTRIBUTOR_NOT_FOUND.into()))?;
    let key = keys::journey(tenant_id, &body.campaign_id, &body.contributor_id, &body.journey_id);
    let wanted = match body.status {
        AnswerReview::New => ReviewStatus::New,
        AnswerReview::Approved => ReviewStatus::Approved,
    };
    let done = match body.status {
        AnswerReview::New => "Answer marked as new",
        AnswerReview::Approved => "Answer approved",
    };
    for _attempt in 0..3 {
        let journey = context
            .store
            .get::<JourneyRecord>(&key)
            .await?
            .filter(|j| j.s3_video_key.is_some())
            .ok_or_else(|| ApiError::NotFound(NO_VIDEO.into()))?;
        let current = journey.review_status.unwrap_or(ReviewStatus::New);
        if current == ReviewStatus::SentBack || journey.sent_for_re_recording {
            return Err(ApiError::Conflict(SENT_BACK.into()));
        }
        if current == wanted {
            // Also a retry after the index update below failed: the inbox catches up.
            reindex(&context, tenant_id, &body).await?;
            return Ok(Message::new(done));
        }
        let delta = StatsDelta::reviewing(&journey, wanted == ReviewStatus::New);
        let status = serde_json::to_value(wanted).map_err(|e| ApiError::Internal(e.into()))?;
        let mut ops = vec![context.store.update_op(&key, |u| {
            let u = u
                .update_expression("SET reviewStatus = :status, updatedAt = :at")
                .expression_attribute_values(":status", AttributeValue::S(status.as_str().unwrap_or("new").into()))
                .expression_attribute_values(":at", AttributeValue::S(model::timestamp(model::now())))
                .expression_attribute_values(":take", AttributeValue::S(journey.s3_video_key.clone().unwrap_or_default()));
            // The take and review read: a new take (or another review) meanwhile is read again.
            match journey.review_status {
                Some(_) => u
                    .condition_expression("s3VideoKey = :take AND reviewStatus = :was")
                    .expression_attribute_values(":was", AttributeValue::S(match current {
                        ReviewStatus::Approved => "approved".into(),
                        _ => "new".into(),
                    })),
                None => u.condition_expression(
                    "s3VideoKey = :take AND (attribute_not_exists(reviewStatus) OR attribute_type(reviewStatus, :null))",
                )
                .expression_attribute_values(":null", AttributeValue::S("NULL".into())),
            }
        })?];
        if !delta.is_empty() {
            ops.push(delta.op(&context.store, tenant_id)?);
        }
        match context.store.transact(ops).await {
            Ok(()) => {
                reindex(&context, tenant_id, &body).await?;
                return Ok(Message::new(done));
            }
            Err(StoreError::ConditionFailed) => continue,
            Err(other) => return Err(other.into()),
        }
    }
    Err(ApiError::Conflict(storyhive_shared::error::CHANGED_MEANWHILE.into()))
}

/// The responses inbox (the search index) shows the answer's new review state.
async fn reindex(context: &AppContext, tenant_id: &str, body: &AnswerReviewUpdate) -> ApiResult<()> {
    let answer = search::AnswerRef::new(tenant_id, &body.campaign_id, &body.contributor_id, &body.journey_id);
    Ok(search::index_answer(&context.store, &answer).await?)
}
