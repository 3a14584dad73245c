//! Renders a cut list with ffmpeg: each part (a title card, or a range of a source
//! video) is encoded on its own to the same H.264 settings with exactly its number of
//! frames, its sound to PCM of exactly the same length; the pictures are joined without
//! re-encoding (the concat demuxer) and the sound encoded once to AAC, so the result lasts
//! the sum of its parts (to a frame each) and sound never drifts from picture.
//! Captions are burned into each clip (libass, from an SRT of that clip's words) or
//! written as one WebVTT for the whole timeline.

use std::{
    fmt::Write as _,
    path::{Path, PathBuf},
    time::Duration,
};

use super::ffmpeg::{self, MediaError};

pub const FPS: u32 = 30;
pub const RENDER_FAILED: &str =
    "The video could not be rendered from its answers. Please check the answers' videos and try again.";

pub use storyhive_shared::media::captions::{cues_for, srt, webvtt, Cue};

/// One piece of the timeline.
#[derive(Debug, Clone)]
pub enum Part {
    /// Text on black, in silence.
    Title { text: String, seconds: f64 },
    /// `start..end` seconds of `source`; `cues` relative to `start`.
    Clip { source: PathBuf, start: f64, end: f64, has_audio: bool, cues: Vec<Cue> },
}

#[derive(Debug, Clone)]
pub struct Plan {
    pub parts: Vec<Part>,
    pub frame: (u32, u32),
    pub burn_captions: bool,
}

/// What a render produced: its timeline's captions (for a WebVTT) and length.
#[derive(Debug, Clone)]
pub struct Rendered {
    pub cues: Vec<Cue>,
    pub seconds: f64,
}

fn frames(seconds: f64) -> i64 {
    (seconds * FPS as f64).round() as i64
}

/// Frames of a part: both ends rounded to the frame grid, so each part is within a frame
/// of its range (and back-to-back ranges of one take add up exactly).
fn part_frames(part: &Part) -> i64 {
    match part {
        Part::Title { seconds, .. } => frames(*seconds).max(1),
        Part::Clip { start, end, .. } => (frames(*end) - frames(*start)).max(1),
    }
}

fn fit_filter((width, height): (u32, u32)) -> String {
    format!(
        "scale={width}:{height}:force_original_aspect_ratio=decrease,pad={width}:{height}:(ow-iw)/2:(oh-ih)/2:black,setsar=1,fps={FPS},format=yuv420p"
    )
}

/// Wraps a title card's text to lines of about `width` characters.
fn wrap(text: &str, width: usize) -> String {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines.join("\n")
}

/// Renders `plan` into `output` (H.264/AAC MP4, index first), working in `dir`.
pub async fn render(dir: &Path, plan: &Plan, output: &Path, limit: Duration) -> Result<Rendered, MediaError> {
    render_reporting(dir, plan, output, limit, &|_| {}).await
}

