//! The webhooks handlers. Every route is superAdmin and admin only (`ManageIntegrations`);
//! input is checked before anything is written, so bad input changes nothing.

use axum::{extract::State, http::StatusCode};
use storyhive_shared::{
    auth::Principal,
    error::ErrorBody,
    http::{Json, Message, PageParams, Path, Query},
    ids, model,
    permissions::Permission,
    queue::WebhookJob,
    storage::{keys, Query as StoreQuery, StoreError},
    webhooks::{
        self, DeliveryRecord, EndpointKind, EndpointRecord, EventData, EventRecord, EventType, PreviousSecret, TestData,
    },
    ApiError, ApiResult, AppContext,
};

use crate::dto::*;

const TAG: &str = "webhooks";
const NOT_FOUND: &str = "Webhook endpoint not found";
const EVENTS_REQUIRED: &str = "Choose at least one event.";
const KIND_INVALID: &str = "The kind must be standard or slack.";
const DESCRIPTION_TOO_LONG: &str = "The description is too long (at most 200 characters).";
const TOO_MANY: &str = "An organisation may have at most 20 webhook endpoints.";
const TEST_DISABLED: &str = "This endpoint is disabled: enable it to send it a test event.";
const DELIVERY_NOT_FOUND: &str = "This event was not delivered to this endpoint (or it is older than 30 days).";

fn events_of(names: &[String]) -> Result<Vec<EventType>, ApiError> {
    let mut events = Vec::new();
    for name in names {
        let event = EventType::SUBSCRIBABLE
            .into_iter()
            .find(|e| e.name() == name.trim())
            .ok_or_else(|| ApiError::field("events", format!("Unknown event: {name}.")))?;
        if !events.contains(&event) {
            events.push(event);
        }
    }
    if events.is_empty() {
        return Err(ApiError::field("events", EVENTS_REQUIRED));
    }
    Ok(events)
}

fn url_of(context: &AppContext, url: &str) -> Result<String, ApiError> {
    webhooks::check_url(url, context.config.webhooks_allow_loopback).map_err(|m| ApiError::field("url", m))?;
    Ok(url.trim().to_string())
}

fn description_of(description: &str) -> Result<String, ApiError> {
    let description = description.trim();
    if description.chars().count() > webhooks::DESCRIPTION_MAX {
        return Err(ApiError::field("description", DESCRIPTION_TOO_LONG));
    }
    Ok(description.to_string())
}

async fn endpoint(context: &AppContext, tenant_id: &str, endpoint_id: &str) -> ApiResult<EndpointRecord> {
    if !ids::is_valid(endpoint_id) {
        return Err(ApiError::NotFound(NOT_FOUND.into()));
    }
    context
        .store
        .get::<EndpointRecord>(&keys::webhook_endpoint(tenant_id, endpoint_id))
        .await?
        .ok_or_else(|| ApiError::NotFound(NOT_FOUND.into()))
}

async fn endpoints(context: &AppContext, tenant_id: &str) -> ApiResult<Vec<EndpointRecord>> {
    Ok(context
        .store
        .query(StoreQuery::table(keys::webhook_endpoints_partition(tenant_id), keys::webhook_endpoints_prefix()))
        .await?)
}

/// The organisation's webhook endpoints, oldest first, and the events they may receive.
#[utoipa::path(get, path = "/webhooks/endpoints", tag = TAG, security(("staffToken" = ["ManageIntegrations"])),
    responses((status = 200, body = EndpointList), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn list_endpoints(State(context): State<AppContext>, principal: Principal) -> ApiResult<Json<EndpointList>> {
    principal.require(Permission::ManageIntegrations)?;
    let records = endpoints(&context, &principal.tenant_id).await?;
    Ok(Json(EndpointList {
        endpoints: records.iter().map(Endpoint::from).collect(),
        event_types: EventType::SUBSCRIBABLE.to_vec(),
    }))
}

/// Add an endpoint. Its signing secret is in the answer, and shown only this once.
#[utoipa::path(post, path = "/webhooks/endpoints", tag = TAG, security(("staffToken" = ["ManageIntegrations"])),
    request_body = CreateEndpoint,
    responses(
        (status = 201, body = EndpointWithSecret),
        (status = 400, description = "Not an https address, an internal address, no or unknown events, a bad kind", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
    ))]
