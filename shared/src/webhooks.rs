//! Webhooks: what happened in an organisation, told to the addresses it chose.
//!
//! An event is recorded once per fact: its id is a hash of the fact (`answer.stored` of one
//! take, `consent.withdrawn` of one withdrawal), written with a conditional put, so a
//! worker's message delivered twice does not make a second event. The record stands in a
//! sparse index of events not yet handed on ([`keys::webhook_events_pending_gsi2`]) until
//! the webhook worker has made one delivery per subscribed endpoint; the worker's schedule
//! sweeps that index, so an event whose queue message was lost is still delivered.
//! Deliveries are signed as the Standard Webhooks specification says
//! (<https://www.standardwebhooks.com/>): `webhook-id` (the event's id, the same on every
//! attempt), `webhook-timestamp`, `webhook-signature` (`v1,<base64 HMAC-SHA256 of
//! "{id}.{timestamp}.{body}">` with the endpoint's secret; during a rotation's overlap one
//! signature per secret, space-separated).

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use base64::{engine::general_purpose::STANDARD, Engine};
use rand::RngCore;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use time::OffsetDateTime;
use utoipa::ToSchema;

use crate::{
    clock::Timestamp,
    digest::{hmac_sha256, sha256_hex},
    queue::{WebhookJob, WebhookQueue},
    storage::{keys, AttributeValue, Store, StoreError, StoreResult},
};

/// Events, deliveries and log lines are kept this long (then DynamoDB's TTL removes them).
pub const KEEP_DAYS: i64 = 30;
/// An endpoint whose every delivery failed for this long is disabled (its admins told).
pub const DISABLE_AFTER_DAYS: i64 = 5;
/// The waits before each retry (Standard Webhooks' suggested schedule, ending within a
/// day): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 6 h: 8 attempts over 23 h 35 min.
pub const RETRY_SCHEDULE: [i64; 7] = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 6 * 3600];
/// How long the previous secret stays valid after a rotation (both signatures are sent).
pub const ROTATION_OVERLAP_HOURS: i64 = 24;
/// The most endpoints an organisation may have.
pub const MAX_ENDPOINTS: usize = 20;
pub const URL_MAX: usize = 2_000;
pub const DESCRIPTION_MAX: usize = 200;

// ------------------------------------------------------------------ events

/// The kinds of events, by their wire names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
pub enum EventType {
    /// A collaborator's take was stored against their answer.
    #[serde(rename = "answer.stored")]
    AnswerStored,
    /// The answer's video is playable and its transcript done (or failed).
    #[serde(rename = "answer.ready")]
    AnswerReady,
    /// A collaborator submitted their answers to a campaign.
    #[serde(rename = "collaborator.submitted")]
    CollaboratorSubmitted,
    /// A generated video was rendered.
    #[serde(rename = "video.rendered")]
    VideoRendered,
    /// A video (an answer or a generated video) was published.
    #[serde(rename = "video.published")]
    VideoPublished,
    /// A published video was taken down.
    #[serde(rename = "video.unpublished")]
    VideoUnpublished,
    /// A collaborator withdrew their consent.
    #[serde(rename = "consent.withdrawn")]
    ConsentWithdrawn,
    /// Sent by hand from the staff app to try an endpoint (not subscribable).
    #[serde(rename = "webhook.test")]
    Test,
}

impl EventType {
    /// The events an endpoint may subscribe to.
    pub const SUBSCRIBABLE: [EventType; 7] = [
        EventType::AnswerStored,
        EventType::AnswerReady,
        EventType::CollaboratorSubmitted,
        EventType::VideoRendered,
        EventType::VideoPublished,
        EventType::VideoUnpublished,
        EventType::ConsentWithdrawn,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Self::AnswerStored => "answer.stored",
            Self::AnswerReady => "answer.ready",
            Self::CollaboratorSubmitted => "collaborator.submitted",
            Self::VideoRendered => "video.rendered",
            Self::VideoPublished => "video.published",
            Self::VideoUnpublished => "video.unpublished",
            Self::ConsentWithdrawn => "consent.withdrawn",
            Self::Test => "webhook.test",
        }
    }

    /// What happened, in a sentence's words (Slack messages).
    pub fn headline(self) -> &'static str {
        match self {
            Self::AnswerStored => "A new answer was recorded",
            Self::AnswerReady => "An answer is ready to review",
            Self::CollaboratorSubmitted => "A collaborator submitted their answers",
            Self::VideoRendered => "A generated video was rendered",
            Self::VideoPublished => "A video was published",
            Self::VideoUnpublished => "A video was unpublished",
            Self::ConsentWithdrawn => "A collaborator withdrew their consent",
            Self::Test => "Test event from Storyhive",
        }
    }
}

