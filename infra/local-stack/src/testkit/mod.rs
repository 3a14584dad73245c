//! Integration-test harness: real emulators (DynamoDB Local, moto), resources
//! provisioned from `template.yaml`, functions' routers served over HTTP on a free
//! port, and their workers run on demand. Every test registers its own organisation
//! with its own addresses, so tests share the resources and still own their data.
//!
//! Each function runs as in the cloud: with the config ITS environment in
//! `template.yaml` gives it (`Globals` + its own `Environment`), and with its own AWS
//! clients, which record every operation. When the stack is dropped (or on
//! [`TestStack::assert_permissions`]) each recorded operation is checked against that
//! function's `Policies` in the template: a grant missing in `template.yaml` fails the
//! test here instead of in AWS.

use std::{
    collections::BTreeMap,
    path::PathBuf,
    sync::{Arc, Mutex, OnceLock, RwLock},
    time::Duration,
};

pub mod client;
pub mod collaborators;
pub mod fake_llm;
pub mod media;
pub mod tap;

use anyhow::Context;
use storyhive_shared::{aws::AwsClients, AppContext, Config};
use tokio::sync::OnceCell;

use crate::{
    iam::FunctionPolicy,
    mailbox::{self, SentMail},
    provision::{self, LocalResources, CASCADE_QUEUE, MAIL_QUEUE, MEDIA_BUCKET, MEDIA_QUEUE, TABLE, VIDEO_BUCKET},
    recorder::{self, Recorder},
    template::Template,
    worker::{Handler, Worker},
};

pub const TEST_SES_SENDER: &str = "no-reply@storyhive.test";
pub const TEST_APP_BASE_URL: &str = "http://app.storyhive.test";
/// The local value of the `SupportEmail` parameter in tests (support@ the sender's domain).
pub const TEST_SUPPORT_EMAIL: &str = "support@storyhive.test";
/// The tests of a binary share its queues and poll them at once from many stacks. Twice in
/// full runs a take's media message was received and never handled (no outcome logged), then
/// stayed hidden for the media queue's 900 s while the test waited 240 s. A batch a poll took
/// and lost comes back after this instead; longer than any handling in the tests, and the
/// workers' leases make a second delivery of a message still being handled harmless.
pub const TEST_RECEIVE_VISIBILITY_SECONDS: i32 = 120;

static RESOURCES: OnceCell<LocalResources> = OnceCell::const_new();
static TEMPLATE: OnceLock<Arc<Template>> = OnceLock::new();

/// The workspace root (where `template.yaml` lives).
pub fn workspace_root() -> PathBuf {
    let mut dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    while !dir.join("template.yaml").exists() {
        assert!(dir.pop(), "template.yaml not found above {}", env!("CARGO_MANIFEST_DIR"));
    }
    dir
}

/// The workspace's `template.yaml`, parsed once.
pub fn template() -> Arc<Template> {
    TEMPLATE
        .get_or_init(|| {
            Arc::new(Template::load(&workspace_root().join("template.yaml")).expect("template.yaml parses"))
        })
        .clone()
}

