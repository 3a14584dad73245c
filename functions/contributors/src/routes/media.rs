//! Staff reading a take's media (the web-playable copy, its poster, its transcript) and
//! correcting its transcript. Served by this function because it already reads the
//! answers and presigns their takes: no grant is added for these calls.
//!
//! `journeyId` names the answer: the contributor's journey record for one question,
//! which is keyed by the campaign question, so `journeyId` is the `campaignQuestionId`.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use storyhive_shared::{
    auth::Principal,
    campaigns::repo::CampaignParts,
    contributors::{records::JourneyRecord, rules},
    error::ErrorBody,
    http::{Json, Path, Query},
    ids::Id,
    media::{self, captions::CaptionFiles, MediaStatus, TranscriptRecord, TranscriptStatus, TranscriptWord, WordEdit},
    model,
    permissions::Permission,
    search,
    storage::{
        keys,
        objects::{self, Bucket},
        to_item, AttributeValue, StoreError,
    },
    ApiError, ApiResult, AppContext,
};
use utoipa::{IntoParams, ToSchema};

use super::require_params;

const TAG: &str = "media";

pub const NO_VIDEO: &str = "This answer has no video yet";
pub const NOT_READY_FOR_GENERATED_VIDEO: &str =
    "This answer's video is still being prepared. Please try again in a few minutes.";
pub const NO_TRANSCRIPT: &str = "This answer has no transcript yet";
pub const TRANSCRIPT_CHANGED: &str =
    "This transcript was changed by someone else in the meantime. Please reload it to see their corrections.";

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct VideoInfoParams {
    /// For a generated video: the take must be ready (converted) or the call answers 409.
    pub for_generated_video: Option<bool>,
}

/// A take's transcript as the editor shows it.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Transcript {
    pub status: TranscriptStatus,
    pub failure_reason: Option<String>,
    /// Send it back with corrections (null without a transcript).
    pub version: Option<u32>,
    /// `whisper` or `amazon-transcribe` (`pocketsphinx` for takes heard before Whisper).
    pub engine: Option<String>,
    /// The language the words are in (ISO 639-1, e.g. `en`); null for older transcripts.
    pub language: Option<String>,
    /// Words beyond the stored maximum were dropped.
    pub truncated: bool,
    /// In order; times in seconds from the start of the take. A word's index is its
    /// position here.
    pub words: Vec<TranscriptWord>,
}

/// One answer's take, ready to play and edit.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TakeVideoInfo {
    pub campaign_id: String,
    pub contributor_id: String,
    /// The answer: its campaign question id.
    pub journey_id: String,
    pub question: String,
    /// The original take's object key.
    pub take_key: String,
    /// "processing", "ready" or "failed".
    pub status: MediaStatus,
    pub failure_reason: Option<String>,
    /// The web-playable MP4 (presigned GET; null until ready).
    pub url: Option<String>,
    /// The original as recorded (presigned GET).
    pub original_url: String,
    /// JPEG poster (presigned GET; null until ready).
    pub poster_url: Option<String>,
    /// Of the web-playable copy once ready, else as the upload was measured.
    pub duration_seconds: f64,
    pub width: Option<u32>,
    pub height: Option<u32>,
    /// How long the URLs work.
    pub url_expires_in_seconds: u64,
    pub transcript: Transcript,
}

async fn presign(context: &AppContext, key: &str) -> ApiResult<String> {
    Ok(objects::get_url(context, Bucket::Videos, key, rules::PLAYBACK_URL_SECONDS, None).await?)
}

/// The campaign (visible to the caller) and the answer with its take.
async fn answer_with_take(
    context: &AppContext,
    principal: &Principal,
    campaign_id: &str,
    contributor_id: &str,
    journey_id: &str,
) -> ApiResult<(CampaignParts, JourneyRecord, String)> {
    principal.require(Permission::UseStaffApp)?;
    require_params(&[campaign_id, contributor_id, journey_id])?;
    let (parts, _) = CampaignParts::require_visible(&context.store, &principal.tenant_id, campaign_id).await?;
    let answer = search::AnswerRef::new(&principal.tenant_id, campaign_id, contributor_id, journey_id);
    let journey = storyhive_shared::answers::get(&context.store, &answer)
        .await?
        .ok_or_else(|| ApiError::NotFound(NO_VIDEO.into()))?;
    let take = journey.s3_video_key.clone().ok_or_else(|| ApiError::NotFound(NO_VIDEO.into()))?;
    Ok((parts, journey, take))
}

