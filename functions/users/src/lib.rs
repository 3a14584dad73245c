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
use utoipa_axum::{router::OpenApiRouter, routes};

pub use dto::*;

/// The routes and their OpenAPI description, from the same declarations.
pub fn api() -> OpenApiRouter<AppContext> {
    OpenApiRouter::new()
        .routes(routes!(routes::all_users))
        .routes(routes!(routes::invite_user))
        .routes(routes!(routes::update_user))
        .routes(routes!(routes::delete_user))
        .routes(routes!(routes::check_invitation))
        .routes(routes!(routes::accept_invitation))
}

/// The function's router, ready to serve.
pub fn router(context: AppContext) -> Router {
    storyhive_shared::http::finish(api().split_for_parts().0.with_state(context))
}
