//! The answer's life: the one place that writes an answer (the journey record,
//! `keys::journey`). Each state change is one function here, which writes the record
//! and the figures it counts in (the organisation's totals, the campaign's video count,
//! the collaborator's answered count) in one transaction, then, when search shows what
//! changed, rebuilds the answer's search entries once.
//!
//! Search is a follow-up, not part of the transaction: an answer has an entry per word
//! said, far more than a transaction's 100 items. `search::index_answer` rebuilds the
//! entries from the records and can be repeated, so a transition that finds itself
//! already done (a redelivered message, a retried request) rebuilds them again: a
//! rebuild lost to a crash is made by the repeat.
//!
//! The states:
//! - upload ([`UploadStatus`]): none, uploading, stored, failed;
//! - media of the current take ([`MediaStatus`]): processing, ready, failed, and its
//!   transcript ([`TranscriptStatus`]);
//! - review ([`ReviewStatus`]): new, approved, sent back;
//! - deleted: the take removed ([`Removal::KeepRecord`]) or the answer with it.

mod fields;

pub use fields::AnswerField;

pub use crate::{
    contributors::records::{ReviewStatus, UploadStatus},
    media::{MediaStatus, TranscriptStatus},
};
use crate::{
    contributors::{
        records::{JourneyRecord, MembershipRecord, VideoConfig},
        stats::StatsDelta,
    },
    media::TakeMedia,
    model,
    search::{self, AnswerRef},
    storage::{
        keys,
        update::{Condition, Field, Update},
        AttributeValue, Key, Store, StoreError, StoreResult, TransactWriteItem,
    },
};

use AnswerField as A;

/// The answer's item.
pub fn key(answer: &AnswerRef) -> Key {
    keys::journey(&answer.tenant_id, &answer.campaign_id, &answer.contributor_id, &answer.question_id)
}

/// The answer as stored, if any.
pub async fn get(store: &Store, answer: &AnswerRef) -> StoreResult<Option<JourneyRecord>> {
    store.get(&key(answer)).await
}

fn now() -> String {
    model::timestamp(model::now())
}

/// The attributes every answer has, for an update that may create it: set only if absent,
/// so what other transitions keep is never overwritten.
fn creating(answer: &AnswerRef, update: Update<AnswerField>) -> Update<AnswerField> {
    let mut update = update;
    let texts = [
        (A::EntityType, JourneyRecord::ENTITY),
        (A::TenantId, answer.tenant_id.as_str()),
        (A::CampaignId, answer.campaign_id.as_str()),
        (A::ContributorId, answer.contributor_id.as_str()),
        (A::CampaignQuestionId, answer.question_id.as_str()),
    ];
    for (field, text) in texts {
        if !update.writes(field) {
            update = update.set_if_absent(field, text);
        }
    }
    if !update.writes(A::UploadStatus) {
        update = update.set_if_absent(A::UploadStatus, &UploadStatus::None);
    }
    if !update.writes(A::SentForReRecording) {
        update = update.set_if_absent(A::SentForReRecording, &false);
    }
    if !update.writes(A::PreviousTakes) {
        update = update.set_if_absent(A::PreviousTakes, &Vec::<String>::new());
    }
    update
}

/// The owner name this module writes under (`storage::owner`).
pub const WRITER: &str = "answers";

/// Whether the running task is writing through this module.
pub fn writing() -> bool {
    crate::storage::owner::current() == Some(WRITER)
}

async fn owned<T>(write: impl std::future::Future<Output = T>) -> T {
    crate::storage::owner::writing_as(WRITER, write).await
}

async fn reindex(store: &Store, answer: &AnswerRef) -> StoreResult<()> {
    search::index_answer(store, answer).await
}

/// Writes `update` to the answer with the transaction steps `with`; once it holds, rebuilds
/// the answer's search entries. False when its condition no longer holds (a repeat, or the
/// take was replaced meanwhile): nothing written, nothing rebuilt.
async fn settle(
    store: &Store,
    answer: &AnswerRef,
    update: Update<AnswerField>,
    with: Vec<TransactWriteItem>,
) -> StoreResult<bool> {
    let mut ops = vec![store.apply_op(&key(answer), update)?];
    ops.extend(with);
    match owned(store.transact(ops)).await {
        Ok(()) => {
            reindex(store, answer).await?;
            Ok(true)
        }
        Err(StoreError::ConditionFailed) => Ok(false),
        Err(other) => Err(other),
    }
}

