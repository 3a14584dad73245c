//! AWS clients. Endpoints come from the standard SDK variables (`AWS_ENDPOINT_URL`,
//! `AWS_ENDPOINT_URL_DYNAMODB`, …), which is the only thing that differs between the
//! local stack and the cloud.
//!
//! This runs in every cold start, so it does only what is needed (measured by
//! `infra/scripts/bench.sh`; docs/DECISIONS.md, "Lambda cold start"): one SDK
//! configuration ([`sdk_config`]) whose one HTTPS client ([`HttpsClient`]) every service
//! client shares, trusting the roots that sign AWS's endpoints ([`crate::tls`]); a
//! function builds only the clients it calls ([`crate::AppContext::from_sdk`]).

use std::{
    collections::HashMap,
    sync::{Arc, LazyLock, RwLock},
    time::Duration,
};

use aws_config::{BehaviorVersion, SdkConfig};
use aws_smithy_async::rt::sleep::SharedAsyncSleep;
use aws_smithy_http_client::{
    proxy::ProxyConfig,
    tls::{rustls_provider::CryptoMode, Provider, TlsContext, TrustStore},
    Connector,
};
use aws_smithy_runtime_api::{
    box_error::BoxError,
    client::{
        connector_metadata::ConnectorMetadata,
        http::{HttpClient, HttpConnectorSettings, SharedHttpConnector},
        runtime_components::{RuntimeComponents, RuntimeComponentsBuilder},
    },
};
use aws_smithy_types::{config_bag::ConfigBag, timeout::TimeoutConfig};

use crate::tls;

/// Every client (the local stack, whose gateway serves every function and runs the
/// workers, and the tests); a Lambda function builds its own ([`crate::AppContext::from_sdk`]).
#[derive(Clone, Debug)]
pub struct AwsClients {
    pub dynamodb: aws_sdk_dynamodb::Client,
    pub s3: aws_sdk_s3::Client,
    pub sqs: aws_sdk_sqs::Client,
    pub ses: aws_sdk_ses::Client,
    pub cloudfront: aws_sdk_cloudfront::Client,
}

impl AwsClients {
    pub async fn from_env() -> Self {
        Self::new(&sdk_config().await)
    }

    pub fn new(shared: &SdkConfig) -> Self {
        Self {
            dynamodb: aws_sdk_dynamodb::Client::new(shared),
            s3: s3_client(shared),
            sqs: aws_sdk_sqs::Client::new(shared),
            ses: aws_sdk_ses::Client::new(shared),
            cloudfront: aws_sdk_cloudfront::Client::new(shared),
        }
    }
}

/// A service client built when it is first used, from the process's SDK configuration,
/// then shared by every clone: a function's S3 and SQS clients, which most of its
/// requests (and so most cold starts) never call. Building one costs about 0.1 to 0.2 ms
/// (its configuration, its endpoint rules parsed); DynamoDB, which every request reads,
/// is built at init instead.
pub struct LazyClient<C>(Arc<LazyLock<C, Box<dyn FnOnce() -> C + Send>>>);

impl<C: Send + 'static> LazyClient<C> {
    /// A client `build` makes on first use.
    pub fn new(build: impl FnOnce() -> C + Send + 'static) -> Self {
        Self(Arc::new(LazyLock::new(Box::new(build))))
    }

    /// A client already built (the local stack builds each once for every function).
    pub fn built(client: C) -> Self {
        let lazy = Self::new(move || client);
        LazyLock::force(&lazy.0);
        lazy
    }
}

impl<C> LazyClient<C> {
    /// Whether it was built yet.
    pub fn is_built(&self) -> bool {
        LazyLock::get(&self.0).is_some()
    }
}

impl<C> Clone for LazyClient<C> {
    fn clone(&self) -> Self {
        Self(self.0.clone())
    }
}

impl<C> std::ops::Deref for LazyClient<C> {
    type Target = C;

    fn deref(&self) -> &C {
        &self.0
    }
}

impl<C> std::fmt::Debug for LazyClient<C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.is_built() { "LazyClient(built)" } else { "LazyClient(not built yet)" })
    }
}

/// The SDK configuration every client of the process is built from: region and
/// credentials from the environment (Lambda's), and one [`HttpsClient`].
pub async fn sdk_config() -> SdkConfig {
    let from_env = EnvironmentSettings::read(|name| std::env::var(name).ok());
    from_env.apply(aws_config::defaults(BehaviorVersion::latest()).http_client(HttpsClient::new())).load().await
}