/// What the test command provisioned once for every test process (`STORYHIVE_TEST_RESOURCES`,
/// written by `storyhive-local provision --resources-file`), when it is for this prefix and
/// sender: with one process per test, each creating the table would race the others.
fn provisioned_by_the_test_command(prefix: &str) -> Option<LocalResources> {
    let path = std::env::var_os("STORYHIVE_TEST_RESOURCES")?;
    let text = std::fs::read(&path).ok()?;
    let resources: LocalResources = serde_json::from_slice(&text).ok()?;
    (resources.prefix == prefix && resources.ses_sender == TEST_SES_SENDER).then_some(resources)
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

/// The harness's HTTP client. Each stack is its own client address (an
/// `X-Forwarded-For` the local router trusts from this machine), so per-client limits of
/// one test never meet another's.
fn test_client() -> reqwest::Client {
    // 24 random bits (16.7 million addresses): three characters of an id gave only 32,768,
    // and a stack that met the address a lockout test had locked out was refused sign-in.
    use std::hash::BuildHasher;
    let bits = std::collections::hash_map::RandomState::new().hash_one(storyhive_shared::model::new_id());
    let [_, a, b, c] = (bits as u32).to_be_bytes();
    let address = format!("10.{a}.{b}.{c}");
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert("x-forwarded-for", reqwest::header::HeaderValue::from_str(&address).expect("an address"));
    reqwest::Client::builder().default_headers(headers).build().expect("HTTP client")
}

/// One function of the template as a test runs it.
#[derive(Clone)]
struct Function {
    context: AppContext,
    clients: AwsClients,
    recorder: Recorder,
}

pub struct TestStack {
    /// The harness's own clients (not recorded): for a test to arrange and inspect state.
    pub clients: AwsClients,
    pub resources: LocalResources,
    /// The harness's own context, naming every resource, not recorded nor checked: for a
    /// test to arrange data and inspect results. The functions under test never get it:
    /// they get [`TestStack::function_context`].
    pub context: AppContext,
    pub template: Arc<Template>,
    /// Base URL of the routers under test, e.g. `http://127.0.0.1:41234`.
    pub base_url: String,
    pub http: reqwest::Client,
    workers: Vec<Worker>,
    moto: String,
    sdk: aws_config::SdkConfig,
    functions: Mutex<BTreeMap<String, Function>>,
    /// Functions whose DynamoDB client goes through a [`tap::DynamoTap`] (endpoint).
    taps: Mutex<BTreeMap<String, String>>,
    app: Arc<RwLock<axum::Router>>,
    server: tokio::task::JoinHandle<()>,
}

impl Drop for TestStack {
    fn drop(&mut self) {
        self.server.abort();
        self.log_accesses();
        if !std::thread::panicking() {
            self.assert_permissions();
        }
    }
}

impl TestStack {
    /// Serves `build(context)`, the router of the template's function `function_logical_id`
    /// (e.g. `"CampaignsFunction"`) built with that function's own context, on a free port
    /// against freshly provisioned resources.
    pub async fn start(function_logical_id: &str, build: impl FnOnce(AppContext) -> axum::Router) -> Self {
        Self::start_tapped(function_logical_id, None, build).await
    }

    /// Like [`Self::start`], with the function's DynamoDB calls going through `tap`.
    pub async fn start_tapped(
        function_logical_id: &str,
        tap: Option<&tap::DynamoTap>,
        build: impl FnOnce(AppContext) -> axum::Router,
    ) -> Self {
        let stack = Self::start_empty().await;
        if let Some(tap) = tap {
            stack.tap(function_logical_id, tap);
        }
        stack.with_function(function_logical_id, build)
    }

    /// Sends the DynamoDB calls of the function `logical_id` through `tap`. Call it before
    /// the function's context is first used.
    pub fn tap(&self, logical_id: &str, tap: &tap::DynamoTap) {
        assert!(
            !self.functions.lock().unwrap_or_else(|e| e.into_inner()).contains_key(logical_id),
            "tap {logical_id} before its context is used"
        );
        self.taps.lock().unwrap_or_else(|e| e.into_inner()).insert(logical_id.into(), tap.endpoint().into());
    }

    async fn start_empty() -> Self {
        default_test_environment();
        // Internal errors are logged, not returned: show them in the test's output.
        storyhive_shared::telemetry::init();
        let sdk = storyhive_shared::aws::sdk_config().await;
        let clients = AwsClients::new(&sdk);
        let prefix = std::env::var("STORYHIVE_PREFIX").unwrap_or_else(|_| "storyhive-test".into());
        let resources = RESOURCES
            .get_or_try_init(|| async {
                let template = workspace_root().join("template.yaml");
                if let Some(provisioned) = provisioned_by_the_test_command(&prefix) {
                    // One process per test (cargo-nextest): the tables made once, the rest its own.
                    let own = format!("{prefix}-{}", storyhive_shared::ids::new_id().to_lowercase());
                    return provision::provision_beside(&clients, &template, &own, &provisioned).await;
                }
                provision::provision(&clients, &template, &prefix, TEST_SES_SENDER).await
            })
            .await
            .expect(
                "provisioning the test emulators (are they running? infra/scripts/emulators.sh start --profile test)",
            )
            .clone();
        let context = AppContext::new(everything(&resources), &clients);
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("binding a free port");
        let base_url = format!("http://{}", listener.local_addr().expect("local address"));
        let app = Arc::new(RwLock::new(axum::Router::new()));
        // Routers can be added after the server starts (`with_function`): each request is
        // served by the router as it is then.
        let served = app.clone();
        let service = tower::service_fn(move |request: axum::extract::Request| {
            let router = served.read().unwrap_or_else(|e| e.into_inner()).clone();
            tower::ServiceExt::oneshot(router, request)
        });
        let server = tokio::spawn(async move {
            axum::serve(listener, axum::Router::new().fallback_service(service)).await.expect("test server");
        });
        Self {
            clients,
            resources,
            context,
            template: template(),
            base_url,
            http: test_client(),
            workers: Vec::new(),
            moto: mailbox::ses_endpoint().expect("AWS_ENDPOINT_URL is set"),
            sdk,
            functions: Mutex::new(BTreeMap::new()),
            taps: Mutex::new(BTreeMap::new()),
            app,
            server,
        }
    }

    /// Also serves another function's router, built with that function's own context, on
    /// the same port (as API Gateway routes each path to its function).
    pub fn with_function(self, function_logical_id: &str, build: impl FnOnce(AppContext) -> axum::Router) -> Self {
        let router = build(self.function_context(function_logical_id));
        {
            let mut app = self.app.write().unwrap_or_else(|e| e.into_inner());
            *app = std::mem::take(&mut *app).merge(router);
        }
        self
    }

    /// The context of the template's function `logical_id` (e.g. `"CascadeWorkerFunction"`):
    /// its own config from its environment in `template.yaml` and its own recorded clients.
    /// The same function always gets the same context.
    pub fn function_context(&self, logical_id: &str) -> AppContext {
        self.function(logical_id).context
    }

    /// The AWS clients of the template's function `logical_id` (recorded and checked like
    /// its context's), e.g. for the mail worker's SES client.
    pub fn function_clients(&self, logical_id: &str) -> AwsClients {
        self.function(logical_id).clients
    }

    /// An Amazon Transcribe client of the function `logical_id` (recorded and checked like
    /// its other clients), against moto's Transcribe.
    pub fn function_transcribe(&self, logical_id: &str) -> aws_sdk_transcribe::Client {
        let recorder = self.function(logical_id).recorder;
        aws_sdk_transcribe::Client::from_conf(
            aws_sdk_transcribe::config::Builder::from(&self.sdk).interceptor(recorder.interceptor()).build(),
        )
    }

    /// A Secrets Manager client of the function `logical_id` (recorded and checked like its
    /// other clients), against moto's.
    pub fn function_secrets_manager(&self, logical_id: &str) -> aws_sdk_secretsmanager::Client {
        let recorder = self.function(logical_id).recorder;
        aws_sdk_secretsmanager::Client::from_conf(
            aws_sdk_secretsmanager::config::Builder::from(&self.sdk).interceptor(recorder.interceptor()).build(),
        )
    }

    /// The harness's own Secrets Manager client (not recorded), to arrange secrets.
    pub fn secrets_manager(&self) -> aws_sdk_secretsmanager::Client {
        aws_sdk_secretsmanager::Client::new(&self.sdk)
    }

    fn function(&self, logical_id: &str) -> Function {
        let mut functions = self.functions.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(function) = functions.get(logical_id) {
            return function.clone();
        }
        let config = self
            .resources
            .function_config(&self.template, logical_id, TEST_APP_BASE_URL)
            .unwrap_or_else(|e| panic!("{e:#}"));
        let recorder = Recorder::for_function(logical_id);
        let mut clients = recorder::recorded_clients(&self.sdk, &recorder);
        if let Some(endpoint) = self.taps.lock().unwrap_or_else(|e| e.into_inner()).get(logical_id) {
            clients.dynamodb = aws_sdk_dynamodb::Client::from_conf(
                aws_sdk_dynamodb::config::Builder::from(&self.sdk)
                    .endpoint_url(endpoint)
                    .interceptor(recorder.interceptor())
                    .build(),
            );
        }
        let function = Function { context: AppContext::new(config, &clients), clients, recorder };
        functions.insert(logical_id.to_string(), function.clone());
        function
    }

    /// The function's context with its DynamoDB calls going through `tap` (recorded and
    /// checked like the function's own).
    pub fn function_context_through(&self, logical_id: &str, tap: &tap::DynamoTap) -> AppContext {
        let function = self.function(logical_id);
        let mut clients = function.clients.clone();
        clients.dynamodb = aws_sdk_dynamodb::Client::from_conf(
            aws_sdk_dynamodb::config::Builder::from(&self.sdk)
                .endpoint_url(tap.endpoint())
                .interceptor(function.recorder.interceptor())
                .build(),
        );
        AppContext::new((*function.context.config).clone(), &clients)
    }

    /// Serves `router` on a port of its own (e.g. a function built with a tapped
    /// context beside the stack's); returns its base URL.
    pub async fn serve_separately(&self, router: axum::Router) -> String {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("binding a free port");
        let url = format!("http://{}", listener.local_addr().expect("local address"));
        tokio::spawn(async move {
            axum::serve(listener, router).await.expect("separate test server");
        });
        url
    }

    /// What the function `logical_id` did with AWS so far, each distinct access once.
    pub fn recorded(&self, logical_id: &str) -> Vec<recorder::Access> {
        self.function(logical_id).recorder.accesses()
    }

    /// The writes to answer items the function `logical_id` made so far, in order, in any
    /// test stack of this process (a worker of another test's stack may have taken this
    /// test's message from the shared queue): filter them by the answer's sort key.
    pub fn answer_writes(&self, logical_id: &str) -> Vec<recorder::AnswerWrite> {
        recorder::answer_writes_in_process(logical_id)
    }

    /// With `STORYHIVE_ACCESS_LOG=<file>`, appends every action each function performed
    /// (`<function> <action> <resource>` per line): a whole test run then shows which
    /// granted actions a function never uses (`infra/scripts/unused-grants.sh`).
    fn log_accesses(&self) {
        let Some(path) = std::env::var_os("STORYHIVE_ACCESS_LOG") else { return };
        let functions = self.functions.lock().unwrap_or_else(|e| e.into_inner()).clone();
        let mut lines = String::new();
        for (id, function) in &functions {
            for access in function.recorder.accesses() {
                if let Ok((request, resource)) = access.request(&self.resources) {
                    lines.push_str(&format!("{id} {} {resource}\n", request.action));
                }
            }
        }
        use std::io::Write;
        if let Ok(mut file) = std::fs::OpenOptions::new().create(true).append(true).open(path) {
            let _ = file.write_all(lines.as_bytes());
        }
    }

    /// Checks every AWS operation each function performed so far against that function's
    /// `Policies` in `template.yaml`; panics listing every missing grant (function, IAM
    /// action, resource). Dropping the stack calls it.
    pub fn assert_permissions(&self) {
        let functions = self.functions.lock().unwrap_or_else(|e| e.into_inner()).clone();
        let mut missing = BTreeMap::new();
        for (id, function) in &functions {
            let policy = FunctionPolicy::of(&self.template, id, &self.resources).unwrap_or_else(|e| panic!("{e:#}"));
            for access in function.recorder.accesses() {
                match access.request(&self.resources) {
                    Ok((request, resource)) if !policy.allows(&request) => {
                        missing
                            .entry(format!("{id}: {} on {resource}", request.action))
                            .or_insert(format!("({}, e.g. {})", access.operation, request.resource));
                    }
                    Ok(_) => {}
                    Err(why) => {
                        missing.insert(format!("{id}: {why}"), String::new());
                    }
                }
            }
        }
        if !missing.is_empty() {
            let lines: Vec<String> = missing.into_iter().map(|(what, example)| format!("  {what} {example}")).collect();
            panic!(
                "template.yaml does not grant what the functions did (add these to their Policies):\n{}",
                lines.join("\n")
            );
        }
    }

    /// Registers the worker that consumes the queue `logical_id` of the template. Its receives
    /// hide a batch for [`TEST_RECEIVE_VISIBILITY_SECONDS`], not the queue's 15 minutes.
    pub fn with_worker(mut self, logical_id: &str, handler: Handler) -> Self {
        let queue = self.resources.queue(logical_id).expect("queue in template.yaml").clone();
        self.workers.push(Worker {
            name: logical_id.into(),
            queue_url: queue.url,
            queue_arn: queue.arn,
            handler,
            receive_visibility_seconds: Some(TEST_RECEIVE_VISIBILITY_SECONDS),
        });
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

/// The harness's own config: every resource of the template.
fn everything(resources: &LocalResources) -> Config {
    Config {
        table_name: resources.tables.get(TABLE).expect("template.yaml has AppTable").clone(),
        mail_queue_url: resources.queues.get(MAIL_QUEUE).map(|q| q.url.clone()),
        cascade_queue_url: resources.queues.get(CASCADE_QUEUE).map(|q| q.url.clone()),
        video_bucket: resources.buckets.get(VIDEO_BUCKET).cloned(),
        ses_sender: Some(TEST_SES_SENDER.into()),
        app_base_url: TEST_APP_BASE_URL.into(),
        support_email: Some(TEST_SUPPORT_EMAIL.into()),
        media_bucket: resources.buckets.get(MEDIA_BUCKET).cloned(),
        published_bucket: resources.buckets.get(provision::PUBLISHED_BUCKET).cloned(),
        edge_distribution_id: resources.distributions.get(provision::WEB_DISTRIBUTION).cloned(),
        ai: Default::default(),
        media_queue_url: resources.queues.get(MEDIA_QUEUE).map(|q| q.url.clone()),
        video_processing_api_key: Some(provision::LOCAL_VIDEO_PROCESSING_API_KEY.into()),
        transcription_engine: None,
        webhook_queue_url: resources.queues.get(provision::WEBHOOK_QUEUE).map(|q| q.url.clone()),
        webhooks_allow_loopback: false,
    }
}

/// A unique work address for one test.
pub fn unique_email(label: &str) -> String {
    format!("{label}-{}@acme-films.com", storyhive_shared::model::new_id().to_lowercase())
}

/// The webhook events an organisation's actions recorded that no webhook worker has handed
/// on yet (the sparse index of pending events), oldest first: in a stack without the worker,
/// every event made, so a test counts that a fact made one event.
pub async fn pending_webhook_events(
    stack: &TestStack,
    tenant_id: &str,
) -> Vec<storyhive_shared::webhooks::EventRecord> {
    use storyhive_shared::storage::{keys, Query};
    let pending: Vec<storyhive_shared::webhooks::EventRecord> = stack
        .context
        .store
        .query(Query::gsi2(keys::webhook_events_pending_gsi2()))
        .await
        .expect("reading the pending webhook events");
    pending.into_iter().filter(|e| e.tenant_id == tenant_id).collect()
}

/// The names of those events' types, in the order they were made.
pub async fn pending_webhook_event_types(stack: &TestStack, tenant_id: &str) -> Vec<&'static str> {
    pending_webhook_events(stack, tenant_id).await.iter().map(|e| e.data.event_type().name()).collect()
}
