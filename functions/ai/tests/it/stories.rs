//! The AI story draft with the fake model: drafted from the campaign's stored transcripts
//! (answers recorded earlier: their records are set up directly), every citation checked
//! against the transcript, a tampered one dropped and reported, the draft saved as a story.

use reqwest::StatusCode;
use serde_json::{json, Value};
use storyhive_local_stack::{
    recorder::FIXTURE,
    testkit::{
        collaborators::{add_collaborator, invited, Invited},
        fake_llm::FakeLlm,
        TestStack,
    },
};
use storyhive_shared::{
    contributors::records::{JourneyRecord, ReviewStatus, UploadStatus},
    media::{TranscriptRecord, TranscriptWord},
    model,
    storage::{keys, owner},
};

/// `contributor_id`'s answer to `question_id`: a take and its transcript of `text` (a word
/// every 0.4 s), as the media worker leaves them.
async fn answered(
    stack: &TestStack,
    world: &Invited,
    contributor_id: &str,
    question_id: &str,
    text: &str,
    approved: bool,
) {
    let tenant = &world.staff.tenant_id;
    let take = format!("{tenant}/{}/{}/{contributor_id}/1-recorded_video.webm", world.initiative_id, world.campaign_id);
    let mut journey =
        JourneyRecord::new(tenant, &world.campaign_id, contributor_id, question_id, model::timestamp(model::now()));
    journey.s3_video_key = Some(take.clone());
    journey.upload_status = UploadStatus::Stored;
    journey.review_status = Some(if approved { ReviewStatus::Approved } else { ReviewStatus::New });
    owner::writing_as(FIXTURE, stack.context.store.put(&journey)).await.unwrap();
    let words = text
        .split_whitespace()
        .enumerate()
        .map(|(i, w)| TranscriptWord {
            text: w.into(),
            start: 0.5 + i as f64 * 0.4,
            end: 0.85 + i as f64 * 0.4,
            edited: false,
        })
        .collect();
    let transcript = TranscriptRecord::new(
        tenant,
        &world.campaign_id,
        contributor_id,
        question_id,
        &take,
        "whisper",
        words,
        model::timestamp(model::now()),
    );
    stack.context.store.put(&transcript).await.unwrap();
}

const AMARA: &str = "I came for a month and stayed for ten years. The people here make me hopeful. We look after each other when times are hard.";
const BEN: &str = "Volunteers stay because they feel they belong. Every Saturday we cook for the whole street. Come and join us, there is a place for you.";
const CHLOE: &str = "My daughter learned to read at the homework club. Now she helps the younger children. That is why I stay and why I hope you join.";

/// A campaign whose three collaborators answered.
async fn three_voices(stack: &TestStack) -> (Invited, Vec<String>) {
    let world = invited(stack, &["What brought you here?", "What keeps you here?"]).await;
    let ben = add_collaborator(stack, &world.staff, &world.campaign_id, "Ben", "Kowalski").await;
    let chloe = add_collaborator(stack, &world.staff, &world.campaign_id, "Chloe", "Dubois").await;
    let q = world.question_ids.clone();
    answered(stack, &world, &world.contributor_id, &q[1], AMARA, true).await;
    answered(stack, &world, &ben.contributor_id, &q[1], BEN, false).await;
    answered(stack, &world, &chloe.contributor_id, &q[0], CHLOE, true).await;
    (world.clone(), vec![world.contributor_id.clone(), ben.contributor_id, chloe.contributor_id])
}

fn transcript_of(text: &str) -> Vec<&str> {
    text.split_whitespace().collect()
}

#[tokio::test]
async fn a_story_drafted_through_an_openai_compatible_server_cites_only_what_was_said_and_opens_as_a_story() {
    let fake = FakeLlm::start().await;
    drafted(&fake, crate::openai(&fake)).await;
    assert_eq!(fake.last().unwrap().protocol, "openai");
}

#[tokio::test]
async fn a_story_drafted_through_bedrock_cites_only_what_was_said_and_opens_as_a_story() {
    let fake = FakeLlm::start().await;
    drafted(&fake, crate::bedrock(&fake)).await;
    assert_eq!(fake.last().unwrap().protocol, "bedrock");
}

