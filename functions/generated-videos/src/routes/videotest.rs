//! The video test page's calls (spec section 2, `/videotest`): clip-cut URLs to upload a
//! video under `Temp/` (expired by the bucket's lifecycle rule after a day), and the
//! processing that cuts every pause longer than a threshold, run by the media worker.
//! The processing calls check the deployment's shared key (`x-api-key`), the way a
//! deployment shares them with a partner.
//!
//! The page is open to every visitor and its key ships in the web app, so what bounds it
//! is here: upload slots and jobs per client and per deployment per hour, one upload
//! record per key handed out (processing accepts only those keys) and one job per
//! uploaded object, so an upload is converted at most once.
use crate::dto::*;
use axum::{
    extract::{Extension, State},
    http::{HeaderMap, StatusCode},
    response::{IntoResponse, Response},
};
use serde::{Deserialize, Serialize};
use storyhive_shared::{
    error::{ErrorBody, FieldError},
    http::{current_request_id, ClientAddress, Json, Path},
    media::{
        generated::{GeneratedVideoStatus, VideoTestJobRecord, MAX_THRESHOLD, VIDEO_TEST_JOB_SECONDS},
        MediaJob,
    },
    model,
    ratelimit::{self, Limit},
    storage::{
        keys,
        objects::{self, Bucket},
        AttributeValue, StoreError,
    },
    ApiError, AppContext,
};

const TAG: &str = "video-test";

/// Largest video the test page uploads (the collaborators' limit).
pub const MAX_UPLOAD_BYTES: u64 = 500 * 1024 * 1024;
/// How long the upload URL works (a large upload on a slow line takes a while).
pub const URL_SECONDS: u64 = 3600;
/// How long the uploader's GET of the uploaded video works: a check of the upload, not a
/// link to share (that would make the test page free file hosting).
pub const GET_URL_SECONDS: u64 = 600;
/// How long the processed video's GET works (long enough to watch it).
pub const RESULT_URL_SECONDS: u64 = 3600;
pub const CLIP_CUT_URLS_PER_CLIENT: Limit = Limit { scope: "clip-cut-urls", max: 30, window: time::Duration::hours(1) };
pub const PROCESSING_PER_CLIENT: Limit = Limit { scope: "video-test", max: 30, window: time::Duration::hours(1) };
/// Upload slots of the whole deployment (each up to 500 MB, kept a day).
pub const CLIP_CUT_URLS_PER_DEPLOYMENT: Limit =
    Limit { scope: "clip-cut-urls-deployment", max: 100, window: time::Duration::hours(1) };
/// Processing jobs of the whole deployment (each a media worker run).
pub const PROCESSING_PER_DEPLOYMENT: Limit =
    Limit { scope: "video-test-deployment", max: 60, window: time::Duration::hours(1) };
/// The subject of the deployment-wide counters: one counter for every caller.
pub const DEPLOYMENT: &str = "deployment";

pub const API_KEY_HEADER: &str = "x-api-key";
pub const NOT_CONFIGURED: &str =
    "Video processing is not configured on this deployment (its VideoProcessingApiKey is empty).";
pub const WRONG_KEY: &str = "A valid x-api-key header is required for video processing.";
pub const FILE_NAME_REQUIRED: &str = "Please select a file";
pub const NOT_A_VIDEO: &str = "Please upload valid file";
pub const TOO_LARGE: &str = "The video must be at most 500 MB";
pub const KEY_INVALID: &str = "Please upload the video first: its key starts with Temp/";
pub const UPLOAD_NOT_FOUND: &str = "The uploaded video was not found. Please upload it again.";
pub const THRESHOLD_RANGE: &str = "The threshold must be between 0 and 5 seconds";
pub const JOB_NOT_FOUND: &str = "Processing job not found";
pub const TOO_MANY: &str = "Too many requests. Please wait a while and try again.";
pub const BUDGET_SPENT: &str = "The video test page has reached its limit for this hour. Please try again later.";

/// The test page's hourly limits: per client and for the whole deployment (one counter
/// named `deployment`). A router may be given others (an `Extension`) so that a test can
/// spend counters of its own.
#[derive(Debug, Clone)]
pub struct VideoTestLimits {
    pub deployment: String,
    pub uploads_per_client: Limit,
    pub uploads_per_deployment: Limit,
    pub processing_per_client: Limit,
    pub processing_per_deployment: Limit,
}

