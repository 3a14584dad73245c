//! A fake language model that speaks the real wire protocols: OpenAI chat completions
//! (`POST /v1/chat/completions`) and Amazon Bedrock's Converse (`POST /model/{id}/converse`,
//! what `aws-sdk-bedrockruntime` sends when its endpoint points here). Tests read what it
//! was asked and choose how it answers (text, garbage, slowness, errors); the local stack
//! runs it with `storyhive-local fake-llm`. Its answers say that they come from a fake.
//!
//! A test outside the process (the e2e specs) queues its next answers over HTTP:
//! `POST /fake/answer-next` with a JSON array of strings, on the fake's own port only (never
//! a route of the product's API).

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
            .route(ANSWER_NEXT_PATH, post(answer_next))
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
        if exchange.system.contains("story editor") {
            return story_draft(&exchange.user);
        }
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

/// One answer's numbered words, read back from a story prompt.
struct PromptAnswer {
    reference: String,
    speaker: String,
    /// (number, word) in the prompt's order.
    words: Vec<(usize, String)>,
}

/// Reads the transcripts of a story prompt: `A1 | Speaker 1 | question`, then its words on
/// one line (`stories::draft::render_answer`), `[n]` giving the number of the word after it.
/// Any other line (the request after the transcripts) is not an answer's words.
fn prompt_answers(user: &str) -> Vec<PromptAnswer> {
    let mut answers: Vec<PromptAnswer> = Vec::new();
    let transcripts = user.split_once("Transcripts:\n").map(|(_, rest)| rest).unwrap_or("");
    let mut words_next = false;
    for line in transcripts.lines() {
        let fields: Vec<&str> = line.splitn(3, " | ").collect();
        if let [reference, speaker, _question] = fields.as_slice() {
            if reference.starts_with('A') && reference[1..].chars().all(|c| c.is_ascii_digit()) {
                answers.push(PromptAnswer {
                    reference: reference.to_string(),
                    speaker: speaker.to_string(),
                    words: Vec::new(),
                });
                words_next = true;
                continue;
            }
        }
        if !std::mem::take(&mut words_next) {
            continue;
        }
        let Some(answer) = answers.last_mut() else { continue };
        let mut next = answer.words.last().map(|(n, _)| n + 1).unwrap_or(0);
        for token in line.split_whitespace() {
            if let Some(number) = token.strip_prefix('[').and_then(|t| t.strip_suffix(']')).and_then(|n| n.parse().ok())
            {
                next = number;
            } else {
                answer.words.push((next, token.to_string()));
                next += 1;
            }
        }
    }
    answers
}

/// A real draft from a story prompt, as a careful editor without a model would make it:
/// each answer's sentences scored by the brief's words they contain, the best sentence of
/// each speaker in turn, until the target's words are reached. Quotes are copied from the
/// prompt, so every citation checks.
fn story_draft(user: &str) -> String {
    let line = |label: &str| user.lines().find_map(|l| l.strip_prefix(label)).map(str::trim).unwrap_or("");
    let brief: Vec<String> = line("Story brief:")
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.chars().count() >= 4)
        .map(str::to_lowercase)
        .collect();
    let target_words: usize = line("Target length:")
        .split_whitespace()
        .next()
        .and_then(|n| n.parse::<usize>().ok())
        .map(|seconds| seconds * 5 / 2)
        .unwrap_or(150);
    let answers = prompt_answers(user);
    // Each answer's sentences, best first: (score, first index into words, last index).
    let mut sentences: Vec<Vec<(usize, usize, usize)>> = answers
        .iter()
        .map(|answer| {
            let mut found = Vec::new();
            let mut start = 0;
            for (i, (_, word)) in answer.words.iter().enumerate() {
                if word.ends_with(['.', '!', '?']) || i + 1 == answer.words.len() {
                    let score = answer.words[start..=i]
                        .iter()
                        .filter(|(_, w)| {
                            let w = w.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase();
                            brief.iter().any(|b| w.starts_with(b.as_str()) || b.starts_with(&w) && w.len() >= 4)
                        })
                        .count();
                    found.push((score, start, i));
                    start = i + 1;
                }
            }
            found.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
            found
        })
        .collect();
    let mut clips = Vec::new();
    let mut words = 0;
    let mut speakers_done = std::collections::BTreeSet::new();
    // Speakers in turn, each answer's best sentence first; a second round if words are short.
    for round in 0..4 {
        for (answer, found) in answers.iter().zip(sentences.iter_mut()) {
            if words >= target_words {
                break;
            }
            if round == 0 && !speakers_done.insert(answer.speaker.clone()) {
                continue;
            }
            let Some((_, first, last)) = (!found.is_empty()).then(|| found.remove(0)) else { continue };
            let chosen = &answer.words[first..=last];
            words += chosen.len();
            clips.push(json!({
                "answer": answer.reference,
                "firstWord": chosen[0].0,
                "lastWord": chosen[chosen.len() - 1].0,
                "quote": chosen.iter().map(|(_, w)| w.as_str()).collect::<Vec<_>>().join(" "),
            }));
        }
    }
    json!({ "clips": clips }).to_string()
}

