//! A tap in front of DynamoDB Local: a local HTTP proxy speaking DynamoDB's own JSON
//! protocol, through which a test's function talks to the real emulator. It lets a test
//! do what DynamoDB Local never does by itself:
//!
//! - answer an operation with a real DynamoDB error (`TransactionConflict` inside a
//!   `TransactionCanceledException`, `ConditionalCheckFailedException`), a number of times;
//! - run something just before an operation reaches the table (a real race: delete an
//!   item between a handler's read and its write);
//! - see every request and answer, to count round trips and the items each one read.

use std::{
    future::Future,
    pin::Pin,
    sync::{Arc, Mutex},
};

use axum::{
    body::{Body, Bytes},
    extract::State,
    http::{HeaderMap, Response, StatusCode},
};
use serde_json::{json, Value};

type Hook = Arc<dyn Fn(Value) -> Pin<Box<dyn Future<Output = ()> + Send>> + Send + Sync>;

/// What the tap does to the next matching requests.
#[derive(Clone)]
pub enum Fault {
    /// `TransactWriteItems` cancelled because another transaction held an item.
    TransactionConflict,
    /// The operation's condition did not hold.
    ConditionalCheckFailed,
    /// Runs the hook (with the request body) before forwarding the request unchanged.
    Before(Hook),
}

struct Rule {
    operation: String,
    /// Only requests whose body contains this text (e.g. a key) match.
    containing: Option<String>,
    remaining: usize,
    fault: Fault,
}

/// One request that went through the tap, and its answer.
#[derive(Debug, Clone)]
pub struct Exchange {
    /// `Query`, `GetItem`, `TransactWriteItems`, ...
    pub operation: String,
    pub request: Value,
    pub status: u16,
    pub response: Value,
    /// Whether the tap answered it itself (an injected fault).
    pub injected: bool,
}

impl Exchange {
    /// Items this request read from the table: a Query's scanned items, a GetItem's item,
    /// a BatchGetItem's items.
    pub fn items_read(&self) -> usize {
        match self.operation.as_str() {
            "Query" | "Scan" => self.response["ScannedCount"].as_u64().unwrap_or(0) as usize,
            "GetItem" => usize::from(self.response.get("Item").is_some()),
            "BatchGetItem" => self.response["Responses"]
                .as_object()
                .map(|tables| tables.values().filter_map(Value::as_array).map(Vec::len).sum())
                .unwrap_or(0),
            _ => 0,
        }
    }
}

#[derive(Default)]
struct Shared {
    rules: Vec<Rule>,
    log: Vec<Exchange>,
}

#[derive(Clone)]
struct Upstream {
    url: String,
    http: reqwest::Client,
    shared: Arc<Mutex<Shared>>,
}

/// A running tap. Point a DynamoDB client at [`DynamoTap::endpoint`].
pub struct DynamoTap {
    endpoint: String,
    shared: Arc<Mutex<Shared>>,
    server: tokio::task::JoinHandle<()>,
}

impl Drop for DynamoTap {
    fn drop(&mut self) {
        self.server.abort();
    }
}

impl DynamoTap {
    /// Starts a tap in front of `upstream` (e.g. `http://127.0.0.1:8100`).
    pub async fn start(upstream: &str) -> Self {
        let shared = Arc::new(Mutex::new(Shared::default()));
        let state = Upstream {
            url: upstream.trim_end_matches('/').to_string(),
            http: reqwest::Client::new(),
            shared: shared.clone(),
        };
        let app = axum::Router::new().fallback(forward).with_state(state);
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("binding a free port");
        let endpoint = format!("http://{}", listener.local_addr().expect("local address"));
        let server = tokio::spawn(async move {
            axum::serve(listener, app).await.expect("DynamoDB tap");
        });
        Self { endpoint, shared, server }
    }

    /// In front of the emulator the environment names (`AWS_ENDPOINT_URL_DYNAMODB`).
    pub async fn in_front_of_dynamodb() -> Self {
        let upstream = std::env::var("AWS_ENDPOINT_URL_DYNAMODB").expect("AWS_ENDPOINT_URL_DYNAMODB is set");
        Self::start(&upstream).await
    }

    pub fn endpoint(&self) -> &str {
        &self.endpoint
    }

    /// The next `times` requests of `operation` get `fault`.
    pub fn inject(&self, operation: &str, times: usize, fault: Fault) {
        self.inject_matching(operation, None, times, fault);
    }

    /// Like [`Self::inject`], for requests whose body contains `containing`.
    pub fn inject_matching(&self, operation: &str, containing: Option<&str>, times: usize, fault: Fault) {
        let mut shared = self.shared.lock().unwrap_or_else(|e| e.into_inner());
        shared.rules.push(Rule {
            operation: operation.to_string(),
            containing: containing.map(String::from),
            remaining: times,
            fault,
        });
    }

    /// A hook for [`Fault::Before`] from an async closure.
    pub fn hook<F, Fut>(hook: F) -> Fault
    where
        F: Fn(Value) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = ()> + Send + 'static,
    {
        Fault::Before(Arc::new(move |request| Box::pin(hook(request))))
    }

