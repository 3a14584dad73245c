//! Removals too large for one request: the API marks the thing as being deleted (so it
//! disappears at once), records the job as pending in the same transaction, and queues
//! it; the cascade worker removes everything that belongs to it, S3 objects included,
//! and then clears the pending record. Every step can be repeated, so a job interrupted
//! at any point finishes when SQS delivers it again; a job whose message was never sent
//! (the queue refused it) is found pending by the worker's periodic sweep and sent again.

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;

use crate::{
    model,
    queue::CascadeQueue,
    storage::{keys, Query, Store, StoreResult, TransactWriteItem},
};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum CascadeJob {
    /// An initiative with all its campaigns and their videos.
    DeleteInitiative { tenant_id: String, initiative_id: String },
    /// One campaign with its questions, participants, texts and videos.
    DeleteCampaign { tenant_id: String, campaign_id: String },
    /// A deleted question's answers and their videos.
    DeleteQuestionAnswers { tenant_id: String, campaign_id: String, question_id: String },
    /// Files of the media bucket whose owner is gone: a deleted staff member's avatar
    /// and encouragement video, or (`user_id: None`) every file of a closed
    /// organisation (logo, terms, encouragement videos, avatars, unchecked uploads).
    DeleteFiles {
        tenant_id: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        user_id: Option<String>,
    },
}

impl CascadeJob {
    /// A stable name of the job: the same deletion asked twice is one pending job.
    pub fn id(&self) -> String {
        match self {
            Self::DeleteInitiative { tenant_id, initiative_id } => format!("initiative#{tenant_id}#{initiative_id}"),
            Self::DeleteCampaign { tenant_id, campaign_id } => format!("campaign#{tenant_id}#{campaign_id}"),
            Self::DeleteQuestionAnswers { tenant_id, campaign_id, question_id } => {
                format!("question#{tenant_id}#{campaign_id}#{question_id}")
            }
            Self::DeleteFiles { tenant_id, user_id } => {
                format!("files#{tenant_id}#{}", user_id.as_deref().unwrap_or("organisation"))
            }
        }
    }

    /// The media bucket prefixes a [`CascadeJob::DeleteFiles`] empties (none for the others).
    pub fn file_prefixes(&self) -> Vec<String> {
        use crate::storage::objects;
        let Self::DeleteFiles { tenant_id, user_id } = self else { return Vec::new() };
        match user_id {
            None => objects::organisation_file_prefixes(tenant_id).into(),
            Some(user_id) => objects::user_file_prefixes(tenant_id, user_id),
        }
    }
}

/// A job asked for and not finished yet.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PendingCascade {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    pub entity_type: String,
    pub job: CascadeJob,
    /// Unix seconds of the last time it was sent to the queue.
    pub sent_at: i64,
}

impl PendingCascade {
    pub const ENTITY: &'static str = "PendingCascade";

    pub fn new(job: &CascadeJob, at: OffsetDateTime) -> Self {
        let key = keys::pending_cascade(&job.id());
        Self {
            pk: key.pk,
            sk: key.sk,
            entity_type: Self::ENTITY.into(),
            job: job.clone(),
            sent_at: at.unix_timestamp(),
        }
    }
}

/// The write that records `job` as pending; put it in the transaction that marks the
/// thing as being deleted.
pub fn pending_op(store: &Store, job: &CascadeJob) -> StoreResult<TransactWriteItem> {
    store.put_op(&PendingCascade::new(job, model::now()))
}

/// Sends a job recorded as pending to the worker.
pub async fn send(queue: &CascadeQueue, job: &CascadeJob) -> anyhow::Result<()> {
    queue.send(job).await
}

/// Clears the pending record of a finished job.
pub async fn finished(store: &Store, job: &CascadeJob) -> StoreResult<()> {
    store.delete(&keys::pending_cascade(&job.id())).await
}

/// Pending jobs last sent before `sent_before` (unix seconds).
pub async fn due(store: &Store, sent_before: i64) -> StoreResult<Vec<PendingCascade>> {
    let all: Vec<PendingCascade> = store.query(Query::partition(keys::PENDING_CASCADES)).await?;
    Ok(all.into_iter().filter(|p| p.sent_at < sent_before).collect())
}

/// Notes that a pending job was sent again now.
pub async fn resent(store: &Store, pending: &PendingCascade) -> StoreResult<()> {
    let mut again = pending.clone();
    again.sent_at = model::now().unix_timestamp();
    store.put(&again).await
}
