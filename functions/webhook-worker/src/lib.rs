//! Webhook worker: hands the organisations' events to their endpoints.
//!
//! - `FanOut` (an event was recorded): one delivery per enabled endpoint subscribed to the
//!   event's type, each a record beside the event and a `Deliver` message.
//! - `Deliver`: one attempt, signed (Standard Webhooks: the event's id is `webhook-id` on
//!   every attempt), through the SSRF guard ([`guard`]), logged under its endpoint. A failure
//!   is retried on `webhooks::RETRY_SCHEDULE` (SQS's delay carries waits of up to 15
//!   minutes; a longer wait is a chain of them, `due_at` saying when the attempt is due).
//!   Each attempt number is claimed once in the delivery's record, so a message SQS delivers
//!   twice makes one attempt. An endpoint whose every attempt failed for
//!   `webhooks::DISABLE_AFTER_DAYS` is disabled, with an e-mail to the organisation's admins.
//! - The schedule (`{"sweep": true}`, every 5 minutes) hands on the events recorded as
//!   pending whose message was lost.

pub mod service;

pub use service::guard;

use std::sync::Arc;

use anyhow::Context;
use aws_lambda_events::event::sqs::{SqsBatchResponse, SqsEvent};
use serde_json::{json, Value};
use storyhive_shared::{
    mail::MailMessage,
    model::{self, UserRecord, UserStatus},
    permissions::Role,
    queue::{MailQueue, WebhookJob, WebhookQueue, MAX_DELAY_SECONDS},
    storage::{keys, AttributeValue, Query, Store, StoreError},
    webhooks::{
        self, AttemptRecord, DeliveryRecord, DeliveryState, EndpointKind, EndpointRecord, EventRecord, RETRY_SCHEDULE,
    },
    AppContext,
};
use time::OffsetDateTime;

pub use guard::{Resolver, Sent};

/// How often the schedule sweeps (template.yaml's `rate(5 minutes)`).
pub const SWEEP_EVERY_SECONDS: u64 = 5 * 60;
/// Pending events older than this are handed on by the sweep (their own message is
/// normally handled within seconds).
pub const SWEEP_AFTER_SECONDS: i64 = 60;

/// The time now (tests move it).
pub type Clock = Arc<dyn Fn() -> OffsetDateTime + Send + Sync>;

#[derive(Clone)]
pub struct WebhookWorker {
    pub store: Store,
    pub queue: WebhookQueue,
    pub mail: MailQueue,
    pub app_base_url: String,
    /// The tests' explicit setting (`STORYHIVE_WEBHOOKS_ALLOW_LOOPBACK`).
    pub allow_loopback: bool,
    pub resolver: Resolver,
    pub clock: Clock,
}

impl std::fmt::Debug for WebhookWorker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WebhookWorker").field("allow_loopback", &self.allow_loopback).finish()
    }
}

impl WebhookWorker {
    /// The worker of its function's configuration, with the system's resolver and clock.
    pub fn new(context: &AppContext) -> Self {
        Self {
            store: context.store.clone(),
            queue: context.webhooks.clone(),
            mail: context.mail.clone(),
            app_base_url: context.config.app_base_url.clone(),
            allow_loopback: context.config.webhooks_allow_loopback,
            resolver: Resolver::system(),
            clock: Arc::new(model::now),
        }
    }

    fn now(&self) -> OffsetDateTime {
        (self.clock)()
    }
}

/// One invocation: an SQS batch, or the scheduled sweep (`{"sweep": true}`).
pub async fn handle_event(worker: &WebhookWorker, event: Value) -> anyhow::Result<Value> {
    if event.get("Records").is_some() {
        let batch: SqsEvent = serde_json::from_value(event).context("reading the SQS event")?;
        return Ok(serde_json::to_value(handle(worker, batch).await)?);
    }
    if event.get("sweep").and_then(Value::as_bool) == Some(true) {
        let handed = worker.sweep().await?;
        return Ok(json!({ "handedOn": handed }));
    }
    anyhow::bail!("unknown event: neither an SQS batch nor a sweep")
}

pub async fn handle(worker: &WebhookWorker, event: SqsEvent) -> SqsBatchResponse {
    let mut response = SqsBatchResponse::default();
    for record in event.records {
        let id = record.message_id.clone().unwrap_or_default();
        let result = async {
            let job: WebhookJob =
                serde_json::from_str(record.body.as_deref().unwrap_or_default()).context("reading job")?;
            worker.run(&job).await.with_context(|| format!("{job:?}"))
        }
        .await;
        if let Err(error) = result {
            tracing::error!(message_id = %id, error = ?error, "webhook job failed; it will be retried");
            response.add_failure(id);
        }
    }
    response
}