pub async fn create_endpoint(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<CreateEndpoint>,
) -> ApiResult<(StatusCode, Json<EndpointWithSecret>)> {
    principal.require(Permission::ManageIntegrations)?;
    let url = url_of(&context, &body.url)?;
    let kind = match body.kind.trim() {
        "" | "standard" => EndpointKind::Standard,
        "slack" => EndpointKind::Slack,
        _ => return Err(ApiError::field("kind", KIND_INVALID)),
    };
    let events = events_of(&body.events)?;
    let description = description_of(&body.description)?;
    if endpoints(&context, &principal.tenant_id).await?.len() >= webhooks::MAX_ENDPOINTS {
        return Err(ApiError::BadRequest(TOO_MANY.into()));
    }
    let id = model::new_id();
    let key = keys::webhook_endpoint(&principal.tenant_id, &id);
    let now = model::timestamp(model::now());
    let record = EndpointRecord {
        pk: key.pk,
        sk: key.sk,
        entity_type: EndpointRecord::ENTITY.into(),
        tenant_id: principal.tenant_id.clone(),
        endpoint_id: id,
        url,
        kind,
        description,
        events,
        enabled: true,
        disabled_reason: None,
        secret: webhooks::new_secret(),
        previous_secret: None,
        failing_since: None,
        last_success_at: None,
        created_at: now.clone(),
        updated_at: now,
        version: 1,
    };
    context.store.put_if(&record, "attribute_not_exists(PK)", &[]).await?;
    let secret = record.secret.clone();
    Ok((StatusCode::CREATED, Json(EndpointWithSecret { endpoint: Endpoint::from(&record), secret })))
}

/// Change an endpoint's address, description or events, or enable or disable it.
#[utoipa::path(put, path = "/webhooks/endpoints/{endpointId}", tag = TAG, security(("staffToken" = ["ManageIntegrations"])),
    params(("endpointId" = String, Path)), request_body = UpdateEndpoint,
    responses(
        (status = 200, body = Endpoint),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "Changed meanwhile: try again", body = ErrorBody),
    ))]
pub async fn update_endpoint(
    State(context): State<AppContext>,
    principal: Principal,
    Path(endpoint_id): Path<String>,
    Json(body): Json<UpdateEndpoint>,
) -> ApiResult<Json<Endpoint>> {
    principal.require(Permission::ManageIntegrations)?;
    let mut record = endpoint(&context, &principal.tenant_id, &endpoint_id).await?;
    if let Some(url) = &body.url {
        record.url = url_of(&context, url)?;
    }
    if let Some(events) = &body.events {
        record.events = events_of(events)?;
    }
    if let Some(description) = &body.description {
        record.description = description_of(description)?;
    }
    if let Some(enabled) = body.enabled {
        if enabled && !record.enabled {
            // Enabled again by hand: a fresh start.
            record.disabled_reason = None;
            record.failing_since = None;
        }
        record.enabled = enabled;
    }
    let expected = record.version;
    record.version += 1;
    record.updated_at = model::timestamp(model::now());
    context.store.put_versioned(&record, expected).await.map_err(|e| match e {
        StoreError::ConditionFailed => {
            ApiError::Conflict("The endpoint was changed meanwhile. Please try again.".into())
        }
        other => other.into(),
    })?;
    Ok(Json(Endpoint::from(&record)))
}

/// Delete an endpoint: nothing more is sent to it (its log expires with its 30 days).
#[utoipa::path(delete, path = "/webhooks/endpoints/{endpointId}", tag = TAG, security(("staffToken" = ["ManageIntegrations"])),
    params(("endpointId" = String, Path)),
    responses((status = 200, body = Message), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn delete_endpoint(
    State(context): State<AppContext>,
    principal: Principal,
    Path(endpoint_id): Path<String>,
) -> ApiResult<Json<Message>> {
    principal.require(Permission::ManageIntegrations)?;
    let record = endpoint(&context, &principal.tenant_id, &endpoint_id).await?;
    context.store.delete(&keys::webhook_endpoint(&principal.tenant_id, &record.endpoint_id)).await?;
    Ok(Message::new("Webhook endpoint deleted"))
}

/// A new signing secret, shown this once. The previous one keeps signing (a second
/// signature) for 24 hours, so receivers can switch without losing events.
#[utoipa::path(post, path = "/webhooks/endpoints/{endpointId}/rotate-secret", tag = TAG, security(("staffToken" = ["ManageIntegrations"])),
    params(("endpointId" = String, Path)),
    responses(
        (status = 200, body = EndpointWithSecret),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody),
    ))]
pub async fn rotate_secret(
    State(context): State<AppContext>,
    principal: Principal,
    Path(endpoint_id): Path<String>,
) -> ApiResult<Json<EndpointWithSecret>> {
    principal.require(Permission::ManageIntegrations)?;
    let mut record = endpoint(&context, &principal.tenant_id, &endpoint_id).await?;
    let now = model::now();
    let previous = std::mem::replace(&mut record.secret, webhooks::new_secret());
    record.previous_secret = Some(PreviousSecret {
        secret: previous,
        until: now.unix_timestamp() + webhooks::ROTATION_OVERLAP_HOURS * 3600,
    });
    let expected = record.version;
    record.version += 1;
    record.updated_at = model::timestamp(now);
    context.store.put_versioned(&record, expected).await.map_err(|e| match e {
        StoreError::ConditionFailed => {
            ApiError::Conflict("The endpoint was changed meanwhile. Please try again.".into())
        }
        other => other.into(),
    })?;
    let secret = record.secret.clone();
    Ok(Json(EndpointWithSecret { endpoint: Endpoint::from(&record), secret }))
}

