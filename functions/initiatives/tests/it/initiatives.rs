use reqwest::StatusCode;
use serde_json::json;

use crate::common::*;

#[tokio::test]
async fn initiatives_are_added_listed_renamed_and_names_stay_unique() {
    let stack = stack().await;
    let staff = organisation(&stack).await;

    for (name, message) in [
        ("", "Initiative is a required field"),
        ("   ", "Initiative is a required field"),
        (&"x".repeat(51) as &str, "Initiative must be at most 50 characters"),
    ] {
        let (status, body) = staff.post(&stack, "/initiative/add", json!({"name": name})).await;
        assert_eq!((status, first_message(&body)), (StatusCode::BAD_REQUEST, message));
    }
    let (_, body) = staff.get(&stack, "/initiative/list").await;
    assert_eq!(body, json!([]), "nothing was created by invalid input");

    let spring = staff.initiative(&stack, "Spring Stories").await;
    staff.initiative(&stack, "autumn voices").await;
    let (status, body) = staff.post(&stack, "/initiative/add", json!({"name": "SPRING stories"})).await;
    assert_eq!((status, detail(&body)), (StatusCode::CONFLICT, "An initiative with this name already exists"));

    let (_, list) = staff.get(&stack, "/initiative/list").await;
    let names: Vec<&str> = list.as_array().unwrap().iter().map(|i| i["name"].as_str().unwrap()).collect();
    assert_eq!(names, vec!["autumn voices", "Spring Stories"]);
    assert_eq!(list[1]["campaignCount"], 0);

    let (status, body) = staff.put(&stack, "/initiative/update", json!({"id": spring, "name": "Autumn Voices"})).await;
    assert_eq!((status, detail(&body)), (StatusCode::CONFLICT, "An initiative with this name already exists"));
    let (status, body) = staff.put(&stack, "/initiative/update", json!({"id": spring, "name": "spring stories"})).await;
    assert_eq!(
        (status, body["name"].as_str()),
        (StatusCode::OK, Some("spring stories")),
        "a change of case only is fine"
    );
    let (status, body) = staff.put(&stack, "/initiative/update", json!({"id": spring, "name": "Summer Films"})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // The old name is free again.
    staff.initiative(&stack, "Spring Stories").await;
    let (status, body) = staff.put(&stack, "/initiative/update", json!({"id": spring, "name": ""})).await;
    assert_eq!((status, first_message(&body)), (StatusCode::BAD_REQUEST, "Initiative is a required field"));
}

#[tokio::test]
async fn another_organisation_sees_and_touches_nothing() {
    let stack = stack().await;
    let owner = organisation(&stack).await;
    let stranger = organisation(&stack).await;
    let id = owner.initiative(&stack, "Private Plans").await;

    let (_, list) = stranger.get(&stack, "/initiative/list").await;
    assert_eq!(list, json!([]));
    let (status, _) = stranger.put(&stack, "/initiative/update", json!({"id": id, "name": "Taken over"})).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = stranger.delete(&stack, &format!("/initiative/delete?deleteInitiative={id}"), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // Same name in another organisation is fine.
    stranger.initiative(&stack, "Private Plans").await;
    let (_, list) = owner.get(&stack, "/initiative/list").await;
    assert_eq!(list[0]["name"], "Private Plans");

    let (status, _) = stack.http.get(stack.url("/initiative/list")).send().await.map(|r| (r.status(), ())).unwrap();
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}
