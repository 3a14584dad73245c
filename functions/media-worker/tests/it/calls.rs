use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use storyhive_local_stack::testkit::TestStack;
use storyhive_shared::{media::MediaStatus, permissions::Role, storage::objects::objects_of_take};

use crate::common::*;

const SENTENCE: &str = "Hello. My name is Peter. I live in London. I love my family.";

fn video_info_path(answering: &Invited) -> String {
    format!("/campaign/video-info/{}/{}/{}", answering.campaign_id, answering.contributor_id, answering.question_id())
}

/// An answer whose spoken take is converted and transcribed.
async fn transcribed(stack: &TestStack) -> (Invited, String) {
    let answering = answering(stack, "landscape").await;
    let take = answering.record(stack, video(Container::Webm, 7.0).speech(SENTENCE).make(), "webm").await;
    let media = answering.settle(stack, &take).await;
    assert_eq!(media.status, MediaStatus::Ready, "{media:?}");
    (answering, take)
}

async fn fetch(stack: &TestStack, url: &str) -> Vec<u8> {
    let response = stack.http.get(url).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK, "{url}");
    response.bytes().await.unwrap().to_vec()
}

/// A word as search reads it (Whisper writes "London." with its capital and stop).
fn said(word: &str) -> String {
    storyhive_shared::search::text::words(word).join(" ")
}

fn words(transcript: &Value) -> Vec<(String, f64, f64, bool)> {
    transcript["words"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| {
            (
                w["text"].as_str().unwrap().to_string(),
                w["start"].as_f64().unwrap(),
                w["end"].as_f64().unwrap(),
                w["edited"].as_bool().unwrap(),
            )
        })
        .collect()
}

#[tokio::test]
async fn every_staff_role_reads_a_takes_urls_poster_and_transcript_and_no_one_else_does() {
    let stack = stack().await;
    let (answering, take) = transcribed(&stack).await;
    let path = video_info_path(&answering);
    for role in Role::STAFF {
        let staff = if role == Role::SuperAdmin {
            answering.staff.clone()
        } else {
            member(&stack, &answering.staff.tenant_id, role).await
        };
        let (status, info) = staff.get(&stack, &path).await;
        assert_eq!(status, StatusCode::OK, "{role:?}: {info}");
        assert_eq!((info["status"].as_str(), info["takeKey"].as_str()), (Some("ready"), Some(take.as_str())));
        // A 320x240 take in a 16:9 frame of its own height.
        assert_eq!((info["width"].as_u64(), info["height"].as_u64()), (Some(426), Some(240)));
        assert!((info["durationSeconds"].as_f64().unwrap() - 7.0).abs() < 0.2, "{info}");
        assert_eq!(info["question"], "Where do you live?");
        let transcript = &info["transcript"];
        assert_eq!((transcript["status"].as_str(), transcript["version"].as_u64()), (Some("ready"), Some(1)));
        assert!(words(transcript).iter().any(|w| said(&w.0) == "london"), "{transcript}");
    }
    let (_, info) = answering.staff.get(&stack, &format!("{path}?forGeneratedVideo=true")).await;
    // The URLs serve the converted MP4, its poster and the original as recorded.
    let mp4 = fetch(&stack, info["url"].as_str().unwrap()).await;
    assert_eq!(&mp4[4..8], b"ftyp");
    assert_eq!(top_level_boxes(&mp4).iter().position(|b| b == "moov"), Some(1), "faststart");
    let poster = fetch(&stack, info["posterUrl"].as_str().unwrap()).await;
    assert_eq!(&poster[..3], &[0xFF, 0xD8, 0xFF], "a JPEG");
    let (_, original) = download(&stack, &take).await;
    assert_eq!(fetch(&stack, info["originalUrl"].as_str().unwrap()).await, original);

    // Another organisation's staff, no session, or a collaborator's key: nothing.
    let stranger = organisation(&stack).await;
    let (status, body) = stranger.get(&stack, &path).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    let (status, _) = call(&stack, Method::GET, &path, None, None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let response = stack.http.get(stack.url(&path)).header("X-Invite-Key", "some-key").send().await.unwrap();
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);

    // Bad and unknown ids.
    let (status, body) = answering
        .staff
        .get(&stack, &format!("/campaign/video-info/{}/{}/no%20such", answering.campaign_id, answering.contributor_id))
        .await;
    assert_eq!((status, first_message(&body)), (StatusCode::BAD_REQUEST, "This id is not valid"));
    let (status, body) = answering
        .staff
        .get(
            &stack,
            &format!("/campaign/video-info/{}/{}/01UNKNOWNQUESTION", answering.campaign_id, answering.contributor_id),
        )
        .await;
    assert_eq!((status, detail(&body)), (StatusCode::NOT_FOUND, "This answer has no video yet"));
}

