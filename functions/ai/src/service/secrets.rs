//! The provider's API key from Secrets Manager (`AI_API_KEY_SECRET`), read once at cold
//! start so it never sits in the function's environment. Locally (gateway, tests) the
//! plain `AI_API_KEY` is used and nothing is read.

use storyhive_shared::config::AiConfig;

/// Why the key could not be read: the function does not start, and says which secret.
#[derive(Debug, thiserror::Error)]
pub enum SecretError {
    #[error("AI_API_KEY_SECRET names the secret {secret:?}, which could not be read: {reason}")]
    Unreadable { secret: String, reason: String },
    #[error("the secret {secret:?} (AI_API_KEY_SECRET) holds no text: store the API key as its SecretString")]
    Empty { secret: String },
}

/// `ai` with `api_key` filled from the secret `AI_API_KEY_SECRET` names, when it names one.
pub async fn with_api_key(mut ai: AiConfig, client: &aws_sdk_secretsmanager::Client) -> Result<AiConfig, SecretError> {
    let Some(secret) = ai.api_key_secret.clone() else { return Ok(ai) };
    let output =
        client.get_secret_value().secret_id(&secret).send().await.map_err(|error| SecretError::Unreadable {
            secret: secret.clone(),
            reason: aws_sdk_secretsmanager::error::DisplayErrorContext(&error).to_string(),
        })?;
    let key = output.secret_string().map(str::trim).filter(|k| !k.is_empty());
    let Some(key) = key else { return Err(SecretError::Empty { secret }) };
    ai.api_key = Some(key.to_string());
    Ok(ai)
}
