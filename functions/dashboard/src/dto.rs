//! Request and response bodies of the dashboard routes.

use serde::{Deserialize, Serialize};
use storyhive_shared::campaigns::{dto::CampaignSummary, records::CampaignStatus};
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default, rename_all = "camelCase")]
pub struct DashboardParams {
    /// Only the campaigns the signed-in user takes part in.
    pub personal_dashboard: Option<bool>,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeviceCount {
    /// Mobile, Tablet, Desktop or Unknown.
    pub device_type: String,
    pub count: i64,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CampaignVideos {
    pub campaign_id: String,
    pub title: String,
    pub status: CampaignStatus,
    pub video_count: i64,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DashboardDetails {
    /// Live campaigns whose expiry date falls within the next 7 days.
    pub expiring_in_7_days: Vec<CampaignSummary>,
    /// Stored answers no one has reviewed yet.
    pub pending_video_responses: i64,
    /// Hours of stored video, to two decimals.
    pub hours_of_video_submitted: f64,
    pub device_type: Vec<DeviceCount>,
    /// Up to 10 campaigns with their number of videos, most videos first: among the 50
    /// most recent campaigns (or the user's campaigns when personal).
    pub campaign_and_video: Vec<CampaignVideos>,
    /// What a new organisation has done of its first steps (the dashboard lists those
    /// left until all are done).
    pub first_steps: FirstSteps,
    /// How the organisation's published stories were watched: counts only, no one tracked
    /// (the same totals as `GET /publications/stats`).
    pub published_stories: PublishedTotals,
    /// The organisation's collaborators from invitation to submission (one item read).
    pub collaborator_funnel: storyhive_shared::contributors::funnel::Funnel,
}

/// The organisation's published stories, as counted by their public pages' beacons.
#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublishedTotals {
    /// Share pages opened.
    pub views: u64,
    /// Embedded players loaded on other sites.
    pub embed_loads: u64,
    pub plays: u64,
    /// Plays watched to the end.
    pub watched_to_the_end: u64,
}

/// A new organisation's first steps, each done once it happened at least once.
#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FirstSteps {
    /// The super admin finished user and company set-up.
    pub company_set_up: bool,
    pub initiative_created: bool,
    pub campaign_created: bool,
    /// A collaborator was invited (or registered for an open campaign).
    pub collaborator_invited: bool,
}
