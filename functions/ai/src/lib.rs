//! AI writing help (`/openai`): questions for a campaign, a brief or script as paragraphs,
//! and a contributor's script. The model sits behind [`provider::LanguageModel`]; with no
//! provider configured every call answers 503 and `GET /openai/status` says so, so the web
//! app disables its AI controls. Calls are counted against the organisation's daily quota
//! (given back when the model fails) and, on the contributors' open call, per invitation key.

mod dto;
mod routes;
pub mod service;

// `main.rs` and the tests read the key through `secrets`.
pub use dto::*;
pub use service::{prompts, provider, secrets};

use axum::{Extension, Router};
use storyhive_shared::AppContext;

pub use provider::Provider;

// The routes and their OpenAPI description, from the same declarations: `api()` with the
// document (the gateway, openapi.json), `routes()` without (the function's router).
storyhive_shared::function_routes!(
    routes::status,
    routes::generate_questions,
    routes::regenerate_question,
    routes::generate_paragraphs,
    routes::generate_script,
    routes::draft_story,
);

/// The function's router; the model is built once from the context's `AI_*` settings.
pub fn router(context: AppContext) -> Router {
    let provider = Provider::from_config(&context.config.ai);
    if let Provider::Unconfigured(reason) = &provider {
        tracing::info!(reason = %reason, "AI writing help is off");
    }
    with_provider(context, provider)
}

/// The router with a given model (tests, the local gateway's fake).
pub fn with_provider(context: AppContext, provider: Provider) -> Router {
    storyhive_shared::http::finish(routes().with_state(context).layer(Extension(provider)))
}
