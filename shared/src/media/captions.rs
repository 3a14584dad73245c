//! Captions from a transcript's words: cues of a few words each, as WebVTT (players,
//! the public pages) and SRT (video editors, social networks). The media worker burns or
//! writes them for generated videos; publishing writes both beside a published video.

use std::{collections::HashMap, fmt::Write as _};

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{generated::GeneratedVideoRecord, TranscriptRecord};
use crate::storage::{keys, Store, StoreResult};

/// Captions to download and to play: made from a transcript's words (corrections included),
/// a cue of at most 7 words, 3.5 seconds and two lines of 42 characters, ended by a pause.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CaptionFiles {
    /// The file name to save them under, without its extension (`.vtt`, `.srt`).
    pub file_name: String,
    /// ISO 639-1; null for transcripts made before it was recorded.
    pub language: Option<String>,
    /// WebVTT, for players.
    pub webvtt: String,
    /// SRT, for video editors and social networks.
    pub srt: String,
}

impl CaptionFiles {
    pub fn of(file_name: String, language: Option<String>, cues: &[Cue]) -> Self {
        Self { file_name, language, webvtt: webvtt(cues), srt: srt(cues) }
    }
}

/// The words of an answer's transcript (text, start, end) when it belongs to `take_key`,
/// and its language.
pub async fn answer_words(
    store: &Store,
    tenant_id: &str,
    campaign_id: &str,
    contributor_id: &str,
    question_id: &str,
    take_key: &str,
) -> StoreResult<(Vec<(String, f64, f64)>, Option<String>)> {
    let record =
        store.get::<TranscriptRecord>(&keys::transcript(tenant_id, campaign_id, contributor_id, question_id)).await?;
    Ok(record
        .filter(|r| r.take_key == take_key)
        .map(|r| (r.words.into_iter().map(|w| (w.text, w.start, w.end)).collect(), r.language))
        .unwrap_or_default())
}

/// The captions of a generated video's timeline, as the render makes them: each clip's words
/// after the title card and the clips before it; and the language of its first transcript.
pub async fn of_generated_video(
    store: &Store,
    video: &GeneratedVideoRecord,
) -> StoreResult<(Vec<Cue>, Option<String>)> {
    let mut cues = Vec::new();
    let mut language = None;
    let mut offset = video.edit.title_card.as_ref().map_or(0.0, |c| c.seconds);
    let mut heard: HashMap<String, Vec<(String, f64, f64)>> = HashMap::new();
    for clip in &video.sources {
        if !heard.contains_key(&clip.journey_id) {
            let (words, spoken) = answer_words(
                store,
                &video.tenant_id,
                &video.campaign_id,
                &video.contributor_id,
                &clip.journey_id,
                &clip.take_key,
            )
            .await?;
            language = language.or(spoken);
            heard.insert(clip.journey_id.clone(), words);
        }
        for cue in cues_for(&heard[&clip.journey_id], clip.start, clip.end) {
            cues.push(Cue { start: cue.start + offset, end: cue.end + offset, text: cue.text });
        }
        offset += clip.end - clip.start;
    }
    Ok((cues, language))
}

/// One caption: text shown from `start` to `end` seconds.
#[derive(Debug, Clone, PartialEq)]
pub struct Cue {
    pub start: f64,
    pub end: f64,
    pub text: String,
}

fn srt_time(seconds: f64) -> String {
    let millis = (seconds.max(0.0) * 1000.0).round() as u64;
    format!("{:02}:{:02}:{:02},{:03}", millis / 3_600_000, millis / 60_000 % 60, millis / 1000 % 60, millis % 1000)
}

fn vtt_time(seconds: f64) -> String {
    srt_time(seconds).replace(',', ".")
}

pub fn srt(cues: &[Cue]) -> String {
    let mut out = String::new();
    for (index, cue) in cues.iter().enumerate() {
        let _ =
            write!(out, "{}\n{} --> {}\n{}\n\n", index + 1, srt_time(cue.start), srt_time(cue.end), lines(&cue.text));
    }
    out
}

