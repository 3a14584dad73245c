use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use storyhive_local_stack::testkit::TestStack;
use storyhive_shared::{
    contributors::{rules, stats::TenantStats},
    storage::keys,
    webhooks,
};

use crate::common::*;

async fn stats(stack: &TestStack, tenant_id: &str) -> TenantStats {
    stack.context.store.get(&keys::tenant_stats(tenant_id)).await.unwrap().unwrap_or_default()
}

async fn video_count(invited: &Invited, stack: &TestStack) -> i64 {
    let (_, list) = invited.staff.get(stack, "/campaign/all-campaigns").await;
    list["items"][0]["videoCount"].as_i64().unwrap()
}

fn question<'a>(journey: &'a Value, id: &str) -> &'a Value {
    journey["questions"].as_array().unwrap().iter().find(|q| q["campaignQuestionId"] == id).unwrap()
}

/// Puts the S3 notification of `key` on the upload queue again, as a duplicate delivery.
async fn redeliver(stack: &TestStack, key: &str) {
    let queue = stack.resources.queue(storyhive_local_stack::provision::UPLOAD_QUEUE).unwrap();
    let encoded: String = key.split('/').collect::<Vec<_>>().join("%2F");
    let body = json!({"Records": [{"eventVersion": "2.1", "eventSource": "aws:s3", "eventName": "ObjectCreated:CompleteMultipartUpload",
        "s3": {"bucket": {"name": stack.context.config.video_bucket().unwrap()}, "object": {"key": encoded, "size": 1}}}]});
    stack.clients.sqs.send_message().queue_url(&queue.url).message_body(body.to_string()).send().await.unwrap();
}