/// A transition found already done (a repeated message or request): the search rebuild
/// that followed it may have been lost, so it is made again.
pub async fn repeated(store: &Store, answer: &AnswerRef) -> StoreResult<()> {
    reindex(store, answer).await
}

// ---- Uploads (the collaborator's browser) ----

async fn mark_upload(store: &Store, answer: &AnswerRef, status: UploadStatus) -> StoreResult<()> {
    let update =
        Update::new().set(A::UploadStatus, &status).set(A::FailureReason, &None::<String>).set(A::UpdatedAt, &now());
    owned(store.apply::<JourneyRecord, _>(&key(answer), creating(answer, update))).await?;
    Ok(())
}

/// An upload started: the answer shows "uploading" (what the upload worker keeps stays).
pub async fn upload_started(store: &Store, answer: &AnswerRef) -> StoreResult<()> {
    mark_upload(store, answer, UploadStatus::Uploading).await
}

/// An upload was cancelled: the answer shows its stored take again, or none.
pub async fn upload_cancelled(store: &Store, answer: &AnswerRef) -> StoreResult<()> {
    let has_take = get(store, answer).await?.is_some_and(|r| r.s3_video_key.is_some());
    mark_upload(store, answer, if has_take { UploadStatus::Stored } else { UploadStatus::None }).await
}

/// The collaborator's own settings of the answer (any that are given).
#[derive(Debug, Default, Clone)]
pub struct Details {
    /// Emoji escaped.
    pub script: Option<String>,
    pub video_config: Option<VideoConfig>,
    pub re_recording_status: Option<String>,
}

/// The collaborator saved their script, teleprompter settings or re-recording status.
/// Search shows none of these: no rebuild.
pub async fn details_saved(store: &Store, answer: &AnswerRef, details: &Details) -> StoreResult<JourneyRecord> {
    let mut update = Update::new().set(A::UpdatedAt, &now());
    if let Some(script) = &details.script {
        update = update.set(A::ContributorScript, script);
    }
    if let Some(config) = &details.video_config {
        update = update.set(A::VideoConfig, config);
    }
    if let Some(status) = &details.re_recording_status {
        update = update.set(A::CollaboratorReRecordingStatus, status);
    }
    owned(store.apply(&key(answer), creating(answer, update))).await
}

// ---- Takes (the upload worker) ----

/// A take the upload worker read and accepted.
#[derive(Debug, Clone)]
pub struct NewTake {
    pub key: String,
    /// When it was recorded (milliseconds, from its key): a later take wins.
    pub taken_at_ms: i64,
    pub duration_seconds: f64,
    pub size_bytes: i64,
    pub width: Option<u32>,
    pub height: Option<u32>,
    pub container: String,
    pub device_type: Option<String>,
}

/// What became of a take the upload worker hands over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stored {
    /// It is the answer's take now, waiting for the media worker.
    Recorded,
    /// It already was (a repeated delivery); `handed_on`: the media worker has had it.
    AlreadyRecorded { handed_on: bool },
    /// An older take than the answer's: kept as a previous take.
    KeptAsPrevious,
}

