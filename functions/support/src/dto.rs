//! Request and response bodies of the support routes.

use serde::{Deserialize, Serialize};
use storyhive_shared::{ids::Id, model::Timestamp};
use utoipa::ToSchema;

/// The help request categories of spec section 2.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum HelpCategory {
    #[serde(rename = "Technical Support")]
    TechnicalSupport,
    #[serde(rename = "Feature Request")]
    FeatureRequest,
    Other,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum EditorRequestStatus {
    /// Sent to support; waiting for their answer by e-mail.
    Requested,
    /// Withdrawn by its sender.
    Cancelled,
}

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
