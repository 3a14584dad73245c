//! AI writing help (`/openai`): questions for a campaign, a brief or script as paragraphs,
//! and a contributor's script. The model sits behind [`provider::LanguageModel`]; with no
//! provider configured every call answers 503 and `GET /openai/status` says so, so the web
//! app disables its AI controls. Calls are counted against the organisation's daily quota
//! (given back when the model fails) and, on the contributors' open call, per invitation key.

pub mod prompts;
pub mod provider;
mod routes;

use axum::{Extension, Router};
use storyhive_shared::AppContext;
use utoipa_axum::{router::OpenApiRouter, routes};

pub use provider::Provider;

pub fn api() -> OpenApiRouter<AppContext> {
    OpenApiRouter::new()
        .routes(routes!(routes::status))
        .routes(routes!(routes::generate_questions))
        .routes(routes!(routes::regenerate_question))
        .routes(routes!(routes::generate_paragraphs))
        .routes(routes!(routes::generate_script))
}

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
    storyhive_shared::http::finish(api().split_for_parts().0.with_state(context).layer(Extension(provider)))
}
