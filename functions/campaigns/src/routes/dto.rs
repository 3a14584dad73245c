//! Request and response bodies of the campaigns routes.

use serde::{Deserialize, Serialize};
use storyhive_shared::campaigns::{
    dto::{Campaign, CampaignSummary, UserListItem},
    records::{CampaignType, RecordingMode, Visibility},
};
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum CampaignSort {
    #[default]
    Newest,
    Oldest,
    Az,
    Za,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum StatusFilter {
    Draft,
    Live,
    Expired,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default)]
pub struct ListParams {
    /// 1-based page of 10.
    pub page: Option<usize>,
    pub sort: Option<CampaignSort>,
    pub status: Option<StatusFilter>,
    /// Part of the title, any case.
    pub search: Option<String>,
}

#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
pub struct StatusCounts {
    pub all: usize,
    pub draft: usize,
    pub live: usize,
    pub expired: usize,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CampaignList {
    pub items: Vec<CampaignSummary>,
    /// Campaigns matching the filter and search, on all pages.
    pub total: usize,
    pub page: usize,
    pub page_size: usize,
    /// Per status, for the search (ignoring the status filter).
    pub counts: StatusCounts,
    /// False until the organisation has an initiative (campaigns need one).
    pub has_initiatives: bool,
}

/// Fields of a new campaign. Missing choices get the spec's "Please select …" messages.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct AddCampaign {
    pub initiative_id: String,
    pub title: String,
    pub description: String,
    #[serde(rename = "type")]
    pub campaign_type: Option<CampaignType>,
    pub visibility: Option<Visibility>,
    pub mode: Option<RecordingMode>,
    /// `YYYY-MM-DD`; required for targeted campaigns.
    pub deadline: Option<String>,
    /// `YYYY-MM-DD`, the last day answers are accepted; required for targeted campaigns.
    pub expiry_date: Option<String>,
    /// 1 to 4 tag ids.
    pub tags: Vec<String>,
}

/// Fields left out are unchanged. `version` is the one last read.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct UpdateCampaign {
    pub id: String,
    pub version: u64,
    pub initiative_id: Option<String>,
    pub title: Option<String>,
    pub description: Option<String>,
    #[serde(rename = "type")]
    pub campaign_type: Option<CampaignType>,
    pub visibility: Option<Visibility>,
    pub mode: Option<RecordingMode>,
    /// Empty string clears it.
    pub deadline: Option<String>,
    pub expiry_date: Option<String>,
    pub tags: Option<Vec<String>>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct SaveBrief {
    pub campaign_id: String,
    pub version: u64,
    /// HTML, at most 100 000 characters.
    pub brief: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct SaveScript {
    pub campaign_id: String,
    pub version: u64,
    /// HTML, at most 100 000 characters; emoji are kept.
    pub script: String,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct Published {
    pub message: String,
    pub campaign: Campaign,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct ParticipantList {
    /// Staff taking part (the super admin is never listed).
    pub participants: Vec<UserListItem>,
    /// Staff who could be added.
    pub available: Vec<UserListItem>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct AddParticipants {
    pub campaign_id: String,
    pub user_ids: Vec<String>,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JourneyStarter {
    pub contributor_id: String,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email: Option<String>,
    pub started_at: Option<String>,
}