#[tokio::test]
async fn real_videos_are_probed_and_recorded_once_with_exact_figures() {
    let stack = stack().await;
    let invited = invited(&stack, &["Who are you?", "What happened?"]).await;
    let (q1, q2) = (invited.question_ids[0].clone(), invited.question_ids[1].clone());

    // A fragmented MP4 like MediaRecorder's, and a WebM.
    let mp4 = video(Container::FragmentedMp4, 2).make();
    let key1 = invited.upload(&stack, &q1, &mp4, "video/mp4;codecs=avc1,opus").await;
    assert!(key1.starts_with(&format!(
        "{}/{}/{}/{}/",
        invited.staff.tenant_id, invited.initiative_id, invited.campaign_id, invited.contributor_id
    )));
    assert!(key1.ends_with("-recorded_video.mp4"), "{key1}");
    let webm = video(Container::Webm, 3).make();
    invited.upload(&stack, &q2, &webm, "video/webm").await;
    let journey = invited.settle_uploads(&stack).await;
    for (id, seconds, size) in [(&q1, 2.0, mp4.len()), (&q2, 3.0, webm.len())] {
        let answer = question(&journey, id);
        assert_eq!(
            (answer["uploadStatus"].as_str(), answer["stored"].as_bool()),
            (Some("stored"), Some(true)),
            "{answer}"
        );
        let video = &answer["video"];
        let duration = video["durationSeconds"].as_f64().unwrap();
        assert!((duration - seconds).abs() < 0.2, "{duration} vs {seconds}");
        assert_eq!(
            (video["sizeBytes"].as_u64(), video["width"].as_u64(), video["height"].as_u64()),
            (Some(size as u64), Some(320), Some(240))
        );
        assert_eq!(video["deviceType"], "Mobile");
        // The playback URL serves the very bytes.
        let fetched = stack.http.get(video["url"].as_str().unwrap()).send().await.unwrap().bytes().await.unwrap();
        assert_eq!(fetched.len(), size);
    }
    assert_eq!(question(&journey, &q1)["video"]["container"], "mp4");
    assert_eq!(question(&journey, &q2)["video"]["container"], "webm");

    let before = stats(&stack, &invited.staff.tenant_id).await;
    assert_eq!((before.video_count, before.pending_video_responses, before.device_mobile), (2, 2, 2));
    assert!((before.video_seconds - 5.0).abs() < 0.3, "{}", before.video_seconds);
    assert_eq!(video_count(&invited, &stack).await, 2);

    // `answer.stored`, once per take (issue 26): its id is the take's.
    let tenant = &invited.staff.tenant_id;
    let event_key = keys::webhook_event(tenant, &webhooks::event_id(tenant, webhooks::EventType::AnswerStored, &key1));
    let event = || async {
        stack.context.store.get::<webhooks::EventRecord>(&event_key).await.unwrap().expect("answer.stored")
    };
    let first_event = event().await;
    assert_eq!(first_event.data.event_type(), webhooks::EventType::AnswerStored);
    let webhooks::EventData::AnswerStored(data) = &first_event.data else { unreachable!() };
    assert_eq!(
        (data.question_id.as_str(), data.collaborator_id.as_str()),
        (q1.as_str(), invited.contributor_id.as_str())
    );

    // The same notification twice, and the worker run again: nothing moves.
    redeliver(&stack, &key1).await;
    redeliver(&stack, &key1).await;
    invited.settle_uploads(&stack).await;
    for _ in 0..3 {
        stack.run_workers().await.unwrap();
    }
    let after = stats(&stack, &invited.staff.tenant_id).await;
    assert_eq!((after.video_count, after.pending_video_responses, after.device_mobile), (2, 2, 2));
    assert!((after.video_seconds - before.video_seconds).abs() < 1e-9);
    assert_eq!(video_count(&invited, &stack).await, 2);
    let (_, dashboard) = invited.staff.get(&stack, "/dashboard/details").await;
    assert_eq!(dashboard["pendingVideoResponses"], 2);
    assert_eq!(dashboard["deviceType"], json!([{"deviceType": "Mobile", "count": 2}]));
    assert_eq!(
        (
            dashboard["campaignAndVideo"][0]["campaignId"].as_str(),
            dashboard["campaignAndVideo"][0]["videoCount"].as_i64()
        ),
        (Some(invited.campaign_id.as_str()), Some(2))
    );
    assert_eq!(dashboard["hoursOfVideoSubmitted"].as_f64(), Some(0.0), "5 s is 0.00 hours");
    assert_eq!(event().await.created_at, first_event.created_at, "the redelivered notification made no second event");

    // Everything stored: the collaborator can submit, and staff see and play it all.
    let (status, body) =
        invited.call(&stack, Method::PUT, &format!("{}/submit", invited.path("/contributor")), None).await;
    assert_eq!(
        (status, body["message"].as_str()),
        (StatusCode::OK, Some("Your videos have been submitted successfully"))
    );
    let (_, all) = invited.staff.get(&stack, &format!("/contributor/{}/all", invited.campaign_id)).await;
    assert!(all["items"][0]["answers"].as_array().unwrap().iter().all(|a| a["video"]["url"].is_string()));
    assert!(all["items"][0]["contributor"]["submittedAt"].is_string());
    let (_, mine) = invited.call(&stack, Method::POST, "/contributor/campaign/videos", Some(invited.ids())).await;
    assert_eq!(mine["answers"].as_array().unwrap().len(), 2);
}

/// Issue 20, item 1: every `.mov` ended "failed" ('The file has no picture'), because the
/// probe took QuickTime's data handler (`dhlr`/`url `) for the track's kind.
#[tokio::test]
async fn quicktime_movies_from_phones_are_stored() {
    let stack = stack().await;
    let invited = invited(&stack, &["Who are you?", "What happened?"]).await;
    let (q1, q2) = (invited.question_ids[0].clone(), invited.question_ids[1].clone());
    let hevc = video(Container::MovHevc, 2).make();
    let h264 = video(Container::MovH264, 2).make();
    invited.upload(&stack, &q1, &hevc, "video/quicktime").await;
    invited.upload(&stack, &q2, &h264, "video/quicktime").await;
    let journey = invited.settle_uploads(&stack).await;
    for id in [&q1, &q2] {
        let answer = question(&journey, id);
        assert_eq!(
            (answer["uploadStatus"].as_str(), answer["stored"].as_bool()),
            (Some("stored"), Some(true)),
            "{answer}"
        );
        let video = &answer["video"];
        assert_eq!((video["width"].as_u64(), video["height"].as_u64()), (Some(320), Some(240)), "{video}");
        assert!((video["durationSeconds"].as_f64().unwrap() - 2.0).abs() < 0.2, "{video}");
    }
}