impl Default for VideoTestLimits {
    fn default() -> Self {
        Self {
            deployment: DEPLOYMENT.into(),
            uploads_per_client: CLIP_CUT_URLS_PER_CLIENT,
            uploads_per_deployment: CLIP_CUT_URLS_PER_DEPLOYMENT,
            processing_per_client: PROCESSING_PER_CLIENT,
            processing_per_deployment: PROCESSING_PER_DEPLOYMENT,
        }
    }
}

fn limits_of(extension: Option<Extension<VideoTestLimits>>) -> VideoTestLimits {
    extension.map(|Extension(limits)| limits).unwrap_or_default()
}

/// An upload slot handed out by the clip-cut call: the only keys processing accepts, and
/// the one job each may have.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct VideoTestUploadRecord {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    pub entity_type: String,
    pub object_key: String,
    /// The job of this upload, once processing started.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub job_id: Option<String>,
    pub created_at: String,
    /// Expires with its `Temp/` object (a day) and a day more, as the jobs do.
    pub ttl: i64,
}

fn error(status: StatusCode, detail: &str) -> Response {
    (status, Json(ErrorBody { detail: detail.into(), errors: Vec::new(), request_id: current_request_id() }))
        .into_response()
}

/// The answer refusing a call without the shared key: 503 when the deployment has none,
/// 401 when it is missing or wrong; `None` when the key is right.
fn key_rejection(context: &AppContext, headers: &HeaderMap) -> Option<Response> {
    let Some(expected) = context.config.video_processing_api_key.as_deref() else {
        return Some(error(StatusCode::SERVICE_UNAVAILABLE, NOT_CONFIGURED));
    };
    let given = headers.get(API_KEY_HEADER).and_then(|v| v.to_str().ok()).unwrap_or("").trim();
    // Compared in constant time: the key is a secret.
    let same = given.len() == expected.len()
        && given.bytes().zip(expected.bytes()).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0;
    (!same).then(|| error(StatusCode::UNAUTHORIZED, WRONG_KEY))
}

async fn limit(context: &AppContext, limit: &Limit, client: &ClientAddress) -> Result<(), ApiError> {
    let verdict = ratelimit::hit(&context.store, limit, &client.0).await?;
    if verdict.is_limited() {
        return Err(ratelimit::too_many(TOO_MANY, verdict));
    }
    Ok(())
}

/// Counts one use of a deployment-wide budget (after the client's own limit, so that one
/// client's refused calls do not spend it).
async fn spend(context: &AppContext, limit: &Limit, subject: &str) -> Result<(), ApiError> {
    let verdict = ratelimit::hit(&context.store, limit, subject).await?;
    if verdict.is_limited() {
        return Err(ratelimit::too_many(BUDGET_SPENT, verdict));
    }
    Ok(())
}

fn valid_video_type(content_type: &str) -> bool {
    content_type.len() <= 100
        && content_type
            .strip_prefix("video/")
            .is_some_and(|sub| !sub.is_empty() && sub.chars().all(|c| c.is_ascii_alphanumeric() || "+.-".contains(c)))
}

/// The clip-cut URLs of the video test page: a presigned POST that uploads one video
/// under `Temp/` (its policy allows exactly this key, this content type and at most the
/// declared size) and a presigned GET of it for ten minutes. `Temp/` objects expire after
/// a day. Per client and per deployment, a limited number an hour.
#[utoipa::path(post, path = "/guideline/givemethegetandpost", tag = TAG, request_body = ClipCutRequest,
    responses(
        (status = 200, body = ClipCutUrls),
        (status = 400, body = ErrorBody),
        (status = 429, description = "Too many uploads from this client, or the deployment's hourly budget is spent", body = ErrorBody),
    ))]
