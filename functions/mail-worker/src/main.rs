use lambda_runtime::{service_fn, LambdaEvent};
use storyhive_shared::{aws::AwsClients, mail::SesMailer, telemetry, Config};

#[tokio::main]
async fn main() -> Result<(), lambda_runtime::Error> {
    telemetry::init();
    let config = Config::from_env()?;
    let clients = AwsClients::from_env().await;
    let mailer = SesMailer::new(clients.ses, config.ses_sender()?.to_string());
    let mailer = &mailer;
    lambda_runtime::run(service_fn(move |event: LambdaEvent<aws_lambda_events::event::sqs::SqsEvent>| async move {
        Ok::<_, lambda_runtime::Error>(storyhive_mail_worker::handle(mailer, event.payload).await)
    }))
    .await
}
