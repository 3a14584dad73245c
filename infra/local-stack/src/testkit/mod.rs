//! Integration-test harness: real emulators (DynamoDB Local, moto), resources
//! provisioned from `template.yaml`, a function's router served over HTTP on a free
//! port, and its workers run on demand. Every test registers its own organisation
//! with its own addresses, so tests share the resources and still own their data.

use std::{path::PathBuf, time::Duration};

pub mod client;

use anyhow::Context;
use storyhive_shared::{aws::AwsClients, AppContext};
use tokio::sync::OnceCell;

use crate::{
    mailbox::{self, SentMail},
    provision::{self, LocalResources},
    worker::{Handler, Worker},
};

pub const TEST_SES_SENDER: &str = "no-reply@storyhive.test";
pub const TEST_APP_BASE_URL: &str = "http://app.storyhive.test";

static RESOURCES: OnceCell<LocalResources> = OnceCell::const_new();

/// The workspace root (where `template.yaml` lives).
pub fn workspace_root() -> PathBuf {
    let mut dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    while !dir.join("template.yaml").exists() {
        assert!(dir.pop(), "template.yaml not found above {}", env!("CARGO_MANIFEST_DIR"));
    }
    dir
}

/// Points the SDK at the test emulators unless the environment already does
/// (`infra/scripts/test.sh` sets these; the defaults match its test profile).
fn default_test_environment() {
    let defaults = [
        ("AWS_REGION", "eu-west-1"),
        ("AWS_ACCESS_KEY_ID", "local"),
        ("AWS_SECRET_ACCESS_KEY", "local"),
        ("AWS_ENDPOINT_URL", "http://127.0.0.1:4666"),
        ("AWS_ENDPOINT_URL_DYNAMODB", "http://127.0.0.1:8100"),
    ];
    for (name, value) in defaults {
        if std::env::var_os(name).is_none() {
            // SAFETY: runs before any client reads the environment; tests only ever set
            // the same values, so concurrent calls cannot observe a different one.
            unsafe { std::env::set_var(name, value) };
        }
    }
}

pub struct TestStack {
    pub clients: AwsClients,
    pub resources: LocalResources,
    pub context: AppContext,
    /// Base URL of the router under test, e.g. `http://127.0.0.1:41234`.
    pub base_url: String,
    pub http: reqwest::Client,
    workers: Vec<Worker>,
    moto: String,
    server: tokio::task::JoinHandle<()>,
}

impl Drop for TestStack {
    fn drop(&mut self) {
        self.server.abort();
    }
}

impl TestStack {
    /// Serves `build(context)` on a free port against freshly provisioned resources.
    pub async fn start(build: impl FnOnce(AppContext) -> axum::Router) -> Self {
        default_test_environment();
        // Internal errors are logged, not returned: show them in the test's output.
        storyhive_shared::telemetry::init();
        let clients = AwsClients::from_env().await;
        let prefix = std::env::var("STORYHIVE_PREFIX").unwrap_or_else(|_| "storyhive-test".into());
        let resources = RESOURCES
            .get_or_try_init(|| async {
                provision::provision(&clients, &workspace_root().join("template.yaml"), &prefix, TEST_SES_SENDER).await
            })
            .await
            .expect(
                "provisioning the test emulators (are they running? infra/scripts/emulators.sh start --profile test)",
            )
            .clone();
        let config = resources.config(TEST_APP_BASE_URL, TEST_SES_SENDER).expect("config from provisioned resources");
        let context = AppContext::new(config, &clients);
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("binding a free port");
        let base_url = format!("http://{}", listener.local_addr().expect("local address"));
        let app = build(context.clone());
        let server = tokio::spawn(async move {
            axum::serve(listener, app).await.expect("test server");
        });
        Self {
            clients,
            resources,
            context,
            base_url,
            http: reqwest::Client::new(),
            workers: Vec::new(),
            moto: mailbox::ses_endpoint().expect("AWS_ENDPOINT_URL is set"),
            server,
        }
    }

    /// Registers the worker that consumes the queue `logical_id` of the template.
    pub fn with_worker(mut self, logical_id: &str, handler: Handler) -> Self {
        let queue = self.resources.queue(logical_id).expect("queue in template.yaml").clone();
        self.workers.push(Worker { name: logical_id.into(), queue_url: queue.url, queue_arn: queue.arn, handler });
        self
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.base_url, path)
    }

    /// Runs every registered worker on whatever its queue holds now.
    pub async fn run_workers(&self) -> anyhow::Result<usize> {
        let mut handled = 0;
        for worker in &self.workers {
            handled += worker.poll_once(&self.clients.sqs, 1).await?;
        }
        Ok(handled)
    }

    /// Every e-mail SES was asked to send to `to`, newest first.
    pub async fn mail_to(&self, to: &str) -> anyhow::Result<Vec<SentMail>> {
        Ok(mailbox::sent_mail(&self.http, &self.moto)
            .await?
            .into_iter()
            .filter(|m| m.to.iter().any(|t| t.eq_ignore_ascii_case(to)))
            .collect())
    }

    /// Runs the workers until `count` e-mails to `to` have been sent (60 s at most);
    /// returns them newest first.
    pub async fn wait_for_mail(&self, to: &str, count: usize) -> anyhow::Result<Vec<SentMail>> {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
        loop {
            let mail = self.mail_to(to).await?;
            if mail.len() >= count {
                return Ok(mail);
            }
            if tokio::time::Instant::now() > deadline {
                return Err(anyhow::anyhow!("expected {count} e-mail(s) to {to}, found {}", mail.len()));
            }
            self.run_workers().await.context("running workers")?;
        }
    }
}

/// A unique work address for one test.
pub fn unique_email(label: &str) -> String {
    format!("{label}-{}@acme-films.com", storyhive_shared::model::new_id().to_lowercase())
}
