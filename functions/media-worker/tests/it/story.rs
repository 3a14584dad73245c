//! Stories of many voices rendered by the media worker's story engine: takes of three
//! collaborators (three espeak-ng voices, recorded at very different levels), rendered in
//! every format and both framings, and checked as a viewer would notice: the frame's size,
//! the story's length (its clips' ranges and its cards), each speaker as loud as the
//! others, captions on the story's clock and burned into the picture, and names that
//! hold any character shown without error.

use std::{
    path::{Path, PathBuf},
    process::Command,
    time::Duration,
};

use storyhive_media_worker::{
    ffmpeg,
    story_render::{
        self, clip_spans, render_story, Framing, PlanCard, PlanClip, PlanEndCard, RenderedStory, StoryFormat,
        StoryPlan, TimedWord, TARGET_LUFS,
    },
};
use storyhive_shared::stories::theme::{BrandTheme, CaptionSize, LogoPosition, ThemeFont};

const HOSTILE: &str = "50% \"O'Brien\" \\ 🎉 مرحبا";

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("storyhive-story-{name}-{}", storyhive_shared::model::new_id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn run(command: &mut Command) {
    let output = command.output().expect("the tool is installed (infra/scripts/test.sh installs it)");
    assert!(output.status.success(), "{command:?}: {}", String::from_utf8_lossy(&output.stderr));
}

/// A take as the media worker leaves one: 1280x720 H.264/AAC MP4 at 30 frames a second,
/// ffmpeg's test picture and `text` spoken by espeak-ng's `voice`, `gain_db` louder or
/// quieter than espeak-ng speaks; the words with their times (spread evenly over the
/// speech, as a transcript would time them within a tenth of a second).
fn take(dir: &Path, name: &str, voice: &str, text: &str, gain_db: f64) -> (PathBuf, Vec<TimedWord>) {
    let wav = dir.join(format!("{name}.wav"));
    run(Command::new("espeak-ng").args(["-v", voice, "-s", "150", "-w"]).arg(&wav).arg(text));
    let speech = ffmpeg_duration(&wav);
    let file = dir.join(format!("{name}.mp4"));
    // Half a second of silence before the speech and after it: room for the crossfades.
    run(Command::new("ffmpeg")
        .args(["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=30"])
        .arg("-i")
        .arg(&wav)
        .args(["-filter_complex"])
        .arg(format!("[1:a]adelay=500:all=1,apad,volume={gain_db}dB,aresample=48000[a]"))
        .args(["-map", "0:v", "-map", "[a]", "-t"])
        .arg(format!("{:.3}", speech + 1.0))
        .args(["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-ac", "2"])
        .arg(&file));
    let words: Vec<&str> = text.split_whitespace().collect();
    let each = speech / words.len() as f64;
    let timed = words
        .iter()
        .enumerate()
        .map(|(i, w)| TimedWord { text: (*w).into(), start: 0.5 + i as f64 * each, end: 0.5 + (i as f64 + 0.8) * each })
        .collect();
    (file, timed)
}

fn ffmpeg_duration(file: &Path) -> f64 {
    let out = Command::new("ffprobe")
        .args(["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0"])
        .arg(file)
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout).trim().parse().unwrap()
}

/// A logo with a transparent background: an orange disc.
fn logo(dir: &Path) -> PathBuf {
    let file = dir.join("logo.png");
    run(Command::new("ffmpeg")
        .args([
            "-hide_banner",
            "-loglevel",
            "error",
            "-y",
            "-f",
            "lavfi",
            "-i",
            "color=c=black@0.0:s=200x200,format=rgba",
        ])
        .args(["-vf", "geq=r=255:g=128:b=0:a='if(lt(hypot(X-100,Y-100),90),255,0)'", "-frames:v", "1"])
        .arg(&file));
    file
}