/// `answer.stored`: a take was stored against a collaborator's answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AnswerStoredData {
    pub campaign_id: String,
    pub collaborator_id: String,
    pub question_id: String,
    /// When the collaborator recorded the take.
    pub taken_at: Timestamp,
    pub duration_seconds: f64,
}

/// `answer.ready`: the answer's video is converted and its transcript finished.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AnswerReadyData {
    pub campaign_id: String,
    pub collaborator_id: String,
    pub question_id: String,
    /// `ready` (the words are searchable) or `failed` (the video plays without them).
    pub transcript: String,
}

/// `collaborator.submitted`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CollaboratorSubmittedData {
    pub campaign_id: String,
    pub collaborator_id: String,
    pub submitted_at: Timestamp,
}

/// `video.rendered`: a generated video.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VideoRenderedData {
    pub campaign_id: String,
    pub video_id: String,
    pub title: String,
}

/// `video.published` and `video.unpublished`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VideoPublicationData {
    /// The public page's slug (its address is `shareUrl`).
    pub slug: String,
    /// `answer` or `generatedVideo`.
    pub kind: String,
    pub campaign_id: String,
    pub title: String,
    pub share_url: String,
}

/// `consent.withdrawn`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConsentWithdrawnData {
    pub collaborator_id: String,
    pub withdrawn_at: Timestamp,
}

/// `webhook.test`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TestData {
    pub endpoint_id: String,
    pub message: String,
}

/// An event's type and data, as its payload carries them (`type`, `data`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", content = "data")]
pub enum EventData {
    #[serde(rename = "answer.stored")]
    AnswerStored(AnswerStoredData),
    #[serde(rename = "answer.ready")]
    AnswerReady(AnswerReadyData),
    #[serde(rename = "collaborator.submitted")]
    CollaboratorSubmitted(CollaboratorSubmittedData),
    #[serde(rename = "video.rendered")]
    VideoRendered(VideoRenderedData),
    #[serde(rename = "video.published")]
    VideoPublished(VideoPublicationData),
    #[serde(rename = "video.unpublished")]
    VideoUnpublished(VideoPublicationData),
    #[serde(rename = "consent.withdrawn")]
    ConsentWithdrawn(ConsentWithdrawnData),
    #[serde(rename = "webhook.test")]
    Test(TestData),
}

impl EventData {
    pub fn event_type(&self) -> EventType {
        match self {
            Self::AnswerStored(_) => EventType::AnswerStored,
            Self::AnswerReady(_) => EventType::AnswerReady,
            Self::CollaboratorSubmitted(_) => EventType::CollaboratorSubmitted,
            Self::VideoRendered(_) => EventType::VideoRendered,
            Self::VideoPublished(_) => EventType::VideoPublished,
            Self::VideoUnpublished(_) => EventType::VideoUnpublished,
            Self::ConsentWithdrawn(_) => EventType::ConsentWithdrawn,
            Self::Test(_) => EventType::Test,
        }
    }

