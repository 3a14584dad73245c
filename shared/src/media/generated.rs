//! Generated videos: an edit of a collaborator's answers (a cut list in playing order,
//! an optional title card, captions) and the MP4 the media worker renders from it; and
//! the video test page's processing jobs. Shared by the API (`functions/generated-videos`)
//! and the media worker, which renders both with the same ffmpeg code.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    error::FieldError,
    model::Timestamp,
    storage::{keys, objects},
};

pub const MAX_CLIPS: usize = 500;
pub const MAX_TITLE_CHARS: usize = 250;
pub const MAX_TITLE_CARD_CHARS: usize = 120;
pub const MAX_TITLE_CARD_SECONDS: f64 = 10.0;
/// A kept range shorter than this is a slip of the mouse, not an edit.
pub const MIN_CLIP_SECONDS: f64 = 0.1;
/// The longest render (a Lambda run of 15 minutes renders it with time to spare).
pub const MAX_RENDER_SECONDS: f64 = 1_200.0;
/// A clip may end this much past the measured take (rounding of the player's clock).
pub const END_TOLERANCE_SECONDS: f64 = 0.05;

pub const TITLE_REQUIRED: &str = "Title is a required field";
pub const TITLE_TOO_LONG: &str = "Title must be at most 250 characters";
pub const CLIPS_REQUIRED: &str = "Please keep at least one part of an answer";
pub const TOO_MANY_CLIPS: &str = "An edit has at most 500 parts";
pub const CLIP_RANGE: &str = "A part must start before it ends, at 0 seconds or later";
pub const CLIP_TOO_SHORT: &str = "A part must be at least 0.1 seconds long";
pub const CLIP_PAST_END: &str = "A part ends after the end of its answer's video";
pub const CLIP_UNKNOWN_ANSWER: &str = "This answer is not one of the collaborator's answers";
pub const TITLE_CARD_TEXT: &str = "The title card's text must be 1 to 120 characters";
pub const TITLE_CARD_SECONDS: &str = "The title card shows for 1 to 10 seconds";
pub const TOO_LONG: &str = "A generated video is at most 20 minutes long";

/// Where a generated video stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum GeneratedVideoStatus {
    Processing,
    Ready,
    Failed,
}

/// One kept range of an answer's take, in seconds of that take.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Clip {
    /// The answer: its campaign question id.
    pub journey_id: String,
    pub start: f64,
    pub end: f64,
}

/// Text on a black background before the first clip, with silence.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TitleCard {
    /// 1 to 120 characters.
    pub text: String,
    /// 1 to 10 seconds.
    pub seconds: f64,
}

/// How the spoken words are shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Captions {
    #[default]
    None,
    /// Drawn into the picture.
    BurnedIn,
    /// A WebVTT file beside the MP4 (`captionsUrl`).
    Webvtt,
}

/// What to render: the clips in playing order, an optional title card, captions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Edit {
    /// 1 to 500, in playing order.
    pub clips: Vec<Clip>,
    pub title_card: Option<TitleCard>,
    #[serde(default)]
    pub captions: Captions,
}

impl Edit {
    /// Seconds the render lasts: the kept ranges plus the title card.
    pub fn duration_seconds(&self) -> f64 {
        self.clips.iter().map(|c| c.end - c.start).sum::<f64>() + self.title_card.as_ref().map_or(0.0, |t| t.seconds)
    }

