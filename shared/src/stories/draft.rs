//! An AI draft of a story, checked against what was said.
//!
//! The model sees the campaign's transcripts as numbered words and answers with clips, each
//! quoting its words and citing an answer and a word range. Nothing it says is trusted: a
//! clip is kept only when its quote is, word for word, what the transcript holds at that
//! range; the rest are dropped and reported. Then the story is fitted to its target length.

use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};

use crate::media::TranscriptWord;

/// How far the draft's length may be from the brief's target.
pub const LENGTH_TOLERANCE: f64 = 0.15;
/// A word number is printed before every this many words of a transcript shown to the model.
pub const WORD_MARK_EVERY: usize = 10;

/// One answer's transcript as the draft sees it.
#[derive(Debug, Clone)]
pub struct AnswerTranscript {
    /// The answer's short reference in the prompt (`A1`, `A2`, ...).
    pub reference: String,
    pub contributor_id: String,
    pub question_id: String,
    /// Who speaks, as the model reads it: a label (`Speaker 2`), never a name (prompts
    /// carry no one's name or address).
    pub speaker: String,
    pub approved: bool,
    pub words: Vec<TranscriptWord>,
}

/// A clip as the model proposes it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Citation {
    /// The answer's reference (`A3`).
    pub answer: String,
    /// The first and last word cited, as numbered in the prompt (from 0, both included).
    pub first_word: usize,
    pub last_word: usize,
    /// The words the model says are there.
    pub quote: String,
}

/// A clip whose citation matched the transcript.
#[derive(Debug, Clone, PartialEq)]
pub struct VerifiedClip {
    pub answer: String,
    pub contributor_id: String,
    pub question_id: String,
    pub first_word: usize,
    pub last_word: usize,
    /// Seconds in the take.
    pub start: f64,
    pub end: f64,
    pub text: String,
}

impl VerifiedClip {
    pub fn seconds(&self) -> f64 {
        (self.end - self.start).max(0.0)
    }
}

/// Why a proposed clip was left out, shown to staff with the clip's quote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Dropped {
    UnknownAnswer,
    OutsideTranscript,
    QuoteMismatch {
        said: String,
    },
    /// Left out to keep the story near its target length.
    TooLong,
    /// The same words were cited twice.
    Repeated,
}

