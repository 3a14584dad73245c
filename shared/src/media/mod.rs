//! Media of a take: the web-playable copy, its poster and its transcript (issue 10).
//!
//! The upload worker records a take and queues a [`MediaJob`]; the media worker turns
//! the original into an H.264/AAC MP4 in the campaign's orientation with a JPEG poster,
//! and transcribes it with word timings. The state of that work lives on the answer
//! (`JourneyRecord::media`, for the current take only), the words in one
//! [`TranscriptRecord`] per answer naming its take.
//!
//! Also the checks shared by the functions that accept uploaded files (`probe`, `reader`).
//! The keys of the objects derived from a take are `storage::objects::Derived`.

pub mod captions;
pub mod generated;
pub mod probe;
pub mod reader;
pub mod renders;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{model::Timestamp, storage::keys};

/// Where the web-playable copy of a take stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum MediaStatus {
    Processing,
    Ready,
    Failed,
}

/// Where the transcript of a take stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum TranscriptStatus {
    /// Not started yet (the video is still being converted).
    None,
    /// A transcription job runs (Amazon Transcribe answers later).
    Pending,
    Ready,
    Failed,
}

/// The media state of an answer's current take (`media` on the journey record).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TakeMedia {
    /// The original this state is about (the answer's `s3VideoKey` when it was written).
    pub take_key: String,
    pub status: MediaStatus,
    /// Why it failed, in words for staff.
    pub failure_reason: Option<String>,
    pub mp4_key: Option<String>,
    pub poster_key: Option<String>,
    pub duration_seconds: Option<f64>,
    pub width: Option<u32>,
    pub height: Option<u32>,
    pub transcript_status: TranscriptStatus,
    pub transcript_failure_reason: Option<String>,
    /// The Amazon Transcribe job, while one runs.
    pub transcription_job: Option<String>,
    /// Unix seconds until which a worker holds the take (a lease, so a duplicate
    /// message does not convert it twice, and a crashed worker's message can retry).
    pub claimed_until: Option<i64>,
    pub claim_id: Option<String>,
}

impl TakeMedia {
    /// A take just recorded: waiting for the media worker.
    pub fn processing(take_key: &str) -> Self {
        Self {
            take_key: take_key.into(),
            status: MediaStatus::Processing,
            failure_reason: None,
            mp4_key: None,
            poster_key: None,
            duration_seconds: None,
            width: None,
            height: None,
            transcript_status: TranscriptStatus::None,
            transcript_failure_reason: None,
            transcription_job: None,
            claimed_until: None,
            claim_id: None,
        }
    }
}

/// What staff see of a take's media where they read its answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MediaState {
    /// "processing", "ready" or "failed".
    pub status: MediaStatus,
    /// Why it failed (only when failed).
    pub failure_reason: Option<String>,
    pub transcript_status: TranscriptStatus,
    pub transcript_failure_reason: Option<String>,
}

impl MediaState {
    /// The state of `take_key` (a take recorded before media processing reads as
    /// processing: the media worker picks it up when its message comes).
    pub fn of(media: Option<&TakeMedia>, take_key: &str) -> Self {
        match media.filter(|m| m.take_key == take_key) {
            Some(m) => Self {
                status: m.status,
                failure_reason: m.failure_reason.clone(),
                transcript_status: m.transcript_status,
                transcript_failure_reason: m.transcript_failure_reason.clone(),
            },
            None => Self {
                status: MediaStatus::Processing,
                failure_reason: None,
                transcript_status: TranscriptStatus::None,
                transcript_failure_reason: None,
            },
        }
    }
}

/// The campaign's orientation, as pixels of the web-playable copy.
pub fn frame_size(portrait: bool) -> (u32, u32) {
    if portrait {
        (720, 1280)
    } else {
        (1280, 720)
    }
}

pub use crate::queue::MediaJob;

