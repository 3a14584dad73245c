//! ffmpeg and ffprobe as subprocesses: the same Debian binaries locally and in the
//! function's container image (one code path).

use std::{path::Path, process::Stdio, time::Duration};

use serde::Deserialize;
use tokio::process::Command;

/// The take cannot be made playable (damaged, no picture): the answer shows why.
#[derive(Debug, thiserror::Error)]
pub enum MediaError {
    #[error("{reason}")]
    Unplayable { reason: String, detail: String },
    #[error(transparent)]
    Other(#[from] anyhow::Error),
}

pub const UNREADABLE: &str =
    "The video could not be converted for playback: the file is damaged or not a video. Please record it again.";
pub const NO_PICTURE: &str = "The video has no picture to convert for playback. Please record it again.";
pub const NOT_SUPPORTED: &str = "This video's format is not supported. Please upload an MP4, MOV or WebM video \
     (H.264, HEVC, VP8, VP9 or AV1).";

/// The only containers ffprobe and ffmpeg may open for us: ISO media (MP4, MOV, what
/// phones and Safari record) and Matroska (WebM, what Chrome and Firefox record). Every
/// other demuxer of ffmpeg's hundreds stays closed to uploaded files (issue 20, item 7).
pub const CONTAINER_ALLOW_LIST: &str = "mov,matroska";
/// Codecs a take or a test-page upload may hold; anything else is refused before ffmpeg
/// decodes it.
pub const VIDEO_CODECS: [&str; 6] = ["h264", "hevc", "vp8", "vp9", "av1", "mpeg4"];
pub const AUDIO_CODECS: [&str; 8] = ["aac", "opus", "vorbis", "mp3", "alac", "flac", "pcm_s16le", "pcm_s24le"];

/// Whether ffprobe's findings are within the allow-lists.
pub fn allowed(probed: &Probed) -> bool {
    let video = probed.video_codec.as_deref().is_none_or(|c| VIDEO_CODECS.contains(&c));
    let audio = probed.audio_codec.as_deref().is_none_or(|c| AUDIO_CODECS.contains(&c));
    video && audio
}

pub const TOO_SLOW: &str = "Converting the video took too long. Please record a shorter answer.";

/// What ffprobe says of a file.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Probed {
    pub duration_seconds: f64,
    /// The picture's stored size (before any rotation is applied).
    pub width: Option<u32>,
    pub height: Option<u32>,
    pub video_codec: Option<String>,
    pub audio_codec: Option<String>,
    /// ffprobe's names: `ffmpeg -demuxers`' (`mov,mp4,m4a,3gp,3g2,mj2`, `matroska,webm`).
    pub format_name: Option<String>,
    /// The video's profile as ffprobe names it (`High`, `Main`, `Constrained Baseline`).
    pub video_profile: Option<String>,
    pub pix_fmt: Option<String>,
    /// The audio's profile (`LC`, `HE-AAC`).
    pub audio_profile: Option<String>,
    /// Frames a second on average (`avg_frame_rate`).
    pub frame_rate: Option<f64>,
    /// Whether the picture's pixels are square (no `sample_aspect_ratio`, or 1:1).
    pub square_pixels: bool,
    /// Degrees the picture is turned when shown (a display matrix or a `rotate` tag, as
    /// ffprobe reports it, 0 to 359), 0 if none.
    pub rotation: i32,
    /// A display matrix other than a plain rotation by a multiple of 90° (a mirror, a
    /// scale): only a re-encode shows it right.
    pub odd_display_matrix: bool,
}

impl Probed {
    /// The picture's size as it is shown: turned a quarter, its sides swap.
    pub fn shown_size(&self) -> Option<(u32, u32)> {
        let (width, height) = (self.width?, self.height?);
        Some(if self.rotation.rem_euclid(180) == 90 { (height, width) } else { (width, height) })
    }
}

#[derive(Deserialize)]
struct ProbeJson {
    #[serde(default)]
    streams: Vec<ProbeStream>,
    format: Option<ProbeFormat>,
}

