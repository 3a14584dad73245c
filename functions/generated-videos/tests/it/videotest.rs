//! The video test page's calls: a browser-style upload through the presigned POST, and
//! the pause cutting behind the shared key, with a real video whose pauses are known.

use std::{sync::Arc, time::Duration};

use reqwest::StatusCode;
use serde_json::{json, Value};
use storyhive_local_stack::{
    provision::LOCAL_VIDEO_PROCESSING_API_KEY,
    testkit::{media::Sound, TestStack},
};
use storyhive_shared::{AppContext, Config};

use crate::common::*;

/// 7 seconds: a tone at 0-1 s, 3-4 s and 6-7 s, silent in between (two pauses of 2 s).
fn paused_video() -> Vec<u8> {
    video(Container::Mp4, 7).sound(Sound::TonesAndPauses).make()
}

/// `multipart/form-data` as a browser sends it: every field, then the file last.
fn form(fields: &serde_json::Map<String, Value>, file: &[u8], content_type: &str) -> (String, Vec<u8>) {
    let boundary = format!("----storyhive{}", storyhive_shared::model::new_id());
    let mut body = Vec::new();
    for (name, value) in fields {
        body.extend(format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n").as_bytes());
        body.extend(value.as_str().unwrap().as_bytes());
        body.extend(b"\r\n");
    }
    body.extend(
        format!("--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"clip.mp4\"\r\nContent-Type: {content_type}\r\n\r\n")
            .as_bytes(),
    );
    body.extend(file);
    body.extend(format!("\r\n--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

async fn upload(stack: &TestStack, bytes: &[u8], declared: usize) -> (Value, StatusCode, String) {
    let (status, urls) = call(
        stack,
        reqwest::Method::POST,
        "/guideline/givemethegetandpost",
        None,
        Some(json!({"fileName": "My clip (1).mp4", "contentType": "video/mp4", "size": declared})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{urls}");
    let (content_type, body) = form(urls["post"]["fields"].as_object().unwrap(), bytes, "video/mp4");
    let response = stack
        .http
        .post(urls["post"]["url"].as_str().unwrap())
        .header("content-type", content_type)
        .body(body)
        .send()
        .await
        .unwrap();
    let status = response.status();
    (urls, status, response.text().await.unwrap())
}

async fn start(stack: &TestStack, key: &str, threshold: f64) -> (StatusCode, Value) {
    let response = stack
        .http
        .post(stack.url("/videotest/process"))
        .header("x-api-key", LOCAL_VIDEO_PROCESSING_API_KEY)
        .json(&json!({"key": key, "threshold": threshold}))
        .send()
        .await
        .unwrap();
    (response.status(), response.json().await.unwrap())
}

async fn process(stack: &TestStack, key: &str, threshold: f64) -> Value {
    let (status, started) = start(stack, key, threshold).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{started}");
    assert_eq!(started["status"], "processing");
    let job = started["jobId"].as_str().unwrap().to_string();
    wait_for(stack, &job).await
}

async fn wait_for(stack: &TestStack, job: &str) -> Value {
    for _ in 0..60 {
        stack.run_workers().await.unwrap();
        let response = stack
            .http
            .get(stack.url(&format!("/videotest/process/{job}")))
            .header("x-api-key", LOCAL_VIDEO_PROCESSING_API_KEY)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        let state: Value = response.json().await.unwrap();
        if state["status"] != "processing" {
            return state;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    panic!("job {job} was not processed");
}

#[tokio::test]
async fn the_test_page_uploads_under_temp_and_cuts_only_pauses_longer_than_the_threshold() {
    let stack = stack().await;
    let video = paused_video();
    let (urls, status, answer) = upload(&stack, &video, video.len()).await;
    assert!(status.is_success(), "the browser's POST is stored: {status} {answer}");
    let key = urls["key"].as_str().unwrap().to_string();
    assert!(key.starts_with("Temp/") && key.ends_with("/My_clip__1_.mp4"), "{key}");
    let (status, stored) = {
        let response = stack.http.get(urls["getUrl"].as_str().unwrap()).send().await.unwrap();
        (response.status(), response.bytes().await.unwrap())
    };
    assert_eq!((status, stored.len()), (StatusCode::OK, video.len()));
    // The uploader's check of the upload, not a link to share: it works ten minutes.
    let query = urls["getUrl"].as_str().unwrap().split_once('?').unwrap().1;
    assert!(query.split('&').any(|p| p == "X-Amz-Expires=600"), "{urls}");

    // The policy allows exactly this key, a video/mp4 and at most the declared size. S3
    // refuses a larger file or another type by these conditions; moto does not check POST
    // policies (it stores a file larger than the policy allows), so the conditions are
    // asserted here and the signature in `storyhive_shared::presigned_post`'s unit tests.
    let policy: Value = {
        use base64::Engine;
        let encoded = urls["post"]["fields"]["policy"].as_str().unwrap();
        serde_json::from_slice(&base64::engine::general_purpose::STANDARD.decode(encoded).unwrap()).unwrap()
    };
    let conditions = policy["conditions"].as_array().unwrap();
    assert!(conditions.contains(&json!(["eq", "$key", key])), "{policy}");
    assert!(conditions.contains(&json!(["eq", "$Content-Type", "video/mp4"])), "{policy}");
    assert!(conditions.contains(&json!(["content-length-range", 1, video.len()])), "{policy}");

    // Pauses of 2 s with a threshold of 0.9 s: both cut (keeping 0.1 s at each edge).
    let cut = process(&stack, &key, 0.9).await;
    assert_eq!(cut["status"], "ready", "{cut}");
    let (original, processed) =
        (cut["originalDurationSeconds"].as_f64().unwrap(), cut["processedDurationSeconds"].as_f64().unwrap());
    assert!((original - 7.0).abs() < 0.1, "{cut}");
    assert!((processed - 3.4).abs() < 0.25, "two pauses of 2 s cut to 0.2 s each: {cut}");
    assert!(cut["time_taken"].as_f64().unwrap() > 0.0, "{cut}");
    let response = stack.http.get(cut["url"].as_str().unwrap()).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let mp4 = response.bytes().await.unwrap();
    let file = std::env::temp_dir().join(format!("storyhive-processed-{}.mp4", storyhive_shared::model::new_id()));
    std::fs::write(&file, &mp4).unwrap();
    let (streams, duration) = ffprobe(&file);
    assert!((duration - processed).abs() < 0.1 && streams.iter().any(|s| s.0 == "audio"), "{streams:?} {duration}");
    assert!(streams.contains(&("video".into(), "h264".into(), 320, 240)), "{streams:?}");
    std::fs::remove_file(file).ok();

    // The same upload again (any threshold) is the same job: nothing is processed twice.
    let (status, again) = start(&stack, &key, 3.0).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{again}");
    assert_eq!((&again["jobId"], &again["status"]), (&cut["jobId"], &json!("ready")), "{again}");
    stack.run_workers().await.unwrap();
    let same = wait_for(&stack, cut["jobId"].as_str().unwrap()).await;
    assert_eq!(
        (&same["time_taken"], &same["processedDurationSeconds"]),
        (&cut["time_taken"], &cut["processedDurationSeconds"])
    );

    // Another threshold needs another upload: above the pauses, the video stays whole.
    let (urls, status, _) = upload(&stack, &video, video.len()).await;
    assert!(status.is_success());
    let kept = process(&stack, urls["key"].as_str().unwrap(), 3.0).await;
    assert_eq!(kept["status"], "ready", "{kept}");
    assert!((kept["processedDurationSeconds"].as_f64().unwrap() - 7.0).abs() < 0.15, "{kept}");
}

#[tokio::test]
async fn processing_needs_the_deployments_key_and_checks_its_input() {
    let stack = stack().await;
    let post = |key: Option<&str>, body: Value| {
        let mut request = stack.http.post(stack.url("/videotest/process")).json(&body);
        if let Some(key) = key {
            request = request.header("x-api-key", key);
        }
        request.send()
    };
    let body = json!({"key": "Temp/01abc/clip.mp4", "threshold": 0.9});
    for key in [None, Some("wrong-key"), Some("")] {
        let response = post(key, body.clone()).await.unwrap();
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
        let answer: Value = response.json().await.unwrap();
        assert_eq!(answer["detail"], "A valid x-api-key header is required for video processing.");
    }
    let response = post(Some(LOCAL_VIDEO_PROCESSING_API_KEY), body.clone()).await.unwrap();
    assert_eq!(response.status(), StatusCode::NOT_FOUND, "nothing uploaded there");
    let response =
        post(Some(LOCAL_VIDEO_PROCESSING_API_KEY), json!({"key": "t1/i1/c1/k1/1-recorded_video.mp4", "threshold": 6}))
            .await
            .unwrap();
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let answer: Value = response.json().await.unwrap();
    let fields: Vec<&str> = answer["errors"].as_array().unwrap().iter().map(|e| e["field"].as_str().unwrap()).collect();
    assert_eq!(fields, ["key", "threshold"], "a take is never processed here: {answer}");
    let status = stack
        .http
        .get(stack.url("/videotest/process/01J0000000000000000000000"))
        .header("x-api-key", LOCAL_VIDEO_PROCESSING_API_KEY)
        .send()
        .await
        .unwrap()
        .status();
    assert_eq!(status, StatusCode::NOT_FOUND);

    // A deployment without a key says so (503), whatever the caller sends.
    let context = stack.function_context("GeneratedVideosFunction");
    let unconfigured = AppContext {
        config: Arc::new(Config { video_processing_api_key: None, ..(*context.config).clone() }),
        ..context
    };
    let base = stack.serve_separately(storyhive_generated_videos::router(unconfigured)).await;
    let response = stack
        .http
        .post(format!("{base}/videotest/process"))
        .header("x-api-key", LOCAL_VIDEO_PROCESSING_API_KEY)
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
    let answer: Value = response.json().await.unwrap();
    assert!(answer["detail"].as_str().unwrap().contains("not configured"), "{answer}");

    // Clip-cut URLs only for videos of at most 500 MB.
    for (request, field) in [
        (json!({"fileName": "a.png", "contentType": "image/png", "size": 10}), "contentType"),
        (json!({"fileName": "a.mp4", "contentType": "video/mp4", "size": 600u64 * 1024 * 1024}), "size"),
        (json!({"fileName": " ", "contentType": "video/mp4", "size": 10}), "fileName"),
    ] {
        let (status, answer) =
            call(&stack, reqwest::Method::POST, "/guideline/givemethegetandpost", None, Some(request)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
        assert_eq!(answer["errors"][0]["field"], field, "{answer}");
    }
}

#[tokio::test]
async fn the_local_stack_expires_temp_uploads_after_a_day() {
    let stack = stack().await;
    let rules = stack
        .clients
        .s3
        .get_bucket_lifecycle_configuration()
        .bucket(stack.context.config.video_bucket().unwrap())
        .send()
        .await
        .unwrap();
    let temp = rules.rules().iter().find(|rule| rule.id() == Some("ExpireTempUploads")).expect("the Temp/ rule");
    let prefix = temp.filter().and_then(|f| f.prefix()).or(
        #[allow(deprecated)]
        temp.prefix(),
    );
    assert_eq!(prefix, Some("Temp/"));
    assert_eq!(temp.expiration().and_then(|e| e.days()), Some(1));
}

/// A key in `Temp/` that the clip-cut call did not hand out (an object put there some
/// other way) is not processed: processing takes only the upload slots it gave.
#[tokio::test]
async fn only_an_upload_the_page_handed_out_is_processed() {
    let stack = stack().await;
    let key = format!("Temp/{}/clip.mp4", storyhive_shared::model::new_id().to_lowercase());
    stack
        .clients
        .s3
        .put_object()
        .bucket(stack.context.config.video_bucket().unwrap())
        .key(&key)
        .body(paused_video().into())
        .send()
        .await
        .unwrap();
    let (status, answer) = start(&stack, &key, 0.9).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{answer}");
    assert_eq!(answer["detail"], "The uploaded video was not found. Please upload it again.");
}

/// Two calls at once for one upload start one job, and both callers get it.
#[tokio::test]
async fn two_calls_at_once_for_one_upload_start_one_job() {
    let stack = stack().await;
    let video = paused_video();
    let (urls, status, _) = upload(&stack, &video, video.len()).await;
    assert!(status.is_success());
    let key = urls["key"].as_str().unwrap();
    let ((a_status, a), (b_status, b)) = tokio::join!(start(&stack, key, 0.9), start(&stack, key, 2.0));
    assert_eq!((a_status, b_status), (StatusCode::ACCEPTED, StatusCode::ACCEPTED), "{a} {b}");
    assert_eq!(a["jobId"], b["jobId"], "one job per uploaded object");
    let done = wait_for(&stack, a["jobId"].as_str().unwrap()).await;
    assert_eq!(done["status"], "ready", "{done}");
}

/// The deployment's hourly budgets hold whoever calls: past them, upload slots and jobs
/// are refused with a 429 that says so, and nothing is handed out or queued.
#[tokio::test]
async fn the_deployments_hourly_budget_bounds_uploads_and_jobs() {
    use storyhive_generated_videos::videotest::{VideoTestLimits, BUDGET_SPENT};
    use storyhive_shared::ratelimit::Limit;
    let stack = stack().await;
    // Counters of this test's own (the deployment's are shared by every test run this hour).
    let scope = |name: &str| -> &'static str {
        Box::leak(format!("{name}-{}", storyhive_shared::model::new_id()).into_boxed_str())
    };
    let hour = time::Duration::hours(1);
    let limits = VideoTestLimits {
        deployment: "deployment".into(),
        uploads_per_client: Limit { scope: scope("uploads-client"), max: 30, window: hour },
        uploads_per_deployment: Limit { scope: scope("uploads-deployment"), max: 2, window: hour },
        processing_per_client: Limit { scope: scope("jobs-client"), max: 30, window: hour },
        processing_per_deployment: Limit { scope: scope("jobs-deployment"), max: 1, window: hour },
    };
    let router = storyhive_generated_videos::router(stack.function_context("GeneratedVideosFunction"))
        .layer(axum::Extension(limits));
    let base = stack.serve_separately(router).await;
    let slot = || {
        stack
            .http
            .post(format!("{base}/guideline/givemethegetandpost"))
            .json(&json!({"fileName": "clip.mp4", "contentType": "video/mp4", "size": 1000}))
            .send()
    };
    let mut keys = Vec::new();
    for _ in 0..2 {
        let response = slot().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        keys.push(response.json::<Value>().await.unwrap()["key"].as_str().unwrap().to_string());
    }
    let refused = slot().await.unwrap();
    assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(refused.headers().contains_key("retry-after"));
    let answer: Value = refused.json().await.unwrap();
    assert_eq!(answer["detail"], BUDGET_SPENT, "{answer}");

    let bucket = stack.context.config.video_bucket().unwrap().to_string();
    for key in &keys {
        stack.clients.s3.put_object().bucket(&bucket).key(key).body(paused_video().into()).send().await.unwrap();
    }
    let process = |key: String| {
        stack
            .http
            .post(format!("{base}/videotest/process"))
            .header("x-api-key", LOCAL_VIDEO_PROCESSING_API_KEY)
            .json(&json!({"key": key, "threshold": 0.9}))
            .send()
    };
    let first = process(keys[0].clone()).await.unwrap();
    assert_eq!(first.status(), StatusCode::ACCEPTED);
    let first: Value = first.json().await.unwrap();
    let second = process(keys[1].clone()).await.unwrap();
    assert_eq!(second.status(), StatusCode::TOO_MANY_REQUESTS);
    let answer: Value = second.json().await.unwrap();
    assert_eq!(answer["detail"], BUDGET_SPENT, "{answer}");
    // Asking again for the job already started spends nothing and still answers it.
    let again = process(keys[0].clone()).await.unwrap();
    assert_eq!(again.status(), StatusCode::ACCEPTED);
    assert_eq!(again.json::<Value>().await.unwrap()["jobId"], first["jobId"]);
    let done = wait_for(&stack, first["jobId"].as_str().unwrap()).await;
    assert_eq!(done["status"], "ready", "{done}");
}
