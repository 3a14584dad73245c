//! Recorded answers for the demo: a sentence spoken by espeak-ng over a card with the
//! collaborator's name and question, made by ffmpeg the way a browser or a phone would
//! hand it over (VP8 + Opus WebM from a computer's browser, H.264 + AAC MP4 from a
//! phone), small and quick to encode.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use storyhive_shared::campaigns::records::RecordingMode;
use tokio::process::Command;

use super::world::{Answer, Collaborator, Device};

/// A take ready to upload.
pub struct Take {
    pub bytes: Vec<u8>,
    pub content_type: &'static str,
    /// As ffprobe measures the file.
    pub seconds: f64,
}

/// What to say, and how the picture looks.
pub struct Script<'a> {
    pub collaborator: &'a Collaborator,
    pub question: &'a str,
    pub answer: &'a Answer,
    pub mode: RecordingMode,
}

/// Background colours of the cards, one per collaborator.
const COLOURS: [&str; 6] = ["0x2a6f97", "0x6a4c93", "0x1b7f5b", "0x9c4221", "0x3d405b", "0x8c2f39"];

fn colour_of(name: &str) -> &'static str {
    let sum: usize = name.bytes().map(usize::from).sum();
    COLOURS[sum % COLOURS.len()]
}

async fn run(program: &str, args: &[&str]) -> anyhow::Result<Vec<u8>> {
    let output =
        Command::new(program).args(args).stdin(std::process::Stdio::null()).output().await.with_context(|| {
            match program {
                "espeak-ng" => {
                    "espeak-ng is not installed: infra/scripts/start.sh installs it (apt-get install espeak-ng)"
                }
                _ => "ffmpeg is not installed: infra/scripts/start.sh installs it (apt-get install ffmpeg)",
            }
        })?;
    if !output.status.success() {
        bail!("{program} failed: {}", String::from_utf8_lossy(&output.stderr).trim());
    }
    Ok(output.stdout)
}

fn text(path: &Path) -> anyhow::Result<&str> {
    path.to_str().context("a temporary path that is not UTF-8")
}

/// Makes the take in `dir` (which it may fill with working files).
pub async fn make(dir: &Path, script: &Script<'_>) -> anyhow::Result<Take> {
    tokio::fs::create_dir_all(dir).await?;
    let speech = dir.join("speech.wav");
    let card = dir.join("card.txt");
    // en-US at 145 words a minute with 5 ms between words: what PocketSphinx (the local
    // transcription) hears best of espeak-ng's voices.
    let pitch = script.collaborator.pitch.min(99).to_string();
    run(
        "espeak-ng",
        &["-v", "en-us", "-p", &pitch, "-s", "145", "-g", "5", "-w", text(&speech)?, script.answer.speech],
    )
    .await?;
    tokio::fs::write(&card, format!("{}\n\n{}", script.collaborator.full_name(), script.question)).await?;

    let (width, height, font_size) = match script.mode {
        RecordingMode::Landscape => (640, 360, 26),
        RecordingMode::Portrait => (360, 640, 20),
    };
    let phone = script.answer.device == Device::Mobile;
    let (file, content_type): (PathBuf, &'static str) =
        if phone { (dir.join("take.mp4"), "video/mp4") } else { (dir.join("take.webm"), "video/webm") };
    let background = format!("color=c={}:s={width}x{height}:r=25", colour_of(script.collaborator.email));
    let picture = format!(
        "drawtext=font='DejaVu Sans':textfile={}:expansion=none:fontcolor=white:fontsize={font_size}:line_spacing=6:x=(w-text_w)/2:y=(h-text_h)/2,format=yuv420p",
        text(&card)?
    );
    // A breath before and after the words, as people leave when they record.
    let sound = "adelay=delays=300:all=1,apad=pad_dur=0.5";
    let mut args = vec![
        "-hide_banner",
        "-nostdin",
        "-loglevel",
        "error",
        "-y",
        "-f",
        "lavfi",
        "-i",
        &background,
        "-i",
        text(&speech)?,
        "-vf",
        &picture,
        "-af",
        sound,
        "-shortest",
    ];
    if phone {
        args.extend(["-c:v", "libx264", "-preset", "ultrafast", "-crf", "30", "-c:a", "aac", "-b:a", "96k"]);
        args.extend(["-movflags", "+faststart"]);
    } else {
        args.extend(["-c:v", "libvpx", "-deadline", "realtime", "-cpu-used", "8", "-b:v", "300k"]);
        args.extend(["-c:a", "libopus", "-b:a", "64k"]);
    }
    args.push(text(&file)?);
    run("ffmpeg", &args).await?;
    let probed = run(
        "ffprobe",
        &["-v", "error", "-show_entries", "format=duration", "-of", "default=noprint_wrappers=1:nokey=1", text(&file)?],
    )
    .await?;
    let seconds: f64 = String::from_utf8_lossy(&probed).trim().parse().context("ffprobe gave no duration")?;
    let bytes = tokio::fs::read(&file).await?;
    Ok(Take { bytes, content_type, seconds })
}