#[derive(Deserialize)]
struct ProbeStream {
    codec_type: Option<String>,
    codec_name: Option<String>,
    width: Option<u32>,
    height: Option<u32>,
    profile: Option<String>,
    pix_fmt: Option<String>,
    avg_frame_rate: Option<String>,
    sample_aspect_ratio: Option<String>,
    #[serde(default)]
    tags: std::collections::HashMap<String, String>,
    #[serde(default)]
    side_data_list: Vec<ProbeSideData>,
}

#[derive(Deserialize)]
struct ProbeSideData {
    side_data_type: Option<String>,
    displaymatrix: Option<String>,
    rotation: Option<f64>,
}

#[derive(Deserialize)]
struct ProbeFormat {
    duration: Option<String>,
    format_name: Option<String>,
}

/// `30/1`, `30000/1001` as a number (none for `0/0`).
fn ratio(text: &str) -> Option<f64> {
    let (num, den) = text.split_once('/').unwrap_or((text, "1"));
    let (num, den) = (num.trim().parse::<f64>().ok()?, den.trim().parse::<f64>().ok()?);
    (den != 0.0 && num.is_finite()).then(|| num / den).filter(|r| *r > 0.0 && r.is_finite())
}

/// ffprobe prints a display matrix as three rows of three numbers after an offset
/// (`00000000:  0  65536  0`): the nine numbers, 16.16 fixed point but the last column.
fn matrix_numbers(text: &str) -> Vec<i64> {
    text.lines()
        .filter_map(|line| line.split_once(':').map(|(_, numbers)| numbers))
        .flat_map(|numbers| numbers.split_whitespace().filter_map(|n| n.parse::<i64>().ok()))
        .collect()
}

/// Whether a display matrix is a rotation by 0, 90, 180 or 270 degrees and nothing else.
fn plain_rotation(numbers: &[i64]) -> bool {
    const ONE: i64 = 65536;
    let [a, b, u, c, d, v, x, y, w] = numbers else { return false };
    let turns = [(0, ONE, -ONE, 0), (0, -ONE, ONE, 0), (ONE, 0, 0, ONE), (-ONE, 0, 0, -ONE)];
    let turned = turns.contains(&(*a, *b, *c, *d));
    turned && (*u, *v, *w) == (0, 0, 1 << 30) && (*x, *y) == (0, 0)
}

/// Runs a tool; a non-zero exit is `Unplayable` with the tool's last words.
async fn run(program: &str, args: &[&str], limit: Duration, reason: &str) -> Result<Vec<u8>, MediaError> {
    let mut command = Command::new(program);
    command.args(args).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped()).kill_on_drop(true);
    let child = command.spawn().map_err(|e| anyhow::anyhow!("starting {program} (is it installed?): {e}"))?;
    let output = match tokio::time::timeout(limit, child.wait_with_output()).await {
        Ok(output) => output.map_err(|e| anyhow::anyhow!("running {program}: {e}"))?,
        Err(_) => {
            return Err(MediaError::Unplayable { reason: TOO_SLOW.into(), detail: format!("{program} timed out") })
        }
    };
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        let tail: Vec<&str> = stderr.lines().rev().take(3).collect();
        return Err(MediaError::Unplayable {
            reason: reason.into(),
            detail: format!("{program} {}: {}", output.status, tail.into_iter().rev().collect::<Vec<_>>().join(" | ")),
        });
    }
    Ok(output.stdout)
}

/// Runs ffmpeg or ffprobe with `args`; a non-zero exit is `Unplayable` with `reason`.
pub async fn run_tool(program: &str, args: &[&str], limit: Duration, reason: &str) -> Result<Vec<u8>, MediaError> {
    run(program, args, limit, reason).await
}

