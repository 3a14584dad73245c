//! Speech to words with timings, behind one trait with two engines:
//! - [`Whisper`]: offline, runs here (faster-whisper with Whisper tiny.en or base, through
//!   `whisper/transcribe.py`, kept running between takes); answers at once.
//! - [`AmazonTranscribe`]: in AWS. The worker puts the take's speech (the 16 kHz WAV it
//!   made from the original, while the web copy is still being made) beside the take's
//!   derived files and starts a job on it; Transcribe writes its JSON result into the bucket and EventBridge
//!   puts the job's "Transcribe Job State Change" on the media queue, where the worker
//!   reads the result.

use std::{
    path::{Path, PathBuf},
    process::Stdio,
    sync::{Arc, Mutex},
    time::Duration,
};

use anyhow::Context;
use async_trait::async_trait;
use serde::Deserialize;
use storyhive_shared::{aws::LazyClient, campaigns::records::Language, media::TranscriptWord};
use tokio::{
    io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader},
    process::{Child, ChildStdin, ChildStdout, Command},
    task::JoinHandle,
};

/// What a take's transcription came to.
#[derive(Debug, Clone, PartialEq)]
pub enum Heard {
    Words {
        words: Vec<TranscriptWord>,
        /// The language the words are in (ISO 639-1, e.g. `en`).
        language: String,
    },
    /// A job runs; its completion event arrives on the media queue later.
    Started { job_name: String },
    /// The engine could not transcribe it; the reason is shown to staff.
    Failed(String),
}

/// One take to transcribe.
#[derive(Debug, Clone)]
pub struct Request {
    /// 16 kHz mono PCM WAV of the take's sound, made from the original.
    pub speech_wav: PathBuf,
    pub bucket: String,
    /// Where a cloud engine puts [`Request::speech_wav`] in the bucket to read it there.
    pub speech_key: String,
    /// Where a cloud engine writes its result.
    pub output_key: String,
    /// A name unique to the take (the same take always gets the same name).
    pub job_name: String,
    /// The campaign's language: the words are heard in it.
    pub language: Language,
}

#[async_trait]
pub trait Transcriber: Send + Sync + std::fmt::Debug {
    /// Stored with the transcript.
    fn engine(&self) -> &'static str;
    async fn transcribe(&self, request: &Request) -> anyhow::Result<Heard>;
    /// The result of a job [`Transcriber::transcribe`] started (a completion event).
    async fn result(&self, job_name: &str, bucket: &str, output_key: &str) -> anyhow::Result<Heard>;
}

pub const NOTHING_HEARD: &str = "No speech was recognised in this video.";

/// Whisper, offline, through faster-whisper in its own virtualenv: `python` is that
/// virtualenv's interpreter (`.venv-whisper`, made by `infra/scripts/lib.sh` ensure_whisper
/// with the weights pinned by hash). tiny.en for English, base for every other language.
///
/// The script runs as a process that stays up between takes (`transcribe.py --serve`, one
/// JSON line per take each way), so a take after the first skips starting Python, importing
/// faster-whisper and loading the models: about 1.5 s a take here, more in Lambda, where the
/// image's files are read lazily. Clones share the processes.
#[derive(Debug, Clone)]
pub struct Whisper {
    pub python: PathBuf,
    pub time_limit: Duration,
    idle: Arc<IdleProcesses>,
}

/// Processes kept for the next takes: as many as took turns at once, up to this many.
const MAX_IDLE_PROCESSES: usize = 2;
/// Takes a process hears before it is replaced (what a long-lived Python gathers stays bounded).
const TAKES_PER_PROCESS: u32 = 500;
/// The end of a process's stderr kept for the reason of a failure.
const STDERR_TAIL_BYTES: usize = 4096;

const SCRIPT: &str = include_str!("../../whisper/transcribe.py");

impl Whisper {
    pub fn new(python: impl Into<PathBuf>, time_limit: Duration) -> Self {
        Self { python: python.into(), time_limit, idle: Arc::default() }
    }

    /// The process ids of the processes waiting for a take (tests follow a process's life).
    pub fn idle_process_ids(&self) -> Vec<u32> {
        self.idle.0.lock().map(|idle| idle.iter().filter_map(|p| p.child.id()).collect()).unwrap_or_default()
    }

    async fn hear(&self, process: &mut Running, request: &Request) -> anyhow::Result<WhisperAnswer> {
        let mut line = serde_json::to_string(&serde_json::json!({
            "wav": request.speech_wav,
            "language": request.language.code(),
        }))?;
        line.push('\n');
        let asked = async {
            process.stdin.write_all(line.as_bytes()).await?;
            process.stdin.flush().await?;
            let mut answer = String::new();
            let read = process.stdout.read_line(&mut answer).await?;
            Ok::<_, std::io::Error>((read, answer))
        };
        let outcome = tokio::time::timeout(self.time_limit, asked).await;
        let answer = match outcome {
            Err(elapsed) => return Err(anyhow::Error::new(elapsed).context("Whisper took too long")),
            Ok(Ok((read, answer))) if read > 0 => answer,
            // The process ended (or its pipes broke) before answering.
            Ok(_) => return Err(process.failure().await),
        };
        serde_json::from_str(&answer).context("Whisper's words")
    }
}

