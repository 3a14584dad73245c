//! Upload worker: the video bucket's `ObjectCreated` events arrive through SQS. Each
//! object is probed without trusting the browser (size, container, duration,
//! dimensions); a file over 500 MB or not a video is removed and its answer marked
//! failed with a reason the contributor sees; a good take is recorded against its
//! answer exactly once (a later take wins; earlier ones are kept as previous takes),
//! together with the counts the dashboard shows.

pub use storyhive_shared::media::probe;
use storyhive_shared::media::reader;

use std::time::Duration;

use anyhow::Context;
use aws_lambda_events::event::sqs::{SqsBatchResponse, SqsEvent, SqsMessage};
use futures::{stream, StreamExt};
use percent_encoding::percent_decode_str;
use serde::Deserialize;
use storyhive_shared::{
    answers,
    campaigns::records::{CampaignRecord, QuestionRecord},
    contributors::records::{MembershipRecord, UploadRecord},
    media::MediaJob,
    queue::{MediaQueue, WebhookQueue},
    search,
    storage::{keys, objects::TakeKey, Store},
    webhooks,
};

#[derive(Clone, Debug)]
pub struct UploadWorker {
    pub store: Store,
    pub s3: aws_sdk_s3::Client,
    pub bucket: String,
    /// Larger objects are refused (the spec's 500 MB; tests lower it).
    pub max_bytes: i64,
    /// Each recorded take is handed to the media worker (web-playable copy, transcript).
    pub media_queue: MediaQueue,
    /// The organisation's webhooks are told of each stored take (`answer.stored`).
    pub webhooks: WebhookQueue,
}

impl UploadWorker {
    /// The worker of a function's context (its store, bucket and media queue).
    pub fn new(context: &storyhive_shared::AppContext) -> anyhow::Result<Self> {
        Ok(Self {
            store: context.store.clone(),
            s3: context.s3()?.clone(),
            bucket: context.config.video_bucket()?.to_string(),
            max_bytes: storyhive_shared::contributors::rules::MAX_VIDEO_BYTES,
            media_queue: context.media.clone(),
            webhooks: context.webhooks.clone(),
        })
    }
}

/// What became of one object.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    Recorded,
    /// Same take delivered again, or an older take than the one recorded.
    AlreadyRecorded,
    Rejected(String),
    /// Not a contributor's upload (test uploads, unknown keys, removed contributors).
    Ignored(&'static str),
}

/// Messages of a batch probed at once (each reads its object in ranged GETs).
const CONCURRENT_MESSAGES: usize = 4;
/// The most one message may take (the function's timeout is 120 s): a message that
/// takes longer fails and is retried, instead of the whole batch timing out.
pub const MESSAGE_TIME_LIMIT: Duration = Duration::from_secs(90);

pub async fn handle(worker: &UploadWorker, event: SqsEvent) -> SqsBatchResponse {
    let failed: Vec<String> = stream::iter(event.records)
        .map(|record| async move {
            let id = record.message_id.clone().unwrap_or_default();
            match tokio::time::timeout(MESSAGE_TIME_LIMIT, handle_message(worker, &record)).await {
                Ok(Ok(())) => None,
                Ok(Err(error)) => {
                    tracing::error!(message_id = %id, error = ?error, "upload not processed; it will be retried");
                    Some(id)
                }
                Err(_) => {
                    tracing::error!(message_id = %id, "upload took too long; it will be retried");
                    Some(id)
                }
            }
        })
        .buffer_unordered(CONCURRENT_MESSAGES)
        .filter_map(|failed| async move { failed })
        .collect()
        .await;
    let mut response = SqsBatchResponse::default();
    for id in failed {
        response.add_failure(id);
    }
    response
}

async fn handle_message(worker: &UploadWorker, record: &SqsMessage) -> anyhow::Result<()> {
    let body = record.body.as_deref().context("message without a body")?;
    // S3 sends a test event when notifications are configured.
    if body.contains("\"s3:TestEvent\"") {
        return Ok(());
    }
    let event: S3Notification = serde_json::from_str(body).context("reading the S3 event")?;
    for s3 in event.records {
        let raw = s3.s3.object.key;
        // Keys in S3 events are URL-encoded with '+' for spaces.
        let key = percent_decode_str(&raw.replace('+', " ")).decode_utf8()?.into_owned();
        let outcome = worker.process(&key).await.with_context(|| format!("processing {key}"))?;
        tracing::info!(%key, ?outcome, "upload processed");
    }
    Ok(())
}

