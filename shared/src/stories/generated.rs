//! Generated videos as one-speaker stories: a collaborator's video saved through
//! `POST /generated-videos/save` is written as a story of that speaker's clips (each saved
//! range, with the transcript words it covers) and rendered by the story engine in the
//! campaign's format. Its record (`media::generated::GeneratedVideoRecord`) keeps its id,
//! approval and list keys and names its story; what its views, approval and publishing read
//! of its render (status, progress, length, frame, files) is [`resolved`] here.

use std::collections::HashMap;

use super::{draft, AnswerWords, StoryClip, StoryRenderRecord, MAX_CLIPS};
use crate::{
    media::{
        captions::{self, Cue},
        generated::{Captions, GeneratedVideoRecord, GeneratedVideoStatus, SourceClip},
    },
    storage::{from_item, Store, StoreResult},
};

/// A story's generated video whose render record is gone (removed by hand, or its retry
/// could not be queued): staff retry it.
pub const RENDER_GONE: &str = "This video's render is gone. Please retry it to render it again.";

/// The story clips of a collaborator's cut list: each saved range as it is (so the video
/// lasts what staff kept), with the words of the answer's transcript it covers (every word
/// it overlaps). `None` when one of them cannot be a story clip: its answer has no
/// transcript of the take it was cut from, or the range holds no word; or there are more
/// clips than a story holds. Such a video renders by itself, as before stories.
pub fn clips_of(
    contributor_id: &str,
    sources: &[SourceClip],
    answer: impl Fn(&str) -> Option<AnswerWords>,
) -> Option<Vec<StoryClip>> {
    if sources.is_empty() || sources.len() > MAX_CLIPS {
        return None;
    }
    sources
        .iter()
        .map(|source| {
            let found = answer(&source.journey_id)?;
            if found.take_key != source.take_key {
                return None;
            }
            let words = found.words?;
            let inside = |w: &crate::media::TranscriptWord| w.end > source.start && w.start < source.end;
            let first = words.iter().position(inside)?;
            let last = words.iter().rposition(inside)?;
            Some(StoryClip {
                contributor_id: contributor_id.to_string(),
                question_id: source.journey_id.clone(),
                first_word: first,
                last_word: last,
                take_key: source.take_key.clone(),
                start: source.start,
                end: source.end,
                text: draft::spoken(&words, first, last),
                speaker: found.speaker.clone(),
            })
        })
        .collect()
}

/// The video as its views show it: a story's video with its render's status, progress,
/// failure, length, frame and files (its WebVTT as `captions_key` when the video's captions
/// are a WebVTT file); failed with [`RENDER_GONE`] when the render is missing. A video that
/// renders by itself is returned as it is.
pub fn with_render(video: GeneratedVideoRecord, render: Option<&StoryRenderRecord>) -> GeneratedVideoRecord {
    if video.story_id.is_none() {
        return video;
    }
    match render {
        Some(render) => GeneratedVideoRecord {
            status: render.status,
            failure_reason: render.failure_reason.clone(),
            progress: render.progress,
            duration_seconds: render.duration_seconds,
            width: render.width,
            height: render.height,
            mp4_key: render.objects.mp4.clone(),
            poster_key: render.objects.poster.clone(),
            captions_key: (video.edit.captions == Captions::Webvtt).then(|| render.objects.vtt.clone()),
            ..video
        },
        None => GeneratedVideoRecord {
            status: GeneratedVideoStatus::Failed,
            failure_reason: Some(RENDER_GONE.into()),
            progress: None,
            ..video
        },
    }
}

/// The video's story render, if it is a story's video and the render exists.
pub async fn render_of(store: &Store, video: &GeneratedVideoRecord) -> StoreResult<Option<StoryRenderRecord>> {
    match video.story_render_key() {
        Some(key) => store.get(&key).await,
        None => Ok(None),
    }
}

/// [`with_render`] of one video (one read when it is a story's).
pub async fn resolved(store: &Store, video: GeneratedVideoRecord) -> StoreResult<GeneratedVideoRecord> {
    let render = render_of(store, &video).await?;
    Ok(with_render(video, render.as_ref()))
}

/// [`with_render`] of a page of videos (their renders in one batch read).
pub async fn resolved_all(store: &Store, videos: Vec<GeneratedVideoRecord>) -> StoreResult<Vec<GeneratedVideoRecord>> {
    let keys: Vec<_> = videos.iter().filter_map(GeneratedVideoRecord::story_render_key).collect();
    let mut renders: HashMap<(String, String), StoryRenderRecord> = HashMap::new();
    for chunk in keys.chunks(100) {
        for (key, item) in store.batch_get(chunk).await? {
            renders.insert(key, from_item(item)?);
        }
    }
    Ok(videos
        .into_iter()
        .map(|video| {
            let render = video.story_render_key().and_then(|key| renders.get(&(key.pk, key.sk)));
            let render = render.cloned();
            with_render(video, render.as_ref())
        })
        .collect())
}

