//! AWS clients, built once per process. Endpoints come from the standard SDK
//! variables (`AWS_ENDPOINT_URL`, `AWS_ENDPOINT_URL_DYNAMODB`, …), which is the only
//! thing that differs between the local stack and the cloud.

use aws_config::BehaviorVersion;

#[derive(Clone, Debug)]
pub struct AwsClients {
    pub dynamodb: aws_sdk_dynamodb::Client,
    pub s3: aws_sdk_s3::Client,
    pub sqs: aws_sdk_sqs::Client,
    pub ses: aws_sdk_ses::Client,
}

impl AwsClients {
    pub async fn from_env() -> Self {
        let shared = aws_config::defaults(BehaviorVersion::latest()).load().await;
        // Emulators serve buckets by path, not by virtual host.
        let path_style =
            std::env::var_os("AWS_ENDPOINT_URL").is_some() || std::env::var_os("AWS_ENDPOINT_URL_S3").is_some();
        let s3_config = aws_sdk_s3::config::Builder::from(&shared).force_path_style(path_style).build();
        Self {
            dynamodb: aws_sdk_dynamodb::Client::new(&shared),
            s3: aws_sdk_s3::Client::from_conf(s3_config),
            sqs: aws_sdk_sqs::Client::new(&shared),
            ses: aws_sdk_ses::Client::new(&shared),
        }
    }
}
