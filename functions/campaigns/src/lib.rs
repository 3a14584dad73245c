//! Campaigns route group: the list, creating and editing a campaign (fields, brief,
//! script, tags, participants), publishing, deleting, and the contributor preview.

mod dto;
mod routes;

use axum::Router;
use storyhive_shared::AppContext;
use utoipa::OpenApi;

/// Schemas only referenced from query parameters, which utoipa-axum does not collect.
#[derive(OpenApi)]
#[openapi(components(schemas(CampaignSort, StatusFilter)))]
struct ParameterSchemas;

pub use dto::*;

use routes::{edit, list, participants, preview};
// The routes and their OpenAPI description, from the same declarations: `api()` with the
// document (the gateway, openapi.json), `routes()` without (the function's router).
storyhive_shared::function_routes!(
    base: ParameterSchemas::openapi();
    list::all_campaigns,
    list::user_campaigns,
    list::journey_starters,
    edit::get_campaign,
    edit::add_campaign,
    edit::update_campaign,
    edit::add_brief,
    edit::auto_save_brief,
    edit::save_script,
    edit::complete,
    edit::delete_campaign,
    edit::campaign_funnel,
    preview::preview,
    participants::participant_list,
    participants::add_participants,
    participants::remove_participant,
);

pub fn router(context: AppContext) -> Router {
    storyhive_shared::http::finish(routes().with_state(context))
}