/// Runs ffmpeg with `args` in `working_dir` (so that filters may name files there without
/// escaping their paths; `args` must not write to standard output), telling
/// `progress` the share (0 to 1) of `total_seconds` of output made, from ffmpeg's
/// `-progress` reports; bounded by `limit` (then [`TOO_SLOW`]); a non-zero exit is
/// `Unplayable` with `reason` and ffmpeg's last words.
pub async fn run_with_progress(
    args: &[&str],
    limit: Duration,
    reason: &str,
    total_seconds: f64,
    working_dir: &Path,
    progress: &mut (dyn FnMut(f64) + Send),
) -> Result<(), MediaError> {
    use tokio::io::{AsyncBufReadExt, AsyncReadExt, BufReader};
    let mut command = Command::new("ffmpeg");
    command
        .args(["-nostats", "-progress", "pipe:1"])
        .args(args)
        .current_dir(working_dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    let mut child = command.spawn().map_err(|e| anyhow::anyhow!("starting ffmpeg (is it installed?): {e}"))?;
    let stdout = child.stdout.take().ok_or_else(|| anyhow::anyhow!("ffmpeg's output"))?;
    let mut stderr = child.stderr.take().ok_or_else(|| anyhow::anyhow!("ffmpeg's errors"))?;
    let work = async {
        let errors = async {
            let mut text = Vec::new();
            let _ = stderr.read_to_end(&mut text).await;
            text
        };
        let reports = async {
            let mut lines = BufReader::new(stdout).lines();
            while let Ok(Some(line)) = lines.next_line().await {
                let Some(micros) = line.strip_prefix("out_time_us=").and_then(|v| v.trim().parse::<f64>().ok()) else {
                    continue;
                };
                if total_seconds > 0.0 {
                    progress((micros / 1e6 / total_seconds).clamp(0.0, 1.0));
                }
            }
        };
        let (errors, ()) = tokio::join!(errors, reports);
        let status = child.wait().await;
        (status, errors)
    };
    let (status, errors) = match tokio::time::timeout(limit, work).await {
        Ok(done) => done,
        Err(_) => return Err(MediaError::Unplayable { reason: TOO_SLOW.into(), detail: "ffmpeg timed out".into() }),
    };
    let status = status.map_err(|e| anyhow::anyhow!("running ffmpeg: {e}"))?;
    if !status.success() {
        let stderr = String::from_utf8_lossy(&errors);
        let tail: Vec<&str> = stderr.lines().rev().take(3).collect();
        return Err(MediaError::Unplayable {
            reason: reason.into(),
            detail: format!("ffmpeg {status}: {}", tail.into_iter().rev().collect::<Vec<_>>().join(" | ")),
        });
    }
    Ok(())
}

/// The integrated loudness (EBU R128, LUFS) of `start..end` seconds of `input`'s first
/// sound track, as ffmpeg's `ebur128` measures it; none when that range is silent
/// (below the measure's absolute gate).
pub async fn loudness(input: &Path, start: f64, end: f64, limit: Duration) -> Result<Option<f64>, MediaError> {
    let input = input.to_string_lossy();
    let (from, length) = (format!("{:.6}", start.max(0.0)), format!("{:.6}", (end - start).max(0.01)));
    let mut command = Command::new("ffmpeg");
    command
        .args(["-hide_banner", "-nostdin", "-nostats", "-loglevel", "info", "-ss", &from, "-t", &length, "-i", &input])
        .args(["-map", "0:a:0", "-af", "ebur128=framelog=verbose", "-f", "null", "-"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    let child = command.spawn().map_err(|e| anyhow::anyhow!("starting ffmpeg (is it installed?): {e}"))?;
    let output = match tokio::time::timeout(limit, child.wait_with_output()).await {
        Ok(output) => output.map_err(|e| anyhow::anyhow!("running ffmpeg: {e}"))?,
        Err(_) => return Err(MediaError::Unplayable { reason: TOO_SLOW.into(), detail: "ebur128 timed out".into() }),
    };
    let log = String::from_utf8_lossy(&output.stderr);
    if !output.status.success() {
        return Err(MediaError::Unplayable {
            reason: UNREADABLE.into(),
            detail: log.lines().last().unwrap_or("").into(),
        });
    }
    Ok(integrated_loudness(&log))
}

/// The integrated loudness in an `ebur128` summary (`I: -23.0 LUFS`); none below -70
/// (silence).
pub fn integrated_loudness(log: &str) -> Option<f64> {
    let summary = &log[log.rfind("Integrated loudness:")?..];
    let value = summary.lines().find_map(|line| line.trim().strip_prefix("I:"))?;
    let lufs: f64 = value.trim().trim_end_matches("LUFS").trim().parse().ok()?;
    (lufs.is_finite() && lufs > -70.0).then_some(lufs)
}

/// The silences of more than `min_seconds` in `input`'s sound (ffmpeg's silencedetect at
/// -35 dB), as (start, end) seconds; a silence that lasts to the end ends at `until`.
pub async fn silences(
    input: &Path,
    min_seconds: f64,
    until: f64,
    limit: Duration,
) -> Result<Vec<(f64, f64)>, MediaError> {
    let input = input.to_string_lossy();
    let filter = format!("silencedetect=noise=-35dB:d={:.3}", min_seconds.max(0.05));
    let mut command = Command::new("ffmpeg");
    command
        .args(["-hide_banner", "-nostdin", "-loglevel", "info", "-i", &input, "-vn", "-af", &filter, "-f", "null", "-"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    let child = command.spawn().map_err(|e| anyhow::anyhow!("starting ffmpeg (is it installed?): {e}"))?;
    let output = match tokio::time::timeout(limit, child.wait_with_output()).await {
        Ok(output) => output.map_err(|e| anyhow::anyhow!("running ffmpeg: {e}"))?,
        Err(_) => {
            return Err(MediaError::Unplayable { reason: TOO_SLOW.into(), detail: "silencedetect timed out".into() })
        }
    };
    let log = String::from_utf8_lossy(&output.stderr);
    if !output.status.success() {
        return Err(MediaError::Unplayable {
            reason: UNREADABLE.into(),
            detail: log.lines().last().unwrap_or("").into(),
        });
    }
    let number = |line: &str, label: &str| -> Option<f64> {
        let rest = &line[line.find(label)? + label.len()..];
        rest.trim().split(|c: char| c.is_whitespace() || c == '|').next()?.parse().ok()
    };
    let mut found = Vec::new();
    let mut open: Option<f64> = None;
    for line in log.lines() {
        if let Some(start) = number(line, "silence_start:") {
            open = Some(start.max(0.0));
        } else if let Some(end) = number(line, "silence_end:") {
            found.push((open.take().unwrap_or(0.0), end));
        }
    }
    if let Some(start) = open {
        found.push((start, until));
    }
    Ok(found)
}

pub async fn probe(file: &Path) -> Result<Probed, MediaError> {
    let path = file.to_string_lossy();
    let stdout = run(
        "ffprobe",
        &[
            "-v",
            "error",
            "-format_whitelist",
            CONTAINER_ALLOW_LIST,
            "-print_format",
            "json",
            "-show_format",
            "-show_streams",
            &path,
        ],
        Duration::from_secs(60),
        UNREADABLE,
    )
    .await
    .map_err(|error| match error {
        MediaError::Unplayable { detail, .. } if detail.contains("not on whitelist") => {
            MediaError::Unplayable { reason: NOT_SUPPORTED.into(), detail }
        }
        other => other,
    })?;
    let parsed: ProbeJson = serde_json::from_slice(&stdout).map_err(|e| anyhow::anyhow!("ffprobe's JSON: {e}"))?;
    let video = parsed.streams.iter().find(|s| s.codec_type.as_deref() == Some("video"));
    let audio = parsed.streams.iter().find(|s| s.codec_type.as_deref() == Some("audio"));
    let matrix =
        video.and_then(|v| v.side_data_list.iter().find(|d| d.side_data_type.as_deref() == Some("Display Matrix")));
    // Only whether it turns, and by how many quarters, matters here: not which way.
    let rotation = match matrix.and_then(|m| m.rotation) {
        Some(degrees) => degrees.round() as i32,
        None => video.and_then(|v| v.tags.get("rotate")).and_then(|r| r.trim().parse::<i32>().ok()).unwrap_or(0),
    }
    .rem_euclid(360);
    let odd_display_matrix =
        matrix.and_then(|m| m.displaymatrix.as_deref()).is_some_and(|text| !plain_rotation(&matrix_numbers(text)));
    let format = parsed.format.as_ref();
    Ok(Probed {
        duration_seconds: format
            .and_then(|f| f.duration.as_deref())
            .and_then(|d| d.parse::<f64>().ok())
            .filter(|d| d.is_finite())
            .unwrap_or(0.0),
        width: video.and_then(|v| v.width),
        height: video.and_then(|v| v.height),
        video_codec: video.and_then(|v| v.codec_name.clone()),
        audio_codec: audio.and_then(|a| a.codec_name.clone()),
        format_name: format.and_then(|f| f.format_name.clone()),
        video_profile: video.and_then(|v| v.profile.clone()),
        pix_fmt: video.and_then(|v| v.pix_fmt.clone()),
        audio_profile: audio.and_then(|a| a.profile.clone()),
        frame_rate: video.and_then(|v| v.avg_frame_rate.as_deref()).and_then(ratio),
        square_pixels: video
            .and_then(|v| v.sample_aspect_ratio.as_deref())
            .is_none_or(|sar| matches!(sar, "1:1" | "0:1" | "N/A")),
        rotation,
        odd_display_matrix,
    })
    .and_then(|probed| {
        if allowed(&probed) {
            Ok(probed)
        } else {
            Err(MediaError::Unplayable {
                reason: NOT_SUPPORTED.into(),
                detail: format!("codecs {:?} / {:?}", probed.video_codec, probed.audio_codec),
            })
        }
    })
}

/// The largest web copy, landscape (portrait swaps the sides): full HD. A larger take
/// (4K from a phone) is scaled down to it; a remuxed take is at most this.
pub const LARGEST_FRAME: (u32, u32) = (1920, 1080);
/// The largest frame a take is re-encoded to (docs/DECISIONS.md, "A take ready in
/// seconds": 720p, by measurement). A take that is copied keeps its own size up to
/// [`LARGEST_FRAME`].
pub const LARGEST_ENCODED_FRAME: (u32, u32) = (1280, 720);
/// H.264 profiles every browser decodes (8-bit 4:2:0).
const WEB_H264_PROFILES: [&str; 4] = ["Constrained Baseline", "Baseline", "Main", "High"];
/// Frame rates a copied take may have: a camera's (variable rate averages within these).
const SANE_FRAME_RATES: std::ops::RangeInclusive<f64> = 10.0..=61.0;

/// Whether `source` may be copied as it is (streams copied, the index moved to the
/// front) rather than re-encoded: H.264 every browser plays with AAC (or no sound) in
/// MP4/MOV, already in the campaign's orientation, shown as stored (no rotation, no
/// other display matrix, square pixels), at most full HD and at a camera's frame rate.
/// What Safari and iPhones (set to "Most Compatible") record.
pub fn web_playable(source: &Probed, portrait: bool) -> bool {
    let container =
        source.format_name.as_deref().is_some_and(|f| f.split(',').any(|name| name == "mp4" || name == "mov"));
    let video = source.video_codec.as_deref() == Some("h264")
        && source.video_profile.as_deref().is_some_and(|p| WEB_H264_PROFILES.contains(&p))
        && source.pix_fmt.as_deref() == Some("yuv420p");
    let audio = match source.audio_codec.as_deref() {
        None => true,
        Some("aac") => source.audio_profile.as_deref().is_none_or(|p| p == "LC" || p.starts_with("HE-AAC")),
        Some(_) => false,
    };
    let shown_as_stored = source.rotation == 0 && !source.odd_display_matrix && source.square_pixels;
    let size = match (source.width, source.height) {
        (Some(width), Some(height)) => {
            let (long, short) = (width.max(height), width.min(height));
            let oriented = if portrait { height > width } else { width > height };
            oriented && long <= LARGEST_FRAME.0 && short <= LARGEST_FRAME.1
        }
        _ => false,
    };
    let rate = source.frame_rate.is_some_and(|r| SANE_FRAME_RATES.contains(&r));
    container && video && audio && shown_as_stored && size && rate && source.duration_seconds > 0.0
}

/// The frame a re-encoded take gets: the campaign's shape (16:9 or 9:16), just large
/// enough to hold the picture as it is shown at its own size (never enlarged), at most
/// `largest` (landscape; portrait swaps it), in even numbers (H.264's 4:2:0). Without a
/// known size, `largest` itself.
pub fn encoded_frame(shown: Option<(u32, u32)>, portrait: bool, largest: (u32, u32)) -> (u32, u32) {
    let (cap_w, cap_h) = if portrait { (largest.1, largest.0) } else { largest };
    let Some((width, height)) = shown.filter(|(w, h)| *w > 0 && *h > 0) else { return (cap_w, cap_h) };
    let (width, height) = (width as f64, height as f64);
    // The picture scaled down (never up) to fit the largest frame.
    let scale = (cap_w as f64 / width).min(cap_h as f64 / height).min(1.0);
    let (fit_w, fit_h) = (width * scale, height * scale);
    // The smallest frame of the campaign's shape around it.
    let shape = cap_w as f64 / cap_h as f64;
    let (frame_w, frame_h) = if fit_w / fit_h > shape { (fit_w, fit_w / shape) } else { (fit_h * shape, fit_h) };
    let even = |n: f64, cap: u32| ((n / 2.0).round() as u32 * 2).clamp(2, cap);
    (even(frame_w, cap_w), even(frame_h, cap_h))
}

/// The web copy of a [`web_playable`] take: its streams copied, the index moved to the
/// front (`+faststart`). A take without sound gets a silent AAC track (the only thing
/// encoded), as a converted one does.
pub async fn remux(input: &Path, output: &Path, has_audio: bool, limit: Duration) -> Result<(), MediaError> {
    let input = input.to_string_lossy();
    let output = output.to_string_lossy();
    let mut args: Vec<&str> = vec!["-hide_banner", "-nostdin", "-loglevel", "error", "-y", "-i", &input];
    if has_audio {
        args.extend(["-map", "0:v:0", "-map", "0:a:0", "-c", "copy"]);
    } else {
        args.extend(["-f", "lavfi", "-i", "anullsrc=channel_layout=stereo:sample_rate=48000"]);
        args.extend(["-map", "0:v:0", "-map", "1:a:0", "-c:v", "copy", "-c:a", "aac", "-b:a", "128k", "-shortest"]);
    }
    args.extend(["-map_metadata", "-1", "-movflags", "+faststart", "-f", "mp4", &output]);
    run("ffmpeg", &args, limit, UNREADABLE).await.map(|_| ())
}

/// x264's preset and quality for a take's web copy, chosen by measurement
/// (docs/BENCHMARKS.md, "Encoder settings"): the copy is what keeps a collaborator's
/// answer from "ready", so it trades some size for speed. `ultrafast` analyses least;
/// [`WEB_COPY_X264_PARAMS`] puts back the two tools it drops whose loss shows (the
/// deblocking filter, without which flat areas break into blocks, and CABAC), which cost
/// little time.
pub const WEB_COPY_PRESET: &str = "ultrafast";
pub const WEB_COPY_CRF: &str = "26";
pub const WEB_COPY_X264_PARAMS: &str = "cabac=1:deblock=0,0";

/// x264's preset for rendered stories and generated videos: made once and played often,
/// so size counts more than the seconds of their render.
pub const RENDER_PRESET: &str = "veryfast";

/// The web-playable copy: H.264 (yuv420p, the profile every browser plays) and AAC,
/// scaled to fit `width`x`height` and padded to exactly that (the campaign's
/// orientation), the index first (`+faststart`) so playback starts before the download
/// ends. A take without sound gets a silent track, so every copy has audio to edit.
pub async fn transcode(
    input: &Path,
    output: &Path,
    (width, height): (u32, u32),
    has_audio: bool,
    limit: Duration,
) -> Result<(), MediaError> {
    let filter = format!(
        "scale={width}:{height}:force_original_aspect_ratio=decrease,pad={width}:{height}:(ow-iw)/2:(oh-ih)/2:black,setsar=1,format=yuv420p"
    );
    let input = input.to_string_lossy();
    let output = output.to_string_lossy();
    let mut args: Vec<&str> = vec!["-hide_banner", "-nostdin", "-loglevel", "error", "-y", "-i", &input];
    if !has_audio {
        args.extend(["-f", "lavfi", "-i", "anullsrc=channel_layout=stereo:sample_rate=48000"]);
    }
    args.extend(["-map", "0:v:0"]);
    args.extend(if has_audio { ["-map", "0:a:0"] } else { ["-map", "1:a:0"] });
    args.extend([
        "-vf",
        &filter,
        "-c:v",
        "libx264",
        "-preset",
        WEB_COPY_PRESET,
        "-crf",
        WEB_COPY_CRF,
        "-x264-params",
        WEB_COPY_X264_PARAMS,
        "-profile:v",
        "high",
    ]);
    args.extend(["-r", "30", "-c:a", "aac", "-b:a", "128k", "-ac", "2", "-ar", "48000"]);
    if !has_audio {
        args.push("-shortest");
    }
    args.extend(["-movflags", "+faststart", "-f", "mp4", &output]);
    run("ffmpeg", &args, limit, UNREADABLE).await.map(|_| ())
}

/// A JPEG of the frame at `at_seconds` (`-ss` before `-i` seeks to it).
pub async fn poster(mp4: &Path, output: &Path, at_seconds: f64) -> Result<(), MediaError> {
    let at = format!("{at_seconds:.3}");
    let input = mp4.to_string_lossy();
    let output = output.to_string_lossy();
    run(
        "ffmpeg",
        &[
            "-hide_banner",
            "-nostdin",
            "-loglevel",
            "error",
            "-y",
            "-ss",
            &at,
            "-i",
            &input,
            "-frames:v",
            "1",
            "-q:v",
            "3",
            "-f",
            "image2",
            &output,
        ],
        Duration::from_secs(60),
        UNREADABLE,
    )
    .await
    .map(|_| ())
}

/// The sound as speech recognisers want it: 16 kHz mono signed 16-bit PCM in a WAV.
pub async fn speech_audio(input: &Path, output: &Path, limit: Duration) -> Result<(), MediaError> {
    let input = input.to_string_lossy();
    let output = output.to_string_lossy();
    run(
        "ffmpeg",
        &[
            "-hide_banner",
            "-nostdin",
            "-loglevel",
            "error",
            "-y",
            "-i",
            &input,
            "-vn",
            "-ac",
            "1",
            "-ar",
            "16000",
            "-c:a",
            "pcm_s16le",
            "-f",
            "wav",
            &output,
        ],
        limit,
        UNREADABLE,
    )
    .await
    .map(|_| ())
}

#[cfg(test)]
mod allow_list_tests {
    use super::*;

    fn make(name: &str, args: &[&str]) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("storyhive-allow-{}", storyhive_shared::model::new_id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join(name);
        let status = std::process::Command::new("ffmpeg")
            .args(["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=160x120:rate=15"])
            .args(["-f", "lavfi", "-i", "sine", "-t", "1"])
            .args(args)
            .arg(&file)
            .status()
            .expect("ffmpeg runs");
        assert!(status.success());
        file
    }

    fn reason(result: Result<Probed, MediaError>) -> String {
        match result {
            Err(MediaError::Unplayable { reason, .. }) => reason,
            other => panic!("refused expected: {other:?}"),
        }
    }

    /// Issue 20, item 7: nothing outside the allow-lists reaches ffmpeg's decoders.
    #[tokio::test]
    async fn only_allowed_containers_and_codecs_are_probed() {
        let mov = make("h264.mov", &["-c:v", "libx264", "-c:a", "aac", "-f", "mov"]);
        let webm = make("vp8.webm", &["-c:v", "libvpx", "-c:a", "libopus"]);
        assert_eq!(probe(&mov).await.unwrap().video_codec.as_deref(), Some("h264"));
        assert_eq!(probe(&webm).await.unwrap().audio_codec.as_deref(), Some("opus"));
        // Another container, and an allowed container holding a codec outside the list.
        let avi = make("x.avi", &["-c:v", "mpeg4", "-c:a", "mp3"]);
        assert_eq!(reason(probe(&avi).await), NOT_SUPPORTED);
        let mjpeg = make("mjpeg.mov", &["-c:v", "mjpeg", "-c:a", "aac", "-f", "mov"]);
        assert_eq!(reason(probe(&mjpeg).await), NOT_SUPPORTED);
        for file in [mov, webm, avi, mjpeg] {
            std::fs::remove_dir_all(file.parent().unwrap()).ok();
        }
    }
}

#[cfg(test)]
mod web_copy_tests {
    use super::*;

    /// What ffprobe says of a 1080p take from Safari.
    fn safari() -> Probed {
        Probed {
            duration_seconds: 60.0,
            width: Some(1920),
            height: Some(1080),
            video_codec: Some("h264".into()),
            audio_codec: Some("aac".into()),
            format_name: Some("mov,mp4,m4a,3gp,3g2,mj2".into()),
            video_profile: Some("High".into()),
            pix_fmt: Some("yuv420p".into()),
            audio_profile: Some("LC".into()),
            frame_rate: Some(30.0),
            square_pixels: true,
            rotation: 0,
            odd_display_matrix: false,
        }
    }

    #[test]
    fn only_browser_playable_takes_in_the_campaigns_orientation_are_copied() {
        assert!(web_playable(&safari(), false));
        assert!(web_playable(&Probed { audio_codec: None, audio_profile: None, ..safari() }, false), "silent");
        assert!(!web_playable(&safari(), true), "landscape for a portrait campaign");
        let upright = Probed { width: Some(1080), height: Some(1920), ..safari() };
        assert!(web_playable(&upright, true) && !web_playable(&upright, false));
        let refused = [
            Probed { format_name: Some("matroska,webm".into()), ..safari() },
            Probed { video_codec: Some("hevc".into()), ..safari() },
            Probed { video_profile: Some("High 4:4:4 Predictive".into()), ..safari() },
            Probed { video_profile: Some("High 10".into()), ..safari() },
            Probed { pix_fmt: Some("yuv444p".into()), ..safari() },
            Probed { pix_fmt: Some("yuv420p10le".into()), ..safari() },
            Probed { audio_codec: Some("opus".into()), ..safari() },
            Probed { rotation: 90, ..safari() },
            Probed { rotation: 180, ..safari() },
            Probed { odd_display_matrix: true, ..safari() },
            Probed { square_pixels: false, ..safari() },
            Probed { width: Some(3840), height: Some(2160), ..safari() },
            Probed { width: Some(1080), height: Some(1080), ..safari() },
            Probed { frame_rate: Some(120.0), ..safari() },
            Probed { frame_rate: None, ..safari() },
            Probed { duration_seconds: 0.0, ..safari() },
        ];
        for probed in refused {
            assert!(!web_playable(&probed, false), "{probed:?}");
        }
    }

    #[test]
    fn a_converted_take_keeps_its_size_in_the_campaigns_shape_up_to_the_largest_frame() {
        let hd = LARGEST_FRAME;
        // Never enlarged; a 16:9 picture fills its frame, another shape is padded.
        assert_eq!(encoded_frame(Some((1280, 720)), false, hd), (1280, 720));
        assert_eq!(encoded_frame(Some((640, 480)), false, hd), (854, 480));
        assert_eq!(encoded_frame(Some((240, 320)), false, hd), (568, 320));
        assert_eq!(encoded_frame(Some((640, 360)), true, hd), (640, 1138));
        // 4K comes down to full HD (or to 720p when that is the largest).
        assert_eq!(encoded_frame(Some((3840, 2160)), false, hd), (1920, 1080));
        assert_eq!(encoded_frame(Some((2160, 3840)), true, hd), (1080, 1920));
        assert_eq!(encoded_frame(Some((3840, 2160)), false, (1280, 720)), (1280, 720));
        assert_eq!(encoded_frame(Some((3840, 2160)), true, (1280, 720)), (720, 1280));
        assert_eq!(encoded_frame(None, true, (1280, 720)), (720, 1280));
        assert_eq!(encoded_frame(Some((1, 1)), false, hd), (2, 2));
    }

    #[test]
    fn display_matrices_are_read_as_ffprobe_prints_them() {
        let quarter = "\n00000000:            0      -65536           0\n00000001:        65536           0           0\n00000002:            0           0  1073741824\n";
        let identity = "\n00000000:        65536           0           0\n00000001:            0       65536           0\n00000002:            0           0  1073741824\n";
        let mirrored = "\n00000000:       -65536           0           0\n00000001:            0       65536           0\n00000002:            0           0  1073741824\n";
        assert!(plain_rotation(&matrix_numbers(quarter)));
        assert!(plain_rotation(&matrix_numbers(identity)));
        assert!(!plain_rotation(&matrix_numbers(mirrored)));
        assert!(!plain_rotation(&matrix_numbers("garbage")));
        assert_eq!(ratio("30000/1001").map(|r| (r * 100.0).round()), Some(2997.0));
        assert_eq!(ratio("0/0"), None);
        let turned = Probed { width: Some(1920), height: Some(1080), rotation: 270, ..Default::default() };
        assert_eq!(turned.shown_size(), Some((1080, 1920)));
    }
}
