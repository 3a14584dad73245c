//! Generated videos as one-speaker stories: saved through the same call as before, a video
//! cut from transcribed answers is a story of its collaborator's clips, rendered by the story
//! engine (loudness, provenance sidecar) and shown through the video's own routes; deleting the
//! video deletes its story and every file. A video cut from an answer without words, and a
//! record written before stories, keep rendering and reading as they did.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{json, Value};
use storyhive_media_worker::{ffmpeg, story_render::TARGET_LUFS, Outcome};
use storyhive_shared::{
    media::{
        generated::{Captions, Clip, Edit, GeneratedVideoRecord, GeneratedVideoStatus, SourceClip, TitleCard},
        MediaStatus,
    },
    model,
    storage::{keys, to_item, AttributeValue},
    stories::{repo, Provenance, StoryRenderRecord},
};

use crate::{common::*, generated::*};

async fn stored_video(
    stack: &storyhive_local_stack::testkit::TestStack,
    answering: &Invited,
    id: &str,
) -> GeneratedVideoRecord {
    stack
        .context
        .store
        .get(&keys::generated_video(&answering.staff.tenant_id, &answering.campaign_id, id))
        .await
        .unwrap()
        .expect("the video's record")
}

async fn stored(stack: &storyhive_local_stack::testkit::TestStack, key: &str) -> bool {
    let bucket = stack.context.config.video_bucket().unwrap();
    stack.clients.s3.head_object().bucket(bucket).key(key).send().await.is_ok()
}