pub fn webvtt(cues: &[Cue]) -> String {
    let mut out = String::from("WEBVTT\n\n");
    for cue in cues {
        // "-->" may not appear in a cue's text.
        let text = lines(&cue.text.replace("-->", "->"));
        let _ = write!(out, "{} --> {}\n{}\n\n", vtt_time(cue.start), vtt_time(cue.end), text);
    }
    out
}

/// A caption line holds at most this many characters (the broadcast convention); a cue at
/// most two lines.
pub const LINE_CHARS: usize = 42;

/// A cue's text as at most two lines of [`LINE_CHARS`], broken between words.
fn lines(text: &str) -> String {
    if text.chars().count() <= LINE_CHARS {
        return text.to_string();
    }
    let words: Vec<&str> = text.split(' ').collect();
    // The break that leaves the first line longest within the limit.
    let mut first = String::new();
    let mut split = words.len();
    for (i, word) in words.iter().enumerate() {
        let next =
            if first.is_empty() { word.chars().count() } else { first.chars().count() + 1 + word.chars().count() };
        if next > LINE_CHARS && !first.is_empty() {
            split = i;
            break;
        }
        if !first.is_empty() {
            first.push(' ');
        }
        first.push_str(word);
    }
    if split == words.len() {
        return first;
    }
    format!("{first}\n{}", words[split..].join(" "))
}

/// A file name for an answer's captions: the campaign's title (letters, digits and dashes)
/// and the answer's number, e.g. `spring-stories-answer-2`.
pub fn file_name(campaign_title: &str, sequence: u32) -> String {
    format!("{}-answer-{sequence}", slug_of(campaign_title))
}

/// A generated video's title as a file name (letters, digits and dashes).
pub fn video_file_name(title: &str) -> String {
    slug_of(title)
}

fn slug_of(campaign_title: &str) -> String {
    let mut slug = String::new();
    for c in campaign_title.chars() {
        if c.is_alphanumeric() {
            slug.extend(c.to_lowercase());
        } else if !slug.ends_with('-') && !slug.is_empty() {
            slug.push('-');
        }
    }
    let slug: String = slug.trim_end_matches('-').chars().take(60).collect();
    if slug.is_empty() {
        "captions".to_string()
    } else {
        slug
    }
}

/// Words (text, start, end, in seconds of the take) kept by `start..end`, as cues
/// relative to `start`: a word belongs to the clip when its middle does; a cue holds up
/// to 7 words, 3.5 seconds or two lines of [`LINE_CHARS`], and ends at a pause of a second.
pub fn cues_for(words: &[(String, f64, f64)], start: f64, end: f64) -> Vec<Cue> {
    let mut cues: Vec<Cue> = Vec::new();
    let mut current: Option<(Cue, usize, f64)> = None;
    for (text, word_start, word_end) in words {
        let middle = (word_start + word_end) / 2.0;
        if middle < start || middle >= end || text.trim().is_empty() {
            continue;
        }
        let (from, to) = ((word_start - start).max(0.0), (word_end - start).min(end - start));
        match current.as_mut() {
            Some((cue, count, last_end))
                if *count < 7
                    && to - cue.start <= 3.5
                    && from - *last_end < 1.0
                    && cue.text.chars().count() + 1 + text.trim().chars().count() <= 2 * LINE_CHARS =>
            {
                cue.text.push(' ');
                cue.text.push_str(text.trim());
                cue.end = to;
                *count += 1;
                *last_end = to;
            }
            _ => {
                if let Some((cue, _, _)) = current.take() {
                    cues.push(cue);
                }
                current = Some((Cue { start: from, end: to, text: text.trim().to_string() }, 1, to));
            }
        }
    }
    if let Some((cue, _, _)) = current {
        cues.push(cue);
    }
    cues
}
