use lambda_runtime::{service_fn, LambdaEvent};
use storyhive_media_worker::{transcribe, MediaWorker, TRANSCODE_LIMIT};
use storyhive_shared::{aws, telemetry, AppContext, Config};

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), lambda_runtime::Error> {
    telemetry::init();
    let config = Config::from_env()?;
    let shared = aws::sdk_config().await;
    let context = AppContext::from_sdk(config, &shared);
    let transcriber =
        transcribe::in_aws(context.config.transcription_engine.as_deref(), &shared, context.s3()?, TRANSCODE_LIMIT)?;
    let worker = MediaWorker::new(&context, transcriber)?;
    let worker = &worker;
    lambda_runtime::run(service_fn(move |event: LambdaEvent<aws_lambda_events::event::sqs::SqsEvent>| async move {
        let deadline = storyhive_media_worker::Deadline::from_epoch_millis(event.context.deadline);
        Ok::<_, lambda_runtime::Error>(storyhive_media_worker::handle_until(worker, event.payload, deadline).await)
    }))
    .await
}