#[tokio::test]
async fn a_saved_generated_video_is_a_one_speaker_story_rendered_by_the_story_engine_and_deleted_with_it() {
    let stack = stack().await;
    let (answering, take) = answered(&stack, "landscape", 7.0).await;
    let q = answering.question_id().to_string();
    // Ranges off the frame grid, one of them starting inside a word.
    let saved = [(0.41, 1.93), (3.02, 5.2)];
    let edit = json!({
        "clips": saved.iter().map(|(start, end)| json!({"journeyId": q, "start": start, "end": end})).collect::<Vec<_>>(),
        "titleCard": {"text": "Peter, in his words", "seconds": 1.5},
        "captions": "burnedIn",
    });
    let (status, body) = answering
        .staff
        .post(
            &stack,
            "/generated-videos/save",
            json!({"campaignId": answering.campaign_id, "contributorId": answering.contributor_id,
                   "title": "Peter's home", "edit": edit}),
        )
        .await;
    assert_eq!(status, StatusCode::ACCEPTED, "{body}");
    assert_eq!(body["status"], "processing", "{body}");
    let video_id = body["videoId"].as_str().unwrap().to_string();

    // A story of one speaker whose clips cover the saved seconds, with the words they hold.
    let record = stored_video(&stack, &answering, &video_id).await;
    let story_id = record.story_id.clone().expect("the video is a story");
    let tenant_id = answering.staff.tenant_id.clone();
    let story = repo::get(&stack.context.store, &tenant_id, &answering.campaign_id, &story_id).await.unwrap().unwrap();
    assert_eq!(story.speakers, std::slice::from_ref(&answering.contributor_id));
    assert_eq!(story.generated_video_id.as_deref(), Some(video_id.as_str()));
    assert!(!story.lower_thirds);
    assert_eq!(story.title, "Peter's home");
    assert_eq!(story.title_card.as_ref().map(|c| (c.text.as_str(), c.seconds)), Some(("Peter, in his words", 1.5)));
    assert_eq!(story.clips.len(), 2);
    for (clip, (start, end)) in story.clips.iter().zip(saved) {
        assert!(clip.start <= start && clip.end >= end, "{clip:?} covers {start}-{end}");
        assert_eq!((clip.take_key.as_str(), clip.question_id.as_str()), (take.as_str(), q.as_str()));
        assert!(clip.first_word <= clip.last_word && !clip.text.is_empty(), "{clip:?}");
    }
    // The story editor lists it among the campaign's stories, as a story of one voice.
    let (status, listed) =
        answering.staff.get(&stack, &format!("/generated-videos/stories/{}", answering.campaign_id)).await;
    assert_eq!(status, StatusCode::OK, "{listed}");
    assert_eq!(listed["items"][0]["storyId"], story_id.as_str(), "{listed}");
    assert_eq!(listed["items"][0]["speakers"].as_array().unwrap().len(), 1, "{listed}");

    // Rendered by the story engine; the video's own routes show the render ready.
    let video = rendered(&stack, &answering, &video_id).await;
    assert_eq!(video["status"], "ready", "{video}");
    let expected = 1.5 + (1.93 - 0.41) + (5.2 - 3.02);
    assert!((video["durationSeconds"].as_f64().unwrap() - expected).abs() <= 0.1, "{video}");
    assert!(video["captionsUrl"].is_null(), "captions burned in: {video}");
    let render: StoryRenderRecord = stack
        .context
        .store
        .get(&keys::story_render(&tenant_id, &answering.campaign_id, &story_id, "landscape"))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(render.status, GeneratedVideoStatus::Ready);
    assert!(render.burn_captions);
    let (status, mp4) = fetch(&stack, video["url"].as_str().unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    let file = temp_file(&mp4, "mp4");
    let (streams, duration) = ffprobe(&file);
    assert!((duration - expected).abs() <= 0.1, "rendered {duration} s, the edit keeps {expected} s");
    assert!(streams.contains(&("video".into(), "h264".into(), 1280, 720)), "the campaign's format: {streams:?}");
    // The engine's loudness: every clip's speech at -16 LUFS, within 1 LU.
    for (start, end) in [(1.5, 1.5 + 1.52), (1.5 + 1.52, expected)] {
        let lufs = ffmpeg::loudness(&file, start, end, Duration::from_secs(60)).await.unwrap().expect("speech");
        assert!((lufs - TARGET_LUFS).abs() <= 1.0, "{start}-{end}: {lufs} LUFS");
    }
    std::fs::remove_file(file).ok();
    assert!(video["downloadUrl"].as_str().unwrap().contains("Peter-s-home.mp4"), "{video}");
    // Its provenance sidecar: one speaker, the answer, the seconds.
    let sidecar = stack
        .clients
        .s3
        .get_object()
        .bucket(stack.context.config.video_bucket().unwrap())
        .key(&render.objects.provenance)
        .send()
        .await
        .expect("the provenance sidecar");
    let sidecar: Provenance = serde_json::from_slice(&sidecar.body.collect().await.unwrap().into_bytes()).unwrap();
    assert_eq!(sidecar.clips.len(), 2);
    assert!(sidecar.clips.iter().all(|c| c.contributor_id == answering.contributor_id && c.question_id == q));
    assert_eq!((sidecar.clips[1].start, sidecar.clips[1].end), (3.02, 5.2));
    // The captions to download are the engine's, on the story's clock.
    let (status, files) =
        answering.staff.get(&stack, &format!("/generated-videos/captions/{}/{video_id}", answering.campaign_id)).await;
    assert_eq!(status, StatusCode::OK, "{files}");
    let (status, story_view) =
        answering.staff.get(&stack, &format!("/generated-videos/stories/{}/{story_id}", answering.campaign_id)).await;
    assert_eq!(status, StatusCode::OK, "{story_view}");
    let (_, srt) = fetch(&stack, story_view["renders"][0]["srtUrl"].as_str().unwrap()).await;
    assert_eq!(files["srt"].as_str(), Some(String::from_utf8(srt).unwrap().as_str()), "{files}");
    // One `video.rendered` for the organisation's webhooks, naming the video.
    let announced: Vec<_> = storyhive_local_stack::testkit::pending_webhook_events(&stack, &tenant_id)
        .await
        .into_iter()
        .filter(|e| e.data.event_type().name() == "video.rendered")
        .collect();
    assert_eq!(announced.len(), 1, "{announced:?}");
    assert_eq!(announced[0].payload("http://app.storyhive.test")["data"]["videoId"], video_id.as_str());

    // Approved as before: its approval reads the render.
    let approve = format!("/generated-videos/approval/{}/{video_id}", answering.campaign_id);
    let (status, approved) = answering.staff.put(&stack, &approve, json!({"approved": true})).await;
    assert_eq!((status, approved["approved"].as_bool()), (StatusCode::OK, Some(true)), "{approved}");
    assert_eq!(approved["status"], "ready", "{approved}");

    // A render that failed shows failed with its reason; staff retry it to ready, once.
    stack
        .context
        .store
        .update::<Value>(&render.key(), |u| {
            u.update_expression("SET #s = :failed, failureReason = :reason")
                .expression_attribute_names("#s", "status")
                .expression_attribute_values(":failed", AttributeValue::S("failed".into()))
                .expression_attribute_values(":reason", AttributeValue::S("The render ran out of time.".into()))
        })
        .await
        .unwrap();
    let list = format!("/generated-videos/{}", answering.campaign_id);
    let (_, page) = answering.staff.get(&stack, &list).await;
    assert_eq!(
        (page["items"][0]["status"].as_str(), page["items"][0]["failureReason"].as_str()),
        (Some("failed"), Some("The render ran out of time.")),
        "{page}"
    );
    let retry = format!("/generated-videos/retry/{}/{video_id}", answering.campaign_id);
    let (status, body) = answering.staff.post(&stack, &retry, json!({})).await;
    assert_eq!((status, body["status"].as_str()), (StatusCode::ACCEPTED, Some("processing")), "{body}");
    let (status, _) = answering.staff.post(&stack, &retry, json!({})).await;
    assert_eq!(status, StatusCode::CONFLICT, "a second retry renders nothing more");
    let video = rendered(&stack, &answering, &video_id).await;
    assert_eq!((video["status"].as_str(), video["approved"].as_bool()), (Some("ready"), Some(true)), "{video}");
    for key in render.objects.all() {
        assert!(!stored(&stack, &key).await, "the failed render's {key} was removed");
    }
    let render: StoryRenderRecord = stack.context.store.get(&render.key()).await.unwrap().unwrap();

    // Deleting the video deletes its story, the story's renders and their files.
    let (status, body) = answering
        .staff
        .delete(&stack, &format!("/generated-videos/delete/{}/{video_id}", answering.campaign_id), None)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(repo::get(&stack.context.store, &tenant_id, &answering.campaign_id, &story_id).await.unwrap().is_none());
    assert!(repo::renders_of(&stack.context.store, &tenant_id, &answering.campaign_id, &story_id)
        .await
        .unwrap()
        .is_empty());
    for key in render.objects.all() {
        assert!(!stored(&stack, &key).await, "{key} was left behind");
    }
    let (_, speaker) =
        answering.staff.get(&stack, &format!("/generated-videos/stories/speaker/{}", answering.contributor_id)).await;
    assert_eq!(speaker["items"], json!([]), "{speaker}");
    let (_, page) = answering.staff.get(&stack, &list).await;
    assert_eq!(page["items"], json!([]), "{page}");
}

/// A silent take: transcribed, nothing heard.
#[tokio::test]
async fn a_video_cut_from_an_answer_without_words_renders_by_itself_as_before() {
    let stack = stack().await;
    let answering = answering(&stack, "landscape").await;
    let take = answering.record(&stack, video(Container::Mp4, 3.0).make(), "mp4").await;
    let media = answering.settle(&stack, &take).await;
    assert_eq!(media.status, MediaStatus::Ready, "{media:?}");
    let edit =
        json!({"clips": [{"journeyId": answering.question_id(), "start": 0.5, "end": 2.5}], "captions": "webvtt"});
    let (status, body) = answering
        .staff
        .post(
            &stack,
            "/generated-videos/save",
            json!({"campaignId": answering.campaign_id, "contributorId": answering.contributor_id,
                   "title": "Quiet", "edit": edit}),
        )
        .await;
    assert_eq!(status, StatusCode::ACCEPTED, "{body}");
    let video_id = body["videoId"].as_str().unwrap().to_string();
    let record = stored_video(&stack, &answering, &video_id).await;
    assert_eq!(record.story_id, None, "no words to cut a story clip from");
    let (_, stories) =
        answering.staff.get(&stack, &format!("/generated-videos/stories/{}", answering.campaign_id)).await;
    assert_eq!(stories["items"], json!([]), "{stories}");
    let video = rendered(&stack, &answering, &video_id).await;
    assert_eq!(video["status"], "ready", "{video}");
    assert!((video["durationSeconds"].as_f64().unwrap() - 2.0).abs() <= 0.1, "{video}");
    assert!(stored(&stack, &record.mp4_key).await && stored(&stack, record.captions_key.as_deref().unwrap()).await);
}

/// A record as saved before stories, written as it was stored (no story), ready with its files.
#[tokio::test]
async fn a_generated_video_saved_before_stories_still_reads_approves_and_deletes() {
    let stack = stack().await;
    let (answering, take) = answered(&stack, "portrait", 3.0).await;
    let journey = answering.journey(&stack).await;
    let source_key = journey.media.unwrap().mp4_key.unwrap();
    let q = answering.question_id().to_string();
    let video_id = model::new_id();
    let mut record = GeneratedVideoRecord::new(
        &answering.staff.tenant_id,
        &answering.campaign_id,
        &answering.contributor_id,
        &video_id,
        "Before stories",
        Edit {
            clips: vec![Clip { journey_id: q.clone(), start: 0.0, end: 2.0 }],
            title_card: Some(TitleCard { text: "Then".into(), seconds: 1.0 }),
            captions: Captions::Webvtt,
        },
        vec![SourceClip {
            journey_id: q,
            source_key: source_key.clone(),
            take_key: take.clone(),
            start: 0.0,
            end: 2.0,
        }],
        true,
        &take,
        &answering.staff.user_id,
        model::timestamp(model::now()),
    );
    record.status = GeneratedVideoStatus::Ready;
    record.duration_seconds = Some(3.0);
    (record.width, record.height) = (Some(720), Some(1280));
    // Its item exactly as the old code wrote it: no `storyId` attribute.
    let item = to_item(&record).unwrap();
    assert!(!item.contains_key("storyId"));
    stack.context.store.put(&record).await.unwrap();
    // Its files, as its render left them.
    let bucket = stack.context.config.video_bucket().unwrap();
    for key in record.object_keys() {
        let body = if key.ends_with(".vtt") { b"WEBVTT\n\n".to_vec() } else { b"bytes".to_vec() };
        stack.clients.s3.put_object().bucket(bucket).key(&key).body(body.into()).send().await.unwrap();
    }

    let (status, page) = answering
        .staff
        .get(&stack, &format!("/generated-videos/{}/{}", answering.campaign_id, answering.contributor_id))
        .await;
    assert_eq!(status, StatusCode::OK, "{page}");
    let video = &page["items"][0];
    assert_eq!((video["videoId"].as_str(), video["status"].as_str()), (Some(video_id.as_str()), Some("ready")));
    assert_eq!((video["width"].as_u64(), video["height"].as_u64()), (Some(720), Some(1280)));
    for url in ["url", "posterUrl", "captionsUrl"] {
        let (status, _) = fetch(&stack, video[url].as_str().unwrap()).await;
        assert_eq!(status, StatusCode::OK, "{url}: {video}");
    }
    let (status, files) =
        answering.staff.get(&stack, &format!("/generated-videos/captions/{}/{video_id}", answering.campaign_id)).await;
    assert_eq!(status, StatusCode::OK, "{files}");
    assert!(files["webvtt"].as_str().unwrap().contains(" --> 00:00:0"), "cues after its title card: {files}");
    let approve = format!("/generated-videos/approval/{}/{video_id}", answering.campaign_id);
    let (status, approved) = answering.staff.put(&stack, &approve, json!({"approved": true})).await;
    assert_eq!((status, approved["approved"].as_bool()), (StatusCode::OK, Some(true)), "{approved}");
    let retry = format!("/generated-videos/retry/{}/{video_id}", answering.campaign_id);
    let (status, _) = answering.staff.post(&stack, &retry, json!({})).await;
    assert_eq!(status, StatusCode::CONFLICT, "a ready video is not retried");
    // Its render message, delivered late, renders nothing again.
    let job = storyhive_shared::media::MediaJob::GeneratedVideo {
        tenant_id: record.tenant_id.clone(),
        campaign_id: record.campaign_id.clone(),
        video_id: video_id.clone(),
    };
    assert_eq!(media_worker(&stack).process(&job).await.unwrap(), Outcome::AlreadyDone);
    let (status, body) = answering
        .staff
        .delete(&stack, &format!("/generated-videos/delete/{}/{video_id}", answering.campaign_id), None)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    for key in record.object_keys() {
        assert!(!stored(&stack, &key).await, "{key} was left behind");
    }
}

/// Removing a collaborator's videos removes their generated videos' stories with them.
#[tokio::test]
async fn removing_the_collaborators_videos_removes_their_generated_videos_stories() {
    let stack = stack().await;
    let (answering, _take) = answered(&stack, "landscape", 4.0).await;
    let edit = json!({"clips": [{"journeyId": answering.question_id(), "start": 0.2, "end": 2.0}]});
    let (status, body) = answering
        .staff
        .post(
            &stack,
            "/generated-videos/save",
            json!({"campaignId": answering.campaign_id, "contributorId": answering.contributor_id,
                   "title": "Gone with the takes", "edit": edit}),
        )
        .await;
    assert_eq!(status, StatusCode::ACCEPTED, "{body}");
    let video_id = body["videoId"].as_str().unwrap().to_string();
    let story_id = stored_video(&stack, &answering, &video_id).await.story_id.expect("a story");
    let tenant_id = answering.staff.tenant_id.clone();
    let videos = format!(
        "/contributor/{}/{}/{}/videos",
        answering.initiative_id, answering.campaign_id, answering.contributor_id
    );
    let (status, body) = answering.staff.delete(&stack, &videos, None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(repo::get(&stack.context.store, &tenant_id, &answering.campaign_id, &story_id).await.unwrap().is_none());
    assert!(repo::renders_of(&stack.context.store, &tenant_id, &answering.campaign_id, &story_id)
        .await
        .unwrap()
        .is_empty());
    let (_, stories) =
        answering.staff.get(&stack, &format!("/generated-videos/stories/{}", answering.campaign_id)).await;
    assert_eq!(stories["items"], json!([]), "{stories}");
    let (_, page) = answering.staff.get(&stack, &format!("/generated-videos/{}", answering.campaign_id)).await;
    assert_eq!(page["items"], json!([]), "{page}");
}
