//! The `/openai` calls over HTTP against DynamoDB Local, with a fake language model that
//! speaks the real protocols (OpenAI chat completions; Bedrock Converse through the AWS SDK).

mod stories;

use std::{sync::Arc, time::Duration};

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use storyhive_local_stack::testkit::{
    client::*,
    collaborators::{call_with_key, invited, Invited},
    fake_llm::{Behaviour, FakeLlm},
    unique_email, TestStack,
};
use storyhive_shared::{
    config::{AiConfig, AiProviderKind},
    contributors::records::JourneyRecord,
    permissions::Role,
    storage::keys,
    AppContext,
};

pub(crate) fn openai(fake: &FakeLlm) -> AiConfig {
    AiConfig {
        provider: AiProviderKind::OpenAi,
        base_url: Some(fake.openai_base_url()),
        model: Some("fake-model".into()),
        api_key: Some("sk-test".into()),
        // Generous: a loaded machine must not turn answers into timeouts (the timeout test sets 2 s).
        timeout_secs: 10,
        ..AiConfig::default()
    }
}

pub(crate) fn bedrock(fake: &FakeLlm) -> AiConfig {
    AiConfig {
        provider: AiProviderKind::Bedrock,
        base_url: Some(fake.bedrock_endpoint()),
        model: Some("anthropic.claude-3-haiku-20240307-v1:0".into()),
        timeout_secs: 10,
        ..AiConfig::default()
    }
}

pub(crate) async fn stack(ai: AiConfig) -> TestStack {
    TestStack::start("AiFunction", move |context: AppContext| {
        let mut config = (*context.config).clone();
        config.ai = ai;
        storyhive_ai::router(AppContext { config: Arc::new(config), ..context })
    })
    .await
    .with_function("AccountsFunction", storyhive_accounts::router)
    .with_function("InitiativesFunction", storyhive_initiatives::router)
    .with_function("TagsFunction", storyhive_tags::router)
    .with_function("CampaignsFunction", storyhive_campaigns::router)
    .with_function("QuestionsFunction", storyhive_questions::router)
    .with_function("ContributorsFunction", storyhive_contributors::router)
}

/// A campaign with two questions and an invited collaborator.
async fn world(stack: &TestStack) -> Invited {
    invited(stack, &["What brought you here?", "What keeps you here?"]).await
}

fn fields(campaign_id: &str) -> Value {
    json!({
        "campaignId": campaign_id,
        "location": "Bristol docks",
        "keywords": "boats, families",
        "toneOfVoice": "warm and plain",
        "sceneRequest": "on the quay at dawn",
    })
}

/// The script calls of the collaborator of a [`world`].
trait World {
    fn script_body(&self, question: usize, prompt: &str) -> Value;
    async fn script(&self, stack: &TestStack, key: Option<&str>, body: Value) -> (StatusCode, Value);
    async fn saved_script(&self, stack: &TestStack, question: usize) -> (Option<String>, Option<String>);
}

impl World for Invited {
    fn script_body(&self, question: usize, prompt: &str) -> Value {
        json!({
            "tenantId": self.staff.tenant_id,
            "campaignId": self.campaign_id,
            "contributorId": self.contributor_id,
            "campaignQuestionId": self.question_ids[question],
            "prompt": prompt,
        })
    }

    async fn script(&self, stack: &TestStack, key: Option<&str>, body: Value) -> (StatusCode, Value) {
        call_with_key(stack, Method::POST, "/openai/generate-script", key, Some(body)).await
    }

    /// The collaborator's script of a question as stored, and as their journey shows it.
    async fn saved_script(&self, stack: &TestStack, question: usize) -> (Option<String>, Option<String>) {
        let stored = stack
            .context
            .store
            .get::<JourneyRecord>(&keys::journey(
                &self.staff.tenant_id,
                &self.campaign_id,
                &self.contributor_id,
                &self.question_ids[question],
            ))
            .await
            .unwrap()
            .and_then(|j| j.contributor_script);
        let (status, journey) = self.call(stack, Method::GET, &self.path("/contributor-journey"), None).await;
        assert_eq!(status, StatusCode::OK);
        let shown = journey["questions"]
            .as_array()
            .unwrap()
            .iter()
            .find(|q| q["campaignQuestionId"] == self.question_ids[question].as_str())
            .and_then(|q| q["contributorScript"].as_str().map(str::to_string));
        (stored, shown)
    }
}

