//! Shapes of the search calls.

use serde::{Deserialize, Serialize};
use storyhive_shared::{contributors::records::ReviewStatus, media::MediaStatus};
use utoipa::ToSchema;

/// What to search for. Every field is optional (`/search/campaignVideos` needs
/// `campaignId`); the filters hold together (an answer must match all of them).
#[derive(Debug, Default, Clone, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct SearchFilter {
    pub campaign_id: Option<String>,
    pub contributor_id: Option<String>,
    pub initiative_id: Option<String>,
    pub tag_id: Option<String>,
    /// The take's media status: `processing`, `ready` or `failed`.
    pub status: Option<String>,
    /// Staff's review of the take: `new` (not reviewed yet: the dashboard's pending
    /// responses), `approved` or `sentBack` (waiting for a new take).
    pub review: Option<String>,
    /// Takes recorded on or after this day (`YYYY-MM-DD`, UTC).
    pub from: Option<String>,
    /// Takes recorded on or before this day (`YYYY-MM-DD`, UTC).
    pub to: Option<String>,
    /// Words said in the answer, in its question or in the contributor's name (all of
    /// them must occur; case, accents and punctuation do not matter). At most 200
    /// characters and 5 words.
    #[schema(max_length = 200)]
    pub text: Option<String>,
    /// The `nextCursor` of the previous page; the first page without it.
    #[schema(max_length = 4096)]
    pub cursor: Option<String>,
    /// Results per page, 1 to 50 (10 when left out).
    #[schema(minimum = 1, maximum = 50)]
    pub limit: Option<u32>,
}

/// Where a text search matched, and the words said around it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TextMatch {
    pub in_transcript: bool,
    pub in_question: bool,
    pub in_contributor_name: bool,
    /// The first spoken occurrence of a searched word, when one was said.
    pub snippet: Option<Snippet>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Snippet {
    /// The words said before the match.
    pub before: String,
    /// The matching word as transcribed (or corrected).
    pub word: String,
    /// The words said after it.
    pub after: String,
    /// Seconds from the start of the take at which the word is said.
    pub start: f64,
}

/// One answer found.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchResult {
    pub campaign_id: String,
    pub campaign_name: String,
    pub initiative_id: String,
    pub initiative_name: String,
    pub contributor_id: String,
    pub contributor_name: String,
    pub question_id: String,
    pub question: String,
    /// The answer's campaign question id (the response editor's `answer`).
    pub journey_id: String,
    /// When the take was recorded (RFC 3339).
    pub taken_at: String,
    pub duration_seconds: Option<f64>,
    /// A short-lived URL of the take's poster frame, once the media worker made it.
    pub poster_url: Option<String>,
    pub media_status: MediaStatus,
    /// Staff's review of the take.
    pub review: ReviewStatus,
    /// Only for a text search.
    #[serde(rename = "match")]
    pub text_match: Option<TextMatch>,
}

/// A page of results, newest take first.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchPage {
    pub items: Vec<SearchResult>,
    /// More may follow (a page can be short when a filter matches few of the answers
    /// read); `null` on the last page.
    pub next_cursor: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Choice {
    pub id: String,
    pub name: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChoicePage {
    pub items: Vec<Choice>,
    /// Pass as `campaignsCursor` / `contributorsCursor` for the next ones.
    pub next_cursor: Option<String>,
}

/// What the search filters offer.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InitialData {
    /// By title, 100 at a time.
    pub campaigns: ChoicePage,
    /// By creation, 100 at a time.
    pub contributors: ChoicePage,
    /// By name (at most 200).
    pub initiatives: Vec<Choice>,
    /// By name (at most 200).
    pub tags: Vec<Choice>,
}

#[derive(Debug, Default, Clone, Deserialize, utoipa::IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct InitialDataParams {
    /// The campaigns' `nextCursor` of an earlier answer.
    #[param(max_length = 4096)]
    pub campaigns_cursor: Option<String>,
    /// The contributors' `nextCursor` of an earlier answer.
    #[param(max_length = 4096)]
    pub contributors_cursor: Option<String>,
}
