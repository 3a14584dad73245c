//! "Preview as contributor": `GET /contributor/{campaignId}/preview` gives staff what an
//! invited collaborator's pages show, for a draft too, without inviting anyone.

use reqwest::{Method, StatusCode};
use serde_json::json;

use super::common::*;

#[tokio::test]
async fn staff_preview_a_draft_as_collaborators_will_see_it_and_nobody_is_invited() {
    let stack = stack().await;
    let staff = organisation(&stack).await;
    let initiative = staff.initiative(&stack, &unique("Voices")).await;
    let tag = staff.tag(&stack, &unique("t")[..12]).await;
    let title = unique("Draft stories");
    let campaign = staff.campaign(&stack, &initiative, &title, &[&tag]).await;
    let id = campaign["id"].as_str().unwrap().to_string();
    let q1 = staff.question(&stack, &id, "Who are you?").await["questionId"].as_str().unwrap().to_string();
    let q2 = staff.question(&stack, &id, "What happened?").await["questionId"].as_str().unwrap().to_string();
    let campaign_script = "<p>Say your name and team 👋</p>";
    let (_, current) = staff.get(&stack, &format!("/campaign/{id}")).await;
    let (status, body) = staff
        .post(
            &stack,
            "/campaign/save-script",
            json!({"campaignId": id, "version": current["version"], "script": campaign_script}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) =
        staff.put(&stack, &format!("/question/{q1}"), json!({"campaignId": id, "script": "Start with day one"})).await;
    assert_eq!(status, StatusCode::OK, "{body}");

    let (status, preview) = staff.get(&stack, &format!("/contributor/{id}/preview")).await;
    assert_eq!(status, StatusCode::OK, "{preview}");
    // The landing page: the campaign with what to prepare, a collaborator who has not started.
    assert_eq!(preview["campaign"]["campaign"]["title"], title.as_str());
    assert_eq!(preview["campaign"]["campaign"]["script"], campaign_script);
    assert_eq!(preview["campaign"]["contributor"]["id"], "preview");
    assert_eq!(preview["campaign"]["contributor"]["isDetailSubmitted"], false);
    assert_eq!(preview["campaign"]["startedJourney"], false);
    // The journey: every question to ask, each with the script the teleprompter will show.
    let questions = preview["journey"]["questions"].as_array().unwrap();
    let seen: Vec<_> = questions
        .iter()
        .map(|q| {
            (
                q["campaignQuestionId"].as_str().unwrap(),
                q["script"].as_str(),
                q["toAsk"].as_bool(),
                q["stored"].as_bool(),
            )
        })
        .collect();
    assert_eq!(
        seen,
        vec![
            (q1.as_str(), Some("Start with day one"), Some(true), Some(false)),
            (q2.as_str(), Some(campaign_script), Some(true), Some(false)),
        ]
    );

    // Nobody was invited and the campaign is still a draft.
    let (_, people) = staff.get(&stack, &format!("/contributor/campaignContributorList/{id}")).await;
    assert_eq!(people["items"], json!([]), "{people}");
    let (_, after) = staff.get(&stack, &format!("/campaign/{id}")).await;
    assert_eq!(after["status"], "draft");

    // Another organisation's staff see nothing of it; without a session, nobody does.
    let other = organisation(&stack).await;
    let (status, body) = other.get(&stack, &format!("/contributor/{id}/preview")).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    let (status, body) = call(&stack, Method::GET, &format!("/contributor/{id}/preview"), None, None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
}