fn transcript_view(journey: &JourneyRecord, take: &str, record: Option<TranscriptRecord>) -> Transcript {
    let state = media::MediaState::of(journey.media.as_ref(), take);
    match record.filter(|r| r.take_key == take) {
        Some(record) => Transcript {
            status: TranscriptStatus::Ready,
            failure_reason: None,
            version: Some(record.version),
            engine: Some(record.engine),
            language: record.language,
            truncated: record.truncated,
            words: record.words,
        },
        None => Transcript {
            // A ready state without its record cannot happen; show it as not there yet.
            status: match state.transcript_status {
                TranscriptStatus::Ready => TranscriptStatus::None,
                other => other,
            },
            failure_reason: state.transcript_failure_reason,
            version: None,
            engine: None,
            language: None,
            truncated: false,
            words: Vec::new(),
        },
    }
}

/// A take's playable URLs (the web-playable MP4 and the original), poster, duration,
/// processing status and transcript with word timings.
#[utoipa::path(get, path = "/campaign/video-info/{campaignId}/{contributorId}/{journeyId}", tag = TAG,
    security(("staffToken" = ["UseStaffApp"])),
    params(
        ("campaignId" = String, Path),
        ("contributorId" = String, Path),
        ("journeyId" = String, Path, description = "The answer: its campaign question id"),
        VideoInfoParams,
    ),
    responses(
        (status = 200, body = TakeVideoInfo),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "No such campaign, answer or take", body = ErrorBody),
        (status = 409, description = "forGeneratedVideo and the take is not ready", body = ErrorBody),
    ))]
pub async fn video_info(
    State(context): State<AppContext>,
    principal: Principal,
    Path((campaign_id, contributor_id, journey_id)): Path<(String, String, String)>,
    Query(params): Query<VideoInfoParams>,
) -> ApiResult<Json<TakeVideoInfo>> {
    let (parts, journey, take) =
        answer_with_take(&context, &principal, &campaign_id, &contributor_id, &journey_id).await?;
    let state = media::MediaState::of(journey.media.as_ref(), &take);
    let ready = journey.media.as_ref().filter(|m| m.take_key == take && m.status == MediaStatus::Ready);
    if params.for_generated_video == Some(true) && ready.is_none() {
        return Err(ApiError::Conflict(match state.failure_reason.clone() {
            Some(reason) => reason,
            None => NOT_READY_FOR_GENERATED_VIDEO.into(),
        }));
    }
    let record = context
        .store
        .get::<TranscriptRecord>(&keys::transcript(&principal.tenant_id, &campaign_id, &contributor_id, &journey_id))
        .await?;
    let (url, poster_url) = match ready {
        Some(media) => (
            match &media.mp4_key {
                Some(key) => Some(presign(&context, key).await?),
                None => None,
            },
            match &media.poster_key {
                Some(key) => Some(presign(&context, key).await?),
                None => None,
            },
        ),
        None => (None, None),
    };
    Ok(Json(TakeVideoInfo {
        campaign_id: campaign_id.clone(),
        contributor_id: contributor_id.clone(),
        journey_id: journey_id.clone(),
        question: parts
            .questions
            .iter()
            .find(|q| q.question_id == journey_id)
            .map(|q| q.question.clone())
            .unwrap_or_default(),
        take_key: take.clone(),
        status: state.status,
        failure_reason: state.failure_reason,
        url,
        original_url: presign(&context, &take).await?,
        poster_url,
        duration_seconds: ready.and_then(|m| m.duration_seconds).or(journey.duration_seconds).unwrap_or(0.0),
        width: ready.and_then(|m| m.width).or(journey.width),
        height: ready.and_then(|m| m.height).or(journey.height),
        url_expires_in_seconds: rules::PLAYBACK_URL_SECONDS,
        transcript: transcript_view(&journey, &take, record),
    }))
}

/// An answer's captions as WebVTT and SRT, to show under its video and to download. Every
/// staff role; 404 while the take has no transcript (or one of an older take).
#[utoipa::path(get, path = "/campaign/captions/{campaignId}/{contributorId}/{journeyId}", tag = TAG,
    security(("staffToken" = ["UseStaffApp"])),
    params(
        ("campaignId" = String, Path),
        ("contributorId" = String, Path),
        ("journeyId" = String, Path, description = "The answer: its campaign question id"),
    ),
    responses(
        (status = 200, body = CaptionFiles),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "No such campaign or answer, or no transcript yet", body = ErrorBody),
    ))]
