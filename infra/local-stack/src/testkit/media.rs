//! Real media for tests, made by ffmpeg (and espeak-ng for speech), and probes to check
//! what the workers made. `infra/scripts/test.sh` installs both tools.

use std::{
    path::{Path, PathBuf},
    process::Command,
};

use serde_json::Value;

use super::TestStack;

/// The file a [`Video`] is written as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Container {
    /// MPEG-4 Part 2 and AAC in an MP4.
    Mp4,
    /// The same, fragmented as MediaRecorder writes it.
    FragmentedMp4,
    /// QuickTime as phones save it: H.264 and AAC.
    MovH264,
    /// QuickTime with HEVC tagged `hvc1`, as an iPhone writes it.
    MovHevc,
    /// VP8 and Opus, as Chrome and Firefox record.
    Webm,
}

impl Container {
    /// `"mp4"` or `"webm"`: the extension a take is stored with.
    pub fn of_extension(extension: &str) -> Self {
        match extension {
            "webm" => Self::Webm,
            "mp4" => Self::Mp4,
            other => panic!("no test container for .{other}"),
        }
    }

    fn extension(self) -> &'static str {
        match self {
            Self::Webm => "webm",
            Self::MovH264 | Self::MovHevc => "mov",
            Self::Mp4 | Self::FragmentedMp4 => "mp4",
        }
    }

    fn codecs(self) -> &'static [&'static str] {
        match self {
            Self::Webm => &["-c:v", "libvpx", "-b:v", "300k", "-c:a", "libopus"],
            Self::Mp4 => &["-c:v", "mpeg4", "-c:a", "aac"],
            Self::FragmentedMp4 => {
                &["-c:v", "mpeg4", "-c:a", "aac", "-movflags", "frag_keyframe+empty_moov+default_base_moof"]
            }
            Self::MovH264 => &["-c:v", "libx264", "-c:a", "aac", "-f", "mov"],
            Self::MovHevc => {
                &["-c:v", "libx265", "-tag:v", "hvc1", "-x265-params", "log-level=error", "-c:a", "aac", "-f", "mov"]
            }
        }
    }
}

/// What a [`Video`] sounds like.
#[derive(Clone, Debug, PartialEq)]
pub enum Sound {
    /// A 440 Hz tone throughout.
    Tone,
    /// No audio stream at all.
    None,
    /// The sentence spoken by espeak-ng, then silence.
    Speech(String),
    /// A tone at 0-1 s, 3-4 s, 6-7 s..., silent in between: pauses of 2 s at known times.
    TonesAndPauses,
}

/// A real video made by ffmpeg: ffmpeg's test picture, 320x240 at 15 frames a second
/// with a tone unless told otherwise.
#[derive(Clone, Debug)]
pub struct Video {
    container: Container,
    seconds: f64,
    size: (u32, u32),
    rate: u32,
    sound: Sound,
    padding_bytes: usize,
}

/// A video of `seconds` in `container`; set more with the builder methods, then [`Video::make`].
pub fn video(container: Container, seconds: impl Into<f64>) -> Video {
    Video { container, seconds: seconds.into(), size: (320, 240), rate: 15, sound: Sound::Tone, padding_bytes: 0 }
}

impl Video {
    pub fn size(mut self, width: u32, height: u32) -> Self {
        self.size = (width, height);
        self
    }

    pub fn rate(mut self, frames_per_second: u32) -> Self {
        self.rate = frames_per_second;
        self
    }

    pub fn sound(mut self, sound: Sound) -> Self {
        self.sound = sound;
        self
    }

    pub fn speech(self, sentence: &str) -> Self {
        self.sound(Sound::Speech(sentence.into()))
    }

    /// Appends a `free` box of `bytes` (plus its 8-byte header): still a valid MP4, as
    /// large as a test needs.
    pub fn padded(mut self, bytes: usize) -> Self {
        self.padding_bytes = bytes;
        self
    }