#[tokio::test]
async fn a_later_take_wins_a_race_and_the_earlier_one_is_kept() {
    let stack = stack().await;
    let invited = invited(&stack, &["Again?"]).await;
    let q = invited.question_ids[0].clone();
    let worker = upload_worker(&stack);
    let first = invited.upload(&stack, &q, &video(Container::Mp4, 1).make(), "video/mp4").await;
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    let second = invited.upload(&stack, &q, &video(Container::Mp4, 2).make(), "video/mp4").await;
    // The later take is processed first, then the earlier one arrives. Another test's
    // `settle` drains the shared upload queue, S3's events for these takes included, so it
    // may have recorded the later take already: either way it is recorded once.
    assert!(matches!(
        worker.process(&second).await.unwrap(),
        storyhive_upload_worker::Outcome::Recorded | storyhive_upload_worker::Outcome::AlreadyRecorded
    ));
    assert_eq!(worker.process(&first).await.unwrap(), storyhive_upload_worker::Outcome::AlreadyRecorded);
    assert_eq!(worker.process(&second).await.unwrap(), storyhive_upload_worker::Outcome::AlreadyRecorded);
    let journey = invited.settle_uploads(&stack).await;
    let answer = question(&journey, &q);
    assert_eq!(answer["video"]["key"], second);
    let record: storyhive_shared::contributors::records::JourneyRecord = stack
        .context
        .store
        .get(&keys::journey(&invited.staff.tenant_id, &invited.campaign_id, &invited.contributor_id, &q))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(record.previous_takes, vec![first.clone()], "the earlier object is referenced, not orphaned");
    let figures = stats(&stack, &invited.staff.tenant_id).await;
    assert_eq!(figures.video_count, 1);
    assert!((figures.video_seconds - 2.0).abs() < 0.2, "{}", figures.video_seconds);
    assert_eq!(video_count(&invited, &stack).await, 1);
}

#[tokio::test]
async fn files_that_are_not_videos_or_too_large_are_removed_and_the_answer_says_why() {
    let stack = stack().await;
    let invited = invited(&stack, &["Text?", "Huge?"]).await;
    let (q1, q2) = (invited.question_ids[0].clone(), invited.question_ids[1].clone());

    let (status, body) = invited
        .call(
            &stack,
            Method::POST,
            "/contributor-upload/start",
            Some(invited.with_ids(json!({"campaignQuestionId": q1, "contentType": "image/png"}))),
        )
        .await;
    assert_eq!((status, detail(&body)), (StatusCode::BAD_REQUEST, rules::ANSWER_FILE_REFUSED));
    let (status, body) = invited
        .call(
            &stack,
            Method::POST,
            "/contributor-upload/start",
            Some(invited.with_ids(
                json!({"campaignQuestionId": q1, "contentType": "video/mp4", "sizeBytes": 501i64 * 1024 * 1024}),
            )),
        )
        .await;
    assert_eq!((status, detail(&body)), (StatusCode::BAD_REQUEST, rules::ANSWER_FILE_REFUSED));

    // The browser claims a video but sends text.
    let text_key = invited.upload(&stack, &q1, b"this is a shopping list, not a video", "video/mp4").await;
    // A real video over the limit (the limit is lowered for the test; the constant is 500 MB).
    let big = video(Container::Mp4, 1).make();
    let big_key = invited.upload(&stack, &q2, &big, "video/mp4").await;
    let small_limit =
        storyhive_upload_worker::UploadWorker { max_bytes: (big.len() - 1) as i64, ..upload_worker(&stack) };
    assert!(matches!(small_limit.process(&big_key).await.unwrap(), storyhive_upload_worker::Outcome::Rejected(_)));

    let journey = invited.settle_uploads(&stack).await;
    assert_eq!(question(&journey, &q1)["uploadStatus"], "failed");
    assert_eq!(question(&journey, &q1)["failureReason"], "The file is not a video. Please upload a video file.");
    assert_eq!(question(&journey, &q2)["uploadStatus"], "failed");
    assert_eq!(
        question(&journey, &q2)["failureReason"],
        "The video is larger than 500 MB. Please record a shorter answer or upload a smaller file."
    );
    for key in [&text_key, &big_key] {
        let head =
            stack.clients.s3.head_object().bucket(stack.context.config.video_bucket().unwrap()).key(key).send().await;
        assert!(head.is_err(), "{key} was not removed");
    }
    assert_eq!(stats(&stack, &invited.staff.tenant_id).await.video_count, 0);
    assert!(question(&journey, &q1)["toAsk"].as_bool().unwrap(), "a failed answer is asked again");
}

