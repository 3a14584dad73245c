//! Organisation set-up route group (spec: `/user-setup`, `/company-setup`, departments):
//! the company's details, its departments, and the files an organisation keeps (logo,
//! terms and conditions, its default encouragement video) and each staff member's own
//! (avatar, encouragement video). Files go from the browser straight to S3 through
//! presigned URLs; the server then checks them (size, and really an image, a PDF or a
//! video) before they replace what was there.
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
use routes::{api_keys, company, departments, files, theme};

storyhive_shared::function_routes!(
    company::get_company,
    company::update_company,
    company::complete_setup,
    files::company_upload_url,
    files::company_upload_complete,
    files::delete_company_file,
    files::own_upload_url,
    files::own_upload_complete,
    files::delete_own_file,
    departments::all_departments,
    departments::add_department,
    departments::delete_department,
    api_keys::list_api_keys,
    api_keys::create_api_key,
    api_keys::revoke_api_key,
    theme::get_theme,
    theme::update_theme,
);

/// The function's router, ready to serve.
pub fn router(context: AppContext) -> Router {
    storyhive_shared::http::finish(routes().with_state(context))
}