    /// Where in the staff app to look at what happened (a path of the web app).
    pub fn app_path(&self) -> String {
        match self {
            Self::AnswerStored(AnswerStoredData { campaign_id, collaborator_id, question_id, .. })
            | Self::AnswerReady(AnswerReadyData { campaign_id, collaborator_id, question_id, .. }) => {
                format!("/campaign/{campaign_id}/response-editor/{collaborator_id}?answer={question_id}")
            }
            Self::CollaboratorSubmitted(CollaboratorSubmittedData { campaign_id, collaborator_id, .. }) => {
                format!("/campaign/{campaign_id}/response-editor/{collaborator_id}")
            }
            Self::VideoRendered(VideoRenderedData { campaign_id, .. }) => {
                format!("/responses?campaignId={campaign_id}")
            }
            Self::VideoPublished(_) | Self::VideoUnpublished(_) | Self::ConsentWithdrawn(_) => "/publications".into(),
            Self::Test(_) => "/settings/integrations".into(),
        }
    }

    /// A line of detail for a chat message.
    pub fn detail(&self) -> String {
        match self {
            Self::AnswerStored(d) => {
                format!("Campaign {}, collaborator {}, {:.0} s", d.campaign_id, d.collaborator_id, d.duration_seconds)
            }
            Self::AnswerReady(d) => {
                format!("Campaign {}, collaborator {}, transcript {}", d.campaign_id, d.collaborator_id, d.transcript)
            }
            Self::CollaboratorSubmitted(d) => format!("Campaign {}, collaborator {}", d.campaign_id, d.collaborator_id),
            Self::VideoRendered(d) => format!("\"{}\" (campaign {})", d.title, d.campaign_id),
            Self::VideoPublished(d) | Self::VideoUnpublished(d) => format!("\"{}\": {}", d.title, d.share_url),
            Self::ConsentWithdrawn(d) => {
                format!("Collaborator {}; their published videos are taken down", d.collaborator_id)
            }
            Self::Test(d) => d.message.clone(),
        }
    }
}

/// The id of the event of a fact: the same fact, the same id (`msg_` and 32 hex digits).
pub fn event_id(tenant_id: &str, event_type: EventType, fact: &str) -> String {
    let hash = sha256_hex(&format!("{tenant_id}\n{}\n{fact}", event_type.name()));
    format!("msg_{}", &hash[..32])
}

/// An event, as recorded (the body every attempt sends is made from it once).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EventRecord {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    pub entity_type: String,
    pub tenant_id: String,
    pub event_id: String,
    #[serde(flatten)]
    pub data: EventData,
    pub created_at: Timestamp,
    /// When set, the only endpoint it goes to (a test sent by hand).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub only_endpoint: Option<String>,
    /// Sparse index of the events not yet handed to their endpoints.
    #[serde(rename = "GSI2PK", default, skip_serializing_if = "Option::is_none")]
    pub gsi2pk: Option<String>,
    #[serde(rename = "GSI2SK", default, skip_serializing_if = "Option::is_none")]
    pub gsi2sk: Option<String>,
    pub ttl: i64,
}

impl EventRecord {
    pub const ENTITY: &'static str = "WebhookEvent";

    /// The event of `fact` (see [`event_id`]) happening `at`, pending its fan-out.
    pub fn new(tenant_id: &str, fact: &str, data: EventData, at: OffsetDateTime) -> Self {
        let event_id = event_id(tenant_id, data.event_type(), fact);
        let key = keys::webhook_event(tenant_id, &event_id);
        let created_at = crate::clock::timestamp(at);
        Self {
            pk: key.pk,
            sk: key.sk,
            entity_type: Self::ENTITY.into(),
            tenant_id: tenant_id.into(),
            gsi2pk: Some(keys::webhook_events_pending_gsi2()),
            gsi2sk: Some(format!("{created_at}#{tenant_id}#{event_id}")),
            event_id,
            data,
            created_at,
            only_endpoint: None,
            ttl: at.unix_timestamp() + KEEP_DAYS * 86_400,
        }
    }

    /// The payload every attempt sends, with a link into the staff app at `app_base_url`.
    pub fn payload(&self, app_base_url: &str) -> Value {
        let mut payload = serde_json::to_value(&self.data).expect("event data is JSON");
        payload["timestamp"] = json!(self.created_at);
        payload["data"]["link"] = json!(format!("{app_base_url}{}", self.data.app_path()));
        payload
    }
}

