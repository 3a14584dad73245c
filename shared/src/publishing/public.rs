//! What the public sees of a published item: the only fields the public pages, embeds,
//! walls and their JSON carry (`GET /public/stories/{slug}`, `GET /public/walls/{wallId}`).
//! Nothing here names a collaborator beyond the name they agreed to show, and no URL is
//! signed: media are the public copies under `/published/<slug>/`.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The organisation as its public pages show it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicOrganisation {
    pub name: String,
    /// `/published/<slug>/logo.<ext>`, when the organisation has a logo.
    pub logo_url: Option<String>,
}

/// A speaker, by the name they consented to show ("Amal K." by default).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicSpeaker {
    pub name: String,
}

/// One caption cue: the words shown from `start` to `end` (seconds).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicCue {
    pub start: f64,
    pub end: f64,
    pub text: String,
}

/// A published story (`GET /public/stories/{slug}`, and inline in its pages).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicStory {
    pub slug: String,
    pub title: String,
    pub campaign_title: String,
    pub organisation: PublicOrganisation,
    pub speakers: Vec<PublicSpeaker>,
    pub video_url: String,
    pub poster_url: String,
    pub captions_vtt_url: String,
    pub captions_srt_url: String,
    pub duration_seconds: f64,
    pub width: u32,
    pub height: u32,
    pub transcript: Vec<PublicCue>,
    /// Absolute: the address to share.
    pub share_url: String,
    /// Absolute: the player for iframes.
    pub embed_url: String,
    pub published_at: String,
}

/// One item of a wall.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicWallItem {
    pub slug: String,
    pub title: String,
    pub speakers: Vec<PublicSpeaker>,
    pub video_url: String,
    pub poster_url: String,
    pub captions_vtt_url: String,
    pub duration_seconds: f64,
    pub width: u32,
    pub height: u32,
}

impl From<&PublicStory> for PublicWallItem {
    fn from(story: &PublicStory) -> Self {
        Self {
            slug: story.slug.clone(),
            title: story.title.clone(),
            speakers: story.speakers.clone(),
            video_url: story.video_url.clone(),
            poster_url: story.poster_url.clone(),
            captions_vtt_url: story.captions_vtt_url.clone(),
            duration_seconds: story.duration_seconds,
            width: story.width,
            height: story.height,
        }
    }
}

/// A wall of published stories (`GET /public/walls/{wallId}`): only live items, in order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicWall {
    pub wall_id: String,
    pub title: String,
    pub organisation: PublicOrganisation,
    pub items: Vec<PublicWallItem>,
}

/// The keys the public JSON may hold, for the allow-list test.
pub const STORY_KEYS: &[&str] = &[
    "slug",
    "title",
    "campaignTitle",
    "organisation",
    "speakers",
    "videoUrl",
    "posterUrl",
    "captionsVttUrl",
    "captionsSrtUrl",
    "durationSeconds",
    "width",
    "height",
    "transcript",
    "shareUrl",
    "embedUrl",
    "publishedAt",
];
