//! Publishing: an approved answer or generated video, or a story's render, on a public page (`/v/<slug>`), in
//! embeds and on walls, with public copies of its media under the media bucket's
//! `published/<slug>/` (so taking it down removes what the public can fetch at once), and
//! consent that follows every published clip: an item knows its speakers and the terms
//! version each accepted, and a withdrawal takes down every live item of that person.

pub mod public;
pub mod stats;
pub mod takedown;
pub mod write;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    model::Timestamp,
    storage::{keys, Key},
};
use public::{PublicCue, PublicOrganisation, PublicSpeaker, PublicStory, PublicWall, PublicWallItem};

pub const GONE: &str = "This story is no longer available";
pub const UNKNOWN_STORY: &str = "This story does not exist";
pub const UNKNOWN_WALL: &str = "This wall does not exist";
pub const NOT_APPROVED: &str = "Only approved videos can be published";
pub const VIDEO_NOT_READY: &str = "This video is not ready to be published yet";
pub const CONSENT_WITHDRAWN_MESSAGE: &str = "Your consent is withdrawn. Your published videos were taken down.";

/// "<Speaker> has not accepted the current terms and conditions".
pub fn terms_not_accepted(speaker: &str) -> String {
    format!("{speaker} has not accepted the current terms and conditions")
}

/// "<Speaker> has withdrawn their consent".
pub fn consent_withdrawn(speaker: &str) -> String {
    format!("{speaker} has withdrawn their consent")
}

/// The name a speaker shows by default: first name and the initial of the last ("Amal K.").
/// Kept with the collaborator's record, so that stories (below publishing) show the same.
pub use crate::contributors::records::shown_name as display_name;

/// What is published.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum PublicationKind {
    /// A collaborator's approved answer (its current take).
    Answer,
    /// An approved generated video.
    Video,
    /// A render of a story of many voices (one format).
    Story,
}

/// Where a published item stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum PublicationStatus {
    Live,
    /// Taken down by staff.
    Unpublished,
    /// Taken down because a speaker withdrew their consent.
    Withdrawn,
    /// Taken down because its answer or video was deleted.
    Deleted,
}

/// A speaker of a published item, with the terms version they had accepted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Speaker {
    pub contributor_id: String,
    /// As they consented to show it.
    pub name: String,
    /// The organisation's terms version they accepted (0 when there were none).
    pub terms_version: u32,
}

/// The public copies of an item's media, in the media bucket.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PublishedObjects {
    pub video: String,
    pub poster: String,
    pub vtt: String,
    pub srt: String,
    pub logo: Option<String>,
}

impl PublishedObjects {
    /// `published/<slug>/...`; the logo keeps its extension.
    pub fn of(slug: &str, logo_extension: Option<&str>) -> Self {
        let base = format!("{PUBLISHED_PREFIX}{slug}/");
        Self {
            video: format!("{base}video.mp4"),
            poster: format!("{base}poster.jpg"),
            vtt: format!("{base}captions.vtt"),
            srt: format!("{base}captions.srt"),
            logo: logo_extension.map(|ext| format!("{base}logo.{ext}")),
        }
    }

    pub fn all(&self) -> Vec<String> {
        let mut keys = vec![self.video.clone(), self.poster.clone(), self.vtt.clone(), self.srt.clone()];
        keys.extend(self.logo.clone());
        keys
    }
}

/// The media bucket's prefix of public copies (CloudFront serves it at `/published/`).
pub use crate::storage::objects::PUBLISHED_PREFIX;

/// The site path of a public copy (`published/x/video.mp4` -> `/published/x/video.mp4`).
pub fn public_path(key: &str) -> String {
    format!("/{key}")
}

/// A published item (`keys::publication`).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PublicationRecord {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    #[serde(rename = "GSI1PK")]
    pub gsi1pk: String,
    #[serde(rename = "GSI1SK")]
    pub gsi1sk: String,
    /// Only while live (`keys::live_publications_of_campaign_gsi2`).
    #[serde(rename = "GSI2PK", default, skip_serializing_if = "Option::is_none")]
    pub gsi2pk: Option<String>,
    #[serde(rename = "GSI2SK", default, skip_serializing_if = "Option::is_none")]
    pub gsi2sk: Option<String>,
    pub entity_type: String,
    pub tenant_id: String,
    pub slug: String,
    pub kind: PublicationKind,
    /// `keys::published_source`'s sort key.
    pub source: String,
    pub campaign_id: String,
    pub contributor_id: String,
    pub question_id: Option<String>,
    pub video_id: Option<String>,
    /// For a story: the story and the format published.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub story_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub story_format: Option<crate::stories::StoryFormat>,
    pub title: String,
    pub campaign_title: String,
    pub organisation_name: String,
    pub speakers: Vec<Speaker>,
    pub objects: PublishedObjects,
    pub duration_seconds: f64,
    pub width: u32,
    pub height: u32,
    pub transcript: Vec<PublicCue>,
    pub status: PublicationStatus,
    pub published_at: Timestamp,
    pub published_by: String,
    pub published_by_id: String,
    pub taken_down_at: Option<Timestamp>,
    pub takedown_reason: Option<String>,
}

impl PublicationRecord {
    pub const ENTITY: &'static str = "Publication";

