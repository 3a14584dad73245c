//! Every staff users route over HTTP, against DynamoDB Local and moto (SQS, SES), with
//! the accounts function beside it (sign-in, the current user) and the real mail worker
//! delivering the invitations.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use storyhive_local_stack::{
    provision::MAIL_QUEUE,
    testkit::{
        client::{self, call, detail, first_message, Staff},
        unique_email, TestStack, TEST_SES_SENDER,
    },
    worker,
};
use storyhive_shared::{
    mail::SesMailer,
    model::{self, InvitationRecord, UserRecord, UserStatus},
    permissions::Role,
    storage::keys,
    validation,
};
use storyhive_users::service;

const PASSWORD: &str = "Story-Hive-42";

async fn stack() -> TestStack {
    let stack = TestStack::start("UsersFunction", storyhive_users::router)
        .await
        .with_function("AccountsFunction", storyhive_accounts::router)
        .with_function("CampaignsFunction", storyhive_campaigns::router)
        .with_function("InitiativesFunction", storyhive_initiatives::router)
        .with_function("TagsFunction", storyhive_tags::router)
        .with_function("QuestionsFunction", storyhive_questions::router)
        .with_function("ContributorsFunction", storyhive_contributors::router);
    let mail_worker = stack.function_context("MailWorkerFunction");
    let mailer = SesMailer::new(
        stack.function_clients("MailWorkerFunction").ses,
        mail_worker.config.ses_sender().expect("the mail worker's SES_SENDER"),
    );
    stack.with_worker(
        MAIL_QUEUE,
        worker::handler(move |event| {
            let mailer = mailer.clone();
            async move { storyhive_mail_worker::handle(&mailer, event).await }
        }),
    )
}

/// The `token` of the newest invitation e-mail to `email` (waiting for the `count`th).
async fn invitation_token(stack: &TestStack, email: &str, count: usize) -> String {
    let mail = stack.wait_for_mail(email, count).await.expect("invitation e-mail");
    let link = mail[0].links().into_iter().find(|l| l.contains("/accept-invitation?token=")).expect("link in the mail");
    assert!(mail[0].subject.contains("invited"), "{}", mail[0].subject);
    link.split_once("token=").unwrap().1.to_string()
}

async fn invite(stack: &TestStack, by: &Staff, email: &str, role: &str) -> (StatusCode, Value) {
    by.post(stack, "/user/invite", json!({"email": email, "role": role})).await
}

async fn accept(stack: &TestStack, token: &str, first: &str) -> (StatusCode, Value) {
    call(
        stack,
        Method::POST,
        "/user/acceptInvitation",
        None,
        Some(json!({"token": token, "password": PASSWORD, "confirmPassword": PASSWORD, "firstName": first, "lastName": "Okafor"})),
    )
    .await
}

/// Invites `role` and accepts: the new member, signed in.
async fn joined(stack: &TestStack, by: &Staff, role: &str) -> (Staff, String) {
    let email = unique_email(role);
    let (status, body) = invite(stack, by, &email, role).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let token = invitation_token(stack, &email, 1).await;
    let (status, body) = accept(stack, &token, "Amara").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let staff = Staff {
        token: body["accessToken"].as_str().unwrap().into(),
        tenant_id: body["tenantId"].as_str().unwrap().into(),
        user_id: body["accessToken"].as_str().unwrap().split('.').nth(1).unwrap().into(),
    };
    (staff, email)
}

async fn login(stack: &TestStack, email: &str, staff_login: bool) -> (StatusCode, Value) {
    call(
        stack,
        Method::POST,
        "/auth/login",
        None,
        Some(json!({"email": email, "password": PASSWORD, "staffLogin": staff_login})),
    )
    .await
}

