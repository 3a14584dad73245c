//! Staff users route group (spec sections 3, 4, 6, 7): the organisation's users,
//! inviting staff by e-mail, changing a role, suspending and resuming, deleting; and the
//! open calls behind the invitation link.
//!
//! `main.rs` wires this router into Lambda; the local gateway merges it with the others.

mod dto;
mod routes;
pub mod service;

use axum::Router;
use storyhive_shared::AppContext;

pub use dto::*;

// The routes and their OpenAPI description, from the same declarations: `api()` with the
// document (the gateway, openapi.json), `routes()` without (the function's router).
storyhive_shared::function_routes!(
    routes::all_users,
    routes::invite_user,
    routes::update_user,
    routes::delete_user,
    routes::check_invitation,
    routes::accept_invitation,
);

/// The function's router, ready to serve.
pub fn router(context: AppContext) -> Router {
    storyhive_shared::http::finish(routes().with_state(context))
}