#[derive(Default)]
struct IdleProcesses(Mutex<Vec<Running>>);

impl std::fmt::Debug for IdleProcesses {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("IdleProcesses").field("idle", &self.0.lock().map_or(0, |idle| idle.len())).finish()
    }
}

impl IdleProcesses {
    fn take(&self) -> Option<Running> {
        let mut idle = self.0.lock().ok()?;
        // One that died while idle is dropped here, not handed out.
        while let Some(mut process) = idle.pop() {
            if matches!(process.child.try_wait(), Ok(None)) {
                return Some(process);
            }
        }
        None
    }

    fn give_back(&self, process: Running) {
        if process.takes >= TAKES_PER_PROCESS {
            return;
        }
        if let Ok(mut idle) = self.0.lock() {
            if idle.len() < MAX_IDLE_PROCESSES {
                idle.push(process);
            }
        }
    }
}

/// One `transcribe.py --serve` process. Dropped, it is killed (a take cut short by its time
/// limit, or by the conversion failing beside it, never leaves it half-way).
struct Running {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    stderr_tail: Arc<Mutex<Vec<u8>>>,
    stderr_reader: JoinHandle<()>,
    takes: u32,
}

impl Running {
    fn start(python: &Path) -> anyhow::Result<Self> {
        let mut child = Command::new(python)
            .arg("-c")
            .arg(SCRIPT)
            .arg("--serve")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .with_context(|| format!("starting {} for Whisper", python.display()))?;
        let (Some(stdin), Some(stdout), Some(mut stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            anyhow::bail!("Whisper's pipes were not opened");
        };
        // Read all along (a full pipe would stop the process); only the end is kept.
        let stderr_tail = Arc::new(Mutex::new(Vec::new()));
        let tail = stderr_tail.clone();
        let stderr_reader = tokio::spawn(async move {
            let mut block = [0u8; 1024];
            while let Ok(read) = stderr.read(&mut block).await {
                if read == 0 {
                    break;
                }
                if let Ok(mut tail) = tail.lock() {
                    tail.extend_from_slice(&block[..read]);
                    let excess = tail.len().saturating_sub(STDERR_TAIL_BYTES);
                    tail.drain(..excess);
                }
            }
        });
        Ok(Self { child, stdin, stdout: BufReader::new(stdout), stderr_tail, stderr_reader, takes: 0 })
    }

    /// Why the process stopped answering: its exit status and the end of what it wrote.
    async fn failure(&mut self) -> anyhow::Error {
        let status = match tokio::time::timeout(Duration::from_secs(2), self.child.wait()).await {
            Ok(Ok(status)) => status.to_string(),
            _ => "still running, not answering".to_string(),
        };
        // What it wrote last, once its stderr is read to the end.
        let _ = tokio::time::timeout(Duration::from_secs(1), &mut self.stderr_reader).await;
        let tail =
            self.stderr_tail.lock().map(|tail| String::from_utf8_lossy(&tail).trim().to_string()).unwrap_or_default();
        anyhow::anyhow!("Whisper failed ({status}): {tail}")
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.stderr_reader.abort();
    }
}

#[derive(Deserialize)]
#[serde(untagged)]
enum WhisperAnswer {
    Heard(WhisperOutput),
    Failed { error: String },
}

#[derive(Deserialize)]
struct WhisperOutput {
    language: Option<String>,
    words: Vec<WhisperWord>,
}

#[derive(Deserialize)]
struct WhisperWord {
    text: String,
    start: f64,
    end: f64,
}

#[async_trait]
impl Transcriber for Whisper {
    fn engine(&self) -> &'static str {
        "whisper"
    }

    async fn transcribe(&self, request: &Request) -> anyhow::Result<Heard> {
        let mut process = match self.idle.take() {
            Some(process) => process,
            None => Running::start(&self.python)?,
        };
        // Dropped on an error (or when this future is): the process goes with it.
        let answer = self.hear(&mut process, request).await?;
        process.takes += 1;
        self.idle.give_back(process);
        let heard = match answer {
            WhisperAnswer::Heard(heard) => heard,
            WhisperAnswer::Failed { error } => anyhow::bail!("Whisper failed: {error}"),
        };
        if heard.words.is_empty() {
            return Ok(Heard::Failed(NOTHING_HEARD.into()));
        }
        Ok(Heard::Words {
            words: heard
                .words
                .into_iter()
                .map(|w| TranscriptWord { text: w.text, start: w.start, end: w.end, edited: false })
                .collect(),
            language: heard.language.unwrap_or_else(|| request.language.code().to_string()),
        })
    }

