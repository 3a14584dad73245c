//! Dashboard route group: the figures of spec section 3 ("Dashboard details"), read
//! from the totals the upload worker keeps exact and from the campaign list.

mod dto;
mod routes;

use axum::Router;
use storyhive_shared::AppContext;

pub use dto::*;

// The routes and their OpenAPI description, from the same declarations: `api()` with the
// document (the gateway, openapi.json), `routes()` without (the function's router).
storyhive_shared::function_routes!(routes::details);

pub fn router(context: AppContext) -> Router {
    storyhive_shared::http::finish(routes().with_state(context))
}
