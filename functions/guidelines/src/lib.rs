//! Guidelines route group: the organisation's recording guidelines, titles (headings)
//! holding values, managed by superAdmin and admin (spec sections 6 and 7). Contributors
//! read them as tips on the landing page (functions/contributors).
//!
//! Calls by id and by title: `listbyheading {id}` and `getGuidelinesByTitle {title}` read
//! one title; `delete/{id}` and `deleteguidelinetitle {title}` delete one with its values.

mod dto;
mod routes;

use axum::Router;
use storyhive_shared::AppContext;

pub use dto::*;

// The routes and their OpenAPI description, from the same declarations: `api()` with the
// document (the gateway, openapi.json), `routes()` without (the function's router).
storyhive_shared::function_routes!(
    routes::list,
    routes::add_title,
    routes::add_value,
    routes::update_title,
    routes::update_value,
    routes::delete_by_id,
    routes::delete_by_title,
    routes::delete_value,
    routes::by_heading,
    routes::by_title,
);

pub fn router(context: AppContext) -> Router {
    storyhive_shared::http::finish(routes().with_state(context))
}
