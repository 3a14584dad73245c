//! Campaigns route group: the list, creating and editing a campaign (fields, brief,
//! script, tags, participants), publishing, deleting, and the contributor preview.

mod routes;

use axum::Router;
use storyhive_shared::AppContext;
use utoipa::OpenApi;
use utoipa_axum::{router::OpenApiRouter, routes};

/// Schemas only referenced from query parameters, which utoipa-axum does not collect.
#[derive(OpenApi)]
#[openapi(components(schemas(CampaignSort, StatusFilter)))]
struct ParameterSchemas;

pub use routes::dto::*;

pub fn api() -> OpenApiRouter<AppContext> {
    use routes::{edit, list, participants, preview};
    OpenApiRouter::with_openapi(ParameterSchemas::openapi())
        .routes(routes!(list::all_campaigns))
        .routes(routes!(list::user_campaigns))
        .routes(routes!(list::journey_starters))
        .routes(routes!(edit::get_campaign))
        .routes(routes!(edit::add_campaign))
        .routes(routes!(edit::update_campaign))
        .routes(routes!(edit::add_brief))
        .routes(routes!(edit::auto_save_brief))
        .routes(routes!(edit::save_script))
        .routes(routes!(edit::complete))
        .routes(routes!(edit::delete_campaign))
        .routes(routes!(preview::preview))
        .routes(routes!(participants::participant_list))
        .routes(routes!(participants::add_participants))
        .routes(routes!(participants::remove_participant))
}

pub fn router(context: AppContext) -> Router {
    storyhive_shared::http::finish(api().split_for_parts().0.with_state(context))
}
