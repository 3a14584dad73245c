//! Webhooks route group (Settings, Integrations; superAdmin and admin): the organisation's
//! endpoints (https addresses, or Slack incoming webhooks) and the events each receives,
//! their signing secrets (shown once, rotatable), a test event, the delivery log and
//! redelivery by hand. Deliveries are the webhook worker's (`functions/webhook-worker`).

mod dto;
mod routes;
pub mod service;

pub use service::document;

use axum::Router;
use storyhive_shared::AppContext;

pub use dto::*;

storyhive_shared::function_routes!(
    routes::list_endpoints,
    routes::create_endpoint,
    routes::update_endpoint,
    routes::delete_endpoint,
    routes::rotate_secret,
    routes::send_test,
    routes::list_deliveries,
    routes::redeliver,
);

pub fn router(context: AppContext) -> Router {
    storyhive_shared::http::finish(routes().with_state(context))
}