#[tokio::test]
async fn a_take_still_processing_has_no_playable_copy_yet_and_cannot_go_into_a_generated_video() {
    let stack = stack().await;
    let answering = answering(&stack, "portrait").await;
    let take = answering.record(&stack, video(Container::Mp4, 1.0).make(), "mp4").await;
    // Recorded, not converted yet (the media worker has not run).
    let upload = storyhive_upload_worker::UploadWorker::new(&stack.function_context("UploadWorkerFunction")).unwrap();
    assert_eq!(upload.process(&take).await.unwrap(), storyhive_upload_worker::Outcome::Recorded);
    let path = video_info_path(&answering);
    let (status, info) = answering.staff.get(&stack, &path).await;
    assert_eq!(status, StatusCode::OK, "{info}");
    assert_eq!(
        (info["status"].as_str(), info["url"].as_str(), info["posterUrl"].as_str()),
        (Some("processing"), None, None)
    );
    assert!(info["originalUrl"].is_string(), "the original plays meanwhile");
    assert_eq!(info["transcript"]["status"], "none");
    assert_eq!(answering.staff_answer(&stack).await["media"]["status"], "processing");
    let (status, body) = answering.staff.get(&stack, &format!("{path}?forGeneratedVideo=true")).await;
    assert_eq!(
        (status, detail(&body)),
        (StatusCode::CONFLICT, "This answer's video is still being prepared. Please try again in a few minutes.")
    );
    // Once converted it can.
    answering.settle(&stack, &take).await;
    let (status, info) = answering.staff.get(&stack, &format!("{path}?forGeneratedVideo=true")).await;
    assert_eq!((status, info["status"].as_str()), (StatusCode::OK, Some("ready")));
    assert_eq!(info["transcript"]["status"], "failed", "a tone has no words: {info}");
    assert_eq!(info["transcript"]["failureReason"], "No speech was recognised in this video.");
}