/// The part of an S3 event notification the worker reads. (Only the key: other fields,
/// such as the event time, vary in format between S3 and its emulators.)
#[derive(Debug, Deserialize)]
struct S3Notification {
    #[serde(rename = "Records", default)]
    records: Vec<S3Record>,
}

#[derive(Debug, Deserialize)]
struct S3Record {
    s3: S3Entity,
}

#[derive(Debug, Deserialize)]
struct S3Entity {
    object: S3Object,
}

#[derive(Debug, Deserialize)]
struct S3Object {
    key: String,
}

impl UploadWorker {
    pub async fn process(&self, key: &str) -> anyhow::Result<Outcome> {
        // Only takes are notified (the template's filter); a stray event changes nothing.
        let Some(parsed) = TakeKey::parse(key) else {
            return Ok(Outcome::Ignored("not a contributor video key"));
        };
        let head = match self.s3.head_object().bucket(&self.bucket).key(key).send().await {
            Ok(head) => head,
            Err(error) if error.as_service_error().is_some_and(|e| e.is_not_found()) => {
                return Ok(Outcome::Ignored("the object is gone"));
            }
            Err(error) => return Err(anyhow::Error::new(error).context("HeadObject")),
        };
        let size = head.content_length.unwrap_or(0);
        let upload = self.store.get::<UploadRecord>(&keys::upload(&parsed.tenant_id, &parsed.campaign_id, key)).await?;
        let question_id = upload
            .as_ref()
            .map(|u| u.campaign_question_id.clone())
            .or_else(|| head.metadata.as_ref().and_then(|m| m.get("campaign-question-id").cloned()));
        let Some(question_id) = question_id else { return Ok(Outcome::Ignored("no upload was started for this key")) };
        let membership_key = keys::membership(&parsed.tenant_id, &parsed.campaign_id, &parsed.contributor_id);
        let campaign_key = keys::campaign(&parsed.tenant_id, &parsed.campaign_id);
        let question_key = keys::question(&parsed.tenant_id, &parsed.campaign_id, &question_id);
        let mut found =
            self.store.batch_get(&[membership_key.clone(), campaign_key.clone(), question_key.clone()]).await?;
        let membership: Option<MembershipRecord> = found
            .remove(&(membership_key.pk, membership_key.sk))
            .map(storyhive_shared::storage::from_item)
            .transpose()?;
        let campaign: Option<CampaignRecord> =
            found.remove(&(campaign_key.pk, campaign_key.sk)).map(storyhive_shared::storage::from_item).transpose()?;
        let question: Option<QuestionRecord> =
            found.remove(&(question_key.pk, question_key.sk)).map(storyhive_shared::storage::from_item).transpose()?;
        if membership.is_none() || campaign.is_none() || question.is_none() {
            // The contributor, the campaign or the question was removed while uploading:
            // keep nothing (an answer to a deleted question would be an orphan).
            self.delete_object(key).await?;
            return Ok(Outcome::Ignored("the contributor, campaign or question was removed"));
        }

        if size > self.max_bytes {
            return self
                .reject(
                    key,
                    &parsed,
                    &question_id,
                    "The video is larger than 500 MB. Please record a shorter answer or upload a smaller file.",
                )
                .await;
        }
        let probed = {
            let s3 = self.s3.clone();
            let (bucket, object, handle) = (self.bucket.clone(), key.to_string(), tokio::runtime::Handle::current());
            tokio::task::spawn_blocking(move || {
                let mut source = reader::S3Reader::new(handle, s3, bucket, object, size as u64);
                probe::probe(&mut source)
            })
            .await?
        };
        let info = match probed {
            Ok(info) => info,
            // Shorter than its own structure says: a truncated file is a failed take,
            // not a passing fault to retry.
            Err(probe::ProbeError::Io(error)) if error.kind() == std::io::ErrorKind::UnexpectedEof => {
                return self
                    .reject(
                        key,
                        &parsed,
                        &question_id,
                        "The video file is incomplete and could not be read. Please record it again.",
                    )
                    .await
            }
            Err(probe::ProbeError::Io(error)) => return Err(anyhow::Error::new(error).context("reading the object")),
            Err(probe::ProbeError::NotAVideo) => {
                return self
                    .reject(key, &parsed, &question_id, "The file is not a video. Please upload a video file.")
                    .await
            }
            Err(probe::ProbeError::NoVideoTrack) => {
                return self.reject(key, &parsed, &question_id, "The file has no picture. Please upload a video.").await
            }
            Err(probe::ProbeError::Damaged(_)) => {
                return self
                    .reject(
                        key,
                        &parsed,
                        &question_id,
                        "The video file is damaged and could not be read. Please record it again.",
                    )
                    .await
            }
        };
        let limit = question.as_ref().and_then(|q| q.time_limit_seconds);
        if let Some(reason) = storyhive_shared::campaigns::rules::over_time_limit(limit, info.duration_seconds) {
            return self.reject(key, &parsed, &question_id, &reason).await;
        }
        let device = upload.as_ref().and_then(|u| u.device_type.clone());
        self.record(key, &parsed, &question_id, size, &info, device).await
    }

