//! Request and response bodies of the campaigns routes.

use serde::{Deserialize, Serialize};
use storyhive_shared::{
    campaigns::{
        dto::{Campaign, CampaignSummary},
        records::{CampaignType, Language, RecordingMode, ReminderSettings, Visibility},
    },
    ids::Id,
    staff::UserListItem,
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
    /// 1-based page of 10 (the page number to show; with `cursor` it is only echoed).
    #[param(minimum = 1, maximum = 1000)]
    pub page: Option<usize>,
    /// The `nextCursor` of the previous page: the next page is read from there.
    #[param(max_length = 4096)]
    pub cursor: Option<String>,
    pub sort: Option<CampaignSort>,
    pub status: Option<StatusFilter>,
    /// Words the title contains (each word matched from its start), any case.
    #[param(max_length = 250)]
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
    /// Pass it as `cursor` (with `page` + 1) for the next page; null on the last page.
    /// Searches (`search`) page by `page` number only: for them it is always null.
    pub next_cursor: Option<String>,
}

/// Fields of a new campaign. Missing choices get the spec's "Please select …" messages.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct AddCampaign {
    pub initiative_id: Id,
    pub title: String,
    pub description: String,
    #[serde(rename = "type")]
    pub campaign_type: Option<CampaignType>,
    pub visibility: Option<Visibility>,
    pub mode: Option<RecordingMode>,
    /// What collaborators will speak (default `en`): their answers are transcribed in it.
    pub language: Option<Language>,
    /// `YYYY-MM-DD`; required for targeted campaigns.
    pub deadline: Option<String>,
    /// `YYYY-MM-DD`, the last day answers are accepted; required for targeted campaigns.
    pub expiry_date: Option<String>,
    /// 1 to 4 tag ids.
    pub tags: Vec<Id>,
    /// When collaborators are reminded (default: on, 3 days after the invitation, 2 days
    /// before the deadline).
    pub reminders: Option<ReminderSettings>,
}

/// Fields left out are unchanged. `version` is the one last read.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct UpdateCampaign {
    pub id: Id,
    pub version: u64,
    pub initiative_id: Option<Id>,
    pub title: Option<String>,
    pub description: Option<String>,
    #[serde(rename = "type")]
    pub campaign_type: Option<CampaignType>,
    pub visibility: Option<Visibility>,
    pub mode: Option<RecordingMode>,
    pub language: Option<Language>,
    /// Empty string clears it.
    pub deadline: Option<String>,
    pub expiry_date: Option<String>,
    pub tags: Option<Vec<Id>>,
    pub reminders: Option<ReminderSettings>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct SaveBrief {
    pub campaign_id: Id,
    pub version: u64,
    /// HTML, at most 100 000 characters.
    pub brief: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct SaveScript {
    pub campaign_id: Id,
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
    pub campaign_id: Id,
    pub user_ids: Vec<Id>,
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

/// A page of the collaborators who started answering.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JourneyStarterPage {
    /// Those of this page's collaborators who started (a page may hold fewer than the limit).
    pub items: Vec<JourneyStarter>,
    /// Pass it as `cursor` for the next page; null on the last page.
    pub next_cursor: Option<String>,
}
