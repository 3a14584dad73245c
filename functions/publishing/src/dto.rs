//! The bodies of the publishing routes, made from the records in `storyhive_shared::publishing`.

use serde::{Deserialize, Serialize};
use storyhive_shared::{
    ids::Id,
    publishing::{
        stats::Stats, ConsentWithdrawalRecord, PublicationKind, PublicationRecord, PublicationStatus, RecordedBy,
        WallRecord,
    },
    stories::StoryFormat,
};
use utoipa::{IntoParams, ToSchema};

/// What to publish: an approved answer, or an approved generated video.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublishRequest {
    /// `answer`, `video` or `story`.
    pub kind: Option<PublicationKind>,
    pub campaign_id: Id,
    /// For an answer.
    pub contributor_id: Option<Id>,
    /// For an answer: the campaign question.
    pub question_id: Option<Id>,
    /// For a generated video.
    pub video_id: Option<Id>,
    /// For a story.
    pub story_id: Option<Id>,
    /// For a story: which render (its ready render when left out, the landscape one first).
    pub story_format: Option<StoryFormat>,
    /// The page's title (default: the video's title, or the question).
    pub title: Option<String>,
}

/// A speaker as staff see them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicationSpeaker {
    pub contributor_id: String,
    pub name: String,
}

/// A published item as staff see it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Publication {
    pub publication_id: String,
    pub slug: String,
    pub kind: PublicationKind,
    pub status: PublicationStatus,
    pub title: String,
    pub campaign_id: String,
    pub campaign_title: String,
    pub contributor_id: String,
    pub question_id: Option<String>,
    pub video_id: Option<String>,
    pub story_id: Option<String>,
    pub story_format: Option<StoryFormat>,
    pub speakers: Vec<PublicationSpeaker>,
    pub published_at: String,
    pub published_by: String,
    pub taken_down_at: Option<String>,
    /// Why it was taken down ('Unpublished by …', '… withdrew their consent', 'The video was deleted').
    pub takedown_reason: Option<String>,
    pub share_url: String,
    pub embed_url: String,
    pub iframe_snippet: String,
    pub captions_vtt_url: String,
    pub captions_srt_url: String,
    pub poster_url: String,
    pub duration_seconds: f64,
    pub stats: Stats,
}

/// `<iframe>` for a story at most 640 px wide with its proportions.
pub fn iframe_snippet(embed_url: &str, title: &str, width: u32, height: u32) -> String {
    let (width, height) = (width.max(1), height.max(1));
    let w = width.min(640);
    let h = ((w as u64 * height as u64) / width as u64).max(1);
    format!(
        "<iframe src=\"{embed_url}\" width=\"{w}\" height=\"{h}\" title=\"{}\" frameborder=\"0\" allow=\"autoplay; fullscreen; picture-in-picture\" allowfullscreen></iframe>",
        escape_attribute(title)
    )
}

fn escape_attribute(text: &str) -> String {
    text.replace('&', "&amp;").replace('"', "&quot;").replace('<', "&lt;").replace('>', "&gt;")
}

impl Publication {
    pub fn of(record: &PublicationRecord, origin: &str, stats: Stats) -> Self {
        let public = record.to_public(origin);
        Self {
            publication_id: record.slug.clone(),
            slug: record.slug.clone(),
            kind: record.kind,
            status: record.status,
            title: record.title.clone(),
            campaign_id: record.campaign_id.clone(),
            campaign_title: record.campaign_title.clone(),
            contributor_id: record.contributor_id.clone(),
            question_id: record.question_id.clone(),
            video_id: record.video_id.clone(),
            story_id: record.story_id.clone(),
            story_format: record.story_format,
            speakers: record
                .speakers
                .iter()
                .map(|s| PublicationSpeaker { contributor_id: s.contributor_id.clone(), name: s.name.clone() })
                .collect(),
            published_at: record.published_at.clone(),
            published_by: record.published_by.clone(),
            taken_down_at: record.taken_down_at.clone(),
            takedown_reason: record.takedown_reason.clone(),
            iframe_snippet: iframe_snippet(&public.embed_url, &record.title, record.width, record.height),
            share_url: public.share_url,
            embed_url: public.embed_url,
            captions_vtt_url: public.captions_vtt_url,
            captions_srt_url: public.captions_srt_url,
            poster_url: public.poster_url,
            duration_seconds: record.duration_seconds,
            stats,
        }
    }
}

