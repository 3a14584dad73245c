//! A fake language model that speaks the real wire protocols: OpenAI chat completions
//! (`POST /v1/chat/completions`) and Amazon Bedrock's Converse (`POST /model/{id}/converse`,
//! what `aws-sdk-bedrockruntime` sends when its endpoint points here). Tests read what it
//! was asked and choose how it answers (text, garbage, slowness, errors); the local stack
//! runs it with `storyhive-local fake-llm`. Its answers say that they come from a fake.

use std::{
    net::SocketAddr,
    sync::{Arc, Mutex},
    time::Duration,
};

use axum::{
    extract::{Path, State},
    http::StatusCode,
    response::{IntoResponse, Response},
    routing::post,
    Json, Router,
};
use serde_json::{json, Value};

/// How the fake answers the next calls.
#[derive(Debug, Clone, PartialEq)]
pub enum Behaviour {
    /// Answers in the shape each task asks for, built from the prompt (the default).
    Helpful,
    /// This exact text as the model's message.
    Text(String),
    /// A 200 whose body is not the protocol's answer.
    Garbage,
    /// Waits this long, then answers helpfully.
    Slow(Duration),
    /// Fails with this HTTP status.
    Status(u16),
}

/// One request the fake received.
#[derive(Debug, Clone)]
pub struct Exchange {
    /// `openai` or `bedrock`.
    pub protocol: &'static str,
    pub model: String,
    pub system: String,
    pub user: String,
}

#[derive(Debug)]
struct Inner {
    behaviour: Behaviour,
    exchanges: Vec<Exchange>,
    regenerated: usize,
    /// Texts answered first, one per call, before the behaviour applies again.
    queued: std::collections::VecDeque<String>,
}

#[derive(Debug, Clone)]
pub struct FakeLlm {
    pub address: SocketAddr,
    inner: Arc<Mutex<Inner>>,
}

impl FakeLlm {
    /// On a free port of 127.0.0.1, served in the background for the life of the runtime.
    pub async fn start() -> Self {
        Self::start_on(SocketAddr::from(([127, 0, 0, 1], 0))).await.expect("the fake model binds a free port")
    }

    pub async fn start_on(address: SocketAddr) -> std::io::Result<Self> {
        let listener = tokio::net::TcpListener::bind(address).await?;
        let fake = Self {
            address: listener.local_addr()?,
            inner: Arc::new(Mutex::new(Inner {
                behaviour: Behaviour::Helpful,
                exchanges: Vec::new(),
                regenerated: 0,
                queued: Default::default(),
            })),
        };
        let app = fake.router();
        tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        Ok(fake)
    }

    /// The routes, for a caller that serves them itself.
    pub fn router(&self) -> Router {
        Router::new()
            .route("/v1/chat/completions", post(chat_completions))
            .route("/model/{model_id}/converse", post(converse))
            .with_state(self.clone())
    }

    /// `AI_BASE_URL` for the OpenAI-compatible adapter.
    pub fn openai_base_url(&self) -> String {
        format!("http://{}/v1", self.address)
    }

    /// The endpoint override for the Bedrock adapter.
    pub fn bedrock_endpoint(&self) -> String {
        format!("http://{}", self.address)
    }

    pub fn behave(&self, behaviour: Behaviour) {
        self.lock().behaviour = behaviour;
    }

    /// Answers the next calls with these texts, one each, then as [`Self::behave`] says
    /// (a model that ignores its instructions once, then does better).
    pub fn answer_next(&self, texts: impl IntoIterator<Item = impl Into<String>>) {
        self.lock().queued.extend(texts.into_iter().map(Into::into));
    }

    /// Every request so far, oldest first.
    pub fn exchanges(&self) -> Vec<Exchange> {
        self.lock().exchanges.clone()
    }

