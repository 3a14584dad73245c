use std::sync::Arc;

use reqwest::StatusCode;
use serde_json::json;
use storyhive_shared::{
    model,
    queue::WebhookJob,
    storage::keys,
    webhooks::{self, DeliveryRecord, EndpointRecord, EventData, EventRecord, TestData},
};

use crate::common::*;

#[tokio::test]
async fn a_signed_event_refused_once_is_retried_under_the_same_id_then_redelivered_by_hand() {
    let stack = stack().await;
    let admin = organisation(&stack).await;
    let receiver = Receiver::start();
    let (id, secret) =
        endpoint(&stack, &admin, &receiver.url("/fail-first/hook"), "standard", &["answer.stored"]).await;

    let (status, sent) = admin.post(&stack, &format!("/webhooks/endpoints/{id}/test"), json!({})).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{sent}");
    let event_id = sent["eventId"].as_str().unwrap();
    // 500 first; the retry comes 5 seconds later with the same id; 200 then.
    let log = receiver.wait_for(&stack, &secret, 2).await;
    assert_eq!(log.len(), 2, "{log:?}");
    for (request, answered) in log.iter().zip([500, 200]) {
        assert_eq!(request["id"], event_id);
        assert_eq!(request["answered"], answered);
        assert_eq!(request["verified"], true, "the signature verifies with standardwebhooks: {request}");
        assert_eq!(request["payload"]["type"], "webhook.test");
        assert_eq!(request["payload"]["data"]["endpointId"], id.as_str());
    }
    assert_eq!(log[0]["payload"], log[1]["payload"], "the same event, byte for byte");
    let wrong = webhooks::new_secret();
    assert!(receiver.log(&wrong).await.iter().all(|r| r["verified"] == false), "another secret does not verify");

    // The log, newest first: the success, then the failure with when it would be retried.
    let (status, page) = admin.get(&stack, &format!("/webhooks/endpoints/{id}/deliveries?limit=1")).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert_eq!(page["items"][0]["ok"], true);
    assert_eq!(page["items"][0]["statusCode"], 200);
    assert_eq!(page["items"][0]["attempt"], 2);
    let cursor = page["nextCursor"].as_str().expect("a second page").to_string();
    let (_, second) = admin.get(&stack, &format!("/webhooks/endpoints/{id}/deliveries?limit=1&cursor={cursor}")).await;
    let failed = &second["items"][0];
    assert_eq!(
        (failed["ok"].as_bool(), failed["statusCode"].as_u64(), failed["attempt"].as_u64()),
        (Some(false), Some(500), Some(1))
    );
    assert_eq!(failed["error"], "Answered 500 Internal Server Error: receiver says no");
    assert!(failed["nextAttemptAt"].is_string());
    assert!(second["nextCursor"].is_null());

    // By hand: the same id once more, logged as such.
    let (status, body) =
        admin.post(&stack, &format!("/webhooks/endpoints/{id}/deliveries/{event_id}/redeliver"), json!({})).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{body}");
    let log = receiver.wait_for(&stack, &secret, 3).await;
    assert_eq!(log[2]["id"], event_id);
    assert_eq!(log[2]["verified"], true);
    let (_, page) = admin.get(&stack, &format!("/webhooks/endpoints/{id}/deliveries")).await;
    assert_eq!(page["items"][0]["manual"], true);
    assert_eq!(page["items"][0]["ok"], true);
    // An event this endpoint never had cannot be redelivered to it.
    let (status, _) = admin
        .post(
            &stack,
            &format!("/webhooks/endpoints/{id}/deliveries/msg_00000000000000000000000000000000/redeliver"),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn after_a_rotation_both_secrets_verify_for_a_day() {
    let stack = stack().await;
    let admin = organisation(&stack).await;
    let receiver = Receiver::start();
    let (id, old) = endpoint(&stack, &admin, &receiver.url("/ok"), "standard", &["video.published"]).await;
    let (status, rotated) = admin.post(&stack, &format!("/webhooks/endpoints/{id}/rotate-secret"), json!({})).await;
    assert_eq!(status, StatusCode::OK, "{rotated}");
    let new = rotated["secret"].as_str().unwrap().to_string();
    assert_ne!(new, old);
    assert!(rotated["endpoint"]["previousSecretUntil"].is_string());
    admin.post(&stack, &format!("/webhooks/endpoints/{id}/test"), json!({})).await;
    let log = receiver.wait_for(&stack, &new, 1).await;
    assert_eq!(log[0]["verified"], true, "the new secret verifies");
    assert_eq!(log[0]["signature"].as_str().unwrap().split(' ').count(), 2);
    assert_eq!(receiver.log(&old).await[0]["verified"], true, "and the old one, during the overlap");
}

#[tokio::test]
async fn a_slack_endpoint_gets_a_message_saying_what_happened_with_a_link() {
    let stack = stack().await;
    let admin = organisation(&stack).await;
    let receiver = Receiver::start();
    let (id, secret) =
        endpoint(&stack, &admin, &receiver.url("/services/T000/B000/XXXX"), "slack", &["answer.ready"]).await;
    admin.post(&stack, &format!("/webhooks/endpoints/{id}/test"), json!({})).await;
    let log = receiver.wait_for(&stack, &secret, 1).await;
    let message = &log[0]["payload"];
    let text = message["text"].as_str().unwrap();
    assert!(text.starts_with("Test event from Storyhive: "), "{text}");
    assert!(text.contains("|Open in Storyhive>"), "{text}");
    assert_eq!(message["blocks"][0]["type"], "section");
    assert_eq!(message["blocks"][1]["elements"][0]["url"], "http://app.storyhive.test/settings/integrations");
}

/// An event and its delivery to `endpoint_id`, as the fan-out leaves them (the test then
/// drives the worker itself, with its own clock).
async fn delivery(stack: &storyhive_local_stack::testkit::TestStack, tenant_id: &str, endpoint_id: &str) -> String {
    let data = EventData::Test(TestData { endpoint_id: endpoint_id.into(), message: "ping".into() });
    let mut event = EventRecord::new(tenant_id, &model::new_id(), data, model::now());
    event.gsi2pk = None;
    event.gsi2sk = None;
    stack.context.store.put(&event).await.unwrap();
    stack.context.store.put(&DeliveryRecord::new(tenant_id, &event.event_id, endpoint_id, model::now())).await.unwrap();
    event.event_id
}

#[tokio::test]
async fn an_endpoint_failing_for_five_days_is_disabled_and_its_admins_are_told() {
    let stack = stack().await;
    let admin = organisation(&stack).await;
    let receiver = Receiver::start();
    let (id, _) = endpoint(&stack, &admin, &receiver.url("/fail/hook"), "standard", &["answer.stored"]).await;
    let store = &stack.context.store;
    let started = model::now();
    let at = |days: i64, seconds: i64| {
        let mut worker = worker(&stack);
        let now = started + time::Duration::days(days) + time::Duration::seconds(seconds);
        worker.clock = Arc::new(move || now);
        worker
    };
    let attempt = |event_id: String| WebhookJob::Deliver {
        tenant_id: admin.tenant_id.clone(),
        event_id,
        endpoint_id: id.clone(),
        attempt: 0,
        due_at: 0,
        manual: true,
    };
    let record = || async {
        store.get::<EndpointRecord>(&keys::webhook_endpoint(&admin.tenant_id, &id)).await.unwrap().unwrap()
    };
    at(0, 0).run(&attempt(delivery(&stack, &admin.tenant_id, &id).await)).await.unwrap();
    assert_eq!(record().await.failing_since, Some(started.unix_timestamp()));
    at(4, 0).run(&attempt(delivery(&stack, &admin.tenant_id, &id).await)).await.unwrap();
    assert!(record().await.enabled, "4 days of failures: still enabled");
    at(5, 1).run(&attempt(delivery(&stack, &admin.tenant_id, &id).await)).await.unwrap();
    let disabled = record().await;
    assert!(!disabled.enabled);
    let reason = disabled.disabled_reason.clone().unwrap();
    assert!(reason.starts_with("Disabled: every delivery failed for 5 days (since "), "{reason}");

    // The organisation's admins are e-mailed, once.
    let email = store
        .get::<storyhive_shared::model::UserRecord>(&keys::user(&admin.tenant_id, &admin.user_id))
        .await
        .unwrap()
        .unwrap()
        .email;
    let mail = stack.wait_for_mail(&email, 1).await.unwrap();
    assert_eq!(mail[0].subject, "A Storyhive webhook endpoint was disabled");
    assert!(mail[0].body.contains(&receiver.url("/fail/hook")), "{}", mail[0].body);
    assert!(mail[0].body.contains(&reason), "{}", mail[0].body);
    at(6, 0).run(&attempt(delivery(&stack, &admin.tenant_id, &id).await)).await.unwrap();
    stack.run_workers().await.unwrap();
    assert_eq!(stack.mail_to(&email).await.unwrap().len(), 1, "told once");

    // The staff app shows why; enabling it by hand starts afresh.
    let (_, list) = admin.get(&stack, "/webhooks/endpoints").await;
    assert_eq!(list["endpoints"][0]["disabledReason"], reason.as_str());
    let (status, _) = admin.post(&stack, &format!("/webhooks/endpoints/{id}/test"), json!({})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "no test event to a disabled endpoint");
    let (status, enabled) = admin.put(&stack, &format!("/webhooks/endpoints/{id}"), json!({"enabled": true})).await;
    assert_eq!(status, StatusCode::OK, "{enabled}");
    assert_eq!((enabled["enabled"].as_bool(), enabled["disabledReason"].as_str()), (Some(true), None));
    assert!(enabled["failingSince"].is_null());
}
