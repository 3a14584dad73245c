//! Typed configuration, read once from the environment at start-up.
//!
//! Each function's environment names only the resources it uses (template.yaml sets
//! them per function, and grants exactly those), so the queue and bucket settings are
//! optional here: a function that reaches for a resource it was not given fails with a
//! clear message instead of writing somewhere it has no permission for.

use std::env;

/// Everything a function needs to know about where it runs. Read once in `main`,
/// then shared; nothing else reads the environment.
#[derive(Clone, Debug, Default)]
pub struct Config {
    /// The single DynamoDB table.
    pub table_name: String,
    /// Queue the mail worker consumes (`MAIL_QUEUE_URL`).
    pub mail_queue_url: Option<String>,
    /// Queue the cascade worker consumes (`CASCADE_QUEUE_URL`).
    pub cascade_queue_url: Option<String>,
    /// Bucket holding contributors' videos (`VIDEO_BUCKET`).
    pub video_bucket: Option<String>,
    /// Verified SES sender address (`SES_SENDER`, mail worker only).
    pub ses_sender: Option<String>,
    /// Public URL of the web app, used to build links in e-mails (no trailing slash).
    pub app_base_url: String,
    /// Where help and editor requests are e-mailed (`SUPPORT_EMAIL`, support function only).
    pub support_email: Option<String>,
    /// Bucket holding the organisations' own files: logos, avatars, terms and
    /// conditions, encouragement videos (`MEDIA_BUCKET`).
    pub media_bucket: Option<String>,
    /// Bucket of the public copies of published videos, which CloudFront serves at
    /// `/published/` (`PUBLISHED_BUCKET`).
    pub published_bucket: Option<String>,
    /// The CloudFront distribution in front of the public pages, whose cache a takedown
    /// invalidates (`EDGE_DISTRIBUTION_ID`); unset: no edge cache to clear.
    pub edge_distribution_id: Option<String>,
    /// The language model behind the AI writing help (AI function only).
    pub ai: AiConfig,
    /// Queue the media worker consumes (`MEDIA_QUEUE_URL`).
    pub media_queue_url: Option<String>,
    /// What transcribes the takes in the media worker (`TRANSCRIPTION_ENGINE`:
    /// `AmazonTranscribe`, the default, or `Whisper` inside the function).
    pub transcription_engine: Option<String>,
    /// The key a partner (or the video test page) sends as `x-api-key` to the video
    /// processing calls (`VIDEO_PROCESSING_API_KEY`); unset: those calls answer 503.
    pub video_processing_api_key: Option<String>,
    /// Queue the webhook worker consumes (`WEBHOOK_QUEUE_URL`): events to hand to the
    /// organisations' endpoints, and their deliveries.
    pub webhook_queue_url: Option<String>,
    /// `STORYHIVE_WEBHOOKS_ALLOW_LOOPBACK=1`: webhooks may go to `http://` loopback
    /// addresses (the tests' receivers). Never set in template.yaml (a test checks).
    pub webhooks_allow_loopback: bool,
}

#[derive(Debug, thiserror::Error)]
#[error("configuration: environment variable {0} is required but not set")]
pub struct ConfigError(pub &'static str);

impl Config {
    pub fn from_env() -> Result<Self, ConfigError> {
        Self::from_lookup(|name| env::var(name).ok())
    }

    /// The config from any source of variables (the process environment, or a function's
    /// environment in `template.yaml` for the local stack); empty means unset.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let optional = |name: &'static str| lookup(name).filter(|v| !v.trim().is_empty());
        let required = |name: &'static str| optional(name).ok_or(ConfigError(name));
        Ok(Self {
            table_name: required("TABLE_NAME")?,
            mail_queue_url: optional("MAIL_QUEUE_URL"),
            cascade_queue_url: optional("CASCADE_QUEUE_URL"),
            video_bucket: optional("VIDEO_BUCKET"),
            ses_sender: optional("SES_SENDER"),
            app_base_url: required("APP_BASE_URL")?.trim_end_matches('/').to_string(),
            support_email: optional("SUPPORT_EMAIL"),
            media_bucket: optional("MEDIA_BUCKET"),
            published_bucket: optional("PUBLISHED_BUCKET"),
            edge_distribution_id: optional("EDGE_DISTRIBUTION_ID"),
            ai: AiConfig::from_lookup(&lookup),
            media_queue_url: optional("MEDIA_QUEUE_URL"),
            video_processing_api_key: optional("VIDEO_PROCESSING_API_KEY"),
            transcription_engine: optional("TRANSCRIPTION_ENGINE"),
            webhook_queue_url: optional("WEBHOOK_QUEUE_URL"),
            webhooks_allow_loopback: optional("STORYHIVE_WEBHOOKS_ALLOW_LOOPBACK").is_some_and(|v| v.trim() == "1"),
        })
    }

    /// A link into the web app, e.g. `link("/login?verifyToken=…")`.
    pub fn app_link(&self, path_and_query: &str) -> String {
        format!("{}{}", self.app_base_url, path_and_query)
    }

    /// The video bucket, or an error naming the missing setting.
    pub fn video_bucket(&self) -> Result<&str, ConfigError> {
        self.video_bucket.as_deref().ok_or(ConfigError("VIDEO_BUCKET"))
    }

    /// The media bucket, or an error naming the missing setting.
    pub fn media_bucket(&self) -> Result<&str, ConfigError> {
        self.media_bucket.as_deref().ok_or(ConfigError("MEDIA_BUCKET"))
    }

    /// The published copies' bucket, or an error naming the missing setting.
    pub fn published_bucket(&self) -> Result<&str, ConfigError> {
        self.published_bucket.as_deref().ok_or(ConfigError("PUBLISHED_BUCKET"))
    }

    /// The SES sender, or an error naming the missing setting.
    pub fn ses_sender(&self) -> Result<&str, ConfigError> {
        self.ses_sender.as_deref().ok_or(ConfigError("SES_SENDER"))
    }

    /// The support address, or an error naming the missing setting.
    pub fn support_email(&self) -> Result<&str, ConfigError> {
        self.support_email.as_deref().ok_or(ConfigError("SUPPORT_EMAIL"))
    }
}

