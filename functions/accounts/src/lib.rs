//! Accounts route group: sign-up, e-mail verification, sign-in and sign-out,
//! password reset, and the signed-in user's own profile.
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
    routes::auth::register,
    routes::auth::verify_user,
    routes::auth::resend_verification_email,
    routes::auth::login,
    routes::auth::logout,
    routes::auth::forgot_password,
    routes::auth::reset_password,
    routes::me::get_me,
    routes::me::delete_me,
    routes::me::update_me,
    routes::me::change_password,
    routes::me::skip_tour,
    routes::me::country_list,
);

/// The function's router, ready to serve.
pub fn router(context: AppContext) -> Router {
    storyhive_shared::http::finish(routes().with_state(context))
}
