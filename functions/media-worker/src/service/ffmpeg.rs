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
#[derive(Debug, Clone, PartialEq)]
pub struct Probed {
    pub duration_seconds: f64,
    pub width: Option<u32>,
    pub height: Option<u32>,
    pub video_codec: Option<String>,
    pub audio_codec: Option<String>,
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
}

#[derive(Deserialize)]
struct ProbeFormat {
    duration: Option<String>,
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
    Ok(Probed {
        duration_seconds: parsed
            .format
            .and_then(|f| f.duration)
            .and_then(|d| d.parse::<f64>().ok())
            .filter(|d| d.is_finite())
            .unwrap_or(0.0),
        width: video.and_then(|v| v.width),
        height: video.and_then(|v| v.height),
        video_codec: video.and_then(|v| v.codec_name.clone()),
        audio_codec: audio.and_then(|a| a.codec_name.clone()),
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
    args.extend(["-vf", &filter, "-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-profile:v", "high"]);
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
