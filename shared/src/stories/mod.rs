//! Stories told by many voices: clips of any answers of a campaign, in order, each a
//! word-exact range of that answer's transcript, with an optional title card, lower thirds
//! naming each speaker as they consented to be shown, and an end card with the
//! organisation's logo. The record (`keys::story`), its checks, and its renders, one per
//! format (`keys::story_render`), which the media worker makes with the same claim, lease and
//! settle as generated videos (`media::renders`).

pub mod answers;
pub mod draft;
pub mod generated;
pub mod repo;
pub mod theme;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    error::FieldError,
    ids::Id,
    media::{
        generated::{GeneratedVideoStatus, RenderProgress, TitleCard, MAX_TITLE_CARD_CHARS, MAX_TITLE_CARD_SECONDS},
        TranscriptWord,
    },
    model::Timestamp,
    storage::{keys, objects::StoryRenderObjects},
};

/// A story holds at most this many clips (its save, speaker links included, is one transaction).
pub const MAX_CLIPS: usize = 48;
pub const MAX_TITLE_CHARS: usize = 250;
pub const MAX_END_CARD_CHARS: usize = 120;
/// The longest story rendered (as a generated video).
pub const MAX_STORY_SECONDS: f64 = crate::media::generated::MAX_RENDER_SECONDS;

pub const TITLE_REQUIRED: &str = "Title is a required field";
pub const TITLE_TOO_LONG: &str = "Title must be at most 250 characters";
pub const CLIPS_REQUIRED: &str = "Please add at least one clip to the story";
pub const TOO_MANY_CLIPS: &str = "A story has at most 48 clips";
pub const UNKNOWN_ANSWER: &str = "This answer is not one of the campaign's answers";
pub const NO_TRANSCRIPT: &str = "This answer has no transcript yet: its words cannot be chosen";
pub const WORDS_ORDER: &str = "The first word must come before the last";
pub const TITLE_CARD_TEXT: &str = "The title card's text must be 1 to 120 characters";
pub const CARD_SECONDS: &str = "A card shows for 1 to 10 seconds";
pub const END_CARD_TEXT: &str = "The end card's text must be at most 120 characters";
pub const END_CARD_EMPTY: &str = "The end card needs a text or the organisation's logo";
pub const TOO_LONG: &str = "A story is at most 20 minutes long";
pub const NOT_APPROVED_WARNING: &str = "This answer is not approved yet";

/// "The words must be within the transcript (0 to <last>)".
pub fn words_outside(count: usize) -> String {
    if count == 0 {
        "This answer's transcript has no words".to_string()
    } else {
        format!("The words must be within the answer's transcript (0 to {})", count - 1)
    }
}

/// The shapes a story is rendered in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum StoryFormat {
    /// 16:9.
    Landscape,
    /// 9:16.
    Portrait,
    /// 1:1.
    Square,
}

impl StoryFormat {
    pub const ALL: [StoryFormat; 3] = [StoryFormat::Landscape, StoryFormat::Portrait, StoryFormat::Square];

    /// Its name in keys and object names.
    pub fn name(self) -> &'static str {
        match self {
            Self::Landscape => "landscape",
            Self::Portrait => "portrait",
            Self::Square => "square",
        }
    }
}

/// How an answer filmed in another shape fills the frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Framing {
    /// Cut to fill the frame.
    #[default]
    Crop,
    /// Whole, over a blurred copy of itself.
    BlurredFit,
}

/// One clip as staff choose it: a range of an answer's transcript words (both included, from 0).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ClipChoice {
    pub contributor_id: Id,
    /// The answer: its campaign question id.
    pub question_id: Id,
    pub first_word: usize,
    pub last_word: usize,
}

/// The card closing the story: a line and/or the organisation's logo.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EndCard {
    /// Up to 120 characters ("Join us at ...").
    #[serde(default)]
    pub text: Option<String>,
    /// Show the organisation's logo (from its settings).
    #[serde(default)]
    pub logo: bool,
    /// 1 to 10 seconds.
    pub seconds: f64,
}

