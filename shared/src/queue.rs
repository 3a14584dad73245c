//! SQS adapter: the API hands work to workers through queues.

use anyhow::Context;

use crate::mail::MailMessage;

/// The queue the mail worker consumes.
#[derive(Clone, Debug)]
pub struct MailQueue {
    client: aws_sdk_sqs::Client,
    url: String,
}

impl MailQueue {
    pub fn new(client: aws_sdk_sqs::Client, url: impl Into<String>) -> Self {
        Self { client, url: url.into() }
    }

    /// Queues one e-mail. Once this returns, the message is durable: the worker retries
    /// it and, after repeated failures, the dead-letter queue keeps it.
    pub async fn send(&self, message: &MailMessage) -> anyhow::Result<()> {
        let body = serde_json::to_string(message)?;
        self.client
            .send_message()
            .queue_url(&self.url)
            .message_body(body)
            .send()
            .await
            .context("SendMessage to the mail queue")?;
        Ok(())
    }
}
