//! The language model, behind one trait: Amazon Bedrock's Converse API (the default in AWS)
//! or any OpenAI-compatible chat-completions endpoint (Ollama, llama.cpp, a hosted service).
//! Both adapters speak their real wire protocol; tests point them at a local fake server.

use std::{sync::Arc, time::Duration};

use async_trait::async_trait;
use aws_sdk_bedrockruntime::types::{
    ContentBlock, ConversationRole, InferenceConfiguration, Message as BedrockMessage, SystemContentBlock,
};
use serde::Deserialize;
use storyhive_shared::config::{AiConfig, AiProviderKind};
use tokio::sync::OnceCell;

/// One exchange with the model: a system instruction and one user message.
#[derive(Debug, Clone)]
pub struct ChatRequest {
    pub system: String,
    pub user: String,
    pub max_tokens: u32,
    pub temperature: f32,
}

/// The model's text and what it cost (tokens, when the provider says).
#[derive(Debug, Clone, Default)]
pub struct ChatAnswer {
    pub text: String,
    pub input_tokens: Option<u64>,
    pub output_tokens: Option<u64>,
}

#[derive(Debug, thiserror::Error)]
pub enum ProviderError {
    /// No answer within the configured time.
    #[error("the language model did not answer in time")]
    Timeout,
    /// The provider refused or failed (an HTTP error, throttling, a bad model id).
    #[error("the language model failed: {0}")]
    Failed(String),
    /// It answered, but not in its protocol's shape (or with no text).
    #[error("the language model answered something unusable: {0}")]
    Garbage(String),
}

#[async_trait]
pub trait LanguageModel: Send + Sync + std::fmt::Debug {
    /// A short name for logs (`bedrock`, `openai`).
    fn name(&self) -> &'static str;
    async fn chat(&self, request: &ChatRequest) -> Result<ChatAnswer, ProviderError>;
}

/// What the configuration gives: a model, or why there is none.
#[derive(Debug, Clone)]
pub enum Provider {
    Ready {
        model: Arc<dyn LanguageModel>,
        timeout: Duration,
    },
    /// The reason, for the logs (never shown to users).
    Unconfigured(String),
}

impl Provider {
    pub fn from_config(config: &AiConfig) -> Self {
        let timeout = Duration::from_secs(config.timeout_secs.max(1));
        match &config.provider {
            AiProviderKind::None => Self::Unconfigured("AI_PROVIDER is not set".into()),
            AiProviderKind::Unknown(value) => {
                tracing::error!(provider = %value, "AI_PROVIDER is not bedrock, openai or none: AI is off");
                Self::Unconfigured(format!("AI_PROVIDER {value:?} is not known"))
            }
            AiProviderKind::Bedrock => match &config.model {
                Some(model_id) => {
                    Self::Ready { model: Arc::new(Bedrock::new(model_id.clone(), config.base_url.clone())), timeout }
                }
                None => Self::Unconfigured("AI_PROVIDER is bedrock but AI_MODEL is not set".into()),
            },
            AiProviderKind::OpenAi => match (&config.base_url, &config.model) {
                (Some(base_url), Some(model)) => Self::Ready {
                    model: Arc::new(OpenAiCompatible::new(base_url.clone(), model.clone(), config.api_key.clone())),
                    timeout,
                },
                _ => Self::Unconfigured("AI_PROVIDER is openai but AI_BASE_URL or AI_MODEL is not set".into()),
            },
        }
    }

    pub fn is_ready(&self) -> bool {
        matches!(self, Self::Ready { .. })
    }
}

// ------------------------------------------------------------------ OpenAI-compatible

/// `POST {base_url}/chat/completions` with `{model, messages, max_tokens, temperature}`.
#[derive(Debug)]
pub struct OpenAiCompatible {
    http: reqwest::Client,
    url: String,
    model: String,
    api_key: Option<String>,
}

#[derive(Deserialize)]
struct Completion {
    choices: Vec<Choice>,
    #[serde(default)]
    usage: Option<Usage>,
}

#[derive(Deserialize)]
struct Choice {
    message: ChoiceMessage,
}

#[derive(Deserialize)]
struct ChoiceMessage {
    #[serde(default)]
    content: Option<String>,
}

#[derive(Deserialize)]
struct Usage {
    #[serde(default)]
    prompt_tokens: Option<u64>,
    #[serde(default)]
    completion_tokens: Option<u64>,
}

/// An HTTPS client on the same TLS stack as the AWS SDK (rustls with aws-lc-rs, the
/// system's CA bundle), so that the function links one crypto library, not two.
fn https_client() -> reqwest::Client {
    let provider = std::sync::Arc::new(rustls::crypto::aws_lc_rs::default_provider());
    let tls = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .expect("aws-lc-rs supports TLS 1.2 and 1.3")
        .with_root_certificates(storyhive_shared::tls::root_store())
        .with_no_client_auth();
    reqwest::Client::builder().use_preconfigured_tls(tls).build().expect("an HTTPS client without options")
}

impl OpenAiCompatible {
    pub fn new(base_url: String, model: String, api_key: Option<String>) -> Self {
        Self {
            http: https_client(),
            url: format!("{}/chat/completions", base_url.trim_end_matches('/')),
            model,
            api_key,
        }
    }
}

