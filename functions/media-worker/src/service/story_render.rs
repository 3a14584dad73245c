//! Renders a story of many voices: clips of any answers (word-exact ranges of their takes),
//! an optional title card, lower thirds with each speaker's name as they consented to
//! show it, burned-in captions and an end card with the organisation's logo, in the
//! organisation's [`BrandTheme`], as 16:9, 9:16 or 1:1, in one ffmpeg run.
//!
//! - **Length.** The story lasts the sum of its kept ranges and its cards, to a frame each.
//!   Every cut is a short crossfade (picture and sound) centred on the cut: the clip before
//!   runs on past its end and the clip after starts before its start, by half the fade each,
//!   where the take allows (clamped at the take's ends; a card has all it needs), so the
//!   overlap costs no length.
//! - **Sound.** Each clip's kept range is measured (EBU R128 integrated loudness) and
//!   brought to [`TARGET_LUFS`] by one gain, peaks held under -1 dBFS, so speakers recorded
//!   at different levels sound alike. Cards are silent.
//! - **Text.** Cards, lower thirds and captions are one ASS subtitle file drawn by libass
//!   (shaping and right-to-left text; any character of a name is text, never markup).
//! - **Captions.** SRT and WebVTT of the whole story on its own clock: each clip's words
//!   (a word belongs to the clip its middle falls in, so no word is heard twice across a
//!   crossfade) shifted to where the clip plays.

use std::{
    fmt::Write as _,
    path::{Path, PathBuf},
    time::{Duration, Instant},
};

use serde::{Deserialize, Serialize};
use storyhive_shared::stories::theme::{rgb, BrandTheme, LogoPosition};

use super::{
    ffmpeg::{self, MediaError},
    render::{cues_for, srt, webvtt, Cue, FPS},
};

/// The loudness every clip is brought to (docs/DECISIONS.md, "A story's loudness").
pub const TARGET_LUFS: f64 = -16.0;
/// The whole crossfade at a cut between two clips (or a clip and a card), in frames: half
/// before the cut, half after.
pub const CROSSFADE_FRAMES: i64 = 6;
/// How long a speaker's lower third shows at the start of their clip.
pub const LOWER_THIRD_SECONDS: f64 = 4.0;
/// Samples of sound a second, and a frame's worth of them.
const SAMPLE_RATE: i64 = 48_000;
const SAMPLES_PER_FRAME: i64 = SAMPLE_RATE / FPS as i64;
/// Peaks after the gain are held under this (-1 dBFS).
const PEAK_LIMIT: f64 = 0.891;

pub const RENDER_FAILED: &str =
    "The story could not be rendered from its clips. Please check the answers' videos and try again.";
pub const NO_CLIPS: &str = "A story needs at least one clip to be rendered.";
pub const BAD_RANGE: &str = "A clip of the story has no length: its end must come after its start.";
pub const BAD_CARD: &str = "A card of the story must last between a tenth of a second and a minute.";

/// The story's shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum StoryFormat {
    /// 16:9, 1280x720.
    Landscape,
    /// 9:16, 720x1280.
    Portrait,
    /// 1:1, 720x720.
    Square,
}

impl StoryFormat {
    pub const ALL: [StoryFormat; 3] = [Self::Landscape, Self::Portrait, Self::Square];

    /// Width and height in pixels.
    pub fn frame(self) -> (u32, u32) {
        match self {
            Self::Landscape => (1280, 720),
            Self::Portrait => (720, 1280),
            Self::Square => (720, 720),
        }
    }
}

/// How a clip of another shape fills the story's frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Framing {
    /// Scaled to cover the frame, its middle kept.
    #[default]
    Crop,
    /// Scaled to fit the frame, over a blurred copy of itself that covers it.
    BlurredFit,
}

/// A word of a transcript, in seconds of its source file.
#[derive(Debug, Clone, PartialEq)]
pub struct TimedWord {
    pub text: String,
    pub start: f64,
    pub end: f64,
}

/// A range of a take.
#[derive(Debug, Clone, PartialEq)]
pub struct PlanClip {
    pub source: PathBuf,
    /// The kept range, in seconds of the source.
    pub start: f64,
    pub end: f64,
    /// The speaker's name as they consented to show it; none: no lower third.
    pub lower_third: Option<String>,
    /// The words inside the range (for captions).
    pub words: Vec<TimedWord>,
}