/// [`render`], telling `done` the share of the frames made (0 to 1) after each part and
/// once joined.
pub async fn render_reporting(
    dir: &Path,
    plan: &Plan,
    output: &Path,
    limit: Duration,
    done: &(dyn Fn(f64) + Send + Sync),
) -> Result<Rendered, MediaError> {
    let total_frames: i64 = plan.parts.iter().map(part_frames).sum::<i64>().max(1);
    let started = std::time::Instant::now();
    let remaining = || limit.saturating_sub(started.elapsed()).max(Duration::from_secs(1));
    let (width, height) = plan.frame;
    let mut video_list = String::new();
    let mut audio_list = String::new();
    let mut timeline_cues = Vec::new();
    let mut at_frame: i64 = 0;
    for (index, part) in plan.parts.iter().enumerate() {
        let count = part_frames(part);
        let seconds = format!("{:.6}", count as f64 / FPS as f64);
        let video = dir.join(format!("part{index}.mp4"));
        let audio = dir.join(format!("part{index}.wav"));
        let mut args: Vec<String> = ["-hide_banner", "-nostdin", "-loglevel", "error", "-y"].map(String::from).to_vec();
        let mut filter;
        let audio_input;
        match part {
            Part::Title { text, seconds: _ } => {
                let text_file = dir.join(format!("title{index}.txt"));
                tokio::fs::write(&text_file, wrap(text, 28)).await.map_err(|e| anyhow::anyhow!("title text: {e}"))?;
                args.extend(["-f", "lavfi", "-i"].map(String::from));
                args.push(format!("color=c=black:s={width}x{height}:r={FPS}"));
                args.extend(
                    ["-f", "lavfi", "-i", "anullsrc=channel_layout=stereo:sample_rate=48000"].map(String::from),
                );
                let size = (width.min(height) / 14).max(16);
                filter = format!(
                    "drawtext=font='DejaVu Sans':textfile={}:expansion=none:fontcolor=white:fontsize={size}:line_spacing={}:x=(w-text_w)/2:y=(h-text_h)/2,setsar=1,format=yuv420p",
                    text_file.display(),
                    size / 3
                );
                audio_input = "1:a:0";
            }
            Part::Clip { source, start, end: _, has_audio, cues } => {
                // Seeking before the input is frame-exact when re-encoding; timestamps start at 0.
                args.extend(["-ss".to_string(), format!("{start:.6}"), "-i".to_string()]);
                args.push(source.to_string_lossy().to_string());
                if !has_audio {
                    args.extend(
                        ["-f", "lavfi", "-i", "anullsrc=channel_layout=stereo:sample_rate=48000"].map(String::from),
                    );
                }
                // A source that ends early holds its last frame, so every part has its frames.
                filter = format!("{},tpad=stop=-1:stop_mode=clone", fit_filter(plan.frame));
                if plan.burn_captions && !cues.is_empty() {
                    let subtitles = dir.join(format!("captions{index}.srt"));
                    tokio::fs::write(&subtitles, srt(cues)).await.map_err(|e| anyhow::anyhow!("captions: {e}"))?;
                    let size = if height > width { 12 } else { 18 };
                    let _ = write!(
                        filter,
                        ",subtitles=filename={}:force_style='FontName=DejaVu Sans,FontSize={size},Outline=1,MarginV=20'",
                        subtitles.display()
                    );
                }
                audio_input = if *has_audio { "0:a:0" } else { "1:a:0" };
            }
        }
        args.extend(["-map", "0:v:0", "-vf"].map(String::from));
        args.push(filter);
        args.extend(["-frames:v".to_string(), count.to_string()]);
        args.extend(
            [
                "-an",
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
            ]
            .map(String::from),
        );
        args.extend(["-video_track_timescale", "30000", "-f", "mp4"].map(String::from));
        args.push(video.to_string_lossy().to_string());
        // The sound: exactly as long as the picture (padded with silence if short).
        args.extend(["-map".to_string(), audio_input.to_string(), "-vn".to_string(), "-af".to_string()]);
        args.push("apad".into());
        args.extend(["-t".to_string(), seconds.clone()]);
        args.extend(["-ac", "2", "-ar", "48000", "-c:a", "pcm_s16le", "-f", "wav"].map(String::from));
        args.push(audio.to_string_lossy().to_string());
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        ffmpeg::run_tool("ffmpeg", &refs, remaining(), RENDER_FAILED).await?;

        if let Part::Clip { cues, .. } = part {
            let offset = at_frame as f64 / FPS as f64;
            timeline_cues.extend(cues.iter().map(|c| Cue {
                start: c.start + offset,
                end: c.end + offset,
                text: c.text.clone(),
            }));
        }
        at_frame += count;
        // The join is short next to the parts: they are 95 % of the work.
        done(0.95 * at_frame as f64 / total_frames as f64);
        let _ = writeln!(video_list, "file '{}'", video.display());
        let _ = writeln!(audio_list, "file '{}'", audio.display());
    }
    let (video_txt, audio_txt) = (dir.join("video.txt"), dir.join("audio.txt"));
    tokio::fs::write(&video_txt, video_list).await.map_err(|e| anyhow::anyhow!("concat list: {e}"))?;
    tokio::fs::write(&audio_txt, audio_list).await.map_err(|e| anyhow::anyhow!("concat list: {e}"))?;
    let (video_txt, audio_txt, out) =
        (video_txt.to_string_lossy(), audio_txt.to_string_lossy(), output.to_string_lossy());
    ffmpeg::run_tool(
        "ffmpeg",
        &[
            "-hide_banner",
            "-nostdin",
            "-loglevel",
            "error",
            "-y",
            "-f",
            "concat",
            "-safe",
            "0",
            "-i",
            &video_txt,
            "-f",
            "concat",
            "-safe",
            "0",
            "-i",
            &audio_txt,
            "-map",
            "0:v:0",
            "-map",
            "1:a:0",
            "-c:v",
            "copy",
            "-c:a",
            "aac",
            "-b:a",
            "128k",
            "-movflags",
            "+faststart",
            "-f",
            "mp4",
            &out,
        ],
        remaining(),
        RENDER_FAILED,
    )
    .await?;
    done(1.0);
    Ok(Rendered { cues: timeline_cues, seconds: at_frame as f64 / FPS as f64 })
}