#[tokio::test]
async fn a_take_longer_than_its_questions_time_limit_is_refused_after_probing() {
    let stack = stack().await;
    let invited = invited(&stack, &["Short?", "Shorter?"]).await;
    let (q1, q2) = (invited.question_ids[0].clone(), invited.question_ids[1].clone());
    let limit = |question: &str, seconds: i64| {
        let (staff, stack) = (&invited.staff, &stack);
        let body = json!({"campaignId": invited.campaign_id, "timeLimitSeconds": seconds});
        let path = format!("/question/{question}");
        async move { staff.put(stack, &path, body).await }
    };
    // Only none, 30 s, 1, 2 or 5 minutes; a refused value changes nothing.
    let (status, body) = limit(&q1, 45).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(
        body.to_string().contains("Time limit must be none, 30 seconds, 1 minute, 2 minutes or 5 minutes"),
        "{body}"
    );
    let journey = invited.call(&stack, Method::GET, &invited.path("/contributor-journey"), None).await.1;
    assert_eq!(question(&journey, &q1)["timeLimitSeconds"], Value::Null);
    for (id, seconds) in [(&q1, 30), (&q2, 30)] {
        let (status, body) = limit(id, seconds).await;
        assert_eq!((status, body["timeLimitSeconds"].as_i64()), (StatusCode::OK, Some(30)), "{body}");
    }
    let journey = invited.call(&stack, Method::GET, &invited.path("/contributor-journey"), None).await.1;
    assert_eq!(question(&journey, &q1)["timeLimitSeconds"], 30, "the collaborator's pages see the limit");

    // 33 s is over a 30 s limit; 31 s is within what a recorder adds at the end.
    let long = video(Container::Mp4, 33).make();
    let long_key = invited.upload(&stack, &q1, &long, "video/mp4").await;
    invited.upload(&stack, &q2, &video(Container::Webm, 31).make(), "video/webm").await;
    let journey = invited.settle_uploads(&stack).await;
    assert_eq!(question(&journey, &q1)["uploadStatus"], "failed");
    assert_eq!(
        question(&journey, &q1)["failureReason"],
        "This answer is longer than the 30 seconds this question allows. Please record a shorter answer or upload a shorter file."
    );
    let head =
        stack.clients.s3.head_object().bucket(stack.context.config.video_bucket().unwrap()).key(&long_key).send().await;
    assert!(head.is_err(), "the refused file is removed");
    assert_eq!(question(&journey, &q2)["uploadStatus"], "stored", "{}", question(&journey, &q2));

    // Removing the limit (0) lets a long answer through again.
    let (status, body) = limit(&q1, 0).await;
    assert_eq!((status, &body["timeLimitSeconds"]), (StatusCode::OK, &Value::Null), "{body}");
    invited.upload(&stack, &q1, &long, "video/mp4").await;
    let journey = invited.settle_uploads(&stack).await;
    assert_eq!(question(&journey, &q1)["uploadStatus"], "stored");
    assert_eq!(stats(&stack, &invited.staff.tenant_id).await.video_count, 2);
}

