//! Logging set-up: JSON lines in Lambda (CloudWatch), readable lines locally.

use tracing_subscriber::EnvFilter;

pub fn init() {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let in_lambda = std::env::var_os("AWS_LAMBDA_FUNCTION_NAME").is_some();
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_target(false);
    let result = if in_lambda { builder.json().without_time().try_init() } else { builder.try_init() };
    // A second init (tests, the local gateway) is harmless.
    let _ = result;
}
