//! Organisation set-up route group (spec: `/user-setup`, `/company-setup`, departments):
//! the company's details, its departments, and the files an organisation keeps (logo,
//! terms and conditions, its default encouragement video) and each staff member's own
//! (avatar, encouragement video). Files go from the browser straight to S3 through
//! presigned URLs; the server then checks them (size, and really an image, a PDF or a
//! video) before they replace what was there.
//!
//! `main.rs` wires this router into Lambda; the local gateway merges it with the others.

pub mod checks;
mod company;
mod departments;
mod dto;
mod files;

use axum::Router;
use storyhive_shared::AppContext;
use utoipa_axum::{router::OpenApiRouter, routes};

pub use dto::*;

/// The routes and their OpenAPI description, from the same declarations.
pub fn api() -> OpenApiRouter<AppContext> {
    OpenApiRouter::new()
        .routes(routes!(company::get_company, company::update_company))
        .routes(routes!(company::complete_setup))
        .routes(routes!(files::company_upload_url))
        .routes(routes!(files::company_upload_complete))
        .routes(routes!(files::delete_company_file))
        .routes(routes!(files::own_upload_url))
        .routes(routes!(files::own_upload_complete))
        .routes(routes!(files::delete_own_file))
        .routes(routes!(departments::all_departments))
        .routes(routes!(departments::add_department))
        .routes(routes!(departments::delete_department))
}

/// The function's router, ready to serve.
pub fn router(context: AppContext) -> Router {
    storyhive_shared::http::finish(api().split_for_parts().0.with_state(context))
}
