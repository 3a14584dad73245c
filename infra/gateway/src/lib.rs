//! The local gateway (never deployed): every function's router merged into one HTTP
//! server under `/api`, the built SPA with history fallback, `/openapi.json`, the SQS
//! workers run by polling, and a dev-only mailbox of what SES was asked to send.

pub mod mailbox_page;
pub mod seed;

use std::path::Path;

use axum::{routing::get, Json, Router};
use storyhive_shared::{openapi::ApiDoc, AppContext};
use tower_http::services::{ServeDir, ServeFile};
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;

/// Every function's routes, as API Gateway routes them in the cloud.
pub fn api() -> OpenApiRouter<AppContext> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .merge(storyhive_accounts::api())
        .merge(storyhive_initiatives::api())
        .merge(storyhive_tags::api())
        .merge(storyhive_campaigns::api())
        .merge(storyhive_questions::api())
        .merge(storyhive_contributors::api())
        .merge(storyhive_dashboard::api())
}

/// The OpenAPI document of the whole API (committed as `openapi.json`).
pub fn openapi() -> utoipa::openapi::OpenApi {
    api().split_for_parts().1
}

pub fn openapi_json() -> String {
    let document = serde_json::to_value(openapi()).expect("OpenAPI document serialises");
    let document = storyhive_shared::openapi::finish_document(document);
    let mut text = serde_json::to_string_pretty(&document).expect("OpenAPI document serialises");
    text.push('\n');
    text
}

/// The whole local app. `moto_endpoint` feeds the dev mailbox.
pub fn app(context: AppContext, web_dir: &Path, moto_endpoint: String) -> Router {
    let (api, _) = api().split_for_parts();
    let api = storyhive_shared::http::finish(
        api.route("/health", get(|| async { Json(serde_json::json!({"status": "ok"})) })).with_state(context),
    );
    let index = web_dir.join("index.html");
    Router::new()
        .nest("/api", api)
        .route("/openapi.json", get(|| async { ([("content-type", "application/json")], openapi_json()) }))
        .merge(mailbox_page::router(moto_endpoint))
        .fallback_service(ServeDir::new(web_dir).fallback(ServeFile::new(index)))
}