/// A take was uploaded and read: it becomes the answer's take (unless a later one is),
/// new for review, processing; the figures count it. One transaction conditioned on the
/// take read, so a repeated delivery or a racing take changes nothing twice.
pub async fn take_stored(store: &Store, answer: &AnswerRef, take: &NewTake) -> StoreResult<Stored> {
    let journey_key = key(answer);
    let membership_key = keys::membership(&answer.tenant_id, &answer.campaign_id, &answer.contributor_id);
    for _attempt in 0..5 {
        let current = store.get::<JourneyRecord>(&journey_key).await?;
        if let Some(current) = current.as_ref().filter(|c| c.s3_video_key.as_deref() == Some(take.key.as_str())) {
            // Recorded by an earlier delivery, whose follow-ups may not have happened.
            let handed_on =
                current.media.as_ref().is_some_and(|m| m.take_key == take.key && m.status != MediaStatus::Processing);
            reindex(store, answer).await?;
            return Ok(Stored::AlreadyRecorded { handed_on });
        }
        if current.as_ref().is_some_and(|c| c.previous_takes.contains(&take.key)) {
            return Ok(Stored::KeptAsPrevious);
        }
        if current.as_ref().and_then(|c| c.video_taken_at).is_some_and(|t| t > take.taken_at_ms) {
            // An older take arrived after a newer one: keep it as a previous take.
            let update = Update::new()
                .append(A::PreviousTakes, std::slice::from_ref(&take.key))
                .when(Condition::contains(A::PreviousTakes, &take.key).not())
                .when(Condition::ne(A::S3VideoKey, &take.key));
            return match owned(store.apply::<JourneyRecord, _>(&journey_key, update)).await {
                Ok(_) | Err(StoreError::ConditionFailed) => Ok(Stored::KeptAsPrevious),
                Err(other) => Err(other),
            };
        }
        let at = now();
        let duration = (take.duration_seconds * 1000.0).round() / 1000.0;
        let mut update = Update::new();
        if let Some(previous) = current.as_ref().and_then(|c| c.s3_video_key.clone()) {
            update = update.append(A::PreviousTakes, &[previous]);
        }
        update = update
            .set(A::S3VideoKey, &take.key)
            .set(A::VideoTakenAt, &take.taken_at_ms)
            .set(A::DurationSeconds, &duration)
            .set(A::SizeBytes, &take.size_bytes)
            .set(A::Width, &take.width)
            .set(A::Height, &take.height)
            .set(A::Container, &take.container)
            .set(A::DeviceType, &take.device_type)
            .set(A::UploadedAt, &at)
            .set(A::UploadStatus, &UploadStatus::Stored)
            .set(A::FailureReason, &None::<String>)
            .set(A::SentForReRecording, &false)
            // A new take waits for review, whatever staff thought of the previous one.
            .set(A::ReviewStatus, &ReviewStatus::New)
            .set(A::Media, &TakeMedia::processing(&take.key))
            .set(A::UpdatedAt, &at);
        update = creating(answer, update).when(match current.as_ref().and_then(|c| c.video_taken_at) {
            // No take yet (or its take was deleted; older data kept a null).
            None => Condition::AbsentOrNull(A::VideoTakenAt),
            Some(previous) => Condition::eq(A::VideoTakenAt, &previous),
        });
        let delta = StatsDelta::replacing(current.as_ref(), duration, take.device_type.as_deref());
        let mut ops = vec![store.apply_op(&journey_key, update)?, delta.op(store, &answer.tenant_id)?];
        if delta.videos != 0 {
            ops.push(count_op(
                store,
                &keys::campaign(&answer.tenant_id, &answer.campaign_id),
                Counter::CampaignVideos,
                delta.videos,
            )?);
            ops.push(count_op(store, &membership_key, Counter::MembershipAnswers, delta.videos)?);
        }
        match owned(store.transact(ops)).await {
            Ok(()) => {
                reindex(store, answer).await?;
                return Ok(Stored::Recorded);
            }
            // Another delivery or take changed the answer meanwhile: look again.
            Err(StoreError::ConditionFailed) => continue,
            Err(other) => return Err(other),
        }
    }
    Err(StoreError::Other(anyhow::anyhow!("the answer kept changing while recording {}", take.key)))
}

/// A take could not be read: the answer shows why, unless a later take is recorded.
/// Search shows stored takes only: no rebuild.
pub async fn take_rejected(store: &Store, answer: &AnswerRef, taken_at_ms: i64, reason: &str) -> StoreResult<()> {
    let update = Update::new()
        .set(A::UploadStatus, &UploadStatus::Failed)
        .set(A::FailureReason, reason)
        .set(A::UpdatedAt, &now());
    let update = creating(answer, update)
        .when(Condition::AbsentOrNull(A::VideoTakenAt).or(Condition::lt(A::VideoTakenAt, &taken_at_ms)));
    match owned(store.apply::<JourneyRecord, _>(&key(answer), update)).await {
        Ok(_) | Err(StoreError::ConditionFailed) => Ok(()),
        Err(other) => Err(other),
    }
}

// ---- Media (the media worker) ----

