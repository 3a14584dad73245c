//! Video search (`/search`): staff find answers across campaigns by campaign,
//! contributor, initiative, tag, media status, take date and words (said in the answer,
//! in its question or in the contributor's name). The index is written by the places
//! that change what it finds (`storyhive_shared::search`); this function only reads it.

mod dto;
mod routes;
pub mod service;

use axum::Router;
use storyhive_shared::AppContext;

pub use dto::*;
// The bench example and the tests plan and run searches and read the messages.
pub use service::*;

// The routes and their OpenAPI description, from the same declarations: `api()` with the
// document (the gateway, openapi.json), `routes()` without (the function's router).
storyhive_shared::function_routes!(routes::initial_data, routes::search_videos, routes::search_campaign_videos,);

pub fn router(context: AppContext) -> Router {
    storyhive_shared::http::finish(routes().with_state(context))
}