/// The control route: queues the model's next answers, as [`FakeLlm::answer_next`] does.
pub const ANSWER_NEXT_PATH: &str = "/fake/answer-next";

/// `POST /fake/answer-next` with `["text", ...]`: these texts answer the next calls, one
/// each. Answers how many are queued in all.
async fn answer_next(State(fake): State<FakeLlm>, Json(texts): Json<Vec<String>>) -> Response {
    fake.answer_next(texts);
    let queued = fake.lock().queued.len();
    Json(json!({ "queued": queued })).into_response()
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

#[cfg(test)]
mod tests {
    use super::*;
    use storyhive_shared::{
        media::TranscriptWord,
        stories::draft::{self, AnswerTranscript, Citation},
    };

    fn answer(reference: &str, speaker: &str, text: &str) -> AnswerTranscript {
        AnswerTranscript {
            reference: reference.into(),
            contributor_id: speaker.into(),
            question_id: "q".into(),
            speaker: speaker.into(),
            approved: true,
            words: text
                .split(' ')
                .enumerate()
                .map(|(i, w)| TranscriptWord {
                    text: w.into(),
                    start: i as f64 * 0.4,
                    end: i as f64 * 0.4 + 0.35,
                    edited: false,
                })
                .collect(),
        }
    }

    /// What the fake answers to one chat completion.
    async fn completion(client: &reqwest::Client, fake: &FakeLlm) -> String {
        let body = json!({"model": "fake", "messages": [{"role": "user", "content": "Request: a line"}]});
        let answer: Value = client
            .post(format!("{}/chat/completions", fake.openai_base_url()))
            .json(&body)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        answer["choices"][0]["message"]["content"].as_str().unwrap().to_string()
    }

    #[tokio::test]
    async fn a_test_outside_the_process_queues_the_next_answers_over_http() {
        let fake = FakeLlm::start().await;
        let client = reqwest::Client::new();
        let control = format!("http://{}{ANSWER_NEXT_PATH}", fake.address);

        let queued = client.post(&control).json(&json!(["first", "second"])).send().await.unwrap();
        assert_eq!(queued.status(), StatusCode::OK);
        assert_eq!(queued.json::<Value>().await.unwrap(), json!({"queued": 2}));
        assert_eq!(completion(&client, &fake).await, "first");
        assert_eq!(completion(&client, &fake).await, "second");
        // Then the fake is helpful again.
        assert!(completion(&client, &fake).await.contains("local fake model"));

        // What is not a list of texts is refused and queues nothing.
        for bad in [json!("one"), json!([1, 2]), json!({"texts": ["x"]})] {
            let refused = client.post(&control).json(&bad).send().await.unwrap();
            assert!(refused.status().is_client_error(), "{bad}: {}", refused.status());
        }
        assert!(completion(&client, &fake).await.contains("local fake model"));
        assert_eq!(fake.exchanges().len(), 4);
    }

    #[test]
    fn the_fake_drafts_a_story_whose_every_citation_checks_and_hears_every_speaker() {
        let answers = [
            answer(
                "A1",
                "Speaker 1",
                "I came for a summer. I stayed because the volunteers became my family. Join us.",
            ),
            answer(
                "A2",
                "Speaker 2",
                "Honestly the mornings are hard. But the people I meet keep me hopeful every week.",
            ),
            answer("A3", "Speaker 3", "We stay because we see change. Come and volunteer with us, you will stay too."),
        ];
        let user = format!(
            "Story brief: Why volunteers stay, hopeful, end with a call to join\nTarget length: 12 seconds (about 30 words in all).\nTranscripts:\n{}Choose the clips.",
            answers.iter().map(|a| draft::render_answer(a, "Why do you stay?")).collect::<String>()
        );
        let text = story_draft(&user);
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        let citations: Vec<Citation> = serde_json::from_value(value["clips"].clone()).unwrap();
        let checked = draft::check(&answers, citations, 12.0, 0.0);
        assert!(checked.dropped.is_empty(), "{:?}", checked.dropped);
        let speakers: std::collections::BTreeSet<&str> =
            checked.clips.iter().map(|c| c.contributor_id.as_str()).collect();
        assert_eq!(speakers.len(), 3, "{:?}", checked.clips);
        assert_eq!(checked.clips[0].text, "I stayed because the volunteers became my family.");

        // Asked for more than was said, it cites every sentence, and nothing but what was
        // said: the request after the transcripts is not taken for the last answer's words.
        let long = user.replace(
            "Target length: 12 seconds (about 30 words in all)",
            "Target length: 120 seconds (about 300 words in all)",
        );
        let value: serde_json::Value = serde_json::from_str(&story_draft(&long)).unwrap();
        let citations: Vec<Citation> = serde_json::from_value(value["clips"].clone()).unwrap();
        assert_eq!(citations.len(), 7, "{citations:?}");
        let checked = draft::check(&answers, citations, 120.0, 0.0);
        assert!(checked.dropped.is_empty(), "{:?}", checked.dropped);
        assert_eq!(checked.clips.len(), 7);
    }
}
