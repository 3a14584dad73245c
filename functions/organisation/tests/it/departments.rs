use reqwest::{Method, StatusCode};
use serde_json::json;
use storyhive_shared::permissions::Role;

use crate::common::*;

#[tokio::test]
async fn the_super_admin_adds_lists_and_deletes_departments_with_the_spec_messages() {
    let stack = stack().await;
    let owner = organisation(&stack).await;
    let list = format!("/departments/{}/all-departments", owner.tenant_id);

    // The pick list needs no sign-in; a new organisation has none.
    let (status, body) = call(&stack, Method::GET, &list, None, None).await;
    assert_eq!((status, body), (StatusCode::OK, json!([])));

    let (status, sales) = owner.post(&stack, "/departments/add", json!({"name": "  Sales "})).await;
    assert_eq!(status, StatusCode::CREATED, "{sales}");
    assert_eq!(sales["name"], "Sales");
    let (status, _) = owner.post(&stack, "/departments/add", json!({"name": "Marketing"})).await;
    assert_eq!(status, StatusCode::CREATED);

    let (status, body) = owner.post(&stack, "/departments/add", json!({"name": "sales"})).await;
    assert_eq!((status, body["detail"].as_str()), (StatusCode::CONFLICT, Some("This department already exists")));
    let (status, body) = owner.post(&stack, "/departments/add", json!({"name": "   "})).await;
    assert_eq!((status, body["detail"].as_str()), (StatusCode::BAD_REQUEST, Some("Department is a required field")));
    let (status, body) = owner.post(&stack, "/departments/add", json!({"name": "x".repeat(51)})).await;
    assert_eq!(
        (status, body["detail"].as_str()),
        (StatusCode::BAD_REQUEST, Some("Department must be at most 50 characters"))
    );

    let (_, body) = call(&stack, Method::GET, &list, None, None).await;
    let names: Vec<&str> = body.as_array().unwrap().iter().map(|d| d["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Marketing", "Sales"]);

    let (status, body) = owner.delete(&stack, "/departments/delete", Some(json!({"id": sales["id"]}))).await;
    assert_eq!((status, body["message"].as_str()), (StatusCode::OK, Some("Department deleted successfully")));
    let (status, body) = owner.delete(&stack, "/departments/delete", Some(json!({"id": sales["id"]}))).await;
    assert_eq!((status, body["detail"].as_str()), (StatusCode::NOT_FOUND, Some("Department not found")));
    let (_, body) = call(&stack, Method::GET, &list, None, None).await;
    assert_eq!(body.as_array().unwrap().len(), 1);
    // The name is free again.
    let (status, _) = owner.post(&stack, "/departments/add", json!({"name": "SALES"})).await;
    assert_eq!(status, StatusCode::CREATED);
}

#[tokio::test]
async fn only_the_super_admin_changes_departments_and_never_another_organisations() {
    let stack = stack().await;
    let owner = organisation(&stack).await;
    let (_, sales) = owner.post(&stack, "/departments/add", json!({"name": "Sales"})).await;
    for role in [Role::Admin, Role::Creator, Role::Coordinator] {
        let member = member(&stack, &owner.tenant_id, role).await;
        let (status, _) = member.post(&stack, "/departments/add", json!({"name": "Ops"})).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{role:?}");
        let (status, _) = member.delete(&stack, "/departments/delete", Some(json!({"id": sales["id"]}))).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{role:?}");
    }
    let (status, _) = call(&stack, Method::POST, "/departments/add", None, Some(json!({"name": "Ops"}))).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    let other = organisation(&stack).await;
    let (status, _) = other.delete(&stack, "/departments/delete", Some(json!({"id": sales["id"]}))).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = other.post(&stack, "/departments/add", json!({"name": "Sales"})).await;
    assert_eq!(status, StatusCode::CREATED, "names are unique per organisation only");
    let (_, mine) =
        call(&stack, Method::GET, &format!("/departments/{}/all-departments", owner.tenant_id), None, None).await;
    assert_eq!(mine.as_array().unwrap().len(), 1, "{mine}");
    let (status, _) = call(&stack, Method::GET, "/departments/not%20an%20id/all-departments", None, None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn a_profile_takes_only_one_of_the_organisations_departments() {
    let stack = stack().await;
    let owner = organisation(&stack).await;
    let (_, sales) = owner.post(&stack, "/departments/add", json!({"name": "Sales"})).await;
    let other = organisation(&stack).await;
    let (_, theirs) = other.post(&stack, "/departments/add", json!({"name": "Theirs"})).await;
    let creator = member(&stack, &owner.tenant_id, Role::Creator).await;

    for wrong in [json!("nonexistent"), theirs["id"].clone(), json!("bad id!")] {
        let (status, body) = creator.put(&stack, "/user/me/update", json!({"department": wrong})).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(body["detail"], "Please select the valid department");
        assert_eq!(body["errors"][0]["field"], "department");
    }
    assert!(me(&stack, &creator).await["department"].is_null(), "nothing changed");

    let (status, body) = creator
        .put(
            &stack,
            "/user/me/update",
            json!({"department": sales["id"], "firstName": "Grace", "roleInCompany": "Producer"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let current = me(&stack, &creator).await;
    assert_eq!(
        (current["department"].clone(), current["roleInCompany"].clone()),
        (sales["id"].clone(), json!("Producer"))
    );
    let (status, _) = creator.put(&stack, "/user/me/update", json!({"department": ""})).await;
    assert_eq!(status, StatusCode::OK);
    assert!(me(&stack, &creator).await["department"].is_null());
}

#[tokio::test]
async fn staff_who_chose_a_deleted_department_keep_no_department() {
    let stack = stack().await;
    let owner = organisation(&stack).await;
    let (_, sales) = owner.post(&stack, "/departments/add", json!({"name": "Sales"})).await;
    let (_, support) = owner.post(&stack, "/departments/add", json!({"name": "Support"})).await;
    let creator = member(&stack, &owner.tenant_id, Role::Creator).await;
    let coordinator = member(&stack, &owner.tenant_id, Role::Coordinator).await;
    let (status, _) = creator.put(&stack, "/user/me/update", json!({"department": sales["id"]})).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = coordinator.put(&stack, "/user/me/update", json!({"department": support["id"]})).await;
    assert_eq!(status, StatusCode::OK);

    let (status, _) = owner.delete(&stack, "/departments/delete", Some(json!({"id": sales["id"]}))).await;
    assert_eq!(status, StatusCode::OK);
    assert!(me(&stack, &creator).await["department"].is_null(), "the deleted department is not shown");
    assert_eq!(me(&stack, &coordinator).await["department"], support["id"], "other choices stay");
    // Saving the profile again does not bring it back, and another choice is taken.
    let (status, body) = creator.put(&stack, "/user/me/update", json!({"firstName": "Grace"})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body["department"].is_null(), "{body}");
    let (status, body) = creator.put(&stack, "/user/me/update", json!({"department": support["id"]})).await;
    assert_eq!((status, body["department"].clone()), (StatusCode::OK, support["id"].clone()));
    stack.assert_permissions();
}