/// One recognised word; times in seconds from the start of the take.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TranscriptWord {
    pub text: String,
    pub start: f64,
    pub end: f64,
    /// Corrected by staff (the span is the recognised word's).
    #[serde(default)]
    pub edited: bool,
}

/// At most this many words are kept per take (20 minutes of brisk speech); with words
/// of at most [`MAX_WORD_CHARS`] the item stays below DynamoDB's 400 KB.
pub const MAX_TRANSCRIPT_WORDS: usize = 3_000;
/// A corrected word (or the few words replacing one) is at most this long.
pub const MAX_WORD_CHARS: usize = 40;

/// The transcript of an answer's take.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TranscriptRecord {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    pub entity_type: String,
    pub tenant_id: String,
    pub campaign_id: String,
    pub contributor_id: String,
    pub campaign_question_id: String,
    /// The take these words belong to.
    pub take_key: String,
    /// Which engine heard them (`whisper`, `amazon-transcribe`; `pocketsphinx` before Whisper).
    pub engine: String,
    /// The language the words are in (ISO 639-1), as the engine heard it; none before
    /// transcripts recorded it.
    #[serde(default)]
    pub language: Option<String>,
    pub words: Vec<TranscriptWord>,
    /// Recognised words beyond [`MAX_TRANSCRIPT_WORDS`] were dropped.
    #[serde(default)]
    pub truncated: bool,
    /// Every correction claims the next version (a stale editor gets 409).
    pub version: u32,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
    pub edited_by: Option<String>,
}

impl TranscriptRecord {
    pub const ENTITY: &'static str = "Transcript";

    #[allow(clippy::too_many_arguments)]
    pub fn new(
        tenant_id: &str,
        campaign_id: &str,
        contributor_id: &str,
        question_id: &str,
        take_key: &str,
        engine: &str,
        mut words: Vec<TranscriptWord>,
        at: Timestamp,
    ) -> Self {
        let key = keys::transcript(tenant_id, campaign_id, contributor_id, question_id);
        let truncated = words.len() > MAX_TRANSCRIPT_WORDS;
        words.truncate(MAX_TRANSCRIPT_WORDS);
        for word in &mut words {
            word.text = word.text.chars().take(MAX_WORD_CHARS).collect();
        }
        Self {
            pk: key.pk,
            sk: key.sk,
            entity_type: Self::ENTITY.into(),
            tenant_id: tenant_id.into(),
            campaign_id: campaign_id.into(),
            contributor_id: contributor_id.into(),
            campaign_question_id: question_id.into(),
            take_key: take_key.into(),
            engine: engine.into(),
            language: None,
            words,
            truncated,
            version: 1,
            created_at: at.clone(),
            updated_at: at,
            edited_by: None,
        }
    }

    /// The same, in `language` (ISO 639-1).
    pub fn in_language(mut self, language: &str) -> Self {
        self.language = Some(language.to_string());
        self
    }
}

/// A correction of one word, by its position in the transcript.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WordEdit {
    pub index: usize,
    pub text: String,
}

/// Why a set of corrections is refused (nothing is changed then).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EditError {
    pub field: String,
    pub message: &'static str,
}

pub const EDITS_REQUIRED: &str = "Please correct at least one word";
pub const EDIT_INDEX_UNKNOWN: &str = "There is no word at this position in the transcript";
pub const EDIT_INDEX_TWICE: &str = "This word is corrected twice";
pub const EDIT_TEXT_EMPTY: &str = "A word cannot be empty; cut it in the editor instead";
pub const EDIT_TEXT_TOO_LONG: &str = "A corrected word is at most 40 characters";

