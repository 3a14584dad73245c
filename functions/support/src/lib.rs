//! Support route group: help requests (every staff role) and requests for a professional
//! editor for a campaign's videos (superAdmin, admin, creator). Each is stored under its
//! sender, e-mailed to the support address (`SUPPORT_EMAIL`) with a copy to the sender,
//! and listed back to the sender with its status.
//!
//! An editor request is `requested` until its sender withdraws it (`cancelled`). Support
//! answers by e-mail; there is no back office in the product that changes a status.

mod dto;
mod routes;

use axum::Router;
use storyhive_shared::AppContext;

pub use dto::*;

// The routes and their OpenAPI description, from the same declarations: `api()` with the
// document (the gateway, openapi.json), `routes()` without (the function's router).
storyhive_shared::function_routes!(
    routes::send_help,
    routes::help_requests,
    routes::request_editor,
    routes::editor_requests,
    routes::cancel_editor_request,
);

pub fn router(context: AppContext) -> Router {
    storyhive_shared::http::finish(routes().with_state(context))
}
