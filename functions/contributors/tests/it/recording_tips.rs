//! The organisation's guidelines reach a collaborator as recording tips on the landing page.

use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::common::*;

#[tokio::test]
async fn a_collaborator_sees_the_organisations_guidelines_as_tips() {
    let stack = stack().await.with_function("GuidelinesFunction", storyhive_guidelines::router);
    let invited = invited(&stack, &["Why do you volunteer?"]).await;
    let path = invited.path("/contributor");
    let (status, body) = invited.call(&stack, Method::GET, &path, None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["recordingTips"], json!([]), "no guidelines yet");

    let staff = &invited.staff;
    for (title, values) in [
        ("Light", vec!["Face a window"]),
        ("Empty heading", vec![]),
        ("Sound", vec!["Find a quiet room", "Mute notifications"]),
    ] {
        let (status, body) =
            staff.post(&stack, "/guideline/addguidelinetitle", json!({"title": title, "values": values})).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
    }
    // Another organisation's guidelines never show.
    let other = organisation(&stack).await;
    other.post(&stack, "/guideline/addguidelinetitle", json!({"title": "Secret", "values": ["Theirs"]})).await;

    let (_, body) = invited.call(&stack, Method::GET, &path, None).await;
    assert_eq!(
        body["recordingTips"],
        json!([
            {"title": "Light", "tips": ["Face a window"]},
            {"title": "Sound", "tips": ["Find a quiet room", "Mute notifications"]},
        ]),
        "titles holding values, in the order they were added"
    );
}
