//! The logic behind the handlers: the AI provider, the prompts sent to it, and its API key.

pub mod prompts;
pub mod provider;
pub mod secrets;
