use std::{path::Path, process::Command, sync::Arc, time::Duration};

use reqwest::StatusCode;
use serde_json::{json, Value};
pub use storyhive_local_stack::testkit::client::*;
use storyhive_local_stack::{
    provision::{CASCADE_QUEUE, MEDIA_QUEUE, UPLOAD_QUEUE},
    testkit::{workspace_root, TestStack},
    worker,
};
use storyhive_media_worker::{transcribe::PocketSphinx, MediaWorker};
use storyhive_shared::{
    contributors::records::JourneyRecord,
    media::{MediaStatus, TakeMedia},
    storage::keys,
};

pub async fn stack() -> TestStack {
    let stack = TestStack::start("ContributorsFunction", storyhive_contributors::router)
        .await
        .with_function("AccountsFunction", storyhive_accounts::router)
        .with_function("InitiativesFunction", storyhive_initiatives::router)
        .with_function("TagsFunction", storyhive_tags::router)
        .with_function("CampaignsFunction", storyhive_campaigns::router)
        .with_function("QuestionsFunction", storyhive_questions::router)
        .with_function("GeneratedVideosFunction", |context| {
            storyhive_generated_videos::router(context).layer(axum::Extension(run_limits()))
        });
    let uploads = storyhive_upload_worker::UploadWorker::new(&stack.function_context("UploadWorkerFunction")).unwrap();
    let media = media_worker(&stack);
    // Deleting a question removes its answers through the cascade worker.
    let cascade = storyhive_cascade_worker::Cascade::new(&stack.function_context("CascadeWorkerFunction")).unwrap();
    stack
        .with_worker(
            CASCADE_QUEUE,
            worker::handler(move |event| {
                let cascade = cascade.clone();
                async move { storyhive_cascade_worker::handle(&cascade, event).await }
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
            MEDIA_QUEUE,
            worker::handler(move |event| {
                let media = media.clone();
                async move { storyhive_media_worker::handle(&media, event).await }
            }),
        )
}

/// The test page's limits as deployed, on counters of this test run's own: the table (and
/// so the hourly counters) is shared by every run on the machine, and the limits' own test
/// spends a budget of its own.
pub fn run_limits() -> storyhive_generated_videos::videotest::VideoTestLimits {
    static RUN: std::sync::OnceLock<storyhive_generated_videos::videotest::VideoTestLimits> =
        std::sync::OnceLock::new();
    RUN.get_or_init(|| {
        let run = storyhive_shared::model::new_id();
        let scoped = |limit: storyhive_shared::ratelimit::Limit| storyhive_shared::ratelimit::Limit {
            scope: Box::leak(format!("{}-{run}", limit.scope).into_boxed_str()),
            ..limit
        };
        let deployed = storyhive_generated_videos::videotest::VideoTestLimits::default();
        storyhive_generated_videos::videotest::VideoTestLimits {
            deployment: deployed.deployment,
            uploads_per_client: scoped(deployed.uploads_per_client),
            uploads_per_deployment: scoped(deployed.uploads_per_deployment),
            processing_per_client: scoped(deployed.processing_per_client),
            processing_per_deployment: scoped(deployed.processing_per_deployment),
        }
    })
    .clone()
}

/// The media worker as the local stack runs it: PocketSphinx from the project's .venv
/// (the test script installs it from requirements-local.txt).
pub fn media_worker(stack: &TestStack) -> MediaWorker {
    let python = std::env::var_os("STORYHIVE_ASR_PYTHON")
        .map(Into::into)
        .unwrap_or_else(|| workspace_root().join(".venv/bin/python"));
    let engine = PocketSphinx { python, time_limit: Duration::from_secs(120) };
    MediaWorker::new(&stack.function_context("MediaWorkerFunction"), Arc::new(engine)).unwrap()
}

/// A take stored and recorded on its answer as the upload worker records it, but with no
/// queue message: its key is one the upload worker ignores, so the bucket's notification
/// hands it to no worker (other tests' workers share the queues), and the test delivers it
/// itself.
pub async fn unnotified_take(stack: &TestStack, answering: &Answering, bytes: Vec<u8>, ext: &str) -> String {
    let take = answering.take_key(ext).replace("-recorded_video.", "-unnotified_video.");
    let bucket = stack.context.config.video_bucket().unwrap().to_string();
    stack.clients.s3.put_object().bucket(&bucket).key(&take).body(bytes.into()).send().await.unwrap();
    let mut record = JourneyRecord::new(
        &answering.staff.tenant_id,
        &answering.campaign_id,
        &answering.contributor_id,
        &answering.question_id,
        storyhive_shared::model::timestamp(storyhive_shared::model::now()),
    );
    record.s3_video_key = Some(take.clone());
    record.upload_status = storyhive_shared::contributors::records::UploadStatus::Stored;
    record.media = Some(TakeMedia::processing(&take));
    stack.context.store.put(&record).await.unwrap();
    take
}

/// A campaign in `mode` with one question, and a collaborator invited to it.
pub struct Answering {
    pub staff: Staff,
    pub initiative_id: String,
    pub campaign_id: String,
    pub question_id: String,
    pub contributor_id: String,
}

pub async fn answering(stack: &TestStack, mode: &str) -> Answering {
    let staff = organisation(stack).await;
    answering_in(stack, staff, mode).await
}

pub async fn answering_in(stack: &TestStack, staff: Staff, mode: &str) -> Answering {
    let initiative_id = staff.initiative(stack, &unique("Voices")).await;
    let tag = staff.tag(stack, &unique("t")[..12]).await;
    let mut body = campaign_body(&initiative_id, &unique("Our stories"), &[&tag]);
    body["mode"] = json!(mode);
    let (status, campaign) = staff.post(stack, "/campaign/add", body).await;
    assert_eq!(status, StatusCode::CREATED, "{campaign}");
    let campaign_id = campaign["id"].as_str().unwrap().to_string();
    let question = staff.question(stack, &campaign_id, "Where do you live?").await;
    let email = storyhive_local_stack::testkit::unique_email("collab");
    let (status, invited) = staff
        .post(
            stack,
            "/campaign/add-contributor",
            json!({"campaignId": campaign_id, "email": email, "firstName": "Amara", "lastName": "Okafor"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{invited}");
    Answering {
        staff,
        initiative_id,
        campaign_id,
        question_id: question["questionId"].as_str().unwrap().to_string(),
        contributor_id: invited["contributor"]["contributorId"].as_str().unwrap().to_string(),
    }
}

impl Answering {
    pub fn journey_key(&self) -> keys::Key {
        keys::journey(&self.staff.tenant_id, &self.campaign_id, &self.contributor_id, &self.question_id)
    }

    pub fn take_key(&self, ext: &str) -> String {
        let stamp = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis();
        format!(
            "{}/{}/{}/{}/{stamp}-recorded_video.{ext}",
            self.staff.tenant_id, self.initiative_id, self.campaign_id, self.contributor_id
        )
    }

    /// Stores a take as the browser's upload does: the bucket notifies the upload
    /// worker, which records it and hands it to the media worker.
    pub async fn record(&self, stack: &TestStack, bytes: Vec<u8>, ext: &str) -> String {
        let key = self.take_key(ext);
        stack
            .clients
            .s3
            .put_object()
            .bucket(stack.context.config.video_bucket().unwrap())
            .key(&key)
            .metadata("campaign-question-id", &self.question_id)
            .body(bytes.into())
            .send()
            .await
            .unwrap();
        key
    }

    pub async fn journey(&self, stack: &TestStack) -> JourneyRecord {
        stack.context.store.get(&self.journey_key()).await.unwrap().expect("the answer")
    }

    /// Runs the workers until the answer's take has left "processing".
    pub async fn settle(&self, stack: &TestStack, take: &str) -> TakeMedia {
        for _ in 0..40 {
            stack.run_workers().await.unwrap();
            if let Some(journey) = stack.context.store.get::<JourneyRecord>(&self.journey_key()).await.unwrap() {
                if let Some(media) = journey.media.filter(|m| m.take_key == take) {
                    if media.status != MediaStatus::Processing {
                        return media;
                    }
                }
            }
        }
        panic!("the take {take} was not processed");
    }

    /// The staff view of the collaborator's answers (where staff read takes).
    pub async fn staff_answer(&self, stack: &TestStack) -> Value {
        let (status, body) = self.staff.get(stack, &format!("/contributor/{}/all", self.campaign_id)).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        body["items"][0]["answers"][0].clone()
    }
}

/// A real take made by ffmpeg: a test picture of `width`x`height` and, with `speech`,
/// the sentence spoken by espeak-ng (else a tone). `kind` is "webm" or "mp4".
pub fn make_take(kind: &str, seconds: f64, (width, height): (u32, u32), speech: Option<&str>) -> Vec<u8> {
    let dir = std::env::temp_dir().join(format!("storyhive-take-{}", storyhive_shared::model::new_id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut command = Command::new("ffmpeg");
    command.args(["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i"]);
    command.arg(format!("testsrc=duration={seconds}:size={width}x{height}:rate=15"));
    match speech {
        Some(sentence) => {
            let wav = dir.join("speech.wav");
            // A word gap of 5 ms and 140 words a minute: espeak-ng's clearest for PocketSphinx.
            let status = Command::new("espeak-ng")
                .args(["-v", "en-us", "-s", "140", "-g", "5", "-w"])
                .arg(&wav)
                .arg(sentence)
                .status()
                .expect("espeak-ng is installed (infra/scripts/test.sh installs it)");
            assert!(status.success());
            command.arg("-i").arg(&wav).args(["-af", "apad"]);
        }
        None => {
            command.args(["-f", "lavfi", "-i"]).arg(format!("sine=frequency=440:duration={seconds}"));
        }
    }
    let file = dir.join(format!("take.{kind}"));
    match kind {
        "webm" => command.args(["-c:v", "libvpx", "-b:v", "300k", "-c:a", "libopus"]),
        _ => command.args(["-c:v", "mpeg4", "-c:a", "aac"]),
    };
    let status = command.args(["-t", &seconds.to_string()]).arg(&file).status().expect("ffmpeg is installed");
    assert!(status.success(), "ffmpeg failed");
    let bytes = std::fs::read(&file).unwrap();
    std::fs::remove_dir_all(&dir).ok();
    bytes
}

/// ffprobe's view of a file: (codec_type, codec_name, width, height) per stream, and the duration.
pub fn ffprobe(file: &Path) -> (Vec<(String, String, u64, u64)>, f64) {
    let output = Command::new("ffprobe")
        .args(["-v", "error", "-print_format", "json", "-show_streams", "-show_format"])
        .arg(file)
        .output()
        .unwrap();
    assert!(output.status.success(), "ffprobe: {}", String::from_utf8_lossy(&output.stderr));
    let probed: Value = serde_json::from_slice(&output.stdout).unwrap();
    let streams = probed["streams"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["codec_type"].as_str().unwrap_or_default().to_string(),
                s["codec_name"].as_str().unwrap_or_default().to_string(),
                s["width"].as_u64().unwrap_or(0),
                s["height"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    let duration = probed["format"]["duration"].as_str().and_then(|d| d.parse().ok()).unwrap_or(0.0);
    (streams, duration)
}

/// The top-level boxes of an MP4, in order.
pub fn top_level_boxes(bytes: &[u8]) -> Vec<String> {
    let mut names = Vec::new();
    let mut at = 0usize;
    while at + 8 <= bytes.len() {
        let size = u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap()) as usize;
        names.push(String::from_utf8_lossy(&bytes[at + 4..at + 8]).to_string());
        let size = if size == 1 {
            u64::from_be_bytes(bytes[at + 8..at + 16].try_into().unwrap()) as usize
        } else if size == 0 {
            bytes.len() - at
        } else {
            size
        };
        at += size.max(8);
    }
    names
}

/// Whether an object is in the video bucket.
pub async fn exists(stack: &TestStack, key: &str) -> bool {
    let head =
        stack.clients.s3.head_object().bucket(stack.context.config.video_bucket().unwrap()).key(key).send().await;
    match head {
        Ok(_) => true,
        Err(error) if error.as_service_error().is_some_and(|e| e.is_not_found()) => false,
        Err(error) => panic!("{key}: {error:?}"),
    }
}

/// Downloads an object of the video bucket into a temporary file.
pub async fn download(stack: &TestStack, key: &str) -> (std::path::PathBuf, Vec<u8>) {
    let object = stack
        .clients
        .s3
        .get_object()
        .bucket(stack.context.config.video_bucket().unwrap())
        .key(key)
        .send()
        .await
        .unwrap_or_else(|e| panic!("{key}: {e:?}"));
    let bytes = object.body.collect().await.unwrap().into_bytes().to_vec();
    let path = std::env::temp_dir().join(format!("storyhive-out-{}", storyhive_shared::model::new_id()));
    std::fs::write(&path, &bytes).unwrap();
    (path, bytes)
}
