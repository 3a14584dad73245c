//! Request and response bodies of the contributors routes.

use serde::{Deserialize, Serialize};
use storyhive_shared::{
    contributors::{
        dto::{Answer, CampaignContributor, Contributor},
        records::VideoConfig,
    },
    ids::Id,
};
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct AddContributor {
    pub campaign_id: Id,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct Invitee {
    pub email: String,
    pub first_name: String,
    pub last_name: String,
}

/// An open campaign as its sign-up page shows it.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpenCampaign {
    pub title: String,
    pub description: String,
    /// The organisation running it, when it has a name.
    pub company_name: Option<String>,
    /// The language the campaign's answers are spoken in.
    pub language: storyhive_shared::campaigns::records::Language,
    pub question_count: usize,
    /// How long answering takes, in minutes (0 when unknown).
    pub estimated_minutes: u32,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InviteResult {
    /// 'Collaborator successfully invited', or '…, and the campaign is now live'.
    pub message: String,
    pub contributor: CampaignContributor,
    /// This invitation made the campaign live.
    pub campaign_live: bool,
    /// The personal link, shown this once (only a hash of its key is kept); also e-mailed.
    pub invite_link: String,
    /// Whether it was e-mailed: not when the collaborator unsubscribed from the organisation's e-mails.
    pub mailed: bool,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default, rename_all = "camelCase")]
pub struct SearchParams {
    /// Words of a name or address (each matched from its start), any case.
    #[param(max_length = 254)]
    pub search_val: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SuspendContributor {
    pub is_suspended: bool,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct ContributorUpdated {
    pub message: String,
    pub contributor: Contributor,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default, rename_all = "camelCase")]
pub struct RemoveParams {
    /// Also delete their answers and videos in this campaign.
    pub delete_journey: Option<bool>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ContributorRef {
    pub campaign_id: Id,
    pub contributor_id: Id,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Reinvited {
    pub message: String,
    pub contributor: CampaignContributor,
    /// The new personal link, shown this once; also e-mailed. The previous one no longer works.
    pub invite_link: String,
    /// Whether it was e-mailed: not when the collaborator unsubscribed from the organisation's e-mails.
    pub mailed: bool,
}

/// Answers sent back for re-recording.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SentBack {
    pub message: String,
    /// Whether the collaborator was e-mailed (with a new link). Not when their link was
    /// revoked (they cannot open the campaign until re-invited), nor when they unsubscribed
    /// from the organisation's e-mails (their link still works; staff tell them).
    pub mailed: bool,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ReRecord {
    pub campaign_id: Id,
    pub contributor_id: Id,
    pub campaign_question_ids: Vec<Id>,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default, rename_all = "camelCase")]
pub struct AdminAccessParams {
    /// Look with a staff token instead of the invitation key.
    pub admin_access: Option<bool>,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default, rename_all = "camelCase")]
pub struct ExceptCollaboratorParams {
    /// Staff view (staff token): every question with the contributor's state.
    pub except_collaborator: Option<bool>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct SaveDetails {
    pub tenant_id: Id,
    pub campaign_id: Id,
    pub contributor_id: Id,
    pub first_name: String,
    pub last_name: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct SaveJourney {
    pub tenant_id: Id,
    pub campaign_id: Id,
    pub contributor_id: Id,
    pub campaign_question_id: Id,
    pub contributor_script: Option<String>,
    pub video_config: Option<VideoConfig>,
    pub collaborator_re_recording_status: Option<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct AddVideo {
    pub tenant_id: Id,
    pub campaign_id: Id,
    pub contributor_id: Id,
    pub campaign_question_id: Id,
    pub s3_video_key: String,
    pub device_type: Option<String>,
    /// Hours, as the browser measured it.
    pub video_duration: Option<f64>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ContributorIds {
    pub tenant_id: Id,
    pub campaign_id: Id,
    pub contributor_id: Id,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct StoredVideos {
    pub answers: Vec<Answer>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct StartUpload {
    pub tenant_id: Id,
    pub campaign_id: Id,
    pub contributor_id: Id,
    pub campaign_question_id: Id,
    /// video/mp4, video/webm, video/quicktime or video/x-matroska (codecs allowed).
    pub content_type: String,
    pub size_bytes: Option<i64>,
    /// Mobile, Tablet or Desktop.
    pub device_type: Option<String>,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UploadStarted {
    pub key: String,
    pub upload_id: String,
    /// Every part but the last has exactly this many bytes.
    pub part_size: i64,
    pub max_parts: i64,
    pub expires_in_seconds: u64,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct UploadRef {
    pub tenant_id: Id,
    pub campaign_id: Id,
    pub contributor_id: Id,
    pub key: String,
    pub upload_id: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct SignPart {
    pub tenant_id: Id,
    pub campaign_id: Id,
    pub contributor_id: Id,
    pub key: String,
    pub upload_id: String,
    /// 1-based.
    pub part_number: i32,
    /// The exact size of the part in bytes, 1 to `partSize` (every part but the last is
    /// `partSize`); the URL is signed for it, so S3 refuses a body of any other length.
    #[schema(value_type = i64, required = true, minimum = 1, maximum = 8388608)]
    pub size_bytes: Option<i64>,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignedPart {
    /// PUT the part's bytes here; the answer's ETag header identifies the part.
    pub url: String,
    pub expires_in_seconds: u64,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UploadedPart {
    pub part_number: i32,
    pub etag: String,
    #[serde(default)]
    pub size_bytes: i64,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct UploadedParts {
    pub parts: Vec<UploadedPart>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct CompleteUpload {
    pub tenant_id: Id,
    pub campaign_id: Id,
    pub contributor_id: Id,
    pub key: String,
    pub upload_id: String,
    /// The parts to join; when left out, every part the server has.
    pub parts: Option<Vec<UploadedPart>>,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct UploadCompleted {
    pub key: String,
    pub message: String,
}

/// `POST /contributor/accept-terms`: the version of the terms the landing page showed.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct AcceptTerms {
    pub tenant_id: Id,
    pub campaign_id: Id,
    pub contributor_id: Id,
    pub version: Option<u32>,
}

/// What an invited collaborator's pages would show, for staff previewing a campaign
/// (draft or live): the landing page's campaign and the journey of a collaborator who
/// has answered nothing yet. Nothing is stored for it; the preview's answers stay in
/// the staff member's browser.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContributorPreview {
    pub campaign: storyhive_shared::contributors::dto::ContributorCampaign,
    pub journey: storyhive_shared::contributors::dto::Journey,
}