impl WebhookWorker {
    pub async fn run(&self, job: &WebhookJob) -> anyhow::Result<()> {
        match job {
            WebhookJob::FanOut { tenant_id, event_id } => self.fan_out(tenant_id, event_id).await,
            WebhookJob::Deliver { tenant_id, event_id, endpoint_id, attempt, due_at, manual } => {
                self.deliver(tenant_id, event_id, endpoint_id, *attempt, *due_at, *manual).await
            }
        }
    }

    /// One delivery per enabled endpoint subscribed to the event, then the event is
    /// marked handed on. Repeatable: a delivery already made is not made again, and a
    /// delivery whose first message may have been lost is sent again (a duplicate is
    /// dropped by the attempt's claim).
    pub async fn fan_out(&self, tenant_id: &str, event_id: &str) -> anyhow::Result<()> {
        let Some(event) = self.store.get::<EventRecord>(&keys::webhook_event(tenant_id, event_id)).await? else {
            return Ok(());
        };
        if event.gsi2pk.is_none() {
            return Ok(());
        }
        let endpoints: Vec<EndpointRecord> = self
            .store
            .query(Query::table(keys::webhook_endpoints_partition(tenant_id), keys::webhook_endpoints_prefix()))
            .await?;
        let event_type = event.data.event_type();
        for endpoint in endpoints.iter().filter(|e| {
            e.enabled
                && match &event.only_endpoint {
                    Some(only) => *only == e.endpoint_id,
                    None => e.subscribes_to(event_type),
                }
        }) {
            let delivery = DeliveryRecord::new(tenant_id, event_id, &endpoint.endpoint_id, self.now());
            let send = match self.store.put_if(&delivery, "attribute_not_exists(PK)", &[]).await {
                Ok(()) => true,
                Err(StoreError::ConditionFailed) => self
                    .store
                    .get::<DeliveryRecord>(&keys::webhook_delivery(tenant_id, event_id, &endpoint.endpoint_id))
                    .await?
                    .is_some_and(|d| d.state == DeliveryState::Pending && d.attempts == 0),
                Err(other) => return Err(other.into()),
            };
            if send {
                self.queue.send(&deliver_job(tenant_id, event_id, &endpoint.endpoint_id, 0, 0, false)).await?;
            }
        }
        webhooks::handed_on(&self.store, tenant_id, event_id).await?;
        Ok(())
    }

    /// Hands on the pending events older than a minute (their message was lost).
    pub async fn sweep(&self) -> anyhow::Result<usize> {
        let before = model::timestamp(self.now() - time::Duration::seconds(SWEEP_AFTER_SECONDS));
        let pending: Vec<EventRecord> =
            self.store.query(Query::gsi2(keys::webhook_events_pending_gsi2()).before(before).limit(100)).await?;
        for event in &pending {
            self.fan_out(&event.tenant_id, &event.event_id).await?;
        }
        Ok(pending.len())
    }