    async fn result(&self, job_name: &str, _bucket: &str, _output_key: &str) -> anyhow::Result<Heard> {
        anyhow::bail!("Whisper answers at once; there is no job {job_name} to read")
    }
}

/// Where the media worker's container image has Whisper (functions/media-worker/Dockerfile).
pub const IMAGE_WHISPER_PYTHON: &str = "/opt/whisper/bin/python";

/// The engine the function's configuration names (`TRANSCRIPTION_ENGINE`, the template's
/// `TranscriptionEngine`): Whisper inside the function, or Amazon Transcribe (the default).
pub fn in_aws(
    engine: Option<&str>,
    shared: &aws_config::SdkConfig,
    s3: &aws_sdk_s3::Client,
    time_limit: Duration,
) -> anyhow::Result<std::sync::Arc<dyn Transcriber>> {
    Ok(match engine.unwrap_or("AmazonTranscribe") {
        "Whisper" => std::sync::Arc::new(Whisper::new(IMAGE_WHISPER_PYTHON, time_limit)),
        "AmazonTranscribe" => {
            // Built on its first take: a render's message never calls it, and init stays short.
            let shared = shared.clone();
            std::sync::Arc::new(AmazonTranscribe {
                client: LazyClient::new(move || aws_sdk_transcribe::Client::new(&shared)),
                s3: s3.clone(),
            })
        }
        other => anyhow::bail!("TRANSCRIPTION_ENGINE is {other:?}: AmazonTranscribe or Whisper"),
    })
}

/// Amazon Transcribe (batch jobs).
#[derive(Debug, Clone)]
pub struct AmazonTranscribe {
    pub client: LazyClient<aws_sdk_transcribe::Client>,
    pub s3: aws_sdk_s3::Client,
}

#[async_trait]
impl Transcriber for AmazonTranscribe {
    fn engine(&self) -> &'static str {
        "amazon-transcribe"
    }

    async fn transcribe(&self, request: &Request) -> anyhow::Result<Heard> {
        use aws_sdk_transcribe::types::{LanguageCode, Media, MediaFormat};
        // Transcribe reads its media from S3 (with the worker's rights): the speech goes
        // there first, as the web copy may not be there yet.
        let body = aws_sdk_s3::primitives::ByteStream::from_path(&request.speech_wav)
            .await
            .context("reading the take's speech")?;
        self.s3
            .put_object()
            .bucket(&request.bucket)
            .key(&request.speech_key)
            .content_type("audio/wav")
            .body(body)
            .send()
            .await
            .with_context(|| format!("PutObject {}", request.speech_key))?;
        let started = self
            .client
            .start_transcription_job()
            .transcription_job_name(&request.job_name)
            .media(Media::builder().media_file_uri(format!("s3://{}/{}", request.bucket, request.speech_key)).build())
            .media_format(MediaFormat::Wav)
            .media_sample_rate_hertz(16_000)
            // Collaborators answer in the campaign's language.
            .language_code(LanguageCode::from(request.language.transcribe_code()))
            .output_bucket_name(&request.bucket)
            .output_key(&request.output_key)
            .send()
            .await;
        match started {
            Ok(_) => Ok(Heard::Started { job_name: request.job_name.clone() }),
            // A redelivered message: the job of this take already exists.
            Err(error) if error.as_service_error().is_some_and(|e| e.is_conflict_exception()) => {
                Ok(Heard::Started { job_name: request.job_name.clone() })
            }
            Err(error) => Err(anyhow::Error::new(error).context("StartTranscriptionJob")),
        }
    }

    async fn result(&self, job_name: &str, bucket: &str, output_key: &str) -> anyhow::Result<Heard> {
        use aws_sdk_transcribe::types::TranscriptionJobStatus;
        let job = self
            .client
            .get_transcription_job()
            .transcription_job_name(job_name)
            .send()
            .await
            .context("GetTranscriptionJob")?
            .transcription_job
            .context("GetTranscriptionJob without a job")?;
        match job.transcription_job_status {
            Some(TranscriptionJobStatus::Completed) => {}
            Some(TranscriptionJobStatus::Failed) => {
                return Ok(Heard::Failed(format!(
                    "Transcription failed: {}",
                    job.failure_reason.unwrap_or_else(|| "no reason given".into())
                )))
            }
            other => anyhow::bail!("transcription job {job_name} is not finished ({other:?})"),
        }
        let object = self.s3.get_object().bucket(bucket).key(output_key).send().await.context("GetObject")?;
        let body = object.body.collect().await.context("reading the transcript")?.into_bytes();
        let words = amazon_words(&body)?;
        if words.is_empty() {
            return Ok(Heard::Failed(NOTHING_HEARD.into()));
        }
        // "en-US" -> "en".
        let language = job.language_code.as_ref().map(|code| code.as_str().split('-').next().unwrap_or_default());
        Ok(Heard::Words { words, language: language.unwrap_or("und").to_string() })
    }
}

