use reqwest::StatusCode;
use serde_json::json;

use crate::common::*;

#[tokio::test]
async fn tags_are_unique_and_deleting_one_removes_it_from_campaigns() {
    let stack = stack().await;
    let staff = organisation(&stack).await;
    for (name, message) in
        [("", "Tag is a required field"), (&"t".repeat(31) as &str, "Tag must be at most 30 characters")]
    {
        let (status, body) = staff.post(&stack, "/tags/add", json!({"name": name})).await;
        assert_eq!((status, first_message(&body)), (StatusCode::BAD_REQUEST, message));
    }
    let volunteers = staff.tag(&stack, "Volunteers").await;
    let events = staff.tag(&stack, "events").await;
    let (status, body) = staff.post(&stack, "/tags/add", json!({"name": "volunteers"})).await;
    assert_eq!((status, detail(&body)), (StatusCode::CONFLICT, "This tag already exists"));
    let (_, list) = staff.get(&stack, "/tags/all-tags").await;
    assert_eq!(list, json!([{"id": events, "name": "events"}, {"id": volunteers, "name": "Volunteers"}]));

    let initiative = staff.initiative(&stack, "Community").await;
    let first = staff.campaign(&stack, &initiative, "Helping hands", &[&volunteers, &events]).await;
    let second = staff.campaign(&stack, &initiative, "Open day", &[&volunteers]).await;

    let (status, body) = staff.delete(&stack, "/tags/delete", Some(json!({"id": volunteers}))).await;
    assert_eq!((status, body["message"].as_str()), (StatusCode::OK, Some("Tag deleted successfully")));
    for (campaign, expected) in [(&first, json!([{"id": events, "name": "events"}])), (&second, json!([]))] {
        let (_, now) = staff.get(&stack, &format!("/campaign/{}", campaign["id"].as_str().unwrap())).await;
        assert_eq!(now["tags"], expected);
        assert!(now["version"].as_u64() > campaign["version"].as_u64(), "untagging is a versioned edit");
    }
    let (_, list) = staff.get(&stack, "/tags/all-tags").await;
    assert_eq!(list, json!([{"id": events, "name": "events"}]));
    // The name is free again; a deleted tag cannot be deleted twice.
    staff.tag(&stack, "Volunteers").await;
    let (status, _) = staff.delete(&stack, "/tags/delete", Some(json!({"id": volunteers}))).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    let stranger = organisation(&stack).await;
    let (_, list) = stranger.get(&stack, "/tags/all-tags").await;
    assert_eq!(list, json!([]));
    let (status, _) = stranger.delete(&stack, "/tags/delete", Some(json!({"id": events}))).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}
