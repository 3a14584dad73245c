//! Stories of many voices through the API: the editor's library of a campaign's answers
//! with their words, a story saved from several collaborators' answers, changed, listed by
//! speaker and deleted; bad stories refused field by field with nothing changed. The takes
//! are real (ffmpeg and espeak-ng), converted and transcribed by the workers.

use reqwest::StatusCode;
use serde_json::{json, Value};
use storyhive_local_stack::testkit::TestStack;
use storyhive_shared::media::MediaStatus;

use crate::common::*;

/// A collaborator of the campaign who answered its first question with `sentence`.
pub async fn voice(stack: &TestStack, base: &Invited, first: &str, last: &str, sentence: &str) -> Invited {
    let collaborator = add_collaborator(stack, &base.staff, &base.campaign_id, first, last).await;
    let speaker = Invited {
        contributor_id: collaborator.contributor_id,
        email: collaborator.email,
        key: collaborator.key,
        ..base.clone()
    };
    speak(stack, &speaker, sentence).await;
    speaker
}

/// `speaker` answers the first question with `sentence`; the workers convert and transcribe it.
pub async fn speak(stack: &TestStack, speaker: &Invited, sentence: &str) {
    let take = speaker.record(stack, video(Container::Webm, 4.0).speech(sentence).make(), "webm").await;
    let media = speaker.settle(stack, &take).await;
    assert_eq!(media.status, MediaStatus::Ready, "{media:?}");
    assert_eq!(format!("{:?}", media.transcript_status), "Ready", "{media:?}");
}