#[tokio::test]
async fn staff_correct_a_transcript_and_each_word_keeps_its_timing() {
    let stack = stack().await;
    let (answering, _) = transcribed(&stack).await;
    let path = video_info_path(&answering);
    let (_, info) = answering.staff.get(&stack, &path).await;
    let before = words(&info["transcript"]);
    let london = before.iter().position(|w| said(&w.0) == "london").unwrap();
    let ids = json!({"campaignId": answering.campaign_id, "contributorId": answering.contributor_id, "journeyId": answering.question_id()});
    let body = |version: u64, edits: Value| {
        let mut body = ids.clone();
        body["version"] = json!(version);
        body["edits"] = edits;
        body
    };

    // A coordinator corrects two words.
    let coordinator = member(&stack, &answering.staff.tenant_id, Role::Coordinator).await;
    let (status, saved) = coordinator
        .post(
            &stack,
            "/campaign/transcription/save",
            body(1, json!([{"index": london, "text": "London"}, {"index": 0, "text": "Hello there"}])),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["version"], 2);
    let after = words(&saved);
    assert_eq!(after.len(), before.len(), "no word is added or removed");
    assert_eq!(after[london], ("London".into(), before[london].1, before[london].2, true));
    assert_eq!(after[0], ("Hello there".into(), before[0].1, before[0].2, true));
    for (index, (word, was)) in after.iter().zip(&before).enumerate() {
        if index != 0 && index != london {
            assert_eq!(word, was, "untouched");
        }
    }
    let (_, info) = answering.staff.get(&stack, &path).await;
    assert_eq!(words(&info["transcript"]), after, "stored");

    // Bad corrections change nothing, and say what is wrong.
    let cases = [
        (body(2, json!([])), "edits", "Please correct at least one word"),
        (
            body(2, json!([{"index": before.len(), "text": "x"}])),
            "edits[0].index",
            "There is no word at this position in the transcript",
        ),
        (
            body(2, json!([{"index": 1, "text": "a"}, {"index": 1, "text": "b"}])),
            "edits[1].index",
            "This word is corrected twice",
        ),
        (
            body(2, json!([{"index": 1, "text": "  "}])),
            "edits[0].text",
            "A word cannot be empty; cut it in the editor instead",
        ),
        (
            body(2, json!([{"index": 1, "text": "x".repeat(41)}])),
            "edits[0].text",
            "A corrected word is at most 40 characters",
        ),
    ];
    for (request, field, message) in cases {
        let (status, answer) = answering.staff.post(&stack, "/campaign/transcription/save", request).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
        assert_eq!((answer["errors"][0]["field"].as_str(), first_message(&answer)), (Some(field), message));
    }
    // Corrections made on an older version: 409, nothing changes.
    let (status, answer) = answering
        .staff
        .post(&stack, "/campaign/transcription/save", body(1, json!([{"index": 1, "text": "mine"}])))
        .await;
    assert_eq!(
        (status, detail(&answer)),
        (
            StatusCode::CONFLICT,
            "This transcript was changed by someone else in the meantime. Please reload it to see their corrections."
        )
    );
    let (_, info) = answering.staff.get(&stack, &path).await;
    assert_eq!((info["transcript"]["version"].as_u64(), words(&info["transcript"])), (Some(2), after.clone()));

    // Another organisation cannot, nor can anyone without a session; a missing id is the spec's 'invalid params'.
    let stranger = organisation(&stack).await;
    let (status, _) =
        stranger.post(&stack, "/campaign/transcription/save", body(2, json!([{"index": 1, "text": "x"}]))).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = call(
        &stack,
        Method::POST,
        "/campaign/transcription/save",
        None,
        Some(body(2, json!([{"index": 1, "text": "x"}]))),
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let mut missing = body(2, json!([{"index": 1, "text": "x"}]));
    missing["journeyId"] = json!("");
    let (status, answer) = answering.staff.post(&stack, "/campaign/transcription/save", missing).await;
    assert_eq!((status, detail(&answer)), (StatusCode::BAD_REQUEST, "invalid params"));
    let (_, info) = answering.staff.get(&stack, &path).await;
    assert_eq!(info["transcript"]["version"], 2, "still unchanged");
}

#[tokio::test]
async fn each_editor_keeps_their_own_state_per_collaborator_and_bad_state_changes_nothing() {
    let stack = stack().await;
    let answering = answering(&stack, "landscape").await;
    let get_path = format!("/user-state/{}/get?campaignId={}", answering.contributor_id, answering.campaign_id);
    let q = answering.question_id().to_string();
    let state = json!({
        "cutList": [{"journeyId": q, "start": 0.5, "end": 2.25}, {"journeyId": q, "start": 3.0, "end": 4.0}],
        "selections": [{"journeyId": q, "start": 1.0, "end": 1.5}],
        "lastPosition": {"journeyId": q, "seconds": 2.0},
    });
    let save = |state: Value| json!({"campaignId": answering.campaign_id, "contributorId": answering.contributor_id, "state": state});

    // Nothing saved yet: an empty state.
    let (status, empty) = answering.staff.get(&stack, &get_path).await;
    assert_eq!(status, StatusCode::OK, "{empty}");
    assert_eq!(empty["state"], json!({"cutList": [], "selections": [], "lastPosition": null}));
    assert!(empty["updatedAt"].is_null());

    for role in Role::STAFF {
        let staff = if role == Role::SuperAdmin {
            answering.staff.clone()
        } else {
            member(&stack, &answering.staff.tenant_id, role).await
        };
        let (status, saved) = staff.post(&stack, "/user-state/save", save(state.clone())).await;
        assert_eq!(status, StatusCode::OK, "{role:?}: {saved}");
        let (_, read) = staff.get(&stack, &get_path).await;
        assert_eq!(read["state"], state, "{role:?}");
        assert!(read["updatedAt"].is_string());
    }
    // One editor's state is theirs alone.
    let creator = member(&stack, &answering.staff.tenant_id, Role::Creator).await;
    let (_, theirs) = creator.get(&stack, &get_path).await;
    assert_eq!(theirs["state"]["cutList"], json!([]));

    // Bad state: 400 naming the field, the saved state unchanged.
    let cases = [
        (json!({"cutList": [{"journeyId": q, "start": 2.0, "end": 1.0}]}), "state.cutList[0]"),
        (json!({"selections": [{"journeyId": q, "start": -1.0, "end": 1.0}]}), "state.selections[0]"),
        (
            json!({"cutList": [{"journeyId": "01OTHERQUESTION", "start": 0.0, "end": 1.0}]}),
            "state.cutList[0].journeyId",
        ),
        (json!({"lastPosition": {"journeyId": q, "seconds": -3.0}}), "state.lastPosition.seconds"),
        (json!({"cutList": vec![json!({"journeyId": q, "start": 0.0, "end": 1.0}); 501]}), "state.cutList"),
    ];
    for (bad, field) in cases {
        let (status, answer) = answering.staff.post(&stack, "/user-state/save", save(bad)).await;
        assert_eq!((status, answer["errors"][0]["field"].as_str()), (StatusCode::BAD_REQUEST, Some(field)), "{answer}");
    }
    let (_, read) = answering.staff.get(&stack, &get_path).await;
    assert_eq!(read["state"], state);

    // Another organisation, no session, an unknown collaborator, a missing campaign.
    let stranger = organisation(&stack).await;
    assert_eq!(stranger.get(&stack, &get_path).await.0, StatusCode::NOT_FOUND);
    assert_eq!(stranger.post(&stack, "/user-state/save", save(state.clone())).await.0, StatusCode::NOT_FOUND);
    assert_eq!(call(&stack, Method::GET, &get_path, None, None).await.0, StatusCode::UNAUTHORIZED);
    let (status, body) =
        answering.staff.get(&stack, &format!("/user-state/01NOBODY/get?campaignId={}", answering.campaign_id)).await;
    assert_eq!((status, detail(&body)), (StatusCode::NOT_FOUND, "This collaborator is not invited to this campaign"));
    let (status, body) = answering.staff.get(&stack, &format!("/user-state/{}/get", answering.contributor_id)).await;
    assert_eq!((status, detail(&body)), (StatusCode::BAD_REQUEST, "invalid params"));
}

#[tokio::test]
async fn a_removed_take_leaves_no_copy_poster_or_transcript_behind() {
    let stack = stack().await;
    let tenant = |a: &Invited| a.staff.tenant_id.clone();
    let transcript_of = |a: &Invited| {
        storyhive_shared::storage::keys::transcript(&tenant(a), &a.campaign_id, &a.contributor_id, a.question_id())
    };

    // Staff delete the collaborator's videos: the answer stays, to be recorded again.
    let (answering, take) = transcribed(&stack).await;
    for key in objects_of_take(&take).iter().take(3) {
        assert!(exists(&stack, key).await, "{key} before the deletion");
    }
    // What a deployment made before derived media had their own prefix (beside the
    // take, in media/) goes with the take too.
    // (After the take and its derived files at today's layout.)
    for key in &objects_of_take(&take)[1 + storyhive_shared::storage::objects::Derived::ALL.len()..] {
        assert!(key.contains("/media/"), "{key}");
        stack
            .clients
            .s3
            .put_object()
            .bucket(stack.context.config.video_bucket().unwrap())
            .key(key)
            .body(b"made by an earlier deployment".to_vec().into())
            .send()
            .await
            .unwrap();
    }
    let (status, body) = answering
        .staff
        .delete(
            &stack,
            &format!(
                "/contributor/{}/{}/{}/videos",
                answering.initiative_id, answering.campaign_id, answering.contributor_id
            ),
            None,
        )
        .await;
    assert!(status.is_success(), "{status}: {body}");
    for key in objects_of_take(&take) {
        assert!(!exists(&stack, &key).await, "{key} after the deletion");
    }
    let transcript: Option<Value> = stack.context.store.get(&transcript_of(&answering)).await.unwrap();
    assert!(transcript.is_none(), "the removed take's transcript: {transcript:?}");
    let (status, body) = answering.staff.get(&stack, &video_info_path(&answering)).await;
    assert_eq!((status, detail(&body)), (StatusCode::NOT_FOUND, "This answer has no video yet"));

    // A retake is converted and transcribed on its own, as a first take would be.
    let retake = answering.record(&stack, video(Container::Webm, 7.0).speech(SENTENCE).make(), "webm").await;
    assert_eq!(answering.settle(&stack, &retake).await.status, MediaStatus::Ready);
    let (status, info) = answering.staff.get(&stack, &video_info_path(&answering)).await;
    assert_eq!((status, info["takeKey"].as_str()), (StatusCode::OK, Some(retake.as_str())), "{info}");
    assert!(words(&info["transcript"]).iter().any(|w| said(&w.0) == "london"), "{info}");

    // Staff delete the question: its answers go with every object of their takes.
    let (status, body) = answering
        .staff
        .delete(&stack, &format!("/question/{}/{}", answering.campaign_id, answering.question_id()), None)
        .await;
    assert!(status.is_success(), "{status}: {body}");
    let mut gone = false;
    for _ in 0..40 {
        stack.run_workers().await.unwrap();
        let mut left = Vec::new();
        for key in objects_of_take(&retake) {
            if exists(&stack, &key).await {
                left.push(key);
            }
        }
        let transcript: Option<Value> = stack.context.store.get(&transcript_of(&answering)).await.unwrap();
        if left.is_empty() && transcript.is_none() {
            gone = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(gone, "the deleted question's take, copy, poster and transcript are removed");
}

#[tokio::test]
async fn an_answers_captions_parse_as_srt_and_webvtt_and_follow_its_words() {
    let stack = stack().await;
    let (answering, _) = transcribed(&stack).await;
    let path = format!(
        "/campaign/captions/{}/{}/{}",
        answering.campaign_id,
        answering.contributor_id,
        answering.question_id()
    );
    let (status, captions) = answering.staff.get(&stack, &path).await;
    assert_eq!(status, StatusCode::OK, "{captions}");
    assert_eq!(captions["language"], "en");
    assert!(captions["fileName"].as_str().unwrap().ends_with("-answer-1"), "{captions}");
    let (_, info) = answering.staff.get(&stack, &video_info_path(&answering)).await;
    let heard: Vec<String> = words(&info["transcript"]).into_iter().map(|w| w.0).collect();

    // A maintained parser reads both files; their cues hold the words in order, at most
    // two lines of 42 characters each, with times that only go forward.
    let srt = subtp::srt::SubRip::parse(captions["srt"].as_str().unwrap()).expect("valid SRT");
    let vtt = subtp::vtt::WebVtt::parse(captions["webvtt"].as_str().unwrap()).expect("valid WebVTT");
    let srt_text: Vec<String> = srt.subtitles.iter().flat_map(|s| s.text.clone()).collect();
    assert_eq!(srt_text.join(" "), heard.join(" "), "the cues follow the words");
    assert!(srt.subtitles.iter().all(|s| s.text.len() <= 2 && s.text.iter().all(|l| l.chars().count() <= 42)));
    assert!(srt.subtitles.windows(2).all(|w| w[0].end <= w[1].start), "cues do not overlap");
    assert_eq!(vtt.blocks.iter().filter(|b| matches!(b, subtp::vtt::VttBlock::Que(_))).count(), srt.subtitles.len());

    // Every staff role may read them; a collaborator's key may not.
    let coordinator = member(&stack, &answering.staff.tenant_id, Role::Coordinator).await;
    assert_eq!(coordinator.get(&stack, &path).await.0, StatusCode::OK);
    let (status, _) = answering.call(&stack, reqwest::Method::GET, &path, None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}
