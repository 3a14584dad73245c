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
        let _ = write!(out, "{}\n{} --> {}\n{}\n\n", index + 1, srt_time(cue.start), srt_time(cue.end), cue.text);
    }
    out
}

pub fn webvtt(cues: &[Cue]) -> String {
    let mut out = String::from("WEBVTT\n\n");
    for cue in cues {
        // "-->" may not appear in a cue's text.
        let text = cue.text.replace("-->", "->");
        let _ = write!(out, "{} --> {}\n{}\n\n", vtt_time(cue.start), vtt_time(cue.end), text);
    }
    out
}

/// Words (text, start, end, in seconds of the take) kept by `start..end`, as cues
/// relative to `start`: a word belongs to the clip when its middle does; a cue holds up
/// to 7 words or 3.5 seconds and ends at a pause of a second.
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
            Some((cue, count, last_end)) if *count < 7 && to - cue.start <= 3.5 && from - *last_end < 1.0 => {
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
