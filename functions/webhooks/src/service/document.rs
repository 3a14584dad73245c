//! The `webhooks` section of `openapi.json` (OpenAPI 3.1): one entry per event, the
//! request Storyhive sends to an endpoint, with its payload's schema and the Standard
//! Webhooks headers. utoipa does not generate this section; it is made here from the same
//! types the worker serialises.

use serde_json::{json, Map, Value};
use storyhive_shared::webhooks::{
    AnswerReadyData, AnswerStoredData, CollaboratorSubmittedData, ConsentWithdrawnData, EventType, TestData,
    VideoPublicationData, VideoRenderedData,
};
use utoipa::PartialSchema;

fn schema_of<T: PartialSchema>() -> Value {
    serde_json::to_value(T::schema()).expect("a schema serialises")
}

/// The data schema of each event type (its name in `components.schemas`, and the schema).
fn data_schemas() -> Vec<(EventType, &'static str, Value)> {
    vec![
        (EventType::AnswerStored, "AnswerStoredData", schema_of::<AnswerStoredData>()),
        (EventType::AnswerReady, "AnswerReadyData", schema_of::<AnswerReadyData>()),
        (EventType::CollaboratorSubmitted, "CollaboratorSubmittedData", schema_of::<CollaboratorSubmittedData>()),
        (EventType::VideoRendered, "VideoRenderedData", schema_of::<VideoRenderedData>()),
        (EventType::VideoPublished, "VideoPublicationData", schema_of::<VideoPublicationData>()),
        (EventType::VideoUnpublished, "VideoPublicationData", schema_of::<VideoPublicationData>()),
        (EventType::ConsentWithdrawn, "ConsentWithdrawnData", schema_of::<ConsentWithdrawnData>()),
        (EventType::Test, "WebhookTestData", schema_of::<TestData>()),
    ]
}

fn header(name: &str, description: &str, example: &str) -> Value {
    json!({
        "name": name,
        "in": "header",
        "required": true,
        "description": description,
        "schema": {"type": "string"},
        "example": example
    })
}

/// Adds `webhooks` (and the schemas it refers to) to the document.
pub fn add_webhooks(document: &mut Value) {
    let mut webhooks = Map::new();
    let schemas = document
        .pointer_mut("/components/schemas")
        .and_then(Value::as_object_mut)
        .expect("the document has component schemas");
    for (event, name, schema) in data_schemas() {
        schemas.insert(name.to_string(), schema);
        let payload = json!({
            "type": "object",
            "required": ["type", "timestamp", "data"],
            "properties": {
                "type": {"type": "string", "const": event.name()},
                "timestamp": {"type": "string", "format": "date-time", "description": "When it happened."},
                "data": {
                    "allOf": [
                        {"$ref": format!("#/components/schemas/{name}")},
                        {
                            "type": "object",
                            "required": ["link"],
                            "properties": {"link": {"type": "string", "description": "Where to see it in the staff app."}}
                        }
                    ]
                }
            }
        });
        webhooks.insert(
            event.name().to_string(),
            json!({
                "post": {
                    "summary": event.headline(),
                    "description": "Sent to each enabled endpoint subscribed to this event (a Slack endpoint receives a Slack message instead: `text` and `blocks`). Signed as the Standard Webhooks specification says: verify `webhook-signature` with the endpoint's secret over `{webhook-id}.{webhook-timestamp}.{body}`. Retried with the same `webhook-id` (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 6 h) until an answer with a 2xx status; redirects are not followed.",
                    "operationId": format!("webhook_{}", event.name().replace('.', "_")),
                    "tags": ["webhooks"],
                    "parameters": [
                        header("webhook-id", "The event's id: the same on every attempt (deduplicate on it).", "msg_2b8f0a3c4d5e6f708192a3b4c5d6e7f8"),
                        header("webhook-timestamp", "Unix seconds of this attempt.", "1767225600"),
                        header("webhook-signature", "`v1,<base64 HMAC-SHA256>`, space-separated, one per valid secret (two during a rotation's overlap).", "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4="),
                    ],
                    "requestBody": {"required": true, "content": {"application/json": {"schema": payload}}},
                    "responses": {
                        "2XX": {"description": "Received: not sent again."},
                        "default": {"description": "Any other answer, or none within 10 seconds: retried."}
                    }
                }
            }),
        );
    }
    document["webhooks"] = Value::Object(webhooks);
}