pub async fn clip_cut_urls(
    State(context): State<AppContext>,
    client: ClientAddress,
    limits: Option<Extension<VideoTestLimits>>,
    Json(body): Json<ClipCutRequest>,
) -> Result<Json<ClipCutUrls>, ApiError> {
    let mut errors = Vec::new();
    if body.file_name.trim().is_empty() {
        errors.push(FieldError::new("fileName", FILE_NAME_REQUIRED));
    }
    if !valid_video_type(body.content_type.trim()) {
        errors.push(FieldError::new("contentType", NOT_A_VIDEO));
    }
    if body.size == 0 || body.size > MAX_UPLOAD_BYTES {
        errors.push(FieldError::new("size", if body.size == 0 { NOT_A_VIDEO } else { TOO_LARGE }));
    }
    if !errors.is_empty() {
        return Err(ApiError::Validation(errors));
    }
    let limits = limits_of(limits);
    limit(&context, &limits.uploads_per_client, &client).await?;
    spend(&context, &limits.uploads_per_deployment, &limits.deployment).await?;
    let key = objects::video_test_upload(&model::new_id(), &body.file_name);
    let get_url = objects::get_url(&context, Bucket::Videos, &key, GET_URL_SECONDS, None).await?;
    // The bucket's URL as this client addresses it (virtual-hosted in AWS, path-style on
    // the local stack): the presigned GET's, without the key and the query.
    let without_query = get_url.split('?').next().unwrap_or(&get_url);
    let url = without_query
        .strip_suffix(&key)
        .map(|base| base.trim_end_matches('/').to_string())
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("unexpected presigned URL shape {without_query}")))?;
    let post = objects::post_form(&context, &key, body.content_type.trim(), body.size, URL_SECONDS).await?;
    let upload_key = keys::video_test_upload(&key);
    context
        .store
        .put(&VideoTestUploadRecord {
            pk: upload_key.pk,
            sk: upload_key.sk,
            entity_type: "VideoTestUpload".into(),
            object_key: key.clone(),
            job_id: None,
            created_at: model::timestamp(model::now()),
            ttl: model::now().unix_timestamp() + VIDEO_TEST_JOB_SECONDS,
        })
        .await?;
    Ok(Json(ClipCutUrls {
        key,
        post: PresignedPostForm { url: format!("{url}/"), fields: post.fields },
        get_url,
        expires_in_seconds: URL_SECONDS,
    }))
}

/// Cuts every pause longer than `threshold` seconds from an uploaded test video (ffmpeg's
/// silencedetect, in the media worker). Answers at once with the job; poll
/// `GET /videotest/process/{jobId}`. Only a key handed out by the clip-cut call is
/// processed, once: asking again for the same key answers its existing job (whatever the
/// threshold); another threshold needs another upload.
#[utoipa::path(post, path = "/videotest/process", tag = TAG, security(("videoProcessingKey" = [])),
    request_body = ProcessRequest,
    responses(
        (status = 202, body = ProcessStarted),
        (status = 400, body = ErrorBody),
        (status = 401, description = "Missing or wrong x-api-key", body = ErrorBody),
        (status = 404, description = "No such upload", body = ErrorBody),
        (status = 429, description = "Too many jobs from this client, or the deployment's hourly budget is spent", body = ErrorBody),
        (status = 503, description = "No key is configured on this deployment", body = ErrorBody),
    ))]
pub async fn process(
    State(context): State<AppContext>,
    client: ClientAddress,
    limits: Option<Extension<VideoTestLimits>>,
    headers: HeaderMap,
    Json(body): Json<ProcessRequest>,
) -> Result<(StatusCode, Json<ProcessStarted>), Response> {
    if let Some(rejection) = key_rejection(&context, &headers) {
        return Err(rejection);
    }
    start(&context, &client, &limits_of(limits), body).await.map_err(IntoResponse::into_response)
}

/// The job an upload already has, as the start of processing answers it.
async fn existing(context: &AppContext, job_id: &str) -> Result<(StatusCode, Json<ProcessStarted>), ApiError> {
    let status = context
        .store
        .get::<VideoTestJobRecord>(&keys::video_test_job(job_id))
        .await?
        .map_or(GeneratedVideoStatus::Processing, |job| job.status);
    Ok((StatusCode::ACCEPTED, Json(ProcessStarted { job_id: job_id.into(), status })))
}

