//! Media worker: the media queue carries the takes the upload worker recorded
//! ([`MediaJob::Take`]) and, in AWS, Amazon Transcribe's job state changes (through an
//! EventBridge rule). For each take it makes the web-playable MP4 (H.264/AAC,
//! `+faststart`, the campaign's orientation) and a JPEG poster beside the original,
//! which is kept, then transcribes the take with word timings.
//!
//! A take is converted once: the worker first claims it on the answer with a
//! conditional write (a lease), so a duplicate message finds it claimed or done and
//! does nothing; a worker that dies leaves a lease that expires, and the message's
//! redelivery takes over. A take that cannot be converted ends "failed" with a reason;
//! a passing fault (S3, DynamoDB) fails only its own message, which SQS retries.
//!
//! No job stays "processing" for ever: every step is bounded by what is left of the
//! invocation (Lambda's deadline, less a margin to write the outcome), a full disk is a
//! failure with a reason, and the delivery after [`MAX_ATTEMPTS`] (a worker killed each
//! time, or passing faults) ends the job "failed" with [`GAVE_UP`], before the queue
//! would set the message aside. Staff can queue a failed generated video again.

pub mod service;

// The tests and the local stack reach the transcribers and ffmpeg by these paths.
pub use service::{ffmpeg, generated, render, story_render, transcribe};

use std::{
    path::{Path, PathBuf},
    sync::Arc,
    time::Duration,
};

use anyhow::Context;
use aws_lambda_events::event::sqs::{SqsBatchResponse, SqsEvent, SqsMessage};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use storyhive_shared::{
    answers,
    campaigns::records::{CampaignRecord, Language, RecordingMode},
    contributors::records::JourneyRecord,
    media::{MediaJob, MediaStatus, TakeMedia, TranscriptRecord, TranscriptStatus},
    model,
    search::AnswerRef,
    storage::{keys, objects::Derived, Store},
    AppContext,
};
use transcribe::{Heard, Transcriber};

/// How long a claim holds a take: longer than the function's timeout (900 s), shorter
/// than the queue's visibility timeout, so a redelivery finds an expired lease.
pub const LEASE_SECONDS: i64 = 960;
/// ffmpeg's budget for one take's conversion (and each ffmpeg step's at most): every
/// step also stops at the invocation's [`Deadline`].
pub const TRANSCODE_LIMIT: Duration = Duration::from_secs(780);
/// The function's timeout (template.yaml): the budget of a call without Lambda's deadline.
pub const FUNCTION_TIMEOUT: Duration = Duration::from_secs(900);
/// Kept back from the steps to write the outcome (failed with a reason) before Lambda stops.
pub const SETTLE_MARGIN: Duration = Duration::from_secs(20);
/// Deliveries of one job: the next one ends it failed. Fewer than the media queue's
/// `maxReceiveCount` (5), so a delivery is still there to say so.
pub const MAX_ATTEMPTS: u32 = 3;
/// Largest original the worker downloads (uploads are at most 500 MB; `/tmp` has 2 GB for
/// the original and what is made of it).
pub const MAX_SOURCE_BYTES: i64 = 600 * 1024 * 1024;
pub const GAVE_UP: &str = "Processing stopped before it finished, three times. It can be retried later.";
pub const DISK_FULL: &str = "There was not enough room to process this video. Please upload a shorter one.";
pub const TOO_LARGE: &str = "The video is too large to process (at most 500 MB).";
/// Transcription jobs' pointers are kept this long (a job ends within hours).
const JOB_RECORD_DAYS: i64 = 7;

#[derive(Clone, Debug)]
pub struct MediaWorker {
    pub store: Store,
    pub s3: aws_sdk_s3::Client,
    pub bucket: String,
    pub transcriber: Arc<dyn Transcriber>,
    /// Where originals and outputs are written while working (Lambda: `/tmp`).
    pub work_dir: PathBuf,
    /// The organisation's webhooks hear of answers ready and videos rendered.
    pub webhooks: storyhive_shared::queue::WebhookQueue,
    /// The organisations' own files (a story's end card shows the logo); none where unset.
    pub media_bucket: Option<String>,
}

