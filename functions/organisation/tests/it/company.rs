use reqwest::{Method, StatusCode};
use serde_json::json;
use storyhive_shared::{model, permissions::Role, storage::keys};

use crate::common::*;

#[tokio::test]
async fn the_super_admin_sets_up_the_company_and_the_setup_is_remembered() {
    let stack = stack().await;
    let owner = organisation(&stack).await;
    // A freshly registered organisation: no name yet, set-up not done.
    let mut fresh = tenant(&stack, &owner.tenant_id).await;
    fresh.company_name = None;
    stack.context.store.put(&fresh).await.unwrap();
    assert_eq!(me(&stack, &owner).await["setupCompleted"], false);

    let (status, body) = owner.put(&stack, "/organisation/setup-complete", json!({})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "a company needs its name first: {body}");
    assert_eq!(body["detail"], "Company name is required and must be at most 100 characters");

    let (status, body) = owner.put(&stack, "/organisation/company", json!({"name": "  ", "industry": "Film"})).await;
    assert_eq!(
        (status, body["detail"].as_str()),
        (StatusCode::BAD_REQUEST, Some("Company name is required and must be at most 100 characters"))
    );
    let (status, body) = owner.put(&stack, "/organisation/company", json!({"industry": "x".repeat(101)})).await;
    assert_eq!(
        (status, body["detail"].as_str()),
        (StatusCode::BAD_REQUEST, Some("Industry must be at most 100 characters"))
    );
    assert_eq!(tenant(&stack, &owner.tenant_id).await.industry, None, "nothing changed");

    let (status, company) =
        owner.put(&stack, "/organisation/company", json!({"name": " Northwind Stories ", "industry": "Media"})).await;
    assert_eq!(status, StatusCode::OK, "{company}");
    assert_eq!((company["name"].as_str(), company["industry"].as_str()), (Some("Northwind Stories"), Some("Media")));
    assert_eq!(company["setupCompleted"], false);
    assert_eq!(company["departments"], json!([]));

    let (status, body) = owner.put(&stack, "/organisation/setup-complete", json!({})).await;
    assert_eq!((status, body["message"].as_str()), (StatusCode::OK, Some("Setup completed successfully")));
    let current = me(&stack, &owner).await;
    assert_eq!(
        (current["setupCompleted"].clone(), current["companyName"].clone()),
        (json!(true), json!("Northwind Stories"))
    );
    let first = tenant(&stack, &owner.tenant_id).await.setup_completed_at.unwrap();
    owner.put(&stack, "/organisation/setup-complete", json!({})).await;
    assert_eq!(tenant(&stack, &owner.tenant_id).await.setup_completed_at.unwrap(), first, "done once");

    // Both screens stay reachable: the company can still be read and changed.
    let (status, company) = owner.get(&stack, "/organisation/company").await;
    assert_eq!((status, company["setupCompleted"].clone()), (StatusCode::OK, json!(true)));
}

#[tokio::test]
async fn company_setup_is_the_super_admins_alone_and_their_own_organisations() {
    let stack = stack().await;
    let owner = organisation(&stack).await;
    for role in [Role::Admin, Role::Creator, Role::Coordinator] {
        let member = member(&stack, &owner.tenant_id, role).await;
        assert_eq!(member.get(&stack, "/organisation/company").await.0, StatusCode::FORBIDDEN, "{role:?}");
        let (status, _) = member.put(&stack, "/organisation/company", json!({"name": "Mine now"})).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{role:?}");
        assert_eq!(member.put(&stack, "/organisation/setup-complete", json!({})).await.0, StatusCode::FORBIDDEN);
        // Their own profile is theirs: they are not sent through set-up.
        assert!(me(&stack, &member).await["setupCompleted"].is_boolean());
    }
    assert_eq!(call(&stack, Method::GET, "/organisation/company", None, None).await.0, StatusCode::UNAUTHORIZED);

    let other = organisation(&stack).await;
    let (status, _) = other.put(&stack, "/organisation/company", json!({"name": "Other Films"})).await;
    assert_eq!(status, StatusCode::OK);
    let mine: model::TenantRecord = stack.context.store.get(&keys::tenant(&owner.tenant_id)).await.unwrap().unwrap();
    assert_eq!(mine.company_name.as_deref(), Some("Acme Films"), "another organisation's change stays in theirs");
}

/// A new organisation's dashboard lists its first steps until each is done: company
/// set-up, a first initiative, a first campaign, a first invitation.
#[tokio::test]
async fn the_dashboard_follows_a_new_organisations_first_steps() {
    let stack = stack().await;
    let owner = organisation(&stack).await;
    let steps = || async { owner.get(&stack, "/dashboard/details").await.1["firstSteps"].clone() };
    let all = |company: bool, initiative: bool, campaign: bool, invited: bool| json!({"companySetUp": company, "initiativeCreated": initiative, "campaignCreated": campaign, "collaboratorInvited": invited});
    assert_eq!(steps().await, all(false, false, false, false));

    owner.put(&stack, "/organisation/setup-complete", json!({})).await;
    assert_eq!(steps().await, all(true, false, false, false));
    let initiative = owner.initiative(&stack, &unique("First steps")).await;
    assert_eq!(steps().await, all(true, true, false, false));
    let tag = owner.tag(&stack, &unique("t")[..12]).await;
    let campaign = owner.campaign(&stack, &initiative, &unique("First campaign"), &[&tag]).await;
    assert_eq!(steps().await, all(true, true, true, false));
    owner.question(&stack, campaign["id"].as_str().unwrap(), "What brought you here?").await;
    let (status, body) = owner
        .post(
            &stack,
            "/campaign/add-contributor",
            json!({"campaignId": campaign["id"], "email": storyhive_local_stack::testkit::unique_email("first"), "firstName": "Amara", "lastName": "Okafor"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(steps().await, all(true, true, true, true));
    // Another organisation's steps are its own.
    let other = organisation(&stack).await;
    assert_eq!(other.get(&stack, "/dashboard/details").await.1["firstSteps"], all(false, false, false, false));
}
