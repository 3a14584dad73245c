//! Mail worker: takes queued [`MailMessage`]s from SQS, renders them and sends them
//! through SES. Each record is handled on its own; failures are reported per item
//! (`ReportBatchItemFailures`) so one bad message does not replay the others, and a
//! message that keeps failing ends in the dead-letter queue after `maxReceiveCount`.

use aws_lambda_events::event::sqs::{SqsBatchResponse, SqsEvent, SqsMessage};
use storyhive_shared::mail::{MailMessage, SesMailer};

/// Handles one batch, as Lambda (or the local gateway) delivers it.
pub async fn handle(mailer: &SesMailer, event: SqsEvent) -> SqsBatchResponse {
    let mut response = SqsBatchResponse::default();
    for record in event.records {
        let id = record.message_id.clone().unwrap_or_default();
        if let Err(error) = send_one(mailer, &record).await {
            tracing::error!(message_id = %id, error = ?error, "mail not sent; it will be retried");
            response.add_failure(id);
        }
    }
    response
}

async fn send_one(mailer: &SesMailer, record: &SqsMessage) -> anyhow::Result<()> {
    let body = record.body.as_deref().ok_or_else(|| anyhow::anyhow!("message without a body"))?;
    // An unreadable message cannot succeed on retry either; failing it sends it to the
    // dead-letter queue, where it is kept for inspection instead of being dropped.
    let message: MailMessage = serde_json::from_str(body)?;
    let rendered = message.render();
    let ses_id = mailer.send(&rendered).await?;
    tracing::info!(ses_message_id = %ses_id, subject = %rendered.subject, "mail sent");
    Ok(())
}