impl MediaWorker {
    pub fn new(context: &AppContext, transcriber: Arc<dyn Transcriber>) -> anyhow::Result<Self> {
        Ok(Self {
            store: context.store.clone(),
            s3: context.s3()?.clone(),
            bucket: context.config.video_bucket()?.to_string(),
            transcriber,
            work_dir: std::env::temp_dir(),
            webhooks: context.webhooks.clone(),
            media_bucket: context.config.media_bucket().ok().map(str::to_string),
        })
    }
}

/// What became of one message.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// Converted; the transcript is ready, pending or failed as the status says.
    Ready(TranscriptStatus),
    /// The take cannot be converted; the answer shows the reason.
    Failed(String),
    /// Done (or failed) by an earlier delivery.
    AlreadyDone,
    /// Another delivery holds the take right now.
    Claimed,
    /// The answer has another take now (or is gone).
    Superseded,
    /// A transcription job's result was stored on its answer.
    TranscriptStored(TranscriptStatus),
    /// Nothing of ours (another stack's transcription job, an unknown event).
    Ignored(&'static str),
    /// A generated video (or a video test job) was rendered.
    Rendered,
    /// The generated video (or test job) is gone: deleted, or never saved.
    Gone,
}

/// When an invocation must be done: each step is given what is left of it.
#[derive(Debug, Clone, Copy)]
pub struct Deadline(tokio::time::Instant);

impl Deadline {
    pub fn after(duration: Duration) -> Self {
        Self(tokio::time::Instant::now() + duration)
    }

    /// Lambda's deadline (`context.deadline`, milliseconds since the epoch).
    pub fn from_epoch_millis(millis: u64) -> Self {
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
        Self::after(Duration::from_millis(millis).saturating_sub(now))
    }

    /// What a step may take now: the time left less the margin to write the outcome.
    pub fn remaining(&self) -> Duration {
        self.0.saturating_duration_since(tokio::time::Instant::now()).saturating_sub(SETTLE_MARGIN)
    }

    /// A step's own limit, cut to what is left.
    pub fn limit(&self, cap: Duration) -> Duration {
        cap.min(self.remaining())
    }

    /// Runs a tool step with a fixed limit of its own (ffprobe, the poster) within what is
    /// left too: running out means the job cannot be done in one invocation.
    pub async fn within<T>(
        &self,
        step: impl std::future::Future<Output = Result<T, ffmpeg::MediaError>>,
    ) -> Result<T, ffmpeg::MediaError> {
        let out_of_time =
            || Err(ffmpeg::MediaError::Unplayable { reason: ffmpeg::TOO_SLOW.into(), detail: "out of time".into() });
        if self.remaining().is_zero() {
            return out_of_time();
        }
        tokio::time::timeout(self.remaining(), step).await.unwrap_or_else(|_| out_of_time())
    }

    /// Runs an S3 transfer within what is left; running out is a passing fault (retried).
    async fn bound<T>(
        &self,
        what: &str,
        step: impl std::future::Future<Output = anyhow::Result<T>>,
    ) -> anyhow::Result<T> {
        if self.remaining().is_zero() {
            anyhow::bail!("{what}: out of time");
        }
        tokio::time::timeout(self.remaining(), step)
            .await
            .unwrap_or_else(|_| Err(anyhow::anyhow!("{what}: out of time")))
    }
}

/// Whether an error is a full disk (ENOSPC), which no retry mends.
pub fn disk_full(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause.downcast_ref::<std::io::Error>().is_some_and(|e| e.raw_os_error() == Some(28))
            || cause.to_string().contains("No space left on device")
    })
}

/// A failure as the job should end: a full disk is permanent with a readable reason.
pub(crate) fn settle_error(error: ffmpeg::MediaError) -> ffmpeg::MediaError {
    match error {
        ffmpeg::MediaError::Other(error) if disk_full(&error) => {
            ffmpeg::MediaError::Unplayable { reason: DISK_FULL.into(), detail: format!("{error:#}") }
        }
        ffmpeg::MediaError::Unplayable { detail, .. } if detail.contains("No space left on device") => {
            ffmpeg::MediaError::Unplayable { reason: DISK_FULL.into(), detail }
        }
        other => other,
    }
}

