use storyhive_shared::{aws, telemetry, AppContext, Config};

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), lambda_http::Error> {
    telemetry::init();
    let config = Config::from_env()?;
    let router = storyhive_webhooks::router(AppContext::from_sdk(config, &aws::sdk_config().await));
    lambda_http::run(router).await
}
