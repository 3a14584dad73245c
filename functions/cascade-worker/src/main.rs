use lambda_runtime::{service_fn, LambdaEvent};
use storyhive_cascade_worker::Cascade;
use storyhive_shared::{aws::AwsClients, storage::Store, telemetry, Config};

#[tokio::main]
async fn main() -> Result<(), lambda_runtime::Error> {
    telemetry::init();
    let config = Config::from_env()?;
    let clients = AwsClients::from_env().await;
    let cascade = Cascade {
        store: Store::new(clients.dynamodb.clone(), config.table_name.clone()),
        s3: clients.s3.clone(),
        video_bucket: config.video_bucket()?.to_string(),
    };
    let cascade = &cascade;
    lambda_runtime::run(service_fn(move |event: LambdaEvent<aws_lambda_events::event::sqs::SqsEvent>| async move {
        Ok::<_, lambda_runtime::Error>(storyhive_cascade_worker::handle(cascade, event.payload).await)
    }))
    .await
}