pub async fn handle(worker: &MediaWorker, event: SqsEvent) -> SqsBatchResponse {
    handle_until(worker, event, Deadline::after(FUNCTION_TIMEOUT)).await
}

/// Handles a batch within `deadline` (in Lambda, the invocation's).
pub async fn handle_until(worker: &MediaWorker, event: SqsEvent, deadline: Deadline) -> SqsBatchResponse {
    let mut response = SqsBatchResponse::default();
    // One at a time: a conversion uses every core ffmpeg gets.
    for record in event.records {
        let id = record.message_id.clone().unwrap_or_default();
        match handle_message(worker, &record, deadline).await {
            Ok(outcome) => tracing::info!(message_id = %id, ?outcome, "media message handled"),
            Err(error) => {
                tracing::error!(message_id = %id, error = ?error, "media message failed; it will be retried");
                response.add_failure(id);
            }
        }
    }
    response
}

/// EventBridge's envelope of a Transcribe job state change.
#[derive(Debug, Deserialize, Serialize)]
pub struct TranscribeEvent {
    #[serde(rename = "detail-type")]
    pub detail_type: String,
    pub detail: TranscribeDetail,
}

#[derive(Debug, Deserialize, Serialize)]
pub struct TranscribeDetail {
    #[serde(rename = "TranscriptionJobName")]
    pub job_name: String,
    #[serde(rename = "TranscriptionJobStatus")]
    pub status: String,
}

pub const TRANSCRIBE_EVENT: &str = "Transcribe Job State Change";

/// How many times SQS has handed this message out (1 the first time).
fn receive_count(record: &SqsMessage) -> u32 {
    record.attributes.get("ApproximateReceiveCount").and_then(|n| n.parse().ok()).unwrap_or(1)
}

async fn handle_message(worker: &MediaWorker, record: &SqsMessage, deadline: Deadline) -> anyhow::Result<Outcome> {
    let body = record.body.as_deref().context("message without a body")?;
    let value: serde_json::Value = serde_json::from_str(body).context("the message is not JSON")?;
    if value.get("detail-type").is_some() {
        let event: TranscribeEvent = serde_json::from_value(value).context("reading the EventBridge event")?;
        if event.detail_type != TRANSCRIBE_EVENT {
            return Ok(Outcome::Ignored("not a transcription event"));
        }
        return worker.transcription_finished(&event.detail.job_name).await;
    }
    let job: MediaJob = serde_json::from_value(value).context("reading the media job")?;
    let attempt = receive_count(record);
    if attempt > MAX_ATTEMPTS {
        // Earlier deliveries died (the function killed at its timeout, out of memory) or
        // kept failing: the job ends failed rather than "processing" for ever.
        return worker.give_up(&job, GAVE_UP).await;
    }
    let outcome = match worker.process_until(&job, deadline).await {
        Ok(outcome) => outcome,
        Err(error) if attempt == MAX_ATTEMPTS => {
            tracing::error!(error = ?error, "the last attempt failed; the job ends failed");
            return worker.give_up(&job, GAVE_UP).await;
        }
        Err(error) => return Err(error),
    };
    Ok(outcome)
}

/// A transcription job's way back to its answer.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TranscriptionJobRecord {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    pub entity_type: String,
    pub tenant_id: String,
    pub campaign_id: String,
    pub contributor_id: String,
    pub question_id: String,
    pub take_key: String,
    pub output_key: String,
    pub ttl: i64,
}

/// The same take always gets the same job name (`<tenant>.<hash of the key>`), so a
/// redelivery finds its job; the completion event names only the job, and the tenant
/// leads to the job's record.
pub fn job_name(tenant_id: &str, take_key: &str) -> String {
    let digest = Sha256::digest(take_key.as_bytes());
    let hex: String = digest.iter().take(20).map(|b| format!("{b:02x}")).collect();
    format!("{tenant_id}.{hex}")
}

/// Everything one take's work produced.
struct Converted {
    probed: ffmpeg::Probed,
    mp4_key: String,
    poster_key: String,
    heard: Heard,
}

impl MediaWorker {
    /// Processes a job within the function's whole timeout.
    pub async fn process(&self, job: &MediaJob) -> anyhow::Result<Outcome> {
        self.process_until(job, Deadline::after(FUNCTION_TIMEOUT)).await
    }

