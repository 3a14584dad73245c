//! The one module that changes a generated video (and a video test page's job, rendered
//! the same way): made, approved, claimed for a render with a lease, its progress, settled
//! ready or failed, given up, retried, removed. Typed updates; writes run as [`WRITER`]
//! (`storage::owner`), so the test kit refuses a write to a generated video from elsewhere.

use super::generated::{GeneratedVideoRecord, GeneratedVideoStatus, RenderProgress};
use crate::{
    model,
    storage::{
        keys, owner,
        update::{Condition, Update},
        Query, Store, StoreError, StoreResult, TransactWriteItem,
    },
};

/// The owner name this module writes under.
pub const WRITER: &str = "generated videos";

crate::record_fields!(
    /// The attributes of a rendered record (`GeneratedVideoRecord`, `VideoTestJobRecord`),
    /// as serde names them.
    pub enum RenderField {
        Status => ["status"],
        FailureReason => ["failureReason"],
        ClaimedUntil => ["claimedUntil"],
        ClaimId => ["claimId"],
        Progress => ["progress"],
        UpdatedAt => ["updatedAt"],
        DurationSeconds => ["durationSeconds"],
        Width => ["width"],
        Height => ["height"],
        TimeTaken => ["timeTaken"],
        OriginalDurationSeconds => ["originalDurationSeconds"],
        ProcessedDurationSeconds => ["processedDurationSeconds"],
        Approved => ["approved"],
        ApprovedAt => ["approvedAt"],
        Gsi2pk => ["GSI2PK"],
        Gsi2sk => ["GSI2SK"],
    }
);

use GeneratedVideoStatus as Status;
use RenderField as R;

async fn owned<T>(write: impl std::future::Future<Output = T>) -> T {
    owner::writing_as(WRITER, write).await
}

fn now() -> model::Timestamp {
    model::timestamp(model::now())
}

fn found<T>(result: StoreResult<T>) -> StoreResult<Option<T>> {
    match result {
        Ok(record) => Ok(Some(record)),
        Err(StoreError::ConditionFailed) => Ok(None),
        Err(other) => Err(other),
    }
}

/// Processing and held by no live claim (none, or its lease ran out before `now`).
fn unclaimed(now_unix: i64) -> Condition<RenderField> {
    Condition::ItemExists
        .and(Condition::eq(R::Status, &Status::Processing))
        .and(Condition::AbsentOrNull(R::ClaimedUntil).or(Condition::lt(R::ClaimedUntil, &now_unix)))
}

// ----------------------------------------------------------------- staff's calls

/// A new generated video, processing (its render is queued next).
pub async fn made(store: &Store, video: &GeneratedVideoRecord) -> StoreResult<()> {
    owned(store.put(video)).await
}

/// A new generated video, with the writes of what it is rendered as (its one-speaker story
/// and the story's render: `stories::repo::made_with_render_ops`), in one transaction.
pub async fn made_with(store: &Store, video: &GeneratedVideoRecord, with: Vec<TransactWriteItem>) -> StoreResult<()> {
    let mut operations = with;
    operations.push(store.put_new_op(video)?);
    owned(store.transact(operations)).await
}

/// Takes back a video whose render could not be queued (nothing would ever render it).
pub async fn unmade(store: &Store, video: &GeneratedVideoRecord) -> StoreResult<()> {
    owned(store.delete(&video.key())).await
}

/// Approves a ready video (listed then among the campaign's approved videos), keeping when
/// it was first approved, or withdraws the approval. `None` when the video is gone, or not
/// ready to approve. A story's video is ready when its render is, which the caller checked
/// (its record's own status is not its render's).
pub async fn approval_set(
    store: &Store,
    video: &GeneratedVideoRecord,
    approved: bool,
) -> StoreResult<Option<GeneratedVideoRecord>> {
    let at = now();
    let update = if approved {
        let first_approved = video.approved_at.clone().filter(|_| video.approved).unwrap_or_else(|| at.clone());
        Update::new()
            .set(R::Approved, &true)
            .set(R::ApprovedAt, &first_approved)
            .set(R::Gsi2pk, &keys::approved_generated_videos_gsi2(&video.tenant_id, &video.campaign_id))
            .set(R::Gsi2sk, &video.video_id)
            .set(R::UpdatedAt, &at)
            .when(if video.story_id.is_some() {
                Condition::ItemExists
            } else {
                Condition::ItemExists.and(Condition::eq(R::Status, &Status::Ready))
            })
    } else {
        Update::new()
            .set(R::Approved, &false)
            .set(R::ApprovedAt, &None::<String>)
            .set(R::UpdatedAt, &at)
            .remove(R::Gsi2pk)
            .remove(R::Gsi2sk)
            .when(Condition::ItemExists.and(Condition::Exists(R::Status)))
    };
    found(owned(store.apply(&video.key(), update)).await)
}