/// A media worker takes the answer's take to convert it (a lease until `until`, Unix
/// seconds): one conditional write, so of two deliveries only one converts. False: the
/// take was replaced, is done, or another live claim holds it.
pub async fn processing_claimed(
    store: &Store,
    journey: &JourneyRecord,
    take_key: &str,
    claim_id: &str,
    now: i64,
    until: i64,
) -> StoreResult<bool> {
    let answer = AnswerRef::of_journey(journey);
    let ours = journey.media.as_ref().is_some_and(|m| m.take_key == take_key);
    let update = if ours {
        Update::new()
            .set(A::MediaClaimedUntil, &until)
            .set(A::MediaClaimId, claim_id)
            .when(Condition::eq(A::S3VideoKey, take_key))
            .when(Condition::eq(A::MediaTakeKey, take_key))
            .when(Condition::eq(A::MediaStatus, &MediaStatus::Processing))
            .when(lease_over(now))
    } else {
        // Recorded before media processing existed (or a state of an older take).
        let mut fresh = TakeMedia::processing(take_key);
        fresh.claimed_until = Some(until);
        fresh.claim_id = Some(claim_id.into());
        Update::new()
            .set(A::Media, &fresh)
            .when(Condition::eq(A::S3VideoKey, take_key))
            .when(Condition::AbsentOrNull(A::Media).or(Condition::ne(A::MediaTakeKey, take_key)))
    };
    match owned(store.apply::<JourneyRecord, _>(&key(&answer), update)).await {
        Ok(_) => Ok(true),
        Err(StoreError::ConditionFailed) => Ok(false),
        Err(other) => Err(other),
    }
}

fn lease_over(now: i64) -> Condition<AnswerField> {
    Condition::AbsentOrNull(A::MediaClaimedUntil).or(Condition::lt(A::MediaClaimedUntil, &now))
}

/// A passing fault: the claim is let go so that the retry can take the take at once.
pub async fn claim_released(store: &Store, answer: &AnswerRef, claim_id: &str) -> StoreResult<()> {
    let update = Update::new()
        .remove(A::MediaClaimedUntil)
        .remove(A::MediaClaimId)
        .when(Condition::eq(A::MediaClaimId, claim_id));
    match owned(store.apply::<JourneyRecord, _>(&key(answer), update)).await {
        Ok(_) | Err(StoreError::ConditionFailed) => Ok(()),
        Err(other) => Err(other),
    }
}

/// The claimed take's media settle (`media`), with `with` (its transcript, or the
/// transcription job's pointer) in the same transaction, conditioned on this claim.
/// False: the take was replaced meanwhile (nothing written).
async fn media_settled(
    store: &Store,
    answer: &AnswerRef,
    take_key: &str,
    claim_id: &str,
    media: &TakeMedia,
    with: Vec<TransactWriteItem>,
) -> StoreResult<bool> {
    let update = Update::new()
        .set(A::Media, media)
        .set(A::UpdatedAt, &now())
        .when(Condition::eq(A::S3VideoKey, take_key))
        .when(Condition::eq(A::MediaClaimId, claim_id));
    settle(store, answer, update, with).await
}

/// The take was converted: its web copy and poster are ready (`media`), its transcript
/// stored or under way (`with`).
pub async fn media_ready(
    store: &Store,
    answer: &AnswerRef,
    take_key: &str,
    claim_id: &str,
    media: &TakeMedia,
    with: Vec<TransactWriteItem>,
) -> StoreResult<bool> {
    media_settled(store, answer, take_key, claim_id, media, with).await
}

fn failed_media(take_key: &str, reason: &str) -> TakeMedia {
    let mut media = TakeMedia::processing(take_key);
    media.status = MediaStatus::Failed;
    media.failure_reason = Some(reason.into());
    media
}

/// The take cannot be converted, for `reason` (in words for staff).
pub async fn media_failed(
    store: &Store,
    answer: &AnswerRef,
    take_key: &str,
    claim_id: &str,
    reason: &str,
) -> StoreResult<bool> {
    media_settled(store, answer, take_key, claim_id, &failed_media(take_key, reason), Vec::new()).await
}

/// The worker's attempts are spent: a take still processing (held by no live claim)
/// ends failed. False: done meanwhile, replaced, or held by a live claim.
pub async fn media_gave_up(
    store: &Store,
    answer: &AnswerRef,
    take_key: &str,
    reason: &str,
    now: i64,
) -> StoreResult<bool> {
    let update = Update::new()
        .set(A::Media, &failed_media(take_key, reason))
        .set(A::UpdatedAt, &self::now())
        .when(Condition::eq(A::S3VideoKey, take_key))
        .when(
            Condition::AbsentOrNull(A::Media).or(Condition::ne(A::MediaTakeKey, take_key)).or(Condition::eq(
                A::MediaStatus,
                &MediaStatus::Processing,
            )
            .and(lease_over(now))),
        );
    settle(store, answer, update, Vec::new()).await
}