    pub async fn process_until(&self, job: &MediaJob, deadline: Deadline) -> anyhow::Result<Outcome> {
        match job {
            MediaJob::Take { tenant_id, campaign_id, contributor_id, question_id, take_key } => {
                self.process_take(tenant_id, campaign_id, contributor_id, question_id, take_key, deadline).await
            }
            MediaJob::GeneratedVideo { tenant_id, campaign_id, video_id } => {
                self.render_generated(tenant_id, campaign_id, video_id, deadline).await
            }
            MediaJob::StoryRender { tenant_id, campaign_id, story_id, format } => {
                self.render_story(tenant_id, campaign_id, story_id, format, deadline).await
            }
            MediaJob::VideoTest { job_id } => self.process_video_test(job_id, deadline).await,
        }
    }

    /// Ends a job that is still "processing" (and held by no live claim) as failed with
    /// `reason`: its attempts are spent.
    pub async fn give_up(&self, job: &MediaJob, reason: &str) -> anyhow::Result<Outcome> {
        let now = model::now().unix_timestamp();
        match job {
            MediaJob::Take { tenant_id, campaign_id, contributor_id, question_id, take_key } => {
                let answer = AnswerRef::new(tenant_id, campaign_id, contributor_id, question_id);
                if answers::media_gave_up(&self.store, &answer, take_key, reason, now).await? {
                    Ok(Outcome::Failed(reason.into()))
                } else {
                    // Done meanwhile, replaced, or held by a live claim.
                    Ok(Outcome::AlreadyDone)
                }
            }
            MediaJob::GeneratedVideo { tenant_id, campaign_id, video_id } => {
                self.give_up_record(&keys::generated_video(tenant_id, campaign_id, video_id), reason, now).await
            }
            MediaJob::StoryRender { tenant_id, campaign_id, story_id, format } => {
                self.give_up_record(&keys::story_render(tenant_id, campaign_id, story_id, format), reason, now).await
            }
            MediaJob::VideoTest { job_id } => self.give_up_record(&keys::video_test_job(job_id), reason, now).await,
        }
    }

    #[allow(clippy::ptr_arg)]
    async fn process_take(
        &self,
        tenant_id: &String,
        campaign_id: &String,
        contributor_id: &String,
        question_id: &String,
        take_key: &String,
        deadline: Deadline,
    ) -> anyhow::Result<Outcome> {
        let answer = AnswerRef::new(tenant_id, campaign_id, contributor_id, question_id);
        let Some(journey) = answers::get(&self.store, &answer).await? else {
            return Ok(Outcome::Superseded);
        };
        if journey.s3_video_key.as_deref() != Some(take_key.as_str()) {
            return Ok(Outcome::Superseded);
        }
        let now = model::now().unix_timestamp();
        let claim_id = model::new_id();
        match journey.media.as_ref().filter(|m| &m.take_key == take_key) {
            Some(media) if media.status != MediaStatus::Processing => {
                answers::repeated(&self.store, &answer).await?;
                return Ok(Outcome::AlreadyDone);
            }
            Some(media) if media.claimed_until.is_some_and(|until| until > now) => return Ok(Outcome::Claimed),
            _ => {}
        }
        if !self.claim(&journey, take_key, &claim_id, now).await? {
            return Ok(Outcome::Claimed);
        }
        let campaign = self.store.get::<CampaignRecord>(&keys::campaign(tenant_id, campaign_id)).await?;
        let portrait = campaign.as_ref().is_some_and(|c| c.mode == RecordingMode::Portrait);
        let language = campaign.map(|c| c.language).unwrap_or_default();

        let dir = self.work_dir.join(format!("storyhive-media-{claim_id}"));
        if let Err(error) = tokio::fs::create_dir_all(&dir).await {
            self.release(&journey, &claim_id).await.ok();
            return Err(anyhow::Error::from(error).context("creating the work folder"));
        }
        let result = self.convert(&dir, tenant_id, take_key, portrait, language, deadline).await.map_err(settle_error);
        tokio::fs::remove_dir_all(&dir).await.ok();
        match result {
            Ok(converted) => self.finish(&journey, take_key, &claim_id, converted).await,
            Err(ffmpeg::MediaError::Unplayable { reason, detail }) => {
                tracing::warn!(%take_key, %detail, "take cannot be converted");
                self.fail(&journey, take_key, &claim_id, &reason).await
            }
            Err(ffmpeg::MediaError::Other(error)) => {
                // A passing fault: let the retry claim the take at once.
                if let Err(release) = self.release(&journey, &claim_id).await {
                    tracing::warn!(error = ?release, "could not release the claim; it expires");
                }
                Err(error)
            }
        }
    }