/// The credentials and region the process's environment names, as the SDK's default
/// chains would find them first (`AWS_ACCESS_KEY_ID` / `AWS_SECRET_ACCESS_KEY` /
/// `AWS_SESSION_TOKEN`, then `AWS_REGION` or `AWS_DEFAULT_REGION`): Lambda sets them all.
///
/// Naming them spares the loader building the rest of those chains (the shared profile,
/// web identity, ECS and instance metadata providers), which is most of its time at init:
/// 0.74 ms of a function's cold start against 0.13 ms, measured (docs/DECISIONS.md, "Lambda
/// cold start"). Where the environment lacks them (a developer's machine with a profile),
/// the default chains run as before.
#[derive(Debug, Default, PartialEq)]
pub struct EnvironmentSettings {
    pub credentials: Option<aws_credential_types::Credentials>,
    pub region: Option<aws_config::Region>,
}

impl EnvironmentSettings {
    pub fn read(lookup: impl Fn(&str) -> Option<String>) -> Self {
        let set = |name: &str| lookup(name).filter(|value| !value.trim().is_empty());
        let credentials = match (set("AWS_ACCESS_KEY_ID"), set("AWS_SECRET_ACCESS_KEY")) {
            (Some(id), Some(secret)) => {
                Some(aws_credential_types::Credentials::new(id, secret, set("AWS_SESSION_TOKEN"), None, "Environment"))
            }
            _ => None,
        };
        let region = set("AWS_REGION").or_else(|| set("AWS_DEFAULT_REGION")).map(aws_config::Region::new);
        Self { credentials, region }
    }

    fn apply(self, mut loader: aws_config::ConfigLoader) -> aws_config::ConfigLoader {
        if let Some(credentials) = self.credentials {
            loader = loader.credentials_provider(credentials);
        }
        if let Some(region) = self.region {
            loader = loader.region(region);
        }
        loader
    }
}

/// An S3 client of `shared`. Emulators serve buckets by path, not by virtual host.
pub fn s3_client(shared: &SdkConfig) -> aws_sdk_s3::Client {
    let path_style =
        std::env::var_os("AWS_ENDPOINT_URL").is_some() || std::env::var_os("AWS_ENDPOINT_URL_S3").is_some();
    aws_sdk_s3::Client::from_conf(aws_sdk_s3::config::Builder::from(shared).force_path_style(path_style).build())
}

/// The HTTPS client of every SDK client of the process: the SDK's own hyper 1 + rustls
/// (aws-lc-rs) connector, trusting the roots of Amazon Trust Services ([`crate::tls`]),
/// honouring `HTTPS_PROXY`/`NO_PROXY` like the SDK's default client.
///
/// It differs from the default client in what it does not repeat. The default client,
/// for each service client, sets up TLS (a root store parsed from every trusted
/// certificate) when the service client is constructed, throws that away, and sets it
/// up again on the first request. Here it is set up when the first service client is
/// constructed, as the SDK intends, and kept: every service client of the process, and
/// their requests, use that one connector (one per distinct pair of timeouts, in
/// practice one).
#[derive(Clone, Debug)]
pub struct HttpsClient(Arc<Connectors>);

#[derive(Debug)]
struct Connectors {
    tls: TlsContext,
    built: RwLock<HashMap<Timeouts, SharedHttpConnector>>,
}

/// Connect and read timeouts, which a connector is built with.
type Timeouts = (Option<Duration>, Option<Duration>);

impl HttpsClient {
    pub fn new() -> Self {
        let tls = TlsContext::builder().with_trust_store(trust_store()).build().expect("a TLS context without options");
        Self(Arc::new(Connectors { tls, built: RwLock::default() }))
    }

    /// How many connectors (TLS set-ups) were built so far.
    pub fn connectors_built(&self) -> usize {
        self.0.built.read().unwrap_or_else(|e| e.into_inner()).len()
    }

    fn connector(&self, timeouts: Timeouts, sleep: Option<SharedAsyncSleep>) -> SharedHttpConnector {
        if let Some(connector) = self.0.built.read().unwrap_or_else(|e| e.into_inner()).get(&timeouts) {
            return connector.clone();
        }
        let mut connectors = self.0.built.write().unwrap_or_else(|e| e.into_inner());
        let build = || {
            let mut settings = HttpConnectorSettings::builder();
            settings.set_connect_timeout(timeouts.0).set_read_timeout(timeouts.1);
            let mut builder = Connector::builder().connector_settings(settings.build());
            builder.set_sleep_impl(sleep);
            let connector = builder
                .proxy_config(ProxyConfig::from_env())
                .tls_provider(Provider::Rustls(CryptoMode::AwsLc))
                .tls_context(self.0.tls.clone())
                .build();
            SharedHttpConnector::new(connector)
        };
        connectors.entry(timeouts).or_insert_with(build).clone()
    }
}

impl Default for HttpsClient {
    fn default() -> Self {
        Self::new()
    }
}

