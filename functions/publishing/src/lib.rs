//! Publishing route group (staff): publish approved answers and generated videos to public
//! pages, embeds and walls; unpublish; read their figures; record consent withdrawals
//! received by other means. The public side is `functions/public-pages`.

mod dto;
mod routes;
pub mod service;

use axum::Router;
use storyhive_shared::AppContext;

pub use dto::*;

storyhive_shared::function_routes!(
    routes::publish,
    routes::list_publications,
    routes::publication_stats,
    routes::get_publication,
    routes::unpublish,
    routes::create_wall,
    routes::list_walls,
    routes::get_wall,
    routes::update_wall,
    routes::delete_wall,
    routes::record_withdrawal,
    routes::get_consent,
);

pub fn router(context: AppContext) -> Router {
    storyhive_shared::http::finish(routes().with_state(context))
}
