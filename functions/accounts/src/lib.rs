//! Accounts route group: sign-up, e-mail verification, sign-in and sign-out,
//! password reset, and the signed-in user's own profile.
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
        .routes(routes!(routes::auth::register))
        .routes(routes!(routes::auth::verify_user))
        .routes(routes!(routes::auth::resend_verification_email))
        .routes(routes!(routes::auth::login))
        .routes(routes!(routes::auth::logout))
        .routes(routes!(routes::auth::forgot_password))
        .routes(routes!(routes::auth::reset_password))
        .routes(routes!(routes::me::get_me, routes::me::delete_me))
        .routes(routes!(routes::me::update_me))
        .routes(routes!(routes::me::skip_tour))
        .routes(routes!(routes::me::country_list))
}

/// The function's router, ready to serve.
pub fn router(context: AppContext) -> Router {
    storyhive_shared::http::finish(api().split_for_parts().0.with_state(context))
}