fn ids(page: &Value) -> Vec<String> {
    page["items"].as_array().unwrap().iter().map(|u| u["id"].as_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn an_invited_admin_sets_a_password_is_signed_in_and_activated() {
    let stack = stack().await;
    let owner = client::organisation(&stack).await;
    let email = unique_email("new-admin");
    let (status, body) =
        owner.post(&stack, "/user/invite", json!({"email": email.to_uppercase(), "role": "admin"})).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["message"], "User invited successfully");
    assert_eq!(body["user"]["status"], "invited");
    assert_eq!(body["user"]["email"], email, "addresses are stored lower-cased");
    assert_eq!(body["user"]["fullName"], "- -");
    assert_eq!(body["user"]["role"], json!({"id": 2, "name": "admin"}));
    let user_id = body["user"]["id"].as_str().unwrap().to_string();

    // Invited, not yet able to sign in.
    let (status, body) = login(&stack, &email, true).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");

    let token = invitation_token(&stack, &email, 1).await;
    let (status, details) =
        call(&stack, Method::POST, "/user/checkInvitation", None, Some(json!({"token": token}))).await;
    assert_eq!(status, StatusCode::OK, "{details}");
    assert_eq!(details["email"], email);
    assert_eq!(details["companyName"], "Acme Films");
    assert_eq!(details["role"]["name"], "admin");

    // The spec's password rules and messages; names are required when the invitation gave none.
    let accept_with = |password: &str, confirm: &str, first: Option<&str>| json!({"token": token, "password": password, "confirmPassword": confirm, "firstName": first, "lastName": "Okafor"});
    for (body, field, message) in [
        (accept_with("short", "short", Some("Amara")), "password", validation::PASSWORD_RULE),
        (accept_with(PASSWORD, "Story-Hive-43", Some("Amara")), "confirmPassword", validation::PASSWORDS_DO_NOT_MATCH),
        (accept_with(PASSWORD, PASSWORD, None), "firstName", "First name is a required field"),
        (accept_with(PASSWORD, PASSWORD, Some("A1")), "firstName", "First name must be at least 3 characters"),
    ] {
        let (status, answer) = call(&stack, Method::POST, "/user/acceptInvitation", None, Some(body)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
        assert_eq!(answer["errors"][0]["field"], field, "{answer}");
        assert_eq!(first_message(&answer), message);
    }

    let (status, signed_in) = accept(&stack, &token, "Amara").await;
    assert_eq!(status, StatusCode::OK, "{signed_in}");
    let admin_token = signed_in["accessToken"].as_str().unwrap();
    assert_eq!(signed_in["tenantId"], owner.tenant_id.as_str());
    let (status, me) = call(&stack, Method::GET, "/user/me", Some(admin_token), None).await;
    assert_eq!(status, StatusCode::OK, "{me}");
    assert_eq!((me["role"]["name"].as_str(), me["firstName"].as_str()), (Some("admin"), Some("Amara")));

    // The link works once.
    let (status, again) = accept(&stack, &token, "Amara").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(detail(&again), service::INVITATION_ACCEPTED);

    let (_, list) = owner.get(&stack, "/user/getAllUsers").await;
    let listed = list["items"].as_array().unwrap().iter().find(|u| u["id"] == user_id.as_str()).unwrap().clone();
    assert_eq!(listed["status"], "activated");
    assert_eq!(listed["fullName"], "Amara Okafor");

    // Either sign-in page signs in every staff role: the admin and the super admin alike.
    let (status, body) = login(&stack, &email, true).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let owner_email = stack
        .context
        .store
        .get::<UserRecord>(&keys::user(&owner.tenant_id, &owner.user_id))
        .await
        .unwrap()
        .unwrap()
        .email;
    let (status, body) = login(&stack, &owner_email, true).await;
    assert_eq!(status, StatusCode::OK, "the staff page takes the super admin: {body}");
    assert!(body["accessToken"].as_str().is_some_and(|t| !t.is_empty()), "{body}");
    let (status, body) = login(&stack, &owner_email, false).await;
    assert_eq!(status, StatusCode::OK, "the main page takes the super admin: {body}");
    stack.assert_permissions();
}

#[tokio::test]
async fn inviting_checks_each_field_and_the_address_across_organisations() {
    let stack = stack().await;
    let owner = client::organisation(&stack).await;
    let other = client::organisation(&stack).await;
    let taken = unique_email("taken");
    assert_eq!(invite(&stack, &other, &taken, "creator").await.0, StatusCode::CREATED);
    for (body, field, message) in [
        (json!({"role": "admin"}), "email", validation::WORK_EMAIL_REQUIRED),
        (json!({"email": "not-an-address", "role": "admin"}), "email", validation::EMAIL_INVALID),
        (json!({"email": "someone@gmail.com", "role": "admin"}), "email", validation::PERSONAL_EMAIL),
        (json!({"email": unique_email("x")}), "role", service::ROLE_REQUIRED),
        (json!({"email": unique_email("x"), "role": "contributor"}), "role", service::ROLE_NOT_ASSIGNABLE),
        (json!({"email": unique_email("x"), "role": "owner"}), "role", service::ROLE_NOT_ASSIGNABLE),
        (
            json!({"email": unique_email("x"), "role": "admin", "firstName": "J@ne"}),
            "firstName",
            "First name must not contain special characters or emojis",
        ),
    ] {
        let (status, answer) = owner.post(&stack, "/user/invite", body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
        assert_eq!(answer["errors"][0]["field"], field, "{answer}");
        assert_eq!(first_message(&answer), message);
    }
    // Taken in another organisation: the spec's message, nothing written.
    let (status, answer) = invite(&stack, &owner, &taken, "admin").await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(detail(&answer), validation::EMAIL_ALREADY_SENT);
    // A member of this organisation already.
    let (_, admin_email) = joined(&stack, &owner, "admin").await;
    let (status, answer) = invite(&stack, &owner, &admin_email, "creator").await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(detail(&answer), service::ALREADY_MEMBER);
    // Names given when inviting are kept, and need not be given again.
    let named = unique_email("named");
    let (status, body) = owner
        .post(
            &stack,
            "/user/invite",
            json!({"email": named, "role": "Coordinator", "firstName": "Riley", "lastName": "Chen"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["user"]["fullName"], "Riley Chen");
    let token = invitation_token(&stack, &named, 1).await;
    let (status, body) = call(
        &stack,
        Method::POST,
        "/user/acceptInvitation",
        None,
        Some(json!({"token": token, "password": PASSWORD, "confirmPassword": PASSWORD})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

#[tokio::test]
async fn inviting_again_voids_the_earlier_link_and_links_expire() {
    let stack = stack().await;
    let owner = client::organisation(&stack).await;
    let email = unique_email("again");
    assert_eq!(invite(&stack, &owner, &email, "creator").await.0, StatusCode::CREATED);
    let first = invitation_token(&stack, &email, 1).await;
    let (status, body) = invite(&stack, &owner, &email, "coordinator").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Invitation sent again successfully");
    assert_eq!(body["user"]["role"]["name"], "coordinator", "the new invitation's role applies");
    let second = invitation_token(&stack, &email, 2).await;
    assert_ne!(first, second);
    let (status, body) = accept(&stack, &first, "Amara").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(detail(&body), service::INVITATION_REPLACED);
    for garbage in ["", "nonsense", "a.b.c", &format!("{}.x", first)] {
        let (status, body) = accept(&stack, garbage, "Amara").await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{garbage}");
        assert_eq!(detail(&body), service::INVITATION_INVALID, "{garbage}");
    }

    // An expired link says so (the record's expiry moved into the past).
    let user_id = second.split('.').nth(1).unwrap();
    let key = keys::invitation(&owner.tenant_id, user_id);
    let mut record = stack.context.store.get::<InvitationRecord>(&key).await.unwrap().unwrap();
    record.expires_at = model::now().unix_timestamp() - 1;
    stack.context.store.put(&record).await.unwrap();
    let (status, body) = accept(&stack, &second, "Amara").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(detail(&body), service::INVITATION_EXPIRED);
    // A new invitation repairs it.
    assert_eq!(invite(&stack, &owner, &email, "coordinator").await.0, StatusCode::OK);
    let third = invitation_token(&stack, &email, 3).await;
    let (status, body) = accept(&stack, &third, "Amara").await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

#[tokio::test]
async fn the_list_is_paged_by_ten_and_filtered_by_role() {
    let stack = stack().await;
    let owner = client::organisation(&stack).await;
    let mut creators = Vec::new();
    for _ in 0..11 {
        let (status, body) = invite(&stack, &owner, &unique_email("c"), "creator").await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        creators.push(body["user"]["id"].as_str().unwrap().to_string());
    }
    let admin = client::member(&stack, &owner.tenant_id, Role::Admin).await;

    let (status, first) = owner.get(&stack, "/user/getAllUsers").await;
    assert_eq!(status, StatusCode::OK, "{first}");
    assert_eq!(first["items"].as_array().unwrap().len(), 10, "page size 10");
    assert_eq!(first["items"][0]["id"], admin.user_id.as_str(), "newest first");
    let cursor = first["nextCursor"].as_str().expect("a second page").to_string();
    let (_, second) = owner.get(&stack, &format!("/user/getAllUsers?cursor={cursor}")).await;
    assert_eq!(second["items"].as_array().unwrap().len(), 3, "13 users in all");
    assert!(second["nextCursor"].is_null());
    let mut all = ids(&first);
    all.extend(ids(&second));
    assert!(all.contains(&owner.user_id), "the super admin is listed here");

    // Role filters, by name or by the interface's label.
    let (_, page) = owner.get(&stack, "/user/getAllUsers?rolewise=creator&limit=50").await;
    let mut listed = ids(&page);
    listed.sort();
    creators.sort();
    assert_eq!(listed, creators);
    let (_, page) = owner.get(&stack, "/user/getAllUsers?rolewise=Super%20Admin").await;
    assert_eq!(ids(&page), vec![owner.user_id.clone()]);
    let (_, page) = owner.get(&stack, "/user/getAllUsers?rolewise=coordinator").await;
    assert!(ids(&page).is_empty());
    let (status, body) = owner.get(&stack, "/user/getAllUsers?rolewise=owner").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(first_message(&body), service::ROLE_FILTER_INVALID);

    // Contributor: the organisation's collaborators.
    let (campaign_id, _) = owner.live_campaign(&stack, "Volunteers").await;
    let (_, page) = owner.get(&stack, "/user/getAllUsers?rolewise=contributor").await;
    assert!(ids(&page).is_empty(), "none invited yet: {page}");
    let contributor = unique_email("amara");
    let (status, body) = owner
        .post(
            &stack,
            "/campaign/add-contributor",
            json!({"campaignId": campaign_id, "email": contributor, "firstName": "Amara", "lastName": "Okafor"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let (_, page) = owner.get(&stack, "/user/getAllUsers?rolewise=Collaborator").await;
    assert_eq!(page["items"].as_array().unwrap().len(), 1, "{page}");
    assert_eq!(page["items"][0]["email"], contributor);
    assert_eq!(page["items"][0]["role"], json!({"id": 5, "name": "contributor"}));
    assert_eq!(page["items"][0]["status"], "activated");

    // Another organisation's users are never listed.
    let other = client::organisation(&stack).await;
    let (_, page) = other.get(&stack, "/user/getAllUsers").await;
    assert_eq!(ids(&page), vec![other.user_id.clone()]);
}

#[tokio::test]
async fn only_super_admins_and_admins_manage_users() {
    let stack = stack().await;
    let owner = client::organisation(&stack).await;
    let target = client::member(&stack, &owner.tenant_id, Role::Coordinator).await;
    for role in [Role::Creator, Role::Coordinator] {
        let staff = client::member(&stack, &owner.tenant_id, role).await;
        for (status, body) in [
            staff.get(&stack, "/user/getAllUsers").await,
            invite(&stack, &staff, &unique_email("x"), "creator").await,
            staff.put(&stack, &format!("/user/update/{}", target.user_id), json!({"role": "creator"})).await,
            staff.delete(&stack, &format!("/user/delete/{}", target.user_id), None).await,
        ] {
            assert_eq!(status, StatusCode::FORBIDDEN, "{role:?}: {body}");
        }
    }
    // Another organisation's super admin does not find them.
    let other = client::organisation(&stack).await;
    let (status, _) = other.put(&stack, &format!("/user/update/{}", target.user_id), json!({"role": "admin"})).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = other.delete(&stack, &format!("/user/delete/{}", target.user_id), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // Without a session.
    let (status, _) = call(&stack, Method::GET, "/user/getAllUsers", None, None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    // The admin may; the coordinator is unchanged by all of the above.
    let admin = client::member(&stack, &owner.tenant_id, Role::Admin).await;
    let (status, body) =
        admin.put(&stack, &format!("/user/update/{}", target.user_id), json!({"role": "creator"})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "User role updated successfully");
    assert_eq!(body["user"]["role"]["name"], "creator");
    let (status, me) = target.get(&stack, "/user/me").await;
    assert_eq!((status, me["role"]["name"].as_str()), (StatusCode::OK, Some("creator")), "{me}");
}

#[tokio::test]
async fn only_a_super_admin_grants_or_touches_the_super_admin_role() {
    let stack = stack().await;
    let owner = client::organisation(&stack).await;
    let second_owner = client::member(&stack, &owner.tenant_id, Role::SuperAdmin).await;
    let admin = client::member(&stack, &owner.tenant_id, Role::Admin).await;
    let creator = client::member(&stack, &owner.tenant_id, Role::Creator).await;
    let (status, _) = invite(&stack, &admin, &unique_email("x"), "superAdmin").await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) =
        admin.put(&stack, &format!("/user/update/{}", creator.user_id), json!({"role": "superAdmin"})).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    for (status, _) in [
        admin.put(&stack, &format!("/user/update/{}", second_owner.user_id), json!({"status": "Suspended"})).await,
        admin.put(&stack, &format!("/user/update/{}", second_owner.user_id), json!({"role": "admin"})).await,
        admin.delete(&stack, &format!("/user/delete/{}", second_owner.user_id), None).await,
    ] {
        assert_eq!(status, StatusCode::FORBIDDEN);
    }
    let (status, me) = second_owner.get(&stack, "/user/me").await;
    assert_eq!((status, me["role"]["name"].as_str()), (StatusCode::OK, Some("superAdmin")));
    // A super admin may.
    let (status, body) =
        owner.put(&stack, &format!("/user/update/{}", creator.user_id), json!({"role": "Super Admin"})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = invite(&stack, &owner, &unique_email("x"), "superAdmin").await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
}

#[tokio::test]
async fn nobody_changes_or_deletes_themselves() {
    let stack = stack().await;
    let owner = client::organisation(&stack).await;
    let admin = client::member(&stack, &owner.tenant_id, Role::Admin).await;
    for staff in [&owner, &admin] {
        for (status, body) in [
            staff.put(&stack, &format!("/user/update/{}", staff.user_id), json!({"role": "creator"})).await,
            staff.put(&stack, &format!("/user/update/{}", staff.user_id), json!({"status": "Suspended"})).await,
        ] {
            assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
            assert_eq!(detail(&body), service::NOT_YOURSELF);
        }
        let (status, body) = staff.delete(&stack, &format!("/user/delete/{}", staff.user_id), None).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(detail(&body), service::NOT_YOURSELF_DELETE);
        let (status, me) = staff.get(&stack, "/user/me").await;
        assert_eq!(status, StatusCode::OK, "nothing changed: {me}");
    }
}

async fn active_super_admins(stack: &TestStack, tenant_id: &str) -> Vec<String> {
    let (pk, prefix) = keys::users_of_tenant(tenant_id);
    let users: Vec<UserRecord> =
        stack.context.store.query(storyhive_shared::storage::Query::table(pk, prefix)).await.unwrap();
    users
        .into_iter()
        .filter(|u| u.role == Role::SuperAdmin && u.status == UserStatus::Activated)
        .map(|u| u.user_id)
        .collect()
}

/// Two super admins removing each other at the same moment (demoting, suspending,
/// deleting): one succeeds, the other is refused (409, or 403 once they are no longer a
/// super admin), and one active super admin always remains.
#[tokio::test]
async fn the_last_active_super_admin_stays_even_when_two_act_at_once() {
    let stack = stack().await;
    for round in 0..6 {
        let owner = client::organisation(&stack).await;
        let second = client::member(&stack, &owner.tenant_id, Role::SuperAdmin).await;
        let change = |target: &Staff| -> (Method, String, Option<Value>) {
            match round % 3 {
                0 => (Method::PUT, format!("/user/update/{}", target.user_id), Some(json!({"role": "admin"}))),
                1 => (Method::PUT, format!("/user/update/{}", target.user_id), Some(json!({"status": "Suspended"}))),
                _ => (Method::DELETE, format!("/user/delete/{}", target.user_id), None),
            }
        };
        let (m1, p1, b1) = change(&second);
        let (m2, p2, b2) = change(&owner);
        let (a, b) = tokio::join!(
            call(&stack, m1, &p1, Some(&owner.token), b1),
            call(&stack, m2, &p2, Some(&second.token), b2),
        );
        let ok = [&a, &b].iter().filter(|(s, _)| *s == StatusCode::OK).count();
        assert_eq!(ok, 1, "round {round}: exactly one succeeds: {a:?} {b:?}");
        for (status, body) in [&a, &b] {
            if *status != StatusCode::OK {
                assert!(
                    [StatusCode::CONFLICT, StatusCode::FORBIDDEN, StatusCode::UNAUTHORIZED].contains(status),
                    "round {round}: {status} {body}"
                );
                if *status == StatusCode::CONFLICT {
                    assert!(
                        [service::LAST_SUPER_ADMIN, storyhive_shared::error::CHANGED_MEANWHILE].contains(&detail(body)),
                        "{body}"
                    );
                }
            }
        }
        assert_eq!(active_super_admins(&stack, &owner.tenant_id).await.len(), 1, "round {round}");
    }
}

/// The rule itself: with no other active super admin in the role index, removing one is
/// refused with the rule's message and nothing changes (here the caller's own record
/// predates the index, so the rule cannot count them and refuses rather than guess).
#[tokio::test]
async fn removing_the_only_indexed_active_super_admin_is_refused() {
    let stack = stack().await;
    let owner = client::organisation(&stack).await;
    let unindexed = client::member(&stack, &owner.tenant_id, Role::SuperAdmin).await;
    let key = keys::user(&unindexed.tenant_id, &unindexed.user_id);
    let mut record = stack.context.store.get::<UserRecord>(&key).await.unwrap().unwrap();
    (record.gsi1pk, record.gsi1sk) = (None, None);
    stack.context.store.put(&record).await.unwrap();
    for (status, body) in [
        unindexed.put(&stack, &format!("/user/update/{}", owner.user_id), json!({"role": "admin"})).await,
        unindexed.put(&stack, &format!("/user/update/{}", owner.user_id), json!({"status": "Suspended"})).await,
        unindexed.delete(&stack, &format!("/user/delete/{}", owner.user_id), None).await,
    ] {
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert_eq!(detail(&body), service::LAST_SUPER_ADMIN);
    }
    let (status, me) = owner.get(&stack, "/user/me").await;
    assert_eq!((status, me["role"]["name"].as_str()), (StatusCode::OK, Some("superAdmin")), "nothing changed");
    stack.assert_permissions();
}

#[tokio::test]
async fn suspending_ends_every_session_at_once_and_resuming_restores_access() {
    let stack = stack().await;
    let owner = client::organisation(&stack).await;
    let (admin, email) = joined(&stack, &owner, "admin").await;
    let (_, second_login) = login(&stack, &email, true).await;
    let second_token = second_login["accessToken"].as_str().unwrap().to_string();
    assert_eq!(admin.get(&stack, "/user/me").await.0, StatusCode::OK);

    let (status, body) =
        owner.put(&stack, &format!("/user/update/{}", admin.user_id), json!({"status": "Suspended"})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["user"]["status"], "suspended");
    for token in [&admin.token, &second_token] {
        let (status, _) = call(&stack, Method::GET, "/user/me", Some(token), None).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "the next call of a suspended user gets 401");
    }
    let sessions: Vec<storyhive_shared::model::SessionRecord> = stack
        .context
        .store
        .query(storyhive_shared::storage::Query::gsi1(keys::sessions_of_user_gsi1(&admin.tenant_id, &admin.user_id)))
        .await
        .unwrap();
    assert!(sessions.is_empty(), "their sessions are deleted");
    let (status, body) = login(&stack, &email, true).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(detail(&body), storyhive_accounts::service::SUSPENDED);
    // An invitation not accepted yet is not suspended (it is sent again or deleted).
    let invited = unique_email("pending");
    let (_, body) = invite(&stack, &owner, &invited, "creator").await;
    let pending = body["user"]["id"].as_str().unwrap().to_string();
    let (status, body) = owner.put(&stack, &format!("/user/update/{pending}"), json!({"status": "Suspended"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(detail(&body), service::INVITED_STATUS);
    let (status, body) = owner.put(&stack, &format!("/user/update/{pending}"), json!({"status": "Invited"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(first_message(&body), service::STATUS_INVALID);
    let (status, body) = owner.put(&stack, &format!("/user/update/{pending}"), json!({})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(detail(&body), service::NOTHING_TO_CHANGE);

    let (status, body) =
        owner.put(&stack, &format!("/user/update/{}", admin.user_id), json!({"status": "Activated"})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "User resumed successfully");
    let (status, body) = login(&stack, &email, true).await;
    assert_eq!(status, StatusCode::OK, "resuming restores access: {body}");
}

#[tokio::test]
async fn deleting_ends_sessions_frees_the_address_and_keeps_their_work() {
    let stack = stack().await;
    let owner = client::organisation(&stack).await;
    let (creator, email) = joined(&stack, &owner, "creator").await;
    // The creator makes a campaign and takes part in it.
    let (campaign_id, _) = creator.live_campaign(&stack, "Made by the creator").await;
    let (status, body) = owner
        .post(&stack, "/campaign/add-participants", json!({"campaignId": campaign_id, "userIds": [creator.user_id]}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");

    let (status, body) = owner.delete(&stack, &format!("/user/delete/{}", creator.user_id), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "User deleted successfully");
    assert_eq!(creator.get(&stack, "/user/me").await.0, StatusCode::UNAUTHORIZED);
    let (status, _) = owner.delete(&stack, &format!("/user/delete/{}", creator.user_id), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // Their campaign stays, and its screens work without them.
    let (status, list) = owner.get(&stack, "/campaign/all-campaigns").await;
    assert_eq!(status, StatusCode::OK, "{list}");
    assert!(list.to_string().contains("Made by the creator"));
    let (status, participants) = owner.get(&stack, &format!("/campaign/CampaignParticipantList/{campaign_id}")).await;
    assert_eq!(status, StatusCode::OK, "{participants}");
    assert!(!participants.to_string().contains(&creator.user_id), "they left its participants: {participants}");
    let (status, campaign) = owner.get(&stack, &format!("/campaign/{campaign_id}")).await;
    assert_eq!(status, StatusCode::OK, "{campaign}");

    // The address can be invited again (here, or by another organisation).
    let (status, body) = invite(&stack, &owner, &email, "coordinator").await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_ne!(body["user"]["id"], creator.user_id.as_str());
}

#[tokio::test]
async fn the_super_admin_is_never_a_campaign_participant() {
    let stack = stack().await;
    let owner = client::organisation(&stack).await;
    let (creator, _) = joined(&stack, &owner, "creator").await;
    let (campaign_id, _) = owner.live_campaign(&stack, "Participants").await;
    let (status, list) = owner.get(&stack, &format!("/campaign/CampaignParticipantList/{campaign_id}")).await;
    assert_eq!(status, StatusCode::OK, "{list}");
    assert!(list.to_string().contains(&creator.user_id));
    assert!(!list.to_string().contains(&owner.user_id), "{list}");
    // Promoted to super admin, they leave the lists too.
    let (status, _) = owner
        .post(&stack, "/campaign/add-participants", json!({"campaignId": campaign_id, "userIds": [creator.user_id]}))
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) =
        owner.put(&stack, &format!("/user/update/{}", creator.user_id), json!({"role": "superAdmin"})).await;
    assert_eq!(status, StatusCode::OK);
    let (_, list) = owner.get(&stack, &format!("/campaign/CampaignParticipantList/{campaign_id}")).await;
    assert!(!list.to_string().contains(&creator.user_id), "{list}");
    let _ = UserStatus::Activated;
}

/// Moves the invitation of `email`'s invited user into the past, as 7 days would.
async fn expire_invitation(stack: &TestStack, email: &str) {
    let claim = stack.context.store.get::<model::EmailClaim>(&keys::email_claim(email)).await.unwrap().unwrap();
    let key = keys::invitation(&claim.tenant_id, &claim.user_id);
    let mut record = stack.context.store.get::<InvitationRecord>(&key).await.unwrap().unwrap();
    record.expires_at = model::now().unix_timestamp() - 1;
    stack.context.store.put(&record).await.unwrap();
}

#[tokio::test]
async fn invitations_are_limited_per_organisation_and_per_address_and_refused_ones_send_nothing() {
    let stack = stack().await;
    let owner = client::organisation(&stack).await;
    // Per organisation: 20 an hour, new or sent again.
    let again = unique_email("again");
    assert_eq!(invite(&stack, &owner, &again, "creator").await.0, StatusCode::CREATED);
    assert_eq!(invite(&stack, &owner, &again, "creator").await.0, StatusCode::OK);
    for _ in 0..18 {
        let (status, body) = invite(&stack, &owner, &unique_email("many"), "creator").await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
    }
    let refused = unique_email("refused");
    let (status, body) = invite(&stack, &owner, &refused, "creator").await;
    assert_eq!((status, detail(&body)), (StatusCode::TOO_MANY_REQUESTS, service::ORGANISATION_INVITES_LIMITED));
    assert_eq!(
        detail(&body),
        "Your organisation has sent many invitations in a short time. Please wait a little and try again."
    );
    let (status, _) = invite(&stack, &owner, &again, "creator").await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "sending again counts too");
    assert!(stack.context.store.get::<model::EmailClaim>(&keys::email_claim(&refused)).await.unwrap().is_none());

    // Per address: 3 a day, whichever organisations send them.
    let target = unique_email("target");
    for _ in 0..3 {
        let sender = client::organisation(&stack).await;
        let (status, body) = invite(&stack, &sender, &target, "creator").await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        stack.wait_for_mail(&target, 1).await.unwrap();
        // Each one lapses, so the next organisation may invite the address.
        expire_invitation(&stack, &target).await;
    }
    let fourth = client::organisation(&stack).await;
    let (status, body) = invite(&stack, &fourth, &target, "creator").await;
    assert_eq!((status, detail(&body)), (StatusCode::TOO_MANY_REQUESTS, service::ADDRESS_INVITES_LIMITED));
    assert_eq!(detail(&body), "This address has received several invitations today. Please try again tomorrow.");

    // Refused invitations sent no mail.
    stack.run_workers().await.unwrap();
    assert!(stack.mail_to(&refused).await.unwrap().is_empty());
    assert_eq!(stack.mail_to(&again).await.unwrap().len(), 2);
    assert_eq!(stack.mail_to(&target).await.unwrap().len(), 3);
}

#[tokio::test]
async fn an_expired_or_revoked_invitation_no_longer_holds_the_address() {
    let stack = stack().await;
    let first = client::organisation(&stack).await;
    let second = client::organisation(&stack).await;

    // Expired: another organisation may invite the address, and the invitation works.
    let email = unique_email("lapsed");
    assert_eq!(invite(&stack, &first, &email, "creator").await.0, StatusCode::CREATED);
    let (status, body) = invite(&stack, &second, &email, "creator").await;
    assert_eq!((status, detail(&body)), (StatusCode::CONFLICT, validation::EMAIL_ALREADY_SENT), "still valid");
    let stale = invitation_token(&stack, &email, 1).await;
    expire_invitation(&stack, &email).await;
    let (status, body) = invite(&stack, &second, &email, "admin").await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let token = invitation_token(&stack, &email, 2).await;
    let (status, body) = accept(&stack, &token, "Amara").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(accept(&stack, &stale, "Amara").await.0, StatusCode::BAD_REQUEST, "the lapsed link opens nothing");
    // The first organisation no longer lists the lapsed invitee.
    let (status, page) = first.get(&stack, "/user/getAllUsers").await;
    assert_eq!(status, StatusCode::OK);
    assert!(!page["items"].as_array().unwrap().iter().any(|u| u["email"] == email.as_str()), "{page}");

    // Expired: its owner may sign up with it.
    let own = unique_email("signup");
    assert_eq!(invite(&stack, &first, &own, "creator").await.0, StatusCode::CREATED);
    let (status, _) =
        call(&stack, Method::POST, "/user/register", None, Some(json!({"email": own, "password": PASSWORD}))).await;
    assert_eq!(status, StatusCode::CONFLICT, "a valid invitation still holds the address");
    expire_invitation(&stack, &own).await;
    let (status, body) =
        call(&stack, Method::POST, "/user/register", None, Some(json!({"email": own, "password": PASSWORD}))).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");

    // Revoked (the invited user deleted): free at once.
    let revoked = unique_email("revoked");
    let (status, body) = invite(&stack, &first, &revoked, "creator").await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let user_id = body["user"]["id"].as_str().unwrap().to_string();
    let (status, body) =
        call(&stack, Method::DELETE, &format!("/user/delete/{user_id}"), Some(&first.token), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(invite(&stack, &second, &revoked, "creator").await.0, StatusCode::CREATED);
}

#[tokio::test]
async fn the_invitation_comes_from_the_configured_sender_without_any_users_text() {
    let stack = stack().await;
    let owner = client::organisation(&stack).await;
    let email = unique_email("from");
    assert_eq!(invite(&stack, &owner, &email, "creator").await.0, StatusCode::CREATED);
    let mail = stack.wait_for_mail(&email, 1).await.unwrap();
    // The From header is the address alone: no display name made of a name or an organisation's.
    assert_eq!(mail[0].source, TEST_SES_SENDER);
    assert_eq!(mail[0].subject, "You are invited to join your team on Storyhive");
    assert!(mail[0].body.contains("Acme Films"), "the organisation is named in the body only");
}