/// Records the event of `fact` once and hands it to the webhook worker. A fact already
/// recorded (a worker's message delivered again) changes nothing. A failure to queue is
/// logged, not returned: the event is recorded as pending, and the worker's sweep hands it
/// on. Returns whether this call recorded it.
pub async fn emit(
    store: &Store,
    queue: &WebhookQueue,
    tenant_id: &str,
    fact: &str,
    data: EventData,
) -> StoreResult<bool> {
    let record = EventRecord::new(tenant_id, fact, data, crate::clock::now());
    match store.put_if(&record, "attribute_not_exists(PK)", &[]).await {
        Ok(()) => {
            announce(queue, tenant_id, &record.event_id).await;
            Ok(true)
        }
        Err(StoreError::ConditionFailed) => Ok(false),
        Err(other) => Err(other),
    }
}

/// Sends an event recorded as pending to the worker (an error is logged: the sweep
/// sends it again).
pub async fn announce(queue: &WebhookQueue, tenant_id: &str, event_id: &str) {
    let job = WebhookJob::FanOut { tenant_id: tenant_id.into(), event_id: event_id.into() };
    if let Err(error) = queue.send(&job).await {
        tracing::warn!(?error, %event_id, "could not queue a webhook event; the sweep will hand it on");
    }
}

// ------------------------------------------------------------------ endpoints

/// How a delivery is formatted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum EndpointKind {
    /// The event's JSON payload, signed (Standard Webhooks).
    #[default]
    Standard,
    /// A message for a Slack incoming webhook (`text` and blocks), signed too.
    Slack,
}

/// A signing secret and, during a rotation's overlap, the one it replaced.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PreviousSecret {
    pub secret: String,
    /// Unix seconds after which it no longer signs.
    pub until: i64,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EndpointRecord {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    pub entity_type: String,
    pub tenant_id: String,
    pub endpoint_id: String,
    pub url: String,
    pub kind: EndpointKind,
    #[serde(default)]
    pub description: String,
    pub events: Vec<EventType>,
    pub enabled: bool,
    /// Why it was disabled by the worker (`None` when enabled, or disabled by hand).
    #[serde(default)]
    pub disabled_reason: Option<String>,
    pub secret: String,
    #[serde(default)]
    pub previous_secret: Option<PreviousSecret>,
    /// The first failed attempt since the last success (Unix seconds).
    #[serde(default)]
    pub failing_since: Option<i64>,
    #[serde(default)]
    pub last_success_at: Option<Timestamp>,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
    pub version: u64,
}

impl EndpointRecord {
    pub const ENTITY: &'static str = "WebhookEndpoint";

    /// The secrets that sign a delivery at `now` (the current one first).
    pub fn signing_secrets(&self, now: i64) -> Vec<&str> {
        let mut secrets = vec![self.secret.as_str()];
        if let Some(previous) = self.previous_secret.as_ref().filter(|p| p.until > now) {
            secrets.push(&previous.secret);
        }
        secrets
    }

    pub fn subscribes_to(&self, event_type: EventType) -> bool {
        self.events.contains(&event_type)
    }
}

/// A new secret: `whsec_` and the base64 of 24 random bytes.
pub fn new_secret() -> String {
    let mut bytes = [0u8; 24];
    rand::rng().fill_bytes(&mut bytes);
    format!("whsec_{}", STANDARD.encode(bytes))
}

/// The `webhook-signature` header: one `v1,<signature>` per secret, space-separated.
pub fn signature_header(secrets: &[&str], id: &str, timestamp: i64, body: &str) -> String {
    secrets.iter().filter_map(|secret| sign(secret, id, timestamp, body)).collect::<Vec<_>>().join(" ")
}

/// `v1,<base64 HMAC-SHA256("{id}.{timestamp}.{body}")>` with the secret's key (the base64
/// after `whsec_`); `None` for a secret that is not base64.
pub fn sign(secret: &str, id: &str, timestamp: i64, body: &str) -> Option<String> {
    let key = STANDARD.decode(secret.strip_prefix("whsec_").unwrap_or(secret)).ok()?;
    let mac = hmac_sha256(&key, format!("{id}.{timestamp}.{body}").as_bytes());
    Some(format!("v1,{}", STANDARD.encode(mac)))
}

