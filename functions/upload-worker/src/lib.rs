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
    campaigns::records::{CampaignRecord, QuestionRecord},
    contributors::{
        records::{JourneyRecord, MembershipRecord, ReviewStatus, UploadRecord, UploadStatus},
        stats::StatsDelta,
    },
    media::{MediaJob, MediaStatus, TakeMedia},
    model,
    queue::MediaQueue,
    search,
    storage::{keys, objects::TakeKey, to_item, AttributeValue, Store, StoreError},
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
        let journey_key = keys::journey(&parsed.tenant_id, &parsed.campaign_id, &parsed.contributor_id, question_id);
        let fresh = JourneyRecord::new(
            &parsed.tenant_id,
            &parsed.campaign_id,
            &parsed.contributor_id,
            question_id,
            model::timestamp(model::now()),
        );
        let failed =
            to_item(&std::collections::HashMap::from([("s", UploadStatus::Failed)]))?.remove("s").expect("status");
        let result = self
            .store
            .update::<JourneyRecord>(&journey_key, |u| {
                let sets = vec![
                    "uploadStatus = :failed".to_string(),
                    "failureReason = :reason".to_string(),
                    "updatedAt = :at".to_string(),
                ];
                fresh
                    .upsert(u, sets)
                    .condition_expression(
                        "attribute_not_exists(videoTakenAt) OR attribute_type(videoTakenAt, :null) OR videoTakenAt < :taken",
                    )
                    .expression_attribute_values(":null", AttributeValue::S("NULL".into()))
                    .expression_attribute_values(":failed", failed.clone())
                    .expression_attribute_values(":reason", AttributeValue::S(reason.into()))
                    .expression_attribute_values(":taken", AttributeValue::N(parsed.taken_at_ms.to_string()))
                    .expression_attribute_values(":at", AttributeValue::S(model::timestamp(model::now())))
            })
            .await;
        match result {
            Ok(_) | Err(StoreError::ConditionFailed) => Ok(Outcome::Rejected(reason.into())),
            Err(other) => Err(other.into()),
        }
    }

    /// Records the take once: the answer, the campaign's video count and the
    /// organisation's totals change in one transaction, conditioned on the answer's
    /// current take, so a duplicate delivery or a racing older take changes nothing.
    async fn record(
        &self,
        key: &str,
        parsed: &TakeKey,
        question_id: &str,
        size: i64,
        info: &probe::VideoInfo,
        device: Option<String>,
    ) -> anyhow::Result<Outcome> {
        let journey_key = keys::journey(&parsed.tenant_id, &parsed.campaign_id, &parsed.contributor_id, question_id);
        let membership_key = keys::membership(&parsed.tenant_id, &parsed.campaign_id, &parsed.contributor_id);
        for _attempt in 0..5 {
            let current = self.store.get::<JourneyRecord>(&journey_key).await?;
            if let Some(current) = current.as_ref().filter(|c| c.s3_video_key.as_deref() == Some(key)) {
                // Recorded by an earlier delivery, which may have failed to hand it on.
                let handed_on =
                    current.media.as_ref().is_some_and(|m| m.take_key == key && m.status != MediaStatus::Processing);
                if !handed_on {
                    self.queue_media(parsed, question_id, key).await?;
                }
                return Ok(Outcome::AlreadyRecorded);
            }
            if current.as_ref().is_some_and(|c| c.previous_takes.iter().any(|t| t == key)) {
                return Ok(Outcome::AlreadyRecorded);
            }
            let newer_recorded =
                current.as_ref().and_then(|c| c.video_taken_at).is_some_and(|t| t > parsed.taken_at_ms);
            if newer_recorded {
                // An older take arrived after a newer one: keep it as a previous take.
                let appended = self
                    .store
                    .update::<JourneyRecord>(&journey_key, |u| {
                        u.update_expression(
                            "SET previousTakes = list_append(if_not_exists(previousTakes, :empty), :key)",
                        )
                        .condition_expression("NOT contains(previousTakes, :k) AND s3VideoKey <> :k")
                        .expression_attribute_values(":empty", AttributeValue::L(vec![]))
                        .expression_attribute_values(":key", AttributeValue::L(vec![AttributeValue::S(key.into())]))
                        .expression_attribute_values(":k", AttributeValue::S(key.into()))
                    })
                    .await;
                return match appended {
                    Ok(_) | Err(StoreError::ConditionFailed) => Ok(Outcome::AlreadyRecorded),
                    Err(other) => Err(other.into()),
                };
            }
            let at = model::timestamp(model::now());
            let mut next = current.clone().unwrap_or_else(|| {
                JourneyRecord::new(
                    &parsed.tenant_id,
                    &parsed.campaign_id,
                    &parsed.contributor_id,
                    question_id,
                    at.clone(),
                )
            });
            if let Some(previous) = next.s3_video_key.take() {
                next.previous_takes.push(previous);
            }
            next.s3_video_key = Some(key.into());
            next.video_taken_at = Some(parsed.taken_at_ms);
            next.duration_seconds = Some((info.duration_seconds * 1000.0).round() / 1000.0);
            next.size_bytes = Some(size);
            next.width = info.width;
            next.height = info.height;
            next.container = Some(info.container.name().into());
            next.device_type = device.clone();
            next.uploaded_at = Some(at.clone());
            next.upload_status = UploadStatus::Stored;
            next.failure_reason = None;
            next.sent_for_re_recording = false;
            // A new take waits for review, whatever staff thought of the previous one.
            next.review_status = Some(ReviewStatus::New);
            next.media = Some(TakeMedia::processing(key));
            next.updated_at = at;
            let delta =
                StatsDelta::replacing(current.as_ref(), next.duration_seconds.unwrap_or(0.0), device.as_deref());
            let store = &self.store;
            let write = match current.as_ref().and_then(|c| c.video_taken_at) {
                // No take yet (or its take was deleted by staff; older data kept a null).
                None => store.update_op(&journey_key, |u| {
                    put_all(u, &next)
                        .condition_expression(
                            "attribute_not_exists(videoTakenAt) OR attribute_type(videoTakenAt, :null)",
                        )
                        .expression_attribute_values(":null", AttributeValue::S("NULL".into()))
                })?,
                Some(previous) => store.update_op(&journey_key, |u| {
                    put_all(u, &next)
                        .condition_expression("videoTakenAt = :previous")
                        .expression_attribute_values(":previous", AttributeValue::N(previous.to_string()))
                })?,
            };
            let mut ops = vec![write, delta.op(store, &parsed.tenant_id)?];
            if delta.videos != 0 {
                ops.push(store.update_op(&keys::campaign(&parsed.tenant_id, &parsed.campaign_id), |u| {
                    u.update_expression("ADD videoCount :n")
                        .condition_expression("attribute_exists(PK)")
                        .expression_attribute_values(":n", AttributeValue::N(delta.videos.to_string()))
                })?);
                ops.push(store.update_op(&membership_key, |u| {
                    u.update_expression("ADD answeredCount :n")
                        .condition_expression("attribute_exists(PK)")
                        .expression_attribute_values(":n", AttributeValue::N(delta.videos.to_string()))
                })?);
            }
            match store.transact(ops).await {
                Ok(()) => {
                    self.queue_media(parsed, question_id, key).await?;
                    let answer = &search::AnswerRef::new(
                        &parsed.tenant_id,
                        &parsed.campaign_id,
                        &parsed.contributor_id,
                        question_id,
                    );
                    search::index_answer(store, answer).await?;
                    return Ok(Outcome::Recorded);
                }
                // Another delivery or take changed the answer meanwhile: look again.
                Err(StoreError::ConditionFailed) => continue,
                Err(other) => return Err(other.into()),
            }
        }
        anyhow::bail!("the answer kept changing while recording {key}")
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

/// `SET` of every attribute of the record except its key.
fn put_all(mut update: aws_sdk_dynamodb_update::Builder, record: &JourneyRecord) -> aws_sdk_dynamodb_update::Builder {
    let item = to_item(record).unwrap_or_default();
    let mut sets = Vec::new();
    for (index, (name, value)) in item.into_iter().filter(|(name, _)| name != "PK" && name != "SK").enumerate() {
        update = update
            .expression_attribute_names(format!("#a{index}"), name)
            .expression_attribute_values(format!(":a{index}"), value);
        sets.push(format!("#a{index} = :a{index}"));
    }
    update.update_expression(format!("SET {}", sets.join(", ")))
}

/// The SDK's transaction `Update` builder, as `Store::update_op` hands it out.
mod aws_sdk_dynamodb_update {
    pub type Builder = storyhive_shared::storage::UpdateBuilder;
}
