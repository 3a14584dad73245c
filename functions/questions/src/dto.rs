//! Request and response bodies of the questions routes.

use serde::Deserialize;
use storyhive_shared::ids::Id;
use utoipa::ToSchema;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct AddQuestion {
    pub campaign_id: Id,
    pub question: String,
    pub tips: Option<String>,
    pub script: Option<String>,
    /// Where to insert it (1 = first); at the end when left out.
    pub sequence: Option<u32>,
    /// The longest answer, in seconds: 30, 60, 120 or 300; 0 or left out for no limit.
    pub time_limit_seconds: Option<u32>,
}

/// Fields left out are unchanged; `sequence` moves the question.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct UpdateQuestion {
    pub campaign_id: Id,
    pub question: Option<String>,
    /// Empty clears the tips.
    pub tips: Option<String>,
    pub script: Option<String>,
    pub sequence: Option<u32>,
    /// 30, 60, 120 or 300 seconds; 0 removes the limit; left out, unchanged.
    pub time_limit_seconds: Option<u32>,
}