/// What a Slack incoming webhook is sent for an event.
pub fn slack_message(event: &EventRecord, app_base_url: &str) -> Value {
    let headline = event.data.event_type().headline();
    let link = format!("{app_base_url}{}", event.data.app_path());
    let detail = event.data.detail();
    json!({
        "text": format!("{headline}: {detail} <{link}|Open in Storyhive>"),
        "blocks": [
            { "type": "section", "text": { "type": "mrkdwn", "text": format!("*{headline}*\n{detail}") } },
            { "type": "actions", "elements": [
                { "type": "button", "text": { "type": "plain_text", "text": "Open in Storyhive" }, "url": link }
            ] },
            { "type": "context", "elements": [
                { "type": "mrkdwn", "text": format!("`{}` · {}", event.data.event_type().name(), event.created_at) }
            ] }
        ]
    })
}

// ------------------------------------------------------------------ addresses

pub const URL_REQUIRED: &str = "Enter the endpoint's address.";
pub const URL_NOT_HTTPS: &str = "The address must start with https://.";
pub const URL_INVALID: &str = "This is not a valid address.";
pub const URL_TOO_LONG: &str = "The address is too long (at most 2000 characters).";
pub const URL_INTERNAL: &str =
    "This address points inside a private network (a loopback, private, link-local or reserved address): webhooks are only sent to public addresses.";

/// An endpoint's address, checked: `https://` (or, when `allow_loopback`, the test
/// setting, `http://` too), a host, no user or password, and no literal address that
/// [`forbidden_address`] refuses. Returns the host and port to resolve.
pub fn check_url(url: &str, allow_loopback: bool) -> Result<(String, u16), &'static str> {
    let url = url.trim();
    if url.is_empty() {
        return Err(URL_REQUIRED);
    }
    if url.len() > URL_MAX {
        return Err(URL_TOO_LONG);
    }
    let lower = url.to_ascii_lowercase();
    let (rest, default_port, plain) = if let Some(rest) = lower.strip_prefix("https://") {
        (rest, 443, false)
    } else if let Some(rest) = lower.strip_prefix("http://").filter(|_| allow_loopback) {
        (rest, 80, true)
    } else {
        return Err(URL_NOT_HTTPS);
    };
    if url.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(URL_INVALID);
    }
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    if authority.is_empty() || authority.contains('@') {
        return Err(URL_INVALID);
    }
    let (host, port) = if let Some(bracketed) = authority.strip_prefix('[') {
        let (host, after) = bracketed.split_once(']').ok_or(URL_INVALID)?;
        let port = match after.strip_prefix(':') {
            Some(port) => port.parse::<u16>().map_err(|_| URL_INVALID)?,
            None if after.is_empty() => default_port,
            None => return Err(URL_INVALID),
        };
        (host.to_string(), port)
    } else {
        match authority.rsplit_once(':') {
            Some((host, port)) => (host.to_string(), port.parse::<u16>().map_err(|_| URL_INVALID)?),
            None => (authority.to_string(), default_port),
        }
    };
    let host = host.trim_end_matches('.').to_string();
    // The test setting lets `http://` through to this machine's own receivers, nowhere else.
    let loopback = host == "localhost" || host.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback());
    if plain && !loopback {
        return Err(URL_NOT_HTTPS);
    }
    let valid_name = |h: &str| {
        !h.is_empty()
            && h.split('.').all(|label| {
                !label.is_empty()
                    && label.len() <= 63
                    && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                    && !label.starts_with('-')
                    && !label.ends_with('-')
            })
    };
    match host.parse::<IpAddr>() {
        Ok(ip) if forbidden_address(ip, allow_loopback) => return Err(URL_INTERNAL),
        Ok(_) => {}
        Err(_) if !valid_name(&host) => return Err(URL_INVALID),
        Err(_) if !allow_loopback && (host == "localhost" || host.ends_with(".localhost")) => return Err(URL_INTERNAL),
        Err(_) => {}
    }
    Ok((host, port))
}