/// Send the endpoint a `webhook.test` event (delivered, signed and logged like the others).
#[utoipa::path(post, path = "/webhooks/endpoints/{endpointId}/test", tag = TAG, security(("staffToken" = ["ManageIntegrations"])),
    params(("endpointId" = String, Path)),
    responses(
        (status = 202, body = TestSent),
        (status = 400, description = "The endpoint is disabled", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
    ))]
pub async fn send_test(
    State(context): State<AppContext>,
    principal: Principal,
    Path(endpoint_id): Path<String>,
) -> ApiResult<(StatusCode, Json<TestSent>)> {
    principal.require(Permission::ManageIntegrations)?;
    let record = endpoint(&context, &principal.tenant_id, &endpoint_id).await?;
    if !record.enabled {
        return Err(ApiError::BadRequest(TEST_DISABLED.into()));
    }
    let data = EventData::Test(TestData {
        endpoint_id: record.endpoint_id.clone(),
        message: "This is a test event sent from Storyhive's Settings, Integrations.".into(),
    });
    let mut event = EventRecord::new(&principal.tenant_id, &model::new_id(), data, model::now());
    event.only_endpoint = Some(record.endpoint_id.clone());
    context.store.put_if(&event, "attribute_not_exists(PK)", &[]).await?;
    webhooks::announce(&context.webhooks, &principal.tenant_id, &event.event_id).await;
    Ok((StatusCode::ACCEPTED, Json(TestSent { event_id: event.event_id })))
}

/// The endpoint's delivery log, newest first: each attempt's time, answer code, duration
/// and error (kept 30 days).
#[utoipa::path(get, path = "/webhooks/endpoints/{endpointId}/deliveries", tag = TAG, security(("staffToken" = ["ManageIntegrations"])),
    params(("endpointId" = String, Path), PageParams),
    responses(
        (status = 200, body = DeliveryPage),
        (status = 400, description = "Bad cursor or page size", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
    ))]
pub async fn list_deliveries(
    State(context): State<AppContext>,
    principal: Principal,
    Path(endpoint_id): Path<String>,
    Query(page): Query<PageParams>,
) -> ApiResult<Json<DeliveryPage>> {
    principal.require(Permission::ManageIntegrations)?;
    let limit = page.limit()?;
    let record = endpoint(&context, &principal.tenant_id, &endpoint_id).await?;
    let query = StoreQuery::partition(keys::webhook_attempts_partition(&principal.tenant_id, &record.endpoint_id))
        .newest_first()
        .limit(limit);
    let (items, next_cursor) = context.store.query_page::<webhooks::AttemptRecord>(query, page.cursor()).await?;
    Ok(Json(DeliveryPage { items: items.into_iter().map(Delivery::from).collect(), next_cursor }))
}

/// Deliver an event to the endpoint again, now, under the same `webhook-id` (one attempt,
/// logged; a disabled endpoint receives it too).
#[utoipa::path(post, path = "/webhooks/endpoints/{endpointId}/deliveries/{eventId}/redeliver", tag = TAG,
    security(("staffToken" = ["ManageIntegrations"])),
    params(("endpointId" = String, Path), ("eventId" = String, Path)),
    responses(
        (status = 202, body = Message),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
    ))]
pub async fn redeliver(
    State(context): State<AppContext>,
    principal: Principal,
    Path((endpoint_id, event_id)): Path<(String, String)>,
) -> ApiResult<(StatusCode, Json<Message>)> {
    principal.require(Permission::ManageIntegrations)?;
    let record = endpoint(&context, &principal.tenant_id, &endpoint_id).await?;
    let valid_event = event_id.starts_with("msg_") && event_id.len() <= 64 && ids::is_valid(&event_id);
    let delivery = if valid_event {
        context
            .store
            .get::<DeliveryRecord>(&keys::webhook_delivery(&principal.tenant_id, &event_id, &record.endpoint_id))
            .await?
    } else {
        None
    };
    let Some(delivery) = delivery else { return Err(ApiError::NotFound(DELIVERY_NOT_FOUND.into())) };
    context
        .webhooks
        .send(&WebhookJob::Deliver {
            tenant_id: principal.tenant_id.clone(),
            event_id: delivery.event_id,
            endpoint_id: record.endpoint_id,
            attempt: 0,
            due_at: 0,
            manual: true,
        })
        .await
        .map_err(ApiError::Internal)?;
    Ok((StatusCode::ACCEPTED, Message::new("Redelivery queued")))
}