/// A failed video goes back to processing for a new render; `None` unless it had failed
/// (of two retries at once, one wins) or when it is gone.
pub async fn retried(store: &Store, key: &keys::Key) -> StoreResult<Option<GeneratedVideoRecord>> {
    let update = Update::new()
        .set(R::Status, &Status::Processing)
        .set(R::FailureReason, &None::<String>)
        .set(R::UpdatedAt, &now())
        .remove(R::ClaimedUntil)
        .remove(R::ClaimId)
        .when(Condition::ItemExists.and(Condition::eq(R::Status, &Status::Failed)));
    found(owned(store.apply(key, update)).await)
}

/// A retry that could not be queued shows failed again with `reason`, so staff can retry
/// later (only while it is still processing).
pub async fn retry_unqueued(store: &Store, key: &keys::Key, reason: &str) -> StoreResult<()> {
    let update = Update::new()
        .set(R::Status, &Status::Failed)
        .set(R::FailureReason, reason)
        .when(Condition::ItemExists.and(Condition::eq(R::Status, &Status::Processing)));
    found(owned(store.apply::<serde_json::Value, _>(key, update)).await).map(|_| ())
}

/// Removes a generated video and returns it (the caller removes its files); `None` when it
/// was gone.
pub async fn removed(store: &Store, key: &keys::Key) -> StoreResult<Option<GeneratedVideoRecord>> {
    owned(store.take(key)).await
}

/// Removes the records of a collaborator's generated videos in a campaign and returns
/// them: the caller, which holds the bucket, removes their files (`object_keys`).
pub async fn removed_of_contributor(
    store: &Store,
    tenant_id: &str,
    campaign_id: &str,
    contributor_id: &str,
) -> StoreResult<Vec<GeneratedVideoRecord>> {
    let videos: Vec<GeneratedVideoRecord> = store
        .query(Query::gsi1(keys::generated_videos_of_contributor_gsi1(tenant_id, campaign_id, contributor_id)))
        .await?;
    // One DeleteItem each (a collaborator has a few): no batch grant needed.
    owned(async {
        for video in &videos {
            store.delete(&video.key()).await?;
        }
        Ok::<(), StoreError>(())
    })
    .await?;
    Ok(videos)
}

// ---------------------------------------------------------- the media worker's calls

/// How a render ended, as its record keeps it.
#[derive(Debug, Clone, PartialEq)]
pub enum Settled {
    VideoReady { duration_seconds: f64, width: u32, height: u32 },
    VideoFailed { reason: String },
    TestReady { time_taken: f64, original_seconds: f64, processed_seconds: f64 },
    TestFailed { reason: String, time_taken: f64 },
}

/// Claims the record at `key` (processing, no live claim) for one delivery until
/// `lease_until`. False: another delivery holds it, or it is settled or gone.
pub async fn claimed(
    store: &Store,
    key: &keys::Key,
    claim_id: &str,
    now_unix: i64,
    lease_until: i64,
) -> StoreResult<bool> {
    let update = Update::new().set(R::ClaimedUntil, &lease_until).set(R::ClaimId, claim_id).when(unclaimed(now_unix));
    Ok(found(owned(store.apply::<serde_json::Value, _>(key, update)).await)?.is_some())
}

/// The render's progress, while this claim holds it and it is processing.
pub async fn progressed(store: &Store, key: &keys::Key, claim_id: &str, progress: &RenderProgress) -> StoreResult<()> {
    let update = Update::new()
        .set(R::Progress, progress)
        .when(Condition::eq(R::ClaimId, claim_id).and(Condition::eq(R::Status, &Status::Processing)));
    found(owned(store.apply::<serde_json::Value, _>(key, update)).await).map(|_| ())
}