    async fn deliver(
        &self,
        tenant_id: &str,
        event_id: &str,
        endpoint_id: &str,
        attempt: u32,
        due_at: i64,
        manual: bool,
    ) -> anyhow::Result<()> {
        let now = self.now();
        if !manual && due_at > now.unix_timestamp() {
            // Not due yet: wait on in the queue (SQS delays a message 15 minutes at most).
            let wait = (due_at - now.unix_timestamp()).clamp(1, MAX_DELAY_SECONDS as i64) as u32;
            return self
                .queue
                .send_delayed(&deliver_job(tenant_id, event_id, endpoint_id, attempt, due_at, false), wait)
                .await;
        }
        let delivery_key = keys::webhook_delivery(tenant_id, event_id, endpoint_id);
        let delivery = if manual {
            match self.store.get::<DeliveryRecord>(&delivery_key).await? {
                Some(delivery) => delivery,
                None => return Ok(()),
            }
        } else {
            // This attempt, once: a duplicate message finds it claimed.
            let claimed = self
                .store
                .update::<DeliveryRecord>(&delivery_key, |u| {
                    u.update_expression("SET attempts = :next")
                        .condition_expression("attribute_exists(PK) AND #state = :pending AND attempts = :made")
                        .expression_attribute_names("#state", "state")
                        .expression_attribute_values(":pending", AttributeValue::S("pending".into()))
                        .expression_attribute_values(":made", webhooks::number(attempt))
                        .expression_attribute_values(":next", webhooks::number(attempt + 1))
                })
                .await;
            match claimed {
                Ok(delivery) => delivery,
                Err(StoreError::ConditionFailed) => return Ok(()),
                Err(other) => return Err(other.into()),
            }
        };
        let endpoint = self.store.get::<EndpointRecord>(&keys::webhook_endpoint(tenant_id, endpoint_id)).await?;
        let Some(endpoint) = endpoint.filter(|e| e.enabled || manual) else {
            self.settle(&delivery_key, DeliveryState::Cancelled).await?;
            return Ok(());
        };
        let Some(event) = self.store.get::<EventRecord>(&keys::webhook_event(tenant_id, event_id)).await? else {
            // Past its 30 days: nothing left to send.
            self.settle(&delivery_key, DeliveryState::Cancelled).await?;
            return Ok(());
        };
        let sent = self.send(&endpoint, &event, now).await;
        let number = if manual { delivery.attempts + 1 } else { attempt + 1 };
        let next_at = (!sent.ok && !manual)
            .then(|| RETRY_SCHEDULE.get(attempt as usize).map(|wait| now.unix_timestamp() + wait))
            .flatten();
        self.log(&endpoint, &event, number, manual, &sent, next_at, now).await?;
        if sent.ok {
            self.settle(&delivery_key, DeliveryState::Delivered).await?;
            self.succeeded(&endpoint, now).await?;
            return Ok(());
        }
        match next_at {
            Some(due) => {
                let wait = (due - now.unix_timestamp()).clamp(0, MAX_DELAY_SECONDS as i64) as u32;
                self.queue
                    .send_delayed(&deliver_job(tenant_id, event_id, endpoint_id, attempt + 1, due, false), wait)
                    .await?;
            }
            None if !manual => self.settle(&delivery_key, DeliveryState::Failed).await?,
            None => {}
        }
        self.failed(&endpoint, now).await
    }

    /// Makes one attempt's request: the body of the endpoint's kind, signed.
    pub async fn send(&self, endpoint: &EndpointRecord, event: &EventRecord, now: OffsetDateTime) -> Sent {
        let body = match endpoint.kind {
            EndpointKind::Standard => event.payload(&self.app_base_url),
            EndpointKind::Slack => webhooks::slack_message(event, &self.app_base_url),
        }
        .to_string();
        let timestamp = now.unix_timestamp();
        let signature =
            webhooks::signature_header(&endpoint.signing_secrets(timestamp), &event.event_id, timestamp, &body);
        let headers = [
            ("webhook-id", event.event_id.clone()),
            ("webhook-timestamp", timestamp.to_string()),
            ("webhook-signature", signature),
            ("user-agent", "Storyhive-Webhooks/1".to_string()),
        ];
        guard::post(&endpoint.url, &headers, body, &self.resolver, self.allow_loopback).await
    }

    #[allow(clippy::too_many_arguments)]
    async fn log(
        &self,
        endpoint: &EndpointRecord,
        event: &EventRecord,
        number: u32,
        manual: bool,
        sent: &Sent,
        next_at: Option<i64>,
        now: OffsetDateTime,
    ) -> anyhow::Result<()> {
        let attempt_id = model::new_id();
        let key = keys::webhook_attempt(&endpoint.tenant_id, &endpoint.endpoint_id, &attempt_id);
        let next_attempt_at = next_at.and_then(|at| OffsetDateTime::from_unix_timestamp(at).ok()).map(model::timestamp);
        let record = AttemptRecord {
            pk: key.pk,
            sk: key.sk,
            entity_type: AttemptRecord::ENTITY.into(),
            tenant_id: endpoint.tenant_id.clone(),
            endpoint_id: endpoint.endpoint_id.clone(),
            attempt_id,
            event_id: event.event_id.clone(),
            event_type: event.data.event_type(),
            at: model::timestamp(now),
            attempt: number,
            manual,
            ok: sent.ok,
            status_code: sent.status_code,
            duration_ms: sent.duration_ms,
            error: sent.error.clone(),
            next_attempt_at,
            ttl: now.unix_timestamp() + webhooks::KEEP_DAYS * 86_400,
        };
        self.store.put(&record).await?;
        Ok(())
    }

    async fn settle(&self, delivery: &keys::Key, state: DeliveryState) -> anyhow::Result<()> {
        let name = serde_json::to_value(state)?.as_str().unwrap_or_default().to_string();
        let result = self
            .store
            .update::<Value>(delivery, |u| {
                u.update_expression("SET #state = :state")
                    .condition_expression("attribute_exists(PK)")
                    .expression_attribute_names("#state", "state")
                    .expression_attribute_values(":state", AttributeValue::S(name))
            })
            .await;
        match result {
            Ok(_) | Err(StoreError::ConditionFailed) => Ok(()),
            Err(other) => Err(other.into()),
        }
    }

