//! The response editor's state, saved automatically: per campaign, collaborator and
//! staff member (each editor keeps their own cut list, selections and place). `{id}`
//! in `GET /user-state/{id}/get` is the collaborator's id; the campaign is a query
//! parameter, as the state belongs to the campaign (spec: "per-collaborator user state").

use axum::extract::State;
use serde::{Deserialize, Serialize};
use storyhive_shared::{
    auth::Principal,
    campaigns::repo::CampaignParts,
    contributors::rules,
    error::ErrorBody,
    http::{Json, Path, Query},
    ids::Id,
    model::{self, Timestamp},
    permissions::Permission,
    storage::keys,
    ApiError, ApiResult, AppContext,
};
use utoipa::{IntoParams, ToSchema};

use super::require_params;

const TAG: &str = "media";
/// Ranges in a cut list or a selection (far more than an editor makes by hand).
pub const MAX_RANGES: usize = 500;
/// No take is longer than a day.
const MAX_SECONDS: f64 = 86_400.0;

/// A stretch of one answer's take, in seconds from its start.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TakeRange {
    /// The answer (its campaign question id).
    pub journey_id: Id,
    pub start: f64,
    pub end: f64,
}

/// Where the editor was.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EditorPosition {
    pub journey_id: Id,
    pub seconds: f64,
}

/// The editor's state for one collaborator.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct EditorState {
    /// The ranges kept, in playing order (the current edit).
    pub cut_list: Vec<TakeRange>,
    /// What is selected in the transcripts.
    pub selections: Vec<TakeRange>,
    pub last_position: Option<EditorPosition>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct UserStateRecord {
    #[serde(rename = "PK")]
    pk: String,
    #[serde(rename = "SK")]
    sk: String,
    entity_type: String,
    tenant_id: String,
    campaign_id: String,
    contributor_id: String,
    user_id: String,
    state: EditorState,
    updated_at: Timestamp,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct UserStateSave {
    pub campaign_id: Id,
    /// The collaborator whose answers are being edited.
    pub contributor_id: Id,
    pub state: EditorState,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserState {
    pub campaign_id: String,
    pub contributor_id: String,
    pub state: EditorState,
    /// Null when nothing was saved yet.
    pub updated_at: Option<Timestamp>,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct UserStateParams {
    /// The campaign the collaborator answered.
    pub campaign_id: Id,
}

pub const NOT_AN_ANSWER: &str = "This is not a question of this campaign";
pub const BAD_RANGE: &str = "A range must start at 0 or later and end after it starts";
pub const TOO_MANY_RANGES: &str = "At most 500 ranges";
pub const BAD_POSITION: &str = "The position must be 0 seconds or later";

async fn editable(
    context: &AppContext,
    principal: &Principal,
    campaign_id: &str,
    contributor_id: &str,
) -> ApiResult<CampaignParts> {
    principal.require(Permission::UseStaffApp)?;
    require_params(&[campaign_id, contributor_id])?;
    let (parts, _) = CampaignParts::require_visible(&context.store, &principal.tenant_id, campaign_id).await?;
    storyhive_shared::contributors::repo::membership(&context.store, &principal.tenant_id, campaign_id, contributor_id)
        .await?
        .ok_or_else(|| ApiError::NotFound(rules::NOT_INVITED.into()))?;
    Ok(parts)
}

fn validate(parts: &CampaignParts, state: &EditorState) -> ApiResult<()> {
    let known = |id: &Id| parts.questions.iter().any(|q| q.question_id == **id);
    for (name, ranges) in [("cutList", &state.cut_list), ("selections", &state.selections)] {
        if ranges.len() > MAX_RANGES {
            return Err(ApiError::field(&format!("state.{name}"), TOO_MANY_RANGES));
        }
        for (index, range) in ranges.iter().enumerate() {
            if !known(&range.journey_id) {
                return Err(ApiError::field(&format!("state.{name}[{index}].journeyId"), NOT_AN_ANSWER));
            }
            let ok = range.start.is_finite()
                && range.end.is_finite()
                && range.start >= 0.0
                && range.end > range.start
                && range.end <= MAX_SECONDS;
            if !ok {
                return Err(ApiError::field(&format!("state.{name}[{index}]"), BAD_RANGE));
            }
        }
    }
    if let Some(position) = &state.last_position {
        if !known(&position.journey_id) {
            return Err(ApiError::field("state.lastPosition.journeyId", NOT_AN_ANSWER));
        }
        if !(position.seconds.is_finite() && (0.0..=MAX_SECONDS).contains(&position.seconds)) {
            return Err(ApiError::field("state.lastPosition.seconds", BAD_POSITION));
        }
    }
    Ok(())
}

/// Saves the caller's editor state for a collaborator of a campaign (the editor saves
/// it automatically; the last save wins).
#[utoipa::path(post, path = "/user-state/save", tag = TAG, security(("staffToken" = ["UseStaffApp"])),
    request_body = UserStateSave,
    responses(
        (status = 200, body = UserState),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "No such campaign or collaborator", body = ErrorBody),
    ))]
pub async fn save_user_state(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<UserStateSave>,
) -> ApiResult<Json<UserState>> {
    let parts = editable(&context, &principal, &body.campaign_id, &body.contributor_id).await?;
    validate(&parts, &body.state)?;
    let key = keys::user_state(&principal.tenant_id, &body.campaign_id, &body.contributor_id, &principal.user_id);
    let at = model::timestamp(model::now());
    context
        .store
        .put(&UserStateRecord {
            pk: key.pk,
            sk: key.sk,
            entity_type: "UserState".into(),
            tenant_id: principal.tenant_id.clone(),
            campaign_id: body.campaign_id.to_string(),
            contributor_id: body.contributor_id.to_string(),
            user_id: principal.user_id.clone(),
            state: body.state.clone(),
            updated_at: at.clone(),
        })
        .await?;
    Ok(Json(UserState {
        campaign_id: body.campaign_id.to_string(),
        contributor_id: body.contributor_id.to_string(),
        state: body.state,
        updated_at: Some(at),
    }))
}

/// The caller's editor state for collaborator `id` in `campaignId` (empty if none was
/// saved yet).
#[utoipa::path(get, path = "/user-state/{id}/get", tag = TAG, security(("staffToken" = ["UseStaffApp"])),
    params(("id" = String, Path, description = "The collaborator's id"), UserStateParams),
    responses(
        (status = 200, body = UserState),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "No such campaign or collaborator", body = ErrorBody),
    ))]
pub async fn get_user_state(
    State(context): State<AppContext>,
    principal: Principal,
    Path(id): Path<String>,
    Query(params): Query<UserStateParams>,
) -> ApiResult<Json<UserState>> {
    editable(&context, &principal, &params.campaign_id, &id).await?;
    let key = keys::user_state(&principal.tenant_id, &params.campaign_id, &id, &principal.user_id);
    let saved = context.store.get::<UserStateRecord>(&key).await?;
    Ok(Json(UserState {
        campaign_id: params.campaign_id.to_string(),
        contributor_id: id,
        updated_at: saved.as_ref().map(|s| s.updated_at.clone()),
        state: saved.map(|s| s.state).unwrap_or_default(),
    }))
}
