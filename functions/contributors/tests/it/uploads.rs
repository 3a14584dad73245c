use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use storyhive_local_stack::testkit::TestStack;
use storyhive_shared::{contributors::stats::TenantStats, storage::keys};

use crate::common::*;

async fn stats(stack: &TestStack, tenant_id: &str) -> TenantStats {
    stack.context.store.get(&keys::tenant_stats(tenant_id)).await.unwrap().unwrap_or_default()
}

async fn video_count(invited: &Invited, stack: &TestStack) -> i64 {
    let (_, list) = invited.staff.get(stack, "/campaign/all-campaigns").await;
    list["items"][0]["videoCount"].as_i64().unwrap()
}

async fn submitted_events(stack: &TestStack, invited: &Invited) -> Vec<storyhive_shared::webhooks::EventRecord> {
    let events = storyhive_local_stack::testkit::pending_webhook_events(stack, &invited.staff.tenant_id).await;
    events.into_iter().filter(|e| e.data.event_type().name() == "collaborator.submitted").collect()
}

fn question<'a>(journey: &'a Value, id: &str) -> &'a Value {
    journey["questions"].as_array().unwrap().iter().find(|q| q["campaignQuestionId"] == id).unwrap()
}

#[tokio::test]
async fn an_interrupted_multipart_upload_resumes_from_the_parts_received() {
    let stack = stack().await;
    let invited = invited(&stack, &["Long one?"]).await;
    let q = invited.question_ids[0].clone();
    // A real MP4 padded past one 8 MiB part, so it takes two.
    let bytes = video(Container::Mp4, 2).padded(9 * 1024 * 1024).make();
    let (_, started) = invited
        .call(&stack, Method::POST, "/contributor-upload/start", Some(invited.with_ids(json!({"campaignQuestionId": q, "contentType": "video/mp4", "sizeBytes": bytes.len(), "deviceType": "Desktop"}))))
        .await;
    let (key, upload_id) =
        (started["key"].as_str().unwrap().to_string(), started["uploadId"].as_str().unwrap().to_string());
    let part_size = started["partSize"].as_u64().unwrap() as usize;
    assert_eq!(part_size, 8 * 1024 * 1024);
    invited.put_part(&stack, &key, &upload_id, 1, &bytes[..part_size]).await;
    // The connection drops here; later (another tab, a reload) the browser asks what arrived.
    let (_, journey) = invited.call(&stack, Method::GET, &invited.path("/contributor-journey"), None).await;
    assert_eq!(question(&journey, &q)["uploadStatus"], "uploading");
    let (status, parts) = invited
        .call(
            &stack,
            Method::POST,
            "/contributor-upload/parts",
            Some(invited.with_ids(json!({"key": key, "uploadId": upload_id}))),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        parts["parts"].as_array().unwrap().iter().map(|p| p["partNumber"].as_i64().unwrap()).collect::<Vec<_>>(),
        vec![1]
    );
    assert_eq!(parts["parts"][0]["sizeBytes"].as_u64(), Some(part_size as u64));
    invited.put_part(&stack, &key, &upload_id, 2, &bytes[part_size..]).await;
    let complete = invited.with_ids(json!({"key": key, "uploadId": upload_id}));
    let (status, body) =
        invited.call(&stack, Method::POST, "/contributor-upload/complete", Some(complete.clone())).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // The answer to "complete" was lost; the browser completes again: harmless.
    let (status, _) = invited.call(&stack, Method::POST, "/contributor-upload/complete", Some(complete)).await;
    assert_eq!(status, StatusCode::OK);
    let journey = invited.settle_uploads(&stack).await;
    let answer = question(&journey, &q);
    assert_eq!(
        (answer["uploadStatus"].as_str(), answer["video"]["sizeBytes"].as_u64()),
        (Some("stored"), Some(bytes.len() as u64))
    );
    assert_eq!(answer["video"]["deviceType"], "Desktop");
    assert_eq!(stats(&stack, &invited.staff.tenant_id).await.video_count, 1);
}

