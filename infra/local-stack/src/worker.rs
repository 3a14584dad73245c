//! Runs SQS workers locally the way Lambda's event source mapping does: long-poll the
//! queue, hand the batch to the worker's handler as a real `SqsEvent`, delete what
//! succeeded and leave reported failures to come back (and, after `maxReceiveCount`,
//! to move to the dead-letter queue).

use std::{future::Future, pin::Pin, sync::Arc};

use anyhow::Context;
use aws_lambda_events::event::sqs::{SqsBatchResponse, SqsEvent, SqsMessage};
use aws_sdk_sqs::types::{DeleteMessageBatchRequestEntry, MessageSystemAttributeName};

pub type Handler = Arc<dyn Fn(SqsEvent) -> Pin<Box<dyn Future<Output = SqsBatchResponse> + Send>> + Send + Sync>;

/// Wraps an async worker function as a [`Handler`].
pub fn handler<F, Fut>(function: F) -> Handler
where
    F: Fn(SqsEvent) -> Fut + Send + Sync + 'static,
    Fut: Future<Output = SqsBatchResponse> + Send + 'static,
{
    Arc::new(move |event| Box::pin(function(event)))
}

/// A [`Handler`] running `handle(&state, event)` for each batch: the shape of every worker
/// function's `handle` (`state` is cloned into each batch's task).
#[macro_export]
macro_rules! worker_handler {
    ($state:expr, $handle:path) => {{
        let state = $state;
        $crate::worker::handler(move |event| {
            let state = state.clone();
            async move { $handle(&state, event).await }
        })
    }};
}

#[derive(Clone)]
pub struct Worker {
    pub name: String,
    pub queue_url: String,
    pub queue_arn: String,
    pub handler: Handler,
    /// How long a received batch stays hidden from other pollers; `None` keeps the queue's
    /// own (the template's, as Lambda's event source mapping does).
    pub receive_visibility_seconds: Option<i32>,
}

impl Worker {
    /// Receives one batch (waiting up to `wait_seconds`) and processes it.
    /// Returns how many messages were received.
    pub async fn poll_once(&self, sqs: &aws_sdk_sqs::Client, wait_seconds: i32) -> anyhow::Result<usize> {
        let output = sqs
            .receive_message()
            .queue_url(&self.queue_url)
            .max_number_of_messages(10)
            .wait_time_seconds(wait_seconds)
            .set_visibility_timeout(self.receive_visibility_seconds)
            .message_system_attribute_names(MessageSystemAttributeName::All)
            .send()
            .await
            .with_context(|| format!("{}: ReceiveMessage", self.name))?;
        let messages = output.messages.unwrap_or_default();
        if messages.is_empty() {
            return Ok(0);
        }
        let records: Vec<SqsMessage> = messages
            .iter()
            .map(|m| {
                let mut record = SqsMessage::default();
                record.message_id = m.message_id.clone();
                record.receipt_handle = m.receipt_handle.clone();
                record.body = m.body.clone();
                record.md5_of_body = m.md5_of_body.clone();
                record.attributes = m
                    .attributes
                    .clone()
                    .unwrap_or_default()
                    .into_iter()
                    .map(|(k, v)| (k.as_str().to_string(), v))
                    .collect();
                record.event_source = Some("aws:sqs".into());
                record.event_source_arn = Some(self.queue_arn.clone());
                record
            })
            .collect();
        let mut event = SqsEvent::default();
        event.records = records;
        let response = (self.handler)(event).await;
        let failed: Vec<&str> = response.batch_item_failures.iter().map(|f| f.item_identifier.as_str()).collect();
        let done: Vec<DeleteMessageBatchRequestEntry> = messages
            .iter()
            .filter(|m| !failed.contains(&m.message_id.as_deref().unwrap_or_default()))
            .enumerate()
            .filter_map(|(i, m)| {
                DeleteMessageBatchRequestEntry::builder()
                    .id(i.to_string())
                    .receipt_handle(m.receipt_handle.clone()?)
                    .build()
                    .ok()
            })
            .collect();
        if !done.is_empty() {
            sqs.delete_message_batch()
                .queue_url(&self.queue_url)
                .set_entries(Some(done))
                .send()
                .await
                .with_context(|| format!("{}: DeleteMessageBatch", self.name))?;
        }
        Ok(messages.len())
    }

    /// Polls forever (until the task is dropped).
    pub async fn run(self, sqs: aws_sdk_sqs::Client) {
        tracing::info!(worker = %self.name, queue = %self.queue_url, "worker polling");
        loop {
            if let Err(error) = self.poll_once(&sqs, 10).await {
                tracing::warn!(worker = %self.name, error = ?error, "poll failed; retrying");
                tokio::time::sleep(std::time::Duration::from_secs(2)).await;
            }
        }
    }
}
