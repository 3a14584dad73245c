//! Generated videos end to end: a cut list saved through the API, rendered by the media
//! worker from real takes, checked with ffprobe; approval, lists, deletion; idempotent
//! rendering; answer review.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{json, Value};
use storyhive_media_worker::Outcome;
use storyhive_shared::{
    contributors::{records::JourneyRecord, stats::TenantStats},
    media::{
        generated::{Captions, Clip, Edit, GeneratedVideoRecord, SourceClip, TitleCard},
        MediaJob, MediaStatus,
    },
    model,
    storage::keys,
};

use crate::common::*;

pub const SENTENCE: &str = "Hello. My name is Peter. I live in London. I love my family.";

/// A campaign in `mode` whose collaborator's answer holds a converted, transcribed take.
pub async fn answered(
    stack: &storyhive_local_stack::testkit::TestStack,
    mode: &str,
    seconds: f64,
) -> (Invited, String) {
    let answering = answering(stack, mode).await;
    let take = answering.record(stack, video(Container::Webm, seconds).speech(SENTENCE).make(), "webm").await;
    let media = answering.settle(stack, &take).await;
    assert_eq!(media.status, MediaStatus::Ready, "{media:?}");
    (answering, take)
}

/// Runs the workers until the generated video has left "processing"; its staff view.
pub async fn rendered(stack: &storyhive_local_stack::testkit::TestStack, answering: &Invited, video_id: &str) -> Value {
    for _ in 0..60 {
        stack.run_workers().await.unwrap();
        let (status, page) = answering
            .staff
            .get(stack, &format!("/generated-videos/{}/{}?limit=50", answering.campaign_id, answering.contributor_id))
            .await;
        assert_eq!(status, StatusCode::OK, "{page}");
        let video = page["items"].as_array().unwrap().iter().find(|v| v["videoId"] == video_id).cloned();
        let video = video.expect("the saved video is listed");
        if video["status"] != "processing" {
            return video;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    panic!("video {video_id} was not rendered");
}

#[tokio::test]
async fn a_cut_list_renders_to_its_kept_ranges_with_title_card_captions_and_the_campaigns_orientation() {
    let stack = stack().await;
    let (answering, _take) = answered(&stack, "portrait", 7.0).await;
    let q = answering.question_id();
    let edit = json!({
        "clips": [{"journeyId": q, "start": 3.0, "end": 5.2}, {"journeyId": q, "start": 0.4, "end": 1.9}],
        "titleCard": {"text": "Amara's story: where we live", "seconds": 2},
        "captions": "webvtt",
    });
    let (status, saved) = answering
        .staff
        .post(
            &stack,
            "/generated-videos/save",
            json!({"campaignId": answering.campaign_id, "contributorId": answering.contributor_id,
                   "title": "  Our home  ", "edit": edit}),
        )
        .await;
    assert_eq!(status, StatusCode::ACCEPTED, "{saved}");
    assert_eq!((saved["status"].as_str(), saved["title"].as_str()), (Some("processing"), Some("Our home")));
    assert!(saved["url"].is_null() && !saved["approved"].as_bool().unwrap());
    let video_id = saved["videoId"].as_str().unwrap().to_string();

    // Not ready yet: it cannot be approved.
    let approve = format!("/generated-videos/approval/{}/{video_id}", answering.campaign_id);
    let (status, body) = answering.staff.put(&stack, &approve, json!({"approved": true})).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");

    // While it renders, staff see its stage and how much is done, never going back.
    let list = format!("/generated-videos/{}/{}?limit=50", answering.campaign_id, answering.contributor_id);
    let watch = async {
        let mut seen: Vec<(String, u64)> = Vec::new();
        for _ in 0..600 {
            let (_, page) = answering.staff.get(&stack, &list).await;
            let video =
                page["items"].as_array().unwrap().iter().find(|v| v["videoId"] == video_id.as_str()).cloned().unwrap();
            if video["status"] != "processing" {
                assert!(video["progress"].is_null(), "no progress once done: {video}");
                break;
            }
            if let Some(progress) = video["progress"].as_object() {
                let now = (progress["stage"].as_str().unwrap().to_string(), progress["percent"].as_u64().unwrap());
                if seen.last() != Some(&now) {
                    seen.push(now);
                }
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        seen
    };
    let (video, seen) = tokio::join!(rendered(&stack, &answering, &video_id), watch);
    assert!(!seen.is_empty(), "the render's progress was shown");
    assert!(seen.windows(2).all(|w| w[0].1 <= w[1].1), "progress only grows: {seen:?}");
    assert!(
        seen.iter().all(|(stage, p)| ["preparing", "rendering", "saving"].contains(&stage.as_str()) && *p < 100),
        "{seen:?}"
    );
    assert_eq!(video["status"], "ready", "{video}");
    let (status, mp4) = fetch(&stack, video["url"].as_str().unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    let file = temp_file(&mp4, "mp4");
    let (streams, duration) = ffprobe(&file);
    let expected = 2.2 + 1.5 + 2.0;
    assert!((duration - expected).abs() <= 0.1, "rendered {duration} s, the edit keeps {expected} s");
    assert!((video["durationSeconds"].as_f64().unwrap() - expected).abs() <= 0.1, "{video}");
    assert!(streams.contains(&("video".into(), "h264".into(), 720, 1280)), "portrait: {streams:?}");
    assert!(streams.iter().any(|s| s.0 == "audio" && s.1 == "aac"), "{streams:?}");
    let boxes = top_level_boxes(&mp4);
    assert!(boxes.iter().position(|b| b == "moov") < boxes.iter().position(|b| b == "mdat"), "faststart {boxes:?}");
    std::fs::remove_file(file).ok();
    // The download is the same file, as an attachment.
    // (S3 answers with the signed Content-Disposition; moto ignores it, so the URL is checked.)
    let download = video["downloadUrl"].as_str().unwrap();
    assert!(
        download.contains("response-content-disposition=attachment%3B%20filename%3D%22Our-home.mp4%22"),
        "{download}"
    );
    assert_eq!(fetch(&stack, download).await, (StatusCode::OK, mp4.clone()));
    let (status, poster) = fetch(&stack, video["posterUrl"].as_str().unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(&poster[..2], &[0xFF, 0xD8], "a JPEG poster");
    // Captions beside the MP4: cues after the title card, from the kept words only.
    let (status, vtt) = fetch(&stack, video["captionsUrl"].as_str().unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    let vtt = String::from_utf8(vtt).unwrap();
    assert!(vtt.starts_with("WEBVTT\n\n"), "{vtt}");
    let first_cue = vtt.lines().find(|l| l.contains(" --> ")).expect("a cue");
    assert!(&first_cue[..12] >= "00:00:02.000", "after the 2 s title card: {vtt}");
    // The same captions to download, as SRT and WebVTT that a maintained parser reads.
    let (status, files) =
        answering.staff.get(&stack, &format!("/generated-videos/captions/{}/{video_id}", answering.campaign_id)).await;
    assert_eq!(status, StatusCode::OK, "{files}");
    assert_eq!((files["fileName"].as_str(), files["language"].as_str()), (Some("our-home"), Some("en")));
    assert_eq!(files["webvtt"].as_str(), Some(vtt.as_str()), "the file beside the MP4 is the one to download");
    let srt = subtp::srt::SubRip::parse(files["srt"].as_str().unwrap()).expect("valid SRT");
    assert!(!srt.subtitles.is_empty());
    assert!(srt.subtitles[0].start.seconds >= 2, "after the title card: {:?}", srt.subtitles[0]);
    subtp::vtt::WebVtt::parse(files["webvtt"].as_str().unwrap()).expect("valid WebVTT");

    // Approve it: it is in the approved list, then withdraw it.
    let (status, approved) = answering.staff.put(&stack, &approve, json!({"approved": true})).await;
    assert_eq!(status, StatusCode::OK, "{approved}");
    assert_eq!(approved["approved"], true);
    assert!(approved["approvedAt"].is_string());
    let approved_list = format!("/generated-videos/approved/{}", answering.campaign_id);
    let (_, page) = answering.staff.get(&stack, &approved_list).await;
    assert_eq!(page["items"].as_array().unwrap().len(), 1, "{page}");
    assert_eq!(page["items"][0]["videoId"], video_id.as_str());
    let (_, page) = answering.staff.get(&stack, &format!("/generated-videos/{}", answering.campaign_id)).await;
    assert_eq!(page["items"][0]["videoId"], video_id.as_str(), "{page}");
    let (status, withdrawn) = answering.staff.put(&stack, &approve, json!({"approved": false})).await;
    assert_eq!((status, withdrawn["approved"].as_bool()), (StatusCode::OK, Some(false)));
    let (_, page) = answering.staff.get(&stack, &approved_list).await;
    assert!(page["items"].as_array().unwrap().is_empty(), "{page}");

    // Delete it: its files go, and deleting again is 404.
    let record: GeneratedVideoRecord = stack
        .context
        .store
        .get(&keys::generated_video(&answering.staff.tenant_id, &answering.campaign_id, &video_id))
        .await
        .unwrap()
        .unwrap();
    let delete = format!("/generated-videos/delete/{}/{video_id}", answering.campaign_id);
    let (status, body) = answering.staff.delete(&stack, &delete, None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Generated video deleted successfully");
    for key in record.object_keys() {
        let head =
            stack.clients.s3.head_object().bucket(stack.context.config.video_bucket().unwrap()).key(&key).send().await;
        assert!(head.is_err(), "{key} is still stored");
    }
    let (status, _) = answering.staff.delete(&stack, &delete, None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, page) = answering.staff.get(&stack, &format!("/generated-videos/{}", answering.campaign_id)).await;
    assert!(page["items"].as_array().unwrap().is_empty(), "{page}");
}

#[tokio::test]
async fn bad_edits_and_answers_not_ready_are_refused_and_save_nothing() {
    let stack = stack().await;
    let (answering, _take) = answered(&stack, "landscape", 3.0).await;
    let save = |edit: Value, title: &str| json!({"campaignId": answering.campaign_id, "contributorId": answering.contributor_id, "title": title, "edit": edit});
    let q = answering.question_id().to_string();
    let cases = [
        (save(json!({"clips": []}), "T"), "edit.clips", "Please keep at least one part of an answer"),
        (
            save(json!({"clips": [{"journeyId": q, "start": 1, "end": 9}]}), "T"),
            "edit.clips[0].end",
            "A part ends after the end of its answer's video",
        ),
        (
            save(json!({"clips": [{"journeyId": "nope", "start": 0, "end": 1}]}), "T"),
            "edit.clips[0].journeyId",
            "This answer is not one of the collaborator's answers",
        ),
        (save(json!({"clips": [{"journeyId": q, "start": 0, "end": 1}]}), " "), "title", "Title is a required field"),
        (
            save(
                json!({"clips": [{"journeyId": q, "start": 0, "end": 1}], "titleCard": {"text": "x", "seconds": 20}}),
                "T",
            ),
            "edit.titleCard.seconds",
            "The title card shows for 1 to 10 seconds",
        ),
    ];
    for (body, field, message) in cases {
        let (status, answer) = answering.staff.post(&stack, "/generated-videos/save", body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
        assert_eq!(
            (answer["errors"][0]["field"].as_str(), answer["errors"][0]["message"].as_str()),
            (Some(field), Some(message)),
            "{answer}"
        );
    }
    // An answer whose video is still being converted: 409 naming it.
    let key = answering.journey_key();
    let mut journey: JourneyRecord = stack.context.store.get(&key).await.unwrap().unwrap();
    journey.media.as_mut().unwrap().status = MediaStatus::Processing;
    stack.context.store.put(&journey).await.unwrap();
    let (status, answer) = answering
        .staff
        .post(&stack, "/generated-videos/save", save(json!({"clips": [{"journeyId": q, "start": 0, "end": 1}]}), "T"))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{answer}");
    assert!(
        detail(&answer).contains("Where do you live?") && detail(&answer).contains("still being prepared"),
        "{answer}"
    );
    let (_, page) = answering.staff.get(&stack, &format!("/generated-videos/{}", answering.campaign_id)).await;
    assert!(page["items"].as_array().unwrap().is_empty(), "nothing saved: {page}");
}

/// A generated video saved straight to the table (no queued message another test's
/// worker could take), with its render's claim untouched.
async fn unqueued_video(
    stack: &storyhive_local_stack::testkit::TestStack,
    answering: &Invited,
    take: &str,
    captions: Captions,
) -> GeneratedVideoRecord {
    let journey = answering.journey(stack).await;
    let source_key = journey.media.unwrap().mp4_key.unwrap();
    let edit = Edit {
        clips: vec![Clip { journey_id: answering.question_id().to_string(), start: 0.5, end: 2.0 }],
        title_card: Some(TitleCard { text: "Twice".into(), seconds: 1.0 }),
        captions,
    };
    let sources = vec![SourceClip {
        journey_id: answering.question_id().to_string(),
        source_key,
        take_key: take.into(),
        start: 0.5,
        end: 2.0,
    }];
    let video_id = model::new_id();
    let record = GeneratedVideoRecord::new(
        &answering.staff.tenant_id,
        &answering.campaign_id,
        &answering.contributor_id,
        &video_id,
        "Twice",
        edit,
        sources,
        false,
        take,
        &answering.staff.user_id,
        model::timestamp(model::now()),
    );
    stack.context.store.put(&record).await.unwrap();
    record
}

#[tokio::test]
async fn the_same_render_message_delivered_twice_renders_once_and_a_deleted_video_stays_deleted() {
    let stack = stack().await;
    let (answering, take) = answered(&stack, "landscape", 3.0).await;
    let media = media_worker(&stack);

    let record = unqueued_video(&stack, &answering, &take, Captions::BurnedIn).await;
    let job = MediaJob::GeneratedVideo {
        tenant_id: record.tenant_id.clone(),
        campaign_id: record.campaign_id.clone(),
        video_id: record.video_id.clone(),
    };
    let (first, second) = tokio::join!(media.process(&job), media.process(&job));
    let mut outcomes = vec![first.unwrap(), second.unwrap()];
    outcomes.sort_by_key(|o| format!("{o:?}"));
    assert_eq!(outcomes, vec![Outcome::Claimed, Outcome::Rendered], "two deliveries at once: one renders");
    assert_eq!(media.process(&job).await.unwrap(), Outcome::AlreadyDone, "a later delivery renders nothing");
    // One `video.rendered` for the organisation's webhooks (issue 26).
    let rendered: Vec<_> = storyhive_local_stack::testkit::pending_webhook_events(&stack, &record.tenant_id)
        .await
        .into_iter()
        .filter(|e| e.data.event_type().name() == "video.rendered")
        .collect();
    assert_eq!(rendered.len(), 1, "{rendered:?}");
    let data = &rendered[0].payload("http://app.storyhive.test")["data"];
    assert_eq!((data["videoId"].as_str(), data["title"].as_str()), (Some(record.video_id.as_str()), Some("Twice")));
    let stored: GeneratedVideoRecord = stack.context.store.get(&record.key()).await.unwrap().unwrap();
    assert!((stored.duration_seconds.unwrap() - 2.5).abs() <= 0.1, "{stored:?}");
    assert_eq!((stored.width, stored.height), (Some(1280), Some(720)));

    // Deleted while it renders: the render's result does not bring it back.
    let record = unqueued_video(&stack, &answering, &take, Captions::None).await;
    let job = MediaJob::GeneratedVideo {
        tenant_id: record.tenant_id.clone(),
        campaign_id: record.campaign_id.clone(),
        video_id: record.video_id.clone(),
    };
    let rendering = tokio::spawn({
        let media = media.clone();
        let job = job.clone();
        async move { media.process(&job).await.unwrap() }
    });
    for _ in 0..200 {
        let now: Option<GeneratedVideoRecord> = stack.context.store.get(&record.key()).await.unwrap();
        if now.is_some_and(|r| r.claim_id.is_some()) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let (status, body) = answering
        .staff
        .delete(&stack, &format!("/generated-videos/delete/{}/{}", record.campaign_id, record.video_id), None)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(rendering.await.unwrap(), Outcome::Gone);
    assert!(stack.context.store.get::<GeneratedVideoRecord>(&record.key()).await.unwrap().is_none());
    for key in record.object_keys() {
        let head =
            stack.clients.s3.head_object().bucket(stack.context.config.video_bucket().unwrap()).key(&key).send().await;
        assert!(head.is_err(), "{key} was left behind");
    }
    // A message for a video that no longer exists is done with.
    assert_eq!(media.process(&job).await.unwrap(), Outcome::Gone);

    // Deleting the collaborator's videos takes their generated videos along.
    let (_, page) = answering.staff.get(&stack, &format!("/generated-videos/{}", answering.campaign_id)).await;
    assert_eq!(page["items"].as_array().unwrap().len(), 1, "{page}");
    let videos = format!(
        "/contributor/{}/{}/{}/videos",
        answering.initiative_id, answering.campaign_id, answering.contributor_id
    );
    let (status, body) = answering.staff.delete(&stack, &videos, None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, page) = answering.staff.get(&stack, &format!("/generated-videos/{}", answering.campaign_id)).await;
    assert!(page["items"].as_array().unwrap().is_empty(), "{page}");
}

#[tokio::test]
async fn staff_approve_an_answer_and_the_pending_count_follows() {
    let stack = stack().await;
    let answering = answering(&stack, "landscape").await;
    let take = answering.record(&stack, video(Container::Mp4, 1.0).make(), "mp4").await;
    answering.settle(&stack, &take).await;
    let pending = || async {
        stack
            .context
            .store
            .get::<TenantStats>(&keys::tenant_stats(&answering.staff.tenant_id))
            .await
            .unwrap()
            .unwrap()
            .pending_video_responses
    };
    assert_eq!(pending().await, 1);
    let review = |status: &str| {
        json!({"campaignId": answering.campaign_id, "contributorId": answering.contributor_id,
               "journeyId": answering.question_id(), "status": status})
    };
    let (status, body) = answering.staff.put(&stack, "/campaign/answer-review", review("approved")).await;
    assert_eq!((status, body["message"].as_str()), (StatusCode::OK, Some("Answer approved")), "{body}");
    assert_eq!(pending().await, 0);
    assert_eq!(answering.staff_answer(&stack).await["reviewStatus"], "approved");
    // Approving again changes nothing.
    answering.staff.put(&stack, "/campaign/answer-review", review("approved")).await;
    assert_eq!(pending().await, 0);
    let (status, _) = answering.staff.put(&stack, "/campaign/answer-review", review("new")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(pending().await, 1);
    assert_eq!(answering.staff_answer(&stack).await["reviewStatus"], "new");
    let (status, body) = answering.staff.put(&stack, "/campaign/answer-review", review("rejected")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    // Sent back for re-recording: not reviewed here until the new take arrives.
    let (status, body) = answering
        .staff
        .post(
            &stack,
            "/contributor-journey/re-record",
            json!({"campaignId": answering.campaign_id,
              "contributorId": answering.contributor_id, "campaignQuestionIds": [answering.question_id()]}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = answering.staff.put(&stack, "/campaign/answer-review", review("approved")).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(pending().await, 0);
}

/// A render whose worker is stopped mid-way on every attempt ends failed with a reason
/// (never "processing" for ever); staff queue it again and it ends ready.
#[tokio::test]
async fn a_render_killed_mid_way_ends_failed_and_staff_retry_it_to_ready() {
    use aws_lambda_events::event::sqs::{SqsEvent, SqsMessage};
    use storyhive_media_worker::{GAVE_UP, MAX_ATTEMPTS};
    use storyhive_shared::storage::AttributeValue;
    let stack = stack().await;
    let (answering, take) = answered(&stack, "landscape", 3.0).await;
    let media = media_worker(&stack);
    let record = unqueued_video(&stack, &answering, &take, Captions::None).await;
    let job = MediaJob::GeneratedVideo {
        tenant_id: record.tenant_id.clone(),
        campaign_id: record.campaign_id.clone(),
        video_id: record.video_id.clone(),
    };
    let retry = format!("/generated-videos/retry/{}/{}", record.campaign_id, record.video_id);
    let (status, body) = answering.staff.post(&stack, &retry, json!({})).await;
    assert_eq!(status, StatusCode::CONFLICT, "only a failed video is retried: {body}");
    assert_eq!(body["detail"], "Only a video that failed can be retried");

    // The worker is stopped as soon as it holds the render.
    let rendering = tokio::spawn({
        let (media, job) = (media.clone(), job.clone());
        async move { media.process(&job).await }
    });
    for _ in 0..500 {
        let now: Option<GeneratedVideoRecord> = stack.context.store.get(&record.key()).await.unwrap();
        if now.is_some_and(|r| r.claim_id.is_some()) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    rendering.abort();
    assert!(rendering.await.unwrap_err().is_cancelled());
    let (_, page) = answering.staff.get(&stack, &format!("/generated-videos/{}", answering.campaign_id)).await;
    assert_eq!(page["items"][0]["status"], "processing", "{page}");

    // Its lease runs out, and the delivery after the last attempt ends it failed.
    stack
        .context
        .store
        .update::<GeneratedVideoRecord>(&record.key(), |u| {
            u.update_expression("SET claimedUntil = :past").expression_attribute_values(
                ":past",
                AttributeValue::N((model::now().unix_timestamp() - 1).to_string()),
            )
        })
        .await
        .unwrap();
    let mut message = SqsMessage::default();
    message.message_id = Some(model::new_id());
    message.body = Some(serde_json::to_string(&job).unwrap());
    message.attributes.insert("ApproximateReceiveCount".into(), (MAX_ATTEMPTS + 1).to_string());
    let mut event = SqsEvent::default();
    event.records = vec![message];
    assert!(storyhive_media_worker::handle(&media, event).await.batch_item_failures.is_empty());
    let (_, page) = answering.staff.get(&stack, &format!("/generated-videos/{}", answering.campaign_id)).await;
    let video = &page["items"][0];
    assert_eq!((video["status"].as_str(), video["failureReason"].as_str()), (Some("failed"), Some(GAVE_UP)), "{page}");

    // Staff retry it: queued again, it renders to ready. A second retry meanwhile is refused.
    let (status, body) = answering.staff.post(&stack, &retry, json!({})).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{body}");
    assert_eq!((body["status"].as_str(), &body["failureReason"]), (Some("processing"), &Value::Null), "{body}");
    let (status, _) = answering.staff.post(&stack, &retry, json!({})).await;
    assert_eq!(status, StatusCode::CONFLICT);
    let video = rendered(&stack, &answering, &record.video_id).await;
    assert_eq!(video["status"], "ready", "{video}");
    assert!((video["durationSeconds"].as_f64().unwrap() - 2.5).abs() <= 0.1, "{video}");

    // Another organisation's staff cannot retry it.
    let other = organisation(&stack).await;
    let (status, _) = other.post(&stack, &retry, json!({})).await;
    assert!([StatusCode::NOT_FOUND, StatusCode::FORBIDDEN].contains(&status), "{status}");
}