/// Whether a delivery may not go to `ip`: loopback, private (RFC 1918, fc00::/7),
/// link-local (169.254/16 with the cloud's metadata address, fe80::/10), shared (CGNAT,
/// 100.64/10), unspecified, multicast, broadcast, documentation, benchmarking and
/// reserved ranges, and IPv4 addresses written as IPv6 (mapped, compatible, NAT64, 6to4)
/// of any of those. `allow_loopback` (the tests' explicit setting) lets loopback through.
pub fn forbidden_address(ip: IpAddr, allow_loopback: bool) -> bool {
    match ip {
        IpAddr::V4(v4) => forbidden_v4(v4, allow_loopback),
        IpAddr::V6(v6) => forbidden_v6(v6, allow_loopback),
    }
}

fn forbidden_v4(ip: Ipv4Addr, allow_loopback: bool) -> bool {
    let [a, b, c, _] = ip.octets();
    if ip.is_loopback() {
        return !allow_loopback;
    }
    ip.is_private()
        || ip.is_link_local()
        || ip.is_unspecified()
        || ip.is_multicast()
        || ip.is_broadcast()
        || ip.is_documentation()
        || a == 0
        || (a == 100 && (64..128).contains(&b))
        || (a == 192 && b == 0 && c == 0)
        || (a == 198 && (b == 18 || b == 19))
        || a >= 240
}

fn forbidden_v6(ip: Ipv6Addr, allow_loopback: bool) -> bool {
    if ip.is_loopback() {
        return !allow_loopback;
    }
    if let Some(v4) = ip.to_ipv4_mapped() {
        return forbidden_v4(v4, allow_loopback);
    }
    let segments = ip.segments();
    // IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::/96) and 6to4 (2002::/16) carry an IPv4 address.
    let embedded = |hi: u16, lo: u16| Ipv4Addr::new((hi >> 8) as u8, hi as u8, (lo >> 8) as u8, lo as u8);
    if segments[..6] == [0, 0, 0, 0, 0, 0] {
        return true;
    }
    if segments[..6] == [0x64, 0xff9b, 0, 0, 0, 0] {
        return forbidden_v4(embedded(segments[6], segments[7]), allow_loopback);
    }
    if segments[0] == 0x2002 {
        return forbidden_v4(embedded(segments[1], segments[2]), allow_loopback);
    }
    ip.is_unspecified()
        || ip.is_multicast()
        || (segments[0] & 0xfe00) == 0xfc00
        || (segments[0] & 0xffc0) == 0xfe80
        || (segments[0] & 0xffc0) == 0xfec0
        || (segments[0] == 0x2001 && segments[1] == 0x0db8)
        || (segments[0] == 0x2001 && segments[1] < 0x0200)
        || (segments[0] == 0x0100 && segments[1..4] == [0, 0, 0])
}

// ------------------------------------------------------------------ deliveries

/// Where one event's delivery to one endpoint stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum DeliveryState {
    /// Waiting for its next attempt.
    Pending,
    Delivered,
    /// Every attempt of the schedule failed.
    Failed,
    /// The endpoint was deleted or disabled before it could be delivered.
    Cancelled,
}

/// One event's delivery to one endpoint, beside its event.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryRecord {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    pub entity_type: String,
    pub tenant_id: String,
    pub event_id: String,
    pub endpoint_id: String,
    pub state: DeliveryState,
    /// Attempts made by the schedule (a message for attempt n is acted on once).
    pub attempts: u32,
    pub ttl: i64,
}

impl DeliveryRecord {
    pub const ENTITY: &'static str = "WebhookDelivery";

