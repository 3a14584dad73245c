use std::{path::PathBuf, process::Command};

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
pub use storyhive_local_stack::testkit::client::*;
use storyhive_local_stack::{
    provision::{CASCADE_QUEUE, MAIL_QUEUE, UPLOAD_QUEUE},
    testkit::TestStack,
    worker,
};
use storyhive_shared::mail::SesMailer;

pub async fn stack() -> TestStack {
    // Each router runs as its own function (its own environment and grants), as in AWS.
    let stack = TestStack::start("ContributorsFunction", storyhive_contributors::router)
        .await
        .with_function("AccountsFunction", storyhive_accounts::router)
        .with_function("InitiativesFunction", storyhive_initiatives::router)
        .with_function("TagsFunction", storyhive_tags::router)
        .with_function("CampaignsFunction", storyhive_campaigns::router)
        .with_function("QuestionsFunction", storyhive_questions::router)
        .with_function("DashboardFunction", storyhive_dashboard::router);
    let mail_worker = stack.function_context("MailWorkerFunction");
    let mailer = SesMailer::new(
        stack.function_clients("MailWorkerFunction").ses,
        mail_worker.config.ses_sender().expect("the mail worker's SES_SENDER"),
    );
    let uploads = upload_worker(&stack);
    let cascade = storyhive_cascade_worker::Cascade::new(&stack.function_context("CascadeWorkerFunction")).unwrap();
    stack
        .with_worker(
            MAIL_QUEUE,
            worker::handler(move |event| {
                let mailer = mailer.clone();
                async move { storyhive_mail_worker::handle(&mailer, event).await }
            }),
        )
        .with_worker(
            UPLOAD_QUEUE,
            worker::handler(move |event| {
                let uploads = uploads.clone();
                async move { storyhive_upload_worker::handle(&uploads, event).await }
            }),
        )
        .with_worker(
            CASCADE_QUEUE,
            worker::handler(move |event| {
                let cascade = cascade.clone();
                async move { storyhive_cascade_worker::handle(&cascade, event).await }
            }),
        )
}

pub fn upload_worker(stack: &TestStack) -> storyhive_upload_worker::UploadWorker {
    storyhive_upload_worker::UploadWorker::new(&stack.function_context("UploadWorkerFunction")).unwrap()
}

/// A live campaign with `questions` and the collaborator invited to it.
pub struct Invited {
    pub staff: Staff,
    pub campaign_id: String,
    pub initiative_id: String,
    pub question_ids: Vec<String>,
    pub contributor_id: String,
    pub email: String,
    pub key: String,
}

/// Reads `name=value` from a link's query.
pub fn query_param(link: &str, name: &str) -> String {
    let query = link.split_once('?').map(|(_, q)| q).unwrap_or_default();
    query
        .split('&')
        .find_map(|pair| pair.strip_prefix(&format!("{name}=")))
        .unwrap_or_else(|| panic!("{name} not in {link}"))
        .to_string()
}

