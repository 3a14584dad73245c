//! One take through every transition of its answer (rejected, stored, processing,
//! ready, failed and retried, approved, new again, sent back, deleted), by the functions
//! that make them. The recorder sees every DynamoDB write each function makes to the
//! answer's item, and whether `storyhive_shared::answers` was writing it: the answer has
//! one owner.

use reqwest::StatusCode;
use serde_json::json;
use storyhive_local_stack::{recorder::AnswerWrite, testkit::TestStack};
use storyhive_shared::{
    contributors::{
        records::{JourneyRecord, ReviewStatus, UploadStatus},
        stats::TenantStats,
    },
    media::MediaStatus,
    search::SearchEntry,
    storage::{keys, AttributeValue},
};

use super::common::*;

/// The functions a take passes through.
const FUNCTIONS: &[&str] =
    &["ContributorsFunction", "UploadWorkerFunction", "MediaWorkerFunction", "GeneratedVideosFunction"];

/// Each function's writes to `answering`'s answer.
fn writes(stack: &TestStack, answering: &Invited) -> Vec<(&'static str, AnswerWrite)> {
    let sort_key = answering.journey_key().sk;
    FUNCTIONS
        .iter()
        .flat_map(|function| {
            stack.answer_writes(function).into_iter().filter(|w| w.sort_key == sort_key).map(move |w| (*function, w))
        })
        .collect()
}

async fn pending(stack: &TestStack, answering: &Invited) -> i64 {
    let stats = stack.context.store.get::<TenantStats>(&keys::tenant_stats(&answering.staff.tenant_id)).await.unwrap();
    stats.unwrap_or_default().pending_video_responses
}

async fn until(stack: &TestStack, answering: &Invited, done: impl Fn(&JourneyRecord) -> bool) -> JourneyRecord {
    for _ in 0..40 {
        stack.run_workers().await.unwrap();
        if let Some(journey) = stack.context.store.get::<JourneyRecord>(&answering.journey_key()).await.unwrap() {
            if done(&journey) {
                return journey;
            }
        }
    }
    panic!("the answer did not get there: {:?}", answering.journey(stack).await);
}

