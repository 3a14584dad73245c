//! The id of the request being handled, for logs and every error body. Set by the HTTP
//! layer around each request; read wherever an answer is made (errors included).

use std::future::Future;

tokio::task_local! {
    static REQUEST_ID: String;
}

/// The id of the request being handled (empty outside a request).
pub fn current_request_id() -> String {
    REQUEST_ID.try_with(Clone::clone).unwrap_or_default()
}

/// Runs `work` as the request `id`.
pub async fn scope<F: Future>(id: String, work: F) -> F::Output {
    REQUEST_ID.scope(id, work).await
}
