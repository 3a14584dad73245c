//! The organisation's brand theme (issue 23): the colours, font, logo corner and caption
//! style its stories are rendered in. Any staff member reads it (the story editor shows
//! it); admins change it.

use axum::extract::State;
use storyhive_shared::{
    auth::Principal,
    error::ErrorBody,
    http::Json,
    model,
    permissions::Permission,
    stories::theme::{self, BrandTheme, ThemeUpdate},
    ApiError, ApiResult, AppContext,
};

const TAG: &str = "organisation";

/// The organisation's brand theme; the default theme until an admin saves one.
#[utoipa::path(get, path = "/organisation/theme", tag = TAG, security(("staffToken" = ["UseStaffApp"])),
    responses(
        (status = 200, body = BrandTheme),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
    ))]
pub async fn get_theme(State(context): State<AppContext>, principal: Principal) -> ApiResult<Json<BrandTheme>> {
    principal.require(Permission::UseStaffApp)?;
    Ok(Json(theme::of_organisation(&context.store, &principal.tenant_id).await?))
}

/// Replace the brand theme (every field). Colours are `#rrggbb`; an invalid or missing
/// field changes nothing.
#[utoipa::path(put, path = "/organisation/theme", tag = TAG, security(("staffToken" = ["ManageBrand"])), request_body = ThemeUpdate,
    responses(
        (status = 200, body = BrandTheme),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, description = "Not an admin", body = ErrorBody),
    ))]
pub async fn update_theme(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<ThemeUpdate>,
) -> ApiResult<Json<BrandTheme>> {
    principal.require(Permission::ManageBrand)?;
    let theme = body.validated().map_err(ApiError::Validation)?;
    let at = model::timestamp(model::now());
    theme::save(&context.store, &principal.tenant_id, &theme, &principal.user_id, at).await?;
    Ok(Json(theme))
}
