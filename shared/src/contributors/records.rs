//! Items of the contributor side of the table. Keys come from `storage::keys`.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{model::Timestamp, storage::keys};

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ContributorRecord {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    pub entity_type: String,
    pub tenant_id: String,
    pub contributor_id: String,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub is_suspended: bool,
    /// Campaigns they are invited to; kept by the invite and remove transactions.
    #[serde(default)]
    pub campaign_count: i64,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
}

impl ContributorRecord {
    pub const ENTITY: &'static str = "Contributor";

    pub fn key(&self) -> keys::Key {
        keys::contributor(&self.tenant_id, &self.contributor_id)
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ContributorEmailClaim {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    pub entity_type: String,
    pub contributor_id: String,
}

/// Teleprompter settings (spec section 9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VideoConfig {
    /// 1 to 100.
    pub speed: u8,
    /// 0 to 100.
    pub contrast: u8,
    /// 12 to 64 in steps of 2; null means the device's default (24 on phones, 40 otherwise).
    pub font_size: Option<u8>,
}

impl Default for VideoConfig {
    fn default() -> Self {
        Self { speed: 20, contrast: 50, font_size: None }
    }
}

/// A contributor's place in one campaign.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MembershipRecord {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    #[serde(rename = "GSI1PK")]
    pub gsi1pk: String,
    #[serde(rename = "GSI1SK")]
    pub gsi1sk: String,
    pub entity_type: String,
    pub tenant_id: String,
    pub campaign_id: String,
    pub contributor_id: String,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    /// SHA-256 of the capability the invitation link carries; `None` once revoked. Only
    /// the hash is kept: the link is shown once, when it is made (invite, re-invite).
    pub invite_key_hash: Option<String>,
    pub invited_at: Timestamp,
    pub details_submitted: bool,
    pub started_journey: bool,
    pub started_at: Option<Timestamp>,
    pub submitted_at: Option<Timestamp>,
    /// When the link was first opened (the funnel's "link opened"; staff previews do not count).
    #[serde(default)]
    pub opened_at: Option<Timestamp>,
    /// When their first take was stored (the funnel's "first answer stored").
    #[serde(default)]
    pub first_answer_at: Option<Timestamp>,
    /// When they first submitted; kept when staff reopen their answers, so a second
    /// submission is not counted twice.
    #[serde(default)]
    pub first_submitted_at: Option<Timestamp>,
    pub video_config: VideoConfig,
    /// Answers with a stored take; kept by the transactions that store and remove takes.
    #[serde(default)]
    pub answered_count: i64,
    pub updated_at: Timestamp,
}

impl MembershipRecord {
    pub const ENTITY: &'static str = "CampaignContributor";

    pub fn key(&self) -> keys::Key {
        keys::membership(&self.tenant_id, &self.campaign_id, &self.contributor_id)
    }
}

/// Where staff stand with an answer's current take.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum ReviewStatus {
    /// Not reviewed yet: counted in the dashboard's pending responses.
    New,
    Approved,
    /// Staff asked for it to be recorded again.
    SentBack,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum UploadStatus {
    None,
    Uploading,
    Stored,
    Failed,
}

/// One contributor's answer to one question (spec section 3, "Contributor journey record").
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct JourneyRecord {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    pub entity_type: String,
    pub tenant_id: String,
    pub campaign_id: String,
    pub contributor_id: String,
    pub campaign_question_id: String,
    pub upload_status: UploadStatus,
    pub failure_reason: Option<String>,
    /// The current take.
    pub s3_video_key: Option<String>,
    /// When the current take was recorded (milliseconds, from its key): a later take wins.
    pub video_taken_at: Option<i64>,
    pub duration_seconds: Option<f64>,
    pub size_bytes: Option<i64>,
    pub width: Option<u32>,
    pub height: Option<u32>,
    pub container: Option<String>,
    pub device_type: Option<String>,
    pub uploaded_at: Option<Timestamp>,
    /// Earlier takes, still stored (never orphaned).
    #[serde(default)]
    pub previous_takes: Vec<String>,
    pub sent_for_re_recording: bool,
    pub collaborator_re_recording_status: Option<String>,
    /// Staff's review of the current take (a new take is `new` again).
    #[serde(default)]
    pub review_status: Option<ReviewStatus>,
    /// Emoji escaped.
    pub contributor_script: Option<String>,
    pub video_config: Option<VideoConfig>,
    pub updated_at: Timestamp,
    /// The web-playable copy and transcript of the current take (media worker).
    #[serde(default)]
    pub media: Option<crate::media::TakeMedia>,
}

impl JourneyRecord {
    pub const ENTITY: &'static str = "JourneyRecord";

    /// A stored take no one has reviewed yet (the dashboard's pending responses).
    pub fn is_pending(&self) -> bool {
        self.s3_video_key.is_some() && matches!(self.review_status, None | Some(ReviewStatus::New))
    }

    pub fn new(tenant_id: &str, campaign_id: &str, contributor_id: &str, question_id: &str, at: Timestamp) -> Self {
        let key = keys::journey(tenant_id, campaign_id, contributor_id, question_id);
        Self {
            pk: key.pk,
            sk: key.sk,
            entity_type: Self::ENTITY.into(),
            tenant_id: tenant_id.into(),
            campaign_id: campaign_id.into(),
            contributor_id: contributor_id.into(),
            campaign_question_id: question_id.into(),
            upload_status: UploadStatus::None,
            failure_reason: None,
            s3_video_key: None,
            video_taken_at: None,
            duration_seconds: None,
            size_bytes: None,
            width: None,
            height: None,
            container: None,
            device_type: None,
            uploaded_at: None,
            previous_takes: Vec::new(),
            sent_for_re_recording: false,
            collaborator_re_recording_status: None,
            review_status: None,
            contributor_script: None,
            video_config: None,
            updated_at: at,
            media: None,
        }
    }

    pub fn key(&self) -> keys::Key {
        keys::journey(&self.tenant_id, &self.campaign_id, &self.contributor_id, &self.campaign_question_id)
    }
}

/// An upload a contributor started: binds an object key to its question.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UploadRecord {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    pub entity_type: String,
    pub tenant_id: String,
    pub campaign_id: String,
    pub contributor_id: String,
    pub campaign_question_id: String,
    pub object_key: String,
    pub upload_id: String,
    pub content_type: String,
    pub device_type: Option<String>,
    /// As the browser measured it, in hours (spec "videoDuration"); the probe decides.
    pub client_duration_hours: Option<f64>,
    pub created_at: Timestamp,
    /// Completed or cancelled: no longer one of the answer's open uploads.
    #[serde(default)]
    pub closed: bool,
    pub ttl: i64,
}

impl UploadRecord {
    pub const ENTITY: &'static str = "Upload";
}

/// The name a collaborator shows where their words are published or cut into a story, as
/// they consent to it: first name and the initial of the last ("Amal K.").
pub fn shown_name(first_name: &str, last_name: &str) -> String {
    let first = first_name.trim();
    match last_name.trim().chars().next() {
        Some(initial) => format!("{first} {}.", initial.to_uppercase()),
        None => first.to_string(),
    }
}
