use lambda_runtime::{service_fn, LambdaEvent};
use storyhive_shared::{aws::AwsClients, storage::Store, telemetry, Config};
use storyhive_upload_worker::UploadWorker;

#[tokio::main]
async fn main() -> Result<(), lambda_runtime::Error> {
    telemetry::init();
    let config = Config::from_env()?;
    let clients = AwsClients::from_env().await;
    let worker = UploadWorker {
        store: Store::new(clients.dynamodb.clone(), config.table_name.clone()),
        s3: clients.s3.clone(),
        bucket: config.video_bucket()?.to_string(),
        max_bytes: storyhive_shared::contributors::rules::MAX_VIDEO_BYTES,
    };
    let worker = &worker;
    lambda_runtime::run(service_fn(move |event: LambdaEvent<aws_lambda_events::event::sqs::SqsEvent>| async move {
        Ok::<_, lambda_runtime::Error>(storyhive_upload_worker::handle(worker, event.payload).await)
    }))
    .await
}
