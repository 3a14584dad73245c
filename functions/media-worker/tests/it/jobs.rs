//! Jobs never stay "processing": a worker killed mid-way leaves a claim that expires, the
//! redelivery finishes the job, and the delivery after the last attempt ends it failed
//! with a reason; a full disk is a failure with a reason, not a retry; every step stops
//! at the invocation's deadline.

use std::time::Duration;

use aws_lambda_events::event::sqs::{SqsEvent, SqsMessage};
use storyhive_local_stack::testkit::TestStack;
use storyhive_media_worker::{Deadline, MediaWorker, Outcome, DISK_FULL, GAVE_UP, MAX_ATTEMPTS, SETTLE_MARGIN};
use storyhive_shared::{
    contributors::records::JourneyRecord,
    media::{
        generated::{GeneratedVideoStatus, VideoTestJobRecord},
        MediaJob, MediaStatus,
    },
    model,
    storage::{keys, AttributeValue},
};

use crate::common::*;

fn job(answering: &Invited, take: &str) -> MediaJob {
    MediaJob::Take {
        tenant_id: answering.staff.tenant_id.clone(),
        campaign_id: answering.campaign_id.clone(),
        contributor_id: answering.contributor_id.clone(),
        question_id: answering.question_id().to_string(),
        take_key: take.into(),
    }
}

/// The message as SQS hands it out the `receive`th time.
fn delivery(job: &MediaJob, receive: u32) -> SqsEvent {
    let mut message = SqsMessage::default();
    message.message_id = Some(model::new_id());
    message.body = Some(serde_json::to_string(job).unwrap());
    message.attributes.insert("ApproximateReceiveCount".into(), receive.to_string());
    let mut event = SqsEvent::default();
    event.records = vec![message];
    event
}

async fn stored_take(stack: &TestStack, answering: &Invited, seconds: f64) -> String {
    answering.unnotified_take(stack, video(Container::Mp4, seconds).size(640, 480).make(), "mp4").await
}