    pub fn key(&self) -> Key {
        keys::publication(&self.slug)
    }

    pub fn is_live(&self) -> bool {
        self.status == PublicationStatus::Live
    }

    /// The address to share, on the app's origin.
    pub fn share_url(&self, origin: &str) -> String {
        format!("{origin}/v/{}", self.slug)
    }

    pub fn embed_url(&self, origin: &str) -> String {
        format!("{origin}/embed/{}", self.slug)
    }

    fn organisation(&self) -> PublicOrganisation {
        PublicOrganisation {
            name: self.organisation_name.clone(),
            logo_url: self.objects.logo.as_deref().map(public_path),
        }
    }

    fn public_speakers(&self) -> Vec<PublicSpeaker> {
        self.speakers.iter().map(|s| PublicSpeaker { name: s.name.clone() }).collect()
    }

    /// What the public sees (`origin`: the app's address, for the absolute links).
    pub fn to_public(&self, origin: &str) -> PublicStory {
        PublicStory {
            slug: self.slug.clone(),
            title: self.title.clone(),
            campaign_title: self.campaign_title.clone(),
            organisation: self.organisation(),
            speakers: self.public_speakers(),
            video_url: public_path(&self.objects.video),
            poster_url: public_path(&self.objects.poster),
            captions_vtt_url: public_path(&self.objects.vtt),
            captions_srt_url: public_path(&self.objects.srt),
            duration_seconds: self.duration_seconds,
            width: self.width,
            height: self.height,
            transcript: self.transcript.clone(),
            share_url: self.share_url(origin),
            embed_url: self.embed_url(origin),
            published_at: self.published_at.clone(),
        }
    }

    pub fn to_wall_item(&self) -> PublicWallItem {
        PublicWallItem {
            slug: self.slug.clone(),
            title: self.title.clone(),
            speakers: self.public_speakers(),
            video_url: public_path(&self.objects.video),
            poster_url: public_path(&self.objects.poster),
            captions_vtt_url: public_path(&self.objects.vtt),
            duration_seconds: self.duration_seconds,
            width: self.width,
            height: self.height,
        }
    }
}

/// A speaker's link to a live item (`keys::publication_speaker`).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PublicationSpeakerRecord {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    pub entity_type: String,
    pub slug: String,
}

/// The live item of a source (`keys::published_source`).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PublishedSourceRecord {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    pub entity_type: String,
    pub slug: String,
}

/// Who recorded a withdrawal of consent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum RecordedBy {
    /// From their personal link.
    Collaborator,
    /// Staff, who received it by other means.
    Staff,
}

/// A collaborator's standing withdrawal of consent (`keys::consent_withdrawal`).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ConsentWithdrawalRecord {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    pub entity_type: String,
    pub tenant_id: String,
    pub contributor_id: String,
    pub withdrawn_at: Timestamp,
    pub recorded_by: RecordedBy,
    /// The staff member who recorded it, and their note.
    pub recorded_by_user: Option<String>,
    pub note: Option<String>,
}

impl ConsentWithdrawalRecord {
    pub const ENTITY: &'static str = "ConsentWithdrawal";
}

/// A wall (`keys::wall`): a campaign's live items, or items picked and ordered by hand.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WallRecord {
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
    pub wall_id: String,
    pub title: String,
    pub organisation_name: String,
    /// A campaign's wall lists its live items, newest first.
    pub campaign_id: Option<String>,
    /// Otherwise these, in this order.
    pub publication_ids: Vec<String>,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
}

impl WallRecord {
    pub const ENTITY: &'static str = "Wall";
    /// At most this many items on a hand-picked wall (and shown on a campaign's).
    pub const MAX_ITEMS: usize = 100;

    pub fn to_public(&self, items: Vec<PublicWallItem>) -> PublicWall {
        PublicWall {
            wall_id: self.wall_id.clone(),
            title: self.title.clone(),
            organisation: PublicOrganisation { name: self.organisation_name.clone(), logo_url: None },
            items,
        }
    }
}

/// A new slug: 128 random bits in base62 (22 characters), unguessable.
pub fn new_slug() -> String {
    use rand::Rng;
    const ALPHABET: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    let mut value: u128 = rand::rng().random();
    let mut out = Vec::with_capacity(22);
    for _ in 0..22 {
        out.push(ALPHABET[(value % 62) as usize]);
        value /= 62;
    }
    String::from_utf8(out).expect("ASCII")
}

/// Whether `slug` has the shape of a slug (checked before it reaches DynamoDB).
pub fn is_slug(slug: &str) -> bool {
    slug.len() == 22 && slug.bytes().all(|b| b.is_ascii_alphanumeric())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_22_base62_characters_and_differ() {
        let (a, b) = (new_slug(), new_slug());
        assert!(is_slug(&a) && is_slug(&b), "{a} {b}");
        assert_ne!(a, b);
        assert!(!is_slug("../../etc/passwd") && !is_slug(""));
    }

    #[test]
    fn speakers_show_first_name_and_initial() {
        assert_eq!(display_name("Amal", "Khoury"), "Amal K.");
        assert_eq!(display_name(" Zoë ", "élan"), "Zoë É.");
        assert_eq!(display_name("نور", "حداد"), "نور ح.");
        assert_eq!(display_name("Cher", " "), "Cher");
    }
}
