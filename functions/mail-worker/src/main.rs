use lambda_runtime::{service_fn, LambdaEvent};
use storyhive_shared::{aws, mail::SesMailer, telemetry, Config};

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), lambda_runtime::Error> {
    telemetry::init();
    let config = Config::from_env()?;
    // SES only: the mail worker uses no table, bucket or queue.
    let ses = aws_sdk_ses::Client::new(&aws::sdk_config().await);
    let mailer = SesMailer::new(ses, config.ses_sender()?.to_string());
    let mailer = &mailer;
    lambda_runtime::run(service_fn(move |event: LambdaEvent<aws_lambda_events::event::sqs::SqsEvent>| async move {
        Ok::<_, lambda_runtime::Error>(storyhive_mail_worker::handle(mailer, event.payload).await)
    }))
    .await
}