#[tokio::test]
async fn a_poison_message_is_reported_failed_and_the_queue_sends_it_to_its_dead_letter_queue() {
    let stack = stack().await;
    let worker = upload_worker(&stack);
    let mut event = aws_lambda_events::event::sqs::SqsEvent::default();
    let mut good = aws_lambda_events::event::sqs::SqsMessage::default();
    good.message_id = Some("good".into());
    good.body = Some(r#"{"Service":"Amazon S3","Event":"s3:TestEvent"}"#.into());
    let mut poison = aws_lambda_events::event::sqs::SqsMessage::default();
    poison.message_id = Some("poison".into());
    poison.body = Some("not json".into());
    event.records = vec![good, poison];
    let response = storyhive_upload_worker::handle(&worker, event).await;
    let failed: Vec<&str> = response.batch_item_failures.iter().map(|f| f.item_identifier.as_str()).collect();
    assert_eq!(failed, vec!["poison"], "only the bad message is retried");

    let queue = stack.resources.queue(storyhive_local_stack::provision::UPLOAD_QUEUE).unwrap();
    let dead = stack.resources.queue("UploadDeadLetterQueue").unwrap();
    let attributes = stack
        .clients
        .sqs
        .get_queue_attributes()
        .queue_url(&queue.url)
        .attribute_names(aws_sdk_sqs::types::QueueAttributeName::RedrivePolicy)
        .send()
        .await
        .unwrap();
    let policy: Value = serde_json::from_str(attributes.attributes.unwrap().values().next().unwrap()).unwrap();
    assert_eq!(
        (policy["deadLetterTargetArn"].as_str(), policy["maxReceiveCount"].as_i64()),
        (Some(dead.arn.as_str()), Some(5))
    );
}

/// What the media worker derives from takes (their web copies, posters, transcription
/// outputs, generated videos) and the video test page's files never wake the upload
/// worker: the video bucket notifies takes only. Checked on a private copy of the bucket
/// and the upload queue, made from template.yaml as the local stack makes them (the
/// shared queue is consumed by every test's workers, so a missing message there would
/// prove nothing).
#[tokio::test]
async fn only_takes_reach_the_upload_queue() {
    use storyhive_local_stack::provision::{self, LocalQueue, UPLOAD_QUEUE};
    use storyhive_shared::storage::objects::{self, Derived, TakeKey};

    let stack = stack().await;
    let (s3, sqs) = (&stack.clients.s3, &stack.clients.sqs);
    let name = format!("storyhive-test-notify-{}", storyhive_shared::model::new_id().to_lowercase());
    let url = sqs.create_queue().queue_name(&name).send().await.unwrap().queue_url.unwrap();
    let arn = sqs
        .get_queue_attributes()
        .queue_url(&url)
        .attribute_names(aws_sdk_sqs::types::QueueAttributeName::QueueArn)
        .send()
        .await
        .unwrap()
        .attributes
        .unwrap()
        .remove(&aws_sdk_sqs::types::QueueAttributeName::QueueArn)
        .unwrap();
    let mut local = stack.resources.clone();
    local.queues.insert(UPLOAD_QUEUE.into(), LocalQueue { name: name.clone(), url: url.clone(), arn });
    local.buckets.insert("VideoBucket".into(), name.clone());
    provision::provision_bucket(&stack.clients, &stack.template, &local, "VideoBucket").await.unwrap();

    let take = TakeKey {
        tenant_id: "01TENANT".into(),
        initiative_id: "01INITIATIVE".into(),
        campaign_id: "01CAMPAIGN".into(),
        contributor_id: "01CONTRIBUTOR".into(),
        taken_at_ms: 1_700_000_000_000,
        extension: "webm".into(),
    }
    .key();
    let render = objects::generated_video(&take, "01VIDEO", true);
    let quiet: Vec<String> = Derived::ALL
        .map(|d| d.of(&take))
        .into_iter()
        .chain([render.mp4, render.poster, render.captions.unwrap()])
        .chain([objects::video_test_upload("01ABC", "party.mp4"), objects::video_test_output("01JOB")])
        .collect();
    // The take last: the emulator notifies as each object is stored, so once the take's
    // message is there, any other would be too.
    for key in quiet.iter().chain([&take]) {
        s3.put_object().bucket(&name).key(key).body(b"bytes".to_vec().into()).send().await.unwrap();
    }
    let mut notified = Vec::new();
    for _ in 0..10 {
        let messages = sqs
            .receive_message()
            .queue_url(&url)
            .max_number_of_messages(10)
            .wait_time_seconds(1)
            .send()
            .await
            .unwrap()
            .messages
            .unwrap_or_default();
        for message in &messages {
            let body: Value = serde_json::from_str(message.body().unwrap()).unwrap();
            for record in body["Records"].as_array().into_iter().flatten() {
                notified.push(record["s3"]["object"]["key"].as_str().unwrap().replace("%2F", "/"));
            }
            sqs.delete_message()
                .queue_url(&url)
                .receipt_handle(message.receipt_handle().unwrap())
                .send()
                .await
                .unwrap();
        }
        if notified.contains(&take) && messages.is_empty() {
            break;
        }
    }
    assert_eq!(notified, std::slice::from_ref(&take), "only the take wakes the upload worker");

    for key in quiet.iter().chain([&take]) {
        s3.delete_object().bucket(&name).key(key).send().await.unwrap();
    }
    s3.delete_bucket().bucket(&name).send().await.unwrap();
    sqs.delete_queue().queue_url(&url).send().await.unwrap();
}