impl Dropped {
    /// The reason, in the words the staff app shows.
    pub fn reason(&self) -> String {
        match self {
            Self::UnknownAnswer => "This clip cites an answer that is not in the campaign.".into(),
            Self::OutsideTranscript => "This clip cites words beyond the end of its transcript.".into(),
            Self::QuoteMismatch { said } => format!("The quoted words are not what was said there (\"{said}\")."),
            Self::TooLong => "Left out to keep the story near its target length.".into(),
            Self::Repeated => "These words are already in the story.".into(),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct DroppedCitation {
    pub citation: Citation,
    pub why: Dropped,
}

/// The checked draft.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckedDraft {
    pub clips: Vec<VerifiedClip>,
    pub dropped: Vec<DroppedCitation>,
    /// Seconds of speech kept (cards not included).
    pub seconds: f64,
    /// The kept clips are shorter than the target allows (the model did not find enough).
    pub short: bool,
}

/// Lower case, letters and digits only, one space between words: quotes are compared on
/// what was said, not on how the model punctuated it.
pub fn normalise(text: &str) -> String {
    text.split(|c: char| !c.is_alphanumeric() && c != '\'')
        .map(|word| word.trim_matches('\'').to_lowercase())
        .filter(|word| !word.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The words `first..=last` of a transcript as one text.
pub fn spoken(words: &[TranscriptWord], first: usize, last: usize) -> String {
    words[first..=last].iter().map(|w| w.text.as_str()).collect::<Vec<_>>().join(" ")
}

/// Checks every citation against the transcripts, then keeps the story within
/// [`LENGTH_TOLERANCE`] of `target_seconds` (`cards_seconds` of title and end cards count
/// toward it): clips past the upper bound are left out from the end, as the model's order
/// puts its ending last only when it fits.
pub fn check(
    transcripts: &[AnswerTranscript],
    citations: Vec<Citation>,
    target_seconds: f64,
    cards_seconds: f64,
) -> CheckedDraft {
    let by_reference: HashMap<&str, &AnswerTranscript> =
        transcripts.iter().map(|t| (t.reference.as_str(), t)).collect();
    let mut clips = Vec::new();
    let mut dropped = Vec::new();
    let mut used: BTreeMap<&str, Vec<(usize, usize)>> = BTreeMap::new();
    for citation in citations {
        let Some(answer) = by_reference.get(citation.answer.trim()) else {
            dropped.push(DroppedCitation { citation, why: Dropped::UnknownAnswer });
            continue;
        };
        let (first, last) = (citation.first_word, citation.last_word);
        if first > last || last >= answer.words.len() {
            dropped.push(DroppedCitation { citation, why: Dropped::OutsideTranscript });
            continue;
        }
        let said = spoken(&answer.words, first, last);
        if normalise(&said) != normalise(&citation.quote) {
            dropped.push(DroppedCitation { citation, why: Dropped::QuoteMismatch { said } });
            continue;
        }
        let ranges = used.entry(answer.reference.as_str()).or_default();
        if ranges.iter().any(|&(a, b)| first <= b && a <= last) {
            dropped.push(DroppedCitation { citation, why: Dropped::Repeated });
            continue;
        }
        ranges.push((first, last));
        clips.push((
            citation.clone(),
            VerifiedClip {
                answer: answer.reference.clone(),
                contributor_id: answer.contributor_id.clone(),
                question_id: answer.question_id.clone(),
                first_word: first,
                last_word: last,
                start: answer.words[first].start,
                end: answer.words[last].end,
                text: said,
            },
        ));
    }
    let upper = target_seconds * (1.0 + LENGTH_TOLERANCE) - cards_seconds;
    let lower = target_seconds * (1.0 - LENGTH_TOLERANCE) - cards_seconds;
    let mut total: f64 = clips.iter().map(|(_, clip)| clip.seconds()).sum();
    // The last clips go first, but an ending that fits is kept in place of a middle one.
    while total > upper && !clips.is_empty() {
        let last = clips.len() - 1;
        let over = total - upper;
        let candidate = (0..last).rev().find(|&i| clips[i].1.seconds() >= over).unwrap_or(last);
        let (citation, clip) = clips.remove(candidate);
        total -= clip.seconds();
        dropped.push(DroppedCitation { citation, why: Dropped::TooLong });
    }
    CheckedDraft {
        short: total < lower,
        seconds: total,
        clips: clips.into_iter().map(|(_, clip)| clip).collect(),
        dropped,
    }
}

/// The transcripts shown to the model, and what did not fit its context.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Selection {
    /// References of the answers shown, in the order shown.
    pub shown: Vec<String>,
    /// Answers left out, and the collaborators none of whose answers could be shown.
    pub left_out: usize,
    pub speakers_left_out: usize,
}

impl Selection {
    /// What staff are told when not every answer fit.
    pub fn note(&self) -> Option<String> {
        (self.left_out > 0).then(|| {
            let speakers = match self.speakers_left_out {
                0 => "every collaborator still has at least one answer in it".to_string(),
                1 => "1 collaborator has no answer in it".to_string(),
                n => format!("{n} collaborators have no answer in it"),
            };
            format!(
                "Not every answer fits what the model can read at once: {} left out ({speakers}). \
                 One answer of each collaborator came first, approved ones before others, then the longest.",
                self.left_out
            )
        })
    }
}

/// One answer as the model reads it: its reference, speaker and question, then its words,
/// a word number in brackets before every [`WORD_MARK_EVERY`] words.
pub fn render_answer(answer: &AnswerTranscript, question: &str) -> String {
    let mut text = format!("{} | {} | {}\n", answer.reference, answer.speaker, question);
    for (i, word) in answer.words.iter().enumerate() {
        if i % WORD_MARK_EVERY == 0 {
            if i > 0 {
                text.push(' ');
            }
            text.push_str(&format!("[{i}]"));
        }
        text.push(' ');
        text.push_str(&word.text);
    }
    text.push('\n');
    text
}

/// Chooses the answers the model reads within `budget_chars` of rendered text: each
/// collaborator's best answer (approved, then longest) before anyone's second, so that as
/// many voices as possible can be cited; among those, approved answers first, then longer. The chosen
/// are shown in the campaign's order (the order of `answers`).
pub fn select(answers: &[AnswerTranscript], questions: &HashMap<String, String>, budget_chars: usize) -> Selection {
    let rendered: Vec<usize> = answers
        .iter()
        .map(|a| render_answer(a, questions.get(&a.question_id).map(String::as_str).unwrap_or("")).chars().count())
        .collect();
    // Rank within each collaborator: 0 for their best answer.
    let mut order: Vec<usize> = (0..answers.len()).collect();
    order.sort_by(|&a, &b| {
        let (x, y) = (&answers[a], &answers[b]);
        y.approved.cmp(&x.approved).then(y.words.len().cmp(&x.words.len())).then(a.cmp(&b))
    });
    let mut rank_of = vec![0usize; answers.len()];
    let mut seen: HashMap<&str, usize> = HashMap::new();
    for &i in &order {
        let count = seen.entry(answers[i].contributor_id.as_str()).or_default();
        rank_of[i] = *count;
        *count += 1;
    }
    order.sort_by(|&a, &b| {
        let (x, y) = (&answers[a], &answers[b]);
        rank_of[a]
            .cmp(&rank_of[b])
            .then(y.approved.cmp(&x.approved))
            .then(y.words.len().cmp(&x.words.len()))
            .then(a.cmp(&b))
    });
    let mut chosen = vec![false; answers.len()];
    let mut used = 0;
    for i in order {
        if used + rendered[i] <= budget_chars {
            used += rendered[i];
            chosen[i] = true;
        }
    }
    let shown: Vec<String> =
        answers.iter().zip(&chosen).filter(|(_, &c)| c).map(|(a, _)| a.reference.clone()).collect();
    let speakers: std::collections::BTreeSet<&str> = answers.iter().map(|a| a.contributor_id.as_str()).collect();
    let heard: std::collections::BTreeSet<&str> =
        answers.iter().zip(&chosen).filter(|(_, &c)| c).map(|(a, _)| a.contributor_id.as_str()).collect();
    Selection { left_out: answers.len() - shown.len(), shown, speakers_left_out: speakers.len() - heard.len() }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str, start: f64) -> Vec<TranscriptWord> {
        text.split(' ')
            .enumerate()
            .map(|(i, w)| TranscriptWord {
                text: w.into(),
                start: start + i as f64 * 0.5,
                end: start + i as f64 * 0.5 + 0.4,
                edited: false,
            })
            .collect()
    }

    fn answer(reference: &str, contributor: &str, text: &str, approved: bool) -> AnswerTranscript {
        AnswerTranscript {
            reference: reference.into(),
            contributor_id: contributor.into(),
            question_id: "q1".into(),
            speaker: contributor.into(),
            approved,
            words: words(text, 1.0),
        }
    }

    fn cite(answer: &str, first: usize, last: usize, quote: &str) -> Citation {
        Citation { answer: answer.into(), first_word: first, last_word: last, quote: quote.into() }
    }

    #[test]
    fn a_quote_that_matches_its_words_is_kept_with_their_times() {
        let answers = [answer("A1", "ann", "I stay because, honestly, the people here care.", true)];
        let draft = check(&answers, vec![cite("A1", 1, 2, "stay because")], 0.9, 0.0);
        assert_eq!(draft.dropped, vec![]);
        let clip = &draft.clips[0];
        assert_eq!((clip.start, clip.end), (1.5, 2.4));
        assert_eq!(clip.text, "stay because,");
        // Punctuation and case do not matter; words do.
        let draft = check(&answers, vec![cite("A1", 3, 4, "Honestly the")], 0.9, 0.0);
        assert_eq!(draft.clips.len(), 1);
    }

    #[test]
    fn a_tampered_quote_is_dropped_and_says_what_was_said() {
        let answers = [answer("A1", "ann", "I stay because the people here care.", true)];
        let draft = check(
            &answers,
            vec![
                cite("A1", 1, 3, "stay because money"),
                cite("A9", 0, 1, "I stay"),
                cite("A1", 5, 12, "here care"),
                cite("A1", 3, 1, "the because"),
            ],
            10.0,
            0.0,
        );
        assert!(draft.clips.is_empty());
        let why: Vec<Dropped> = draft.dropped.iter().map(|d| d.why.clone()).collect();
        assert_eq!(
            why,
            [
                Dropped::QuoteMismatch { said: "stay because the".into() },
                Dropped::UnknownAnswer,
                Dropped::OutsideTranscript,
                Dropped::OutsideTranscript,
            ]
        );
        assert_eq!(
            draft.dropped[0].why.reason(),
            "The quoted words are not what was said there (\"stay because the\")."
        );
        assert!(draft.short);
    }

    #[test]
    fn the_same_words_are_not_cited_twice() {
        let answers = [answer("A1", "ann", "one two three four five", true)];
        let draft = check(&answers, vec![cite("A1", 0, 2, "one two three"), cite("A1", 2, 3, "three four")], 1.5, 0.0);
        assert_eq!(draft.clips.len(), 1);
        assert_eq!(draft.dropped[0].why, Dropped::Repeated);
    }

    #[test]
    fn a_draft_too_long_loses_clips_until_it_is_within_fifteen_percent() {
        // Each clip of 4 words lasts 1.9 s.
        let answers = [
            answer("A1", "ann", "a b c d e f g h i j k l", true),
            answer("A2", "bob", "m n o p q r s t u v w x", true),
        ];
        let citations = vec![
            cite("A1", 0, 3, "a b c d"),
            cite("A2", 0, 3, "m n o p"),
            cite("A1", 4, 7, "e f g h"),
            cite("A2", 4, 7, "q r s t"),
        ];
        // Target 4 s: at most 4.6 s of clips.
        let draft = check(&answers, citations, 4.0, 0.0);
        assert_eq!(draft.clips.len(), 2);
        assert!(draft.seconds <= 4.0 * 1.15);
        assert!(!draft.short);
        assert_eq!(draft.dropped.iter().filter(|d| d.why == Dropped::TooLong).count(), 2);
        // Cards count toward the length.
        let draft = check(&answers, vec![cite("A1", 0, 3, "a b c d"), cite("A2", 0, 3, "m n o p")], 4.0, 2.0);
        assert_eq!(draft.clips.len(), 1);
    }

    #[test]
    fn when_not_everything_fits_every_voice_comes_before_anyone_s_second_answer() {
        let long = "word ".repeat(60);
        let long = long.trim();
        let answers = [
            answer("A1", "ann", long, true),
            answer("A2", "ann", long, true),
            answer("A3", "bob", "short answer here", false),
            answer("A4", "cyd", long, false),
        ];
        let questions = HashMap::from([("q1".to_string(), "Why do you stay?".to_string())]);
        let one = render_answer(&answers[0], "Why do you stay?").chars().count();
        let selection = select(&answers, &questions, one * 2 + 60);
        assert_eq!(selection.shown, ["A1", "A3", "A4"]);
        assert_eq!(selection.left_out, 1);
        assert_eq!(selection.speakers_left_out, 0);
        assert!(selection.note().unwrap().contains("every collaborator still has at least one answer"));
        let everything = select(&answers, &questions, usize::MAX);
        assert_eq!((everything.left_out, everything.note()), (0, None));
    }

    #[test]
    fn the_model_reads_numbered_words() {
        let a = answer("A2", "Speaker 1", "one two three four five six seven eight nine ten eleven", true);
        assert_eq!(
            render_answer(&a, "Why?"),
            "A2 | Speaker 1 | Why?\n[0] one two three four five six seven eight nine ten [10] eleven\n"
        );
    }
}