/// The library's answer of `speaker`.
pub async fn library_answer(stack: &TestStack, speaker: &Invited) -> Value {
    let (status, page) = speaker
        .staff
        .get(
            stack,
            &format!("/generated-videos/library/{}?contributorId={}", speaker.campaign_id, speaker.contributor_id),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert_eq!(page["items"].as_array().unwrap().len(), 1, "{page}");
    page["items"][0].clone()
}

/// A clip of the first `count` words of `speaker`'s answer.
pub fn clip(speaker: &Invited, first: usize, last: usize) -> Value {
    json!({"contributorId": speaker.contributor_id, "questionId": speaker.question_id(),
           "firstWord": first, "lastWord": last})
}

fn fields(body: &Value) -> Vec<(String, String)> {
    body["errors"]
        .as_array()
        .unwrap_or_else(|| panic!("field errors: {body}"))
        .iter()
        .map(|e| (e["field"].as_str().unwrap().to_string(), e["message"].as_str().unwrap().to_string()))
        .collect()
}

#[tokio::test]
async fn a_story_of_two_voices_is_built_from_the_library_changed_found_by_speaker_and_deleted() {
    let stack = stack().await;
    let amara = answering(&stack, "landscape").await;
    speak(&stack, &amara, "I stay because the people here care about each other.").await;
    let ben = voice(&stack, &amara, "Ben", "Kowalski", "Every Saturday we cook together for the whole street.").await;
    let staff = &amara.staff;

    // The library: both answers, with their words, times and a video to play.
    let (status, page) = staff.get(&stack, &format!("/generated-videos/library/{}?limit=50", amara.campaign_id)).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    let items = page["items"].as_array().unwrap();
    assert_eq!(items.len(), 2, "{page}");
    let ben_answer = library_answer(&stack, &ben).await;
    assert_eq!(ben_answer["speaker"], "Ben K.");
    assert_eq!(ben_answer["question"], "Where do you live?");
    assert_eq!(ben_answer["approved"], false);
    let words = ben_answer["words"].as_array().unwrap();
    assert!(words.len() >= 5, "{ben_answer}");
    assert!(words.iter().any(|w| w["text"].as_str().unwrap().to_lowercase().contains("saturday")), "{ben_answer}");
    let (status, mp4) = fetch(&stack, ben_answer["url"].as_str().unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    assert!(ffprobe(&temp_file(&mp4, "mp4")).1 > 3.0);
    // By question: both; by another question id: none.
    let (_, by_question) = staff
        .get(&stack, &format!("/generated-videos/library/{}?questionId={}", amara.campaign_id, amara.question_id()))
        .await;
    assert_eq!(by_question["items"].as_array().unwrap().len(), 2, "{by_question}");
    let (_, none) = staff
        .get(&stack, &format!("/generated-videos/library/{}?questionId=01NOSUCHQUESTION00000000000", amara.campaign_id))
        .await;
    assert_eq!(none["items"], json!([]));

    // A story: Ben's words 1 to 3, then Amara's first four.
    let amara_words = library_answer(&stack, &amara).await["words"].as_array().unwrap().clone();
    let (status, story) = staff
        .post(
            &stack,
            "/generated-videos/stories/save",
            json!({"campaignId": amara.campaign_id, "title": "  Why we stay ",
                   "clips": [clip(&ben, 1, 3), clip(&amara, 0, 3)],
                   "titleCard": {"text": "Our street", "seconds": 2},
                   "endCard": {"text": "Join us", "logo": true, "seconds": 3}}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{story}");
    assert_eq!(story["title"], "Why we stay");
    assert_eq!(story["version"], 1);
    assert_eq!(story["lowerThirds"], true);
    let speakers: Vec<&str> =
        story["speakers"].as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert_eq!(speakers, ["Ben K.", "Amara O."]);
    let first = &story["clips"][0];
    assert_eq!(first["start"], words[1]["start"]);
    assert_eq!(first["end"], words[3]["end"]);
    let said: Vec<&str> = words[1..=3].iter().map(|w| w["text"].as_str().unwrap()).collect();
    assert_eq!(first["text"], said.join(" "));
    assert_eq!(first["warning"], "This answer is not approved yet");
    let clips_seconds: f64 = [(words, 1, 3), (&amara_words, 0, 3)]
        .iter()
        .map(|(w, a, b)| w[*b]["end"].as_f64().unwrap() - w[*a]["start"].as_f64().unwrap())
        .sum();
    assert!((story["durationSeconds"].as_f64().unwrap() - (clips_seconds + 5.0)).abs() < 1e-6, "{story}");
    let story_id = story["storyId"].as_str().unwrap().to_string();
    let path = format!("/generated-videos/stories/{}/{story_id}", amara.campaign_id);

    // Each speaker finds it among their stories.
    for speaker in [&amara, &ben] {
        let (status, theirs) =
            staff.get(&stack, &format!("/generated-videos/stories/speaker/{}", speaker.contributor_id)).await;
        assert_eq!(status, StatusCode::OK, "{theirs}");
        assert_eq!(theirs["items"][0]["storyId"], story_id.as_str(), "{theirs}");
    }

    // Changed to Amara alone: Ben no longer finds it; an editor holding version 1 gets 409.
    let (status, changed) =
        staff.put(&stack, &path, json!({"version": 1, "title": "Amara's reason", "clips": [clip(&amara, 0, 5)]})).await;
    assert_eq!(status, StatusCode::OK, "{changed}");
    assert_eq!((changed["version"].as_u64(), changed["title"].as_str()), (Some(2), Some("Amara's reason")));
    assert_eq!(changed["speakers"].as_array().unwrap().len(), 1);
    let (_, bens) = staff.get(&stack, &format!("/generated-videos/stories/speaker/{}", ben.contributor_id)).await;
    assert_eq!(bens["items"], json!([]));
    let (status, stale) =
        staff.put(&stack, &path, json!({"version": 1, "title": "Old", "clips": [clip(&ben, 0, 1)]})).await;
    assert_eq!(status, StatusCode::CONFLICT, "{stale}");
    let (status, read) = staff.get(&stack, &path).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(read["title"], "Amara's reason");

    // Listed, then deleted: gone from the list and from Amara's stories.
    let (_, list) = staff.get(&stack, &format!("/generated-videos/stories/{}", amara.campaign_id)).await;
    assert_eq!(list["items"][0]["storyId"], story_id.as_str());
    let (status, _) =
        staff.delete(&stack, &format!("/generated-videos/stories/delete/{}/{story_id}", amara.campaign_id), None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(staff.get(&stack, &path).await.0, StatusCode::NOT_FOUND);
    let (_, list) = staff.get(&stack, &format!("/generated-videos/stories/{}", amara.campaign_id)).await;
    assert_eq!(list["items"], json!([]));
    let (_, amaras) = staff.get(&stack, &format!("/generated-videos/stories/speaker/{}", amara.contributor_id)).await;
    assert_eq!(amaras["items"], json!([]));
}

#[tokio::test]
async fn a_bad_story_is_refused_field_by_field_and_nothing_changes() {
    let stack = stack().await;
    let amara = answering(&stack, "portrait").await;
    speak(&stack, &amara, "We planted forty trees along the river this spring.").await;
    // Another campaign of the same organisation, with its own answer.
    let other = invited_in(&stack, amara.staff.clone(), "portrait", &["What changed?"]).await;
    speak(&stack, &other, "The river is clean again.").await;
    let staff = &amara.staff;
    let count = library_answer(&stack, &amara).await["words"].as_array().unwrap().len();

    let (status, story) = staff
        .post(
            &stack,
            "/generated-videos/stories/save",
            json!({"campaignId": amara.campaign_id, "title": "Trees", "clips": [clip(&amara, 0, 2)]}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{story}");
    let path = format!("/generated-videos/stories/{}/{}", amara.campaign_id, story["storyId"].as_str().unwrap());
    let saved = staff.get(&stack, &path).await.1;

    let bad_clips = json!([
        clip(&amara, 1, count),
        {"contributorId": amara.contributor_id, "questionId": "01NOSUCHQUESTION00000000000", "firstWord": 0, "lastWord": 0},
        clip(&other, 0, 1),
    ]);
    let expected = vec![
        (
            "clips[0].lastWord".to_string(),
            format!("The words must be within the answer's transcript (0 to {})", count - 1),
        ),
        ("clips[1].questionId".to_string(), "This answer is not one of the campaign's answers".to_string()),
        ("clips[2].questionId".to_string(), "This answer is not one of the campaign's answers".to_string()),
    ];
    // A new story and a change alike.
    let (status, body) = staff
        .post(
            &stack,
            "/generated-videos/stories/save",
            json!({"campaignId": amara.campaign_id, "title": "Bad", "clips": bad_clips}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(fields(&body), expected);
    let (status, body) = staff.put(&stack, &path, json!({"version": 1, "title": "Bad", "clips": bad_clips})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(fields(&body), expected);
    // An empty story.
    let (status, body) = staff.put(&stack, &path, json!({"version": 1, "title": "", "clips": []})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(
        fields(&body),
        [
            ("title".to_string(), "Title is a required field".to_string()),
            ("clips".to_string(), "Please add at least one clip to the story".to_string())
        ]
    );
    // A malformed id is refused before it reaches a key.
    let (status, _) = staff
        .post(
            &stack,
            "/generated-videos/stories/save",
            json!({"campaignId": amara.campaign_id, "title": "T",
                   "clips": [{"contributorId": "../x", "questionId": "q", "firstWord": 0, "lastWord": 0}]}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    // Nothing changed: the one story, as saved; the other campaign has none.
    assert_eq!(staff.get(&stack, &path).await.1, saved);
    let (_, list) = staff.get(&stack, &format!("/generated-videos/stories/{}", amara.campaign_id)).await;
    assert_eq!(list["items"].as_array().unwrap().len(), 1);
    let (_, list) = staff.get(&stack, &format!("/generated-videos/stories/{}", other.campaign_id)).await;
    assert_eq!(list["items"], json!([]));
}
