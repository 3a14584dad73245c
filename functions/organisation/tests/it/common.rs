use reqwest::StatusCode;
use serde_json::{json, Value};
use storyhive_local_stack::testkit::TestStack;
pub use storyhive_local_stack::testkit::{
    client::*,
    collaborators::*,
    media::{pdf, video, Container, Sound},
};

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
        storyhive_local_stack::worker_handler!(cascade, storyhive_cascade_worker::handle),
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

/// A real MP4 made by ffmpeg, small: 160x120 at 10 frames a second, no sound.
pub fn mp4(seconds: u32) -> Vec<u8> {
    video(Container::Mp4, seconds).size(160, 120).rate(10).sound(Sound::None).make()
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