/// Applies `edits` to `words`: each edited word takes the new text and keeps its own
/// start and end. All or nothing.
pub fn apply_edits(words: &[TranscriptWord], edits: &[WordEdit]) -> Result<Vec<TranscriptWord>, EditError> {
    if edits.is_empty() {
        return Err(EditError { field: "edits".into(), message: EDITS_REQUIRED });
    }
    let mut next = words.to_vec();
    let mut seen = std::collections::BTreeSet::new();
    for (position, edit) in edits.iter().enumerate() {
        let field = |name: &str| format!("edits[{position}].{name}");
        let Some(word) = next.get_mut(edit.index) else {
            return Err(EditError { field: field("index"), message: EDIT_INDEX_UNKNOWN });
        };
        if !seen.insert(edit.index) {
            return Err(EditError { field: field("index"), message: EDIT_INDEX_TWICE });
        }
        let text = edit.text.split_whitespace().collect::<Vec<_>>().join(" ");
        if text.is_empty() {
            return Err(EditError { field: field("text"), message: EDIT_TEXT_EMPTY });
        }
        if text.chars().count() > MAX_WORD_CHARS {
            return Err(EditError { field: field("text"), message: EDIT_TEXT_TOO_LONG });
        }
        if text != word.text {
            word.text = text;
            word.edited = true;
        }
    }
    Ok(next)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn word(text: &str, start: f64, end: f64) -> TranscriptWord {
        TranscriptWord { text: text.into(), start, end, edited: false }
    }

    #[test]
    fn an_edited_word_keeps_the_span_of_the_word_it_replaces() {
        let words = vec![word("i", 0.1, 0.2), word("leave", 0.2, 0.5), word("in", 0.5, 0.6), word("lender", 0.6, 1.0)];
        let edited = apply_edits(
            &words,
            &[WordEdit { index: 1, text: "live".into() }, WordEdit { index: 3, text: "  New   York ".into() }],
        )
        .unwrap();
        assert_eq!(edited[1], TranscriptWord { text: "live".into(), start: 0.2, end: 0.5, edited: true });
        assert_eq!(edited[3], TranscriptWord { text: "New York".into(), start: 0.6, end: 1.0, edited: true });
        assert_eq!(edited[0], words[0]);
        assert_eq!(edited.len(), words.len());
        // The same text is no correction.
        let same = apply_edits(&words, &[WordEdit { index: 0, text: "i".into() }]).unwrap();
        assert!(!same[0].edited);
    }

    #[test]
    fn bad_edits_change_nothing_and_name_the_field() {
        let words = vec![word("a", 0.0, 0.1), word("b", 0.1, 0.2)];
        let cases: Vec<(Vec<WordEdit>, &str, &str)> = vec![
            (vec![], "edits", EDITS_REQUIRED),
            (vec![WordEdit { index: 2, text: "c".into() }], "edits[0].index", EDIT_INDEX_UNKNOWN),
            (
                vec![WordEdit { index: 0, text: "x".into() }, WordEdit { index: 0, text: "y".into() }],
                "edits[1].index",
                EDIT_INDEX_TWICE,
            ),
            (vec![WordEdit { index: 1, text: " \t ".into() }], "edits[0].text", EDIT_TEXT_EMPTY),
            (vec![WordEdit { index: 1, text: "x".repeat(41) }], "edits[0].text", EDIT_TEXT_TOO_LONG),
        ];
        for (edits, field, message) in cases {
            assert_eq!(apply_edits(&words, &edits), Err(EditError { field: field.into(), message }));
        }
    }

    #[test]
    fn transcripts_are_bounded() {
        let words: Vec<TranscriptWord> =
            (0..MAX_TRANSCRIPT_WORDS + 10).map(|i| word(&"w".repeat(100), i as f64, i as f64 + 0.5)).collect();
        let record = TranscriptRecord::new("t", "c", "p", "q", "k", "pocketsphinx", words, "now".into());
        assert_eq!(record.words.len(), MAX_TRANSCRIPT_WORDS);
        assert!(record.truncated);
        assert!(record.words.iter().all(|w| w.text.chars().count() == MAX_WORD_CHARS));
        let size = serde_json::to_string(&record).unwrap().len();
        assert!(size < 400_000, "{size} bytes");
    }
}
