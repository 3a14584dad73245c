//! Request and response bodies of the webhooks routes.

use serde::{Deserialize, Serialize};
use storyhive_shared::webhooks::{AttemptRecord, EndpointKind, EndpointRecord, EventType};
use utoipa::ToSchema;

/// An endpoint as the staff app shows it (its secret is never shown again after creation
/// or rotation: only its start).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Endpoint {
    pub id: String,
    pub url: String,
    pub kind: EndpointKind,
    pub description: String,
    pub events: Vec<EventType>,
    pub enabled: bool,
    /// Why the worker disabled it ("Disabled: every delivery failed for 5 days …").
    pub disabled_reason: Option<String>,
    /// The secret's first characters, to tell secrets apart.
    pub secret_hint: String,
    /// When the previous secret stops signing, during a rotation's overlap.
    pub previous_secret_until: Option<String>,
    /// Since when every delivery failed (none: the last one succeeded, or none failed).
    pub failing_since: Option<String>,
    pub last_success_at: Option<String>,
    pub created_at: String,
}

fn rfc3339(unix: i64) -> Option<String> {
    time::OffsetDateTime::from_unix_timestamp(unix).ok().map(storyhive_shared::model::timestamp)
}

impl From<&EndpointRecord> for Endpoint {
    fn from(record: &EndpointRecord) -> Self {
        Self {
            id: record.endpoint_id.clone(),
            url: record.url.clone(),
            kind: record.kind,
            description: record.description.clone(),
            events: record.events.clone(),
            enabled: record.enabled,
            disabled_reason: record.disabled_reason.clone(),
            secret_hint: format!("{}…", record.secret.chars().take(10).collect::<String>()),
            previous_secret_until: record.previous_secret.as_ref().and_then(|p| rfc3339(p.until)),
            failing_since: record.failing_since.and_then(rfc3339),
            last_success_at: record.last_success_at.clone(),
            created_at: record.created_at.clone(),
        }
    }
}

/// The organisation's endpoints, and the events they may subscribe to.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EndpointList {
    pub endpoints: Vec<Endpoint>,
    pub event_types: Vec<EventType>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct CreateEndpoint {
    /// `https://…`; for a Slack endpoint its incoming webhook's address.
    pub url: String,
    /// `standard` (signed JSON events) or `slack` (messages for a Slack incoming webhook).
    pub kind: String,
    pub description: String,
    /// Event types, e.g. `answer.stored` (at least one).
    pub events: Vec<String>,
}

/// A change to an endpoint: what is given changes, the rest stays.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct UpdateEndpoint {
    pub url: Option<String>,
    pub description: Option<String>,
    pub events: Option<Vec<String>>,
    /// Enabling again clears the reason it was disabled and its failure streak.
    pub enabled: Option<bool>,
}

/// An endpoint with its signing secret, shown this once.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EndpointWithSecret {
    pub endpoint: Endpoint,
    /// `whsec_…`: verify the `webhook-signature` header with it. Shown only now.
    pub secret: String,
}

/// A test event was queued.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TestSent {
    pub event_id: String,
}

/// One attempt of the endpoint's delivery log.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Delivery {
    pub id: String,
    pub event_id: String,
    pub event_type: EventType,
    pub at: String,
    pub attempt: u32,
    /// Redelivered by hand.
    pub manual: bool,
    pub ok: bool,
    pub status_code: Option<u16>,
    pub duration_ms: u64,
    pub error: Option<String>,
    pub next_attempt_at: Option<String>,
}

impl From<AttemptRecord> for Delivery {
    fn from(record: AttemptRecord) -> Self {
        Self {
            id: record.attempt_id,
            event_id: record.event_id,
            event_type: record.event_type,
            at: record.at,
            attempt: record.attempt,
            manual: record.manual,
            ok: record.ok,
            status_code: record.status_code,
            duration_ms: record.duration_ms,
            error: record.error,
            next_attempt_at: record.next_attempt_at,
        }
    }
}

/// A page of the delivery log, newest first.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryPage {
    pub items: Vec<Delivery>,
    pub next_cursor: Option<String>,
}
