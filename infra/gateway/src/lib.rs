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

/// One HTTP function of `template.yaml`: its logical id, the binary it deploys, and its
/// routes (the crate's `api()` and `router(context)`).
pub struct HttpFunction {
    pub logical_id: &'static str,
    pub binary: &'static str,
    pub api: fn() -> OpenApiRouter<AppContext>,
    pub router: fn(AppContext) -> Router,
}

/// Every HTTP function, in the order their routes are merged (the order of `openapi.json`).
/// `tests/routes.rs` checks that `template.yaml` routes each of these routes to the same
/// function.
pub const HTTP_FUNCTIONS: [HttpFunction; 8] = [
    HttpFunction {
        logical_id: "AccountsFunction",
        binary: "accounts",
        api: storyhive_accounts::api,
        router: storyhive_accounts::router,
    },
    HttpFunction {
        logical_id: "InitiativesFunction",
        binary: "initiatives",
        api: storyhive_initiatives::api,
        router: storyhive_initiatives::router,
    },
    HttpFunction {
        logical_id: "TagsFunction",
        binary: "tags",
        api: storyhive_tags::api,
        router: storyhive_tags::router,
    },
    HttpFunction {
        logical_id: "CampaignsFunction",
        binary: "campaigns",
        api: storyhive_campaigns::api,
        router: storyhive_campaigns::router,
    },
    HttpFunction {
        logical_id: "QuestionsFunction",
        binary: "questions",
        api: storyhive_questions::api,
        router: storyhive_questions::router,
    },
    HttpFunction {
        logical_id: "ContributorsFunction",
        binary: "contributors",
        api: storyhive_contributors::api,
        router: storyhive_contributors::router,
    },
    HttpFunction {
        logical_id: "DashboardFunction",
        binary: "dashboard",
        api: storyhive_dashboard::api,
        router: storyhive_dashboard::router,
    },
    HttpFunction { logical_id: "AiFunction", binary: "ai", api: storyhive_ai::api, router: storyhive_ai::router },
];

/// Every function's routes, as API Gateway routes them in the cloud.
pub fn api() -> OpenApiRouter<AppContext> {
    HTTP_FUNCTIONS
        .iter()
        .fold(OpenApiRouter::with_openapi(ApiDoc::openapi()), |api, function| api.merge((function.api)()))
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

/// The whole local app: each function's router built with that function's own context
/// (`context_of(logical_id)`, from its environment in `template.yaml`), merged under
/// `/api` as API Gateway routes them; `moto_endpoint` feeds the dev mailbox.
pub fn app(
    context_of: impl Fn(&str) -> anyhow::Result<AppContext>,
    web_dir: &Path,
    moto_endpoint: String,
) -> anyhow::Result<Router> {
    let mut api = Router::new();
    for function in &HTTP_FUNCTIONS {
        api = api.merge((function.router)(context_of(function.logical_id)?));
    }
    let api = storyhive_shared::http::finish(
        api.route("/health", get(|| async { Json(serde_json::json!({"status": "ok"})) })),
    );
    let index = web_dir.join("index.html");
    Ok(Router::new()
        .nest("/api", api)
        .route("/openapi.json", get(|| async { ([("content-type", "application/json")], openapi_json()) }))
        .merge(mailbox_page::router(moto_endpoint))
        .fallback_service(ServeDir::new(web_dir).fallback(ServeFile::new(index))))
}
