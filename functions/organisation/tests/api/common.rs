use std::{path::PathBuf, process::Command};

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
pub use storyhive_local_stack::testkit::client::*;
use storyhive_local_stack::testkit::TestStack;

pub async fn stack() -> TestStack {
    // Each router runs as its own function (its own environment and grants), as in AWS.
    let stack = TestStack::start("OrganisationFunction", storyhive_organisation::router)
        .await
        .with_function("AccountsFunction", storyhive_accounts::router)
        .with_function("UsersFunction", storyhive_users::router)
        .with_function("InitiativesFunction", storyhive_initiatives::router)
        .with_function("TagsFunction", storyhive_tags::router)
        .with_function("CampaignsFunction", storyhive_campaigns::router)
        .with_function("QuestionsFunction", storyhive_questions::router)
        .with_function("ContributorsFunction", storyhive_contributors::router)
        .with_function("DashboardFunction", storyhive_dashboard::router);
    // Files of deleted users and closed organisations are removed by the cascade worker.
    let cascade = storyhive_cascade_worker::Cascade::new(&stack.function_context("CascadeWorkerFunction")).unwrap();
    stack.with_worker(
        storyhive_local_stack::provision::CASCADE_QUEUE,
        storyhive_local_stack::worker::handler(move |event| {
            let cascade = cascade.clone();
            async move { storyhive_cascade_worker::handle(&cascade, event).await }
        }),
    )
}

pub const VALID_FILE: &str = "Please upload valid file";
/// A refused file: the spec's words, then the field and what it takes.
pub const LOGO_REFUSED: &str =
    "Please upload valid file. Company logo takes a PNG, JPEG, GIF, WebP or BMP picture of at most 10 MB.";
pub const TERMS_REFUSED: &str =
    "Please upload valid file. Terms and conditions takes a PDF document of at most 100 MB.";
pub const VIDEO_REFUSED: &str =
    "Please upload valid file. Encouragement video takes an MP4, WebM, MOV or MKV video with a picture of at most 500 MB.";

/// A real PNG of `width` x `height`, red.
pub fn png(width: u32, height: u32) -> Vec<u8> {
    let picture = image::RgbaImage::from_pixel(width, height, image::Rgba([220, 20, 20, 255]));
    let mut out = Vec::new();
    image::DynamicImage::ImageRgba8(picture)
        .write_to(&mut std::io::Cursor::new(&mut out), image::ImageFormat::Png)
        .unwrap();
    out
}

/// A small, well-formed PDF (one empty page).
pub fn pdf(title: &str) -> Vec<u8> {
    let body = format!(
        "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\n4 0 obj << /Title ({title}) >> endobj\n"
    );
    let xref_at = body.len();
    format!("{body}xref\n0 5\n0000000000 65535 f \ntrailer << /Size 5 /Root 1 0 R /Info 4 0 R >>\nstartxref\n{xref_at}\n%%EOF\n")
        .into_bytes()
}

/// A real MP4 made by ffmpeg.
pub fn mp4(seconds: u32) -> Vec<u8> {
    let dir = std::env::temp_dir().join(format!("storyhive-org-video-{}", storyhive_shared::model::new_id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file: PathBuf = dir.join("v.mp4");
    let status = Command::new("ffmpeg")
        .args(["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i"])
        .arg(format!("testsrc=duration={seconds}:size=160x120:rate=10"))
        .args(["-c:v", "mpeg4"])
        .arg(&file)
        .status()
        .expect("ffmpeg is installed (infra/scripts/test.sh installs it)");
    assert!(status.success(), "ffmpeg failed");
    let bytes = std::fs::read(&file).unwrap();
    std::fs::remove_dir_all(&dir).ok();
    bytes
}

/// `company` or `me`: whose files.
pub async fn ticket(
    stack: &TestStack,
    staff: &Staff,
    scope: &str,
    kind: &str,
    content_type: &str,
    size: usize,
) -> (StatusCode, Value) {
    staff
        .post(
            stack,
            &format!("/organisation/{scope}/upload-url"),
            json!({"kind": kind, "contentType": content_type, "sizeBytes": size}),
        )
        .await
}

/// PUTs `bytes` to a ticket's presigned URL, as a browser does.
pub async fn put_to(stack: &TestStack, ticket: &Value, bytes: Vec<u8>) {
    let mut request = stack.http.put(ticket["url"].as_str().unwrap()).body(bytes);
    for (name, value) in ticket["headers"].as_object().unwrap() {
        request = request.header(name, value.as_str().unwrap());
    }
    let response = request.send().await.unwrap();
    assert!(response.status().is_success(), "presigned upload: {}", response.status());
}

/// The whole flow: ticket, upload, completion; returns the completion's answer.
pub async fn upload(
    stack: &TestStack,
    staff: &Staff,
    scope: &str,
    kind: &str,
    content_type: &str,
    bytes: Vec<u8>,
) -> (StatusCode, Value, String) {
    let (status, ticket) = ticket(stack, staff, scope, kind, content_type, bytes.len()).await;
    assert_eq!(status, StatusCode::OK, "{ticket}");
    put_to(stack, &ticket, bytes).await;
    let key = ticket["uploadKey"].as_str().unwrap().to_string();
    let (status, body) = staff
        .post(stack, &format!("/organisation/{scope}/upload-complete"), json!({"kind": kind, "uploadKey": key}))
        .await;
    (status, body, key)
}

/// The bytes behind a presigned read URL.
pub async fn fetch(stack: &TestStack, url: &str) -> (StatusCode, Vec<u8>) {
    let response = stack.http.get(url).send().await.unwrap();
    let status = response.status();
    (status, response.bytes().await.unwrap().to_vec())
}

/// Whether the media bucket holds `key`.
pub async fn exists(stack: &TestStack, key: &str) -> bool {
    let bucket = stack.context.config.media_bucket().unwrap();
    stack.clients.s3.head_object().bucket(bucket).key(key).send().await.is_ok()
}

/// The organisation's record as stored.
pub async fn tenant(stack: &TestStack, tenant_id: &str) -> storyhive_shared::model::TenantRecord {
    stack.context.store.get(&storyhive_shared::storage::keys::tenant(tenant_id)).await.unwrap().unwrap()
}

pub async fn me(stack: &TestStack, staff: &Staff) -> Value {
    let (status, body) = staff.get(stack, "/user/me").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

pub async fn call_with_key(
    stack: &TestStack,
    method: Method,
    path: &str,
    key: &str,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let mut request = stack.http.request(method, stack.url(path)).header("X-Invite-Key", key);
    if let Some(body) = body {
        request = request.json(&body);
    }
    let response = request.send().await.expect("request");
    let status = response.status();
    let text = response.text().await.expect("body");
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}