#[tokio::test]
async fn re_recording_asks_only_what_was_sent_back_and_deleting_videos_keeps_counts_right() {
    let stack = stack().await;
    let mut invited = invited(&stack, &["One?", "Two?"]).await;
    let (q1, q2) = (invited.question_ids[0].clone(), invited.question_ids[1].clone());
    invited.upload(&stack, &q1, &video(Container::Mp4, 1).make(), "video/mp4").await;
    invited.upload(&stack, &q2, &video(Container::Mp4, 1).make(), "video/mp4").await;
    invited.settle_uploads(&stack).await;
    let (status, _) =
        invited.call(&stack, Method::PUT, &format!("{}/submit", invited.path("/contributor")), None).await;
    assert_eq!(status, StatusCode::OK);
    // The organisation's webhooks hear of the submission once (issue 26), even when the
    // collaborator's browser sends it again.
    invited.call(&stack, Method::PUT, &format!("{}/submit", invited.path("/contributor")), None).await;
    let submitted = submitted_events(&stack, &invited).await;
    assert_eq!(submitted.len(), 1, "{submitted:?}");
    let data = &submitted[0].payload("http://app.storyhive.test")["data"];
    assert_eq!(
        (data["campaignId"].as_str(), data["collaboratorId"].as_str()),
        (Some(invited.campaign_id.as_str()), Some(invited.contributor_id.as_str()))
    );

    let (status, body) = invited
        .staff
        .post(&stack, "/contributor-journey/re-record", json!({"campaignId": invited.campaign_id, "contributorId": invited.contributor_id, "campaignQuestionIds": [q2]}))
        .await;
    assert_eq!((status, body["message"].as_str()), (StatusCode::OK, Some("Sent back for re-recording successfully")));
    let mail = stack.wait_for_mail(&invited.email, 2).await.unwrap();
    assert_eq!(mail[0].subject, "Please record a few answers again");
    // The request carries a new link (the key is stored hashed); the old one stops working.
    let old_key = std::mem::replace(&mut invited.key, query_param(&mail[0].links()[0], "key"));
    assert_eq!(
        call_with_key(&stack, Method::GET, &invited.path("/contributor-journey"), Some(&old_key), None).await.0,
        StatusCode::FORBIDDEN
    );
    let (_, to_ask) =
        invited.call(&stack, Method::GET, &invited.path("/contributor-journey/all-questions"), None).await;
    let asked: Vec<&str> =
        to_ask.as_array().unwrap().iter().map(|q| q["campaignQuestionId"].as_str().unwrap()).collect();
    assert_eq!(asked, vec![q2.as_str()]);
    let (_, journey) = invited.call(&stack, Method::GET, &invited.path("/contributor-journey"), None).await;
    assert_eq!((journey["reRecording"].as_bool(), journey["submitted"].as_bool()), (Some(true), Some(false)));

    invited.upload(&stack, &q2, &video(Container::Mp4, 2).make(), "video/mp4").await;
    let journey = invited.settle_uploads(&stack).await;
    assert_eq!(question(&journey, &q2)["sentForReRecording"], false);
    assert_eq!(journey["reRecording"], false);
    assert_eq!(stats(&stack, &invited.staff.tenant_id).await.video_count, 2);
    // Submitted again with a new take: a second submission, a second event.
    let (status, _) =
        invited.call(&stack, Method::PUT, &format!("{}/submit", invited.path("/contributor")), None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(submitted_events(&stack, &invited).await.len(), 2);

    let (status, body) = invited
        .staff
        .delete(
            &stack,
            &format!(
                "/contributor/{}/{}/{}/videos",
                invited.initiative_id, invited.campaign_id, invited.contributor_id
            ),
            None,
        )
        .await;
    assert_eq!((status, body["message"].as_str()), (StatusCode::OK, Some("Videos deleted successfully")));
    let figures = stats(&stack, &invited.staff.tenant_id).await;
    assert_eq!((figures.video_count, figures.pending_video_responses), (0, 0));
    assert!(figures.video_seconds.abs() < 1e-6, "{}", figures.video_seconds);
    assert_eq!(video_count(&invited, &stack).await, 0);
    let prefix = format!(
        "{}/{}/{}/{}/",
        invited.staff.tenant_id, invited.initiative_id, invited.campaign_id, invited.contributor_id
    );
    let listing = stack
        .clients
        .s3
        .list_objects_v2()
        .bucket(stack.context.config.video_bucket().unwrap())
        .prefix(&prefix)
        .send()
        .await
        .unwrap();
    assert!(listing.contents.unwrap_or_default().is_empty(), "every take, earlier ones included, is gone");
    let (_, journey) = invited.call(&stack, Method::GET, &invited.path("/contributor-journey"), None).await;
    assert!(journey["questions"].as_array().unwrap().iter().all(|q| q["toAsk"] == true));
}
