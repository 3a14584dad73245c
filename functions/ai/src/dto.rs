//! Request and response bodies of the AI writing help routes.

use serde::{Deserialize, Serialize};
use storyhive_shared::ids::Id;
use utoipa::ToSchema;

/// Whether the AI calls can be used here.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AiStatus {
    pub available: bool,
    /// Why not, when not available (shown next to the disabled controls).
    #[schema(required = false)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct GenerateQuestions {
    pub campaign_id: Id,
    pub location: String,
    pub keywords: String,
    pub tone_of_voice: String,
    pub scene_request: String,
    /// How many questions (1 to 10, default 5).
    pub count: Option<u32>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct GeneratedQuestions {
    /// Each at most 50 characters; add the ones you want with `POST /question/add`.
    pub questions: Vec<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct RegenerateQuestion {
    pub campaign_id: Id,
    pub location: String,
    pub keywords: String,
    pub tone_of_voice: String,
    pub scene_request: String,
    /// The generated question to write again.
    pub question: String,
    /// The other questions on screen, not to be repeated.
    pub other_questions: Vec<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RegeneratedQuestion {
    pub question: String,
}

#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum TextKind {
    #[default]
    Brief,
    Script,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct GenerateParagraphs {
    pub campaign_id: Id,
    /// Brief (default) or script.
    pub kind: TextKind,
    /// What to write about (optional: the campaign's title and description are used).
    pub prompt: String,
    /// The editor's current text, to improve rather than replace blindly (HTML or plain).
    pub current_text: String,
}

/// A text as the spec's `videoScript`: paragraphs separated by blank lines.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VideoScript {
    pub video_script: String,
    /// `videoScript` split on blank lines.
    pub paragraphs: Vec<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct GenerateScript {
    pub tenant_id: Id,
    pub campaign_id: Id,
    pub contributor_id: Id,
    /// The question the script is for; it is saved as the collaborator's script of it.
    pub campaign_question_id: Id,
    /// The collaborator's notes: what they want to say.
    pub prompt: String,
    /// Without a prompt: write from their own first answer (their script of the first
    /// question that has one).
    pub from_first_answer: bool,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GeneratedScript {
    pub campaign_question_id: String,
    /// Saved as the collaborator's script of the question (emoji restored).
    pub video_script: String,
    pub paragraphs: Vec<String>,
}

/// A story to draft from the campaign's transcripts.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct DraftStory {
    pub campaign_id: Id,
    /// What the story is about, its tone and its ending (1 to 2000 characters).
    pub brief: String,
    /// Seconds, 10 to 600; the draft keeps within 15 % of it.
    pub target_seconds: u32,
    /// The story's title (the brief's start when left out).
    pub title: Option<String>,
}

/// The draft, saved as a story (open it with `GET /generated-videos/stories/{campaignId}/{storyId}`),
/// with what was left out and why.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoryDraft {
    pub campaign_id: String,
    pub story_id: String,
    pub title: String,
    pub version: u64,
    pub clips: Vec<storyhive_shared::stories::StoryClip>,
    /// Seconds of the clips.
    pub duration_seconds: f64,
    pub report: storyhive_shared::stories::DraftReport,
}