#[derive(Deserialize)]
struct AmazonResult {
    results: AmazonResults,
}

#[derive(Deserialize)]
struct AmazonResults {
    #[serde(default)]
    items: Vec<AmazonItem>,
}

#[derive(Deserialize)]
struct AmazonItem {
    #[serde(rename = "type")]
    kind: String,
    start_time: Option<String>,
    end_time: Option<String>,
    #[serde(default)]
    alternatives: Vec<AmazonAlternative>,
}

#[derive(Deserialize)]
struct AmazonAlternative {
    content: String,
}

/// The words of Transcribe's result JSON: each `pronunciation` item is a word with its
/// times; `punctuation` items have none and join the word before them.
pub fn amazon_words(json: &[u8]) -> anyhow::Result<Vec<TranscriptWord>> {
    let parsed: AmazonResult = serde_json::from_slice(json).context("Transcribe's result JSON")?;
    let mut words: Vec<TranscriptWord> = Vec::new();
    for item in parsed.results.items {
        let Some(content) = item.alternatives.into_iter().next().map(|a| a.content) else { continue };
        match item.kind.as_str() {
            "pronunciation" => {
                let time = |t: Option<String>| t.and_then(|t| t.parse::<f64>().ok()).unwrap_or(0.0);
                words.push(TranscriptWord {
                    text: content,
                    start: time(item.start_time),
                    end: time(item.end_time),
                    edited: false,
                });
            }
            "punctuation" => {
                if let Some(last) = words.last_mut() {
                    last.text.push_str(&content);
                }
            }
            _ => {}
        }
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_template_parameter_picks_the_engine_and_a_typo_stops_the_function() {
        let shared = aws_config::defaults(aws_config::BehaviorVersion::latest())
            .region(aws_config::Region::new("eu-west-1"))
            .credentials_provider(aws_sdk_s3::config::Credentials::new("AKID", "secret", None, None, "test"))
            .load()
            .await;
        let s3 = aws_sdk_s3::Client::new(&shared);
        let limit = Duration::from_secs(60);
        assert_eq!(in_aws(None, &shared, &s3, limit).unwrap().engine(), "amazon-transcribe");
        assert_eq!(in_aws(Some("AmazonTranscribe"), &shared, &s3, limit).unwrap().engine(), "amazon-transcribe");
        assert_eq!(in_aws(Some("Whisper"), &shared, &s3, limit).unwrap().engine(), "whisper");
        let refused = in_aws(Some("whisper-large"), &shared, &s3, limit).map(|_| ()).unwrap_err().to_string();
        assert!(refused.contains("AmazonTranscribe or Whisper"), "{refused}");
    }

    #[test]
    fn amazon_results_become_timed_words_with_their_punctuation() {
        // The shape of a Transcribe batch result (abridged).
        let json = br#"{"jobName":"t.1","accountId":"1","status":"COMPLETED","results":{
            "transcripts":[{"transcript":"Hello, I live in London."}],
            "items":[
              {"type":"pronunciation","start_time":"0.04","end_time":"0.51","alternatives":[{"confidence":"0.99","content":"Hello"}]},
              {"type":"punctuation","alternatives":[{"confidence":"0.0","content":","}]},
              {"type":"pronunciation","start_time":"0.6","end_time":"0.7","alternatives":[{"confidence":"0.98","content":"I"}]},
              {"type":"pronunciation","start_time":"0.7","end_time":"0.95","alternatives":[{"confidence":"0.97","content":"live"}]},
              {"type":"pronunciation","start_time":"0.95","end_time":"1.05","alternatives":[{"confidence":"0.99","content":"in"}]},
              {"type":"pronunciation","start_time":"1.05","end_time":"1.6","alternatives":[{"confidence":"0.99","content":"London"}]},
              {"type":"punctuation","alternatives":[{"confidence":"0.0","content":"."}]}
            ]}}"#;
        let words = amazon_words(json).unwrap();
        let texts: Vec<&str> = words.iter().map(|w| w.text.as_str()).collect();
        assert_eq!(texts, ["Hello,", "I", "live", "in", "London."]);
        assert_eq!((words[0].start, words[0].end), (0.04, 0.51));
        assert_eq!((words[4].start, words[4].end), (1.05, 1.6));
        assert!(amazon_words(b"{}").is_err(), "not a result");
    }
}