    /// Takes the take for this delivery: one conditional write, so of two deliveries
    /// only one converts.
    async fn claim(&self, journey: &JourneyRecord, take_key: &str, claim_id: &str, now: i64) -> anyhow::Result<bool> {
        Ok(answers::processing_claimed(&self.store, journey, take_key, claim_id, now, now + LEASE_SECONDS).await?)
    }

    async fn release(&self, journey: &JourneyRecord, claim_id: &str) -> anyhow::Result<()> {
        Ok(answers::claim_released(&self.store, &AnswerRef::of_journey(journey), claim_id).await?)
    }

    async fn convert(
        &self,
        dir: &Path,
        tenant_id: &str,
        take_key: &str,
        portrait: bool,
        language: Language,
        deadline: Deadline,
    ) -> Result<Converted, ffmpeg::MediaError> {
        let original = dir.join("original");
        self.download(take_key, &original, deadline).await?;
        let source = deadline.within(ffmpeg::probe(&original)).await?;
        if source.video_codec.is_none() {
            return Err(ffmpeg::MediaError::Unplayable {
                reason: ffmpeg::NO_PICTURE.into(),
                detail: "no video stream".into(),
            });
        }
        // The picture and the words are made side by side: the transcriber hears the
        // original's sound while ffmpeg makes the web copy (a copied take leaves it the cores).
        let (mp4_key, poster_key) = (Derived::WebMp4.of(take_key), Derived::Poster.of(take_key));
        let picture = async {
            let mp4 = dir.join("web.mp4");
            self.web_copy(&original, &mp4, &source, portrait, deadline).await?;
            let probed = deadline.within(ffmpeg::probe(&mp4)).await?;
            let poster = dir.join("poster.jpg");
            // A second in (past a fade-in or a black first frame), or the middle of a shorter take.
            deadline.within(ffmpeg::poster(&mp4, &poster, (probed.duration_seconds / 2.0).min(1.0))).await?;
            let (mp4_upload, poster_upload) = tokio::join!(
                self.upload(&mp4, &mp4_key, "video/mp4", deadline),
                self.upload(&poster, &poster_key, "image/jpeg", deadline)
            );
            mp4_upload?;
            poster_upload?;
            Ok::<_, ffmpeg::MediaError>(probed)
        };
        let words = async {
            if source.audio_codec.is_none() {
                return Ok(Heard::Failed("The video has no sound to transcribe.".into()));
            }
            let speech_wav = dir.join("speech.wav");
            ffmpeg::speech_audio(&original, &speech_wav, deadline.limit(TRANSCODE_LIMIT)).await?;
            let request = transcribe::Request {
                speech_wav,
                bucket: self.bucket.clone(),
                speech_key: Derived::SpeechAudio.of(take_key),
                output_key: Derived::TranscriptionOutput.of(take_key),
                job_name: job_name(tenant_id, take_key),
                language,
            };
            // The recogniser has its own limit; what is left of the invocation bounds it too.
            Ok::<_, ffmpeg::MediaError>(
                match tokio::time::timeout(deadline.remaining(), self.transcriber.transcribe(&request)).await {
                    Ok(heard) => heard?,
                    Err(_) => Heard::Failed(ffmpeg::TOO_SLOW.into()),
                },
            )
        };
        // The first failure stops the other (its ffmpeg or Whisper is killed). Both on the
        // heap: side by side their states are too large for a thread's stack in a debug build.
        let (probed, heard) = tokio::try_join!(Box::pin(picture), Box::pin(words))?;
        Ok(Converted { probed, mp4_key, poster_key, heard })
    }

