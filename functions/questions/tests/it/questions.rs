use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::common::*;

fn order(list: &Value) -> Vec<(String, u64)> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|q| (q["question"].as_str().unwrap().to_string(), q["sequence"].as_u64().unwrap()))
        .collect()
}

fn expect(names: &[&str]) -> Vec<(String, u64)> {
    names.iter().enumerate().map(|(i, n)| (n.to_string(), i as u64 + 1)).collect()
}

#[tokio::test]
async fn questions_stay_densely_ordered_through_add_move_and_delete() {
    let stack = stack().await;
    let staff = organisation(&stack).await;
    let initiative = staff.initiative(&stack, "Questions").await;
    let tag = staff.tag(&stack, "q").await;
    let campaign = staff.campaign(&stack, &initiative, "Ordering", &[&tag]).await;
    let id = campaign["id"].as_str().unwrap();
    let list_path = format!("/question/list/{id}");

    for (question, message) in
        [("", "Question is a required field"), (&"q".repeat(51) as &str, "Question must be at most 50 characters")]
    {
        let (status, body) = staff.post(&stack, "/question/add", json!({"campaignId": id, "question": question})).await;
        assert_eq!((status, first_message(&body)), (StatusCode::BAD_REQUEST, message));
    }
    let a = staff.question(&stack, id, "Who are you?").await;
    assert_eq!((a["sequence"].as_u64(), a["tips"].is_null()), (Some(1), true));
    assert_eq!(a["campaignQuestionId"], a["questionId"]);
    staff.question(&stack, id, "What happened?").await;
    let c = staff.question(&stack, id, "What changed?").await;
    let (status, inserted) = staff
        .post(
            &stack,
            "/question/add",
            json!({"campaignId": id, "question": "Where were you?", "tips": "  Be specific  ", "sequence": 2}),
        )
        .await;
    assert_eq!((status, inserted["tips"].as_str()), (StatusCode::CREATED, Some("Be specific")));
    let (_, list) = staff.get(&stack, &list_path).await;
    assert_eq!(order(&list), expect(&["Who are you?", "Where were you?", "What happened?", "What changed?"]));

    // Move the last to the top.
    let c_id = c["questionId"].as_str().unwrap();
    let (status, moved) =
        staff.put(&stack, &format!("/question/{c_id}"), json!({"campaignId": id, "sequence": 1})).await;
    assert_eq!((status, moved["sequence"].as_u64()), (StatusCode::OK, Some(1)));
    let (_, list) = staff.get(&stack, &list_path).await;
    assert_eq!(order(&list), expect(&["What changed?", "Who are you?", "Where were you?", "What happened?"]));

    // Edit text and clear tips without moving.
    let i_id = inserted["questionId"].as_str().unwrap();
    let (status, edited) = staff
        .put(&stack, &format!("/question/{i_id}"), json!({"campaignId": id, "question": "Where was it?", "tips": ""}))
        .await;
    assert_eq!((status, edited["tips"].clone(), edited["sequence"].as_u64()), (StatusCode::OK, Value::Null, Some(3)));
    let (status, body) =
        staff.put(&stack, &format!("/question/{i_id}"), json!({"campaignId": id, "question": ""})).await;
    assert_eq!((status, first_message(&body)), (StatusCode::BAD_REQUEST, "Question is a required field"));

    // Only an existing question is updated.
    let (status, _) = staff
        .put(&stack, "/question/01NOTAQUESTION0000000000000", json!({"campaignId": id, "question": "Ghost"}))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, list) = staff.get(&stack, &list_path).await;
    assert_eq!(list.as_array().unwrap().len(), 4);

    let a_id = a["questionId"].as_str().unwrap();
    let (status, body) = staff.delete(&stack, &format!("/question/{id}/{a_id}"), None).await;
    assert_eq!((status, body["message"].as_str()), (StatusCode::OK, Some("Question deleted successfully")));
    let (_, list) = staff.get(&stack, &list_path).await;
    assert_eq!(order(&list), expect(&["What changed?", "Where was it?", "What happened?"]));

    // Script emoji survive storage.
    let (status, scripted) =
        staff.put(&stack, &format!("/question/{c_id}"), json!({"campaignId": id, "script": "<p>Smile 😊</p>"})).await;
    assert_eq!((status, scripted["script"].as_str()), (StatusCode::OK, Some("<p>Smile 😊</p>")));

    let stranger = organisation(&stack).await;
    let (status, _) = stranger.get(&stack, &list_path).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = stranger.post(&stack, "/question/add", json!({"campaignId": id, "question": "Injected?"})).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = stranger.delete(&stack, &format!("/question/{id}/{c_id}"), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}