    /// The checks that need nothing but the edit; `take_seconds(journeyId)` is the
    /// measured length of that answer's take, `None` when the collaborator has no such
    /// answer. Every problem is reported with its field.
    pub fn check(&self, take_seconds: impl Fn(&str) -> Option<f64>) -> Vec<FieldError> {
        let mut errors = Vec::new();
        if self.clips.is_empty() {
            errors.push(FieldError::new("edit.clips", CLIPS_REQUIRED));
        }
        if self.clips.len() > MAX_CLIPS {
            errors.push(FieldError::new("edit.clips", TOO_MANY_CLIPS));
            return errors;
        }
        for (index, clip) in self.clips.iter().enumerate() {
            let field = |name: &str| format!("edit.clips[{index}].{name}");
            if !crate::ids::is_valid(&clip.journey_id) || clip.journey_id.is_empty() {
                errors.push(FieldError::new(field("journeyId"), CLIP_UNKNOWN_ANSWER));
                continue;
            }
            if !(clip.start.is_finite() && clip.end.is_finite()) || clip.start < 0.0 || clip.end <= clip.start {
                errors.push(FieldError::new(field("end"), CLIP_RANGE));
                continue;
            }
            if clip.end - clip.start < MIN_CLIP_SECONDS {
                errors.push(FieldError::new(field("end"), CLIP_TOO_SHORT));
                continue;
            }
            match take_seconds(&clip.journey_id) {
                None => errors.push(FieldError::new(field("journeyId"), CLIP_UNKNOWN_ANSWER)),
                Some(length) if clip.end > length + END_TOLERANCE_SECONDS => {
                    errors.push(FieldError::new(field("end"), CLIP_PAST_END))
                }
                Some(_) => {}
            }
        }
        if let Some(card) = &self.title_card {
            let length = card.text.trim().chars().count();
            if length == 0 || length > MAX_TITLE_CARD_CHARS {
                errors.push(FieldError::new("edit.titleCard.text", TITLE_CARD_TEXT));
            }
            if !card.seconds.is_finite() || !(1.0..=MAX_TITLE_CARD_SECONDS).contains(&card.seconds) {
                errors.push(FieldError::new("edit.titleCard.seconds", TITLE_CARD_SECONDS));
            }
        }
        if errors.is_empty() && self.duration_seconds() > MAX_RENDER_SECONDS {
            errors.push(FieldError::new("edit.clips", TOO_LONG));
        }
        errors
    }
}

/// A clip with the object it is cut from (the answer's web-playable MP4), fixed when
/// the video is saved: a later take of the answer does not change a saved edit.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SourceClip {
    pub journey_id: String,
    pub source_key: String,
    /// The take the words of the captions belong to.
    pub take_key: String,
    pub start: f64,
    pub end: f64,
}

/// A generated video (`keys::generated_video`).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GeneratedVideoRecord {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    #[serde(rename = "GSI1PK")]
    pub gsi1pk: String,
    #[serde(rename = "GSI1SK")]
    pub gsi1sk: String,
    /// Only while approved (`keys::approved_generated_videos_gsi2`).
    #[serde(rename = "GSI2PK", default, skip_serializing_if = "Option::is_none")]
    pub gsi2pk: Option<String>,
    #[serde(rename = "GSI2SK", default, skip_serializing_if = "Option::is_none")]
    pub gsi2sk: Option<String>,
    pub entity_type: String,
    pub tenant_id: String,
    pub campaign_id: String,
    pub contributor_id: String,
    pub video_id: String,
    pub title: String,
    pub status: GeneratedVideoStatus,
    pub failure_reason: Option<String>,
    pub approved: bool,
    pub approved_at: Option<Timestamp>,
    pub edit: Edit,
    pub sources: Vec<SourceClip>,
    /// The campaign's orientation when saved.
    pub portrait: bool,
    pub mp4_key: String,
    pub poster_key: String,
    pub captions_key: Option<String>,
    pub duration_seconds: Option<f64>,
    pub width: Option<u32>,
    pub height: Option<u32>,
    /// How far the render is, while it runs (the worker writes it; shown while processing).
    #[serde(default)]
    pub progress: Option<RenderProgress>,
    /// A render's lease (as a take's conversion): a duplicate message finds it claimed or done.
    pub claimed_until: Option<i64>,
    pub claim_id: Option<String>,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
    pub created_by: String,
    /// The one-speaker story this video is (`keys::story`, saved with it), rendered by the
    /// story engine in the campaign's format ([`Self::story_format`]): its status, progress,
    /// length and files are that render's, and the fields above hold the first render's
    /// files. None: the video renders by itself (saved before stories, or cut from an answer
    /// without words where a clip is; docs/DECISIONS.md, "Generated videos as one-speaker stories").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub story_id: Option<String>,
}

/// Where a render stands: its stage, and how much of the whole is done.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RenderProgress {
    pub stage: RenderStage,
    /// 0 to 100, of the whole render.
    pub percent: u8,
}

