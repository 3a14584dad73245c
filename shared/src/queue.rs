//! SQS adapter: the API hands work to workers through queues.

use anyhow::Context;
use serde::Serialize;

use crate::{aws::LazyClient, cascade::CascadeJob, mail::MailMessage};

/// A queue of JSON messages of type `T`.
#[derive(Clone, Debug)]
pub struct JsonQueue<T> {
    /// The client and the queue's URL; `None` when this function's environment does not
    /// name the queue (the function then builds no SQS client for it).
    target: Option<(LazyClient<aws_sdk_sqs::Client>, String)>,
    /// The environment variable that names it (for the error when it is missing).
    setting: &'static str,
    _message: std::marker::PhantomData<fn(T)>,
}

impl<T: Serialize> JsonQueue<T> {
    /// The queue at `url` (`None`: not given to this function), sent to with `client`.
    pub fn new(client: Option<LazyClient<aws_sdk_sqs::Client>>, url: Option<String>, setting: &'static str) -> Self {
        Self { target: client.zip(url), setting, _message: std::marker::PhantomData }
    }

    /// Queues one message. Once this returns it is durable: the worker retries it and,
    /// after repeated failures, the dead-letter queue keeps it.
    pub async fn send(&self, message: &T) -> anyhow::Result<()> {
        let (client, url) = self.target.as_ref().ok_or(crate::config::ConfigError(self.setting))?;
        let body = serde_json::to_string(message)?;
        client
            .send_message()
            .queue_url(url)
            .message_body(body)
            .send()
            .await
            .with_context(|| format!("SendMessage to {url}"))?;
        Ok(())
    }
}

/// The queue the mail worker consumes.
pub type MailQueue = JsonQueue<MailMessage>;
/// The queue the cascade worker consumes.
pub type CascadeQueue = JsonQueue<CascadeJob>;
/// The queue the media worker consumes.
pub type MediaQueue = JsonQueue<crate::media::MediaJob>;
