//! Settings → Integrations: the organisation's API keys (issue 26). Only the super admin
//! and admins manage them, with a staff session: keys never manage keys (the routes are
//! staff only in `scopes::ROUTE_SCOPES`). A key is shown once, in the answer creating it.

use axum::{extract::State, http::StatusCode};
use storyhive_shared::{
    api_keys::{self, ApiKey, CreatedApiKey, NewApiKey},
    auth::Principal,
    clock,
    error::ErrorBody,
    http::{Json, Path},
    permissions::Permission,
    ApiResult, AppContext,
};

const TAG: &str = "integrations";

/// How the list names who created a key: their name, else their address.
fn creator_name(user: &storyhive_shared::model::UserRecord) -> String {
    user.display_name()
}

/// The organisation's API keys, newest first: active, expired and revoked (revoked and
/// expired ones leave the list 30 days after their end). Never the keys themselves.
#[utoipa::path(get, path = "/organisation/api-keys", tag = TAG, security(("staffToken" = ["ManageIntegrations"])),
    responses((status = 200, body = [ApiKey]), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn list_api_keys(State(context): State<AppContext>, principal: Principal) -> ApiResult<Json<Vec<ApiKey>>> {
    principal.require(Permission::ManageIntegrations)?;
    let now = clock::now();
    let records = api_keys::list(&context.store, &principal.tenant_id).await?;
    Ok(Json(records.iter().map(|r| ApiKey::of(r, now)).collect()))
}

/// Creates an API key with a name, scopes and an optional expiry. The answer holds the
/// key: it is not stored (only its SHA-256) and cannot be shown again.
#[utoipa::path(post, path = "/organisation/api-keys", tag = TAG, security(("staffToken" = ["ManageIntegrations"])),
    request_body = NewApiKey,
    responses(
        (status = 201, body = CreatedApiKey),
        (status = 400, description = "A name of 1 to 100 characters, known scopes, an expiry within two years", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 409, description = "The organisation holds 50 keys", body = ErrorBody),
    ))]
pub async fn create_api_key(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<NewApiKey>,
) -> ApiResult<(StatusCode, Json<CreatedApiKey>)> {
    principal.require(Permission::ManageIntegrations)?;
    let by = creator_name(&principal.user);
    let created =
        api_keys::create(&context.store, &principal.tenant_id, (&principal.user_id, &by), &body, clock::now()).await?;
    Ok((StatusCode::CREATED, Json(created)))
}

/// Revokes an API key at once: its next call gets 401. Revoking a revoked key answers
/// it as it is.
#[utoipa::path(delete, path = "/organisation/api-keys/{id}", tag = TAG, security(("staffToken" = ["ManageIntegrations"])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = ApiKey),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "No such key in this organisation", body = ErrorBody),
    ))]
pub async fn revoke_api_key(
    State(context): State<AppContext>,
    principal: Principal,
    Path(id): Path<String>,
) -> ApiResult<Json<ApiKey>> {
    principal.require(Permission::ManageIntegrations)?;
    Ok(Json(api_keys::revoke(&context.store, &principal.tenant_id, &id, clock::now()).await?))
}
