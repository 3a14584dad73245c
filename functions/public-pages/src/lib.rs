//! Public pages of published stories, open to anyone without sign-in: the share page
//! (`/v/{slug}`), the player for iframes (`/embed/{slug}`), walls (`/wall/{wallId}`),
//! their JSON (`/public/...`), oEmbed, and the beacons that count views and plays. Each
//! answer is a small read (one GetItem for a story; a wall, one Query or BatchGet) that
//! CloudFront keeps; only published fields leave (`publishing::public`).

mod routes;
pub mod service;

use axum::{routing::get, Router};
use storyhive_shared::AppContext;

pub use service::{bots, PublicLimits};

storyhive_shared::function_routes!(routes::public_story, routes::public_wall, routes::oembed, routes::beacon,);

/// The JSON routes (in `openapi.json`) and the HTML pages (outside `/api`).
pub fn router(context: AppContext) -> Router {
    let html = Router::new()
        .route("/v/{slug}", get(routes::share_page))
        .route("/embed/{slug}", get(routes::embed_page))
        .route("/wall/{wall_id}", get(routes::wall_page));
    storyhive_shared::http::finish(routes().merge(html).with_state(context))
}