/// Which published items a list shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum StatusFilter {
    Live,
    TakenDown,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PublicationsParams {
    pub campaign_id: Option<Id>,
    pub status: Option<StatusFilter>,
    /// 1 to 50 (default 10).
    pub limit: Option<u32>,
    pub cursor: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicationPage {
    pub items: Vec<Publication>,
    pub next_cursor: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct StatsParams {
    pub campaign_id: Option<Id>,
}

/// A new wall: a campaign's (its live items, newest first) or picked by hand.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WallRequest {
    #[serde(default)]
    pub title: String,
    pub campaign_id: Option<Id>,
    /// In this order; at most 100.
    pub publication_ids: Option<Vec<String>>,
}

/// A wall's new title and (for a hand-picked wall) items.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WallUpdate {
    #[serde(default)]
    pub title: String,
    pub publication_ids: Option<Vec<String>>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Wall {
    pub wall_id: String,
    pub title: String,
    pub campaign_id: Option<String>,
    pub publication_ids: Vec<String>,
    pub wall_url: String,
    pub iframe_snippet: String,
    pub script_snippet: String,
    pub created_at: String,
    pub updated_at: String,
}

impl Wall {
    pub fn of(record: &WallRecord, origin: &str) -> Self {
        let wall_url = format!("{origin}/wall/{}", record.wall_id);
        Self {
            wall_id: record.wall_id.clone(),
            title: record.title.clone(),
            campaign_id: record.campaign_id.clone(),
            publication_ids: record.publication_ids.clone(),
            iframe_snippet: format!(
                "<iframe src=\"{wall_url}?embed=1\" width=\"100%\" height=\"640\" title=\"{}\" frameborder=\"0\" allow=\"autoplay; fullscreen\" allowfullscreen></iframe>",
                escape_attribute(&record.title)
            ),
            script_snippet: format!(
                "<script src=\"{origin}/p/wall-embed.js\" data-wall=\"{}\" async></script>",
                record.wall_id
            ),
            wall_url,
            created_at: record.created_at.clone(),
            updated_at: record.updated_at.clone(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WallPage {
    pub items: Vec<Wall>,
    pub next_cursor: Option<String>,
}

/// Staff record a withdrawal of consent they received by other means.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WithdrawalRequest {
    pub contributor_id: Id,
    /// At most 500 characters.
    pub note: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TakenDown {
    pub publication_id: String,
    pub title: String,
    pub taken_down_at: Option<String>,
}

/// A collaborator's consent to publication.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Consent {
    pub contributor_id: String,
    pub withdrawn: bool,
    pub withdrawn_at: Option<String>,
    pub recorded_by: Option<RecordedBy>,
    pub note: Option<String>,
    /// Items taken down because of the withdrawal.
    pub taken_down: Vec<TakenDown>,
}

impl Consent {
    pub fn of(contributor_id: &str, withdrawal: Option<&ConsentWithdrawalRecord>, taken_down: Vec<TakenDown>) -> Self {
        Self {
            contributor_id: contributor_id.into(),
            withdrawn: withdrawal.is_some(),
            withdrawn_at: withdrawal.map(|w| w.withdrawn_at.clone()),
            recorded_by: withdrawal.map(|w| w.recorded_by),
            note: withdrawal.and_then(|w| w.note.clone()),
            taken_down,
        }
    }
}
