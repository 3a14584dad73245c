//! Examples the API fuzzing (schemathesis, the test command's `api` step) found, kept as
//! regression tests: each once answered a 500 or a status `openapi.json` did not list.

use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::common::*;

#[tokio::test]
async fn a_participant_named_twice_is_added_once() {
    let stack = stack().await;
    let staff = organisation(&stack).await;
    let (campaign_id, _) = staff.live_campaign(&stack, "Twice").await;
    let admin = member(&stack, &staff.tenant_id, storyhive_shared::permissions::Role::Admin).await;
    let (status, body) = staff
        .post(
            &stack,
            "/campaign/add-participants",
            json!({"campaignId": campaign_id, "userIds": [admin.user_id, admin.user_id, admin.user_id]}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let named: Vec<&str> = body["participants"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|p| p["id"].as_str())
        .filter(|id| *id == admin.user_id)
        .collect();
    assert_eq!(named.len(), 1);
}

#[tokio::test]
async fn unknown_campaigns_questions_and_collaborators_are_404s_the_document_lists() {
    let stack = stack().await;
    let invited = invited(&stack, &["Known?"]).await;
    let staff = &invited.staff;
    let unknown = storyhive_shared::model::new_id();
    for (path, body) in [
        ("/campaign/add-brief", json!({"campaignId": unknown, "brief": "<p>Hi</p>", "version": 1})),
        ("/campaign/auto-save-brief", json!({"campaignId": unknown, "brief": "", "version": 1})),
        ("/campaign/save-script", json!({"campaignId": unknown, "script": "", "version": 1})),
    ] {
        let (status, answer) = staff.post(&stack, path, body).await;
        assert_eq!((status, detail(&answer)), (StatusCode::NOT_FOUND, "Campaign not found"), "{path}");
    }
    for path in [
        format!("/contributor/{}/{unknown}/{}?adminAccess=true", staff.tenant_id, invited.contributor_id),
        format!("/contributor/{}/{}/{unknown}?adminAccess=true", staff.tenant_id, invited.campaign_id),
        format!("/contributor-journey/all-questions/{}/{unknown}/{unknown}?exceptCollaborator=true", staff.tenant_id),
    ] {
        let (status, _) = staff.get(&stack, &path).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
    }
    let (status, answer) = invited
        .call(
            &stack,
            Method::POST,
            "/contributor-journey/save",
            Some(invited.with_ids(json!({"campaignQuestionId": unknown}))),
        )
        .await;
    assert_eq!((status, detail(&answer)), (StatusCode::NOT_FOUND, "Question not found"));
    let (status, _) = staff.get(&stack, &format!("/campaign/all-campaigns?search={}", "a".repeat(251))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "a search longer than the document allows");
    let (status, _) = staff.get(&stack, &format!("/contributor/all?searchVal={}", "a".repeat(255))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn writes_made_at_the_same_moment_both_succeed() {
    let stack = stack().await;
    let invited = invited(&stack, &["Both?"]).await;
    let staff = &invited.staff;
    // Skipping the tour while the profile is saved: one flag cannot conflict.
    for _ in 0..5 {
        let (tour, profile) = tokio::join!(
            staff.put(&stack, "/user/skip-tour", json!({"skippedEditorTour": true})),
            staff.put(&stack, "/user/me/update", json!({"roleInCompany": "Producer"})),
        );
        assert_eq!(tour.0, StatusCode::OK, "{}", tour.1);
        assert!(profile.0 == StatusCode::OK || profile.0 == StatusCode::CONFLICT, "{}", profile.1);
    }
    // A collaborator saving their details from two tabs at once.
    for (a, b) in [("Robin", "Robyn"), ("Sasha", "Sacha"), ("Noor", "Nour")] {
        let save = |first: &str| {
            invited.call(
                &stack,
                Method::POST,
                "/contributor/save",
                Some(invited.with_ids(json!({"firstName": first, "lastName": "Fuzzer"}))),
            )
        };
        let (one, two) = tokio::join!(save(a), save(b));
        assert_eq!((one.0, two.0), (StatusCode::OK, StatusCode::OK), "{} {}", one.1, two.1);
    }
}
