//! Help and professional-editor requests as stored, under their sender
//! (`keys::help_request`, `keys::editor_request`). The support function alone writes and
//! reads them; its bodies (`HelpRequest`, `EditorRequest`) are made from these.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::model::Timestamp;

/// The help request categories of spec section 2.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum HelpCategory {
    #[serde(rename = "Technical Support")]
    TechnicalSupport,
    #[serde(rename = "Feature Request")]
    FeatureRequest,
    Other,
}

impl HelpCategory {
    pub const ALL: [HelpCategory; 3] = [Self::TechnicalSupport, Self::FeatureRequest, Self::Other];

    pub fn label(self) -> &'static str {
        match self {
            Self::TechnicalSupport => "Technical Support",
            Self::FeatureRequest => "Feature Request",
            Self::Other => "Other",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum EditorRequestStatus {
    /// Sent to support; waiting for their answer by e-mail.
    Requested,
    /// Withdrawn by its sender.
    Cancelled,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HelpRequestRecord {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    pub entity_type: String,
    pub tenant_id: String,
    pub user_id: String,
    pub email: String,
    /// The request's id (the end of its sort key).
    pub id: String,
    pub category: HelpCategory,
    pub message: String,
    pub created_at: Timestamp,
}

/// `version` guards status changes.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EditorRequestRecord {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    pub entity_type: String,
    pub tenant_id: String,
    pub user_id: String,
    pub email: String,
    pub version: u64,
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
