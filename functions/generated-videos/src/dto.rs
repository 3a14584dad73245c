//! Request and response bodies of the generated videos and video test routes.

use serde::{Deserialize, Serialize};
use storyhive_shared::{
    ids::Id,
    media::{
        generated::{Edit, GeneratedVideoStatus, RenderProgress, TitleCard},
        TranscriptWord,
    },
    model::Timestamp,
    stories::{DraftReport, EndCard, Framing, Provenance, StoryClip, StoryContent, StoryFormat},
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

// ------------------------------------------------------------------ stories

/// A new story of a campaign.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct SaveStory {
    pub campaign_id: Id,
    #[serde(flatten)]
    pub content: StoryContent,
}

/// A story's new content, over the version the editor read.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct UpdateStory {
    /// The version read (409 when the story changed since).
    pub version: u64,
    #[serde(flatten)]
    pub content: StoryContent,
}

/// A clip as staff see it: what was chosen and saved, and a warning when its answer is not
/// approved, or was recorded again since.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoryClipView {
    #[serde(flatten)]
    pub clip: StoryClip,
    pub warning: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StorySpeaker {
    pub contributor_id: String,
    /// As they consented to show it.
    pub name: String,
}

/// A render of a story in one format.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoryRender {
    pub format: StoryFormat,
    pub framing: Framing,
    pub burn_captions: bool,
    /// "processing", "ready" or "failed".
    pub status: GeneratedVideoStatus,
    pub failure_reason: Option<String>,
    pub progress: Option<RenderProgress>,
    /// The story's version it shows; `current` is false once the story changed since.
    pub story_version: u64,
    pub current: bool,
    pub duration_seconds: Option<f64>,
    pub width: Option<u32>,
    pub height: Option<u32>,
    /// Presigned GETs (when ready).
    pub url: Option<String>,
    pub download_url: Option<String>,
    pub poster_url: Option<String>,
    pub srt_url: Option<String>,
    pub vtt_url: Option<String>,
    /// The provenance sidecar beside the MP4.
    pub provenance_url: Option<String>,
    /// Who speaks when, from which answer (when ready).
    pub provenance: Option<Provenance>,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
}

/// A story as staff see it.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Story {
    pub story_id: String,
    pub campaign_id: String,
    pub title: String,
    pub clips: Vec<StoryClipView>,
    pub title_card: Option<TitleCard>,
    pub end_card: Option<EndCard>,
    pub lower_thirds: bool,
    pub speakers: Vec<StorySpeaker>,
    /// Clips and cards.
    pub duration_seconds: f64,
    pub version: u64,
    /// Made by the AI draft: what it left out and why.
    pub draft: Option<DraftReport>,
    pub renders: Vec<StoryRender>,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
    pub created_by: String,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoryPage {
    pub items: Vec<Story>,
    pub next_cursor: Option<String>,
}

/// What to render.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct RenderStoryRequest {
    #[schema(value_type = StoryFormat)]
    pub format: Option<StoryFormat>,
    pub framing: Framing,
    /// Draw the captions into the picture (SRT and WebVTT are stored beside it either way).
    pub burn_captions: bool,
}

/// A story holding a speaker's clips.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SpeakerStory {
    pub campaign_id: String,
    pub story_id: String,
    pub title: String,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SpeakerStories {
    pub items: Vec<SpeakerStory>,
}

/// Filters of the story editor's library.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct LibraryParams {
    /// One collaborator's answers.
    #[param(value_type = Option<String>)]
    pub contributor_id: Option<Id>,
    /// The answers to one question.
    #[param(value_type = Option<String>)]
    pub question_id: Option<Id>,
    /// The `nextCursor` of the previous page.
    #[param(max_length = 4096)]
    pub cursor: Option<String>,
    /// Answers per page, 1 to 50 (10 when left out).
    #[param(minimum = 1, maximum = 50)]
    pub limit: Option<u32>,
}

/// An answer in the story editor's library: who, which question, its words with their
/// times, and its video to play.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LibraryAnswer {
    pub contributor_id: String,
    /// As they consented to show it.
    pub speaker: String,
    pub question_id: String,
    pub question: String,
    pub approved: bool,
    pub take_key: String,
    pub duration_seconds: Option<f64>,
    /// Presigned GETs of the web-playable copy and its poster (when converted).
    pub url: Option<String>,
    pub poster_url: Option<String>,
    /// ISO 639-1, as the engine heard it.
    pub language: Option<String>,
    /// Numbered from 0 (clips cite them); seconds in the take.
    pub words: Vec<TranscriptWord>,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LibraryPage {
    pub items: Vec<LibraryAnswer>,
    /// A page filtered by question alone may hold fewer answers than asked while more follow.
    pub next_cursor: Option<String>,
}
