//! The languages a campaign is answered in, and its collaborators are written to in (the
//! campaign's `language`: transcription, captions and the collaborators' e-mails).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The language collaborators answer a campaign in: their words are transcribed in it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum Language {
    #[default]
    #[serde(rename = "en")]
    English,
    #[serde(rename = "es")]
    Spanish,
    #[serde(rename = "fr")]
    French,
    #[serde(rename = "de")]
    German,
    #[serde(rename = "pt")]
    Portuguese,
    #[serde(rename = "ar")]
    Arabic,
}

impl Language {
    /// ISO 639-1, as the API and Whisper name it.
    pub fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Spanish => "es",
            Language::French => "fr",
            Language::German => "de",
            Language::Portuguese => "pt",
            Language::Arabic => "ar",
        }
    }

    /// Amazon Transcribe's language code (the variety with the broadest model).
    pub fn transcribe_code(self) -> &'static str {
        match self {
            Language::English => "en-US",
            Language::Spanish => "es-ES",
            Language::French => "fr-FR",
            Language::German => "de-DE",
            Language::Portuguese => "pt-BR",
            Language::Arabic => "ar-SA",
        }
    }
}
