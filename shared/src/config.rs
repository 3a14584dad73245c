//! Typed configuration, read once from the environment at start-up.

use std::env;

/// Everything a function needs to know about where it runs. Read once in `main`,
/// then shared; nothing else reads the environment.
#[derive(Clone, Debug)]
pub struct Config {
    /// The single DynamoDB table.
    pub table_name: String,
    /// Queue the mail worker consumes.
    pub mail_queue_url: String,
    /// Queue the cascade worker consumes.
    pub cascade_queue_url: String,
    /// Bucket holding contributors' videos.
    pub video_bucket: String,
    /// Verified SES sender address.
    pub ses_sender: String,
    /// Public URL of the web app, used to build links in e-mails (no trailing slash).
    pub app_base_url: String,
}

#[derive(Debug, thiserror::Error)]
#[error("configuration: environment variable {0} is required but not set")]
pub struct ConfigError(pub &'static str);

impl Config {
    pub fn from_env() -> Result<Self, ConfigError> {
        Ok(Self {
            table_name: required("TABLE_NAME")?,
            mail_queue_url: required("MAIL_QUEUE_URL")?,
            cascade_queue_url: required("CASCADE_QUEUE_URL")?,
            video_bucket: required("VIDEO_BUCKET")?,
            ses_sender: required("SES_SENDER")?,
            app_base_url: required("APP_BASE_URL")?.trim_end_matches('/').to_string(),
        })
    }

    /// A link into the web app, e.g. `link("/login?verifyToken=…")`.
    pub fn app_link(&self, path_and_query: &str) -> String {
        format!("{}{}", self.app_base_url, path_and_query)
    }
}

fn required(name: &'static str) -> Result<String, ConfigError> {
    env::var(name).ok().filter(|v| !v.trim().is_empty()).ok_or(ConfigError(name))
}