/// What staff write of a story (save and update).
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct StoryContent {
    /// 1 to 250 characters.
    pub title: String,
    /// 1 to 48, in playing order.
    pub clips: Vec<ClipChoice>,
    pub title_card: Option<TitleCard>,
    pub end_card: Option<EndCard>,
    /// Each clip shows its speaker's name as they consented to show it (default on).
    #[schema(value_type = Option<bool>)]
    pub lower_thirds: Option<bool>,
}

/// A clip as stored: the choice, and what it was when saved (the take its words belong
/// to, its seconds in that take, its words, the speaker's shown name).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoryClip {
    pub contributor_id: String,
    pub question_id: String,
    pub first_word: usize,
    pub last_word: usize,
    /// The take whose transcript the words are of.
    pub take_key: String,
    /// Seconds in that take.
    pub start: f64,
    pub end: f64,
    /// The words, as the transcript says them.
    pub text: String,
    /// The speaker's name as they consented to show it ("Amal K.").
    pub speaker: String,
}

impl StoryClip {
    pub fn seconds(&self) -> f64 {
        (self.end - self.start).max(0.0)
    }
}

/// What the AI draft left out, and why (kept on the story it made, for the editor).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DraftReport {
    pub brief: String,
    pub target_seconds: u32,
    /// Seconds of speech kept.
    pub seconds: f64,
    /// The kept clips are shorter than the target allows.
    pub short: bool,
    /// When not every answer fitted what the model reads at once: how it chose.
    pub selection_note: Option<String>,
    pub dropped: Vec<DroppedClip>,
}

/// A clip the model proposed that is not in the draft.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DroppedClip {
    /// The answer it cited (`contributorId` and `questionId` when the answer is known).
    pub contributor_id: Option<String>,
    pub question_id: Option<String>,
    pub first_word: usize,
    pub last_word: usize,
    /// What the model said was there.
    pub quote: String,
    /// Why it was left out, in words for staff.
    pub reason: String,
}

/// A story (`keys::story`).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StoryRecord {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    pub entity_type: String,
    pub tenant_id: String,
    pub campaign_id: String,
    pub story_id: String,
    pub title: String,
    pub clips: Vec<StoryClip>,
    pub title_card: Option<TitleCard>,
    pub end_card: Option<EndCard>,
    pub lower_thirds: bool,
    /// The speakers' contributor ids, each once, in order of first appearance (their
    /// `keys::story_speaker` links are written with the story).
    pub speakers: Vec<String>,
    /// Made by the AI draft: what it left out.
    #[serde(default)]
    pub draft: Option<DraftReport>,
    /// The generated video this story is (a collaborator's video saved through
    /// `POST /generated-videos/save`, one speaker): it goes when the story goes, and its
    /// renders announce `video.rendered`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub generated_video_id: Option<String>,
    /// Every change claims the next version (a stale editor gets 409).
    pub version: u64,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
    pub created_by: String,
}

impl StoryRecord {
    pub const ENTITY: &'static str = "Story";

    /// A new story (version 1) from checked content.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        tenant_id: &str,
        campaign_id: &str,
        story_id: &str,
        title: String,
        clips: Vec<StoryClip>,
        content: StoryContent,
        draft: Option<DraftReport>,
        created_by: &str,
        at: Timestamp,
    ) -> Self {
        let key = keys::story(tenant_id, campaign_id, story_id);
        Self {
            pk: key.pk,
            sk: key.sk,
            entity_type: Self::ENTITY.into(),
            tenant_id: tenant_id.into(),
            campaign_id: campaign_id.into(),
            story_id: story_id.into(),
            title,
            speakers: speakers_of(&clips),
            clips,
            title_card: clean_title_card(content.title_card),
            end_card: clean_end_card(content.end_card),
            lower_thirds: content.lower_thirds.unwrap_or(true),
            draft,
            generated_video_id: None,
            version: 1,
            created_at: at.clone(),
            updated_at: at,
            created_by: created_by.into(),
        }
    }

    pub fn key(&self) -> keys::Key {
        keys::story(&self.tenant_id, &self.campaign_id, &self.story_id)
    }

    /// Seconds it lasts: its clips and cards.
    pub fn duration_seconds(&self) -> f64 {
        duration(&self.clips, self.title_card.as_ref(), self.end_card.as_ref())
    }
}

