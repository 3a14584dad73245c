//! Removals too large for one request: the API marks the thing as being deleted (so it
//! disappears at once) and queues a job; the cascade worker removes everything that
//! belongs to it, S3 objects included. Every step can be repeated, so a job interrupted
//! at any point finishes when SQS delivers it again.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum CascadeJob {
    /// An initiative with all its campaigns and their videos.
    DeleteInitiative { tenant_id: String, initiative_id: String },
    /// One campaign with its questions, participants, texts and videos.
    DeleteCampaign { tenant_id: String, campaign_id: String },
}