async fn start(
    context: &AppContext,
    client: &ClientAddress,
    limits: &VideoTestLimits,
    body: ProcessRequest,
) -> Result<(StatusCode, Json<ProcessStarted>), ApiError> {
    let key = body.key.trim();
    let mut errors = Vec::new();
    if !objects::is_video_test_upload(key) {
        errors.push(FieldError::new("key", KEY_INVALID));
    }
    if !body.threshold.is_finite() || !(0.0..=MAX_THRESHOLD).contains(&body.threshold) {
        errors.push(FieldError::new("threshold", THRESHOLD_RANGE));
    }
    if !errors.is_empty() {
        return Err(ApiError::Validation(errors));
    }
    limit(context, &limits.processing_per_client, client).await?;
    let upload_key = keys::video_test_upload(key);
    let Some(upload) = context.store.get::<VideoTestUploadRecord>(&upload_key).await? else {
        // Not a key this deployment handed out (or long expired).
        return Err(ApiError::NotFound(UPLOAD_NOT_FOUND.into()));
    };
    if let Some(job_id) = &upload.job_id {
        return existing(context, job_id).await;
    }
    spend(context, &limits.processing_per_deployment, &limits.deployment).await?;
    let bucket = context.config.video_bucket()?;
    match context.s3()?.head_object().bucket(bucket).key(key).send().await {
        Ok(_) => {}
        Err(error) if error.as_service_error().is_some_and(|e| e.is_not_found()) => {
            return Err(ApiError::NotFound(UPLOAD_NOT_FOUND.into()))
        }
        Err(error) => return Err(ApiError::Internal(anyhow::anyhow!("HeadObject {key}: {error:?}"))),
    }
    let job_id = model::new_id();
    let record = VideoTestJobRecord::new(
        &job_id,
        key,
        (body.threshold * 10.0).round() / 10.0,
        model::timestamp(model::now()),
        model::now().unix_timestamp(),
    );
    context.store.put(&record).await?;
    // The upload takes this job only if it has none: of two calls at once, one job runs.
    let claimed = context
        .store
        .update::<serde_json::Value>(&upload_key, |u| {
            u.update_expression("SET jobId = :job")
                .condition_expression("attribute_exists(PK) AND attribute_not_exists(jobId)")
                .expression_attribute_values(":job", AttributeValue::S(job_id.clone()))
        })
        .await;
    match claimed {
        Ok(_) => {}
        Err(StoreError::ConditionFailed) => {
            context.store.delete(&keys::video_test_job(&job_id)).await?;
            let upload = context.store.get::<VideoTestUploadRecord>(&upload_key).await?;
            return match upload.and_then(|u| u.job_id) {
                Some(theirs) => existing(context, &theirs).await,
                None => Err(ApiError::NotFound(UPLOAD_NOT_FOUND.into())),
            };
        }
        Err(other) => {
            context.store.delete(&keys::video_test_job(&job_id)).await.ok();
            return Err(other.into());
        }
    }
    if let Err(error) = context.media.send(&MediaJob::VideoTest { job_id: job_id.clone() }).await {
        // Nothing queued: the upload may be processed by a later call.
        context
            .store
            .update::<serde_json::Value>(&upload_key, |u| {
                u.update_expression("REMOVE jobId")
                    .condition_expression("jobId = :job")
                    .expression_attribute_values(":job", AttributeValue::S(job_id.clone()))
            })
            .await
            .ok();
        context.store.delete(&keys::video_test_job(&job_id)).await.ok();
        return Err(ApiError::Internal(error));
    }
    Ok((StatusCode::ACCEPTED, Json(ProcessStarted { job_id, status: GeneratedVideoStatus::Processing })))
}

/// A processing job: its status, how long it took, both durations and the processed video.
#[utoipa::path(get, path = "/videotest/process/{jobId}", tag = TAG, security(("videoProcessingKey" = [])),
    params(("jobId" = String, Path)),
    responses(
        (status = 200, body = ProcessJob),
        (status = 400, body = ErrorBody),
        (status = 401, description = "Missing or wrong x-api-key", body = ErrorBody),
        (status = 404, description = "No such job", body = ErrorBody),
        (status = 503, description = "No key is configured on this deployment", body = ErrorBody),
    ))]
pub async fn process_status(
    State(context): State<AppContext>,
    headers: HeaderMap,
    Path(job_id): Path<String>,
) -> Result<Json<ProcessJob>, Response> {
    if let Some(rejection) = key_rejection(&context, &headers) {
        return Err(rejection);
    }
    status(&context, &job_id).await.map_err(IntoResponse::into_response)
}

async fn status(context: &AppContext, job_id: &str) -> Result<Json<ProcessJob>, ApiError> {
    let job = context
        .store
        .get::<VideoTestJobRecord>(&keys::video_test_job(job_id))
        .await?
        .ok_or_else(|| ApiError::NotFound(JOB_NOT_FOUND.into()))?;
    let url = match job.status {
        GeneratedVideoStatus::Ready => {
            Some(objects::get_url(context, Bucket::Videos, &job.output_key, RESULT_URL_SECONDS, None).await?)
        }
        _ => None,
    };
    Ok(Json(ProcessJob {
        job_id: job.job_id,
        status: job.status,
        time_taken: job.time_taken,
        original_duration_seconds: job.original_duration_seconds,
        processed_duration_seconds: job.processed_duration_seconds,
        url,
        failure_reason: job.failure_reason,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_video_types_are_signed() {
        assert!(valid_video_type("video/mp4"));
        assert!(valid_video_type("video/x-matroska"));
        assert!(!valid_video_type("image/png"));
        assert!(!valid_video_type("video/"));
        assert!(!valid_video_type("video/mp4\r\nx: y"));
    }
}
