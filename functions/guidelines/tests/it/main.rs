//! Every guidelines route over HTTP against DynamoDB Local: each message, each role
//! allowed and refused, and another organisation's staff.

use reqwest::StatusCode;
use serde_json::{json, Value};
use storyhive_local_stack::testkit::{
    client::{detail, first_message, member, organisation, Staff},
    TestStack,
};
use storyhive_shared::permissions::Role;

async fn stack() -> TestStack {
    TestStack::start("GuidelinesFunction", storyhive_guidelines::router)
        .await
        .with_function("AccountsFunction", storyhive_accounts::router)
}

async fn add_title(stack: &TestStack, staff: &Staff, title: &str, values: &[&str]) -> Value {
    let (status, body) =
        staff.post(stack, "/guideline/addguidelinetitle", json!({"title": title, "values": values})).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    body
}

fn values(guideline: &Value) -> Vec<&str> {
    guideline["values"].as_array().unwrap().iter().map(|v| v["value"].as_str().unwrap()).collect()
}

async fn list(stack: &TestStack, staff: &Staff) -> Vec<Value> {
    let (status, body) = staff.get(stack, "/guideline/list").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["items"].as_array().unwrap().clone()
}

#[tokio::test]
async fn an_admin_manages_titles_and_values() {
    let stack = stack().await;
    let owner = organisation(&stack).await;
    let admin = member(&stack, &owner.tenant_id, Role::Admin).await;
    assert!(list(&stack, &admin).await.is_empty(), "a new organisation has no guidelines");

    let lighting = add_title(&stack, &admin, "  Lighting  ", &["Face a window", "Avoid backlight"]).await;
    assert_eq!(lighting["title"], "Lighting", "titles are trimmed");
    assert_eq!(values(&lighting), ["Face a window", "Avoid backlight"]);
    let id = lighting["id"].as_str().unwrap();

    // Add a value, edit it, delete another.
    let (status, body) = admin.post(&stack, "/guideline/add", json!({"titleId": id, "value": "Keep still"})).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(values(&body), ["Face a window", "Avoid backlight", "Keep still"]);
    let keep_still = body["values"][2]["id"].as_str().unwrap().to_string();
    let backlight = body["values"][1]["id"].as_str().unwrap().to_string();
    let (status, body) =
        admin.put(&stack, "/guideline/updatevalue", json!({"id": keep_still, "value": "Keep the phone still"})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(values(&body), ["Face a window", "Avoid backlight", "Keep the phone still"]);
    let (status, body) = admin.delete(&stack, &format!("/guideline/deletevalue/{backlight}"), None).await;
    assert_eq!((status, body["message"].as_str()), (StatusCode::OK, Some("Guideline deleted successfully")));
    let (status, body) = admin.delete(&stack, &format!("/guideline/deletevalue/{backlight}"), None).await;
    assert_eq!((status, detail(&body)), (StatusCode::NOT_FOUND, "Guideline not found"));

    // Rename; read by heading (id) and by title (any case).
    let (status, body) = admin.put(&stack, "/guideline/update", json!({"id": id, "title": "Light"})).await;
    assert_eq!((status, body["title"].as_str()), (StatusCode::OK, Some("Light")), "{body}");
    let (status, body) = admin.post(&stack, "/guideline/listbyheading", json!({"id": id})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(values(&body), ["Face a window", "Keep the phone still"]);
    let (status, body) = admin.post(&stack, "/guideline/getGuidelinesByTitle", json!({"title": " LIGHT "})).await;
    assert_eq!((status, body["id"].as_str()), (StatusCode::OK, Some(id)), "{body}");
    // The old name is free again.
    let (status, body) = admin.post(&stack, "/guideline/getGuidelinesByTitle", json!({"title": "Lighting"})).await;
    assert_eq!((status, detail(&body)), (StatusCode::NOT_FOUND, "Guideline title not found"));
    add_title(&stack, &admin, "Lighting", &[]).await;

    // Delete by id and by title: the values go with the title.
    let (status, body) = admin.delete(&stack, &format!("/guideline/delete/{id}"), None).await;
    assert_eq!((status, body["message"].as_str()), (StatusCode::OK, Some("Guideline title deleted successfully")));
    let (status, body) = admin.put(&stack, "/guideline/updatevalue", json!({"id": keep_still, "value": "Again"})).await;
    assert_eq!((status, detail(&body)), (StatusCode::NOT_FOUND, "Guideline not found"));
    let (status, _) = admin.delete(&stack, "/guideline/deleteguidelinetitle", Some(json!({"title": "lighting"}))).await;
    assert_eq!(status, StatusCode::OK);
    assert!(list(&stack, &admin).await.is_empty());
    let (status, body) =
        admin.delete(&stack, "/guideline/deleteguidelinetitle", Some(json!({"title": "lighting"}))).await;
    assert_eq!((status, detail(&body)), (StatusCode::NOT_FOUND, "Guideline title not found"));
    let (status, body) = admin.delete(&stack, &format!("/guideline/delete/{id}"), None).await;
    assert_eq!((status, detail(&body)), (StatusCode::NOT_FOUND, "Guideline title not found"));
}

#[tokio::test]
async fn bad_input_gets_the_spec_messages_and_changes_nothing() {
    let stack = stack().await;
    let owner = organisation(&stack).await;
    let long = "x".repeat(251);
    for (title, message) in [
        ("", "Title is a required field"),
        ("   ", "Title is a required field"),
        (long.as_str(), "Title must be at most 250 characters"),
    ] {
        let (status, body) = owner.post(&stack, "/guideline/addguidelinetitle", json!({"title": title})).await;
        assert_eq!((status, first_message(&body)), (StatusCode::BAD_REQUEST, message));
    }
    let exact = "y".repeat(250);
    add_title(&stack, &owner, &exact, &[]).await;
    let framing = add_title(&stack, &owner, "Framing", &["Eyes at the top third"]).await;
    let id = framing["id"].as_str().unwrap();

    let (status, body) = owner.post(&stack, "/guideline/addguidelinetitle", json!({"title": "FRAMING"})).await;
    assert_eq!((status, detail(&body)), (StatusCode::CONFLICT, "A guideline title with this name already exists"));
    let (status, body) = owner.put(&stack, "/guideline/update", json!({"id": id, "title": long})).await;
    assert_eq!((status, first_message(&body)), (StatusCode::BAD_REQUEST, "Title must be at most 250 characters"));
    let (status, body) = owner.put(&stack, "/guideline/update", json!({"id": id, "title": exact.to_uppercase()})).await;
    assert_eq!((status, detail(&body)), (StatusCode::CONFLICT, "A guideline title with this name already exists"));
    let (status, body) = owner.put(&stack, "/guideline/update", json!({"id": id, "title": "framing"})).await;
    assert_eq!((status, body["title"].as_str()), (StatusCode::OK, Some("framing")), "another case keeps its claim");

    for (value, message) in
        [("", "Guideline is a required field"), (long.as_str(), "Guideline must be at most 250 characters")]
    {
        let (status, body) = owner.post(&stack, "/guideline/add", json!({"titleId": id, "value": value})).await;
        assert_eq!((status, first_message(&body)), (StatusCode::BAD_REQUEST, message));
        let (status, body) = owner
            .post(&stack, "/guideline/addguidelinetitle", json!({"title": "Sound", "values": ["ok", value]}))
            .await;
        assert_eq!((status, first_message(&body)), (StatusCode::BAD_REQUEST, message));
    }
    let (status, body) =
        owner.post(&stack, "/guideline/add", json!({"titleId": id, "value": "eyes at the TOP third "})).await;
    assert_eq!((status, detail(&body)), (StatusCode::CONFLICT, "This guideline already exists under this title"));
    let (status, body) = owner.post(&stack, "/guideline/add", json!({"value": "Smile"})).await;
    assert_eq!((status, first_message(&body)), (StatusCode::BAD_REQUEST, "Title is a required field"));
    let (status, body) =
        owner.post(&stack, "/guideline/add", json!({"titleId": "01JUNKNOWN0000000000000000", "value": "Smile"})).await;
    assert_eq!((status, detail(&body)), (StatusCode::NOT_FOUND, "Guideline title not found"));
    let (status, body) = owner.put(&stack, "/guideline/updatevalue", json!({"id": "nope", "value": "Smile"})).await;
    assert_eq!((status, detail(&body)), (StatusCode::NOT_FOUND, "Guideline not found"));
    let (status, body) = owner.post(&stack, "/guideline/listbyheading", json!({"id": "bad id!"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (status, body) = owner.post(&stack, "/guideline/getGuidelinesByTitle", json!({})).await;
    assert_eq!((status, first_message(&body)), (StatusCode::BAD_REQUEST, "Title is a required field"));

    // At most 30 values per title.
    let many: Vec<String> = (0..30).map(|n| format!("Tip {n}")).collect();
    let many_refs: Vec<&str> = many.iter().map(String::as_str).collect();
    let full = add_title(&stack, &owner, "Thirty", &many_refs).await;
    let (status, body) =
        owner.post(&stack, "/guideline/add", json!({"titleId": full["id"], "value": "One more"})).await;
    assert_eq!((status, first_message(&body)), (StatusCode::BAD_REQUEST, "A title can hold at most 30 guidelines"));
    let mut too_many = many_refs.clone();
    too_many.push("31");
    let (status, body) =
        owner.post(&stack, "/guideline/addguidelinetitle", json!({"title": "Too many", "values": too_many})).await;
    assert_eq!((status, first_message(&body)), (StatusCode::BAD_REQUEST, "A title can hold at most 30 guidelines"));

    // Nothing above changed what is stored.
    let titles = list(&stack, &owner).await;
    let names: Vec<&str> = titles.iter().map(|t| t["title"].as_str().unwrap()).collect();
    assert_eq!(names, [exact.as_str(), "framing", "Thirty"]);
    assert_eq!(values(&titles[1]), ["Eyes at the top third"]);
}

#[tokio::test]
async fn the_list_is_paged() {
    let stack = stack().await;
    let owner = organisation(&stack).await;
    for n in 0..12 {
        add_title(&stack, &owner, &format!("Title {n:02}"), &["a"]).await;
    }
    let (status, first) = owner.get(&stack, "/guideline/list").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(first["items"].as_array().unwrap().len(), 10, "page size 10");
    let cursor = first["nextCursor"].as_str().expect("a next page");
    let (_, second) = owner.get(&stack, &format!("/guideline/list?cursor={cursor}")).await;
    let names: Vec<&str> = second["items"].as_array().unwrap().iter().map(|t| t["title"].as_str().unwrap()).collect();
    assert_eq!(names, ["Title 10", "Title 11"]);
    assert!(second["nextCursor"].is_null());
    let (status, body) = owner.get(&stack, "/guideline/list?limit=51").await;
    assert_eq!((status, first_message(&body)), (StatusCode::BAD_REQUEST, "The page size must be between 1 and 50"));
}

#[tokio::test]
async fn only_super_admins_and_admins_of_the_organisation_manage_guidelines() {
    let stack = stack().await;
    let owner = organisation(&stack).await;
    let guideline = add_title(&stack, &owner, "Sound", &["Find a quiet room"]).await;
    let id = guideline["id"].as_str().unwrap();
    let value_id = guideline["values"][0]["id"].as_str().unwrap();

    let calls = |staff: &Staff| {
        let (stack, staff) = (&stack, staff.clone());
        async move {
            vec![
                staff.get(stack, "/guideline/list").await.0,
                staff.post(stack, "/guideline/addguidelinetitle", json!({"title": "Other"})).await.0,
                staff.post(stack, "/guideline/add", json!({"titleId": id, "value": "v"})).await.0,
                staff.put(stack, "/guideline/update", json!({"id": id, "title": "Noise"})).await.0,
                staff.put(stack, "/guideline/updatevalue", json!({"id": value_id, "value": "w"})).await.0,
                staff.post(stack, "/guideline/listbyheading", json!({"id": id})).await.0,
                staff.post(stack, "/guideline/getGuidelinesByTitle", json!({"title": "Sound"})).await.0,
                staff.delete(stack, &format!("/guideline/deletevalue/{value_id}"), None).await.0,
                staff.delete(stack, &format!("/guideline/delete/{id}"), None).await.0,
                staff.delete(stack, "/guideline/deleteguidelinetitle", Some(json!({"title": "Sound"}))).await.0,
            ]
        }
    };
    for role in [Role::Creator, Role::Coordinator] {
        let staff = member(&stack, &owner.tenant_id, role).await;
        assert!(calls(&staff).await.iter().all(|s| *s == StatusCode::FORBIDDEN), "{role:?}");
    }
    // Another organisation's super admin sees none of it (404), and their own list is empty.
    let stranger = organisation(&stack).await;
    let statuses = calls(&stranger).await;
    assert_eq!(statuses[0], StatusCode::OK);
    assert!(list(&stack, &stranger).await.iter().all(|t| t["title"] == "Other"));
    for (index, status) in statuses.iter().enumerate().skip(2) {
        assert_eq!(*status, StatusCode::NOT_FOUND, "call {index}");
    }
    // Nothing of the owner's changed.
    let titles = list(&stack, &owner).await;
    assert_eq!(titles.len(), 1);
    assert_eq!((titles[0]["title"].as_str(), values(&titles[0])), (Some("Sound"), vec!["Find a quiet room"]));
    // Without a token: 401.
    let (status, _) =
        storyhive_local_stack::testkit::client::call(&stack, reqwest::Method::GET, "/guideline/list", None, None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    // An admin may do everything.
    let admin = member(&stack, &owner.tenant_id, Role::Admin).await;
    let statuses = calls(&admin).await;
    assert!(statuses[..6].iter().all(|s| s.is_success()), "{statuses:?}");
    assert_eq!(statuses[6], StatusCode::NOT_FOUND, "renamed to Noise just before");
    assert!(statuses[7..9].iter().all(|s| s.is_success()), "{statuses:?}");
}

#[tokio::test]
async fn concurrent_value_additions_are_all_kept() {
    let stack = stack().await;
    let owner = organisation(&stack).await;
    let guideline = add_title(&stack, &owner, "Together", &[]).await;
    let id = guideline["id"].as_str().unwrap();
    let adds = (0..4).map(|n| {
        let (stack, owner) = (&stack, owner.clone());
        async move { owner.post(stack, "/guideline/add", json!({"titleId": id, "value": format!("Tip {n}")})).await.0 }
    });
    let statuses = futures_join(adds).await;
    assert!(statuses.iter().all(|s| *s == StatusCode::CREATED), "{statuses:?}");
    let (_, body) = owner.post(&stack, "/guideline/listbyheading", json!({"id": id})).await;
    let mut got = values(&body);
    got.sort();
    assert_eq!(got, ["Tip 0", "Tip 1", "Tip 2", "Tip 3"]);
}

async fn futures_join<F: std::future::Future<Output = StatusCode>>(
    futures: impl Iterator<Item = F>,
) -> Vec<StatusCode> {
    let handles: Vec<_> = futures.collect();
    futures::future::join_all(handles).await
}