/// The roots of Amazon Trust Services, which sign AWS's endpoints ([`crate::tls`]); the
/// system's CA bundle when an endpoint variable sends the SDK to another HTTPS server.
fn trust_store() -> TrustStore {
    if !tls::sdk_endpoint_overridden_with_https() {
        return TrustStore::empty().with_pem_certificate(tls::AMAZON_TRUST_SERVICES.as_bytes());
    }
    match tls::system_roots() {
        Some(roots) => TrustStore::empty().with_pem_certificate(roots.pem.as_slice()),
        None => TrustStore::default(),
    }
}

impl HttpClient for HttpsClient {
    fn http_connector(&self, settings: &HttpConnectorSettings, components: &RuntimeComponents) -> SharedHttpConnector {
        self.connector((settings.connect_timeout(), settings.read_timeout()), components.sleep_impl())
    }

    /// Called when a service client is constructed: the connector its requests will use
    /// (the same timeouts as `http_connector` gets) is built now if no client built it.
    fn validate_base_client_config(
        &self,
        components: &RuntimeComponentsBuilder,
        cfg: &ConfigBag,
    ) -> Result<(), BoxError> {
        let timeouts = cfg.load::<TimeoutConfig>();
        let timeouts =
            (timeouts.and_then(TimeoutConfig::connect_timeout), timeouts.and_then(TimeoutConfig::read_timeout));
        self.connector(timeouts, components.sleep_impl());
        Ok(())
    }

    fn connector_metadata(&self) -> Option<ConnectorMetadata> {
        Some(ConnectorMetadata::new("hyper", Some("1.x".into())))
    }
}

#[cfg(test)]
mod tests {
    use aws_credential_types::provider::ProvideCredentials;

    use super::*;

    fn lookup(pairs: &'static [(&'static str, &'static str)]) -> impl Fn(&str) -> Option<String> {
        move |name| pairs.iter().find(|(key, _)| *key == name).map(|(_, value)| value.to_string())
    }

    #[tokio::test]
    async fn lambda_credentials_and_region_come_from_the_environment() {
        let settings = EnvironmentSettings::read(lookup(&[
            ("AWS_ACCESS_KEY_ID", "ASIAEXAMPLE"),
            ("AWS_SECRET_ACCESS_KEY", "secret"),
            ("AWS_SESSION_TOKEN", "session"),
            ("AWS_REGION", "eu-west-1"),
            ("AWS_DEFAULT_REGION", "us-east-1"),
        ]));
        let shared = settings.apply(aws_config::defaults(BehaviorVersion::latest())).load().await;
        assert_eq!(shared.region().map(|r| r.as_ref()), Some("eu-west-1"), "AWS_REGION wins, as in the SDK");
        let credentials = shared.credentials_provider().expect("a provider").provide_credentials().await.unwrap();
        assert_eq!(
            (credentials.access_key_id(), credentials.secret_access_key(), credentials.session_token()),
            ("ASIAEXAMPLE", "secret", Some("session"))
        );
    }

    #[test]
    fn without_both_keys_or_a_region_the_default_chains_decide() {
        let settings = EnvironmentSettings::read(lookup(&[("AWS_ACCESS_KEY_ID", "AKIDONLY"), ("AWS_REGION", " ")]));
        assert_eq!(settings, EnvironmentSettings::default());
        let region_only = EnvironmentSettings::read(lookup(&[("AWS_DEFAULT_REGION", "eu-central-1")]));
        assert_eq!(region_only.region.as_ref().map(|r| r.as_ref()), Some("eu-central-1"));
        assert!(region_only.credentials.is_none());
    }

    #[tokio::test]
    async fn every_client_shares_one_tls_set_up_made_when_the_first_is_built() {
        let https = HttpsClient::new();
        let shared = aws_config::defaults(BehaviorVersion::latest())
            .region(aws_config::Region::new("eu-west-1"))
            .credentials_provider(aws_sdk_dynamodb::config::Credentials::new("AKIDTEST", "secret", None, None, "test"))
            .retry_config(aws_config::retry::RetryConfig::disabled())
            // Nothing listens there: the request fails once it is sent.
            .endpoint_url("http://127.0.0.1:9")
            .http_client(https.clone())
            .load()
            .await;
        assert_eq!(https.connectors_built(), 0);
        let dynamodb = aws_sdk_dynamodb::Client::new(&shared);
        assert_eq!(https.connectors_built(), 1, "set up with the first client, before any request");
        let (_s3, _sqs) = (s3_client(&shared), aws_sdk_sqs::Client::new(&shared));
        let sent = dynamodb.list_tables().send().await;
        assert!(sent.is_err(), "nothing listens on the discard port");
        assert_eq!(https.connectors_built(), 1, "the other clients and the request used it");
    }
}
