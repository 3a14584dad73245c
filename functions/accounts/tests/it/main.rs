//! Every accounts route over HTTP, against DynamoDB Local and moto (SQS, SES),
//! with the real mail worker delivering queued mail.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use storyhive_local_stack::{
    provision::MAIL_QUEUE,
    testkit::{
        client::{call, detail, first_message},
        collaborators::query_param,
        unique_email, TestStack, TEST_APP_BASE_URL, TEST_SES_SENDER,
    },
    worker,
};
use storyhive_shared::{
    auth,
    mail::SesMailer,
    model::{self, EmailClaim, UserRecord, UserStatus},
    permissions::Role,
    storage::keys,
    validation,
};

const PASSWORD: &str = "Story-Hive-42";

async fn stack() -> TestStack {
    let stack = TestStack::start("AccountsFunction", storyhive_accounts::router).await;
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

async fn post(stack: &TestStack, path: &str, body: Value) -> (StatusCode, Value) {
    call(stack, Method::POST, path, None, Some(body)).await
}

/// Registers `email` and returns the link of the verification e-mail.
async fn register(stack: &TestStack, email: &str) -> String {
    let (status, body) = post(stack, "/user/register", json!({"email": email, "password": PASSWORD})).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let mail = stack.wait_for_mail(email, 1).await.expect("verification e-mail");
    assert_eq!(mail[0].subject, "Verify your Storyhive e-mail address");
    assert_eq!(mail[0].source, TEST_SES_SENDER);
    mail[0].links()[0].clone()
}

/// A verified super admin; returns their access token and tenant id.
async fn signed_up(stack: &TestStack, email: &str) -> (String, String) {
    let link = register(stack, email).await;
    let (status, body) = post(stack, "/user/verifyUser", json!({"token": query_param(&link, "verifyToken")})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    login(stack, email, PASSWORD).await
}

async fn login(stack: &TestStack, email: &str, password: &str) -> (String, String) {
    let (status, body) = post(stack, "/auth/login", json!({"email": email, "password": password})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    (body["accessToken"].as_str().unwrap().to_string(), body["tenantId"].as_str().unwrap().to_string())
}

/// Adds a verified staff member to an organisation directly in the table (user
/// invitations arrive with a later issue).
async fn add_member(stack: &TestStack, tenant_id: &str, role: Role, status: UserStatus) -> String {
    let email = unique_email(role.name());
    let at = model::now();
    let mut user = UserRecord::new(tenant_id, &model::new_id(), &email, role, at);
    user.password_hash = Some(auth::hash_password(PASSWORD).unwrap());
    user.email_verified = true;
    user.status = status;
    let store = &stack.context.store;
    store
        .transact(vec![
            store.put_new_op(&EmailClaim::new(&email, tenant_id, &user.user_id, at)).unwrap(),
            store.put_new_op(&user).unwrap(),
        ])
        .await
        .unwrap();
    email
}

#[tokio::test]
async fn sign_up_verify_sign_in_and_read_the_current_user() {
    let stack = stack().await;
    let email = unique_email("owner");
    let link = register(&stack, &email).await;
    assert!(link.starts_with(&format!("{TEST_APP_BASE_URL}/login?verifyToken=")), "{link}");

    // Not verified yet: refused with a message saying so.
    let (status, body) = post(&stack, "/auth/login", json!({"email": email, "password": PASSWORD})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(detail(&body).starts_with("Please verify your email address"), "{body}");

    let token = query_param(&link, "verifyToken");
    let (status, body) = post(&stack, "/user/verifyUser", json!({"token": token})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Your email address has been verified. You can now sign in.");
    // The link works once.
    let (status, body) = post(&stack, "/user/verifyUser", json!({"token": token})).await;
    assert_eq!(
        (status, detail(&body)),
        (StatusCode::BAD_REQUEST, "This verification link is invalid or has already been used.")
    );

    let (access_token, tenant_id) = login(&stack, &email.to_uppercase(), PASSWORD).await;
    let (status, me) = call(&stack, Method::GET, "/user/me", Some(&access_token), None).await;
    assert_eq!(status, StatusCode::OK, "{me}");
    assert_eq!(me["email"], email);
    assert_eq!(me["tenantId"], tenant_id);
    assert_eq!(me["role"], json!({"id": 1, "name": "superAdmin"}));
    assert_eq!(me["skippedEditorTour"], false);
    for field in [
        "id",
        "firstName",
        "lastName",
        "avatar",
        "tenantUserId",
        "companyName",
        "roleInCompany",
        "encouragementVideo",
        "department",
        "companyLogo",
        "country",
        "defaultEncouragementVideo",
        "termsNConditions",
    ] {
        assert!(me.get(field).is_some(), "current user lacks {field}: {me}");
    }
}

#[tokio::test]
async fn registration_rules_use_the_spec_messages_and_change_nothing() {
    let stack = stack().await;
    for (email, password, message) in [
        ("", PASSWORD, validation::WORK_EMAIL_REQUIRED),
        ("someone@gmail.com", PASSWORD, validation::PERSONAL_EMAIL),
        ("not-an-address", PASSWORD, validation::EMAIL_INVALID),
        (&unique_email("weak") as &str, "password", validation::PASSWORD_RULE),
        (&unique_email("spaced") as &str, "Pass word-42", validation::PASSWORD_RULE),
    ] {
        let (status, body) = post(&stack, "/user/register", json!({"email": email, "password": password})).await;
        assert_eq!((status, first_message(&body)), (StatusCode::BAD_REQUEST, message), "{email} / {password}");
        if !email.is_empty() {
            assert!(stack.context.store.get::<EmailClaim>(&keys::email_claim(email)).await.unwrap().is_none());
        }
    }
    let (status, body) = post(&stack, "/user/register", json!({})).await;
    assert_eq!((status, first_message(&body)), (StatusCode::BAD_REQUEST, validation::WORK_EMAIL_REQUIRED));

    // Malformed JSON gets a readable error, not a crash.
    let response = stack
        .http
        .post(stack.url("/user/register"))
        .header("content-type", "application/json")
        .body("{")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert!(response.json::<Value>().await.unwrap()["detail"]
        .as_str()
        .unwrap()
        .starts_with("The request body is not valid"));

    // An address in use (in any letter case) is refused; the first account is untouched.
    let email = unique_email("taken");
    signed_up(&stack, &email).await;
    let (status, body) =
        post(&stack, "/user/register", json!({"email": email.to_uppercase(), "password": "Other-Pass-1"})).await;
    assert_eq!((status, detail(&body)), (StatusCode::CONFLICT, validation::EMAIL_ALREADY_SENT));
    login(&stack, &email, PASSWORD).await;
    stack.run_workers().await.unwrap();
    assert_eq!(stack.mail_to(&email).await.unwrap().len(), 1, "no second verification e-mail");
}

#[tokio::test]
async fn a_new_verification_link_can_be_requested_without_revealing_accounts() {
    let stack = stack().await;
    let email = unique_email("resend");
    register(&stack, &email).await;
    let (status, known) = post(&stack, "/user/resendVerificationEmail", json!({"email": email})).await;
    assert_eq!(status, StatusCode::OK);
    let (status, unknown) =
        post(&stack, "/user/resendVerificationEmail", json!({"email": unique_email("nobody")})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(known, unknown);

    let mail = stack.wait_for_mail(&email, 2).await.unwrap();
    let (status, _) =
        post(&stack, "/user/verifyUser", json!({"token": query_param(&mail[0].links()[0], "verifyToken")})).await;
    assert_eq!(status, StatusCode::OK);
    login(&stack, &email, PASSWORD).await;

    let (status, body) = post(&stack, "/user/verifyUser", json!({"token": "garbage"})).await;
    assert_eq!(
        (status, detail(&body)),
        (StatusCode::BAD_REQUEST, "This verification link is invalid or has already been used.")
    );
}

#[tokio::test]
async fn wrong_credentials_then_lockout_after_repeated_failures() {
    let stack = stack().await;
    let email = unique_email("locked");
    signed_up(&stack, &email).await;

    let (status, body) =
        post(&stack, "/auth/login", json!({"email": unique_email("ghost"), "password": PASSWORD})).await;
    assert_eq!((status, detail(&body)), (StatusCode::BAD_REQUEST, "Please enter correct email and password"));
    let (status, body) = post(&stack, "/auth/login", json!({"email": email, "password": ""})).await;
    assert_eq!((status, detail(&body)), (StatusCode::BAD_REQUEST, "Please enter correct email and password"));

    for attempt in 1..=4 {
        let (status, body) = post(&stack, "/auth/login", json!({"email": email, "password": "Wrong-Pass-1"})).await;
        assert_eq!(
            (status, detail(&body)),
            (StatusCode::BAD_REQUEST, "Please enter correct email and password"),
            "attempt {attempt}"
        );
    }
    let (status, body) = post(&stack, "/auth/login", json!({"email": email, "password": "Wrong-Pass-1"})).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        detail(&body),
        "Too many failed sign-in attempts. Please try again in 15 minutes, or reset your password."
    );
    // Locked: even the right password is refused for now.
    let response = stack
        .http
        .post(stack.url("/auth/login"))
        .json(&json!({"email": email, "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(response.headers().get("retry-after").is_some());
}

#[tokio::test]
async fn sign_out_revokes_the_token_on_the_server() {
    let stack = stack().await;
    let (token, _) = signed_up(&stack, &unique_email("logout")).await;
    let (status, _) = call(&stack, Method::GET, "/user/me", Some(&token), None).await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = call(&stack, Method::GET, "/auth/logout", Some(&token), None).await;
    assert_eq!((status, body["message"].as_str()), (StatusCode::OK, Some("You have been signed out")));
    for path in ["/user/me", "/auth/logout"] {
        let (status, body) = call(&stack, Method::GET, path, Some(&token), None).await;
        assert_eq!(
            (status, detail(&body)),
            (StatusCode::UNAUTHORIZED, "Your session has ended. Please sign in again."),
            "{path}"
        );
    }
    let (status, _) = call(&stack, Method::GET, "/user/me", None, None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_token_opens_only_its_own_organisation() {
    let stack = stack().await;
    let (token_a, tenant_a) = signed_up(&stack, &unique_email("org-a")).await;
    let (_, tenant_b) = signed_up(&stack, &unique_email("org-b")).await;
    // Swapping the organisation inside a valid token must not open the other one.
    let forged = token_a.replacen(&tenant_a, &tenant_b, 1);
    let (status, _) = call(&stack, Method::GET, "/user/me", Some(&forged), None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, _) = call(&stack, Method::GET, "/user/me", Some("not-a-token"), None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn forgot_and_reset_password_with_a_single_use_link() {
    let stack = stack().await;
    let email = unique_email("reset");
    let (old_session, _) = signed_up(&stack, &email).await;

    let ghost = unique_email("ghost");
    let (status, unknown) = post(&stack, "/user/forgotPassword", json!({"email": ghost})).await;
    assert_eq!(status, StatusCode::OK);
    let (status, known) = post(&stack, "/user/forgotPassword", json!({"email": email})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(known, unknown, "the answer must not reveal whether the address exists");

    let mail = stack.wait_for_mail(&email, 2).await.unwrap();
    assert_eq!(mail[0].subject, "Reset your Storyhive password");
    let link = &mail[0].links()[0];
    assert!(link.starts_with(&format!("{TEST_APP_BASE_URL}/reset-password?token=")), "{link}");
    assert_eq!(query_param(link, "email"), email);
    assert!(stack.mail_to(&ghost).await.unwrap().is_empty());
    let token = query_param(link, "token");

    let new_password = "Brand-New-Pass-7";
    let (status, body) =
        post(&stack, "/user/resetPassword", json!({"email": email, "password": "weak", "token": token})).await;
    assert_eq!((status, first_message(&body)), (StatusCode::BAD_REQUEST, validation::PASSWORD_RULE));
    let (status, body) = post(
        &stack,
        "/user/resetPassword",
        json!({"email": unique_email("other"), "password": new_password, "token": token}),
    )
    .await;
    assert_eq!(
        (status, detail(&body)),
        (StatusCode::BAD_REQUEST, "This password reset link is invalid or has expired. Please ask for a new one.")
    );
    login(&stack, &email, PASSWORD).await; // nothing changed yet

    let (status, body) =
        post(&stack, "/user/resetPassword", json!({"email": email, "password": new_password, "token": token})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, _) =
        post(&stack, "/user/resetPassword", json!({"email": email, "password": "Third-Pass-9", "token": token})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "the link works once");

    let (status, _) = call(&stack, Method::GET, "/user/me", Some(&old_session), None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "sessions opened with the old password end");
    let (status, body) = post(&stack, "/auth/login", json!({"email": email, "password": PASSWORD})).await;
    assert_eq!((status, detail(&body)), (StatusCode::BAD_REQUEST, "Please enter correct email and password"));
    login(&stack, &email, new_password).await;
}

#[tokio::test]
async fn profile_update_validates_and_persists() {
    let stack = stack().await;
    let (token, tenant_id) = signed_up(&stack, &unique_email("profile")).await;
    let update = |body: Value| call(&stack, Method::PUT, "/user/me/update", Some(&token), Some(body));

    let (status, body) = update(json!({"firstName": "Jo😀"})).await;
    assert_eq!(
        (status, first_message(&body)),
        (StatusCode::BAD_REQUEST, "First name must not contain special characters or emojis")
    );
    let (status, body) = update(json!({"lastName": "Li"})).await;
    assert_eq!((status, first_message(&body)), (StatusCode::BAD_REQUEST, "Last name must be at least 3 characters"));
    let (status, body) = update(json!({"country": "XX"})).await;
    assert_eq!((status, first_message(&body)), (StatusCode::BAD_REQUEST, "Please select a country from the list"));

    let (status, body) = update(json!({"firstName": "Amara", "lastName": "O'Neil", "roleInCompany": "Head of Stories", "country": "gb", "companyName": "Acme Films"})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, me) = call(&stack, Method::GET, "/user/me", Some(&token), None).await;
    assert_eq!((me["firstName"].as_str(), me["lastName"].as_str()), (Some("Amara"), Some("O'Neil")));
    assert_eq!((me["country"].as_str(), me["companyName"].as_str()), (Some("GB"), Some("Acme Films")));
    assert_eq!(me["roleInCompany"], "Head of Stories");

    let (status, body) =
        call(&stack, Method::PUT, "/user/skip-tour", Some(&token), Some(json!({"skippedEditorTour": true}))).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, me) = call(&stack, Method::GET, "/user/me", Some(&token), None).await;
    assert_eq!(me["skippedEditorTour"], true);
    assert_eq!(me["firstName"], "Amara", "skip-tour keeps the profile");

    // Only the super admin renames the company.
    let admin = add_member(&stack, &tenant_id, Role::Admin, UserStatus::Activated).await;
    let (admin_token, _) = login(&stack, &admin, PASSWORD).await;
    let (status, body) =
        call(&stack, Method::PUT, "/user/me/update", Some(&admin_token), Some(json!({"companyName": "Hijacked"})))
            .await;
    assert_eq!(
        (status, first_message(&body)),
        (StatusCode::BAD_REQUEST, "Only the super admin can change the company name")
    );
    let (_, me) = call(&stack, Method::GET, "/user/me", Some(&admin_token), None).await;
    assert_eq!((me["companyName"].as_str(), me["role"]["name"].as_str()), (Some("Acme Films"), Some("admin")));
}

#[tokio::test]
async fn suspended_accounts_cannot_sign_in() {
    let stack = stack().await;
    let (_, tenant_id) = signed_up(&stack, &unique_email("boss")).await;
    let suspended = add_member(&stack, &tenant_id, Role::Creator, UserStatus::Suspended).await;
    let (status, body) = post(&stack, "/auth/login", json!({"email": suspended, "password": PASSWORD})).await;
    assert_eq!(
        (status, detail(&body)),
        (StatusCode::BAD_REQUEST, "Your account has been suspended. Please contact your administrator.")
    );
}

#[tokio::test]
async fn deleting_the_super_admin_closes_the_organisation_safely() {
    let stack = stack().await;
    let owner = unique_email("closing");
    let (owner_token, tenant_id) = signed_up(&stack, &owner).await;
    let member = add_member(&stack, &tenant_id, Role::Coordinator, UserStatus::Activated).await;
    let (member_token, _) = login(&stack, &member, PASSWORD).await;

    // Only the super admin may, and only by typing their own address.
    let (status, _) =
        call(&stack, Method::DELETE, "/user/me", Some(&member_token), Some(json!({"email": member}))).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, body) =
        call(&stack, Method::DELETE, "/user/me", Some(&owner_token), Some(json!({"email": member}))).await;
    assert_eq!(
        (status, detail(&body)),
        (StatusCode::BAD_REQUEST, "Please type the email address of your account to confirm the deletion")
    );
    let (status, _) = call(&stack, Method::DELETE, "/user/me", Some(&owner_token), None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    // The address alone is not enough: the current password too (a session left open
    // on a shared computer cannot close the organisation).
    let (status, body) =
        call(&stack, Method::DELETE, "/user/me", Some(&owner_token), Some(json!({"email": owner}))).await;
    assert_eq!(
        (status, body["errors"][0]["field"].as_str(), body["errors"][0]["message"].as_str()),
        (StatusCode::BAD_REQUEST, Some("password"), Some("Please enter your password to confirm the deletion"))
    );
    let (status, body) = call(
        &stack,
        Method::DELETE,
        "/user/me",
        Some(&owner_token),
        Some(json!({"email": owner, "password": "Not-The-Password-1"})),
    )
    .await;
    assert_eq!(
        (status, body["errors"][0]["field"].as_str(), body["errors"][0]["message"].as_str()),
        (StatusCode::BAD_REQUEST, Some("password"), Some("The password is not correct. Nothing was deleted."))
    );
    for token in [&owner_token, &member_token] {
        let (status, _) = call(&stack, Method::GET, "/user/me", Some(token), None).await;
        assert_eq!(status, StatusCode::OK, "nothing changed");
    }

    let (status, body) = call(
        &stack,
        Method::DELETE,
        "/user/me",
        Some(&owner_token),
        Some(json!({"email": owner.to_uppercase(), "password": PASSWORD})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    for token in [&owner_token, &member_token] {
        let (status, _) = call(&stack, Method::GET, "/user/me", Some(token), None).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
    for email in [&owner, &member] {
        let (status, body) = post(&stack, "/auth/login", json!({"email": email, "password": PASSWORD})).await;
        assert_eq!((status, detail(&body)), (StatusCode::BAD_REQUEST, "Please enter correct email and password"));
    }
    let closed = stack.wait_for_mail(&member, 1).await.unwrap();
    assert_eq!(closed[0].subject, "Your Storyhive organisation has been closed");
    // The addresses are free again.
    let (status, _) = post(&stack, "/user/register", json!({"email": owner, "password": PASSWORD})).await;
    assert_eq!(status, StatusCode::CREATED);
}

#[tokio::test]
async fn the_country_list_needs_no_sign_in() {
    let stack = stack().await;
    let (status, body) = call(&stack, Method::GET, "/user/getCountryList", None, None).await;
    assert_eq!(status, StatusCode::OK);
    let list = body.as_array().unwrap();
    assert!(list.len() >= 249);
    assert!(list.contains(&json!({"code": "GB", "name": "United Kingdom"})));
}

#[tokio::test]
async fn a_burst_of_parallel_guesses_is_counted_guess_by_guess() {
    let stack = stack().await;
    let email = unique_email("burst");
    signed_up(&stack, &email).await;
    // Ten wrong guesses at once: a read-then-write counter would count them as one.
    let guesses = (0..10).map(|_| post(&stack, "/auth/login", json!({"email": email, "password": "Wrong-Pass-1"})));
    let answers = futures::future::join_all(guesses).await;
    let refused = answers.iter().filter(|(status, _)| *status == StatusCode::TOO_MANY_REQUESTS).count();
    assert!(refused >= 5, "at most five passwords were checked: {answers:?}");
    let (status, body) = post(&stack, "/auth/login", json!({"email": email, "password": PASSWORD})).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "locked, even with the right password: {body}");
}

#[tokio::test]
async fn guessing_across_many_accounts_from_one_client_is_limited() {
    let stack = stack().await;
    let email = unique_email("elsewhere");
    signed_up(&stack, &email).await;
    for i in 0..30 {
        let (status, _) = post(
            &stack,
            "/auth/login",
            json!({"email": unique_email(&format!("nobody{i}")), "password": "Wrong-Pass-1"}),
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "attempt {i}");
    }
    let (status, body) =
        post(&stack, "/auth/login", json!({"email": unique_email("one-more"), "password": "Wrong-Pass-1"})).await;
    assert_eq!(
        (status, detail(&body)),
        (
            StatusCode::TOO_MANY_REQUESTS,
            "Too many failed sign-in attempts from your network. Please try again later, or reset your password."
        )
    );
    // Another client is not affected.
    let response = stack
        .http
        .post(stack.url("/auth/login"))
        .header("x-forwarded-for", "10.250.250.250")
        .json(&json!({"email": email, "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
}

#[tokio::test]
async fn calls_that_send_mail_cannot_be_used_to_flood_an_address_or_from_a_client() {
    let stack = stack().await;
    let email = unique_email("flooded");
    signed_up(&stack, &email).await;
    let mut answers = Vec::new();
    for _ in 0..5 {
        answers.push(post(&stack, "/user/forgotPassword", json!({"email": email})).await);
    }
    assert!(answers.windows(2).all(|w| w[0] == w[1]), "the answers stay the same: {answers:?}");
    assert_eq!(answers[0].0, StatusCode::OK);
    for _ in 0..10 {
        stack.run_workers().await.unwrap();
    }
    let resets = stack.mail_to(&email).await.unwrap().into_iter().filter(|m| m.subject.contains("Reset")).count();
    assert_eq!(resets, 3, "at most three e-mails an hour to one address");

    // One client asking for many addresses is stopped.
    let mut last = StatusCode::OK;
    for i in 0..25 {
        last =
            post(&stack, "/user/resendVerificationEmail", json!({"email": unique_email(&format!("spray{i}"))})).await.0;
    }
    assert_eq!(last, StatusCode::TOO_MANY_REQUESTS);
}

#[tokio::test]
async fn a_body_that_is_not_an_object_is_refused_and_changes_nothing() {
    let stack = stack().await;
    let (token, _) = signed_up(&stack, &unique_email("arrays")).await;
    let (_, before) = call(&stack, Method::GET, "/user/me", Some(&token), None).await;
    for body in [json!([]), json!(null), json!("first")] {
        let (status, answer) = call(&stack, Method::PUT, "/user/me/update", Some(&token), Some(body)).await;
        assert_eq!((status, detail(&answer)), (StatusCode::BAD_REQUEST, "The request body must be a JSON object."));
    }
    let (_, after) = call(&stack, Method::GET, "/user/me", Some(&token), None).await;
    assert_eq!(before, after);
}

#[tokio::test]
async fn ending_many_sessions_takes_a_few_batched_round_trips() {
    let tap = storyhive_local_stack::testkit::tap::DynamoTap::in_front_of_dynamodb().await;
    let stack = TestStack::start_tapped("AccountsFunction", Some(&tap), storyhive_accounts::router).await;
    let mail_worker = stack.function_context("MailWorkerFunction");
    let mailer = SesMailer::new(
        stack.function_clients("MailWorkerFunction").ses,
        mail_worker.config.ses_sender().expect("the mail worker's SES_SENDER"),
    );
    let stack = stack.with_worker(
        MAIL_QUEUE,
        worker::handler(move |event| {
            let mailer = mailer.clone();
            async move { storyhive_mail_worker::handle(&mailer, event).await }
        }),
    );
    let email = unique_email("sessions");
    signed_up(&stack, &email).await;
    for _ in 0..30 {
        login(&stack, &email, PASSWORD).await;
    }
    let (status, _) = post(&stack, "/user/forgotPassword", json!({"email": email})).await;
    assert_eq!(status, StatusCode::OK);
    let mail = stack.wait_for_mail(&email, 2).await.unwrap();
    let token = query_param(&mail[0].links()[0], "token");
    tap.clear();
    let (status, body) =
        post(&stack, "/user/resetPassword", json!({"email": email, "password": "Another-Pass-7", "token": token}))
            .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let exchanges = tap.exchanges();
    let deletes = exchanges.iter().filter(|e| e.operation == "DeleteItem").count();
    let batches = exchanges.iter().filter(|e| e.operation == "BatchWriteItem").count();
    assert!(
        deletes <= 2 && (2..=3).contains(&batches),
        "31 sessions in batches of 25: {deletes} deletes, {batches} batches"
    );
    let (status, _) = post(&stack, "/auth/login", json!({"email": email, "password": PASSWORD})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "the old password no longer works");
}

#[tokio::test]
async fn closing_the_organisation_removes_its_guidelines_and_support_requests() {
    let stack = stack().await;
    let owner = unique_email("closing-guides");
    let (owner_token, tenant_id) = signed_up(&stack, &owner).await;
    let member = add_member(&stack, &tenant_id, Role::Admin, UserStatus::Activated).await;
    let (_, me) = call(&stack, Method::GET, "/user/me", Some(&owner_token), None).await;
    let owner_id = me["id"].as_str().unwrap().to_string();
    let store = &stack.context.store;
    let at = model::timestamp(model::now());
    let title = storyhive_shared::guidelines::GuidelineTitleRecord::new(&tenant_id, &model::new_id(), "Light", &at);
    store.put(&title).await.unwrap();
    // A request of each member (only their keys matter here).
    store.put(&keys::help_request(&tenant_id, &owner_id, &model::new_id())).await.unwrap();
    let (member_token, _) = login(&stack, &member, PASSWORD).await;
    let (_, them) = call(&stack, Method::GET, "/user/me", Some(&member_token), None).await;
    let member_id = them["id"].as_str().unwrap().to_string();
    store.put(&keys::editor_request(&tenant_id, &member_id, &model::new_id())).await.unwrap();

    let (status, body) = call(
        &stack,
        Method::DELETE,
        "/user/me",
        Some(&owner_token),
        Some(json!({"email": owner, "password": PASSWORD})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    for partition in [
        keys::guidelines_partition(&tenant_id),
        keys::support_requests_partition(&tenant_id, &owner_id),
        keys::support_requests_partition(&tenant_id, &member_id),
    ] {
        let left = store.query_items(storyhive_shared::storage::Query::partition(partition.clone())).await.unwrap();
        assert!(left.is_empty(), "{partition} still holds {left:?}");
    }
}

#[tokio::test]
async fn changing_the_password_needs_the_current_one_and_signs_out_other_devices() {
    let stack = stack().await;
    let email = unique_email("change");
    let (here, tenant_id) = signed_up(&stack, &email).await;
    let (elsewhere, _) = login(&stack, &email, PASSWORD).await;
    let change = |current: &str, new: &str, confirm: &str| json!({"currentPassword": current, "newPassword": new, "confirmPassword": confirm});
    let put = |body: Value| {
        let here = here.clone();
        let stack = &stack;
        async move { call(stack, Method::PUT, "/user/me/password", Some(&here), Some(body)).await }
    };
    const NEW: &str = "Brand-New-Pass-7";
    let user_before = {
        let (_, me) = call(&stack, Method::GET, "/user/me", Some(&here), None).await;
        let id = me["id"].as_str().unwrap().to_string();
        stack.context.store.get::<UserRecord>(&keys::user(&tenant_id, &id)).await.unwrap().unwrap()
    };

    for (body, field, message) in [
        (change("", NEW, NEW), "currentPassword", storyhive_accounts::service::CURRENT_PASSWORD_REQUIRED),
        (change(PASSWORD, "short", "short"), "newPassword", validation::PASSWORD_RULE),
        (change(PASSWORD, NEW, "Brand-New-Pass-8"), "confirmPassword", validation::PASSWORDS_DO_NOT_MATCH),
        (change("Not-The-Password-1", NEW, NEW), "currentPassword", "Please enter correct password"),
        (change(PASSWORD, PASSWORD, PASSWORD), "newPassword", storyhive_accounts::service::NEW_PASSWORD_SAME),
    ] {
        let (status, answer) = put(body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {answer}");
        assert_eq!(answer["errors"][0]["field"], field, "{answer}");
        assert_eq!(first_message(&answer), message, "{answer}");
    }
    // Nothing changed: both devices are signed in, the old password works.
    let user_now = stack.context.store.get::<UserRecord>(&user_before.key()).await.unwrap().unwrap();
    assert_eq!(user_now.password_hash, user_before.password_hash);
    assert_eq!(call(&stack, Method::GET, "/user/me", Some(&elsewhere), None).await.0, StatusCode::OK);

    let (status, answer) = put(change(PASSWORD, NEW, NEW)).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["message"], "Password changed successfully. Other devices have been signed out.");
    assert_eq!(call(&stack, Method::GET, "/user/me", Some(&here), None).await.0, StatusCode::OK, "this device stays");
    assert_eq!(
        call(&stack, Method::GET, "/user/me", Some(&elsewhere), None).await.0,
        StatusCode::UNAUTHORIZED,
        "another device is signed out"
    );
    let (status, _) = post(&stack, "/auth/login", json!({"email": email, "password": PASSWORD})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "the old password no longer works");
    login(&stack, &email, NEW).await;
}

#[tokio::test]
async fn a_stolen_session_cannot_guess_the_password() {
    let stack = stack().await;
    let (token, _) = signed_up(&stack, &unique_email("guess")).await;
    let body = |current: &str| json!({"currentPassword": current, "newPassword": "Brand-New-Pass-7", "confirmPassword": "Brand-New-Pass-7"});
    // Five wrong current passwords per user in 15 minutes.
    for attempt in 0..5 {
        let (status, _) =
            call(&stack, Method::PUT, "/user/me/password", Some(&token), Some(body(&format!("Guess-{attempt}-Aa!"))))
                .await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
    }
    let (status, answer) = call(&stack, Method::PUT, "/user/me/password", Some(&token), Some(body(PASSWORD))).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "even the right password, once limited: {answer}");
    assert_eq!(detail(&answer), storyhive_accounts::service::TOO_MANY_PASSWORD_CHECKS);
    // Closing the organisation counts on the same limit.
    let (_, me) = call(&stack, Method::GET, "/user/me", Some(&token), None).await;
    let (status, _) = call(
        &stack,
        Method::DELETE,
        "/user/me",
        Some(&token),
        Some(json!({"email": me["email"], "password": PASSWORD})),
    )
    .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(call(&stack, Method::GET, "/user/me", Some(&token), None).await.0, StatusCode::OK, "nothing was closed");
}
