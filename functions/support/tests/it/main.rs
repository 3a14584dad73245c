//! Help and professional-editor requests over HTTP against DynamoDB Local and moto (SQS,
//! SES), with the real mail worker delivering to the support address and the sender.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use storyhive_local_stack::{
    mailbox::SentMail,
    provision::MAIL_QUEUE,
    testkit::{
        client::{call, detail, member, organisation, Staff},
        TestStack, TEST_SUPPORT_EMAIL,
    },
    worker,
};
use storyhive_shared::{mail::SesMailer, permissions::Role};

async fn stack() -> TestStack {
    let stack = TestStack::start("SupportFunction", storyhive_support::router)
        .await
        .with_function("AccountsFunction", storyhive_accounts::router)
        .with_function("InitiativesFunction", storyhive_initiatives::router)
        .with_function("TagsFunction", storyhive_tags::router)
        .with_function("CampaignsFunction", storyhive_campaigns::router)
        .with_function("QuestionsFunction", storyhive_questions::router);
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

/// The e-mails to `to` that mention `reference` (support's mailbox is shared by tests).
async fn mail_about(stack: &TestStack, to: &str, reference: &str, count: usize) -> Vec<SentMail> {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    loop {
        let mail: Vec<SentMail> =
            stack.mail_to(to).await.unwrap().into_iter().filter(|m| m.body.contains(reference)).collect();
        if mail.len() >= count {
            return mail;
        }
        assert!(std::time::Instant::now() < deadline, "expected {count} e-mail(s) to {to} about {reference}");
        stack.run_workers().await.unwrap();
    }
}

fn messages(body: &Value) -> Vec<(&str, &str)> {
    body["errors"]
        .as_array()
        .unwrap_or_else(|| panic!("not a validation failure: {body}"))
        .iter()
        .map(|e| (e["field"].as_str().unwrap(), e["message"].as_str().unwrap()))
        .collect()
}

async fn email_of(stack: &TestStack, staff: &Staff) -> String {
    let (_, me) = staff.get(stack, "/user/me").await;
    me["email"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn a_help_request_is_stored_and_mailed_to_support_and_the_sender() {
    let stack = stack().await;
    let owner = organisation(&stack).await;
    let coordinator = member(&stack, &owner.tenant_id, Role::Coordinator).await;
    let email = email_of(&stack, &coordinator).await;
    let (status, body) = coordinator
        .post(
            &stack,
            "/support/help",
            json!({"category": "Technical Support", "message": "  The recorder stops after 10 s  "}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["category"], "Technical Support");
    assert_eq!(body["message"], "The recorder stops after 10 s");
    let reference = body["id"].as_str().unwrap();

    let to_support = mail_about(&stack, TEST_SUPPORT_EMAIL, reference, 1).await;
    assert_eq!(to_support[0].subject, "Help request");
    assert!(to_support[0].body.contains(&email), "support can answer the sender: {}", to_support[0].body);
    assert!(to_support[0].body.contains("Technical Support") && to_support[0].body.contains("Acme Films"));
    assert!(to_support[0].body.contains("The recorder stops after 10 s"));
    let copy = mail_about(&stack, &email, reference, 1).await;
    assert_eq!(copy[0].subject, "We received your help request");
    assert!(copy[0].body.contains("The recorder stops after 10 s"));

    let (status, list) = coordinator.get(&stack, "/support/help").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(list["items"][0]["id"], reference);
    assert_eq!(list["items"].as_array().unwrap().len(), 1);
    // Another member of the organisation does not see it.
    let (_, theirs) = owner.get(&stack, "/support/help").await;
    assert!(theirs["items"].as_array().unwrap().is_empty());
}

#[tokio::test]
async fn help_requests_need_a_category_and_a_message() {
    let stack = stack().await;
    let owner = organisation(&stack).await;
    let (status, body) = owner.post(&stack, "/support/help", json!({})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        messages(&body),
        [("category", "Category is a required field"), ("message", "Please write your message")]
    );
    let (status, body) = owner.post(&stack, "/support/help", json!({"category": "Gossip", "message": "hi"})).await;
    assert_eq!(
        (status, messages(&body)),
        (StatusCode::BAD_REQUEST, vec![("category", "Please select a valid category")])
    );
    let (status, body) = owner.post(&stack, "/support/help", json!({"category": "Other", "message": "   "})).await;
    assert_eq!((status, messages(&body)), (StatusCode::BAD_REQUEST, vec![("message", "Please write your message")]));
    let (status, body) =
        owner.post(&stack, "/support/help", json!({"category": "Feature Request", "message": "m".repeat(5001)})).await;
    assert_eq!(
        (status, messages(&body)),
        (StatusCode::BAD_REQUEST, vec![("message", "Message must be at most 5000 characters")])
    );
    let (_, list) = owner.get(&stack, "/support/help").await;
    assert!(list["items"].as_array().unwrap().is_empty(), "nothing stored");
    let (status, _) =
        call(&stack, Method::POST, "/support/help", None, Some(json!({"category": "Other", "message": "x"}))).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn every_staff_role_may_ask_for_help_ten_times_an_hour() {
    let stack = stack().await;
    let owner = organisation(&stack).await;
    for role in [Role::Admin, Role::Creator, Role::Coordinator] {
        let staff = member(&stack, &owner.tenant_id, role).await;
        let (status, body) =
            staff.post(&stack, "/support/help", json!({"category": "Other", "message": "Hello"})).await;
        assert_eq!(status, StatusCode::CREATED, "{role:?}: {body}");
    }
    for n in 0..10 {
        let (status, _) = owner
            .post(&stack, "/support/help", json!({"category": "Feature Request", "message": format!("Idea {n}")}))
            .await;
        assert_eq!(status, StatusCode::CREATED);
    }
    let (status, body) = owner.post(&stack, "/support/help", json!({"category": "Other", "message": "Eleventh"})).await;
    assert_eq!(
        (status, detail(&body)),
        (StatusCode::TOO_MANY_REQUESTS, "Too many requests. Please wait a while and try again.")
    );
    // Others are not limited by the owner's requests.
    let admin = member(&stack, &owner.tenant_id, Role::Admin).await;
    let (status, _) = admin.post(&stack, "/support/help", json!({"category": "Other", "message": "Mine"})).await;
    assert_eq!(status, StatusCode::CREATED);
    let (_, page) = owner.get(&stack, "/support/help").await;
    assert_eq!(page["items"].as_array().unwrap().len(), 10, "page size 10");
    assert_eq!(page["items"][0]["message"], "Idea 9", "newest first");
    assert!(page["nextCursor"].is_null(), "the refused eleventh was not stored");
    let (_, first) = owner.get(&stack, "/support/help?limit=4").await;
    let (_, second) =
        owner.get(&stack, &format!("/support/help?limit=4&cursor={}", first["nextCursor"].as_str().unwrap())).await;
    assert_eq!(second["items"][0]["message"], "Idea 5", "the next page goes on where the first ended");
}

#[tokio::test]
async fn an_editor_request_is_stored_mailed_listed_and_can_be_withdrawn() {
    let stack = stack().await;
    let owner = organisation(&stack).await;
    let creator = member(&stack, &owner.tenant_id, Role::Creator).await;
    let email = email_of(&stack, &creator).await;
    let (campaign_id, _) = owner.live_campaign(&stack, "Volunteer voices").await;

    let (status, body) = creator
        .post(
            &stack,
            "/support/editor-requests",
            json!({"campaignId": campaign_id, "message": "Please cut a 2-minute film"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["status"], "requested");
    assert_eq!(body["campaignTitle"], "Volunteer voices");
    assert_eq!(body["createdAt"], body["updatedAt"]);
    let reference = body["id"].as_str().unwrap().to_string();

    let to_support = mail_about(&stack, TEST_SUPPORT_EMAIL, &reference, 1).await;
    assert_eq!(to_support[0].subject, "Professional editor requested");
    assert!(to_support[0].body.contains(&email) && to_support[0].body.contains("Volunteer voices"));
    let copy = mail_about(&stack, &email, &reference, 1).await;
    assert_eq!(copy[0].subject, "We received your request for a professional editor");

    let (status, list) = creator.get(&stack, "/support/editor-requests").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        (list["items"][0]["id"].as_str(), list["items"][0]["status"].as_str()),
        (Some(reference.as_str()), Some("requested"))
    );

    // Only the sender can withdraw it.
    let (status, body) = owner.put(&stack, &format!("/support/editor-requests/{reference}/cancel"), json!({})).await;
    assert_eq!((status, detail(&body)), (StatusCode::NOT_FOUND, "Request not found"));
    let (status, body) = creator.put(&stack, &format!("/support/editor-requests/{reference}/cancel"), json!({})).await;
    assert_eq!((status, body["status"].as_str()), (StatusCode::OK, Some("cancelled")), "{body}");
    assert_ne!(body["updatedAt"], body["createdAt"]);
    let withdrawn = mail_about(&stack, TEST_SUPPORT_EMAIL, &reference, 2).await;
    assert_eq!(withdrawn[0].subject, "Professional editor request withdrawn");
    let (status, again) = creator.put(&stack, &format!("/support/editor-requests/{reference}/cancel"), json!({})).await;
    assert_eq!((status, again["status"].as_str()), (StatusCode::OK, Some("cancelled")));
    let (_, list) = creator.get(&stack, "/support/editor-requests").await;
    assert_eq!(list["items"][0]["status"], "cancelled");
    assert_eq!(mail_about(&stack, TEST_SUPPORT_EMAIL, &reference, 2).await.len(), 2, "withdrawing twice mails once");
}

#[tokio::test]
async fn editor_requests_check_the_campaign_the_message_and_the_role() {
    let stack = stack().await;
    let owner = organisation(&stack).await;
    let (campaign_id, _) = owner.live_campaign(&stack, "Ours").await;
    let (status, body) = owner.post(&stack, "/support/editor-requests", json!({})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        messages(&body),
        [("campaignId", "Campaign is a required field"), ("message", "Please write your message")]
    );
    let (status, body) =
        owner.post(&stack, "/support/editor-requests", json!({"campaignId": campaign_id, "message": ""})).await;
    assert_eq!((status, messages(&body)), (StatusCode::BAD_REQUEST, vec![("message", "Please write your message")]));
    let (status, body) = owner
        .post(&stack, "/support/editor-requests", json!({"campaignId": "01JUNKNOWN0000000000000000", "message": "Hi"}))
        .await;
    assert_eq!((status, detail(&body)), (StatusCode::NOT_FOUND, "Campaign not found"));

    // Another organisation's campaign is unknown to them.
    let stranger = organisation(&stack).await;
    let (status, body) =
        stranger.post(&stack, "/support/editor-requests", json!({"campaignId": campaign_id, "message": "Hi"})).await;
    assert_eq!((status, detail(&body)), (StatusCode::NOT_FOUND, "Campaign not found"));

    // superAdmin, admin and creator may; a coordinator may not (and may still ask for help).
    let coordinator = member(&stack, &owner.tenant_id, Role::Coordinator).await;
    let body = json!({"campaignId": campaign_id, "message": "Hi"});
    assert_eq!(coordinator.post(&stack, "/support/editor-requests", body.clone()).await.0, StatusCode::FORBIDDEN);
    assert_eq!(coordinator.get(&stack, "/support/editor-requests").await.0, StatusCode::FORBIDDEN);
    assert_eq!(
        coordinator.put(&stack, "/support/editor-requests/01JUNKNOWN0000000000000000/cancel", json!({})).await.0,
        StatusCode::FORBIDDEN
    );
    for staff in [owner.clone(), member(&stack, &owner.tenant_id, Role::Admin).await] {
        assert_eq!(staff.post(&stack, "/support/editor-requests", body.clone()).await.0, StatusCode::CREATED);
    }
    let (_, list) = owner.get(&stack, "/support/editor-requests").await;
    assert_eq!(list["items"].as_array().unwrap().len(), 1, "each sees their own");
}