    /// Every exchange so far, oldest first.
    pub fn exchanges(&self) -> Vec<Exchange> {
        self.shared.lock().unwrap_or_else(|e| e.into_inner()).log.clone()
    }

    /// Forgets the exchanges so far (to measure one call).
    pub fn clear(&self) {
        self.shared.lock().unwrap_or_else(|e| e.into_inner()).log.clear();
    }

    /// How many faults injected so far were answered.
    pub fn injected(&self) -> usize {
        self.exchanges().iter().filter(|e| e.injected).count()
    }
}

fn operation_of(headers: &HeaderMap) -> String {
    headers
        .get("x-amz-target")
        .and_then(|v| v.to_str().ok())
        .and_then(|target| target.rsplit('.').next())
        .unwrap_or_default()
        .to_string()
}

fn error_answer(kind: &str, message: &str, extra: Value) -> (StatusCode, Value) {
    let mut body = json!({"__type": format!("com.amazonaws.dynamodb.v20120810#{kind}"), "message": message});
    if let (Some(body), Some(extra)) = (body.as_object_mut(), extra.as_object()) {
        body.extend(extra.clone());
    }
    (StatusCode::BAD_REQUEST, body)
}

fn injected_answer(operation: &str, request: &Value, fault: &Fault) -> Option<(StatusCode, Value)> {
    match fault {
        Fault::TransactionConflict => {
            let count = request["TransactItems"].as_array().map(Vec::len).unwrap_or(1);
            let reasons: Vec<Value> = (0..count)
                .map(|i| {
                    if i == 0 {
                        json!({"Code": "TransactionConflict", "Message": "Transaction is ongoing for the item"})
                    } else {
                        json!({"Code": "None"})
                    }
                })
                .collect();
            Some(error_answer(
                "TransactionCanceledException",
                "Transaction cancelled, please refer cancellation reasons for specific reasons [TransactionConflict]",
                json!({"CancellationReasons": reasons}),
            ))
        }
        Fault::ConditionalCheckFailed if operation == "TransactWriteItems" => {
            let count = request["TransactItems"].as_array().map(Vec::len).unwrap_or(1);
            let reasons: Vec<Value> = (0..count)
                .map(|i| {
                    if i == 0 {
                        json!({"Code": "ConditionalCheckFailed", "Message": "The conditional request failed"})
                    } else {
                        json!({"Code": "None"})
                    }
                })
                .collect();
            Some(error_answer(
                "TransactionCanceledException",
                "Transaction cancelled, please refer cancellation reasons for specific reasons [ConditionalCheckFailed]",
                json!({"CancellationReasons": reasons}),
            ))
        }
        Fault::ConditionalCheckFailed => {
            Some(error_answer("ConditionalCheckFailedException", "The conditional request failed", json!({})))
        }
        Fault::Before(_) => None,
    }
}

async fn forward(State(upstream): State<Upstream>, headers: HeaderMap, body: Bytes) -> Response<Body> {
    let operation = operation_of(&headers);
    let request: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    let text = String::from_utf8_lossy(&body).into_owned();
    let fault = {
        let mut shared = upstream.shared.lock().unwrap_or_else(|e| e.into_inner());
        let rule = shared.rules.iter_mut().find(|rule| {
            rule.remaining > 0
                && rule.operation == operation
                && rule.containing.as_deref().is_none_or(|needle| text.contains(needle))
        });
        rule.map(|rule| {
            rule.remaining -= 1;
            rule.fault.clone()
        })
    };
    if let Some(fault) = &fault {
        if let Some((status, answer)) = injected_answer(&operation, &request, fault) {
            upstream.shared.lock().unwrap_or_else(|e| e.into_inner()).log.push(Exchange {
                operation,
                request,
                status: status.as_u16(),
                response: answer.clone(),
                injected: true,
            });
            return Response::builder()
                .status(status)
                .header("content-type", "application/x-amz-json-1.0")
                .body(Body::from(answer.to_string()))
                .expect("response");
        }
        if let Fault::Before(hook) = fault {
            hook(request.clone()).await;
        }
    }
    let mut forwarded = upstream.http.post(&upstream.url).body(body.clone());
    for (name, value) in &headers {
        if name != "host" && name != "content-length" {
            forwarded = forwarded.header(name, value);
        }
    }
    let answer = match forwarded.send().await {
        Ok(answer) => answer,
        Err(error) => {
            return Response::builder()
                .status(StatusCode::BAD_GATEWAY)
                .body(Body::from(format!("DynamoDB tap: {error}")))
                .expect("response")
        }
    };
    let status = answer.status();
    let answer_headers = answer.headers().clone();
    let bytes = answer.bytes().await.unwrap_or_default();
    upstream.shared.lock().unwrap_or_else(|e| e.into_inner()).log.push(Exchange {
        operation,
        request,
        status: status.as_u16(),
        response: serde_json::from_slice(&bytes).unwrap_or(Value::Null),
        injected: false,
    });
    let mut response = Response::builder().status(status.as_u16());
    for (name, value) in &answer_headers {
        if name != "content-length" && name != "transfer-encoding" {
            response = response.header(name.as_str(), value.as_bytes());
        }
    }
    response.body(Body::from(bytes)).expect("response")
}