#[tokio::test]
async fn every_write_to_an_answer_through_its_life_comes_from_the_answers_module() {
    let stack = stack().await;
    let answering = answering(&stack, "landscape").await;
    let staff = &answering.staff;
    let answer = json!({"campaignId": answering.campaign_id, "contributorId": answering.contributor_id,
                        "journeyId": answering.question_id()});

    // Rejected: not a video.
    answering.record(&stack, b"not a video at all".to_vec(), "mp4").await;
    let journey = until(&stack, &answering, |j| j.upload_status == UploadStatus::Failed).await;
    assert!(journey.s3_video_key.is_none(), "{journey:?}");

    // Stored (new, pending review), processing, then ready.
    let take = answering.record(&stack, video(Container::Mp4, 1.0).make(), "mp4").await;
    let media = answering.settle(&stack, &take).await;
    assert_eq!(media.status, MediaStatus::Ready, "{media:?}");
    assert_eq!(answering.journey(&stack).await.review_status, Some(ReviewStatus::New));
    assert_eq!(pending(&stack, &answering).await, 1);

    // Approved, then new again.
    let review = |status: &str| {
        let mut body = answer.clone();
        body["status"] = json!(status);
        body
    };
    let (status, body) = staff.put(&stack, "/campaign/answer-review", review("approved")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(pending(&stack, &answering).await, 0);
    let (status, body) = staff.put(&stack, "/campaign/answer-review", review("new")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(pending(&stack, &answering).await, 1);

    // Failed (as a worker whose attempts ran out leaves it: the harness writes that
    // outside any function), then retried by staff, processing again, and ready.
    stack
        .context
        .store
        .update::<JourneyRecord>(&answering.journey_key(), |u| {
            u.update_expression("SET media.#status = :failed")
                .expression_attribute_names("#status", "status")
                .expression_attribute_values(":failed", AttributeValue::S("failed".into()))
        })
        .await
        .unwrap();
    let (status, body) = staff.post(&stack, "/generated-videos/answer-retry", answer.clone()).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{body}");
    let media = answering.settle(&stack, &take).await;
    assert_eq!(media.status, MediaStatus::Ready, "{media:?}");

    // Sent back for re-recording: no longer pending.
    let (status, body) = staff
        .post(
            &stack,
            "/contributor-journey/re-record",
            json!({"campaignId": answering.campaign_id, "contributorId": answering.contributor_id,
                   "campaignQuestionIds": [answering.question_id()]}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let journey = answering.journey(&stack).await;
    assert_eq!((journey.review_status, journey.sent_for_re_recording), (Some(ReviewStatus::SentBack), true));
    assert_eq!(pending(&stack, &answering).await, 0);

    // Deleted: the answer stays, without its take.
    let path = format!(
        "/contributor/{}/{}/{}/videos",
        answering.initiative_id, answering.campaign_id, answering.contributor_id
    );
    let (status, body) = staff.delete(&stack, &path, None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let journey = answering.journey(&stack).await;
    assert!(journey.s3_video_key.is_none() && journey.media.is_none(), "{journey:?}");

    let writes = writes(&stack, &answering);
    for function in FUNCTIONS {
        assert!(writes.iter().any(|(f, _)| f == function), "{function} wrote the answer: {writes:#?}");
    }
    let outside: Vec<_> = writes.iter().filter(|(_, w)| !w.from_answers_module).collect();
    assert!(outside.is_empty(), "writes to the answer from outside storyhive_shared::answers: {outside:#?}");
}

/// The answer's entry in the organisation's search (the "all answers" axis), if any.
async fn search_entry(stack: &TestStack, answering: &Invited) -> Option<SearchEntry> {
    let journey = answering.journey(stack).await;
    let key = keys::Key {
        pk: keys::search_axis_partition(&answering.staff.tenant_id, keys::SEARCH_AXIS_ALL),
        sk: keys::search_entry_sk(
            journey.video_taken_at.unwrap(),
            &answering.campaign_id,
            &answering.contributor_id,
            answering.question_id(),
        ),
    };
    stack.context.store.get(&key).await.unwrap()
}

/// Search is rebuilt after a transition's transaction, not in it (an answer has an entry
/// per word said). A rebuild lost to a crash between the two is made by the repeat of the
/// transition: a redelivered upload event, a retried review.
#[tokio::test]
async fn a_search_rebuild_lost_after_a_transition_is_made_by_its_repeat() {
    let stack = stack().await;
    let answering = answering(&stack, "landscape").await;
    let bytes = video(Container::Mp4, 1.0).make();
    let take = answering.record(&stack, bytes.clone(), "mp4").await;
    answering.settle(&stack, &take).await;
    let entry = search_entry(&stack, &answering).await.expect("the stored take is in search");
    assert_eq!((entry.take_key.as_str(), entry.review), (take.as_str(), ReviewStatus::New));

    // The upload worker stored the take and died before the rebuild: the event comes again.
    let lost = keys::Key { pk: entry.pk.clone(), sk: entry.sk.clone() };
    stack.context.store.delete(&lost).await.unwrap();
    assert!(search_entry(&stack, &answering).await.is_none());
    stack
        .clients
        .s3
        .put_object()
        .bucket(stack.context.config.video_bucket().unwrap())
        .key(&take)
        .metadata("campaign-question-id", answering.question_id())
        .body(bytes.into())
        .send()
        .await
        .unwrap();
    for _ in 0..20 {
        stack.run_workers().await.unwrap();
        if search_entry(&stack, &answering).await.is_some() {
            break;
        }
    }
    let entry = search_entry(&stack, &answering).await.expect("the repeated event rebuilt search");
    assert_eq!(entry.media_status, MediaStatus::Ready, "{entry:?}");

    // A review committed, its rebuild lost (the harness writes only the record): staff
    // approve again and search catches up.
    stack
        .context
        .store
        .update::<JourneyRecord>(&answering.journey_key(), |u| {
            u.update_expression("SET reviewStatus = :approved")
                .expression_attribute_values(":approved", AttributeValue::S("approved".into()))
        })
        .await
        .unwrap();
    assert_eq!(search_entry(&stack, &answering).await.unwrap().review, ReviewStatus::New);
    let review = json!({"campaignId": answering.campaign_id, "contributorId": answering.contributor_id,
                        "journeyId": answering.question_id(), "status": "approved"});
    let (status, body) = answering.staff.put(&stack, "/campaign/answer-review", review).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(search_entry(&stack, &answering).await.unwrap().review, ReviewStatus::Approved);
}
