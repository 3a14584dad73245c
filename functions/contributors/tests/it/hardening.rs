//! What breaks under load, in races and after staff act: figures that must stay exact,
//! takes that must not be lost, reads that must not grow with the campaign.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use storyhive_local_stack::testkit::{
    tap::{DynamoTap, Fault},
    TestStack,
};
use storyhive_shared::{
    contributors::{
        records::{ContributorRecord, JourneyRecord, MembershipRecord},
        stats::TenantStats,
    },
    storage::keys,
};

use crate::common::*;

async fn stats(stack: &TestStack, tenant_id: &str) -> TenantStats {
    stack.context.store.get(&keys::tenant_stats(tenant_id)).await.unwrap().unwrap_or_default()
}

async fn membership(stack: &TestStack, invited: &Invited) -> MembershipRecord {
    stack
        .context
        .store
        .get(&keys::membership(&invited.staff.tenant_id, &invited.campaign_id, &invited.contributor_id))
        .await
        .unwrap()
        .unwrap()
}

fn answer<'a>(journey: &'a Value, id: &str) -> &'a Value {
    journey["questions"].as_array().unwrap().iter().find(|q| q["campaignQuestionId"] == id).unwrap()
}

async fn dashboard(invited: &Invited, stack: &TestStack) -> Value {
    let (status, body) = invited.staff.get(stack, "/dashboard/details").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

#[tokio::test]
async fn a_retake_after_staff_deleted_the_videos_is_recorded() {
    let stack = stack().await;
    let invited = invited(&stack, &["Only one?"]).await;
    let q = invited.question_ids[0].clone();
    invited.upload(&stack, &q, &video(Container::Mp4, 1).make(), "video/mp4").await;
    invited.settle_uploads(&stack).await;
    let (status, _) =
        invited.call(&stack, Method::PUT, &format!("{}/submit", invited.path("/contributor")), None).await;
    assert_eq!(status, StatusCode::OK);

    let path =
        format!("/contributor/{}/{}/{}/videos", invited.initiative_id, invited.campaign_id, invited.contributor_id);
    let (status, body) = invited.staff.delete(&stack, &path, None).await;
    assert_eq!((status, body["message"].as_str()), (StatusCode::OK, Some("Videos deleted successfully")));
    let (_, journey) = invited.call(&stack, Method::GET, &invited.path("/contributor-journey"), None).await;
    assert_eq!(
        (journey["submitted"].as_bool(), answer(&journey, &q)["stored"].as_bool()),
        (Some(false), Some(false)),
        "without takes nothing is submitted: {journey}"
    );
    assert_eq!(
        (stats(&stack, &invited.staff.tenant_id).await.video_count, membership(&stack, &invited).await.answered_count),
        (0, 0)
    );

    // The contributor records again: the take is stored, counted once.
    invited.upload(&stack, &q, &video(Container::Mp4, 2).make(), "video/mp4").await;
    let journey = invited.settle_uploads(&stack).await;
    assert_eq!(answer(&journey, &q)["uploadStatus"], "stored", "{journey}");
    let totals = stats(&stack, &invited.staff.tenant_id).await;
    assert_eq!((totals.video_count, totals.pending_video_responses), (1, 1));
    assert!((totals.video_seconds - 2.0).abs() < 0.2, "{}", totals.video_seconds);
    assert_eq!(membership(&stack, &invited).await.answered_count, 1);
}

#[tokio::test]
async fn a_truncated_file_is_a_failed_take_with_a_reason_not_a_retry() {
    let stack = stack().await;
    let invited = invited(&stack, &["Cut short?"]).await;
    let q = invited.question_ids[0].clone();
    // A WebM cut inside its track list: the file ends where its structure says more follows.
    let webm = video(Container::Webm, 2).make();
    // (The id also appears inside the SeekHead, as a SeekID's value after its size 0x84.)
    let tracks = (1..webm.len() - 4)
        .find(|&i| webm[i..i + 4] == [0x16, 0x54, 0xAE, 0x6B] && webm[i - 1] != 0x84)
        .expect("a Tracks element");
    invited.upload(&stack, &q, &webm[..tracks + 40], "video/webm").await;
    let journey = invited.settle_uploads(&stack).await;
    let answer = answer(&journey, &q);
    assert_eq!(answer["uploadStatus"], "failed", "{answer}");
    assert!(answer["failureReason"].as_str().unwrap().contains("incomplete"), "the contributor is told why: {answer}");
    assert_eq!(stats(&stack, &invited.staff.tenant_id).await.video_count, 0);
}

#[tokio::test]
async fn sending_back_and_deleting_keep_every_figure_exact() {
    let stack = stack().await;
    let invited = invited(&stack, &["First?", "Second?", "Third?"]).await;
    let tenant = invited.staff.tenant_id.clone();
    for (q, seconds) in invited.question_ids.iter().zip([1, 2, 3]) {
        invited.upload(&stack, q, &video(Container::Mp4, seconds).make(), "video/mp4").await;
    }
    invited.settle_uploads(&stack).await;
    let dash = dashboard(&invited, &stack).await;
    assert_eq!((dash["pendingVideoResponses"].as_i64(), stats(&stack, &tenant).await.video_count), (Some(3), 3));

    // Staff act on a submission: a sent-back take is no longer waiting for review.
    let (status, _) = invited
        .staff
        .post(
            &stack,
            "/contributor-journey/re-record",
            json!({"campaignId": invited.campaign_id, "contributorId": invited.contributor_id, "campaignQuestionIds": [invited.question_ids[0]]}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(dashboard(&invited, &stack).await["pendingVideoResponses"], 2);
    let (_, answers) = invited.staff.get(&stack, &format!("/contributor/{}/all", invited.campaign_id)).await;
    let first = &answers["items"][0]["answers"][0];
    assert_eq!((first["reviewStatus"].as_str(), first["sentForReRecording"].as_bool()), (Some("sentBack"), Some(true)));

    // Deleting a question removes its answer, its video and every figure it counted in.
    let q2 = invited.question_ids[1].clone();
    let (status, _) = invited.staff.delete(&stack, &format!("/question/{}/{q2}", invited.campaign_id), None).await;
    assert_eq!(status, StatusCode::OK);
    for _ in 0..3 {
        stack.run_workers().await.unwrap();
    }
    let totals = stats(&stack, &tenant).await;
    assert_eq!((totals.video_count, totals.pending_video_responses), (2, 1), "{totals:?}");
    assert!((totals.video_seconds - 4.0).abs() < 0.3, "1 s + 3 s left: {}", totals.video_seconds);
    assert_eq!(membership(&stack, &invited).await.answered_count, 2);
    let gone: Option<JourneyRecord> = stack
        .context
        .store
        .get(&keys::journey(&tenant, &invited.campaign_id, &invited.contributor_id, &q2))
        .await
        .unwrap();
    assert!(gone.is_none(), "no orphan answer");
    let (_, list) = invited.staff.get(&stack, "/campaign/all-campaigns").await;
    assert_eq!(list["items"][0]["videoCount"], 2);

    // Purging the campaign leaves every total at zero and the contributor in no campaign.
    let (status, _) = invited.staff.delete(&stack, &format!("/campaign/delete/{}", invited.campaign_id), None).await;
    assert_eq!(status, StatusCode::OK);
    for _ in 0..3 {
        stack.run_workers().await.unwrap();
    }
    let totals = stats(&stack, &tenant).await;
    assert_eq!((totals.video_count, totals.pending_video_responses, totals.device_mobile), (0, 0, 0), "{totals:?}");
    assert!(totals.video_seconds.abs() < 0.001, "{}", totals.video_seconds);
    let contributor: ContributorRecord =
        stack.context.store.get(&keys::contributor(&tenant, &invited.contributor_id)).await.unwrap().unwrap();
    assert_eq!(contributor.campaign_count, 0);
    let dash = dashboard(&invited, &stack).await;
    assert_eq!((dash["pendingVideoResponses"].as_i64(), dash["hoursOfVideoSubmitted"].as_f64()), (Some(0), Some(0.0)));
}

#[tokio::test]
async fn a_contributors_calls_read_the_same_however_many_others_answered() {
    let stack = stack().await;
    let invited = invited(&stack, &["One?", "Two?"]).await;
    let tap = DynamoTap::in_front_of_dynamodb().await;
    let tapped = stack.function_context_through("ContributorsFunction", &tap);
    let tapped_url = stack.serve_separately(storyhive_contributors::router(tapped)).await;
    let q = invited.question_ids[0].clone();
    let save = invited
        .with_ids(json!({"campaignQuestionId": q, "videoConfig": {"speed": 30, "contrast": 40, "fontSize": 24}}));
    let measure = |path: String, method: Method, body: Option<Value>| {
        let (tap, stack, key, url) = (&tap, &stack, invited.key.clone(), tapped_url.clone());
        async move {
            tap.clear();
            let mut request = stack.http.request(method, format!("{url}{path}")).header("X-Invite-Key", key);
            if let Some(body) = body {
                request = request.json(&body);
            }
            let response = request.send().await.unwrap();
            assert!(response.status().is_success(), "{path}: {}", response.text().await.unwrap());
            let exchanges = tap.exchanges();
            (exchanges.len(), exchanges.iter().map(|e| e.items_read()).sum::<usize>())
        }
    };
    let journey = invited.path("/contributor-journey");
    // The contributor's own answer exists from the first save on.
    measure("/contributor-journey/save".into(), Method::POST, Some(save.clone())).await;
    let before = (
        measure(journey.clone(), Method::GET, None).await,
        measure("/contributor-journey/save".into(), Method::POST, Some(save.clone())).await,
    );

    // Twenty more collaborators answer.
    for i in 0..20 {
        let email = storyhive_local_stack::testkit::unique_email(&format!("other{i}"));
        let (status, body) = invited
            .staff
            .post(
                &stack,
                "/campaign/add-contributor",
                json!({"campaignId": invited.campaign_id, "email": email, "firstName": "Other", "lastName": "Person"}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let other = body["contributor"]["contributorId"].as_str().unwrap();
        for question in &invited.question_ids {
            let mut record =
                JourneyRecord::new(&invited.staff.tenant_id, &invited.campaign_id, other, question, "now".into());
            record.contributor_script = Some("A long script ".repeat(50));
            stack.context.store.put(&record).await.unwrap();
        }
    }
    let after = (
        measure(journey, Method::GET, None).await,
        measure("/contributor-journey/save".into(), Method::POST, Some(save)).await,
    );
    assert_eq!(before, after, "(round trips, items read) of the journey and of a settings save");
    // The key check (3), the question, and whether the organisation's terms are accepted
    // (the organisation and the latest acceptance).
    assert!(after.1 .1 <= 6, "a debounced settings save reads a handful of items: {:?}", after.1);
}

#[tokio::test]
async fn no_more_than_three_uploads_stay_open_for_one_answer() {
    let stack = stack().await;
    let invited = invited(&stack, &["Again and again?"]).await;
    let q = invited.question_ids[0].clone();
    let mut started = Vec::new();
    for _ in 0..4 {
        let (status, body) = invited
            .call(
                &stack,
                Method::POST,
                "/contributor-upload/start",
                Some(invited.with_ids(json!({"campaignQuestionId": q, "contentType": "video/webm"}))),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        started.push((body["key"].as_str().unwrap().to_string(), body["uploadId"].as_str().unwrap().to_string()));
    }
    let parts = |(key, upload_id): &(String, String)| {
        invited.call(
            &stack,
            Method::POST,
            "/contributor-upload/parts",
            Some(invited.with_ids(json!({"key": key, "uploadId": upload_id}))),
        )
    };
    let (status, body) = parts(&started[0]).await;
    assert_eq!((status, detail(&body)), (StatusCode::NOT_FOUND, "This upload is finished or was cancelled"));
    for open in &started[1..] {
        assert_eq!(parts(open).await.0, StatusCode::OK);
    }
    // A part is signed for its size: a part larger than a part cannot be signed.
    let (key, upload_id) = &started[3];
    let (status, body) =
        invited
            .call(
                &stack,
                Method::POST,
                "/contributor-upload/sign-part",
                Some(invited.with_ids(
                    json!({"key": key, "uploadId": upload_id, "partNumber": 1, "sizeBytes": 5_368_709_120u64}),
                )),
            )
            .await;
    assert_eq!((status, body["errors"][0]["field"].as_str()), (StatusCode::BAD_REQUEST, Some("sizeBytes")));
}

#[tokio::test]
async fn a_write_that_loses_a_race_with_a_removal_is_a_404_or_409_not_a_500() {
    let stack = stack().await;
    let invited = invited(&stack, &["Raced?"]).await;
    let tap = DynamoTap::in_front_of_dynamodb().await;
    let tapped = stack.function_context_through("ContributorsFunction", &tap);
    let url = stack.serve_separately(storyhive_contributors::router(tapped)).await;
    // The collaborator is deleted between the handler's read and its write.
    tap.inject("UpdateItem", 1, Fault::ConditionalCheckFailed);
    let response = stack
        .http
        .put(format!("{url}/contributor/update/{}", invited.contributor_id))
        .bearer_auth(&invited.staff.token)
        .json(&json!({"isSuspended": true}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    // A contributor removed while their settings were being saved is told their link
    // no longer opens anything.
    tap.inject("UpdateItem", 1, Fault::ConditionalCheckFailed);
    let response = stack
        .http
        .post(format!("{url}/contributor-journey/save"))
        .header("X-Invite-Key", &invited.key)
        .json(&invited.with_ids(json!({"campaignQuestionId": invited.question_ids[0], "videoConfig": {"speed": 20, "contrast": 50, "fontSize": null}})))
        .send()
        .await
        .unwrap();
    assert!([StatusCode::FORBIDDEN, StatusCode::CONFLICT].contains(&response.status()), "{}", response.status());
}

async fn stored_take(stack: &TestStack, invited: &Invited, question_id: &str) -> Option<String> {
    let journey: Option<JourneyRecord> = stack
        .context
        .store
        .get(&keys::journey(&invited.staff.tenant_id, &invited.campaign_id, &invited.contributor_id, question_id))
        .await
        .unwrap();
    journey.and_then(|j| j.s3_video_key)
}

async fn in_video_bucket(stack: &TestStack, key: &str) -> bool {
    let bucket = stack.context.config.video_bucket().unwrap();
    stack.clients.s3.head_object().bucket(bucket).key(key).send().await.is_ok()
}

#[tokio::test]
async fn deleting_videos_keeps_a_take_acknowledged_while_it_runs() {
    let stack = stack().await;
    let invited = invited(&stack, &["Before?", "During?"]).await;
    let (q1, q2) = (invited.question_ids[0].clone(), invited.question_ids[1].clone());
    invited.upload(&stack, &q1, &video(Container::Mp4, 1).make(), "video/mp4").await;
    invited.settle_uploads(&stack).await;
    let first = stored_take(&stack, &invited, &q1).await.expect("the first take is stored");
    assert!(in_video_bucket(&stack, &first).await);

    // The deletion is held after it cleared the answers (at the journey's reopening);
    // meanwhile the collaborator's other answer is uploaded and acknowledged.
    let tap = DynamoTap::in_front_of_dynamodb().await;
    let tapped = stack.function_context_through("ContributorsFunction", &tap);
    let url = stack.serve_separately(storyhive_contributors::router(tapped)).await;
    let (paused, resume) =
        (std::sync::Arc::new(tokio::sync::Notify::new()), std::sync::Arc::new(tokio::sync::Notify::new()));
    let (hook_paused, hook_resume) = (paused.clone(), resume.clone());
    tap.inject_matching(
        "UpdateItem",
        // The journey reopened (submittedAt removed), the answers cleared before it.
        Some("\"submittedAt\""),
        1,
        DynamoTap::hook(move |_| {
            let (paused, resume) = (hook_paused.clone(), hook_resume.clone());
            async move {
                paused.notify_one();
                resume.notified().await;
            }
        }),
    );
    let path = format!(
        "{url}/contributor/{}/{}/{}/videos",
        invited.initiative_id, invited.campaign_id, invited.contributor_id
    );
    let delete = async {
        let response = stack.http.delete(path).bearer_auth(&invited.staff.token).send().await.unwrap();
        response.status()
    };
    let during = async {
        paused.notified().await;
        invited.upload(&stack, &q2, &video(Container::Mp4, 2).make(), "video/mp4").await;
        let journey = invited.settle_uploads(&stack).await;
        resume.notify_one();
        journey
    };
    let (status, journey) = tokio::join!(delete, during);
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer(&journey, &q2)["uploadStatus"], "stored", "{journey}");

    let second = stored_take(&stack, &invited, &q2).await.expect("the take acknowledged meanwhile is kept");
    assert!(in_video_bucket(&stack, &second).await, "its video is still there: {second}");
    assert!(!in_video_bucket(&stack, &first).await, "the cleared take's video is deleted");
    assert_eq!(stored_take(&stack, &invited, &q1).await, None);
}

#[tokio::test]
async fn deleting_a_collaborator_removes_answers_kept_when_they_were_removed_from_a_campaign() {
    let stack = stack().await;
    let invited = invited(&stack, &["Kept?"]).await;
    let q = invited.question_ids[0].clone();
    invited.upload(&stack, &q, &video(Container::Mp4, 1).make(), "video/mp4").await;
    invited.settle_uploads(&stack).await;
    let take = stored_take(&stack, &invited, &q).await.expect("stored");

    // Removed from the campaign, answers kept: no membership, the answer stays.
    let (status, _) = invited
        .staff
        .delete(
            &stack,
            &format!(
                "/campaign/remove-contributor/{}/{}?deleteJourney=false",
                invited.campaign_id, invited.contributor_id
            ),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(stored_take(&stack, &invited, &q).await.as_deref(), Some(take.as_str()));

    let (status, body) = invited
        .staff
        .delete(&stack, &format!("/contributor/delete/{}/{}", invited.staff.tenant_id, invited.contributor_id), None)
        .await;
    assert_eq!((status, body["message"].as_str()), (StatusCode::OK, Some("Collaborator deleted successfully")));
    let answer: Option<JourneyRecord> = stack
        .context
        .store
        .get(&keys::journey(&invited.staff.tenant_id, &invited.campaign_id, &invited.contributor_id, &q))
        .await
        .unwrap();
    assert!(answer.is_none(), "the answer is gone: {answer:?}");
    assert!(!in_video_bucket(&stack, &take).await, "its video is deleted");
    assert_eq!(stats(&stack, &invited.staff.tenant_id).await.video_count, 0);
    let (_, answers) = invited.staff.get(&stack, &format!("/contributor/{}/all", invited.campaign_id)).await;
    assert_eq!(answers["items"].as_array().map(Vec::len), Some(0), "{answers}");
}