    /// The web copy of `original` at `mp4`: its streams copied when the take is already
    /// web-playable in the campaign's orientation (Safari's, an iPhone's "Most
    /// Compatible"), else re-encoded to H.264/AAC in the campaign's frame. A copy that
    /// ffmpeg refuses (odd timestamps) is re-encoded instead.
    async fn web_copy(
        &self,
        original: &Path,
        mp4: &Path,
        source: &ffmpeg::Probed,
        portrait: bool,
        deadline: Deadline,
    ) -> Result<(), ffmpeg::MediaError> {
        let has_audio = source.audio_codec.is_some();
        if ffmpeg::web_playable(source, portrait) {
            match ffmpeg::remux(original, mp4, has_audio, deadline.limit(TRANSCODE_LIMIT)).await {
                Ok(()) => return Ok(()),
                Err(ffmpeg::MediaError::Unplayable { detail, .. }) if !deadline.remaining().is_zero() => {
                    tracing::warn!(%detail, "the take could not be copied; it is re-encoded");
                }
                Err(error) => return Err(error),
            }
        }
        let frame = ffmpeg::encoded_frame(source.shown_size(), portrait, ffmpeg::LARGEST_ENCODED_FRAME);
        ffmpeg::transcode(original, mp4, frame, has_audio, deadline.limit(TRANSCODE_LIMIT)).await
    }

    /// Streams an object to `to` (never whole in memory), refusing one larger than `/tmp`
    /// can hold beside what is made of it.
    async fn download(&self, key: &str, to: &Path, deadline: Deadline) -> Result<(), ffmpeg::MediaError> {
        let object = deadline
            .bound("GetObject", async {
                self.s3.get_object().bucket(&self.bucket).key(key).send().await.context("GetObject")
            })
            .await?;
        if object.content_length.unwrap_or(0) > MAX_SOURCE_BYTES {
            return Err(ffmpeg::MediaError::Unplayable {
                reason: TOO_LARGE.into(),
                detail: format!("{key}: {} bytes", object.content_length.unwrap_or(0)),
            });
        }
        deadline
            .bound("downloading the original", async {
                let mut reader = object.body.into_async_read();
                let mut file = tokio::fs::File::create(to).await.context("creating the original's file")?;
                tokio::io::copy(&mut reader, &mut file).await.context("downloading the original")?;
                tokio::io::AsyncWriteExt::flush(&mut file).await.context("writing the original")?;
                Ok(())
            })
            .await?;
        Ok(())
    }

    async fn upload(&self, from: &Path, key: &str, content_type: &str, deadline: Deadline) -> anyhow::Result<()> {
        let body = aws_sdk_s3::primitives::ByteStream::from_path(from).await.context("reading an output")?;
        deadline
            .bound("uploading an output", async {
                self.s3
                    .put_object()
                    .bucket(&self.bucket)
                    .key(key)
                    .content_type(content_type)
                    .body(body)
                    .send()
                    .await
                    .with_context(|| format!("PutObject {key}"))
            })
            .await?;
        Ok(())
    }