    pub fn new(tenant_id: &str, event_id: &str, endpoint_id: &str, at: OffsetDateTime) -> Self {
        let key = keys::webhook_delivery(tenant_id, event_id, endpoint_id);
        Self {
            pk: key.pk,
            sk: key.sk,
            entity_type: Self::ENTITY.into(),
            tenant_id: tenant_id.into(),
            event_id: event_id.into(),
            endpoint_id: endpoint_id.into(),
            state: DeliveryState::Pending,
            attempts: 0,
            ttl: at.unix_timestamp() + KEEP_DAYS * 86_400,
        }
    }
}

/// One attempt, in its endpoint's log.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AttemptRecord {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    pub entity_type: String,
    pub tenant_id: String,
    pub endpoint_id: String,
    pub attempt_id: String,
    pub event_id: String,
    pub event_type: EventType,
    pub at: Timestamp,
    /// 1 for the first attempt; a redelivery by hand is numbered after the others.
    pub attempt: u32,
    pub manual: bool,
    pub ok: bool,
    /// The HTTP status the endpoint answered, if it answered.
    pub status_code: Option<u16>,
    pub duration_ms: u64,
    /// A short reason when it failed (no answer, a refused address, the start of the body).
    pub error: Option<String>,
    /// When the next attempt is due (Unix seconds), when there will be one.
    pub next_attempt_at: Option<Timestamp>,
    pub ttl: i64,
}

impl AttemptRecord {
    pub const ENTITY: &'static str = "WebhookAttempt";
}

/// Marks a pending event handed on (removed from the sweep's index).
pub async fn handed_on(store: &Store, tenant_id: &str, event_id: &str) -> StoreResult<()> {
    let result = store
        .update::<Value>(&keys::webhook_event(tenant_id, event_id), |u| {
            u.update_expression("REMOVE GSI2PK, GSI2SK").condition_expression("attribute_exists(PK)")
        })
        .await;
    match result {
        Ok(_) | Err(StoreError::ConditionFailed) => Ok(()),
        Err(other) => Err(other),
    }
}

