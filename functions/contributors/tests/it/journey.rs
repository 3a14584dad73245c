use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::common::*;

#[tokio::test]
async fn details_journey_settings_and_missing_ids() {
    let stack = stack().await;
    let invited = invited(&stack, &["Who are you?", "What happened?"]).await;

    let (status, body) = invited
        .call(
            &stack,
            Method::POST,
            "/contributor/save",
            Some(invited.with_ids(json!({"firstName": "Am", "lastName": "Okafor"}))),
        )
        .await;
    assert_eq!((status, first_message(&body)), (StatusCode::BAD_REQUEST, "First name must be at least 3 characters"));
    let (status, body) = invited
        .call(
            &stack,
            Method::POST,
            "/contributor/save",
            Some(invited.with_ids(json!({"firstName": "Amara", "lastName": "Okafor-Ade"}))),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        (body["contributor"]["isDetailSubmitted"].as_bool(), body["startedJourney"].as_bool()),
        (Some(true), Some(true))
    );
    let (_, list) =
        invited.staff.get(&stack, &format!("/contributor/campaignContributorList/{}", invited.campaign_id)).await;
    assert_eq!(
        (list["items"][0]["status"].as_str(), list["items"][0]["lastName"].as_str()),
        (Some("activated"), Some("Okafor-Ade"))
    );
    let (_, found) = invited.staff.get(&stack, "/contributor/all?searchVal=okafor-ade").await;
    assert_eq!(found["items"].as_array().unwrap().len(), 1, "found by the name they gave: {found}");

    let (status, journey) = invited.call(&stack, Method::GET, &invited.path("/contributor-journey"), None).await;
    assert_eq!(status, StatusCode::OK, "{journey}");
    let questions = journey["questions"].as_array().unwrap();
    assert_eq!(questions.len(), 2);
    assert!(questions.iter().all(|q| q["toAsk"] == true && q["uploadStatus"] == "none" && q["stored"] == false));
    assert_eq!(questions[0]["videoConfig"], json!({"speed": 20, "contrast": 50, "fontSize": null}));

    let q1 = &invited.question_ids[0];
    let (status, body) = invited
        .call(
            &stack,
            Method::POST,
            "/contributor-journey/save",
            Some(
                json!({"tenantId": invited.staff.tenant_id, "campaignId": "", "contributorId": invited.contributor_id}),
            ),
        )
        .await;
    assert_eq!(
        (status, detail(&body)),
        (StatusCode::BAD_REQUEST, "Error: Campaign ID, campaignQuestionId is missing. Please check your details.")
    );
    let (status, body) = invited
        .call(
            &stack,
            Method::POST,
            "/contributor-journey/save",
            Some(invited.with_ids(
                json!({"campaignQuestionId": q1, "videoConfig": {"speed": 0, "contrast": 101, "fontSize": 13}}),
            )),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let messages: Vec<&str> =
        body["errors"].as_array().unwrap().iter().map(|e| e["message"].as_str().unwrap()).collect();
    assert_eq!(
        messages,
        vec![
            "Speed must be between 1 and 100",
            "Contrast must be between 0 and 100",
            "Font size must be between 12 and 64 in steps of 2"
        ]
    );
    let script = "I started here 🙂\n\nThen it changed.";
    let (status, saved) = invited
        .call(
            &stack,
            Method::POST,
            "/contributor-journey/save",
            Some(invited.with_ids(json!({"campaignQuestionId": q1, "contributorScript": script, "videoConfig": {"speed": 35, "contrast": 70, "fontSize": 32}}))),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!((saved["contributorScript"].as_str(), saved["videoConfig"]["speed"].as_u64()), (Some(script), Some(35)));
    let (_, view) = invited.call(&stack, Method::GET, &invited.path("/contributor"), None).await;
    assert_eq!(
        view["videoConfig"],
        json!({"speed": 35, "contrast": 70, "fontSize": 32}),
        "the latest settings carry over"
    );

    // Submitting before every answer is stored is refused.
    let (status, body) =
        invited.call(&stack, Method::PUT, &format!("{}/submit", invited.path("/contributor")), None).await;
    assert_eq!((status, detail(&body)), (StatusCode::BAD_REQUEST, "Please record every question before submitting"));

    // Missing ids in a path read as missing, in the spec's words.
    let (status, body) = invited
        .call(
            &stack,
            Method::GET,
            &format!("/contributor-journey/undefined/{}/{}", invited.campaign_id, invited.contributor_id),
            None,
        )
        .await;
    assert_eq!(
        (status, detail(&body)),
        (StatusCode::BAD_REQUEST, "Error: Tenant ID is missing. Please check your details.")
    );
    let (status, body) = invited
        .call(&stack, Method::POST, "/contributor/campaign/videos", Some(json!({"tenantId": invited.staff.tenant_id})))
        .await;
    assert_eq!((status, detail(&body)), (StatusCode::BAD_REQUEST, "invalid params"));

    // Staff may look with their own token through the flags.
    let (status, admin_view) =
        invited.staff.get(&stack, &format!("{}?adminAccess=true", invited.path("/contributor"))).await;
    assert_eq!(
        (status, admin_view["contributor"]["id"].as_str()),
        (StatusCode::OK, Some(invited.contributor_id.as_str()))
    );
    let (status, all) = invited
        .staff
        .get(&stack, &format!("{}?exceptCollaborator=true", invited.path("/contributor-journey/all-questions")))
        .await;
    assert_eq!((status, all.as_array().unwrap().len()), (StatusCode::OK, 2));
    let stranger = organisation(&stack).await;
    let (status, _) = stranger.get(&stack, &format!("{}?adminAccess=true", invited.path("/contributor"))).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) =
        call(&stack, Method::GET, &format!("{}?adminAccess=true", invited.path("/contributor")), None, None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn the_teleprompter_gets_the_questions_script_else_the_campaigns() {
    let stack = stack().await;
    let invited = invited(&stack, &["Who are you?", "What happened?"]).await;
    let (q1, q2) = (&invited.question_ids[0], &invited.question_ids[1]);
    let staff = &invited.staff;
    let (_, campaign) = staff.get(&stack, &format!("/campaign/{}", invited.campaign_id)).await;
    let campaign_script = "<p>Say your name and team 👋</p><p>Then tell the story.</p>";
    let (status, body) = staff
        .post(
            &stack,
            "/campaign/save-script",
            json!({"campaignId": invited.campaign_id, "version": campaign["version"], "script": campaign_script}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = staff
        .put(
            &stack,
            &format!("/question/{q1}"),
            json!({"campaignId": invited.campaign_id, "script": "Start with the day you joined 🎉"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");

    let scripts = |journey: &serde_json::Value| -> Vec<(String, Option<String>, Option<String>)> {
        journey["questions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|q| {
                (
                    q["campaignQuestionId"].as_str().unwrap().to_string(),
                    q["script"].as_str().map(String::from),
                    q["contributorScript"].as_str().map(String::from),
                )
            })
            .collect()
    };
    let (status, journey) = invited.call(&stack, Method::GET, &invited.path("/contributor-journey"), None).await;
    assert_eq!(status, StatusCode::OK, "{journey}");
    assert_eq!(
        scripts(&journey),
        vec![
            (q1.clone(), Some("Start with the day you joined 🎉".into()), None),
            (q2.clone(), Some(campaign_script.into()), None),
        ]
    );
    let (_, to_ask) =
        invited.call(&stack, Method::GET, &invited.path("/contributor-journey/all-questions"), None).await;
    assert_eq!(to_ask[1]["script"].as_str(), Some(campaign_script), "the studio's questions carry it too");

    // The collaborator's own words are kept beside what staff wrote, and win on their pages.
    let (status, saved) = invited
        .call(
            &stack,
            Method::POST,
            "/contributor-journey/save",
            Some(invited.with_ids(json!({"campaignQuestionId": q2, "contributorScript": "My own words"}))),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(
        (saved["script"].as_str(), saved["contributorScript"].as_str()),
        (Some(campaign_script), Some("My own words"))
    );
    let (_, journey) = invited.call(&stack, Method::GET, &invited.path("/contributor-journey"), None).await;
    assert_eq!(scripts(&journey)[1], (q2.clone(), Some(campaign_script.into()), Some("My own words".into())));

    // Clearing the question's script falls back to the campaign's.
    let (status, _) =
        staff.put(&stack, &format!("/question/{q1}"), json!({"campaignId": invited.campaign_id, "script": ""})).await;
    assert_eq!(status, StatusCode::OK);
    let (_, journey) = invited.call(&stack, Method::GET, &invited.path("/contributor-journey"), None).await;
    assert_eq!(scripts(&journey)[0].1.as_deref(), Some(campaign_script));
}