/// A transcription job of the take ended with `status` (ready or failed, and why), its
/// words in `with`. Once: conditioned on the job still being the take's. False: a
/// repeated event, or the take was replaced meanwhile.
pub async fn transcript_finished(
    store: &Store,
    answer: &AnswerRef,
    take_key: &str,
    job_name: &str,
    status: TranscriptStatus,
    reason: Option<String>,
    with: Vec<TransactWriteItem>,
) -> StoreResult<bool> {
    let update = Update::new()
        .set(A::MediaTranscriptStatus, &status)
        .set(A::MediaTranscriptFailureReason, &reason)
        .set(A::UpdatedAt, &now())
        .remove(A::MediaTranscriptionJob)
        .when(Condition::eq(A::S3VideoKey, take_key))
        .when(Condition::eq(A::MediaTakeKey, take_key))
        .when(Condition::eq(A::MediaTranscriptionJob, job_name));
    settle(store, answer, update, with).await
}

/// Staff ask for a failed conversion again: the take shows "processing". Only the
/// current take, only from "failed": of two retries at once, one wins (true). No search
/// rebuild: search shows the failure until the media worker settles the take again
/// (`media_ready`/`media_failed` rebuild), as the function that queues the retry has no
/// grant to write search entries.
pub async fn retry_requested(store: &Store, answer: &AnswerRef, take_key: &str) -> StoreResult<bool> {
    let update = Update::new()
        .set(A::Media, &TakeMedia::processing(take_key))
        .set(A::UpdatedAt, &now())
        .when(Condition::eq(A::S3VideoKey, take_key))
        .when(Condition::eq(A::MediaTakeKey, take_key))
        .when(Condition::eq(A::MediaStatus, &MediaStatus::Failed));
    match owned(store.apply::<JourneyRecord, _>(&key(answer), update)).await {
        Ok(_) => Ok(true),
        Err(StoreError::ConditionFailed) => Ok(false),
        Err(other) => Err(other),
    }
}

/// The retry could not be queued: the take shows failed again, so staff can retry later.
pub async fn retry_not_queued(store: &Store, answer: &AnswerRef, take_key: &str, reason: &str) -> StoreResult<()> {
    let update = Update::new()
        .set(A::MediaStatus, &MediaStatus::Failed)
        .set(A::MediaFailureReason, reason)
        .when(Condition::eq(A::S3VideoKey, take_key))
        .when(Condition::eq(A::MediaTakeKey, take_key))
        .when(Condition::eq(A::MediaStatus, &MediaStatus::Processing));
    match owned(store.apply::<JourneyRecord, _>(&key(answer), update)).await {
        Ok(_) | Err(StoreError::ConditionFailed) => Ok(()),
        Err(other) => Err(other),
    }
}

// ---- Review (staff) ----

/// What came of a review.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reviewed {
    Done,
    /// The answer has no take to review.
    NoTake,
    /// It was sent back for re-recording: a new take is awaited.
    SentBack,
    /// It kept changing while being reviewed.
    ChangedMeanwhile,
}

/// Staff approve the take, or mark it new again; the pending figure follows.
pub async fn reviewed(store: &Store, answer: &AnswerRef, wanted: ReviewStatus) -> StoreResult<Reviewed> {
    let journey_key = key(answer);
    for _attempt in 0..3 {
        let Some(journey) = store.get::<JourneyRecord>(&journey_key).await? else { return Ok(Reviewed::NoTake) };
        let Some(take) = journey.s3_video_key.clone() else { return Ok(Reviewed::NoTake) };
        let current = journey.review_status.unwrap_or(ReviewStatus::New);
        if current == ReviewStatus::SentBack || journey.sent_for_re_recording {
            return Ok(Reviewed::SentBack);
        }
        if current == wanted {
            // Also a retry after the rebuild below failed: search catches up.
            reindex(store, answer).await?;
            return Ok(Reviewed::Done);
        }
        // The take and review read: a new take (or another review) meanwhile is read again.
        let update = Update::new()
            .set(A::ReviewStatus, &wanted)
            .set(A::UpdatedAt, &now())
            .when(Condition::eq(A::S3VideoKey, &take))
            .when(match journey.review_status {
                Some(was) => Condition::eq(A::ReviewStatus, &was),
                None => Condition::AbsentOrNull(A::ReviewStatus),
            });
        let delta = StatsDelta::reviewing(&journey, wanted == ReviewStatus::New);
        let mut ops = vec![store.apply_op(&journey_key, update)?];
        if !delta.is_empty() {
            ops.push(delta.op(store, &answer.tenant_id)?);
        }
        match owned(store.transact(ops)).await {
            Ok(()) => {
                reindex(store, answer).await?;
                return Ok(Reviewed::Done);
            }
            Err(StoreError::ConditionFailed) => continue,
            Err(other) => return Err(other),
        }
    }
    Ok(Reviewed::ChangedMeanwhile)
}

