// The delivery future (guard, reqwest, DynamoDB) is deep: its layout needs more than the default 128.
#![recursion_limit = "256"]

use lambda_runtime::{service_fn, LambdaEvent};
use storyhive_shared::{aws, telemetry, AppContext, Config};

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), lambda_runtime::Error> {
    telemetry::init();
    let config = Config::from_env()?;
    let context = AppContext::from_sdk(config, &aws::sdk_config().await);
    let worker = storyhive_webhook_worker::WebhookWorker::new(&context);
    let worker = &worker;
    lambda_runtime::run(service_fn(move |event: LambdaEvent<serde_json::Value>| async move {
        storyhive_webhook_worker::handle_event(worker, event.payload).await.map_err(lambda_runtime::Error::from)
    }))
    .await
}