/// The speakers of `clips`, each once, in order of first appearance.
pub fn speakers_of(clips: &[StoryClip]) -> Vec<String> {
    let mut speakers: Vec<String> = Vec::new();
    for clip in clips {
        if !speakers.contains(&clip.contributor_id) {
            speakers.push(clip.contributor_id.clone());
        }
    }
    speakers
}

/// Seconds of clips and cards.
pub fn duration(clips: &[StoryClip], title_card: Option<&TitleCard>, end_card: Option<&EndCard>) -> f64 {
    clips.iter().map(StoryClip::seconds).sum::<f64>()
        + title_card.map_or(0.0, |c| c.seconds)
        + end_card.map_or(0.0, |c| c.seconds)
}

/// An answer as the checks need it: its current take's transcript (if any) and whether
/// it is approved.
#[derive(Debug, Clone)]
pub struct AnswerWords {
    pub take_key: String,
    pub words: Option<Vec<TranscriptWord>>,
    pub approved: bool,
    pub speaker: String,
}

/// The checks of a story's content. `answer(contributorId, questionId)` is the answer of
/// this campaign, `None` when the campaign has no such answer (unknown, another campaign's,
/// or with no take). Every problem is reported with its field; on success the stored clips.
pub fn check(
    content: &StoryContent,
    answer: impl Fn(&str, &str) -> Option<AnswerWords>,
) -> Result<(String, Vec<StoryClip>), Vec<FieldError>> {
    let mut errors = Vec::new();
    let title = content.title.trim().to_string();
    if title.is_empty() {
        errors.push(FieldError::new("title", TITLE_REQUIRED));
    } else if title.chars().count() > MAX_TITLE_CHARS {
        errors.push(FieldError::new("title", TITLE_TOO_LONG));
    }
    if content.clips.is_empty() {
        errors.push(FieldError::new("clips", CLIPS_REQUIRED));
    }
    if content.clips.len() > MAX_CLIPS {
        errors.push(FieldError::new("clips", TOO_MANY_CLIPS));
        return Err(errors);
    }
    let mut clips = Vec::with_capacity(content.clips.len());
    for (index, choice) in content.clips.iter().enumerate() {
        let field = |name: &str| format!("clips[{index}].{name}");
        if choice.contributor_id.is_empty() || choice.question_id.is_empty() {
            errors.push(FieldError::new(field("questionId"), UNKNOWN_ANSWER));
            continue;
        }
        let Some(found) = answer(choice.contributor_id.as_str(), choice.question_id.as_str()) else {
            errors.push(FieldError::new(field("questionId"), UNKNOWN_ANSWER));
            continue;
        };
        let Some(words) = found.words else {
            errors.push(FieldError::new(field("questionId"), NO_TRANSCRIPT));
            continue;
        };
        if choice.first_word > choice.last_word {
            errors.push(FieldError::new(field("firstWord"), WORDS_ORDER));
            continue;
        }
        if choice.last_word >= words.len() {
            errors.push(FieldError::new(field("lastWord"), words_outside(words.len())));
            continue;
        }
        clips.push(StoryClip {
            contributor_id: choice.contributor_id.to_string(),
            question_id: choice.question_id.to_string(),
            first_word: choice.first_word,
            last_word: choice.last_word,
            take_key: found.take_key.clone(),
            start: words[choice.first_word].start,
            end: words[choice.last_word].end,
            text: draft::spoken(&words, choice.first_word, choice.last_word),
            speaker: found.speaker.clone(),
        });
    }
    if let Some(card) = &content.title_card {
        let length = card.text.trim().chars().count();
        if length == 0 || length > MAX_TITLE_CARD_CHARS {
            errors.push(FieldError::new("titleCard.text", TITLE_CARD_TEXT));
        }
        if !card.seconds.is_finite() || !(1.0..=MAX_TITLE_CARD_SECONDS).contains(&card.seconds) {
            errors.push(FieldError::new("titleCard.seconds", CARD_SECONDS));
        }
    }
    if let Some(card) = &content.end_card {
        let text = card.text.as_deref().map(str::trim).unwrap_or("");
        if text.chars().count() > MAX_END_CARD_CHARS {
            errors.push(FieldError::new("endCard.text", END_CARD_TEXT));
        } else if text.is_empty() && !card.logo {
            errors.push(FieldError::new("endCard.text", END_CARD_EMPTY));
        }
        if !card.seconds.is_finite() || !(1.0..=MAX_TITLE_CARD_SECONDS).contains(&card.seconds) {
            errors.push(FieldError::new("endCard.seconds", CARD_SECONDS));
        }
    }
    if errors.is_empty() && duration(&clips, content.title_card.as_ref(), content.end_card.as_ref()) > MAX_STORY_SECONDS
    {
        errors.push(FieldError::new("clips", TOO_LONG));
    }
    if errors.is_empty() {
        Ok((title, clips))
    } else {
        Err(errors)
    }
}