/// Frames a second of the story engine.
const FPS: f64 = 30.0;

/// Each answer's words (text, start, end) by (collaborator, question).
type Heard = HashMap<(String, String), Vec<(String, f64, f64)>>;

/// The captions of a story render on the story engine's clock (its title card, then each
/// clip's kept range, each starting on a frame, a cue ending with its clip), from the
/// transcripts as they are now (corrections included); and the language of the first.
/// The same cues as the WebVTT and SRT the engine stored beside the render, until a
/// transcript is corrected.
pub async fn captions_of(store: &Store, render: &StoryRenderRecord) -> StoreResult<(Vec<Cue>, Option<String>)> {
    let frames = |seconds: f64| (seconds * FPS).round() as i64;
    let mut at = render.title_card.as_ref().map_or(0, |c| frames(c.seconds).max(1));
    let mut heard: Heard = HashMap::new();
    let mut language = None;
    let mut cues = Vec::new();
    for clip in &render.clips {
        let answer = (clip.contributor_id.clone(), clip.question_id.clone());
        if !heard.contains_key(&answer) {
            let (words, spoken) = captions::answer_words(
                store,
                &render.tenant_id,
                &render.campaign_id,
                &clip.contributor_id,
                &clip.question_id,
                &clip.take_key,
            )
            .await?;
            language = language.or(spoken);
            heard.insert(answer.clone(), words);
        }
        let kept = (frames(clip.end) - frames(clip.start)).max(1);
        let (offset, length) = (at as f64 / FPS, kept as f64 / FPS);
        for cue in captions::cues_for(&heard[&answer], clip.start, clip.end) {
            cues.push(Cue { start: cue.start + offset, end: cue.end.min(length) + offset, text: cue.text });
        }
        at += kept;
    }
    Ok((cues, language))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::media::TranscriptWord;

    fn words() -> Vec<TranscriptWord> {
        ["Hello", "my", "name", "is", "Peter"]
            .iter()
            .enumerate()
            .map(|(i, w)| TranscriptWord { text: w.to_string(), start: i as f64, end: i as f64 + 0.6, edited: false })
            .collect()
    }

    fn source(start: f64, end: f64, take: &str) -> SourceClip {
        SourceClip { journey_id: "q1".into(), source_key: "mp4".into(), take_key: take.into(), start, end }
    }

    fn answer(words: Option<Vec<TranscriptWord>>) -> impl Fn(&str) -> Option<AnswerWords> {
        move |question| {
            (question == "q1").then(|| AnswerWords {
                take_key: "take".into(),
                words: words.clone(),
                approved: false,
                speaker: "Amara K.".into(),
            })
        }
    }

    #[test]
    fn a_saved_range_keeps_its_seconds_and_names_every_word_it_overlaps() {
        let clips = clips_of("k", &[source(0.5, 3.2, "take"), source(4.1, 4.4, "take")], answer(Some(words())))
            .expect("story clips");
        assert_eq!((clips[0].start, clips[0].end), (0.5, 3.2));
        assert_eq!((clips[0].first_word, clips[0].last_word, clips[0].text.as_str()), (0, 3, "Hello my name is"));
        assert_eq!((clips[1].first_word, clips[1].last_word, clips[1].text.as_str()), (4, 4, "Peter"));
        assert_eq!((clips[1].contributor_id.as_str(), clips[1].speaker.as_str()), ("k", "Amara K."));
    }

    #[test]
    fn a_range_without_words_or_a_take_without_its_transcript_is_no_story() {
        // Between two words: nothing said there.
        assert_eq!(clips_of("k", &[source(1.65, 1.95, "take")], answer(Some(words()))), None);
        // Not transcribed (yet, or transcription off).
        assert_eq!(clips_of("k", &[source(0.0, 1.0, "take")], answer(None)), None);
        // The transcript is of another take than the one the clip is cut from.
        assert_eq!(clips_of("k", &[source(0.0, 1.0, "older")], answer(Some(words()))), None);
        // Not an answer of the collaborator's.
        let other = SourceClip { journey_id: "q2".into(), ..source(0.0, 1.0, "take") };
        assert_eq!(clips_of("k", &[other], answer(Some(words()))), None);
        // More clips than a story holds.
        assert_eq!(clips_of("k", &vec![source(0.0, 1.0, "take"); MAX_CLIPS + 1], answer(Some(words()))), None);
    }
}