/// A render's stages, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum RenderStage {
    /// Fetching the answers' videos and transcripts.
    Preparing,
    /// Cutting and joining the clips (the percent follows the frames made).
    Rendering,
    /// Storing the video, its poster and captions.
    Saving,
}

impl RenderProgress {
    /// The share of the whole at the start of each stage: preparing 0-10 %, rendering
    /// 10-90 % (by frames), saving 90-100 %.
    pub fn at(stage: RenderStage, of_stage: f64) -> Self {
        let (from, span) = match stage {
            RenderStage::Preparing => (0.0, 10.0),
            RenderStage::Rendering => (10.0, 80.0),
            RenderStage::Saving => (90.0, 10.0),
        };
        let percent = (from + span * of_stage.clamp(0.0, 1.0)).floor().clamp(0.0, 99.0) as u8;
        Self { stage, percent }
    }
}

impl GeneratedVideoRecord {
    pub const ENTITY: &'static str = "GeneratedVideo";

    #[allow(clippy::too_many_arguments)]
    pub fn new(
        tenant_id: &str,
        campaign_id: &str,
        contributor_id: &str,
        video_id: &str,
        title: &str,
        edit: Edit,
        sources: Vec<SourceClip>,
        portrait: bool,
        source_take_key: &str,
        created_by: &str,
        at: Timestamp,
    ) -> Self {
        let key = keys::generated_video(tenant_id, campaign_id, video_id);
        let outputs = objects::generated_video(source_take_key, video_id, edit.captions == Captions::Webvtt);
        Self {
            pk: key.pk,
            sk: key.sk,
            gsi1pk: keys::generated_videos_of_contributor_gsi1(tenant_id, campaign_id, contributor_id),
            gsi1sk: video_id.into(),
            gsi2pk: None,
            gsi2sk: None,
            entity_type: Self::ENTITY.into(),
            tenant_id: tenant_id.into(),
            campaign_id: campaign_id.into(),
            contributor_id: contributor_id.into(),
            video_id: video_id.into(),
            title: title.into(),
            status: GeneratedVideoStatus::Processing,
            failure_reason: None,
            progress: None,
            approved: false,
            approved_at: None,
            edit,
            sources,
            portrait,
            mp4_key: outputs.mp4,
            poster_key: outputs.poster,
            captions_key: outputs.captions,
            duration_seconds: None,
            width: None,
            height: None,
            claimed_until: None,
            claim_id: None,
            created_at: at.clone(),
            updated_at: at,
            created_by: created_by.into(),
            story_id: None,
        }
    }

    pub fn key(&self) -> keys::Key {
        keys::generated_video(&self.tenant_id, &self.campaign_id, &self.video_id)
    }

    /// The name of the story format it is rendered in: the campaign's orientation when saved.
    pub fn story_format(&self) -> &'static str {
        if self.portrait {
            "portrait"
        } else {
            "landscape"
        }
    }

    /// Its story's render that it shows (`keys::story_render`), when it is a story.
    pub fn story_render_key(&self) -> Option<keys::Key> {
        self.story_id
            .as_ref()
            .map(|story| keys::story_render(&self.tenant_id, &self.campaign_id, story, self.story_format()))
    }

    /// Every object the video may have (removed with it).
    pub fn object_keys(&self) -> Vec<String> {
        [Some(self.mp4_key.clone()), Some(self.poster_key.clone()), self.captions_key.clone()]
            .into_iter()
            .flatten()
            .collect()
    }
}

// ------------------------------------------------------------------- video test

/// The longest pause kept, in seconds, is at most this.
pub const MAX_THRESHOLD: f64 = 5.0;
/// Test-page jobs (and their `Temp/` objects) are kept this long.
pub const VIDEO_TEST_JOB_SECONDS: i64 = 2 * 86_400;

/// A video test page's job (`keys::video_test_job`).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct VideoTestJobRecord {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    pub entity_type: String,
    pub job_id: String,
    /// The uploaded video (`Temp/...`).
    pub source_key: String,
    /// Pauses longer than this many seconds are cut.
    pub threshold: f64,
    pub status: GeneratedVideoStatus,
    pub failure_reason: Option<String>,
    /// Seconds the processing took.
    pub time_taken: Option<f64>,
    pub original_duration_seconds: Option<f64>,
    pub processed_duration_seconds: Option<f64>,
    pub output_key: String,
    pub claimed_until: Option<i64>,
    pub claim_id: Option<String>,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
    pub ttl: i64,
}

