//! Questions route group. Questions are listed by sequence; adding, moving and
//! deleting keep the sequences dense (1..N) and unique, in one transaction whose
//! conditions make a concurrent reorder fail instead of interleaving.

mod dto;
mod routes;

use axum::Router;
use storyhive_shared::AppContext;

pub use dto::*;

// The routes and their OpenAPI description, from the same declarations: `api()` with the
// document (the gateway, openapi.json), `routes()` without (the function's router).
storyhive_shared::function_routes!(
    routes::list_questions,
    routes::add_question,
    routes::update_question,
    routes::delete_question,
);

pub fn router(context: AppContext) -> Router {
    storyhive_shared::http::finish(routes().with_state(context))
}