pub async fn answer_captions(
    State(context): State<AppContext>,
    principal: Principal,
    Path((campaign_id, contributor_id, journey_id)): Path<(String, String, String)>,
) -> ApiResult<Json<CaptionFiles>> {
    let (parts, _, take) = answer_with_take(&context, &principal, &campaign_id, &contributor_id, &journey_id).await?;
    let (words, language) = media::captions::answer_words(
        &context.store,
        &principal.tenant_id,
        &campaign_id,
        &contributor_id,
        &journey_id,
        &take,
    )
    .await?;
    if words.is_empty() {
        return Err(ApiError::NotFound(NO_TRANSCRIPT.into()));
    }
    let cues = media::captions::cues_for(&words, 0.0, f64::MAX);
    let sequence = parts.questions.iter().find(|q| q.question_id == journey_id).map(|q| q.sequence).unwrap_or(0);
    Ok(Json(CaptionFiles::of(media::captions::file_name(&parts.campaign.title, sequence), language, &cues)))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct TranscriptionSave {
    pub campaign_id: Id,
    pub contributor_id: Id,
    /// The answer: its campaign question id.
    pub journey_id: Id,
    /// The transcript's version the corrections were made on.
    pub version: u32,
    /// Corrections by word index. A corrected word keeps the start and end of the word
    /// it replaces; words are neither added nor removed (cutting is the editor's job).
    pub edits: Vec<WordEdit>,
}

/// Staff correct a transcript: each edit replaces one word's text and keeps its timing.
/// All edits apply or none (any invalid edit: 400, nothing changes); a version other
/// than the current one is 409.
#[utoipa::path(post, path = "/campaign/transcription/save", tag = TAG, security(("staffToken" = ["UseStaffApp"])),
    request_body = TranscriptionSave,
    responses(
        (status = 200, description = "The corrected transcript", body = Transcript),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "No such campaign, answer or transcript", body = ErrorBody),
        (status = 409, description = "The transcript changed since it was read", body = ErrorBody),
    ))]
pub async fn save_transcription(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<TranscriptionSave>,
) -> ApiResult<Json<Transcript>> {
    let (_, _, take) =
        answer_with_take(&context, &principal, &body.campaign_id, &body.contributor_id, &body.journey_id).await?;
    if body.edits.len() > media::MAX_TRANSCRIPT_WORDS {
        return Err(ApiError::field("edits", "Too many corrections at once"));
    }
    let key = keys::transcript(&principal.tenant_id, &body.campaign_id, &body.contributor_id, &body.journey_id);
    let record = context
        .store
        .get::<TranscriptRecord>(&key)
        .await?
        .filter(|r| r.take_key == take)
        .ok_or_else(|| ApiError::NotFound(NO_TRANSCRIPT.into()))?;
    if body.version != record.version {
        return Err(ApiError::Conflict(TRANSCRIPT_CHANGED.into()));
    }
    let words =
        media::apply_edits(&record.words, &body.edits).map_err(|error| ApiError::field(&error.field, error.message))?;
    let words_value = to_item(&std::collections::HashMap::from([("w", &words)]))?.remove("w").expect("words");
    let at = model::timestamp(model::now());
    let saved = context
        .store
        .update::<TranscriptRecord>(&key, |u| {
            u.update_expression("SET words = :words, version = :next, updatedAt = :at, editedBy = :by")
                .condition_expression("version = :version AND takeKey = :take")
                .expression_attribute_values(":words", words_value)
                .expression_attribute_values(":next", AttributeValue::N((record.version + 1).to_string()))
                .expression_attribute_values(":version", AttributeValue::N(record.version.to_string()))
                .expression_attribute_values(":take", AttributeValue::S(take.clone()))
                .expression_attribute_values(":at", AttributeValue::S(at))
                .expression_attribute_values(":by", AttributeValue::S(principal.user_id.clone()))
        })
        .await;
    match saved {
        Ok(saved) => {
            let answer =
                search::AnswerRef::new(&principal.tenant_id, &body.campaign_id, &body.contributor_id, &body.journey_id);
            search::index_answer(&context.store, &answer).await?;
            Ok(Json(Transcript {
                status: TranscriptStatus::Ready,
                failure_reason: None,
                version: Some(saved.version),
                engine: Some(saved.engine),
                language: saved.language,
                truncated: saved.truncated,
                words: saved.words,
            }))
        }
        Err(StoreError::ConditionFailed) => Err(ApiError::Conflict(TRANSCRIPT_CHANGED.into())),
        Err(other) => Err(other.into()),
    }
}
