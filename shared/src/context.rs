//! The state every HTTP function shares: config and the adapters built from it.

use std::sync::Arc;

use aws_config::SdkConfig;

use crate::{
    aws::{self, AwsClients, LazyClient},
    config::ConfigError,
    edge::EdgeCache,
    queue::{CascadeQueue, MailQueue, MediaQueue, WebhookQueue},
    storage::{
        objects::{Bucket, ObjectStore},
        Store,
    },
    Config,
};

/// Built once in `main` (outside the handler) and shared by every request.
///
/// It holds the AWS clients the function's configuration calls for, and no others:
/// DynamoDB always (the table), S3 when it names a bucket, SQS when it names a queue.
/// `template.yaml` gives each function exactly the resources it uses (checked by
/// `infra/local-stack/tests/it/template.rs`), so a function builds only the clients it calls
/// (each costs its cold start a little). S3 and SQS are built on their first use
/// ([`LazyClient`]): most requests never call them.
#[derive(Clone, Debug)]
pub struct AppContext {
    pub config: Arc<Config>,
    pub store: Store,
    pub mail: MailQueue,
    pub cascade: CascadeQueue,
    /// The S3 client, when the configuration names a bucket ([`AppContext::s3`]).
    pub s3: Option<LazyClient<aws_sdk_s3::Client>>,
    /// The media worker's queue (the upload worker hands it recorded takes).
    pub media: MediaQueue,
    /// The webhook worker's queue (events to hand to the organisations' endpoints).
    pub webhooks: WebhookQueue,
    /// The edge cache a takedown clears (`EDGE_DISTRIBUTION_ID`; its client is built on
    /// first use).
    pub edge: EdgeCache,
}

impl AppContext {
    /// A function's context in Lambda: its clients built from `shared`, only those its
    /// configuration calls for.
    pub fn from_sdk(config: Config, shared: &SdkConfig) -> Self {
        let uses_queues =
            [&config.mail_queue_url, &config.cascade_queue_url, &config.media_queue_url, &config.webhook_queue_url]
                .iter()
                .any(|url| url.is_some());
        let sqs = uses_queues.then(|| {
            let shared = shared.clone();
            LazyClient::new(move || aws_sdk_sqs::Client::new(&shared))
        });
        let s3 = uses_buckets(&config).then(|| {
            let shared = shared.clone();
            LazyClient::new(move || aws::s3_client(&shared))
        });
        let edge = edge_cache(&config, || {
            let shared = shared.clone();
            LazyClient::new(move || aws_sdk_cloudfront::Client::new(&shared))
        });
        Self::with_clients(config, aws_sdk_dynamodb::Client::new(shared), s3, sqs, edge)
    }

    /// A function's context from clients already built (the local stack, which builds
    /// each client once for every function): like [`AppContext::from_sdk`], it keeps only
    /// those the configuration calls for.
    pub fn new(config: Config, clients: &AwsClients) -> Self {
        let s3 = uses_buckets(&config).then(|| LazyClient::built(clients.s3.clone()));
        let edge = edge_cache(&config, || LazyClient::built(clients.cloudfront.clone()));
        Self::with_clients(config, clients.dynamodb.clone(), s3, Some(LazyClient::built(clients.sqs.clone())), edge)
    }

    fn with_clients(
        config: Config,
        dynamodb: aws_sdk_dynamodb::Client,
        s3: Option<LazyClient<aws_sdk_s3::Client>>,
        sqs: Option<LazyClient<aws_sdk_sqs::Client>>,
        edge: EdgeCache,
    ) -> Self {
        let queue = |url: &Option<String>| url.as_ref().and(sqs.clone());
        Self {
            store: Store::new(dynamodb, config.table_name.clone()),
            mail: MailQueue::new(queue(&config.mail_queue_url), config.mail_queue_url.clone(), "MAIL_QUEUE_URL"),
            cascade: CascadeQueue::new(
                queue(&config.cascade_queue_url),
                config.cascade_queue_url.clone(),
                "CASCADE_QUEUE_URL",
            ),
            media: MediaQueue::new(queue(&config.media_queue_url), config.media_queue_url.clone(), "MEDIA_QUEUE_URL"),
            webhooks: WebhookQueue::new(
                queue(&config.webhook_queue_url),
                config.webhook_queue_url.clone(),
                "WEBHOOK_QUEUE_URL",
            ),
            s3,
            edge,
            config: Arc::new(config),
        }
    }

    /// The S3 client; an error naming the settings when the function was given no bucket
    /// (its calls would have nowhere to go).
    pub fn s3(&self) -> Result<&aws_sdk_s3::Client, ConfigError> {
        self.s3.as_deref().ok_or(ConfigError("VIDEO_BUCKET or MEDIA_BUCKET"))
    }
}

impl ObjectStore for AppContext {
    fn s3_client(&self) -> anyhow::Result<&aws_sdk_s3::Client> {
        Ok(self.s3()?)
    }

    fn bucket_name(&self, bucket: Bucket) -> anyhow::Result<&str> {
        Ok(match bucket {
            Bucket::Videos => self.config.video_bucket()?,
            Bucket::Media => self.config.media_bucket()?,
        })
    }
}

/// The edge cache of the distribution the configuration names, if any.
fn edge_cache(config: &Config, client: impl FnOnce() -> LazyClient<aws_sdk_cloudfront::Client>) -> EdgeCache {
    match &config.edge_distribution_id {
        Some(id) => EdgeCache::new(client(), id.clone()),
        None => EdgeCache::none(),
    }
}

fn uses_buckets(config: &Config) -> bool {
    config.video_bucket.is_some() || config.media_bucket.is_some() || config.published_bucket.is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn lambda_sdk_config() -> SdkConfig {
        aws_config::defaults(aws_config::BehaviorVersion::latest())
            .region(aws_config::Region::new("eu-west-1"))
            .credentials_provider(aws_sdk_dynamodb::config::Credentials::new("AKIDTEST", "secret", None, None, "test"))
            .http_client(aws::HttpsClient::new())
            .load()
            .await
    }

    fn config(pairs: &'static [(&'static str, &'static str)]) -> Config {
        Config::from_lookup(|name| pairs.iter().find(|(key, _)| *key == name).map(|(_, value)| value.to_string()))
            .expect("a valid configuration")
    }

    #[tokio::test]
    async fn s3_is_built_on_its_first_use_and_then_shared_by_every_request() {
        let context = AppContext::from_sdk(
            config(&[("TABLE_NAME", "t"), ("APP_BASE_URL", "https://app.example"), ("VIDEO_BUCKET", "videos")]),
            &lambda_sdk_config().await,
        );
        let per_request = context.clone();
        assert!(!context.s3.as_ref().expect("a bucket is named").is_built(), "not at init");
        context.s3().expect("a bucket is named");
        assert!(per_request.s3.as_ref().unwrap().is_built(), "built once, for every clone");
    }

    #[tokio::test]
    async fn a_function_given_no_bucket_has_no_s3_client_and_says_which_setting_is_missing() {
        let context = AppContext::from_sdk(
            config(&[("TABLE_NAME", "t"), ("APP_BASE_URL", "https://app.example")]),
            &lambda_sdk_config().await,
        );
        assert!(context.s3.is_none());
        assert!(context.s3().unwrap_err().to_string().contains("VIDEO_BUCKET or MEDIA_BUCKET"));
    }
}