    /// The answer's state, the transcript (or the job's pointer) in one transaction,
    /// conditioned on this delivery's claim: a take replaced meanwhile changes nothing.
    async fn finish(
        &self,
        journey: &JourneyRecord,
        take_key: &str,
        claim_id: &str,
        converted: Converted,
    ) -> anyhow::Result<Outcome> {
        let at = model::timestamp(model::now());
        let (transcript_status, transcript_reason, job) = match &converted.heard {
            Heard::Words { .. } => (TranscriptStatus::Ready, None, None),
            Heard::Started { job_name } => (TranscriptStatus::Pending, None, Some(job_name.clone())),
            Heard::Failed(reason) => (TranscriptStatus::Failed, Some(reason.clone()), None),
        };
        let media = TakeMedia {
            take_key: take_key.into(),
            status: MediaStatus::Ready,
            failure_reason: None,
            mp4_key: Some(converted.mp4_key.clone()),
            poster_key: Some(converted.poster_key.clone()),
            duration_seconds: Some((converted.probed.duration_seconds * 1000.0).round() / 1000.0),
            width: converted.probed.width,
            height: converted.probed.height,
            transcript_status,
            transcript_failure_reason: transcript_reason,
            transcription_job: job.clone(),
            claimed_until: None,
            claim_id: None,
        };
        let mut with = Vec::new();
        match converted.heard {
            Heard::Words { words, language } => with.push(
                self.store.put_op(
                    &TranscriptRecord::new(
                        &journey.tenant_id,
                        &journey.campaign_id,
                        &journey.contributor_id,
                        &journey.campaign_question_id,
                        take_key,
                        self.transcriber.engine(),
                        words,
                        at.clone(),
                    )
                    .in_language(&language),
                )?,
            ),
            Heard::Started { job_name } => {
                let key = keys::transcription_job(&journey.tenant_id, &job_name);
                with.push(self.store.put_op(&TranscriptionJobRecord {
                    pk: key.pk,
                    sk: key.sk,
                    entity_type: "TranscriptionJob".into(),
                    tenant_id: journey.tenant_id.clone(),
                    campaign_id: journey.campaign_id.clone(),
                    contributor_id: journey.contributor_id.clone(),
                    question_id: journey.campaign_question_id.clone(),
                    take_key: take_key.into(),
                    output_key: Derived::TranscriptionOutput.of(take_key),
                    ttl: model::now().unix_timestamp() + JOB_RECORD_DAYS * 86_400,
                })?)
            }
            Heard::Failed(_) => {}
        }
        let answer = AnswerRef::of_journey(journey);
        // `answer.ready` in the same transaction (an outbox item), when nothing is left pending.
        let ready = (transcript_status != TranscriptStatus::Pending)
            .then(|| answer_ready(journey, take_key, transcript_status));
        if let Some(event) = &ready {
            with.push(self.store.put_op(event)?);
        }
        if answers::media_ready(&self.store, &answer, take_key, claim_id, &media, with).await? {
            if let Some(event) = ready {
                storyhive_shared::webhooks::announce(&self.webhooks, &event.tenant_id, &event.event_id).await;
            }
            Ok(Outcome::Ready(transcript_status))
        } else {
            Ok(Outcome::Superseded)
        }
    }

    async fn fail(
        &self,
        journey: &JourneyRecord,
        take_key: &str,
        claim_id: &str,
        reason: &str,
    ) -> anyhow::Result<Outcome> {
        let answer = AnswerRef::of_journey(journey);
        if answers::media_failed(&self.store, &answer, take_key, claim_id, reason).await? {
            Ok(Outcome::Failed(reason.into()))
        } else {
            Ok(Outcome::Superseded)
        }
    }

    /// A transcription job ended: its words (or its failure) go to its answer, once.
    pub async fn transcription_finished(&self, job_name: &str) -> anyhow::Result<Outcome> {
        let Some((tenant_id, _)) = job_name.split_once('.') else {
            return Ok(Outcome::Ignored("not one of our transcription jobs"));
        };
        if !storyhive_shared::ids::is_valid(tenant_id) || tenant_id.is_empty() {
            return Ok(Outcome::Ignored("not one of our transcription jobs"));
        }
        let job_key = keys::transcription_job(tenant_id, job_name);
        let Some(job) = self.store.get::<TranscriptionJobRecord>(&job_key).await? else {
            return Ok(Outcome::Ignored("no such transcription job (another stack's, or long gone)"));
        };
        let heard = self.transcriber.result(job_name, &self.bucket, &job.output_key).await?;
        let at = model::timestamp(model::now());
        let (status, reason) = match &heard {
            Heard::Words { .. } => (TranscriptStatus::Ready, None),
            Heard::Failed(reason) => (TranscriptStatus::Failed, Some(reason.clone())),
            Heard::Started { .. } => anyhow::bail!("a finished job cannot start another"),
        };
        let mut with = vec![self.store.delete_op(&job_key)?];
        if let Heard::Words { words, language } = heard {
            with.push(
                self.store.put_op(
                    &TranscriptRecord::new(
                        &job.tenant_id,
                        &job.campaign_id,
                        &job.contributor_id,
                        &job.question_id,
                        &job.take_key,
                        self.transcriber.engine(),
                        words,
                        at,
                    )
                    .in_language(&language),
                )?,
            );
        }
        let answer = AnswerRef::new(&job.tenant_id, &job.campaign_id, &job.contributor_id, &job.question_id);
        let event = storyhive_shared::webhooks::EventRecord::new(
            &job.tenant_id,
            &job.take_key,
            storyhive_shared::webhooks::EventData::AnswerReady(storyhive_shared::webhooks::AnswerReadyData {
                campaign_id: job.campaign_id.clone(),
                collaborator_id: job.contributor_id.clone(),
                question_id: job.question_id.clone(),
                transcript: transcript_word(status),
            }),
            model::now(),
        );
        with.push(self.store.put_op(&event)?);
        if answers::transcript_finished(&self.store, &answer, &job.take_key, job_name, status, reason, with).await? {
            storyhive_shared::webhooks::announce(&self.webhooks, &event.tenant_id, &event.event_id).await;
            Ok(Outcome::TranscriptStored(status))
        } else {
            // A repeated event, or the take was replaced meanwhile.
            Ok(Outcome::AlreadyDone)
        }
    }
}