    /// Runs ffmpeg; returns the file's bytes.
    pub fn make(&self) -> Vec<u8> {
        let dir = std::env::temp_dir().join(format!("storyhive-video-{}", storyhive_shared::model::new_id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (width, height) = self.size;
        let seconds = self.seconds;
        let mut command = Command::new("ffmpeg");
        command.args(["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i"]);
        command.arg(format!("testsrc=duration={seconds}:size={width}x{height}:rate={}", self.rate));
        match &self.sound {
            Sound::Tone => {
                command.args(["-f", "lavfi", "-i"]).arg(format!("sine=frequency=440:duration={seconds}"));
            }
            Sound::None => {}
            Sound::TonesAndPauses => {
                command
                    .args(["-f", "lavfi", "-i"])
                    .arg(format!("aevalsrc=if(lt(mod(t\\,3)\\,1)\\,0.5*sin(2*PI*440*t)\\,0):s=48000:d={seconds}"));
            }
            Sound::Speech(sentence) => {
                let wav = dir.join("speech.wav");
                // A word gap of 5 ms and 140 words a minute: espeak-ng's clearest for PocketSphinx.
                let status = Command::new("espeak-ng")
                    .args(["-v", "en-us", "-s", "140", "-g", "5", "-w"])
                    .arg(&wav)
                    .arg(sentence)
                    .status()
                    .expect("espeak-ng is installed (infra/scripts/test.sh installs it)");
                assert!(status.success(), "espeak-ng failed");
                command.arg("-i").arg(&wav).args(["-af", "apad"]);
            }
        }
        // An audio codec with no audio stream (Sound::None) is unused, not an error.
        command.args(self.container.codecs());
        let file = dir.join(format!("video.{}", self.container.extension()));
        let status = command
            .args(["-t", &seconds.to_string()])
            .arg(&file)
            .status()
            .expect("ffmpeg is installed (infra/scripts/test.sh installs it)");
        assert!(status.success(), "ffmpeg failed");
        let mut bytes = std::fs::read(&file).unwrap();
        std::fs::remove_dir_all(&dir).ok();
        if self.padding_bytes > 0 {
            let size = (self.padding_bytes + 8) as u32;
            bytes.extend_from_slice(&size.to_be_bytes());
            bytes.extend_from_slice(b"free");
            bytes.extend(std::iter::repeat_n(0u8, self.padding_bytes));
        }
        bytes
    }
}

/// One stream as ffprobe sees it.
pub type Stream = (String, String, u64, u64);

/// ffprobe's view of a file: (codec_type, codec_name, width, height) per stream, and the duration.
pub fn ffprobe(file: &Path) -> (Vec<Stream>, f64) {
    let output = Command::new("ffprobe")
        .args(["-v", "error", "-print_format", "json", "-show_streams", "-show_format"])
        .arg(file)
        .output()
        .expect("ffprobe is installed (with ffmpeg)");
    assert!(output.status.success(), "ffprobe: {}", String::from_utf8_lossy(&output.stderr));
    let probed: Value = serde_json::from_slice(&output.stdout).unwrap();
    let streams = probed["streams"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["codec_type"].as_str().unwrap_or_default().to_string(),
                s["codec_name"].as_str().unwrap_or_default().to_string(),
                s["width"].as_u64().unwrap_or(0),
                s["height"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    let duration = probed["format"]["duration"].as_str().and_then(|d| d.parse().ok()).unwrap_or(0.0);
    (streams, duration)
}

/// The top-level boxes of an MP4, in order.
pub fn top_level_boxes(bytes: &[u8]) -> Vec<String> {
    let mut names = Vec::new();
    let mut at = 0usize;
    while at + 8 <= bytes.len() {
        let size = u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap()) as usize;
        names.push(String::from_utf8_lossy(&bytes[at + 4..at + 8]).to_string());
        let size = if size == 1 {
            u64::from_be_bytes(bytes[at + 8..at + 16].try_into().unwrap()) as usize
        } else if size == 0 {
            bytes.len() - at
        } else {
            size
        };
        at += size.max(8);
    }
    names
}

/// A small, well-formed PDF (one empty page).
pub fn pdf(title: &str) -> Vec<u8> {
    let body = format!(
        "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\n4 0 obj << /Title ({title}) >> endobj\n"
    );
    let xref_at = body.len();
    format!("{body}xref\n0 5\n0000000000 65535 f \ntrailer << /Size 5 /Root 1 0 R /Info 4 0 R >>\nstartxref\n{xref_at}\n%%EOF\n")
        .into_bytes()
}

/// The Python with Whisper that the media worker transcribes with locally: the project's
/// .venv-whisper (the test script makes it: lib.sh ensure_whisper) unless
/// `STORYHIVE_ASR_PYTHON` names another.
pub fn asr_python() -> PathBuf {
    std::env::var_os("STORYHIVE_ASR_PYTHON")
        .map(Into::into)
        .unwrap_or_else(|| super::workspace_root().join(".venv-whisper/bin/python"))
}

/// Whether an object is in the video bucket.
pub async fn exists(stack: &TestStack, key: &str) -> bool {
    let head =
        stack.clients.s3.head_object().bucket(stack.context.config.video_bucket().unwrap()).key(key).send().await;
    match head {
        Ok(_) => true,
        Err(error) if error.as_service_error().is_some_and(|e| e.is_not_found()) => false,
        Err(error) => panic!("{key}: {error:?}"),
    }
}

/// Downloads an object of the video bucket into a temporary file.
pub async fn download(stack: &TestStack, key: &str) -> (PathBuf, Vec<u8>) {
    let object = stack
        .clients
        .s3
        .get_object()
        .bucket(stack.context.config.video_bucket().unwrap())
        .key(key)
        .send()
        .await
        .unwrap_or_else(|e| panic!("{key}: {e:?}"));
    let bytes = object.body.collect().await.unwrap().into_bytes().to_vec();
    let path = std::env::temp_dir().join(format!("storyhive-out-{}", storyhive_shared::model::new_id()));
    std::fs::write(&path, &bytes).unwrap();
    (path, bytes)
}
