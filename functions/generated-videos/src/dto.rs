//! Request and response bodies of the generated videos and video test routes.

use serde::{Deserialize, Serialize};
use storyhive_shared::{
    ids::Id,
    media::generated::{Edit, GeneratedVideoStatus, RenderProgress},
    model::Timestamp,
};
use utoipa::ToSchema;

/// A generated video as staff see it.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GeneratedVideo {
    pub video_id: String,
    pub campaign_id: String,
    pub contributor_id: String,
    pub title: String,
    /// "processing", "ready" or "failed".
    pub status: GeneratedVideoStatus,
    pub failure_reason: Option<String>,
    /// While processing: the render's stage and how much is done (null before it starts).
    pub progress: Option<RenderProgress>,
    pub approved: bool,
    pub approved_at: Option<Timestamp>,
    pub edit: Edit,
    pub duration_seconds: Option<f64>,
    pub width: Option<u32>,
    pub height: Option<u32>,
    /// Presigned GET of the MP4 to play (when ready).
    pub url: Option<String>,
    /// Presigned GET of the MP4 as a download (when ready).
    pub download_url: Option<String>,
    pub poster_url: Option<String>,
    /// The WebVTT beside the MP4 (captions "webvtt", when ready).
    pub captions_url: Option<String>,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
    /// The staff member who saved it.
    pub created_by: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GeneratedVideoPage {
    pub items: Vec<GeneratedVideo>,
    pub next_cursor: Option<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct SaveGeneratedVideo {
    pub campaign_id: Id,
    pub contributor_id: Id,
    /// 1 to 250 characters.
    pub title: String,
    #[schema(value_type = Edit)]
    pub edit: Option<Edit>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct Approval {
    pub approved: bool,
}

/// The answer whose failed take staff queue again.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct AnswerRetry {
    pub campaign_id: Id,
    pub contributor_id: Id,
    /// The answer: its campaign question id.
    pub journey_id: Id,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ClipCutRequest {
    pub file_name: String,
    /// A `video/*` type; the upload must send exactly this `Content-Type`.
    pub content_type: String,
    /// Bytes, at most 500 MB; the upload may not be larger.
    pub size: u64,
}

/// A presigned POST: send `multipart/form-data` to `url` with every field, then `file` last.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct PresignedPostForm {
    pub url: String,
    pub fields: std::collections::BTreeMap<String, String>,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClipCutUrls {
    /// `Temp/<id>/<safe file name>`: give it to `/videotest/process`.
    pub key: String,
    pub post: PresignedPostForm,
    /// Presigned GET of the uploaded video.
    pub get_url: String,
    pub expires_in_seconds: u64,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ProcessRequest {
    /// The uploaded video's key (`Temp/...`).
    pub key: String,
    /// Pauses longer than this many seconds are cut (0 to 5).
    pub threshold: f64,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProcessStarted {
    pub job_id: String,
    pub status: GeneratedVideoStatus,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProcessJob {
    pub job_id: String,
    pub status: GeneratedVideoStatus,
    /// Seconds the processing took.
    #[serde(rename = "time_taken")]
    pub time_taken: Option<f64>,
    pub original_duration_seconds: Option<f64>,
    pub processed_duration_seconds: Option<f64>,
    /// Presigned GET of the processed MP4 (when ready).
    pub url: Option<String>,
    pub failure_reason: Option<String>,
}