#[tokio::test]
async fn staff_generate_questions_from_the_campaign_and_the_four_fields_and_add_one() {
    let fake = FakeLlm::start().await;
    let stack = stack(openai(&fake)).await;
    let world = world(&stack).await;
    let (status, body) = world.staff.get(&stack, "/openai/status").await;
    assert_eq!((status, body["available"].as_bool()), (StatusCode::OK, Some(true)), "{body}");

    let mut request = fields(&world.campaign_id);
    request["count"] = json!(4);
    let (status, body) = world.staff.post(&stack, "/openai/generateQuestions", request).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let questions: Vec<String> =
        body["questions"].as_array().unwrap().iter().map(|q| q.as_str().unwrap().to_string()).collect();
    assert_eq!(questions.len(), 4, "{body}");
    assert!(questions.iter().all(|q| q.chars().count() <= 50 && q.contains("boats")), "{questions:?}");

    let asked = fake.last().unwrap();
    assert_eq!((asked.protocol, asked.model.as_str()), ("openai", "fake-model"));
    for part in [
        world.title.as_str(),
        "Stories from our volunteers",
        "Bristol docks",
        "boats, families",
        "warm and plain",
        "on the quay at dawn",
        "What brought you here?",
    ] {
        assert!(asked.user.contains(part), "the prompt lacks {part:?}: {}", asked.user);
    }
    assert!(!asked.user.contains("Amara") && !asked.user.contains('@'), "no personal data in prompts");

    // A kept question goes through the existing add call and is not suggested again.
    let added = world.staff.question(&stack, &world.campaign_id, &questions[0]).await;
    assert_eq!(added["question"], questions[0].as_str());
    let (status, body) = world.staff.post(&stack, "/openai/generateQuestions", fields(&world.campaign_id)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(fake.last().unwrap().user.contains(&format!("- {}", questions[0])));
    assert!(!body["questions"].as_array().unwrap().iter().any(|q| q == questions[0].as_str()), "{body}");

    // Regenerating one question gives another one.
    let mut request = fields(&world.campaign_id);
    request["question"] = json!(questions[1]);
    request["otherQuestions"] = json!([questions[2]]);
    let (status, body) = world.staff.post(&stack, "/openai/regenerate", request).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let again = body["question"].as_str().unwrap();
    assert!(!again.is_empty() && again != questions[1], "{body}");
    assert!(fake.last().unwrap().user.contains(&format!("Question to replace: {}", questions[1])));
}

#[tokio::test]
async fn the_generator_needs_its_four_fields_and_asks_nothing_without_them() {
    let fake = FakeLlm::start().await;
    let stack = stack(openai(&fake)).await;
    let world = world(&stack).await;
    for (field, message) in [
        ("location", "Location is a required field"),
        ("keywords", "Keywords is a required field"),
        ("toneOfVoice", "Tone of voice is a required field"),
        ("sceneRequest", "Scene request is a required field"),
    ] {
        let mut request = fields(&world.campaign_id);
        request[field] = json!("  ");
        let (status, body) = world.staff.post(&stack, "/openai/generateQuestions", request).await;
        assert_eq!((status, first_message(&body)), (StatusCode::BAD_REQUEST, message));
    }
    assert!(fake.exchanges().is_empty());
}

#[tokio::test]
async fn paragraphs_are_a_video_script_split_on_blank_lines_through_bedrock_converse() {
    let fake = FakeLlm::start().await;
    let stack = stack(bedrock(&fake)).await;
    let world = world(&stack).await;
    let (status, body) = world
        .staff
        .post(
            &stack,
            "/openai/generateParagraphs",
            json!({"campaignId": world.campaign_id, "kind": "brief", "prompt": "Invite dock workers"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let paragraphs = body["paragraphs"].as_array().unwrap();
    assert_eq!(paragraphs.len(), 2, "{body}");
    assert_eq!(
        body["videoScript"].as_str().unwrap(),
        paragraphs.iter().map(|p| p.as_str().unwrap()).collect::<Vec<_>>().join("\n\n")
    );
    let asked = fake.last().unwrap();
    assert_eq!((asked.protocol, asked.model.as_str()), ("bedrock", "anthropic.claude-3-haiku-20240307-v1:0"));
    assert!(asked.user.contains("Invite dock workers") && asked.user.contains(&world.title), "{}", asked.user);
    assert!(asked.system.contains("blank line"));

    // Questions through Converse too.
    let (status, body) = world.staff.post(&stack, "/openai/generateQuestions", fields(&world.campaign_id)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["questions"].as_array().unwrap().len(), 5);

    // A Converse answer that is not Converse JSON is a clear 502.
    fake.behave(Behaviour::Garbage);
    let (status, body) = world.staff.post(&stack, "/openai/generateQuestions", fields(&world.campaign_id)).await;
    assert_eq!((status, detail(&body)), (StatusCode::BAD_GATEWAY, storyhive_ai_unusable()), "{body}");
    // A refusal (here a bad request; throttling and server errors are retried by the SDK
    // within the time allowed) is a 502 too.
    fake.behave(Behaviour::Status(400));
    let (status, body) = world.staff.post(&stack, "/openai/generateQuestions", fields(&world.campaign_id)).await;
    assert_eq!(
        (status, detail(&body)),
        (
            StatusCode::BAD_GATEWAY,
            "The AI service is not available right now. Nothing was changed; please try again later."
        ),
        "{body}"
    );
}

fn storyhive_ai_unusable() -> &'static str {
    "The AI answered with something we could not use. Nothing was changed; please try again."
}

#[tokio::test]
async fn a_collaborator_gets_a_script_from_their_prompt_saved_with_emoji_escaped() {
    let fake = FakeLlm::start().await;
    let stack = stack(openai(&fake)).await;
    let world = world(&stack).await;

    let (status, body) = world.script(&stack, Some(&world.key), world.script_body(1, "   ")).await;
    assert_eq!((status, detail(&body)), (StatusCode::BAD_REQUEST, "Please enter a prompt to generate the script."));

    let (status, body) =
        world.script(&stack, Some(&world.key), world.script_body(1, "I fixed boats with my dad 🎉")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let script = body["videoScript"].as_str().unwrap().to_string();
    assert!(script.contains("I fixed boats with my dad 🎉"), "{script}");
    assert_eq!(body["paragraphs"].as_array().unwrap().len(), 2);
    let asked = fake.last().unwrap();
    assert!(asked.user.contains("I fixed boats with my dad") && asked.user.contains("What keeps you here?"));
    assert!(asked.user.contains(&world.title));
    assert!(!asked.user.contains("Amara") && !asked.user.contains("Okafor"));

    let (stored, shown) = world.saved_script(&stack, 1).await;
    let stored = stored.expect("saved");
    assert!(stored.contains("&#x1F389;") && !stored.contains('🎉'), "escaped on save: {stored}");
    assert_eq!(shown.as_deref(), Some(script.as_str()), "restored on load");

    // Without a prompt, from their own first answer.
    let saved = stack
        .http
        .post(stack.url("/contributor-journey/save"))
        .header("X-Invite-Key", &world.key)
        .json(&json!({
            "tenantId": world.staff.tenant_id, "campaignId": world.campaign_id, "contributorId": world.contributor_id,
            "campaignQuestionId": world.question_ids[0], "contributorScript": "Grew up on a ferry",
        }))
        .send()
        .await
        .unwrap();
    assert_eq!(saved.status(), StatusCode::OK, "{}", saved.text().await.unwrap());
    let mut body = world.script_body(1, "");
    body["fromFirstAnswer"] = json!(true);
    let (status, answer) = world.script(&stack, Some(&world.key), body).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert!(fake.last().unwrap().user.contains("The person's notes: Grew up on a ferry"));
}

#[tokio::test]
async fn the_script_call_needs_this_collaborators_key() {
    let fake = FakeLlm::start().await;
    let stack = stack(openai(&fake)).await;
    let world = world(&stack).await;
    let other = world_key_of_another_campaign(&stack).await;
    for key in [None, Some(other.as_str()), Some("not-a-key")] {
        let (status, _) = world.script(&stack, key, world.script_body(0, "notes")).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "key {key:?}");
    }
    // A staff token is not a key.
    let response = stack
        .http
        .post(stack.url("/openai/generate-script"))
        .bearer_auth(&world.staff.token)
        .json(&world.script_body(0, "notes"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    assert!(fake.exchanges().is_empty(), "nothing reached the model");
}

async fn world_key_of_another_campaign(stack: &TestStack) -> String {
    world(stack).await.key
}

#[tokio::test]
async fn every_staff_role_may_generate_and_other_organisations_and_keys_may_not() {
    let fake = FakeLlm::start().await;
    let stack = stack(openai(&fake)).await;
    let world = world(&stack).await;
    for role in [Role::Coordinator, Role::Creator, Role::Admin] {
        let member = member(&stack, &world.staff.tenant_id, role).await;
        let (status, body) = member.post(&stack, "/openai/generateQuestions", fields(&world.campaign_id)).await;
        assert_eq!(status, StatusCode::OK, "{role:?}: {body}");
    }
    let stranger = organisation(&stack).await;
    let asked = fake.exchanges().len();
    let (status, body) = stranger.post(&stack, "/openai/generateQuestions", fields(&world.campaign_id)).await;
    assert_eq!((status, detail(&body)), (StatusCode::NOT_FOUND, "Campaign not found"));
    let (status, _) =
        stranger.post(&stack, "/openai/generateParagraphs", json!({"campaignId": world.campaign_id})).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let response = stack
        .http
        .post(stack.url("/openai/generateQuestions"))
        .header("X-Invite-Key", &world.key)
        .json(&fields(&world.campaign_id))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(fake.exchanges().len(), asked, "refused calls never reach the model");
}

#[tokio::test]
async fn a_slow_or_garbled_model_is_a_clear_error_saves_nothing_and_costs_no_quota() {
    let fake = FakeLlm::start().await;
    let stack = stack(AiConfig { timeout_secs: 2, daily_quota_per_org: 2, ..openai(&fake) }).await;
    let world = world(&stack).await;

    fake.behave(Behaviour::Slow(Duration::from_secs(6)));
    let (status, body) = world.script(&stack, Some(&world.key), world.script_body(0, "my notes")).await;
    assert_eq!(status, StatusCode::GATEWAY_TIMEOUT, "{body}");
    assert_eq!(detail(&body), "The AI did not answer in time. Nothing was changed; please try again.");
    assert_eq!(world.saved_script(&stack, 0).await, (None, None), "nothing saved");

    fake.behave(Behaviour::Garbage);
    let (status, body) = world.script(&stack, Some(&world.key), world.script_body(0, "my notes")).await;
    assert_eq!((status, detail(&body)), (StatusCode::BAD_GATEWAY, storyhive_ai_unusable()));
    fake.behave(Behaviour::Text("Sorry, I can't do that.".into()));
    let (status, body) = world.staff.post(&stack, "/openai/generateQuestions", fields(&world.campaign_id)).await;
    assert_eq!((status, detail(&body)), (StatusCode::BAD_GATEWAY, storyhive_ai_unusable()));
    fake.behave(Behaviour::Text("   ".into()));
    let (status, _) = world.script(&stack, Some(&world.key), world.script_body(0, "my notes")).await;
    assert_eq!(status, StatusCode::BAD_GATEWAY);
    fake.behave(Behaviour::Status(500));
    let (status, body) = world.staff.post(&stack, "/openai/generateQuestions", fields(&world.campaign_id)).await;
    assert_eq!(status, StatusCode::BAD_GATEWAY, "{body}");
    assert_eq!(world.saved_script(&stack, 0).await, (None, None), "nothing saved");

    // Five failures, yet the quota of 2 is untouched: both next calls succeed.
    fake.behave(Behaviour::Helpful);
    for _ in 0..2 {
        let (status, body) = world.staff.post(&stack, "/openai/generateQuestions", fields(&world.campaign_id)).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
}

#[tokio::test]
async fn the_daily_quota_and_the_per_key_limit_answer_429_with_retry_after() {
    let fake = FakeLlm::start().await;
    let stack = stack(AiConfig { daily_quota_per_org: 3, scripts_per_key_per_hour: 1, ..openai(&fake) }).await;
    let world = world(&stack).await;

    let (status, body) = world.script(&stack, Some(&world.key), world.script_body(0, "notes")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let response = stack
        .http
        .post(stack.url("/openai/generate-script"))
        .header("X-Invite-Key", &world.key)
        .json(&world.script_body(0, "notes again"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    let retry: u64 = response.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    // The hour slides: this window's uses weigh on the next hour too, less and less.
    assert!((1..=2 * 3600).contains(&retry), "{retry}");
    let body: Value = response.json().await.unwrap();
    assert_eq!(detail(&body), "You have asked for many scripts in a short time. Please wait a little and try again.");

    // The organisation's staff day: 3 uses (the script above spent the collaborators' budget), then 429.
    for _ in 0..3 {
        let (status, body) = world.staff.post(&stack, "/openai/generateQuestions", fields(&world.campaign_id)).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let asked = fake.exchanges().len();
    let response = stack
        .http
        .post(stack.url("/openai/generateParagraphs"))
        .bearer_auth(&world.staff.token)
        .json(&json!({"campaignId": world.campaign_id}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    let retry: u64 = response.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=86_400).contains(&retry));
    let body: Value = response.json().await.unwrap();
    assert_eq!(
        detail(&body),
        "Your organisation has used today's AI allowance (3 requests). It renews at midnight UTC."
    );
    assert_eq!(fake.exchanges().len(), asked, "a refused call costs nothing");

    // Another organisation has its own day.
    let other = organisation(&stack).await;
    let (_, initiative) = (0, other.initiative(&stack, &unique("I")).await);
    let tag = other.tag(&stack, &unique("t")[..12]).await;
    let campaign = other.campaign(&stack, &initiative, &unique("Other"), &[&tag]).await;
    let (status, body) =
        other.post(&stack, "/openai/generateQuestions", fields(campaign["id"].as_str().unwrap())).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

#[tokio::test]
async fn without_a_provider_the_calls_say_so_with_503_and_ask_nobody() {
    let stack = stack(AiConfig::default()).await;
    let world = world(&stack).await;
    let (status, body) = call(&stack, Method::GET, "/openai/status", None, None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["available"], false);
    let message = "AI writing help is not available: no AI provider is configured for this installation.";
    assert_eq!(body["message"], message);
    let (status, body) = world.staff.post(&stack, "/openai/generateQuestions", fields(&world.campaign_id)).await;
    assert_eq!((status, detail(&body)), (StatusCode::SERVICE_UNAVAILABLE, message));
    let (status, body) = world.script(&stack, Some(&world.key), world.script_body(0, "notes")).await;
    assert_eq!((status, detail(&body)), (StatusCode::SERVICE_UNAVAILABLE, message));
    // Still never anonymous.
    let (status, _) = world.script(&stack, None, world.script_body(0, "notes")).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn regenerate_never_returns_a_question_on_screen_or_in_the_campaign_and_asks_again_once() {
    let fake = FakeLlm::start().await;
    let stack = stack(AiConfig { daily_quota_per_org: 5, ..openai(&fake) }).await;
    let world = world(&stack).await;
    let mut request = fields(&world.campaign_id);
    request["question"] = json!("Who taught you to sail?");
    request["otherQuestions"] = json!(["What do the boats mean to you?"]);

    // First a question already on screen, then one the campaign has, then a new one.
    fake.answer_next([
        json!({"questions": ["what do the boats mean to you?"]}).to_string(),
        json!({"questions": ["What brought you here?", "Where did you first see the sea?"]}).to_string(),
    ]);
    let (status, body) = world.staff.post(&stack, "/openai/regenerate", request.clone()).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["question"], "Where did you first see the sea?");
    assert_eq!(fake.exchanges().len(), 2, "asked again once");

    // Two repeats in a row: a clear error, and neither repeat costs the organisation a use.
    let asked = fake.exchanges().len();
    fake.answer_next([
        json!({"questions": ["Who taught you to sail?"]}).to_string(),
        json!({"questions": ["What keeps you here?"]}).to_string(),
    ]);
    let (status, body) = world.staff.post(&stack, "/openai/regenerate", request.clone()).await;
    assert_eq!(
        (status, detail(&body)),
        (
            StatusCode::BAD_GATEWAY,
            "The AI only suggested questions that are already on screen or in the campaign. \
             Nothing was changed; please try again or write the question yourself."
        )
    );
    assert_eq!(fake.exchanges().len(), asked + 2, "asked again once, not more");
    // The quota of 5: one success so far; the four repeats were given back.
    for _ in 0..4 {
        let (status, body) = world.staff.post(&stack, "/openai/regenerate", request.clone()).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
}

#[tokio::test]
async fn an_over_long_or_odd_id_on_generate_script_is_the_400_of_every_route() {
    let fake = FakeLlm::start().await;
    let stack = stack(openai(&fake)).await;
    let world = world(&stack).await;
    for field in ["tenantId", "campaignId", "contributorId", "campaignQuestionId"] {
        for bad in ["a".repeat(65), "a#b".to_string()] {
            let mut body = world.script_body(0, "notes");
            body[field] = json!(bad);
            let (status, answer) = world.script(&stack, Some(&world.key), body).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{field} {bad}: {answer}");
            assert_eq!(answer["errors"][0]["field"], field, "{answer}");
            assert_eq!(first_message(&answer), "This id is not valid");
        }
    }
    assert!(fake.exchanges().is_empty(), "nothing reached the model");
}

#[tokio::test]
async fn collaborators_script_help_has_its_own_smaller_day_and_leaves_staff_allowance_intact() {
    let fake = FakeLlm::start().await;
    let ai = AiConfig {
        daily_quota_per_org: 2,
        collaborator_daily_quota_per_org: 3,
        scripts_per_collaborator_per_day: 2,
        ..openai(&fake)
    };
    let stack = stack(ai).await;
    let world = world(&stack).await;

    // One collaborator: two scripts a day, then 429 with the reason, and nothing asked.
    for question in [0, 1] {
        let (status, body) = world.script(&stack, Some(&world.key), world.script_body(question, "notes")).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let asked = fake.exchanges().len();
    let response = stack
        .http
        .post(stack.url("/openai/generate-script"))
        .header("X-Invite-Key", &world.key)
        .json(&world.script_body(0, "more notes"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    let retry: u64 = response.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=86_400).contains(&retry));
    let body: Value = response.json().await.unwrap();
    assert_eq!(detail(&body), "You have used today's script help (2 scripts). It renews at midnight UTC.");

    // Another collaborator of the organisation (an open campaign's registrant) may use the
    // one script left of the collaborators' day, then everyone of them is refused.
    let (status, body) = world
        .staff
        .post(
            &stack,
            "/campaign/add-contributor",
            json!({"campaignId": world.campaign_id, "email": unique_email("other"), "firstName": "Bongani", "lastName": "Lindqvist"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let link = body["contributor"]["inviteLink"].as_str().unwrap();
    let other_key = link.split("key=").nth(1).unwrap().split('&').next().unwrap().to_string();
    let mut other_body = world.script_body(0, "notes");
    other_body["contributorId"] = body["contributor"]["contributorId"].clone();
    let (status, answer) = world.script(&stack, Some(&other_key), other_body.clone()).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let (status, answer) = world.script(&stack, Some(&other_key), other_body).await;
    assert_eq!(
        (status, detail(&answer)),
        (
            StatusCode::TOO_MANY_REQUESTS,
            "Script help for this organisation's collaborators has been used up for today. \
             It renews at midnight UTC; you can still write your script yourself."
        )
    );
    assert_eq!(fake.exchanges().len(), asked + 1, "refused scripts never reach the model");

    // Staff's allowance of 2 is whole.
    for _ in 0..2 {
        let (status, body) = world.staff.post(&stack, "/openai/generateQuestions", fields(&world.campaign_id)).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let (status, _) = world.staff.post(&stack, "/openai/generateQuestions", fields(&world.campaign_id)).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
}

#[tokio::test]
async fn the_providers_key_is_read_once_from_secrets_manager_with_a_clear_error_when_missing() {
    let stack = stack(AiConfig::default()).await;
    // The name template.yaml gives the secret and grants AiFunction (the stack's name locally is the prefix).
    let prefix = std::env::var("STORYHIVE_PREFIX").unwrap_or_else(|_| "storyhive-test".into());
    let name = format!("{prefix}/ai-api-key");
    let admin = stack.secrets_manager();
    if admin.put_secret_value().secret_id(&name).secret_string(" sk-from-secrets ").send().await.is_err() {
        admin.create_secret().name(&name).secret_string(" sk-from-secrets ").send().await.unwrap();
    }
    let client = stack.function_secrets_manager("AiFunction");
    let ai = AiConfig { api_key_secret: Some(name.clone()), ..AiConfig::default() };
    let ai = storyhive_ai::secrets::with_api_key(ai, &client).await.unwrap();
    assert_eq!(ai.api_key.as_deref(), Some("sk-from-secrets"));

    // Locally (no secret named) the plain key stays as it is and nothing is read.
    let local = AiConfig { api_key: Some("sk-local".into()), ..AiConfig::default() };
    assert_eq!(storyhive_ai::secrets::with_api_key(local, &client).await.unwrap().api_key.as_deref(), Some("sk-local"));

    // A secret that is not there stops the cold start, naming it.
    let missing = format!("{prefix}/ai-api-key-gone");
    let error = storyhive_ai::secrets::with_api_key(
        AiConfig { api_key_secret: Some(missing.clone()), ..AiConfig::default() },
        &stack.secrets_manager(),
    )
    .await
    .unwrap_err()
    .to_string();
    assert!(
        error.starts_with(&format!("AI_API_KEY_SECRET names the secret \"{missing}\", which could not be read")),
        "{error}"
    );
}
