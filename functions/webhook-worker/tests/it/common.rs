use std::{
    io::{BufRead, BufReader},
    process::{Child, Command, Stdio},
    sync::Arc,
    time::Duration,
};

use serde_json::Value;
pub use storyhive_local_stack::testkit::client::*;
use storyhive_local_stack::{
    provision::{MAIL_QUEUE, WEBHOOK_QUEUE},
    testkit::{workspace_root, TestStack},
};
use storyhive_shared::mail::SesMailer;
use storyhive_webhook_worker::WebhookWorker;

/// The webhooks routes, the accounts routes (to sign in), and the webhook and mail workers
/// run as SQS delivers their messages. Loopback receivers are allowed, by the explicit
/// test setting only (`webhooks_allow_loopback`, `STORYHIVE_WEBHOOKS_ALLOW_LOOPBACK` in a
/// function's environment; template.yaml never sets it).
pub async fn stack() -> TestStack {
    let stack = TestStack::start("WebhooksFunction", |mut context| {
        Arc::make_mut(&mut context.config).webhooks_allow_loopback = true;
        storyhive_webhooks::router(context)
    })
    .await
    .with_function("AccountsFunction", storyhive_accounts::router);
    let mail = stack.function_context("MailWorkerFunction");
    let mailer = SesMailer::new(
        stack.function_clients("MailWorkerFunction").ses,
        mail.config.ses_sender().expect("the mail worker's SES_SENDER"),
    );
    let webhooks = worker(&stack);
    stack
        .with_worker(WEBHOOK_QUEUE, storyhive_local_stack::worker_handler!(webhooks, storyhive_webhook_worker::handle))
        .with_worker(MAIL_QUEUE, storyhive_local_stack::worker_handler!(mailer, storyhive_mail_worker::handle))
}

/// The worker of its function's context, allowed to reach loopback receivers.
pub fn worker(stack: &TestStack) -> WebhookWorker {
    let mut worker = WebhookWorker::new(&stack.function_context("WebhookWorkerFunction"));
    worker.allow_loopback = true;
    worker
}

/// The test receiver (a Python process), stopped when dropped.
pub struct Receiver {
    child: Child,
    pub base: String,
}

impl Receiver {
    pub fn start() -> Self {
        let python = std::env::var("STORYHIVE_WEBHOOK_RECEIVER_PYTHON")
            .unwrap_or_else(|_| workspace_root().join(".venv/bin/python").display().to_string());
        let mut child = Command::new(&python)
            .arg(workspace_root().join("infra/scripts/webhook_receiver.py"))
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap_or_else(|e| panic!("starting the webhook receiver with {python}: {e}"));
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        let port = line.trim().strip_prefix("PORT ").unwrap_or_else(|| panic!("the receiver said {line:?}"));
        Self { child, base: format!("http://127.0.0.1:{port}") }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// What it received, each with whether its signature verifies with `secret`.
    pub async fn log(&self, secret: &str) -> Vec<Value> {
        let url =
            format!("{}/_log?secret={}", self.base, secret.replace('+', "%2B").replace('/', "%2F").replace('=', "%3D"));
        reqwest::get(url).await.unwrap().json::<Vec<Value>>().await.unwrap()
    }

    /// Runs the stack's workers until the receiver has `count` requests (60 s at most).
    pub async fn wait_for(&self, stack: &TestStack, secret: &str, count: usize) -> Vec<Value> {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
        loop {
            let log = self.log(secret).await;
            if log.len() >= count {
                return log;
            }
            assert!(tokio::time::Instant::now() < deadline, "expected {count} requests, received {log:?}");
            stack.run_workers().await.unwrap();
        }
    }
}

impl Drop for Receiver {
    fn drop(&mut self) {
        self.child.kill().ok();
        self.child.wait().ok();
    }
}

/// Adds an endpoint; returns its id and its secret.
pub async fn endpoint(stack: &TestStack, staff: &Staff, url: &str, kind: &str, events: &[&str]) -> (String, String) {
    let (status, body) =
        staff.post(stack, "/webhooks/endpoints", serde_json::json!({"url": url, "kind": kind, "events": events})).await;
    assert_eq!(status, reqwest::StatusCode::CREATED, "{body}");
    (body["endpoint"]["id"].as_str().unwrap().to_string(), body["secret"].as_str().unwrap().to_string())
}