/// A card of text on the theme's background, in silence.
#[derive(Debug, Clone, PartialEq)]
pub struct PlanCard {
    pub text: String,
    pub seconds: f64,
}

/// The last card: a line of text and the organisation's logo (either or both).
#[derive(Debug, Clone, PartialEq)]
pub struct PlanEndCard {
    pub text: Option<String>,
    /// An image (PNG or JPEG); transparency is kept.
    pub logo: Option<PathBuf>,
    pub seconds: f64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct StoryPlan {
    pub clips: Vec<PlanClip>,
    pub title_card: Option<PlanCard>,
    pub end_card: Option<PlanEndCard>,
    pub theme: BrandTheme,
    pub format: StoryFormat,
    pub framing: Framing,
    pub burn_captions: bool,
    /// The organisation's logo, shown over the clips in the theme's corner when its
    /// `logo_position` is a corner (none, or `EndCardOnly`: no logo over the clips).
    pub corner_logo: Option<PathBuf>,
}

/// What [`render_story`] made, in the `dir` it was given.
#[derive(Debug, Clone, PartialEq)]
pub struct RenderedStory {
    /// H.264/AAC MP4, index first.
    pub mp4: PathBuf,
    /// A JPEG of the first clip.
    pub poster: PathBuf,
    pub duration_seconds: f64,
    pub width: u32,
    pub height: u32,
    /// Captions of the whole story on the story's own clock.
    pub srt: String,
    pub vtt: String,
}

/// Where a clip's kept range plays on the story's clock, in seconds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ClipSpan {
    pub start: f64,
    pub end: f64,
}

/// One piece of the timeline, in frames.
#[derive(Debug, Clone)]
struct Segment {
    what: Piece,
    /// Frames kept (what the story's length counts).
    kept: i64,
    /// Frames played before the kept ones and after them (the crossfades' handles).
    before: i64,
    after: i64,
    /// Frames the source has before and after the kept ones (none: a card, unlimited).
    room_before: Option<i64>,
    room_after: Option<i64>,
    /// The first kept frame on the story's clock.
    at: i64,
}

#[derive(Debug, Clone)]
enum Piece {
    Title,
    Clip { index: usize, first_frame: i64, has_audio: bool, gain_db: f64 },
    End,
}

impl Segment {
    fn frames(&self) -> i64 {
        self.before + self.kept + self.after
    }
}

fn frames(seconds: f64) -> i64 {
    (seconds * FPS as f64).round() as i64
}

fn seconds(frames: i64) -> f64 {
    frames as f64 / FPS as f64
}

/// The timeline of `clip_frames` (each clip's first kept frame, its kept frames and the
/// frames its source has) between optional cards: the handles of every cut, and where each
/// piece's kept frames play.
fn lay_out(title: Option<i64>, clips: &[(i64, i64, i64)], end: Option<i64>) -> Vec<Segment> {
    let mut segments = Vec::new();
    let card = |what, kept| Segment { what, kept, before: 0, after: 0, room_before: None, room_after: None, at: 0 };
    if let Some(kept) = title {
        segments.push(card(Piece::Title, kept));
    }
    for (index, &(first_frame, kept, source_frames)) in clips.iter().enumerate() {
        segments.push(Segment {
            what: Piece::Clip { index, first_frame, has_audio: false, gain_db: 0.0 },
            kept,
            before: 0,
            after: 0,
            room_before: Some(first_frame.max(0)),
            room_after: Some((source_frames - first_frame - kept).max(0)),
            at: 0,
        });
    }
    if let Some(kept) = end {
        segments.push(card(Piece::End, kept));
    }
    let half = CROSSFADE_FRAMES / 2;
    for i in 1..segments.len() {
        let after = segments[i - 1].room_after.map_or(half, |room| room.min(half));
        let before = segments[i].room_before.map_or(half, |room| room.min(half));
        segments[i - 1].after = after;
        segments[i].before = before;
    }
    let mut at = 0;
    for segment in &mut segments {
        segment.at = at;
        at += segment.kept;
    }
    segments
}

