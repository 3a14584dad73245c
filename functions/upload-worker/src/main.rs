use lambda_runtime::{service_fn, LambdaEvent};
use storyhive_shared::{aws, telemetry, AppContext, Config};
use storyhive_upload_worker::UploadWorker;

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), lambda_runtime::Error> {
    telemetry::init();
    let config = Config::from_env()?;
    let worker = UploadWorker::new(&AppContext::from_sdk(config, &aws::sdk_config().await))?;
    let worker = &worker;
    lambda_runtime::run(service_fn(move |event: LambdaEvent<aws_lambda_events::event::sqs::SqsEvent>| async move {
        Ok::<_, lambda_runtime::Error>(storyhive_upload_worker::handle(worker, event.payload).await)
    }))
    .await
}
