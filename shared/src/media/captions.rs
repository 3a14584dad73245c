//! Captions from a transcript's words: cues of a few words each, as WebVTT (players,
//! the public pages) and SRT (video editors, social networks). The media worker burns or
//! writes them for generated videos; publishing writes both beside a published video.

use std::fmt::Write as _;

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
    let mut slug = String::new();
    for c in campaign_title.chars() {
        if c.is_alphanumeric() {
            slug.extend(c.to_lowercase());
        } else if !slug.ends_with('-') && !slug.is_empty() {
            slug.push('-');
        }
    }
    let slug: String = slug.trim_end_matches('-').chars().take(60).collect();
    let slug = if slug.is_empty() { "answer".to_string() } else { slug };
    format!("{slug}-answer-{sequence}")
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