/// Staff send answers back to be recorded again: each answer flagged (its take no
/// longer pending), the collaborator's journey reopened, in one transaction
/// conditioned on the takes read (a new take meanwhile: read again). False: the answers
/// kept changing. The search rebuild is best effort: the answers are sent back.
pub async fn sent_back(store: &Store, membership: &MembershipRecord, question_ids: &[String]) -> StoreResult<bool> {
    let (tenant_id, campaign_id, contributor_id) =
        (&membership.tenant_id, &membership.campaign_id, &membership.contributor_id);
    let answers: Vec<AnswerRef> =
        question_ids.iter().map(|q| AnswerRef::new(tenant_id, campaign_id, contributor_id, q)).collect();
    for _attempt in 0..3 {
        let journeys = crate::contributors::repo::journeys_of(store, tenant_id, campaign_id, contributor_id).await?;
        let at = now();
        let mut ops = Vec::new();
        let mut pending = StatsDelta::default();
        for answer in &answers {
            let current = journeys.iter().find(|j| j.campaign_question_id == answer.question_id);
            let mut update = Update::new().set(A::SentForReRecording, &true).set(A::UpdatedAt, &at);
            if let Some(current) = current {
                pending.pending += StatsDelta::reviewing(current, false).pending;
                if current.s3_video_key.is_some() {
                    update = update.set(A::ReviewStatus, &ReviewStatus::SentBack);
                }
            }
            let update = creating(answer, update).when(match current.and_then(|c| c.video_taken_at) {
                Some(taken) => Condition::eq(A::VideoTakenAt, &taken),
                None => Condition::Not(Box::new(Condition::Exists(A::VideoTakenAt))),
            });
            ops.push(store.apply_op(&key(answer), update)?);
        }
        if pending.pending != 0 {
            ops.push(pending.op(store, tenant_id)?);
        }
        let reopened = Update::new()
            .remove(MembershipField::SubmittedAt)
            .set(MembershipField::UpdatedAt, &at)
            .when(Condition::ItemExists);
        ops.push(store.apply_op(&membership.key(), reopened)?);
        match owned(store.transact(ops)).await {
            Ok(()) => {
                if let Err(error) = search::index_answers(store, answers).await {
                    // Search shows them as sent back at the next change of these answers.
                    tracing::error!(?error, "re-record: the search index was not updated");
                }
                return Ok(true);
            }
            Err(StoreError::ConditionFailed) => continue,
            Err(other) => return Err(other),
        }
    }
    Ok(false)
}

// ---- Deletion ----

/// What becomes of the answer when its take is deleted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Removal {
    /// The answer goes (question deleted, contributor removed with their answers).
    Record,
    /// The answer stays (script, settings) without a take, ready to be recorded again.
    KeepRecord,
}

/// Attributes of a take, removed (not set to null) so the answer reads as never
/// recorded: a first take's condition is that there is no `videoTakenAt`.
const TAKE_ATTRIBUTES: &[AnswerField] = &[
    A::S3VideoKey,
    A::VideoTakenAt,
    A::DurationSeconds,
    A::SizeBytes,
    A::Width,
    A::Height,
    A::Container,
    A::UploadedAt,
    A::FailureReason,
    A::ReviewStatus,
    A::Media,
];

/// The counters outside the answer that count its take.
#[derive(Debug, Clone, Copy)]
enum Counter {
    CampaignVideos,
    MembershipAnswers,
}

impl Field for Counter {
    fn path(self) -> &'static [&'static str] {
        match self {
            Counter::CampaignVideos => &["videoCount"],
            Counter::MembershipAnswers => &["answeredCount"],
        }
    }
}

