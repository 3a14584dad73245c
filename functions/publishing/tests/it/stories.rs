//! A story of three voices rendered by the media worker (its MP4, captions and provenance
//! sidecar), published with every speaker's consent, and taken down when one of them
//! withdraws consent.

use reqwest::StatusCode;
use serde_json::{json, Value};
use storyhive_local_stack::testkit::{
    collaborators::*,
    media::{ffprobe, video, Container},
    TestStack,
};
use storyhive_shared::media::MediaStatus;

use crate::{public, published_copy_exists};

pub async fn voice(stack: &TestStack, speaker: &Invited, sentence: &str) {
    let take = speaker.record(stack, video(Container::Webm, 4.0).speech(sentence).make(), "webm").await;
    let media = speaker.settle(stack, &take).await;
    assert_eq!(media.status, MediaStatus::Ready, "{media:?}");
}

pub async fn words_of(stack: &TestStack, speaker: &Invited) -> Vec<Value> {
    let (status, page) = speaker
        .staff
        .get(
            stack,
            &format!("/generated-videos/library/{}?contributorId={}", speaker.campaign_id, speaker.contributor_id),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{page}");
    page["items"][0]["words"].as_array().unwrap_or_else(|| panic!("transcribed: {page}")).clone()
}

pub async fn get_bytes(stack: &TestStack, url: &str) -> Vec<u8> {
    let response = stack.http.get(url).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK, "{url}");
    response.bytes().await.unwrap().to_vec()
}