/// Starts converting the take and stops the worker as soon as it holds the take (as
/// Lambda does at its timeout, or when the sandbox dies): its claim stays behind.
async fn killed_mid_way(worker: &MediaWorker, answering: &Invited, stack: &TestStack, job: &MediaJob) {
    let running = {
        let (worker, job) = (worker.clone(), job.clone());
        tokio::spawn(async move { worker.process(&job).await })
    };
    for _ in 0..500 {
        if answering.journey(stack).await.media.is_some_and(|m| m.claim_id.is_some()) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    running.abort();
    assert!(running.await.unwrap_err().is_cancelled(), "the worker was stopped mid-way");
    let media = answering.journey(stack).await.media.unwrap();
    assert_eq!(media.status, MediaStatus::Processing, "killed before it finished: {media:?}");
    assert!(media.claimed_until.is_some(), "{media:?}");
}

/// What a dead worker's claim looks like once its lease has run out.
async fn lease_runs_out(stack: &TestStack, answering: &Invited) {
    let past = model::now().unix_timestamp() - 1;
    stack
        .context
        .store
        .update::<JourneyRecord>(&answering.journey_key(), |u| {
            u.update_expression("SET media.claimedUntil = :past")
                .expression_attribute_values(":past", AttributeValue::N(past.to_string()))
        })
        .await
        .unwrap();
}

#[tokio::test]
async fn a_take_whose_worker_was_killed_is_retried_and_ends_ready() {
    let stack = stack().await;
    let answering = answering(&stack, "landscape").await;
    let take = stored_take(&stack, &answering, 8.0).await;
    let job = job(&answering, &take);
    let worker = media_worker(&stack);
    killed_mid_way(&worker, &answering, &stack, &job).await;

    // Delivered again while the dead worker's lease holds: nothing runs twice.
    let response = storyhive_media_worker::handle(&worker, delivery(&job, 2)).await;
    assert!(response.batch_item_failures.is_empty());
    assert_eq!(answering.journey(&stack).await.media.unwrap().status, MediaStatus::Processing);

    // Once the lease ran out, the redelivery converts it.
    lease_runs_out(&stack, &answering).await;
    let response = storyhive_media_worker::handle(&worker, delivery(&job, 2)).await;
    assert!(response.batch_item_failures.is_empty());
    let media = answering.journey(&stack).await.media.unwrap();
    assert_eq!(media.status, MediaStatus::Ready, "{media:?}");
    assert!((media.duration_seconds.unwrap() - 8.0).abs() < 0.2, "{media:?}");
}

#[tokio::test]
async fn a_take_killed_on_every_attempt_ends_failed_with_a_reason_and_staff_retry_it() {
    let stack = stack().await;
    let answering = answering(&stack, "landscape").await;
    let take = stored_take(&stack, &answering, 8.0).await;
    let job = job(&answering, &take);
    let worker = media_worker(&stack);
    killed_mid_way(&worker, &answering, &stack, &job).await;
    lease_runs_out(&stack, &answering).await;

    // The delivery after the last attempt (before the queue sets the message aside).
    let response = storyhive_media_worker::handle(&worker, delivery(&job, MAX_ATTEMPTS + 1)).await;
    assert!(response.batch_item_failures.is_empty(), "the message is done with");
    let media = answering.journey(&stack).await.media.unwrap();
    assert_eq!((media.status, media.failure_reason.as_deref()), (MediaStatus::Failed, Some(GAVE_UP)));
    assert!(media.claim_id.is_none(), "{media:?}");
    let answer = answering.staff_answer(&stack).await;
    assert_eq!(
        (answer["media"]["status"].as_str(), answer["media"]["failureReason"].as_str()),
        (Some("failed"), Some(GAVE_UP))
    );

    // Staff queue it again: it shows processing, then the worker converts it.
    let retry = serde_json::json!({
        "campaignId": answering.campaign_id,
        "contributorId": answering.contributor_id,
        "journeyId": answering.question_id(),
    });
    let (status, body) = answering.staff.post(&stack, "/generated-videos/answer-retry", retry.clone()).await;
    assert_eq!(status, reqwest::StatusCode::ACCEPTED, "{body}");
    assert_eq!(answering.staff_answer(&stack).await["media"]["status"], "processing");
    let (status, body) = answering.staff.post(&stack, "/generated-videos/answer-retry", retry.clone()).await;
    assert_eq!(status, reqwest::StatusCode::CONFLICT, "only a failed take is retried: {body}");
    let media = answering.settle(&stack, &take).await;
    assert_eq!(media.status, MediaStatus::Ready, "{media:?}");
    // Another organisation's staff cannot queue it.
    let other = organisation(&stack).await;
    let (status, _) = other.post(&stack, "/generated-videos/answer-retry", retry).await;
    assert!([reqwest::StatusCode::NOT_FOUND, reqwest::StatusCode::FORBIDDEN].contains(&status), "{status}");
}

#[tokio::test]
async fn every_step_stops_at_the_invocations_deadline_and_the_last_attempt_ends_failed() {
    let stack = stack().await;
    let answering = answering(&stack, "landscape").await;
    let take = stored_take(&stack, &answering, 2.0).await;
    let job = job(&answering, &take);
    let worker = media_worker(&stack);
    // An invocation with nothing left but the margin to write the outcome: no step starts
    // a transfer it cannot finish, and the take is left for the next delivery.
    let spent = || Deadline::after(SETTLE_MARGIN);
    let started = std::time::Instant::now();
    let error = worker.process_until(&job, spent()).await.unwrap_err();
    assert!(started.elapsed() < Duration::from_secs(5), "{:?}", started.elapsed());
    assert!(format!("{error:#}").contains("out of time"), "{error:#}");
    let media = answering.journey(&stack).await.media.unwrap();
    assert_eq!((media.status, media.claim_id), (MediaStatus::Processing, None), "released for the retry");

    // The same on the last attempt: the job ends failed instead of waiting for ever.
    let response = storyhive_media_worker::handle_until(&worker, delivery(&job, MAX_ATTEMPTS), spent()).await;
    assert!(response.batch_item_failures.is_empty());
    let media = answering.journey(&stack).await.media.unwrap();
    assert_eq!((media.status, media.failure_reason.as_deref()), (MediaStatus::Failed, Some(GAVE_UP)));
}

#[tokio::test]
async fn a_full_disk_fails_the_take_with_a_readable_reason() {
    let stack = stack().await;
    let answering = answering(&stack, "landscape").await;
    let take = stored_take(&stack, &answering, 8.0).await;
    // A work folder of 64 KiB, smaller than the take (Lambda's /tmp when it is full).
    let small = std::env::temp_dir().join(format!("storyhive-full-{}", model::new_id()));
    std::fs::create_dir_all(&small).unwrap();
    let mounted = std::process::Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=64k", "tmpfs"])
        .arg(&small)
        .status()
        .expect("mount (the tests run as root, as CI does)");
    assert!(mounted.success(), "mounting a small tmpfs needs root");
    let mut worker = media_worker(&stack);
    worker.work_dir = small.clone();
    let outcome = worker.process(&job(&answering, &take)).await;
    std::process::Command::new("umount").arg(&small).status().unwrap();
    std::fs::remove_dir_all(&small).ok();
    assert_eq!(outcome.unwrap(), Outcome::Failed(DISK_FULL.into()), "permanent, not retried");
    let media = answering.journey(&stack).await.media.unwrap();
    assert_eq!((media.status, media.failure_reason.as_deref()), (MediaStatus::Failed, Some(DISK_FULL)));
}

#[tokio::test]
async fn a_video_test_job_whose_worker_died_ends_failed_after_its_attempts() {
    let stack = stack().await;
    let job_id = model::new_id();
    let mut record = VideoTestJobRecord::new(
        &job_id,
        "Temp/none/clip.mp4",
        0.9,
        model::timestamp(model::now()),
        model::now().unix_timestamp(),
    );
    // Claimed by a worker that died: its lease has run out.
    record.claimed_until = Some(model::now().unix_timestamp() - 1);
    record.claim_id = Some(model::new_id());
    stack.context.store.put(&record).await.unwrap();
    let worker = media_worker(&stack);
    let job = MediaJob::VideoTest { job_id: job_id.clone() };
    let response = storyhive_media_worker::handle(&worker, delivery(&job, MAX_ATTEMPTS + 1)).await;
    assert!(response.batch_item_failures.is_empty());
    let stored: VideoTestJobRecord = stack.context.store.get(&keys::video_test_job(&job_id)).await.unwrap().unwrap();
    assert_eq!((stored.status, stored.failure_reason.as_deref()), (GeneratedVideoStatus::Failed, Some(GAVE_UP)));
    assert!(stored.claim_id.is_none());
}

/// The queue hands a job out again only once a dead worker's claim has expired, and
/// often enough that the delivery ending it failed comes before the dead-letter queue,
/// within about an hour of the first attempt.
#[tokio::test]
async fn the_media_queue_redelivers_after_a_claim_expires_and_before_the_dead_letter_queue() {
    use aws_sdk_sqs::types::QueueAttributeName;
    let stack = stack().await;
    let queue = stack.resources.queue("MediaQueue").unwrap();
    let attributes = stack
        .clients
        .sqs
        .get_queue_attributes()
        .queue_url(&queue.url)
        .attribute_names(QueueAttributeName::VisibilityTimeout)
        .attribute_names(QueueAttributeName::RedrivePolicy)
        .send()
        .await
        .unwrap()
        .attributes
        .unwrap();
    let visibility: i64 = attributes[&QueueAttributeName::VisibilityTimeout].parse().unwrap();
    let policy: serde_json::Value = serde_json::from_str(&attributes[&QueueAttributeName::RedrivePolicy]).unwrap();
    assert!(visibility > storyhive_media_worker::LEASE_SECONDS, "{visibility}");
    assert!(visibility as u64 > storyhive_media_worker::FUNCTION_TIMEOUT.as_secs(), "{visibility}");
    assert!(policy["maxReceiveCount"].as_i64().unwrap() > MAX_ATTEMPTS as i64, "{policy}");
    assert!(visibility * MAX_ATTEMPTS as i64 <= 3600, "a dead job is failed within the hour: {visibility}");
}