/// The ranges of `seconds` of media to keep when every silence of more than
/// `threshold` seconds (`silences`, as ffmpeg's silencedetect reports them) is cut. A cut
/// pause keeps a little of its edges (up to 0.1 s each) so words do not run together.
pub fn keep_ranges(silences: &[(f64, f64)], seconds: f64, threshold: f64) -> Vec<(f64, f64)> {
    let margin = (threshold / 2.0).min(0.1);
    let mut keep = Vec::new();
    let mut from = 0.0;
    for &(start, end) in silences {
        let end = end.min(seconds);
        if end - start <= threshold {
            continue;
        }
        let (cut_from, cut_to) =
            (if start <= 0.0 { 0.0 } else { start + margin }, if end >= seconds { seconds } else { end - margin });
        if cut_from > from {
            keep.push((from, cut_from));
        }
        from = from.max(cut_to);
    }
    if seconds > from {
        keep.push((from, seconds));
    }
    keep.retain(|(a, b)| b - a >= 1.0 / FPS as f64);
    keep
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The share of bright pixels in the middle frame of a rendered video.
    fn bright_share(video: &Path) -> f64 {
        let out = std::process::Command::new("ffmpeg")
            .args(["-hide_banner", "-loglevel", "error", "-ss", "0.5", "-i"])
            .arg(video)
            .args(["-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "gray", "-"])
            .output()
            .expect("ffmpeg runs");
        assert!(out.status.success() && !out.stdout.is_empty(), "a frame: {}", String::from_utf8_lossy(&out.stderr));
        out.stdout.iter().filter(|v| **v > 128).count() as f64 / out.stdout.len() as f64
    }

    /// Issue 20, item 14: drawtext expanded `%` sequences and escapes in the title, so
    /// '100% of our volunteers' rendered a blank card and `\` was dropped.
    #[tokio::test]
    async fn title_cards_show_their_text_whatever_it_holds() {
        for text in [
            "100% of our volunteers",
            "\\",
            "%{pts} %%",
            "\"Quotes\" and 'apostrophes': colons; too",
            "Thank you 🙏 for 10 years",
            "شكرا لكم على القصص",
        ] {
            let dir = std::env::temp_dir().join(format!("storyhive-card-{}", storyhive_shared::model::new_id()));
            std::fs::create_dir_all(&dir).unwrap();
            let plan = Plan {
                parts: vec![Part::Title { text: text.into(), seconds: 1.0 }],
                frame: (320, 240),
                burn_captions: false,
            };
            let output = dir.join("card.mp4");
            render(&dir, &plan, &output, Duration::from_secs(60)).await.unwrap_or_else(|e| panic!("{text:?}: {e:?}"));
            let share = bright_share(&output);
            std::fs::remove_dir_all(&dir).ok();
            // A blank black card has no bright pixel at all; one backslash lights a few dozen.
            assert!(share > 0.0001, "{text:?}: the card is blank ({share})");
        }
    }

    #[test]
    fn words_become_cues_relative_to_their_clip() {
        let words: Vec<(String, f64, f64)> =
            [("I", 1.0, 1.2), ("live", 1.2, 1.5), ("in", 1.5, 1.6), ("London", 1.6, 2.0), ("Yes", 4.0, 4.3)]
                .iter()
                .map(|(t, a, b)| (t.to_string(), *a, *b))
                .collect();
        let cues = cues_for(&words, 1.1, 4.5);
        assert_eq!(cues[0].text, "I live in London");
        assert!((cues[0].start - 0.0).abs() < 1e-9 && (cues[0].end - 0.9).abs() < 1e-9, "{cues:?}");
        assert_eq!(cues[1].text, "Yes", "a pause of two seconds starts a new cue");
        assert!(cues_for(&words, 2.0, 3.9).is_empty());
        assert!(webvtt(&cues).starts_with("WEBVTT\n\n00:00:00.000 --> 00:00:00.900\nI live in London\n"));
        assert!(srt(&cues).contains("2\n00:00:02,900 --> 00:00:03,200\nYes\n"), "{}", srt(&cues));
    }

    #[test]
    fn long_pauses_are_cut_and_short_ones_kept() {
        let silences = [(0.0, 0.5), (2.0, 4.0), (5.0, 5.3), (6.0, 7.0)];
        let keep = keep_ranges(&silences, 7.0, 0.9);
        assert_eq!(keep, vec![(0.0, 2.1), (3.9, 6.1)]);
        assert_eq!(keep_ranges(&silences, 7.0, 3.0), vec![(0.0, 7.0)]);
        assert_eq!(keep_ranges(&[], 7.0, 0.0), vec![(0.0, 7.0)]);
    }

    #[test]
    fn parts_round_to_the_frame_grid_without_drift() {
        let clip = |start: f64, end: f64| Part::Clip { source: "x".into(), start, end, has_audio: true, cues: vec![] };
        for i in 0..100 {
            let (start, end) = (i as f64 * 0.37, i as f64 * 0.37 + 0.51);
            let seconds = part_frames(&clip(start, end)) as f64 / FPS as f64;
            assert!((seconds - 0.51).abs() <= 1.0 / FPS as f64, "{start}: {seconds}");
        }
        // Back-to-back ranges add up to the whole.
        let halves = part_frames(&clip(0.0, 1.234)) + part_frames(&clip(1.234, 2.5));
        assert_eq!(halves, part_frames(&clip(0.0, 2.5)));
        assert_eq!(part_frames(&Part::Title { text: "x".into(), seconds: 3.0 }), 90);
    }
}