/// Which kind of language model answers the AI calls (`AI_PROVIDER`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum AiProviderKind {
    /// Unset, empty or `none`: the AI calls answer 503 and the web app disables its AI controls.
    #[default]
    None,
    /// Amazon Bedrock's Converse API with the model `AI_MODEL` (the default in AWS).
    Bedrock,
    /// Any OpenAI-compatible chat-completions endpoint at `AI_BASE_URL` (Ollama, llama.cpp, ...).
    OpenAi,
    /// A value we do not know: treated as not configured, and said so in the logs.
    Unknown(String),
}

/// The AI function's settings. Defaults are the documented quota numbers (docs/DECISIONS.md).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AiConfig {
    pub provider: AiProviderKind,
    /// `AI_MODEL`: the Bedrock model id, or the model name the OpenAI-compatible server knows.
    pub model: Option<String>,
    /// `AI_BASE_URL`: the chat-completions base URL (ending in `/v1`); for Bedrock an endpoint
    /// override (tests point it at a local fake).
    pub base_url: Option<String>,
    /// `AI_API_KEY`: bearer key of the OpenAI-compatible endpoint (none for a local Ollama).
    /// Locally only (the gateway, tests); in AWS the key comes from [`Self::api_key_secret`].
    pub api_key: Option<String>,
    /// `AI_API_KEY_SECRET`: the name (or ARN) of the Secrets Manager secret holding the
    /// bearer key, read once at cold start (`storyhive_ai::secrets`).
    pub api_key_secret: Option<String>,
    /// `AI_TIMEOUT_SECONDS`: how long one model call may take (API Gateway gives up at 30 s).
    pub timeout_secs: u64,
    /// `AI_DAILY_QUOTA_PER_ORG`: model calls one organisation may make per UTC day.
    pub daily_quota_per_org: i64,
    /// `AI_SCRIPTS_PER_KEY_PER_HOUR`: scripts one invitation key may ask for per hour.
    pub scripts_per_key_per_hour: i64,
    /// `AI_COLLABORATOR_DAILY_QUOTA_PER_ORG`: scripts all of one organisation's collaborators
    /// may ask for per UTC day, a budget apart from (and smaller than) staff's.
    pub collaborator_daily_quota_per_org: i64,
    /// `AI_SCRIPTS_PER_COLLABORATOR_PER_DAY`: scripts one collaborator may ask for per UTC day.
    pub scripts_per_collaborator_per_day: i64,
}

impl Default for AiConfig {
    fn default() -> Self {
        Self {
            provider: AiProviderKind::None,
            model: None,
            base_url: None,
            api_key: None,
            api_key_secret: None,
            timeout_secs: 25,
            daily_quota_per_org: 200,
            scripts_per_key_per_hour: 20,
            collaborator_daily_quota_per_org: 50,
            scripts_per_collaborator_per_day: 10,
        }
    }
}

impl AiConfig {
    /// The settings from any source of variables; empty means unset, a number that does not
    /// parse keeps its default.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Self {
        let optional = |name: &str| lookup(name).map(|v| v.trim().to_string()).filter(|v| !v.is_empty());
        let defaults = Self::default();
        let number = |name: &str, default: i64| {
            optional(name).and_then(|v| v.parse::<i64>().ok()).filter(|n| *n > 0).unwrap_or(default)
        };
        let provider = match optional("AI_PROVIDER").map(|v| v.to_lowercase()).as_deref() {
            None | Some("none") => AiProviderKind::None,
            Some("bedrock") => AiProviderKind::Bedrock,
            Some("openai") => AiProviderKind::OpenAi,
            Some(other) => AiProviderKind::Unknown(other.to_string()),
        };
        Self {
            provider,
            model: optional("AI_MODEL"),
            base_url: optional("AI_BASE_URL").map(|u| u.trim_end_matches('/').to_string()),
            api_key: optional("AI_API_KEY"),
            api_key_secret: optional("AI_API_KEY_SECRET"),
            timeout_secs: number("AI_TIMEOUT_SECONDS", defaults.timeout_secs as i64) as u64,
            daily_quota_per_org: number("AI_DAILY_QUOTA_PER_ORG", defaults.daily_quota_per_org),
            scripts_per_key_per_hour: number("AI_SCRIPTS_PER_KEY_PER_HOUR", defaults.scripts_per_key_per_hour),
            collaborator_daily_quota_per_org: number(
                "AI_COLLABORATOR_DAILY_QUOTA_PER_ORG",
                defaults.collaborator_daily_quota_per_org,
            ),
            scripts_per_collaborator_per_day: number(
                "AI_SCRIPTS_PER_COLLABORATOR_PER_DAY",
                defaults.scripts_per_collaborator_per_day,
            ),
        }
    }
}
