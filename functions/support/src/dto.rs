//! Request and response bodies of the support routes.

use serde::{Deserialize, Serialize};
use storyhive_shared::{
    ids::Id,
    model::Timestamp,
    support::{EditorRequestRecord, HelpRequestRecord},
};
use utoipa::ToSchema;

pub use storyhive_shared::support::{EditorRequestStatus, HelpCategory};

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct SendHelpRequest {
    /// 'Technical Support', 'Feature Request' or 'Other'.
    #[schema(example = "Technical Support")]
    pub category: String,
    /// Required, at most 5000 characters.
    pub message: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct SendEditorRequest {
    /// One of the organisation's campaigns.
    pub campaign_id: Id,
    /// Required, at most 5000 characters.
    pub message: String,
}

/// A help request as its sender sees it.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HelpRequest {
    pub id: String,
    pub category: HelpCategory,
    pub message: String,
    pub created_at: Timestamp,
}

/// A request for a professional editor as its sender sees it.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EditorRequest {
    pub id: String,
    pub campaign_id: String,
    /// The campaign's title when the request was sent.
    pub campaign_title: String,
    pub message: String,
    pub status: EditorRequestStatus,
    pub created_at: Timestamp,
    /// When the status last changed.
    pub updated_at: Timestamp,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HelpRequestPage {
    pub items: Vec<HelpRequest>,
    pub next_cursor: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EditorRequestPage {
    pub items: Vec<EditorRequest>,
    pub next_cursor: Option<String>,
}

impl From<HelpRequestRecord> for HelpRequest {
    fn from(r: HelpRequestRecord) -> Self {
        Self { id: r.id, category: r.category, message: r.message, created_at: r.created_at }
    }
}

impl From<EditorRequestRecord> for EditorRequest {
    fn from(r: EditorRequestRecord) -> Self {
        Self {
            id: r.id,
            campaign_id: r.campaign_id,
            campaign_title: r.campaign_title,
            message: r.message,
            status: r.status,
            created_at: r.created_at,
            updated_at: r.updated_at,
        }
    }
}