async fn drafted(fake: &FakeLlm, ai: storyhive_shared::config::AiConfig) {
    let stack = crate::stack(ai).await;
    let (world, speakers) = three_voices(&stack).await;
    let brief = "60 seconds on why volunteers stay, hopeful, end with a call to join";
    let (status, draft) = world
        .staff
        .post(
            &stack,
            "/openai/story-draft",
            json!({"campaignId": world.campaign_id, "brief": brief, "targetSeconds": 20}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{draft}");

    // The model read numbered words under speaker labels, never a name.
    let asked = fake.last().unwrap();
    assert!(asked.user.contains(brief) && asked.user.contains("[10]"), "{}", asked.user);
    assert!(!asked.user.contains("Amara") && !asked.user.contains("Kowalski"), "no names in prompts");

    // Every clip is, word for word, a range of its speaker's transcript.
    let clips = draft["clips"].as_array().unwrap();
    assert!(!clips.is_empty(), "{draft}");
    let texts = [(speakers[0].as_str(), AMARA), (speakers[1].as_str(), BEN), (speakers[2].as_str(), CHLOE)];
    for clip in clips {
        let said = texts.iter().find(|(k, _)| *k == clip["contributorId"]).map(|(_, t)| transcript_of(t)).unwrap();
        let (first, last) = (clip["firstWord"].as_u64().unwrap() as usize, clip["lastWord"].as_u64().unwrap() as usize);
        assert_eq!(clip["text"], said[first..=last].join(" "), "{clip}");
        assert_eq!(clip["start"].as_f64().unwrap(), 0.5 + first as f64 * 0.4);
    }
    let voices: std::collections::BTreeSet<&str> = clips.iter().map(|c| c["contributorId"].as_str().unwrap()).collect();
    assert_eq!(voices.len(), 3, "every voice is heard: {draft}");
    // Within 15 % of the target, or reported short.
    let seconds = draft["report"]["seconds"].as_f64().unwrap();
    assert!(seconds <= 20.0 * 1.15, "{draft}");
    assert_eq!(draft["report"]["short"], json!(seconds < 20.0 * 0.85));
    assert!(draft["report"]["dropped"]
        .as_array()
        .unwrap()
        .iter()
        .all(|d| d["reason"] != "The quoted words are not what was said there"));

    // It is a saved story the editor opens, with its report.
    let story_id = draft["storyId"].as_str().unwrap();
    let story: storyhive_shared::stories::StoryRecord = stack
        .context
        .store
        .get(&keys::story(&world.staff.tenant_id, &world.campaign_id, story_id))
        .await
        .unwrap()
        .expect("the draft is saved");
    assert_eq!(story.clips.len(), clips.len());
    assert_eq!(story.draft.as_ref().unwrap().brief, brief);
    assert_eq!(draft["title"], "60 seconds on why volunteers stay, hopeful, end with a call to join");
}

#[tokio::test]
async fn a_tampered_citation_is_dropped_and_reported_and_nothing_matching_saves_nothing() {
    let fake = FakeLlm::start().await;
    let stack = crate::stack(crate::openai(&fake)).await;
    let (world, speakers) = three_voices(&stack).await;
    let body = json!({"campaignId": world.campaign_id, "brief": "Why people stay", "targetSeconds": 30});
    // The references the prompt gives: answers in the order of their keys.
    let (_, _) = world.staff.post(&stack, "/openai/story-draft", body.clone()).await;
    let prompt = fake.last().unwrap().user;
    let reference = |text: &str| -> String {
        let first_words = transcript_of(text)[..3].join(" ");
        let line = prompt.lines().position(|l| l.contains(&first_words)).expect("the answer is in the prompt");
        prompt.lines().nth(line - 1).unwrap().split(" | ").next().unwrap().to_string()
    };
    let (ben, amara) = (reference(BEN), reference(AMARA));
    let tampered = json!({"clips": [
        {"answer": ben, "firstWord": 0, "lastWord": 5, "quote": "Volunteers stay because they feel they"},
        {"answer": amara, "firstWord": 10, "lastWord": 14, "quote": "The people here pay me"},
        {"answer": "A99", "firstWord": 0, "lastWord": 1, "quote": "I came"},
    ]});
    fake.answer_next([tampered.to_string()]);
    let (status, draft) = world.staff.post(&stack, "/openai/story-draft", body.clone()).await;
    assert_eq!(status, StatusCode::CREATED, "{draft}");
    let clips = draft["clips"].as_array().unwrap();
    assert_eq!(clips.len(), 1, "{draft}");
    assert_eq!(
        (clips[0]["contributorId"].as_str(), clips[0]["text"].as_str()),
        (Some(speakers[1].as_str()), Some("Volunteers stay because they feel they"))
    );
    let dropped: Vec<(Value, String)> = draft["report"]["dropped"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| (d["quote"].clone(), d["reason"].as_str().unwrap().to_string()))
        .collect();
    assert_eq!(
        dropped,
        [
            (
                json!("The people here pay me"),
                "The quoted words are not what was said there (\"The people here make me\").".to_string()
            ),
            (json!("I came"), "This clip cites an answer that is not in the campaign.".to_string()),
        ]
    );
    assert_eq!(draft["report"]["dropped"][0]["contributorId"], speakers[0].as_str());
    assert_eq!(draft["report"]["short"], true);

    // Nothing that matches: 502, nothing saved, the quota use given back.
    let stories_before = stack
        .context
        .store
        .query::<Value>(storyhive_shared::storage::Query::table(
            keys::campaign_partition(&world.staff.tenant_id, &world.campaign_id),
            keys::STORY_PREFIX,
        ))
        .await
        .unwrap()
        .len();
    fake.answer_next([
        json!({"clips": [{"answer": ben, "firstWord": 0, "lastWord": 1, "quote": "Nobody stays"}]}).to_string()
    ]);
    let (status, refused) = world.staff.post(&stack, "/openai/story-draft", body).await;
    assert_eq!(status, StatusCode::BAD_GATEWAY, "{refused}");
    assert_eq!(
        refused["detail"],
        "The AI proposed no clip whose words match what was said. Nothing was saved; please try again."
    );
    let stories_after = stack
        .context
        .store
        .query::<Value>(storyhive_shared::storage::Query::table(
            keys::campaign_partition(&world.staff.tenant_id, &world.campaign_id),
            keys::STORY_PREFIX,
        ))
        .await
        .unwrap()
        .len();
    assert_eq!(stories_after, stories_before);

    // A bad request names its fields.
    let (status, bad) = world
        .staff
        .post(&stack, "/openai/story-draft", json!({"campaignId": world.campaign_id, "brief": " ", "targetSeconds": 5}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}");
    let fields: Vec<&str> = bad["errors"].as_array().unwrap().iter().map(|e| e["field"].as_str().unwrap()).collect();
    assert_eq!(fields, ["brief", "targetSeconds"]);
}