#[tokio::test]
async fn a_published_story_of_three_voices_comes_down_when_one_speaker_withdraws_consent() {
    let stack = crate::stack().await.with_function("GeneratedVideosFunction", |context| {
        storyhive_generated_videos::router(context)
            .layer(axum::Extension(storyhive_generated_videos::videotest::VideoTestLimits::default()))
    });
    let amara = answering(&stack, "landscape").await;
    let mut voices = vec![amara.clone()];
    for (first, last) in [("Ben", "Kowalski"), ("Chloe", "Dubois")] {
        let added = add_collaborator(&stack, &amara.staff, &amara.campaign_id, first, last).await;
        voices.push(Invited {
            contributor_id: added.contributor_id,
            email: added.email,
            key: added.key,
            ..amara.clone()
        });
    }
    let sentences = [
        "I came for a month and stayed for ten years.",
        "Every Saturday we cook together for the whole street.",
        "Come and join us, there is a place for you.",
    ];
    for (speaker, sentence) in voices.iter().zip(sentences) {
        voice(&stack, speaker, sentence).await;
    }
    let mut clips = Vec::new();
    for speaker in &voices {
        let words = words_of(&stack, speaker).await;
        clips.push(json!({"contributorId": speaker.contributor_id, "questionId": speaker.question_id(),
                          "firstWord": 0, "lastWord": (words.len() - 1).min(5)}));
    }
    let staff = &amara.staff;
    let (status, story) = staff
        .post(
            &stack,
            "/generated-videos/stories/save",
            json!({"campaignId": amara.campaign_id, "title": "Why we stay", "clips": clips,
                   "titleCard": {"text": "Why we stay", "seconds": 1.5},
                   "endCard": {"text": "Join us", "seconds": 1.5}}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{story}");
    let story_id = story["storyId"].as_str().unwrap().to_string();
    let story_path = format!("/generated-videos/stories/{}/{story_id}", amara.campaign_id);

    // Not rendered: it cannot be published yet.
    let publish = json!({"kind": "story", "campaignId": amara.campaign_id, "storyId": story_id});
    let (status, body) = staff.post(&stack, "/publications", publish.clone()).await;
    assert_eq!(
        (status, body["detail"].as_str()),
        (StatusCode::BAD_REQUEST, Some("This story has no ready render to publish yet"))
    );

    // Rendered square, captions burned in, by the media worker.
    let (status, render) = staff
        .post(
            &stack,
            &format!("/generated-videos/stories/render/{}/{story_id}", amara.campaign_id),
            json!({"format": "square", "framing": "blurredFit", "burnCaptions": true}),
        )
        .await;
    assert_eq!(status, StatusCode::ACCEPTED, "{render}");
    assert_eq!((render["status"].as_str(), render["current"].as_bool()), (Some("processing"), Some(true)));
    let mut rendered = Value::Null;
    for _ in 0..240 {
        stack.run_workers().await.unwrap();
        let (_, read) = staff.get(&stack, &story_path).await;
        let render = read["renders"][0].clone();
        if render["status"] != "processing" {
            rendered = render;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(250)).await;
    }
    assert_eq!(rendered["status"], "ready", "{rendered}");
    assert_eq!((rendered["width"].as_u64(), rendered["height"].as_u64()), (Some(720), Some(720)));
    let expected = story["durationSeconds"].as_f64().unwrap();
    let mp4 = get_bytes(&stack, rendered["url"].as_str().unwrap()).await;
    let path = std::env::temp_dir().join(format!("storyhive-story-{story_id}.mp4"));
    std::fs::write(&path, &mp4).unwrap();
    let (streams, duration) = ffprobe(&path);
    assert!((duration - expected).abs() < 0.5, "{duration} s for a story of {expected} s");
    assert!(streams.iter().any(|s| s.0 == "video" && s.2 == 720 && s.3 == 720), "{streams:?}");
    let srt = String::from_utf8(get_bytes(&stack, rendered["srtUrl"].as_str().unwrap()).await).unwrap();
    let vtt = String::from_utf8(get_bytes(&stack, rendered["vttUrl"].as_str().unwrap()).await).unwrap();
    assert!(srt.contains(" --> ") && vtt.starts_with("WEBVTT"), "{srt}\n{vtt}");
    assert!(srt.to_lowercase().contains("saturday"), "{srt}");
    // The provenance sidecar beside the MP4, and the same in the API: who, which answer, which seconds.
    let sidecar: Value =
        serde_json::from_slice(&get_bytes(&stack, rendered["provenanceUrl"].as_str().unwrap()).await).unwrap();
    assert_eq!(sidecar, rendered["provenance"]);
    let who: Vec<(&str, &str)> = sidecar["clips"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["contributorId"].as_str().unwrap(), c["speaker"].as_str().unwrap()))
        .collect();
    let ids: Vec<&str> = voices.iter().map(|v| v.contributor_id.as_str()).collect();
    assert_eq!(who, [(ids[0], "Amara O."), (ids[1], "Ben K."), (ids[2], "Chloe D.")]);
    let first = &sidecar["clips"][0];
    assert_eq!((first["storyStart"].as_f64(), first["question"].as_str()), (Some(1.5), Some("Where do you live?")));
    assert_eq!(first["start"], story["clips"][0]["start"]);

    // Published with the three speakers' consent.
    let (status, published) = staff.post(&stack, "/publications", publish).await;
    assert_eq!(status, StatusCode::CREATED, "{published}");
    assert_eq!((published["kind"].as_str(), published["storyFormat"].as_str()), (Some("story"), Some("square")));
    let names: Vec<&str> =
        published["speakers"].as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Amara O.", "Ben K.", "Chloe D."]);
    let slug = published["slug"].as_str().unwrap().to_string();
    assert_eq!(public(&stack, &format!("/v/{slug}")).await.0, StatusCode::OK);
    assert!(published_copy_exists(&stack, &format!("published/{slug}/video.mp4")).await);

    // Ben, in the middle of it, withdraws consent: the whole story comes down.
    let ben = &voices[1];
    let (status, body) =
        ben.call(&stack, reqwest::Method::POST, "/contributor/withdraw-consent", Some(ben.ids())).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    for _ in 0..20 {
        stack.run_workers().await.unwrap();
        let (_, item) = staff.get(&stack, &format!("/publications/{slug}")).await;
        if item["status"] != "live" {
            break;
        }
    }
    let (_, item) = staff.get(&stack, &format!("/publications/{slug}")).await;
    assert_eq!(
        (item["status"].as_str(), item["takedownReason"].as_str()),
        (Some("withdrawn"), Some("Ben K. withdrew their consent")),
        "{item}"
    );
    assert_eq!(public(&stack, &format!("/v/{slug}")).await.0, StatusCode::GONE);
    assert!(!published_copy_exists(&stack, &format!("published/{slug}/video.mp4")).await);
    // And it cannot be published again while his consent is withdrawn.
    let (status, body) = staff
        .post(&stack, "/publications", json!({"kind": "story", "campaignId": amara.campaign_id, "storyId": story_id}))
        .await;
    assert_eq!(
        (status, body["detail"].as_str()),
        (StatusCode::BAD_REQUEST, Some("Ben K. has withdrawn their consent"))
    );
}