/// Ends this claim with how the render ended, if the record still exists and holds the
/// claim. False: it was deleted meanwhile (or taken over).
pub async fn settled(store: &Store, key: &keys::Key, claim_id: &str, outcome: &Settled) -> StoreResult<bool> {
    let mut update = match outcome {
        Settled::VideoReady { duration_seconds, width, height } => Update::new()
            .set(R::Status, &Status::Ready)
            .set(R::FailureReason, &None::<String>)
            .set(R::DurationSeconds, duration_seconds)
            .set(R::Width, width)
            .set(R::Height, height),
        Settled::VideoFailed { reason } => Update::new().set(R::Status, &Status::Failed).set(R::FailureReason, reason),
        Settled::TestReady { time_taken, original_seconds, processed_seconds } => Update::new()
            .set(R::Status, &Status::Ready)
            .set(R::TimeTaken, time_taken)
            .set(R::OriginalDurationSeconds, original_seconds)
            .set(R::ProcessedDurationSeconds, processed_seconds),
        Settled::TestFailed { reason, time_taken } => {
            Update::new().set(R::Status, &Status::Failed).set(R::FailureReason, reason).set(R::TimeTaken, time_taken)
        }
    };
    update = update
        .set(R::UpdatedAt, &now())
        .remove(R::ClaimedUntil)
        .remove(R::ClaimId)
        .remove(R::Progress)
        .when(Condition::ItemExists.and(Condition::eq(R::ClaimId, claim_id)));
    Ok(found(owned(store.apply::<serde_json::Value, _>(key, update)).await)?.is_some())
}

/// Ends a record still processing and held by no live claim as failed with `reason` (its
/// attempts ran out). False: settled meanwhile, claimed, or gone.
pub async fn given_up(store: &Store, key: &keys::Key, reason: &str, now_unix: i64) -> StoreResult<bool> {
    let update = Update::new()
        .set(R::Status, &Status::Failed)
        .set(R::FailureReason, reason)
        .set(R::UpdatedAt, &now())
        .remove(R::ClaimedUntil)
        .remove(R::ClaimId)
        .when(unclaimed(now_unix));
    Ok(found(owned(store.apply::<serde_json::Value, _>(key, update)).await)?.is_some())
}

/// Lets go of this claim (a passing problem: the message is delivered again).
pub async fn released(store: &Store, key: &keys::Key, claim_id: &str) -> StoreResult<()> {
    let update = Update::new().remove(R::ClaimedUntil).remove(R::ClaimId).when(Condition::eq(R::ClaimId, claim_id));
    found(owned(store.apply::<serde_json::Value, _>(key, update)).await).map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        media::generated::{Captions, Edit, RenderStage, VideoTestJobRecord},
        storage::{to_item, update::fields_missing_from},
    };

    #[test]
    fn every_field_names_an_attribute_of_a_generated_video_or_a_test_job() {
        let edit = Edit { clips: Vec::new(), title_card: None, captions: Captions::default() };
        let mut video =
            GeneratedVideoRecord::new("t", "c", "k", "v", "T", edit, Vec::new(), false, "take", "u", "now".into());
        video.gsi2pk = Some("p".into());
        video.gsi2sk = Some("s".into());
        video.failure_reason = Some("r".into());
        video.approved_at = Some("now".into());
        video.progress = Some(RenderProgress::at(RenderStage::Rendering, 0.5));
        video.duration_seconds = Some(1.0);
        video.width = Some(1);
        video.height = Some(1);
        video.claimed_until = Some(1);
        video.claim_id = Some("claim".into());
        let mut job = VideoTestJobRecord::new("job", "Temp/x.mp4", 1.0, "now".into(), 0);
        job.time_taken = Some(1.0);
        job.original_duration_seconds = Some(1.0);
        job.processed_duration_seconds = Some(1.0);
        let mut item = to_item(&video).unwrap();
        item.extend(to_item(&job).unwrap());
        assert_eq!(fields_missing_from(RenderField::ALL, &item), Vec::<String>::new());
    }
}