#[async_trait]
impl LanguageModel for OpenAiCompatible {
    fn name(&self) -> &'static str {
        "openai"
    }

    async fn chat(&self, request: &ChatRequest) -> Result<ChatAnswer, ProviderError> {
        let body = serde_json::json!({
            "model": self.model,
            "messages": [
                {"role": "system", "content": request.system},
                {"role": "user", "content": request.user},
            ],
            "max_tokens": request.max_tokens,
            "temperature": request.temperature,
            "stream": false,
        });
        let mut call = self.http.post(&self.url).json(&body);
        if let Some(key) = &self.api_key {
            call = call.bearer_auth(key);
        }
        let response = call.send().await.map_err(|e| {
            if e.is_timeout() {
                ProviderError::Timeout
            } else {
                ProviderError::Failed(format!("request: {e}"))
            }
        })?;
        let status = response.status();
        let text = response.text().await.map_err(|e| ProviderError::Failed(format!("reading the answer: {e}")))?;
        if !status.is_success() {
            return Err(ProviderError::Failed(format!(
                "HTTP {status}: {}",
                text.chars().take(200).collect::<String>()
            )));
        }
        let completion: Completion =
            serde_json::from_str(&text).map_err(|e| ProviderError::Garbage(format!("not a chat completion: {e}")))?;
        let content = completion
            .choices
            .into_iter()
            .next()
            .and_then(|c| c.message.content)
            .filter(|c| !c.trim().is_empty())
            .ok_or_else(|| ProviderError::Garbage("no text in the first choice".into()))?;
        Ok(ChatAnswer {
            text: content,
            input_tokens: completion.usage.as_ref().and_then(|u| u.prompt_tokens),
            output_tokens: completion.usage.as_ref().and_then(|u| u.completion_tokens),
        })
    }
}

// ------------------------------------------------------------------ Bedrock

/// Bedrock's Converse API. The client is built on first use (credentials and region from
/// the Lambda's environment); `endpoint` overrides where it sends (tests).
#[derive(Debug)]
pub struct Bedrock {
    model_id: String,
    endpoint: Option<String>,
    client: OnceCell<aws_sdk_bedrockruntime::Client>,
}

impl Bedrock {
    pub fn new(model_id: String, endpoint: Option<String>) -> Self {
        Self { model_id, endpoint, client: OnceCell::new() }
    }

    async fn client(&self) -> &aws_sdk_bedrockruntime::Client {
        self.client
            .get_or_init(|| async {
                let shared = storyhive_shared::aws::sdk_config().await;
                let mut builder = aws_sdk_bedrockruntime::config::Builder::from(&shared);
                if let Some(endpoint) = &self.endpoint {
                    builder = builder.endpoint_url(endpoint);
                }
                aws_sdk_bedrockruntime::Client::from_conf(builder.build())
            })
            .await
    }
}

#[async_trait]
impl LanguageModel for Bedrock {
    fn name(&self) -> &'static str {
        "bedrock"
    }

    async fn chat(&self, request: &ChatRequest) -> Result<ChatAnswer, ProviderError> {
        let message = BedrockMessage::builder()
            .role(ConversationRole::User)
            .content(ContentBlock::Text(request.user.clone()))
            .build()
            .map_err(|e| ProviderError::Failed(format!("building the message: {e}")))?;
        let output = self
            .client()
            .await
            .converse()
            .model_id(&self.model_id)
            .system(SystemContentBlock::Text(request.system.clone()))
            .messages(message)
            .inference_config(
                InferenceConfiguration::builder()
                    .max_tokens(request.max_tokens as i32)
                    .temperature(request.temperature)
                    .build(),
            )
            .send()
            .await
            .map_err(bedrock_error)?;
        let text = output
            .output()
            .and_then(|o| o.as_message().ok())
            .map(|m| m.content().iter().filter_map(|block| block.as_text().ok().cloned()).collect::<Vec<_>>().join(""))
            .filter(|t| !t.trim().is_empty())
            .ok_or_else(|| ProviderError::Garbage("no text in the Converse output".into()))?;
        let usage = output.usage();
        Ok(ChatAnswer {
            text,
            input_tokens: usage.map(|u| u.input_tokens().max(0) as u64),
            output_tokens: usage.map(|u| u.output_tokens().max(0) as u64),
        })
    }
}

/// Sorts the SDK's failures: no answer in time; an answer that is not Converse (garbage);
/// the service's own refusal (throttled, access denied, unknown model).
fn bedrock_error<E, R>(error: aws_sdk_bedrockruntime::error::SdkError<E, R>) -> ProviderError
where
    E: std::error::Error + aws_sdk_bedrockruntime::error::ProvideErrorMetadata + Send + Sync + 'static,
    R: std::fmt::Debug,
{
    use aws_sdk_bedrockruntime::error::{DisplayErrorContext, SdkError};
    match &error {
        SdkError::TimeoutError(_) => ProviderError::Timeout,
        SdkError::DispatchFailure(failure) if failure.is_timeout() => ProviderError::Timeout,
        SdkError::ResponseError(_) => ProviderError::Garbage(format!("{}", DisplayErrorContext(&error))),
        SdkError::ServiceError(service) if service.err().code().is_none() => {
            ProviderError::Garbage(format!("{}", DisplayErrorContext(&error)))
        }
        _ => ProviderError::Failed(format!("{}", DisplayErrorContext(&error))),
    }
}
