//! A render held by one delivery of its message, from its claim to its settlement:
//! generated videos, story renders and the video test page's jobs are each claimed on
//! their record with a lease (as a take's conversion is), so a duplicate message renders
//! nothing; each renders in a work folder of its own, writes its progress beside it, and
//! stores its result only while the record still holds the claim, so a record deleted or
//! replaced during its render stays so (and what the render wrote is removed again).

use std::{
    path::PathBuf,
    time::{Duration, Instant},
};

use storyhive_shared::{
    media::{
        generated::{GeneratedVideoStatus, RenderProgress, RenderStage},
        renders::{self, Settled},
    },
    model,
    storage::keys,
};
use tokio::{sync::watch, task::JoinHandle};

use super::ffmpeg::MediaError;
use crate::{settle_error, MediaWorker, Outcome, LEASE_SECONDS};

/// A render this delivery claimed: its record's key and claim, its work folder, and
/// where it reports its progress (written to the record at most once a second).
pub(crate) struct ClaimedRender {
    pub key: keys::Key,
    pub claim_id: String,
    pub dir: PathBuf,
    pub progress: watch::Sender<RenderProgress>,
    writer: JoinHandle<()>,
    started: Instant,
}

impl ClaimedRender {
    /// Ends the progress writes (before the record is settled) and removes the work
    /// folder; the render's result, a full disk named as such.
    pub(crate) async fn close<T>(
        self,
        result: Result<T, MediaError>,
    ) -> (keys::Key, String, Duration, Result<T, MediaError>) {
        let elapsed = self.started.elapsed();
        drop(self.progress);
        self.writer.await.ok();
        tokio::fs::remove_dir_all(&self.dir).await.ok();
        (self.key, self.claim_id, elapsed, result.map_err(settle_error))
    }
}

impl MediaWorker {
    /// Claims the render record at `key`, found in `status` and claimed until
    /// `claimed_until`, for this delivery, with a work folder named from `folder`.
    /// `Err(outcome)`: not this delivery's to render (done, or held by another).
    pub(crate) async fn claim_render(
        &self,
        key: keys::Key,
        status: GeneratedVideoStatus,
        claimed_until: Option<i64>,
        folder: &str,
    ) -> anyhow::Result<Result<ClaimedRender, Outcome>> {
        let now = model::now().unix_timestamp();
        if status != GeneratedVideoStatus::Processing {
            return Ok(Err(Outcome::AlreadyDone));
        }
        if claimed_until.is_some_and(|until| until > now) {
            return Ok(Err(Outcome::Claimed));
        }
        let claim_id = model::new_id();
        if !self.claim_record(&key, &claim_id, now).await? {
            return Ok(Err(Outcome::Claimed));
        }
        let dir = self.work_dir.join(format!("{folder}-{claim_id}"));
        if let Err(error) = tokio::fs::create_dir_all(&dir).await {
            self.release_record(&key, &claim_id).await;
            return Err(anyhow::Error::from(error).context("creating the work folder"));
        }
        // Progress goes to the record from a task of its own, so the render never waits on a write.
        let (progress, watched) = watch::channel(RenderProgress::at(RenderStage::Preparing, 0.0));
        let writer = tokio::spawn(write_progress(self.store.clone(), key.clone(), claim_id.clone(), watched));
        Ok(Ok(ClaimedRender { key, claim_id, dir, progress, writer, started: Instant::now() }))
    }

    /// Settles a video's render (a generated video's, a story's) with its result: its
    /// length and frame, or why it failed. `Ok(())`: stored as ready under this claim
    /// (the caller announces it). `Err(outcome)`: failed, or the record went away meanwhile
    /// and `objects` (what the render writes) are deleted again. A passing fault releases
    /// the claim for the retry.
    pub(crate) async fn settle_video_render(
        &self,
        claimed: ClaimedRender,
        result: Result<(f64, u32, u32), MediaError>,
        objects: &[String],
        what: &str,
    ) -> anyhow::Result<Result<(), Outcome>> {
        let (key, claim_id, _, result) = claimed.close(result).await;
        match result {
            Ok((duration_seconds, width, height)) => {
                let outcome = Settled::VideoReady { duration_seconds, width, height };
                if self.settle_record(&key, &claim_id, outcome).await? {
                    Ok(Ok(()))
                } else {
                    // Replaced or deleted while rendering: what this render wrote goes too.
                    self.delete_objects(objects).await?;
                    Ok(Err(Outcome::Gone))
                }
            }
            Err(MediaError::Unplayable { reason, detail }) => {
                tracing::warn!(%what, %detail, "cannot be rendered");
                let stored =
                    self.settle_record(&key, &claim_id, Settled::VideoFailed { reason: reason.clone() }).await?;
                Ok(Err(if stored { Outcome::Failed(reason) } else { Outcome::Gone }))
            }
            Err(MediaError::Other(error)) => {
                self.release_record(&key, &claim_id).await;
                Err(error)
            }
        }
    }

    /// Claims `key` (a render record in `processing`) for this delivery.
    pub(crate) async fn claim_record(&self, key: &keys::Key, claim_id: &str, now: i64) -> anyhow::Result<bool> {
        Ok(renders::claimed(&self.store, key, claim_id, now, now + LEASE_SECONDS).await?)
    }

    /// Ends this delivery's claim with how the render ended, if the record still exists
    /// and holds the claim. `false`: it was deleted (or taken over).
    pub(crate) async fn settle_record(
        &self,
        key: &keys::Key,
        claim_id: &str,
        outcome: Settled,
    ) -> anyhow::Result<bool> {
        Ok(renders::settled(&self.store, key, claim_id, &outcome).await?)
    }

    /// Ends a record still "processing" and held by no live claim as failed with `reason`.
    pub(crate) async fn give_up_record(&self, key: &keys::Key, reason: &str, now: i64) -> anyhow::Result<Outcome> {
        Ok(if renders::given_up(&self.store, key, reason, now).await? {
            Outcome::Failed(reason.into())
        } else {
            Outcome::AlreadyDone
        })
    }

    pub(crate) async fn release_record(&self, key: &keys::Key, claim_id: &str) {
        if let Err(error) = renders::released(&self.store, key, claim_id).await {
            tracing::warn!(error = ?error, "could not release the claim; it expires");
        }
    }
}

/// Least time between two progress writes of one render.
const PROGRESS_EVERY: Duration = Duration::from_secs(1);

/// Writes each new progress of a render to its record while the render holds its claim
/// (a settled, released or deleted record is left alone), until the sender is dropped.
pub(crate) async fn write_progress(
    store: storyhive_shared::storage::Store,
    key: keys::Key,
    claim_id: String,
    mut watched: watch::Receiver<RenderProgress>,
) {
    while watched.changed().await.is_ok() {
        let now = *watched.borrow_and_update();
        if let Err(error) = renders::progressed(&store, &key, &claim_id, &now).await {
            tracing::warn!(?error, "render progress not written");
        }
        tokio::time::sleep(PROGRESS_EVERY).await;
    }
}
