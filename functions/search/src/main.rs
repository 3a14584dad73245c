use storyhive_shared::{aws::AwsClients, telemetry, AppContext, Config};

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    telemetry::init();
    let config = Config::from_env()?;
    let clients = AwsClients::from_env().await;
    let router = storyhive_search::router(AppContext::new(config, &clients));
    lambda_http::run(router).await
}
