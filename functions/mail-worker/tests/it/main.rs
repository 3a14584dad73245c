//! The mail worker against moto's SES: a queued message is rendered and sent as its
//! function's grants allow, and read back from moto's mailbox.

use aws_lambda_events::event::sqs::{SqsEvent, SqsMessage};
use storyhive_local_stack::testkit::{unique_email, TestStack, TEST_SES_SENDER};
use storyhive_shared::mail::{MailMessage, SesMailer};

/// The mail worker as deployed: its own SES client (recorded and checked against its
/// grants) and its configured sender. It serves no routes.
async fn stack() -> (TestStack, SesMailer) {
    let stack = TestStack::start("MailWorkerFunction", |_| axum::Router::new()).await;
    let context = stack.function_context("MailWorkerFunction");
    let sender = context.config.ses_sender().expect("the mail worker's SES_SENDER");
    let mailer = SesMailer::new(stack.function_clients("MailWorkerFunction").ses, sender);
    (stack, mailer)
}

/// A batch as SQS delivers it, one message per body.
fn batch(bodies: &[(&str, String)]) -> SqsEvent {
    let mut event = SqsEvent::default();
    for (id, body) in bodies {
        let mut message = SqsMessage::default();
        message.message_id = Some((*id).into());
        message.body = Some(body.clone());
        event.records.push(message);
    }
    event
}

#[tokio::test]
async fn a_queued_message_is_sent_through_ses_as_rendered() {
    let (stack, mailer) = stack().await;
    let to = unique_email("reset");
    let link = format!("http://app.storyhive.test/reset-password?token={}", storyhive_shared::model::new_id());
    let message = MailMessage::ResetPassword { to: to.clone(), link: link.clone() };
    let response =
        storyhive_mail_worker::handle(&mailer, batch(&[("m1", serde_json::to_string(&message).unwrap())])).await;
    assert!(response.batch_item_failures.is_empty(), "sent: {:?}", response.batch_item_failures);
    let mail = stack.mail_to(&to).await.unwrap();
    assert_eq!(mail.len(), 1, "exactly one e-mail: {mail:?}");
    assert_eq!(mail[0].subject, message.render().subject);
    assert!(mail[0].source.contains(TEST_SES_SENDER), "from the configured sender: {}", mail[0].source);
    assert_eq!(mail[0].links(), vec![link]);
}

#[tokio::test]
async fn an_unreadable_message_fails_alone_and_the_others_of_its_batch_are_sent() {
    let (stack, mailer) = stack().await;
    let to = unique_email("verify");
    let message = MailMessage::VerifyEmail { to: to.clone(), link: "http://app.storyhive.test/verify?token=x".into() };
    let response = storyhive_mail_worker::handle(
        &mailer,
        batch(&[("bad", r#"{"kind": "no such mail"}"#.into()), ("good", serde_json::to_string(&message).unwrap())]),
    )
    .await;
    let failed: Vec<_> = response.batch_item_failures.iter().map(|f| f.item_identifier.clone()).collect();
    // Only the bad one is retried (and, failing again, lands in the dead-letter queue).
    assert_eq!(failed, vec!["bad".to_string()]);
    assert_eq!(stack.mail_to(&to).await.unwrap().len(), 1);
}