/// One frame at `at` seconds as RGB bytes.
pub fn frame(video: &Path, at: f64) -> Vec<u8> {
    let out = Command::new("ffmpeg")
        .args(["-hide_banner", "-loglevel", "error", "-ss", &format!("{at:.3}"), "-i"])
        .arg(video)
        .args(["-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        .output()
        .unwrap();
    assert!(out.status.success() && !out.stdout.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
    out.stdout
}

/// Pixels within `tolerance` of `colour` in the rectangle `(x, y, w, h)` of a frame `width` wide.
pub fn count_colour(
    rgb: &[u8],
    width: u32,
    (x, y, w, h): (u32, u32, u32, u32),
    colour: (u8, u8, u8),
    tolerance: i32,
) -> usize {
    let mut count = 0;
    for row in y..y + h {
        for col in x..x + w {
            let at = ((row * width + col) * 3) as usize;
            let near = |a: u8, b: u8| (a as i32 - b as i32).abs() <= tolerance;
            if near(rgb[at], colour.0) && near(rgb[at + 1], colour.1) && near(rgb[at + 2], colour.2) {
                count += 1;
            }
        }
    }
    count
}

struct Voices {
    dir: PathBuf,
    clips: Vec<PlanClip>,
    logo: PathBuf,
}

/// Three collaborators: a quiet one (-14 dB), one as espeak-ng speaks, a loud one (+6 dB);
/// the third's name is hostile to every text format on the way.
fn three_voices() -> Voices {
    let dir = scratch("voices");
    let speakers = [
        ("ann", "en-us+f3", "I volunteer on Saturdays because the people here care about each other", -14.0, "Ann Lee"),
        ("bob", "en-gb+m3", "The food bank gave my family a Christmas we will never forget", 0.0, "Bob Ortiz"),
        ("cem", "en-gb-scotland+m1", "Every week I learn something new from the children I teach", 6.0, HOSTILE),
    ];
    let clips = speakers
        .iter()
        .map(|(name, voice, text, gain, shown)| {
            let (source, words) = take(&dir, name, voice, text, *gain);
            // From the second word to the one before last: a word-exact range inside the take.
            let (start, end) = (words[1].start, words[words.len() - 2].end);
            let words = words.into_iter().filter(|w| w.end > start && w.start < end).collect();
            PlanClip { source, start, end, lower_third: Some(shown.to_string()), words }
        })
        .collect();
    let logo = logo(&dir);
    Voices { dir, clips, logo }
}

fn plan(voices: &Voices, format: StoryFormat, framing: Framing, burn_captions: bool) -> StoryPlan {
    StoryPlan {
        clips: voices.clips.clone(),
        title_card: Some(PlanCard { text: format!("Voices of {HOSTILE}"), seconds: 1.5 }),
        end_card: Some(PlanEndCard {
            text: Some("Thank you {\\b1} 100%".into()),
            logo: Some(voices.logo.clone()),
            seconds: 1.5,
        }),
        theme: BrandTheme {
            background: "#123456".into(),
            text: "#ffffff".into(),
            accent: "#e11d48".into(),
            font: ThemeFont::Lato,
            logo_position: LogoPosition::TopRight,
            caption_size: CaptionSize::Large,
            caption_box: true,
        },
        format,
        framing,
        burn_captions,
        corner_logo: Some(voices.logo.clone()),
    }
}

fn expected_seconds(plan: &StoryPlan) -> f64 {
    plan.clips.iter().map(|c| c.end - c.start).sum::<f64>()
        + plan.title_card.as_ref().map_or(0.0, |c| c.seconds)
        + plan.end_card.as_ref().map_or(0.0, |c| c.seconds)
}

async fn render(dir: &Path, plan: &StoryPlan) -> RenderedStory {
    let mut shares = Vec::new();
    let rendered = render_story(dir, plan, Duration::from_secs(600), |share| shares.push(share))
        .await
        .unwrap_or_else(|e| panic!("{:?}/{:?}: {e:?}", plan.format, plan.framing));
    assert_eq!(shares.last(), Some(&1.0), "progress ends at 1");
    assert!(shares.windows(2).all(|w| w[0] <= w[1]), "progress only grows: {shares:?}");
    rendered
}

#[tokio::test]
async fn a_story_of_three_voices_renders_in_every_format_at_one_loudness() {
    let voices = three_voices();
    let cases = [
        (StoryFormat::Landscape, Framing::Crop),
        (StoryFormat::Portrait, Framing::BlurredFit),
        (StoryFormat::Square, Framing::BlurredFit),
    ];
    for (format, framing) in cases {
        let plan = plan(&voices, format, framing, true);
        let dir = scratch("render");
        let rendered = render(&dir, &plan).await;
        let what = format!("{format:?}/{framing:?}");
        let (streams, duration) = storyhive_local_stack::testkit::media::ffprobe(&rendered.mp4);
        let video = streams.iter().find(|s| s.0 == "video").expect("a picture");
        assert_eq!(
            (video.1.as_str(), video.2 as u32, video.3 as u32),
            ("h264", format.frame().0, format.frame().1),
            "{what}"
        );
        assert!(streams.iter().any(|s| s.0 == "audio" && s.1 == "aac"), "{what}: sound");
        assert_eq!((rendered.width, rendered.height), format.frame(), "{what}");
        let expected = expected_seconds(&plan);
        assert!((duration - expected).abs() <= 0.2, "{what}: {duration} s, expected {expected} s");
        assert!((rendered.duration_seconds - duration).abs() < 0.05);
        // Each speaker, whatever their take's level, at the target within 1 LU.
        for (i, span) in clip_spans(&plan).iter().enumerate() {
            let lufs = ffmpeg::loudness(&rendered.mp4, span.start, span.end, Duration::from_secs(60))
                .await
                .unwrap()
                .expect("the clip is heard");
            assert!((lufs - TARGET_LUFS).abs() <= 1.0, "{what}: clip {i} at {lufs} LUFS");
        }
        // The cards are silent.
        let title = ffmpeg::loudness(&rendered.mp4, 0.0, 1.3, Duration::from_secs(60)).await.unwrap();
        assert_eq!(title, None, "{what}: the title card is silent");
        assert!(std::fs::metadata(&rendered.poster).unwrap().len() > 1000, "{what}: a poster");
        std::fs::remove_dir_all(&dir).ok();
    }
    std::fs::remove_dir_all(&voices.dir).ok();
}

#[tokio::test]
async fn captions_are_on_the_story_clock_and_burned_in_only_when_asked() {
    let voices = three_voices();
    let burned = plan(&voices, StoryFormat::Landscape, Framing::Crop, true);
    let plain = StoryPlan { burn_captions: false, ..burned.clone() };
    let (dir_burned, dir_plain) = (scratch("burned"), scratch("plain"));
    let with = render(&dir_burned, &burned).await;
    let without = render(&dir_plain, &plain).await;
    // The same captions either way, on the story's clock: the first cue is the first
    // clip's second word, when the title card is over.
    assert_eq!(with.srt, without.srt);
    let spans = clip_spans(&burned);
    let first = &burned.clips[0];
    let expected = 1.5 + (first.words[0].start - first.start).max(0.0);
    assert!((spans[0].start - 1.5).abs() < 0.02);
    let cues = subtp::srt::SubRip::parse(&with.srt).expect("the SRT parses");
    let first_cue = &cues.subtitles[0];
    let start = first_cue.start.hours as f64 * 3600.0
        + first_cue.start.minutes as f64 * 60.0
        + first_cue.start.seconds as f64
        + first_cue.start.milliseconds as f64 / 1000.0;
    assert!((start - expected).abs() < 0.05, "first cue at {start}, expected {expected}");
    assert!(first_cue.text.join(" ").starts_with(&first.words[0].text), "{:?}", first_cue.text);
    // Every word of every clip is captioned once, in order, within its clip's span.
    let said: Vec<String> = burned.clips.iter().flat_map(|c| c.words.iter().map(|w| w.text.clone())).collect();
    let captioned: Vec<String> = cues
        .subtitles
        .iter()
        .flat_map(|s| s.text.join(" ").split_whitespace().map(String::from).collect::<Vec<_>>())
        .collect();
    assert_eq!(captioned, said);
    assert!(with.vtt.starts_with("WEBVTT\n\n"));
    let vtt_times = with.vtt.lines().filter(|l| l.contains(" --> ")).count();
    assert_eq!(vtt_times, cues.subtitles.len(), "the WebVTT holds the same cues");
    let last_end = with.vtt.lines().rfind(|l| l.contains(" --> ")).unwrap().to_string();
    let end_seconds = |t: &str| -> f64 {
        let parts: Vec<f64> = t.trim().split(':').map(|p| p.parse().unwrap()).collect();
        parts[0] * 3600.0 + parts[1] * 60.0 + parts[2]
    };
    let last = end_seconds(last_end.split(" --> ").nth(1).unwrap());
    assert!(last <= spans[2].end + 0.01, "the last cue ends with the last clip: {last} > {}", spans[2].end);

    // Burned captions change the caption area (the bottom band) and nothing else needs them.
    let at = spans[1].start + 0.8;
    let (width, height) = StoryFormat::Landscape.frame();
    let (a, b) = (frame(&with.mp4, at), frame(&without.mp4, at));
    let band = ((height * 78 / 100) as usize, height as usize);
    let row = width as usize * 3;
    let differing = a[band.0 * row..band.1 * row]
        .iter()
        .zip(&b[band.0 * row..band.1 * row])
        .filter(|(x, y)| x.abs_diff(**y) > 40)
        .count();
    assert!(differing > 2000, "burned captions show in the bottom band ({differing} values differ)");
    let top = a[..row * 100].iter().zip(&b[..row * 100]).filter(|(x, y)| x.abs_diff(**y) > 40).count();
    assert!(top < 200, "the top of the picture is the same ({top})");
    std::fs::remove_dir_all(&dir_burned).ok();
    std::fs::remove_dir_all(&dir_plain).ok();
    std::fs::remove_dir_all(&voices.dir).ok();
}

#[tokio::test]
async fn names_with_any_characters_show_in_the_themes_lower_third_and_cards() {
    let voices = three_voices();
    let mut plan = plan(&voices, StoryFormat::Square, Framing::Crop, false);
    // The hostile name speaks first, straight after a title card of the same text.
    plan.clips.rotate_left(2);
    assert_eq!(plan.clips[0].lower_third.as_deref(), Some(HOSTILE));
    let dir = scratch("names");
    let rendered = render(&dir, &plan).await;
    let spans = clip_spans(&plan);
    let (width, height) = StoryFormat::Square.frame();
    // The lower third's accent box (#e11d48) in the lower left during the first clip.
    let picture = frame(&rendered.mp4, spans[0].start + 1.0);
    let box_pixels = count_colour(&picture, width, (0, height / 2, width / 2, height / 2), (0xe1, 0x1d, 0x48), 30);
    assert!(box_pixels > 1500, "the lower third's box is drawn ({box_pixels} pixels)");
    // The title card: the theme's background (#123456) with white text on it.
    let title = frame(&rendered.mp4, 0.7);
    let whole = (0, 0, width, height);
    assert!(count_colour(&title, width, whole, (0x12, 0x34, 0x56), 12) > (width * height / 2) as usize, "background");
    assert!(count_colour(&title, width, whole, (255, 255, 255), 40) > 300, "the title's text is drawn");
    // The end card: the logo (orange) in the middle.
    let end = frame(&rendered.mp4, rendered.duration_seconds - 0.5);
    assert!(count_colour(&end, width, whole, (255, 128, 0), 40) > 5000, "the end card's logo");
    // The corner logo over a clip, top right, and not top left.
    let corner = width / 5;
    assert!(count_colour(&picture, width, (width - corner, 0, corner, corner), (255, 128, 0), 50) > 300, "corner logo");
    std::fs::remove_dir_all(&dir).ok();
    std::fs::remove_dir_all(&voices.dir).ok();
}

#[tokio::test]
async fn a_plan_without_clips_or_with_an_empty_range_is_refused_with_a_reason() {
    let dir = scratch("refused");
    let mut plan = StoryPlan {
        clips: vec![],
        title_card: None,
        end_card: None,
        theme: BrandTheme::default(),
        format: StoryFormat::Landscape,
        framing: Framing::Crop,
        burn_captions: false,
        corner_logo: None,
    };
    let reason = |result: Result<RenderedStory, ffmpeg::MediaError>| match result {
        Err(ffmpeg::MediaError::Unplayable { reason, .. }) => reason,
        other => panic!("refused expected: {other:?}"),
    };
    assert_eq!(reason(render_story(&dir, &plan, Duration::from_secs(10), |_| {}).await), story_render::NO_CLIPS);
    plan.clips.push(PlanClip { source: dir.join("x.mp4"), start: 2.0, end: 2.0, lower_third: None, words: vec![] });
    assert_eq!(reason(render_story(&dir, &plan, Duration::from_secs(10), |_| {}).await), story_render::BAD_RANGE);
    assert!(!dir.join("story.mp4").exists());
    std::fs::remove_dir_all(&dir).ok();
}