/// An attribute value for a number.
pub fn number(value: impl ToString) -> AttributeValue {
    AttributeValue::N(value.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_fact_is_the_same_event_and_another_fact_another() {
        let a = event_id("t", EventType::AnswerStored, "take-1");
        assert_eq!(a, event_id("t", EventType::AnswerStored, "take-1"));
        assert_ne!(a, event_id("t", EventType::AnswerReady, "take-1"));
        assert_ne!(a, event_id("t", EventType::AnswerStored, "take-2"));
        assert_ne!(a, event_id("u", EventType::AnswerStored, "take-1"));
        assert!(a.starts_with("msg_") && a.len() == 36);
    }

    #[test]
    fn a_signature_is_that_of_the_standard_webhooks_example() {
        // The specification's example (standard-webhooks/spec, "Signature scheme").
        let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
        let body = r#"{"test": 2432232314}"#;
        assert_eq!(
            sign(secret, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, body).unwrap(),
            "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
        );
    }

    #[test]
    fn during_a_rotation_both_secrets_sign() {
        let header = signature_header(&["whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", &new_secret()], "msg_x", 1, "{}");
        let parts: Vec<&str> = header.split(' ').collect();
        assert_eq!(parts.len(), 2);
        assert!(parts.iter().all(|p| p.starts_with("v1,")));
    }

    #[test]
    fn addresses_inside_are_refused_whatever_their_spelling() {
        for ip in [
            "127.0.0.1",
            "127.1.2.3",
            "::1",
            "10.0.0.1",
            "172.16.5.4",
            "192.168.1.1",
            "169.254.169.254",
            "100.64.0.1",
            "0.0.0.0",
            "::",
            "224.0.0.1",
            "255.255.255.255",
            "192.0.2.1",
            "fc00::1",
            "fd12:3456::1",
            "fe80::1",
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
            "::ffff:169.254.169.254",
            "::127.0.0.1",
            "64:ff9b::a9fe:a9fe",
            "2002:7f00:1::",
            "fd00:ec2::254",
        ] {
            assert!(forbidden_address(ip.parse().unwrap(), false), "{ip} must be refused");
        }
        for ip in ["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946", "8.8.8.8", "::ffff:8.8.8.8"] {
            assert!(!forbidden_address(ip.parse().unwrap(), false), "{ip} is public");
        }
        assert!(!forbidden_address("127.0.0.1".parse().unwrap(), true), "the test setting allows loopback");
        assert!(!forbidden_address("::1".parse().unwrap(), true));
        assert!(forbidden_address("10.0.0.1".parse().unwrap(), true), "and nothing else");
        assert!(forbidden_address("169.254.169.254".parse().unwrap(), true));
    }

    #[test]
    fn only_https_addresses_of_public_hosts_are_accepted() {
        assert_eq!(check_url("https://hooks.example.com/in?x=1", false), Ok(("hooks.example.com".into(), 443)));
        assert_eq!(check_url("https://example.com:8443", false), Ok(("example.com".into(), 8443)));
        assert_eq!(check_url("https://[2606:2800:220:1::1]/x", false), Ok(("2606:2800:220:1::1".into(), 443)));
        assert_eq!(check_url("http://example.com/hook", false), Err(URL_NOT_HTTPS));
        assert_eq!(check_url("ftp://example.com", false), Err(URL_NOT_HTTPS));
        assert_eq!(check_url("  ", false), Err(URL_REQUIRED));
        assert_eq!(check_url("https://user:pw@example.com/", false), Err(URL_INVALID));
        assert_eq!(check_url("https://exa mple.com/", false), Err(URL_INVALID));
        assert_eq!(check_url("https://127.0.0.1/", false), Err(URL_INTERNAL));
        assert_eq!(check_url("https://[::1]/", false), Err(URL_INTERNAL));
        assert_eq!(check_url("https://10.0.0.1/", false), Err(URL_INTERNAL));
        assert_eq!(check_url("https://169.254.169.254/latest/meta-data", false), Err(URL_INTERNAL));
        assert_eq!(check_url("https://localhost/", false), Err(URL_INTERNAL));
        assert_eq!(check_url("http://127.0.0.1:9000/hook", true), Ok(("127.0.0.1".into(), 9000)));
        assert_eq!(check_url("http://localhost:9000/hook", true), Ok(("localhost".into(), 9000)));
        assert_eq!(check_url("https://10.0.0.1/hook", true), Err(URL_INTERNAL));
        assert_eq!(check_url("http://10.0.0.1/hook", true), Err(URL_NOT_HTTPS), "plain http only to loopback");
        assert_eq!(check_url("http://example.com/hook", true), Err(URL_NOT_HTTPS));
    }

    #[test]
    fn a_slack_message_says_what_happened_with_a_link() {
        let event = EventRecord::new(
            "t",
            "fact",
            EventData::CollaboratorSubmitted(CollaboratorSubmittedData {
                campaign_id: "c1".into(),
                collaborator_id: "k1".into(),
                submitted_at: "2026-01-01T00:00:00Z".into(),
            }),
            crate::clock::now(),
        );
        let message = slack_message(&event, "https://app.example");
        let text = message["text"].as_str().unwrap();
        assert!(text.starts_with("A collaborator submitted their answers"), "{text}");
        assert!(text.contains("<https://app.example/campaign/c1/response-editor/k1|Open in Storyhive>"), "{text}");
        assert_eq!(message["blocks"][1]["elements"][0]["url"], "https://app.example/campaign/c1/response-editor/k1");
    }

    #[test]
    fn the_payload_has_type_timestamp_and_data_with_a_link() {
        let event = EventRecord::new(
            "t",
            "fact",
            EventData::ConsentWithdrawn(ConsentWithdrawnData {
                collaborator_id: "k".into(),
                withdrawn_at: "2026-01-01T00:00:00Z".into(),
            }),
            crate::clock::now(),
        );
        let payload = event.payload("https://app.example");
        assert_eq!(payload["type"], "consent.withdrawn");
        assert_eq!(payload["data"]["collaboratorId"], "k");
        assert_eq!(payload["data"]["link"], "https://app.example/publications");
        assert_eq!(payload["timestamp"], json!(event.created_at));
    }
}