pub async fn invited(stack: &TestStack, questions: &[&str]) -> Invited {
    let staff = organisation(stack).await;
    let initiative_id = staff.initiative(stack, &unique("Voices")).await;
    let tag = staff.tag(stack, &unique("t")[..12]).await;
    let campaign = staff.campaign(stack, &initiative_id, &unique("Our stories"), &[&tag]).await;
    let campaign_id = campaign["id"].as_str().unwrap().to_string();
    let mut question_ids = Vec::new();
    for text in questions {
        let question = staff.question(stack, &campaign_id, text).await;
        question_ids.push(question["questionId"].as_str().unwrap().to_string());
    }
    let email = storyhive_local_stack::testkit::unique_email("collab");
    let (status, body) = staff
        .post(
            stack,
            "/campaign/add-contributor",
            json!({"campaignId": campaign_id, "email": email, "firstName": "Amara", "lastName": "Okafor"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let link = body["contributor"]["inviteLink"].as_str().unwrap().to_string();
    Invited {
        staff,
        campaign_id,
        initiative_id,
        question_ids,
        contributor_id: body["contributor"]["contributorId"].as_str().unwrap().to_string(),
        email,
        key: query_param(&link, "key"),
    }
}

impl Invited {
    /// A contributor call with the invitation key.
    pub async fn call(
        &self,
        stack: &TestStack,
        method: Method,
        path: &str,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        call_with_key(stack, method, path, Some(&self.key), body).await
    }

    pub fn ids(&self) -> Value {
        json!({"tenantId": self.staff.tenant_id, "campaignId": self.campaign_id, "contributorId": self.contributor_id})
    }

    pub fn path(&self, prefix: &str) -> String {
        format!("{prefix}/{}/{}/{}", self.staff.tenant_id, self.campaign_id, self.contributor_id)
    }

    /// Merges the three ids into `body`.
    pub fn with_ids(&self, mut body: Value) -> Value {
        for (k, v) in self.ids().as_object().unwrap() {
            body[k] = v.clone();
        }
        body
    }
}

pub async fn call_with_key(
    stack: &TestStack,
    method: Method,
    path: &str,
    key: Option<&str>,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let mut request = stack.http.request(method, stack.url(path));
    if let Some(key) = key {
        request = request.header("X-Invite-Key", key);
    }
    if let Some(body) = body {
        request = request.json(&body);
    }
    let response = request.send().await.expect("request");
    let status = response.status();
    let text = response.text().await.expect("body");
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

/// A real video made by ffmpeg: `kind` is "mp4" (fragmented, like MediaRecorder's),
/// "mp4-plain", "mov-h264", "mov-hevc" or "webm".
pub fn make_video(kind: &str, seconds: u32, padding_bytes: usize) -> Vec<u8> {
    let dir = std::env::temp_dir().join(format!("storyhive-video-{}", storyhive_shared::model::new_id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (file, args): (PathBuf, Vec<&str>) = match kind {
        "webm" => (dir.join("v.webm"), vec!["-c:v", "libvpx", "-b:v", "200k", "-c:a", "libopus"]),
        "mp4-plain" => (dir.join("v.mp4"), vec!["-c:v", "mpeg4", "-c:a", "aac"]),
        // QuickTime as phones save it: H.264, and HEVC tagged `hvc1` as an iPhone writes it.
        "mov-h264" => (dir.join("v.mov"), vec!["-c:v", "libx264", "-c:a", "aac", "-f", "mov"]),
        "mov-hevc" => (
            dir.join("v.mov"),
            vec!["-c:v", "libx265", "-tag:v", "hvc1", "-x265-params", "log-level=error", "-c:a", "aac", "-f", "mov"],
        ),
        _ => (
            dir.join("v.mp4"),
            vec!["-c:v", "mpeg4", "-c:a", "aac", "-movflags", "frag_keyframe+empty_moov+default_base_moof"],
        ),
    };
    let duration = seconds.to_string();
    let status = Command::new("ffmpeg")
        .args(["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i"])
        .arg(format!("testsrc=duration={duration}:size=320x240:rate=15"))
        .args(["-f", "lavfi", "-i"])
        .arg(format!("sine=frequency=440:duration={duration}"))
        .args(&args)
        .arg(&file)
        .status()
        .expect("ffmpeg is installed (infra/scripts/test.sh installs it)");
    assert!(status.success(), "ffmpeg failed");
    let mut bytes = std::fs::read(&file).unwrap();
    std::fs::remove_dir_all(&dir).ok();
    if padding_bytes > 0 {
        // A trailing `free` box: still a valid MP4, as large as a test needs.
        let size = (padding_bytes + 8) as u32;
        bytes.extend_from_slice(&size.to_be_bytes());
        bytes.extend_from_slice(b"free");
        bytes.extend(std::iter::repeat_n(0u8, padding_bytes));
    }
    bytes
}

/// Uploads `bytes` for a question through the presigned multipart flow; returns the key.
pub async fn upload(
    stack: &TestStack,
    invited: &Invited,
    question_id: &str,
    bytes: &[u8],
    content_type: &str,
) -> String {
    let (status, started) = invited
        .call(
            stack,
            Method::POST,
            "/contributor-upload/start",
            Some(invited.with_ids(json!({"campaignQuestionId": question_id, "contentType": content_type, "sizeBytes": bytes.len(), "deviceType": "Mobile"}))),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{started}");
    let key = started["key"].as_str().unwrap().to_string();
    let upload_id = started["uploadId"].as_str().unwrap().to_string();
    let part_size = started["partSize"].as_u64().unwrap() as usize;
    for (index, part) in bytes.chunks(part_size).enumerate() {
        put_part(stack, invited, &key, &upload_id, index as i32 + 1, part).await;
    }
    let (status, body) = invited
        .call(
            stack,
            Method::POST,
            "/contributor-upload/complete",
            Some(invited.with_ids(json!({"key": key, "uploadId": upload_id}))),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    key
}

/// Signs and PUTs one part as a browser would; returns its ETag.
pub async fn put_part(
    stack: &TestStack,
    invited: &Invited,
    key: &str,
    upload_id: &str,
    part_number: i32,
    bytes: &[u8],
) -> String {
    let (status, signed) = invited
        .call(
            stack,
            Method::POST,
            "/contributor-upload/sign-part",
            Some(invited.with_ids(
                json!({"key": key, "uploadId": upload_id, "partNumber": part_number, "sizeBytes": bytes.len()}),
            )),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{signed}");
    let url = signed["url"].as_str().unwrap();
    assert!(
        url.contains("X-Amz-SignedHeaders=content-length%3Bhost")
            || url.contains("X-Amz-SignedHeaders=content-length;host"),
        "the part's size is signed: {url}"
    );
    let response = stack
        .http
        .put(signed["url"].as_str().unwrap())
        .header("content-type", "application/octet-stream")
        .body(bytes.to_vec())
        .send()
        .await
        .unwrap();
    assert!(response.status().is_success(), "part upload: {}", response.status());
    response.headers().get("etag").unwrap().to_str().unwrap().to_string()
}

/// Runs the workers until the answer's upload is no longer in progress.
pub async fn settle(stack: &TestStack, invited: &Invited) -> Value {
    for _ in 0..30 {
        stack.run_workers().await.unwrap();
        let (_, journey) = invited.call(stack, Method::GET, &invited.path("/contributor-journey"), None).await;
        if journey["questions"].as_array().unwrap().iter().all(|q| q["uploadStatus"] != "uploading") {
            return journey;
        }
    }
    panic!("uploads did not settle");
}