    pub fn last(&self) -> Option<Exchange> {
        self.lock().exchanges.last().cloned()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Records the exchange and decides the answer: `Ok(text)` or a ready response.
    async fn answer(&self, exchange: Exchange) -> Result<String, Behaviour> {
        let behaviour = {
            let mut inner = self.lock();
            inner.exchanges.push(exchange.clone());
            if exchange.user.contains("Question to replace:") {
                inner.regenerated += 1;
            }
            match inner.queued.pop_front() {
                Some(text) => Behaviour::Text(text),
                None => inner.behaviour.clone(),
            }
        };
        match behaviour {
            Behaviour::Helpful => Ok(self.helpful(&exchange)),
            Behaviour::Text(text) => Ok(text),
            Behaviour::Slow(wait) => {
                tokio::time::sleep(wait).await;
                Ok(self.helpful(&exchange))
            }
            other => Err(other),
        }
    }

    fn helpful(&self, exchange: &Exchange) -> String {
        let line = |label: &str| {
            exchange.user.lines().find_map(|l| l.strip_prefix(label)).map(|v| v.trim().to_string()).unwrap_or_default()
        };
        if exchange.system.contains("JSON") {
            let keyword: String =
                line("Keywords:").split(',').next().unwrap_or("").trim().chars().take(16).collect::<String>();
            let keyword = if keyword.is_empty() { "this".to_string() } else { keyword };
            let templates = [
                "What first drew you to {}?",
                "Tell us about a day with {}.",
                "Who taught you most about {}?",
                "What would you change in {}?",
                "What surprised you about {}?",
                "Why does {} matter to you?",
                "Describe your best {} moment.",
                "What is hard about {}?",
                "How has {} changed you?",
                "What would you tell others of {}?",
            ];
            let fill = |t: &str| t.replace("{}", &keyword);
            if exchange.user.contains("Question to replace:") {
                let index = (self.lock().regenerated + 4) % templates.len();
                return json!({ "questions": [fill(templates[index])] }).to_string();
            }
            let count = line("Write ")
                .split_whitespace()
                .next()
                .and_then(|n| n.parse::<usize>().ok())
                .or_else(|| {
                    exchange.user.lines().last().and_then(|l| {
                        l.strip_prefix("Write ").and_then(|r| r.split_whitespace().next()).and_then(|n| n.parse().ok())
                    })
                })
                .unwrap_or(5)
                .min(templates.len());
            let questions: Vec<String> = templates.iter().take(count).map(|t| fill(t)).collect();
            return json!({ "questions": questions }).to_string();
        }
        let notes = line("The person's notes:");
        let request = line("Request:");
        let title = line("Campaign title:");
        let source = if !notes.is_empty() {
            notes
        } else if !request.is_empty() {
            request
        } else {
            title
        };
        format!(
            "(Written by the local fake model, not an AI.) This text was made from: {source}\n\n\
             A second paragraph, so that paragraphs are split on blank lines."
        )
    }
}

fn status_of(code: u16) -> StatusCode {
    StatusCode::from_u16(code).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
}

fn text_of(content: &Value) -> String {
    match content {
        Value::String(s) => s.clone(),
        Value::Array(parts) => parts.iter().filter_map(|p| p["text"].as_str()).collect::<Vec<_>>().join(""),
        _ => String::new(),
    }
}

async fn chat_completions(State(fake): State<FakeLlm>, Json(body): Json<Value>) -> Response {
    let messages = body["messages"].as_array().cloned().unwrap_or_default();
    let of_role = |role: &str| {
        messages.iter().filter(|m| m["role"] == role).map(|m| text_of(&m["content"])).collect::<Vec<_>>().join("\n")
    };
    let exchange = Exchange {
        protocol: "openai",
        model: body["model"].as_str().unwrap_or_default().to_string(),
        system: of_role("system"),
        user: of_role("user"),
    };
    let prompt_tokens = (exchange.system.len() + exchange.user.len()) / 4;
    let model = exchange.model.clone();
    match fake.answer(exchange).await {
        Ok(text) => Json(json!({
            "id": "chatcmpl-fake",
            "object": "chat.completion",
            "created": 0,
            "model": model,
            "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": text.len() / 4, "total_tokens": prompt_tokens + text.len() / 4},
        }))
        .into_response(),
        Err(Behaviour::Status(code)) => {
            (status_of(code), Json(json!({"error": {"message": "fake failure", "type": "server_error"}}))).into_response()
        }
        Err(_) => Json(json!({"object": "nonsense", "data": [1, 2, 3]})).into_response(),
    }
}

async fn converse(State(fake): State<FakeLlm>, Path(model_id): Path<String>, Json(body): Json<Value>) -> Response {
    let system = body["system"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|b| b["text"].as_str())
        .collect::<Vec<_>>()
        .join("\n");
    let user = body["messages"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|m| m["role"] == "user")
        .map(|m| text_of(&m["content"]))
        .collect::<Vec<_>>()
        .join("\n");
    let exchange = Exchange { protocol: "bedrock", model: model_id, system, user };
    let input_tokens = (exchange.system.len() + exchange.user.len()) / 4;
    match fake.answer(exchange).await {
        Ok(text) => Json(json!({
            "output": {"message": {"role": "assistant", "content": [{"text": text}]}},
            "stopReason": "end_turn",
            "usage": {"inputTokens": input_tokens, "outputTokens": text.len() / 4, "totalTokens": input_tokens + text.len() / 4},
            "metrics": {"latencyMs": 1},
        }))
        .into_response(),
        Err(Behaviour::Status(code)) => (
            status_of(code),
            [(
                "x-amzn-errortype",
                match code {
                    429 => "ThrottlingException",
                    400..=499 => "ValidationException",
                    _ => "InternalServerException",
                },
            )],
            Json(json!({"message": "fake failure"})),
        )
            .into_response(),
        Err(_) => ([("content-type", "application/json")], "{\"output\": 7, \"usage\": \"many\"").into_response(),
    }
}
