pub mod journey;
pub mod media;
pub mod preview;
pub mod register;
pub mod reminders;
pub mod review;
pub mod staff;
pub mod uploads;
pub mod user_state;

use axum::http::HeaderMap;
use storyhive_shared::{
    auth::{self, Principal},
    contributors::rules,
    permissions::Permission,
    scopes::KeyAccess,
    ApiError, ApiResult, AppContext,
};

/// The staff member behind a `Authorization` header, for calls that switch to staff
/// access with a flag (`adminAccess`, `exceptCollaborator`).
pub async fn staff_from_headers(context: &AppContext, headers: &HeaderMap) -> ApiResult<Principal> {
    let raw = headers
        .get(axum::http::header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .map(|v| v.trim().trim_start_matches("Bearer ").trim_start_matches("bearer ").trim().to_string())
        .ok_or(ApiError::Unauthorized)?;
    // Staff only for API keys (`scopes::ROUTE_SCOPES`): a valid key gets 403.
    let principal = auth::authenticate_caller(&context.store, &raw, KeyAccess::StaffOnly).await?;
    principal.require(Permission::UseStaffApp)?;
    Ok(principal)
}

/// The spec's missing-ids check for contributor calls.
pub fn require_ids(ids: &[(&str, &str)]) -> ApiResult<()> {
    let missing: Vec<&str> =
        ids.iter().filter(|(_, value)| rules::present(value).is_none()).map(|(name, _)| *name).collect();
    match rules::missing(&missing) {
        Some(message) => Err(ApiError::BadRequest(message)),
        None => Ok(()),
    }
}

/// The ids naming one answer (contributor calls about a question).
pub fn require_answer_ids(
    tenant_id: &str,
    campaign_id: &str,
    contributor_id: &str,
    question_id: &str,
) -> ApiResult<()> {
    require_ids(&[
        ("Tenant ID", tenant_id),
        ("Campaign ID", campaign_id),
        ("Contributor Details", contributor_id),
        ("campaignQuestionId", question_id),
    ])
}

/// Staff paths naming ids explicitly answer 'invalid params' when one is missing.
pub fn require_params(values: &[&str]) -> ApiResult<()> {
    if values.iter().all(|v| rules::present(v).is_some()) {
        Ok(())
    } else {
        Err(ApiError::BadRequest(rules::INVALID_PARAMS.into()))
    }
}