/// The end card as stored: its text trimmed, none when empty.
pub fn clean_end_card(card: Option<EndCard>) -> Option<EndCard> {
    card.map(|c| EndCard {
        text: c.text.map(|t| t.trim().to_string()).filter(|t| !t.is_empty()),
        logo: c.logo,
        seconds: c.seconds,
    })
}

/// The title card as stored: its text trimmed.
pub fn clean_title_card(card: Option<TitleCard>) -> Option<TitleCard> {
    card.map(|c| TitleCard { text: c.text.trim().to_string(), seconds: c.seconds })
}

// ------------------------------------------------------------------ renders

/// One clip of a render's provenance: who speaks, which answer, which seconds (of the take,
/// and of the story).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProvenanceClip {
    pub contributor_id: String,
    /// As they consented to show it.
    pub speaker: String,
    pub question_id: String,
    pub question: String,
    pub take_key: String,
    /// Seconds in the answer's take.
    pub start: f64,
    pub end: f64,
    /// Where it plays in the story.
    pub story_start: f64,
    pub story_end: f64,
    pub first_word: usize,
    pub last_word: usize,
    pub text: String,
}

/// The sidecar beside a story's MP4 (and its record): where every second comes from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Provenance {
    pub story_id: String,
    pub campaign_id: String,
    pub title: String,
    pub format: StoryFormat,
    /// When the render was asked for.
    pub requested_at: Timestamp,
    pub clips: Vec<ProvenanceClip>,
}

/// A story's render in one format (`keys::story_render`): its settings, the clips as
/// rendered, its objects, and the render's state (as a generated video's, written by
/// `media::renders`).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StoryRenderRecord {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    pub entity_type: String,
    pub tenant_id: String,
    pub campaign_id: String,
    pub story_id: String,
    pub render_id: String,
    pub format: StoryFormat,
    pub framing: Framing,
    pub burn_captions: bool,
    /// The story's version rendered.
    pub story_version: u64,
    pub title: String,
    pub clips: Vec<StoryClip>,
    pub title_card: Option<TitleCard>,
    pub end_card: Option<EndCard>,
    pub lower_thirds: bool,
    pub speakers: Vec<String>,
    /// The story's generated video, if it is one (`StoryRecord::generated_video_id`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub generated_video_id: Option<String>,
    pub objects: StoryRenderObjects,
    pub status: GeneratedVideoStatus,
    pub failure_reason: Option<String>,
    #[serde(default)]
    pub progress: Option<RenderProgress>,
    pub duration_seconds: Option<f64>,
    pub width: Option<u32>,
    pub height: Option<u32>,
    pub claimed_until: Option<i64>,
    pub claim_id: Option<String>,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
    pub created_by: String,
}

