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
    /// Queue the media worker consumes (`MEDIA_QUEUE_URL`).
    pub media_queue_url: Option<String>,
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
            media_queue_url: optional("MEDIA_QUEUE_URL"),
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

    /// The SES sender, or an error naming the missing setting.
    pub fn ses_sender(&self) -> Result<&str, ConfigError> {
        self.ses_sender.as_deref().ok_or(ConfigError("SES_SENDER"))
    }
}

impl From<ConfigError> for crate::ApiError {
    fn from(error: ConfigError) -> Self {
        Self::Internal(error.into())
    }
}
