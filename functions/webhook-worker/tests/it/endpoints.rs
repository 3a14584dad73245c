use reqwest::StatusCode;
use serde_json::json;
use storyhive_shared::permissions::Role;

use crate::common::*;

#[tokio::test]
async fn endpoints_are_https_addresses_with_events_and_bad_input_changes_nothing() {
    let stack = stack().await;
    let admin = organisation(&stack).await;
    let cases = [
        (json!({"url": "", "events": ["answer.stored"]}), "url", "Enter the endpoint's address."),
        (
            json!({"url": "http://example.com/hook", "events": ["answer.stored"]}),
            "url",
            "The address must start with https://.",
        ),
        (
            json!({"url": "https://10.0.0.1/hook", "events": ["answer.stored"]}),
            "url",
            storyhive_shared::webhooks::URL_INTERNAL,
        ),
        (
            json!({"url": "https://169.254.169.254/", "events": ["answer.stored"]}),
            "url",
            storyhive_shared::webhooks::URL_INTERNAL,
        ),
        (json!({"url": "https://hooks.example.com/", "events": []}), "events", "Choose at least one event."),
        (
            json!({"url": "https://hooks.example.com/", "events": ["answer.deleted"]}),
            "events",
            "Unknown event: answer.deleted.",
        ),
        (
            json!({"url": "https://hooks.example.com/", "events": ["webhook.test"]}),
            "events",
            "Unknown event: webhook.test.",
        ),
        (
            json!({"url": "https://hooks.example.com/", "kind": "teams", "events": ["answer.stored"]}),
            "kind",
            "The kind must be standard or slack.",
        ),
    ];
    for (body, field, message) in cases {
        let (status, answer) = admin.post(&stack, "/webhooks/endpoints", body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {answer}");
        assert_eq!(answer["errors"][0]["field"], field, "{answer}");
        assert_eq!(first_message(&answer), message, "{body}");
    }
    let (_, list) = admin.get(&stack, "/webhooks/endpoints").await;
    assert_eq!(list["endpoints"], json!([]), "nothing was made");
    assert_eq!(list["eventTypes"].as_array().unwrap().len(), 7);

    let (status, made) = admin
        .post(
            &stack,
            "/webhooks/endpoints",
            json!({"url": "https://hooks.example.com/in", "description": "CRM", "events": ["answer.stored", "consent.withdrawn"]}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{made}");
    let secret = made["secret"].as_str().unwrap();
    assert!(secret.starts_with("whsec_"));
    let id = made["endpoint"]["id"].as_str().unwrap();
    let (_, list) = admin.get(&stack, "/webhooks/endpoints").await;
    let shown = &list["endpoints"][0];
    assert_eq!(shown["url"], "https://hooks.example.com/in");
    assert_eq!(shown["kind"], "standard");
    assert_eq!(shown["events"], json!(["answer.stored", "consent.withdrawn"]));
    assert!(!list.to_string().contains(secret), "the secret is shown once only");

    // A bad change changes nothing; a good one is kept.
    let (status, _) = admin
        .put(
            &stack,
            &format!("/webhooks/endpoints/{id}"),
            json!({"url": "https://169.254.169.254/", "events": ["video.published"]}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (_, list) = admin.get(&stack, "/webhooks/endpoints").await;
    assert_eq!(list["endpoints"][0]["events"], json!(["answer.stored", "consent.withdrawn"]));
    let (status, changed) = admin
        .put(&stack, &format!("/webhooks/endpoints/{id}"), json!({"events": ["video.published"], "enabled": false}))
        .await;
    assert_eq!(status, StatusCode::OK, "{changed}");
    assert_eq!((changed["events"].clone(), changed["enabled"].clone()), (json!(["video.published"]), json!(false)));

    let (status, _) = admin.delete(&stack, &format!("/webhooks/endpoints/{id}"), None).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = admin.delete(&stack, &format!("/webhooks/endpoints/{id}"), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, list) = admin.get(&stack, "/webhooks/endpoints").await;
    assert_eq!(list["endpoints"], json!([]));
}

#[tokio::test]
async fn only_super_admins_and_admins_manage_webhooks_and_only_their_own() {
    let stack = stack().await;
    let owner = organisation(&stack).await;
    let (id, _) = endpoint(&stack, &owner, "https://hooks.example.com/in", "standard", &["answer.stored"]).await;
    let admin = member(&stack, &owner.tenant_id, Role::Admin).await;
    let (status, list) = admin.get(&stack, "/webhooks/endpoints").await;
    assert_eq!((status, list["endpoints"].as_array().map(Vec::len)), (StatusCode::OK, Some(1)));
    for role in [Role::Creator, Role::Coordinator] {
        let staff = member(&stack, &owner.tenant_id, role).await;
        let (status, _) = staff.get(&stack, "/webhooks/endpoints").await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{role:?}");
        let (status, _) = staff.delete(&stack, &format!("/webhooks/endpoints/{id}"), None).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{role:?}");
    }
    // Another organisation's admin does not see it, and cannot touch it.
    let other = organisation(&stack).await;
    let (_, list) = other.get(&stack, "/webhooks/endpoints").await;
    assert_eq!(list["endpoints"], json!([]));
    for (status, _) in [
        other.delete(&stack, &format!("/webhooks/endpoints/{id}"), None).await,
        other.post(&stack, &format!("/webhooks/endpoints/{id}/rotate-secret"), json!({})).await,
        other.get(&stack, &format!("/webhooks/endpoints/{id}/deliveries")).await,
    ] {
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
}

#[test]
fn the_template_never_allows_loopback_webhooks() {
    let template =
        std::fs::read_to_string(storyhive_local_stack::testkit::workspace_root().join("template.yaml")).unwrap();
    assert!(!template.contains("STORYHIVE_WEBHOOKS_ALLOW_LOOPBACK"), "the tests' setting must never be deployed");
    assert!(template.contains("WEBHOOK_QUEUE_URL: !Ref WebhookQueue"));
}