impl StoryRenderRecord {
    pub const ENTITY: &'static str = "StoryRender";

    #[allow(clippy::too_many_arguments)]
    pub fn new(
        story: &StoryRecord,
        format: StoryFormat,
        framing: Framing,
        burn_captions: bool,
        render_id: &str,
        created_by: &str,
        at: Timestamp,
    ) -> Self {
        let key = keys::story_render(&story.tenant_id, &story.campaign_id, &story.story_id, format.name());
        let take = story.clips.first().map(|c| c.take_key.as_str()).unwrap_or_default();
        Self {
            pk: key.pk,
            sk: key.sk,
            entity_type: Self::ENTITY.into(),
            tenant_id: story.tenant_id.clone(),
            campaign_id: story.campaign_id.clone(),
            story_id: story.story_id.clone(),
            render_id: render_id.into(),
            format,
            framing,
            burn_captions,
            story_version: story.version,
            title: story.title.clone(),
            clips: story.clips.clone(),
            title_card: story.title_card.clone(),
            end_card: story.end_card.clone(),
            lower_thirds: story.lower_thirds,
            speakers: story.speakers.clone(),
            generated_video_id: story.generated_video_id.clone(),
            objects: crate::storage::objects::story_render(take, &story.story_id, format.name(), render_id),
            status: GeneratedVideoStatus::Processing,
            failure_reason: None,
            progress: None,
            duration_seconds: None,
            width: None,
            height: None,
            claimed_until: None,
            claim_id: None,
            created_at: at.clone(),
            updated_at: at,
            created_by: created_by.into(),
        }
    }

    pub fn key(&self) -> keys::Key {
        keys::story_render(&self.tenant_id, &self.campaign_id, &self.story_id, self.format.name())
    }

    /// Where every second comes from (the sidecar beside the MP4, and the API's view);
    /// `question(questionId)` is the question's text.
    pub fn provenance(&self, question: impl Fn(&str) -> String) -> Provenance {
        Provenance {
            story_id: self.story_id.clone(),
            campaign_id: self.campaign_id.clone(),
            title: self.title.clone(),
            format: self.format,
            requested_at: self.created_at.clone(),
            clips: self
                .clips
                .iter()
                .zip(self.timeline())
                .map(|(clip, (story_start, story_end))| ProvenanceClip {
                    contributor_id: clip.contributor_id.clone(),
                    speaker: clip.speaker.clone(),
                    question_id: clip.question_id.clone(),
                    question: question(&clip.question_id),
                    take_key: clip.take_key.clone(),
                    start: clip.start,
                    end: clip.end,
                    story_start,
                    story_end,
                    first_word: clip.first_word,
                    last_word: clip.last_word,
                    text: clip.text.clone(),
                })
                .collect(),
        }
    }

