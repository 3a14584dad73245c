//! The local gateway (never deployed): every function's router merged into one HTTP
//! server under `/api`, the built SPA with history fallback, `/openapi.json`, the SQS
//! workers run by polling, and a dev-only mailbox of what SES was asked to send.

pub mod demo;
pub mod mailbox_page;
pub mod published;
pub mod seed;

use std::path::Path;

use tower::ServiceExt;

use axum::{
    extract::Request,
    http::{header, HeaderValue},
    middleware::Next,
    response::{IntoResponse, Response},
    routing::get,
    Json, Router,
};
use storyhive_shared::{openapi::ApiDoc, AppContext};
use tower_http::{
    compression::CompressionLayer,
    services::{ServeDir, ServeFile},
};
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
pub const HTTP_FUNCTIONS: [HttpFunction; 17] = [
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
    HttpFunction {
        logical_id: "UsersFunction",
        binary: "users",
        api: storyhive_users::api,
        router: storyhive_users::router,
    },
    HttpFunction {
        logical_id: "GuidelinesFunction",
        binary: "guidelines",
        api: storyhive_guidelines::api,
        router: storyhive_guidelines::router,
    },
    HttpFunction {
        logical_id: "SupportFunction",
        binary: "support",
        api: storyhive_support::api,
        router: storyhive_support::router,
    },
    HttpFunction {
        logical_id: "OrganisationFunction",
        binary: "organisation",
        api: storyhive_organisation::api,
        router: storyhive_organisation::router,
    },
    HttpFunction { logical_id: "AiFunction", binary: "ai", api: storyhive_ai::api, router: storyhive_ai::router },
    HttpFunction {
        logical_id: "GeneratedVideosFunction",
        binary: "generated-videos",
        api: storyhive_generated_videos::api,
        router: storyhive_generated_videos::router,
    },
    HttpFunction {
        logical_id: "SearchFunction",
        binary: "search",
        api: storyhive_search::api,
        router: storyhive_search::router,
    },
    HttpFunction {
        logical_id: "PublishingFunction",
        binary: "publishing",
        api: storyhive_publishing::api,
        router: storyhive_publishing::router,
    },
    HttpFunction {
        logical_id: "PublicPagesFunction",
        binary: "public-pages",
        api: storyhive_public_pages::api,
        router: storyhive_public_pages::router,
    },
    HttpFunction {
        logical_id: "WebhooksFunction",
        binary: "webhooks",
        api: storyhive_webhooks::api,
        router: storyhive_webhooks::router,
    },
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
    let mut document = storyhive_shared::openapi::finish_document(document);
    storyhive_webhooks::document::add_webhooks(&mut document);
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
    // Its own fallback, so an unknown `/api` path gets the error schema, not the web app.
    let api = storyhive_shared::http::finish(
        api.route("/health", get(|| async { Json(serde_json::json!({"status": "ok"})) }))
            .fallback(|| async { storyhive_shared::ApiError::NotFound(storyhive_shared::error::NO_SUCH_ROUTE.into()) }),
    );
    // In AWS CloudFront reads the public copies from the media bucket itself.
    let publishing = context_of("PublishingFunction")?;
    let published = published::router(publishing.s3()?.clone(), publishing.config.published_bucket()?.to_string());
    let web = web_app(web_dir);
    // `/api` and everything under it go to the API without the prefix, as CloudFront's
    // ApiPrefixFunction sends them (`/api` and `/api/` both become `/`); axum's `nest`
    // would hand `/api/` to the web app.
    let by_prefix = move |mut request: Request| {
        let (api, web) = (api.clone(), web.clone());
        async move {
            // The public pages are the public-pages function's, at their own paths (CloudFront
            // sends them to the API as they are, without the `/api` prefix).
            if is_public_page(request.uri().path()) {
                return api.oneshot(request).await;
            }
            match without_api_prefix(request.uri()) {
                Some(uri) => {
                    *request.uri_mut() = uri;
                    api.oneshot(request).await
                }
                None => web.oneshot(request).await,
            }
        }
    };
    Ok(Router::new()
        .route("/openapi.json", get(|| async { ([("content-type", "application/json")], openapi_json()) }))
        .merge(mailbox_page::router(moto_endpoint))
        .merge(published)
        .fallback_service(tower::service_fn(by_prefix)))
}

/// The paths of the public pages (share page, embed, wall), as the template's cache
/// behaviours route them to the API.
pub const PUBLIC_PAGE_PREFIXES: [&str; 3] = ["/v/", "/embed/", "/wall/"];

fn is_public_page(path: &str) -> bool {
    PUBLIC_PAGE_PREFIXES.iter().any(|prefix| path.starts_with(prefix))
}

/// The request's URI with `/api` taken off its path (`/` if nothing is left), or `None` for
/// a path outside the API (`/apiary` is outside).
fn without_api_prefix(uri: &axum::http::Uri) -> Option<axum::http::Uri> {
    let rest = uri.path().strip_prefix("/api")?;
    if !(rest.is_empty() || rest.starts_with('/')) {
        return None;
    }
    let path = if rest.is_empty() { "/" } else { rest };
    let path_and_query = match uri.query() {
        Some(query) => format!("{path}?{query}"),
        None => path.to_string(),
    };
    path_and_query.parse().ok()
}

/// The built SPA as CloudFront serves it (`deploy.sh`): compressed (brotli or gzip, as
/// the browser accepts), hashed assets under `/assets/` cached for a year as immutable,
/// everything else (index.html, the history fallback, the service worker `sw.js`)
/// revalidated on every visit so a new build is picked up at once.
pub fn web_app(web_dir: &Path) -> Router {
    let index = ServeFile::new(web_dir.join("index.html"));
    // As CloudFront's SpaRouteFunction: a path whose last segment has no extension is an
    // app route (the app's page); a missing file (`/robots.txt`, `/.well-known/…`, an old
    // asset) is a 404, not the app's page answering 200.
    let missing = tower::service_fn(move |request: Request| {
        let index = index.clone();
        async move {
            let last = request.uri().path().rsplit('/').next().unwrap_or_default();
            if last.contains('.') {
                Ok::<_, std::convert::Infallible>(
                    (
                        axum::http::StatusCode::NOT_FOUND,
                        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
                        "Not found",
                    )
                        .into_response(),
                )
            } else {
                Ok(index
                    .oneshot(request)
                    .await
                    .map(axum::response::IntoResponse::into_response)
                    .unwrap_or_else(|e| match e {}))
            }
        }
    });
    let files = ServeDir::new(web_dir).fallback(missing);
    Router::new()
        .fallback_service(files)
        .layer(axum::middleware::from_fn(cache_control))
        .layer(CompressionLayer::new().br(true).gzip(true))
}

async fn cache_control(request: Request, next: Next) -> Response {
    let under_assets = request.uri().path().starts_with("/assets/");
    let mut response = next.run(request).await;
    // A missing asset falls back to index.html: that answer must not be kept for a year.
    let is_html = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.starts_with("text/html"));
    let immutable = under_assets && response.status().is_success() && !is_html;
    let value = if immutable { "public, max-age=31536000, immutable" } else { "no-cache" };
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(value));
    response
}