/// `#rrggbb` as an ASS colour (`&HAABBGGRR`, alpha 0 opaque).
fn ass_colour(colour: &str, alpha: u8) -> String {
    let (r, g, b) = rgb(colour).unwrap_or((255, 255, 255));
    format!("&H{alpha:02X}{b:02X}{g:02X}{r:02X}")
}

/// `#rrggbb` as ffmpeg's colour syntax.
fn ffmpeg_colour(colour: &str) -> String {
    let (r, g, b) = rgb(colour).unwrap_or((0, 0, 0));
    format!("0x{r:02X}{g:02X}{b:02X}")
}

/// Text as an ASS event's text: every character shown as itself. `{` would open
/// override tags and `\` start an escape (`\N`, `\h`), so a backslash is followed by a
/// word joiner (invisible) and braces are escaped; line breaks become spaces
/// (`line_breaks`: ASS line breaks, for cards).
pub fn ass_text(text: &str, line_breaks: bool) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.trim().chars() {
        match c {
            '\\' => out.push_str("\\\u{2060}"),
            '{' => out.push_str("\\{"),
            '}' => out.push_str("\\}"),
            '\n' if line_breaks => out.push_str("\\N"),
            '\r' => {}
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

fn ass_time(seconds: f64) -> String {
    let centis = (seconds.max(0.0) * 100.0).round() as u64;
    format!("{}:{:02}:{:02}.{:02}", centis / 360_000, centis / 6000 % 60, centis / 100 % 60, centis % 100)
}

/// Sizes of the text, in pixels of the frame.
struct Layout {
    width: u32,
    height: u32,
    card_size: u32,
    lower_size: u32,
    caption_size: u32,
    margin: u32,
}

impl Layout {
    fn of(format: StoryFormat, theme: &BrandTheme) -> Self {
        let (width, height) = format.frame();
        let short = width.min(height) as f64;
        Self {
            width,
            height,
            card_size: (short / 13.0).round() as u32,
            lower_size: (short / 22.0).round() as u32,
            caption_size: (short * theme.caption_size.share_of_short_side()).round() as u32,
            margin: (short / 24.0).round() as u32,
        }
    }
}

/// The story's text as an ASS script: the cards' text, the lower thirds and (when burned)
/// the captions.
fn ass_script(plan: &StoryPlan, layout: &Layout, segments: &[Segment], cues: &[Cue]) -> String {
    let theme = &plan.theme;
    let font = theme.font.family();
    let text = ass_colour(&theme.text, 0);
    let accent = ass_colour(&theme.accent, 0);
    let (caption_border, caption_outline, caption_back) =
        if theme.caption_box { (3, layout.caption_size / 5, "&H50000000") } else { (1, 2, "&H80000000") };
    let caption_outline_colour = if theme.caption_box { "&H50000000" } else { "&H00000000" };
    let Layout { width, height, card_size, lower_size, caption_size, margin } = *layout;
    let mut out = String::new();
    let _ = write!(
        out,
        "[Script Info]\nScriptType: v4.00+\nPlayResX: {width}\nPlayResY: {height}\nWrapStyle: 0\n\
         ScaledBorderAndShadow: yes\nYCbCr Matrix: None\n\n[V4+ Styles]\n\
         Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, \
         Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, \
         MarginR, MarginV, Encoding\n"
    );
    let side = margin * 2;
    let _ = writeln!(
        out,
        "Style: Card,{font},{card_size},{text},{text},&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,0,0,5,{side},{side},0,1"
    );
    let _ = writeln!(
        out,
        "Style: EndText,{font},{card_size},{text},{text},&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,0,0,8,{side},{side},{},1",
        height / 2 + margin
    );
    let _ = writeln!(
        out,
        "Style: Lower,{font},{lower_size},{text},{text},{accent},{accent},0,0,0,0,100,100,0,0,3,{},0,1,{margin},{margin},{},1",
        lower_size / 3,
        height * 22 / 100
    );
    let _ = writeln!(
        out,
        "Style: Caption,{font},{caption_size},&H00FFFFFF,&H00FFFFFF,{caption_outline_colour},{caption_back},0,0,0,0,100,100,0,0,{caption_border},{caption_outline},0,2,{side},{side},{},1",
        height * 6 / 100
    );
    out.push_str("\n[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\n");
    let mut event = |start: f64, end: f64, style: &str, text: String| {
        let _ = writeln!(out, "Dialogue: 0,{},{},{style},,0,0,0,,{text}", ass_time(start), ass_time(end));
    };
    let mut previous_name: Option<&str> = None;
    for segment in segments {
        let (from, to) = (seconds(segment.at), seconds(segment.at + segment.kept));
        match &segment.what {
            Piece::Title => {
                if let Some(card) = plan.title_card.as_ref().filter(|c| !c.text.trim().is_empty()) {
                    event(from, to, "Card", format!("{{\\fad(150,150)}}{}", ass_text(&card.text, true)));
                }
                previous_name = None;
            }
            Piece::End => {
                let card = plan.end_card.as_ref();
                if let Some(line) = card.and_then(|c| c.text.as_deref()).filter(|t| !t.trim().is_empty()) {
                    let style = if card.is_some_and(|c| c.logo.is_some()) { "EndText" } else { "Card" };
                    event(from, to, style, format!("{{\\fad(150,0)}}{}", ass_text(line, true)));
                }
                previous_name = None;
            }
            Piece::Clip { index, .. } => {
                let name = plan.clips[*index].lower_third.as_deref().map(str::trim).filter(|n| !n.is_empty());
                // A speaker's name shows when they start speaking, not again at each of their clips.
                if let Some(name) = name.filter(|n| previous_name != Some(*n)) {
                    let shown = LOWER_THIRD_SECONDS.min((to - from - 0.2).max(0.5));
                    event(from, from + shown, "Lower", format!("{{\\fad(200,200)}}{}", ass_text(name, false)));
                }
                previous_name = name;
            }
        }
    }
    if plan.burn_captions {
        for cue in cues {
            event(cue.start, cue.end, "Caption", ass_text(&cue.text, false));
        }
    }
    out
}

/// The filters that make a clip's picture fill the frame.
fn framing_filter(framing: Framing, (width, height): (u32, u32), input: &str, out: &str, n: usize) -> String {
    match framing {
        Framing::Crop => format!(
            "[{input}]scale={width}:{height}:force_original_aspect_ratio=increase,crop={width}:{height},setsar=1[{out}]"
        ),
        Framing::BlurredFit => {
            // The background is blurred small and scaled up: cheap, and soft enough.
            let (small_w, small_h) = ((width / 8).max(2) & !1, (height / 8).max(2) & !1);
            format!(
                "[{input}]split[fg{n}][bg{n}];\
                 [bg{n}]scale={small_w}:{small_h}:force_original_aspect_ratio=increase,crop={small_w}:{small_h},\
                 boxblur=6:2,scale={width}:{height},setsar=1[blur{n}];\
                 [fg{n}]scale={width}:{height}:force_original_aspect_ratio=decrease,setsar=1[fit{n}];\
                 [blur{n}][fit{n}]overlay=(W-w)/2:(H-h)/2[{out}]"
            )
        }
    }
}

/// Where a corner logo sits: an overlay's x and y.
fn corner(position: LogoPosition, margin: u32) -> Option<(String, String)> {
    let (left, top) = (format!("{margin}"), format!("{margin}"));
    let (right, bottom) = (format!("W-w-{margin}"), format!("H-h-{margin}"));
    match position {
        LogoPosition::EndCardOnly => None,
        LogoPosition::TopLeft => Some((left, top)),
        LogoPosition::TopRight => Some((right, top)),
        LogoPosition::BottomLeft => Some((left, bottom)),
        LogoPosition::BottomRight => Some((right, bottom)),
    }
}

fn check(plan: &StoryPlan) -> Result<(), MediaError> {
    let refuse = |reason: &str, detail: &str| {
        Err(MediaError::Unplayable { reason: reason.to_string(), detail: detail.to_string() })
    };
    if plan.clips.is_empty() {
        return refuse(NO_CLIPS, "no clips");
    }
    for clip in &plan.clips {
        if !(clip.start.is_finite()
            && clip.end.is_finite()
            && clip.start >= 0.0
            && frames(clip.end) > frames(clip.start))
        {
            return refuse(BAD_RANGE, &format!("{}..{}", clip.start, clip.end));
        }
    }
    let cards =
        plan.title_card.as_ref().map(|c| c.seconds).into_iter().chain(plan.end_card.as_ref().map(|c| c.seconds));
    for card in cards {
        if !(0.1..=60.0).contains(&card) {
            return refuse(BAD_CARD, &format!("{card} s"));
        }
    }
    Ok(())
}

/// The gain (dB) that brings a range measured at `measured` LUFS to [`TARGET_LUFS`]; a
/// silent range is left as it is.
pub fn gain_db(measured: Option<f64>) -> f64 {
    measured.map_or(0.0, |lufs| (TARGET_LUFS - lufs).clamp(-30.0, 30.0))
}

/// Where each clip's kept range plays on the story's clock.
pub fn clip_spans(plan: &StoryPlan) -> Vec<ClipSpan> {
    let segments = lay_out(
        plan.title_card.as_ref().map(|c| frames(c.seconds).max(1)),
        &plan
            .clips
            .iter()
            .map(|c| (frames(c.start), (frames(c.end) - frames(c.start)).max(1), i64::MAX / 4))
            .collect::<Vec<_>>(),
        plan.end_card.as_ref().map(|c| frames(c.seconds).max(1)),
    );
    segments
        .iter()
        .filter(|s| matches!(s.what, Piece::Clip { .. }))
        .map(|s| ClipSpan { start: seconds(s.at), end: seconds(s.at + s.kept) })
        .collect()
}

/// The story's captions on its own clock.
fn story_cues(plan: &StoryPlan, segments: &[Segment]) -> Vec<Cue> {
    let mut cues = Vec::new();
    for segment in segments {
        let Piece::Clip { index, .. } = segment.what else { continue };
        let clip = &plan.clips[index];
        let words: Vec<(String, f64, f64)> = clip.words.iter().map(|w| (w.text.clone(), w.start, w.end)).collect();
        let (offset, length) = (seconds(segment.at), seconds(segment.kept));
        for cue in cues_for(&words, clip.start, clip.end) {
            cues.push(Cue { start: cue.start + offset, end: (cue.end.min(length)) + offset, text: cue.text });
        }
    }
    cues
}

/// Renders `plan` into `dir` (`story.mp4`, `story.jpg`), within `limit`, telling
/// `progress` the share made (0 to 1).
pub async fn render_story(
    dir: &Path,
    plan: &StoryPlan,
    limit: Duration,
    mut progress: impl FnMut(f64) + Send,
) -> Result<RenderedStory, MediaError> {
    check(plan)?;
    let started = Instant::now();
    let remaining = || limit.saturating_sub(started.elapsed()).max(Duration::from_secs(1));
    progress(0.0);

    // What each source holds, and how loud each kept range is.
    let mut measured = Vec::with_capacity(plan.clips.len());
    for clip in &plan.clips {
        let probed = ffmpeg::probe(&clip.source).await?;
        let has_audio = probed.audio_codec.is_some();
        let lufs =
            if has_audio { ffmpeg::loudness(&clip.source, clip.start, clip.end, remaining()).await? } else { None };
        measured.push((frames(probed.duration_seconds), has_audio, gain_db(lufs)));
    }
    let mut segments = lay_out(
        plan.title_card.as_ref().map(|c| frames(c.seconds).max(1)),
        &plan
            .clips
            .iter()
            .zip(&measured)
            .map(|(c, (source_frames, _, _))| {
                let first = frames(c.start);
                (first, (frames(c.end) - first).max(1), (*source_frames).max(first + 1))
            })
            .collect::<Vec<_>>(),
        plan.end_card.as_ref().map(|c| frames(c.seconds).max(1)),
    );
    for segment in &mut segments {
        if let Piece::Clip { index, has_audio, gain_db, .. } = &mut segment.what {
            (*has_audio, *gain_db) = (measured[*index].1, measured[*index].2);
        }
    }
    let total_frames: i64 = segments.iter().map(|s| s.kept).sum();
    let layout = Layout::of(plan.format, &plan.theme);
    let (width, height) = (layout.width, layout.height);
    let cues = story_cues(plan, &segments);
    let script = ass_script(plan, &layout, &segments, &cues);
    tokio::fs::write(dir.join("story.ass"), script).await.map_err(|e| anyhow::anyhow!("story text: {e}"))?;

    // Inputs: each clip's played range, then the logo (once, split where it is used).
    let mut args: Vec<String> = ["-hide_banner", "-nostdin", "-loglevel", "error", "-y"].map(String::from).to_vec();
    let mut input_of_clip = vec![0usize; plan.clips.len()];
    let mut inputs = 0usize;
    for segment in &segments {
        if let Piece::Clip { index, first_frame, .. } = segment.what {
            let from = seconds(first_frame - segment.before);
            let length = seconds(segment.frames()) + 0.5;
            args.extend(["-ss".into(), format!("{from:.6}"), "-t".into(), format!("{length:.6}"), "-i".into()]);
            args.push(plan.clips[index].source.to_string_lossy().into_owned());
            input_of_clip[index] = inputs;
            inputs += 1;
        }
    }
    let end_logo = plan.end_card.as_ref().and_then(|c| c.logo.clone());
    let corner_at = plan.corner_logo.as_ref().and(corner(plan.theme.logo_position, layout.margin));
    let clip_count = plan.clips.len();
    let mut graph: Vec<String> = Vec::new();
    let mut logo_labels: Vec<String> = Vec::new();
    let mut corner_logo_labels: Vec<String> = Vec::new();
    if let Some(logo) = &end_logo {
        args.extend(["-i".into(), logo.to_string_lossy().into_owned()]);
        let (max_w, max_h) = (width * 6 / 10, height / 4);
        graph.push(format!(
            "[{inputs}:v]scale={max_w}:{max_h}:force_original_aspect_ratio=decrease,format=rgba[endlogo]"
        ));
        logo_labels.push("endlogo".into());
        inputs += 1;
    }
    if let (Some(logo), Some(_)) = (&plan.corner_logo, &corner_at) {
        args.extend(["-i".into(), logo.to_string_lossy().into_owned()]);
        let (max_w, max_h) = (width.min(height) / 4, height.min(width) / 10);
        let labels: Vec<String> = (0..clip_count).map(|i| format!("corner{i}")).collect();
        graph.push(format!(
            "[{inputs}:v]scale={max_w}:{max_h}:force_original_aspect_ratio=decrease,format=rgba,colorchannelmixer=aa=0.85,split={clip_count}{}",
            labels.iter().map(|l| format!("[{l}]")).collect::<String>()
        ));
        corner_logo_labels = labels;
    }

    // Each segment: picture and sound of exactly its frames.
    let background = ffmpeg_colour(&plan.theme.background);
    for (n, segment) in segments.iter().enumerate() {
        let count = segment.frames();
        let samples = count * SAMPLES_PER_FRAME;
        let length = seconds(count) + 0.5;
        match &segment.what {
            Piece::Title | Piece::End => {
                let card = format!(
                    "color=c={background}:s={width}x{height}:r={FPS}:d={length:.3},setsar=1,format=yuv420p,trim=end_frame={count},setpts=PTS-STARTPTS"
                );
                if matches!(segment.what, Piece::End) && end_logo.is_some() {
                    let y = if plan
                        .end_card
                        .as_ref()
                        .is_some_and(|c| c.text.as_deref().is_some_and(|t| !t.trim().is_empty()))
                    {
                        format!("H/2-h-{}", layout.margin)
                    } else {
                        "(H-h)/2".to_string()
                    };
                    graph.push(format!("{card}[card{n}]"));
                    graph.push(format!("[card{n}][endlogo]overlay=(W-w)/2:{y}:eof_action=repeat,format=yuv420p[v{n}]"));
                } else {
                    graph.push(format!("{card}[v{n}]"));
                }
                graph.push(format!(
                    "anullsrc=r={SAMPLE_RATE}:cl=stereo,atrim=end_sample={samples},aformat=sample_fmts=fltp:channel_layouts=stereo[a{n}]"
                ));
            }
            Piece::Clip { index, has_audio, gain_db, .. } => {
                let input = input_of_clip[*index];
                graph.push(format!("[{input}:v]setpts=PTS-STARTPTS[src{n}]"));
                graph.push(framing_filter(plan.framing, (width, height), &format!("src{n}"), &format!("framed{n}"), n));
                // A source that ends early holds its last frame, so every segment has its frames.
                let finish = format!(
                    "fps={FPS},format=yuv420p,tpad=stop=-1:stop_mode=clone,trim=end_frame={count},setpts=PTS-STARTPTS"
                );
                match (&corner_at, corner_logo_labels.get(*index)) {
                    (Some((x, y)), Some(label)) => {
                        graph.push(format!("[framed{n}][{label}]overlay={x}:{y}:eof_action=repeat,{finish}[v{n}]"));
                    }
                    _ => graph.push(format!("[framed{n}]{finish}[v{n}]")),
                }
                let sound = if *has_audio {
                    format!("[{input}:a]asetpts=PTS-STARTPTS,")
                } else {
                    format!("anullsrc=r={SAMPLE_RATE}:cl=stereo,")
                };
                graph.push(format!(
                    "{sound}aresample={SAMPLE_RATE},aformat=sample_fmts=fltp:channel_layouts=stereo,volume={gain_db:.2}dB,\
                     alimiter=limit={PEAK_LIMIT}:level=disabled,apad,atrim=end_sample={samples},asetpts=PTS-STARTPTS[a{n}]"
                ));
            }
        }
    }

    // The cuts: a crossfade of the handles, or a plain join where there are none.
    let (mut video, mut audio) = ("v0".to_string(), "a0".to_string());
    let mut played = segments[0].frames();
    for (n, segment) in segments.iter().enumerate().skip(1) {
        let overlap = segments[n - 1].after + segment.before;
        let (joined_v, joined_a) = (format!("jv{n}"), format!("ja{n}"));
        if overlap > 0 {
            graph.push(format!(
                "[{video}][v{n}]xfade=transition=fade:duration={:.6}:offset={:.6}[{joined_v}]",
                seconds(overlap),
                seconds(played - overlap)
            ));
            graph.push(format!(
                "[{audio}][a{n}]acrossfade=ns={}:c1=tri:c2=tri[{joined_a}]",
                overlap * SAMPLES_PER_FRAME
            ));
        } else {
            graph.push(format!("[{video}][{audio}][v{n}][a{n}]concat=n=2:v=1:a=1[{joined_v}][{joined_a}]"));
        }
        played += segment.frames() - overlap;
        (video, audio) = (joined_v, joined_a);
    }
    graph.push(format!("[{video}]ass=filename=story.ass,format=yuv420p[vout]"));
    graph.push(format!("[{audio}]atrim=end_sample={}[aout]", total_frames * SAMPLES_PER_FRAME));

    let graph_file = dir.join("story.filter");
    tokio::fs::write(&graph_file, graph.join(";\n")).await.map_err(|e| anyhow::anyhow!("story filter: {e}"))?;
    args.extend(["-filter_complex_script".into(), "story.filter".into()]);
    args.extend(["-map", "[vout]", "-map", "[aout]"].map(String::from));
    args.extend(["-frames:v".into(), total_frames.to_string()]);
    args.extend(
        [
            "-c:v",
            "libx264",
            "-preset",
            ffmpeg::RENDER_PRESET,
            "-crf",
            "23",
            "-profile:v",
            "high",
            "-pix_fmt",
            "yuv420p",
            "-r",
        ]
        .map(String::from),
    );
    args.push(FPS.to_string());
    args.extend(
        ["-c:a", "aac", "-b:a", "128k", "-ar", "48000", "-ac", "2", "-movflags", "+faststart", "-f", "mp4"]
            .map(String::from),
    );
    args.push("story.mp4".into());
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let total = seconds(total_frames);
    let mut share = |done: f64| progress(0.95 * done);
    ffmpeg::run_with_progress(&refs, remaining(), RENDER_FAILED, total, dir, &mut share).await?;

    let mp4 = dir.join("story.mp4");
    let probed = ffmpeg::probe(&mp4).await?;
    let poster = dir.join("story.jpg");
    let first_clip = segments
        .iter()
        .find(|s| matches!(s.what, Piece::Clip { .. }))
        .map_or(0.0, |s| seconds(s.at) + (seconds(s.kept) / 2.0).min(1.0));
    ffmpeg::poster(&mp4, &poster, first_clip).await?;
    progress(1.0);
    Ok(RenderedStory {
        mp4,
        poster,
        duration_seconds: probed.duration_seconds,
        width: probed.width.unwrap_or(width),
        height: probed.height.unwrap_or(height),
        srt: srt(&cues),
        vtt: webvtt(&cues),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clip(start: f64, end: f64) -> PlanClip {
        PlanClip { source: "x.mp4".into(), start, end, lower_third: None, words: vec![] }
    }

    fn plan(clips: Vec<PlanClip>) -> StoryPlan {
        StoryPlan {
            clips,
            title_card: Some(PlanCard { text: "Title".into(), seconds: 2.0 }),
            end_card: Some(PlanEndCard { text: Some("Thanks".into()), logo: None, seconds: 2.0 }),
            theme: BrandTheme::default(),
            format: StoryFormat::Landscape,
            framing: Framing::Crop,
            burn_captions: true,
            corner_logo: None,
        }
    }

    #[test]
    fn handles_are_centred_on_each_cut_and_clamped_at_the_sources_ends() {
        // A clip from the very start of its take, one that ends at its take's end, one with room.
        let segments = lay_out(Some(60), &[(0, 90, 300), (30, 60, 90), (10, 30, 100)], Some(45));
        let handles: Vec<(i64, i64)> = segments.iter().map(|s| (s.before, s.after)).collect();
        assert_eq!(handles, vec![(0, 3), (0, 3), (3, 0), (3, 3), (3, 0)]);
        let starts: Vec<i64> = segments.iter().map(|s| s.at).collect();
        assert_eq!(starts, vec![0, 60, 150, 210, 240]);
        // The overlaps cost nothing: played minus overlaps is the kept total.
        let played: i64 = segments.iter().map(Segment::frames).sum();
        let overlaps: i64 = segments.windows(2).map(|w| w[0].after + w[1].before).sum();
        assert_eq!(played - overlaps, 60 + 90 + 60 + 30 + 45);
    }

    #[test]
    fn captions_follow_the_story_clock_and_no_word_is_heard_twice() {
        let word = |text: &str, start: f64, end: f64| TimedWord { text: text.into(), start, end };
        let mut first = clip(1.0, 3.0);
        first.words = vec![word("before", 0.5, 0.9), word("hello", 1.1, 1.5), word("there", 2.8, 3.3)];
        let mut second = clip(10.0, 12.0);
        second.words = vec![word("again", 10.2, 10.6)];
        let plan = plan(vec![first, second]);
        let segments = lay_out(Some(60), &[(30, 60, 900), (300, 60, 900)], Some(60));
        let cues = story_cues(&plan, &segments);
        // "there" has its middle past the first clip's end: it is not in it.
        assert_eq!(cues.iter().map(|c| c.text.as_str()).collect::<Vec<_>>(), ["hello", "again"]);
        assert!((cues[0].start - 2.1).abs() < 1e-6, "{cues:?}");
        assert!((cues[1].start - 4.2).abs() < 1e-6, "{cues:?}");
        assert_eq!(clip_spans(&plan), vec![ClipSpan { start: 2.0, end: 4.0 }, ClipSpan { start: 4.0, end: 6.0 }]);
    }

    #[test]
    fn text_is_never_markup() {
        assert_eq!(ass_text("a\\Nb {\\b1}", false), "a\\\u{2060}Nb \\{\\\u{2060}b1\\}");
        assert_eq!(ass_text("two\nlines", true), "two\\Nlines");
        assert_eq!(ass_text("two\nlines", false), "two lines");
        assert_eq!(ass_colour("#ff8000", 0), "&H000080FF");
        assert_eq!(ass_time(3725.456), "1:02:05.46");
    }

    #[test]
    fn gains_bring_speech_to_the_target_and_leave_silence() {
        assert_eq!(gain_db(Some(-26.0)), 10.0);
        assert_eq!(gain_db(Some(-10.0)), -6.0);
        assert_eq!(gain_db(None), 0.0);
    }
}