/// Attributes of the membership a transition of its answers changes.
#[derive(Debug, Clone, Copy)]
enum MembershipField {
    SubmittedAt,
    UpdatedAt,
}

impl Field for MembershipField {
    fn path(self) -> &'static [&'static str] {
        match self {
            MembershipField::SubmittedAt => &["submittedAt"],
            MembershipField::UpdatedAt => &["updatedAt"],
        }
    }
}

fn count_op(store: &Store, key: &Key, counter: Counter, by: i64) -> StoreResult<TransactWriteItem> {
    store.apply_op(key, Update::new().add(counter, &by).when(Condition::ItemExists))
}

/// Deletes `journey`'s take with every figure it counts in (the organisation's totals,
/// the campaign's video count if `count_in_campaign`, the collaborator's answered count)
/// and its transcript, and with [`Removal::Record`] the answer. (Its objects in S3 are
/// removed by the caller, which holds the bucket: `storage::objects::objects_of_take`.) One
/// transaction conditioned on the take read, so a repeat (a retried delete, a
/// redelivered cascade job) changes nothing. True: this call removed it (false: someone
/// else did first). An answer without a take is deleted (or left alone) without
/// touching any figure.
pub async fn take_deleted(
    store: &Store,
    journey: &JourneyRecord,
    removal: Removal,
    count_in_campaign: bool,
) -> StoreResult<bool> {
    let answer = AnswerRef::of_journey(journey);
    let journey_key = key(&answer);
    let Some(take) = journey.s3_video_key.clone() else {
        if removal == Removal::Record {
            owned(store.delete(&journey_key)).await?;
        }
        return Ok(false);
    };
    let membership_key = keys::membership(&journey.tenant_id, &journey.campaign_id, &journey.contributor_id);
    let campaign_key = keys::campaign(&journey.tenant_id, &journey.campaign_id);
    let (mut with_membership, mut with_campaign) = (true, count_in_campaign);
    for _attempt in 0..3 {
        let is_take = Condition::eq(A::S3VideoKey, &take);
        let answer_op = match removal {
            Removal::Record => store.delete_when_op(&journey_key, is_take)?,
            Removal::KeepRecord => {
                let update = TAKE_ATTRIBUTES.iter().fold(Update::new(), |u, field| u.remove(*field));
                let update = update
                    .set(A::UploadStatus, &UploadStatus::None)
                    .set(A::PreviousTakes, &Vec::<String>::new())
                    .set(A::UpdatedAt, &now())
                    .when(is_take);
                store.apply_op(&journey_key, update)?
            }
        };
        let mut ops = vec![answer_op, StatsDelta::removing(journey).op(store, &journey.tenant_id)?];
        if with_campaign {
            ops.push(count_op(store, &campaign_key, Counter::CampaignVideos, -1)?);
        }
        if with_membership {
            ops.push(count_op(store, &membership_key, Counter::MembershipAnswers, -1)?);
        }
        match owned(store.transact(ops)).await {
            Ok(()) => {
                // The removed take's transcript goes with it (a newer take's stays).
                let transcript = keys::transcript(
                    &journey.tenant_id,
                    &journey.campaign_id,
                    &journey.contributor_id,
                    &journey.campaign_question_id,
                );
                match store
                    .delete_if(&transcript, "takeKey = :take", &[(":take", AttributeValue::S(take.clone()))])
                    .await
                {
                    Ok(()) | Err(StoreError::ConditionFailed) => {}
                    Err(other) => return Err(other),
                }
                reindex(store, &answer).await?;
                return Ok(true);
            }
            Err(StoreError::ConditionFailed) => {
                // Which condition failed? The take may be gone (removed meanwhile), or the
                // membership or campaign holding a count (then there is no count to keep).
                let current = store.get::<JourneyRecord>(&journey_key).await?;
                if current.and_then(|c| c.s3_video_key).as_deref() != Some(take.as_str()) {
                    return Ok(false);
                }
                let found = store.batch_get(&[membership_key.clone(), campaign_key.clone()]).await?;
                with_membership &= found.contains_key(&(membership_key.pk.clone(), membership_key.sk.clone()));
                with_campaign &= found.contains_key(&(campaign_key.pk.clone(), campaign_key.sk.clone()));
            }
            Err(other) => return Err(other),
        }
    }
    Err(StoreError::Other(anyhow::anyhow!("the answer {} kept changing while its take was removed", journey.sk)))
}