    async fn delete_object(&self, key: &str) -> anyhow::Result<()> {
        self.s3.delete_object().bucket(&self.bucket).key(key).send().await.context("DeleteObject")?;
        Ok(())
    }

    /// Removes the object and, unless a later take is already recorded, marks the
    /// answer failed.
    async fn reject(&self, key: &str, parsed: &TakeKey, question_id: &str, reason: &str) -> anyhow::Result<Outcome> {
        self.delete_object(key).await?;
        answers::take_rejected(&self.store, &answer_of(parsed, question_id), parsed.taken_at_ms, reason).await?;
        Ok(Outcome::Rejected(reason.into()))
    }

    /// Records the take once (`answers::take_stored`: the answer and the figures it
    /// counts in, in one transaction), then hands it to the media worker.
    async fn record(
        &self,
        key: &str,
        parsed: &TakeKey,
        question_id: &str,
        size: i64,
        info: &probe::VideoInfo,
        device: Option<String>,
    ) -> anyhow::Result<Outcome> {
        let take = answers::NewTake {
            key: key.into(),
            taken_at_ms: parsed.taken_at_ms,
            duration_seconds: info.duration_seconds,
            size_bytes: size,
            width: info.width,
            height: info.height,
            container: info.container.name().into(),
            device_type: device,
        };
        let first_answer = || {
            storyhive_shared::contributors::write::first_answer_stored(
                &self.store,
                &parsed.tenant_id,
                &parsed.campaign_id,
                &parsed.contributor_id,
            )
        };
        match answers::take_stored(&self.store, &answer_of(parsed, question_id), &take).await? {
            answers::Stored::Recorded => {
                first_answer().await?;
                self.queue_media(parsed, question_id, key).await?;
                self.announce_stored(parsed, question_id, key, info).await?;
                Ok(Outcome::Recorded)
            }
            // Recorded by an earlier delivery, which may have failed to count it or hand it on.
            answers::Stored::AlreadyRecorded { handed_on } => {
                first_answer().await?;
                if !handed_on {
                    self.queue_media(parsed, question_id, key).await?;
                }
                // The event of this take, if the earlier delivery did not get to record it.
                self.announce_stored(parsed, question_id, key, info).await?;
                Ok(Outcome::AlreadyRecorded)
            }
            answers::Stored::KeptAsPrevious => Ok(Outcome::AlreadyRecorded),
        }
    }

    /// Hands a recorded take to the media worker (a repeat is harmless: it converts a
    /// take once).
    async fn queue_media(&self, parsed: &TakeKey, question_id: &str, key: &str) -> anyhow::Result<()> {
        self.media_queue
            .send(&MediaJob::Take {
                tenant_id: parsed.tenant_id.clone(),
                campaign_id: parsed.campaign_id.clone(),
                contributor_id: parsed.contributor_id.clone(),
                question_id: question_id.into(),
                take_key: key.into(),
            })
            .await
    }
}

impl UploadWorker {
    /// `answer.stored`, once per take (its key is the fact: a repeat records nothing).
    async fn announce_stored(
        &self,
        parsed: &TakeKey,
        question_id: &str,
        key: &str,
        info: &probe::VideoInfo,
    ) -> anyhow::Result<()> {
        let taken_at = time::OffsetDateTime::from_unix_timestamp_nanos(parsed.taken_at_ms as i128 * 1_000_000)
            .map(storyhive_shared::model::timestamp)
            .unwrap_or_default();
        let data = webhooks::EventData::AnswerStored(webhooks::AnswerStoredData {
            campaign_id: parsed.campaign_id.clone(),
            collaborator_id: parsed.contributor_id.clone(),
            question_id: question_id.into(),
            taken_at,
            duration_seconds: info.duration_seconds,
        });
        webhooks::emit(&self.store, &self.webhooks, &parsed.tenant_id, key, data).await?;
        Ok(())
    }
}

fn answer_of(parsed: &TakeKey, question_id: &str) -> search::AnswerRef {
    search::AnswerRef::new(&parsed.tenant_id, &parsed.campaign_id, &parsed.contributor_id, question_id)
}