impl VideoTestJobRecord {
    pub const ENTITY: &'static str = "VideoTestJob";

    pub fn new(job_id: &str, source_key: &str, threshold: f64, at: Timestamp, now_unix: i64) -> Self {
        let key = keys::video_test_job(job_id);
        Self {
            pk: key.pk,
            sk: key.sk,
            entity_type: Self::ENTITY.into(),
            job_id: job_id.into(),
            source_key: source_key.into(),
            threshold,
            status: GeneratedVideoStatus::Processing,
            failure_reason: None,
            time_taken: None,
            original_duration_seconds: None,
            processed_duration_seconds: None,
            output_key: objects::video_test_output(job_id),
            claimed_until: None,
            claim_id: None,
            created_at: at.clone(),
            updated_at: at,
            ttl: now_unix + VIDEO_TEST_JOB_SECONDS,
        }
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn render_progress_runs_through_its_stages_and_stops_short_of_done() {
        use super::{RenderProgress, RenderStage};
        assert_eq!(RenderProgress::at(RenderStage::Preparing, 0.0).percent, 0);
        assert_eq!(RenderProgress::at(RenderStage::Preparing, 1.0).percent, 10);
        assert_eq!(RenderProgress::at(RenderStage::Rendering, 0.5).percent, 50);
        assert_eq!(RenderProgress::at(RenderStage::Saving, 0.0).percent, 90);
        // "100 %" is the video being ready, not a stage.
        assert_eq!(RenderProgress::at(RenderStage::Saving, 1.0).percent, 99);
        assert_eq!(RenderProgress::at(RenderStage::Rendering, 7.0).percent, 90);
    }

    use super::*;

    fn clip(start: f64, end: f64) -> Clip {
        Clip { journey_id: "q1".into(), start, end }
    }

    fn edit(clips: Vec<Clip>) -> Edit {
        Edit { clips, title_card: None, captions: Captions::None }
    }

    #[test]
    fn an_edit_lasts_its_kept_ranges_and_its_title_card() {
        let mut e = edit(vec![clip(1.0, 2.5), clip(4.0, 5.0)]);
        assert!((e.duration_seconds() - 2.5).abs() < 1e-9);
        e.title_card = Some(TitleCard { text: "Amara".into(), seconds: 3.0 });
        assert!((e.duration_seconds() - 5.5).abs() < 1e-9);
        assert!(e.check(|_| Some(10.0)).is_empty());
    }

    #[test]
    fn bad_edits_name_their_field() {
        let length = |id: &str| (id == "q1").then_some(5.0);
        let fields = |e: &Edit| e.check(length).into_iter().map(|f| (f.field, f.message)).collect::<Vec<_>>();
        assert_eq!(fields(&edit(vec![])), [("edit.clips".to_string(), CLIPS_REQUIRED.to_string())]);
        assert_eq!(fields(&edit(vec![clip(2.0, 1.0)]))[0].1, CLIP_RANGE);
        assert_eq!(fields(&edit(vec![clip(1.0, 1.05)]))[0].1, CLIP_TOO_SHORT);
        assert_eq!(fields(&edit(vec![clip(1.0, 6.0)]))[0].1, CLIP_PAST_END);
        let other = Edit { clips: vec![Clip { journey_id: "q2".into(), start: 0.0, end: 1.0 }], ..edit(vec![]) };
        assert_eq!(fields(&other)[0], ("edit.clips[0].journeyId".to_string(), CLIP_UNKNOWN_ANSWER.to_string()));
        let mut card = edit(vec![clip(0.0, 1.0)]);
        card.title_card = Some(TitleCard { text: " ".into(), seconds: 11.0 });
        assert_eq!(fields(&card).len(), 2);
        assert_eq!(fields(&edit(vec![clip(0.0, 1.0); MAX_CLIPS + 1]))[0].1, TOO_MANY_CLIPS);
    }
}
