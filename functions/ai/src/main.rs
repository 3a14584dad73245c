use storyhive_shared::{aws, telemetry, AppContext, Config};

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), lambda_http::Error> {
    telemetry::init();
    let mut config = Config::from_env()?;
    let sdk = aws::sdk_config().await;
    // Once per cold start: the provider's key from Secrets Manager, not the environment.
    config.ai = storyhive_ai::secrets::with_api_key(config.ai, &aws_sdk_secretsmanager::Client::new(&sdk)).await?;
    let router = storyhive_ai::router(AppContext::from_sdk(config, &sdk));
    lambda_http::run(router).await
}