    /// A success ends the endpoint's failure streak.
    async fn succeeded(&self, endpoint: &EndpointRecord, now: OffsetDateTime) -> anyhow::Result<()> {
        let result = self
            .store
            .update::<Value>(&keys::webhook_endpoint(&endpoint.tenant_id, &endpoint.endpoint_id), |u| {
                u.update_expression("SET lastSuccessAt = :at REMOVE failingSince")
                    .condition_expression("attribute_exists(PK)")
                    .expression_attribute_values(":at", AttributeValue::S(model::timestamp(now)))
            })
            .await;
        match result {
            Ok(_) | Err(StoreError::ConditionFailed) => Ok(()),
            Err(other) => Err(other.into()),
        }
    }

    /// A failure starts the endpoint's failure streak, or, when the streak is
    /// `DISABLE_AFTER_DAYS` long, disables it and e-mails the organisation's admins (once:
    /// the update is conditional on the endpoint being enabled).
    async fn failed(&self, endpoint: &EndpointRecord, now: OffsetDateTime) -> anyhow::Result<()> {
        let key = keys::webhook_endpoint(&endpoint.tenant_id, &endpoint.endpoint_id);
        let Some(since) = endpoint.failing_since else {
            let result = self
                .store
                .update::<Value>(&key, |u| {
                    u.update_expression("SET failingSince = :now")
                        .condition_expression(
                            "attribute_exists(PK) AND (attribute_not_exists(failingSince) OR failingSince = :null)",
                        )
                        .expression_attribute_values(":now", webhooks::number(now.unix_timestamp()))
                        .expression_attribute_values(":null", AttributeValue::Null(true))
                })
                .await;
            return match result {
                Ok(_) | Err(StoreError::ConditionFailed) => Ok(()),
                Err(other) => Err(other.into()),
            };
        };
        if !endpoint.enabled || now.unix_timestamp() - since < webhooks::DISABLE_AFTER_DAYS * 86_400 {
            return Ok(());
        }
        let since_text = OffsetDateTime::from_unix_timestamp(since).map(model::timestamp).unwrap_or_default();
        let reason = format!(
            "Disabled: every delivery failed for {} days (since {}).",
            webhooks::DISABLE_AFTER_DAYS,
            &since_text[..10.min(since_text.len())]
        );
        let result = self
            .store
            .update::<Value>(&key, |u| {
                u.update_expression("SET enabled = :off, disabledReason = :reason, updatedAt = :at ADD version :one")
                    .condition_expression("attribute_exists(PK) AND enabled = :on")
                    .expression_attribute_values(":off", AttributeValue::Bool(false))
                    .expression_attribute_values(":on", AttributeValue::Bool(true))
                    .expression_attribute_values(":reason", AttributeValue::S(reason.clone()))
                    .expression_attribute_values(":at", AttributeValue::S(model::timestamp(now)))
                    .expression_attribute_values(":one", webhooks::number(1))
            })
            .await;
        match result {
            Ok(_) => {}
            Err(StoreError::ConditionFailed) => return Ok(()),
            Err(other) => return Err(other.into()),
        }
        tracing::warn!(tenant_id = %endpoint.tenant_id, endpoint_id = %endpoint.endpoint_id, "webhook endpoint disabled");
        for admin in self.admins(&endpoint.tenant_id).await? {
            self.mail
                .send(&MailMessage::WebhookDisabled {
                    to: admin.email,
                    endpoint_url: endpoint.url.clone(),
                    reason: reason.clone(),
                    link: format!("{}/settings/integrations", self.app_base_url),
                })
                .await?;
        }
        Ok(())
    }

    /// The organisation's active super admins and admins.
    async fn admins(&self, tenant_id: &str) -> anyhow::Result<Vec<UserRecord>> {
        let mut admins = Vec::new();
        for role in [Role::SuperAdmin, Role::Admin] {
            let users: Vec<UserRecord> =
                self.store.query(Query::gsi1(keys::users_by_role_gsi1(tenant_id, role))).await?;
            admins.extend(users.into_iter().filter(|u| u.status == UserStatus::Activated));
        }
        Ok(admins)
    }
}

fn deliver_job(
    tenant_id: &str,
    event_id: &str,
    endpoint_id: &str,
    attempt: u32,
    due_at: i64,
    manual: bool,
) -> WebhookJob {
    WebhookJob::Deliver {
        tenant_id: tenant_id.into(),
        event_id: event_id.into(),
        endpoint_id: endpoint_id.into(),
        attempt,
        due_at,
        manual,
    }
}