    /// Where each clip plays in the story: after the title card, one after another.
    pub fn timeline(&self) -> Vec<(f64, f64)> {
        let mut at = self.title_card.as_ref().map_or(0.0, |c| c.seconds);
        self.clips
            .iter()
            .map(|clip| {
                let span = (at, at + clip.seconds());
                at = span.1;
                span
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(n: usize) -> Vec<TranscriptWord> {
        (0..n)
            .map(|i| TranscriptWord { text: format!("w{i}"), start: i as f64, end: i as f64 + 0.8, edited: false })
            .collect()
    }

    fn choice(contributor: &str, question: &str, first: usize, last: usize) -> ClipChoice {
        ClipChoice {
            contributor_id: Id::from_trusted(contributor),
            question_id: Id::from_trusted(question),
            first_word: first,
            last_word: last,
        }
    }

    fn lookup(contributor: &str, question: &str) -> Option<AnswerWords> {
        match (contributor, question) {
            ("ann", "q1") => Some(AnswerWords {
                take_key: "t/i/c/ann/take.webm".into(),
                words: Some(words(10)),
                approved: true,
                speaker: "Ann A.".into(),
            }),
            ("bob", "q1") => Some(AnswerWords {
                take_key: "t/i/c/bob/take.webm".into(),
                words: None,
                approved: false,
                speaker: "Bob B.".into(),
            }),
            _ => None,
        }
    }

    #[test]
    fn a_story_keeps_its_clips_seconds_words_and_speakers() {
        let content = StoryContent {
            title: "  Why we stay ".into(),
            clips: vec![choice("ann", "q1", 2, 4), choice("ann", "q1", 0, 0)],
            ..Default::default()
        };
        let (title, clips) = check(&content, lookup).unwrap();
        assert_eq!(title, "Why we stay");
        assert_eq!((clips[0].start, clips[0].end, clips[0].text.as_str()), (2.0, 4.8, "w2 w3 w4"));
        assert_eq!(clips[0].speaker, "Ann A.");
        assert_eq!(speakers_of(&clips), ["ann"]);
    }

    #[test]
    fn bad_stories_name_every_field() {
        let fields = |content: &StoryContent| {
            check(content, lookup).unwrap_err().into_iter().map(|e| (e.field, e.message)).collect::<Vec<_>>()
        };
        let empty = StoryContent::default();
        assert_eq!(
            fields(&empty),
            [("title".to_string(), TITLE_REQUIRED.to_string()), ("clips".to_string(), CLIPS_REQUIRED.to_string())]
        );
        let bad = StoryContent {
            title: "T".into(),
            clips: vec![
                choice("ann", "q1", 3, 10),
                choice("zed", "q1", 0, 1),
                choice("bob", "q1", 0, 1),
                choice("ann", "q1", 5, 4),
            ],
            end_card: Some(EndCard { text: None, logo: false, seconds: 30.0 }),
            ..Default::default()
        };
        assert_eq!(
            fields(&bad),
            [
                ("clips[0].lastWord".to_string(), words_outside(10)),
                ("clips[1].questionId".to_string(), UNKNOWN_ANSWER.to_string()),
                ("clips[2].questionId".to_string(), NO_TRANSCRIPT.to_string()),
                ("clips[3].firstWord".to_string(), WORDS_ORDER.to_string()),
                ("endCard.text".to_string(), END_CARD_EMPTY.to_string()),
                ("endCard.seconds".to_string(), CARD_SECONDS.to_string()),
            ]
        );
        let many = StoryContent {
            title: "T".into(),
            clips: vec![choice("ann", "q1", 0, 0); MAX_CLIPS + 1],
            ..Default::default()
        };
        assert_eq!(fields(&many)[0].1, TOO_MANY_CLIPS);
    }

    #[test]
    fn a_render_places_its_clips_after_the_title_card_in_the_campaigns_derived_folder() {
        let content = StoryContent {
            title: "T".into(),
            clips: vec![choice("ann", "q1", 0, 1), choice("ann", "q1", 5, 5)],
            ..Default::default()
        };
        let (title, clips) = check(&content, lookup).unwrap();
        let story = StoryRecord {
            pk: "p".into(),
            sk: "s".into(),
            entity_type: StoryRecord::ENTITY.into(),
            tenant_id: "t".into(),
            campaign_id: "c".into(),
            story_id: "S1".into(),
            title,
            speakers: speakers_of(&clips),
            clips,
            title_card: Some(TitleCard { text: "Hi".into(), seconds: 2.0 }),
            end_card: None,
            lower_thirds: true,
            draft: None,
            generated_video_id: None,
            version: 1,
            created_at: "now".into(),
            updated_at: "now".into(),
            created_by: "u".into(),
        };
        let render = StoryRenderRecord::new(&story, StoryFormat::Square, Framing::Crop, true, "R1", "u", "now".into());
        assert_eq!(render.objects.mp4, "derived/t/i/c/stories/S1/square-R1.mp4");
        assert_eq!(render.timeline(), [(2.0, 3.8), (3.8, 4.6)]);
        assert_eq!(render.key(), keys::story_render("t", "c", "S1", "square"));
        assert!((story.duration_seconds() - 4.6).abs() < 1e-9);
    }
}