/// The `answer.ready` event of a take (one per take: its key is the fact), written in the
/// transaction that settles the answer.
fn answer_ready(
    journey: &JourneyRecord,
    take_key: &str,
    status: TranscriptStatus,
) -> storyhive_shared::webhooks::EventRecord {
    storyhive_shared::webhooks::EventRecord::new(
        &journey.tenant_id,
        take_key,
        storyhive_shared::webhooks::EventData::AnswerReady(storyhive_shared::webhooks::AnswerReadyData {
            campaign_id: journey.campaign_id.clone(),
            collaborator_id: journey.contributor_id.clone(),
            question_id: journey.campaign_question_id.clone(),
            transcript: transcript_word(status),
        }),
        model::now(),
    )
}

fn transcript_word(status: TranscriptStatus) -> String {
    if status == TranscriptStatus::Ready { "ready" } else { "failed" }.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_gets_its_own_limit_cut_to_what_is_left_less_the_margin() {
        let fresh = Deadline::after(FUNCTION_TIMEOUT);
        assert_eq!(fresh.limit(TRANSCODE_LIMIT), TRANSCODE_LIMIT);
        let late = Deadline::after(SETTLE_MARGIN + Duration::from_secs(60));
        assert!(late.limit(TRANSCODE_LIMIT) <= Duration::from_secs(60));
        assert_eq!(Deadline::after(SETTLE_MARGIN).remaining(), Duration::ZERO);
        // Lambda's deadline is milliseconds since the epoch.
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap();
        let lambda = Deadline::from_epoch_millis((now + Duration::from_secs(120)).as_millis() as u64);
        let left = lambda.remaining();
        assert!(left > Duration::from_secs(95) && left <= Duration::from_secs(100), "{left:?}");
    }

    #[tokio::test]
    async fn a_tool_step_past_the_deadline_is_too_slow_not_a_hang() {
        let deadline = Deadline::after(SETTLE_MARGIN + Duration::from_millis(200));
        let started = std::time::Instant::now();
        let result: Result<(), _> = deadline.within(std::future::pending()).await;
        assert!(matches!(result, Err(ffmpeg::MediaError::Unplayable { ref reason, .. }) if reason == ffmpeg::TOO_SLOW));
        assert!(started.elapsed() < Duration::from_secs(2));
    }

    #[test]
    fn a_full_disk_is_told_from_other_faults() {
        let full = anyhow::Error::from(std::io::Error::from_raw_os_error(28)).context("downloading the original");
        assert!(disk_full(&full));
        assert!(!disk_full(&anyhow::anyhow!("GetObject: connection reset")));
        let settled = settle_error(ffmpeg::MediaError::Other(full));
        assert!(matches!(settled, ffmpeg::MediaError::Unplayable { ref reason, .. } if reason == DISK_FULL));
        let ffmpeg_full = ffmpeg::MediaError::Unplayable {
            reason: ffmpeg::UNREADABLE.into(),
            detail: "web.mp4: No space left on device".into(),
        };
        assert!(
            matches!(settle_error(ffmpeg_full), ffmpeg::MediaError::Unplayable { ref reason, .. } if reason == DISK_FULL)
        );
    }
}
