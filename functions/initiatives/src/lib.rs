//! Initiatives route group. An initiative groups campaigns; deleting one removes all
//! its campaigns and their videos (through the cascade worker).

mod dto;
mod routes;

use axum::Router;
use storyhive_shared::AppContext;

pub use dto::*;

// The routes and their OpenAPI description, from the same declarations: `api()` with the
// document (the gateway, openapi.json), `routes()` without (the function's router).
storyhive_shared::function_routes!(
    routes::list_initiatives,
    routes::add_initiative,
    routes::update_initiative,
    routes::delete_initiative,
);

pub fn router(context: AppContext) -> Router {
    storyhive_shared::http::finish(routes().with_state(context))
}
