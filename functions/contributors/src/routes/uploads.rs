//! Uploads straight from the browser to S3, as a multipart upload signed part by part:
//! the browser never holds credentials, each part URL is short-lived and can write only
//! that part, and an interrupted upload resumes from the parts S3 already has.

use aws_sdk_s3::types::{CompletedMultipartUpload, CompletedPart};
use axum::extract::State;
use storyhive_shared::{
    answers,
    campaigns::records::QuestionRecord,
    contributors::{
        access::{ContributorAccess, InviteKey},
        records::UploadRecord,
        rules,
    },
    error::ErrorBody,
    http::{Json, Message},
    model, ratelimit,
    search::AnswerRef,
    storage::{
        keys,
        objects::{self, TakeKey},
        AttributeValue, Query as StoreQuery,
    },
    ApiError, ApiResult, AppContext,
};

use super::{journey::open, require_answer_ids};
use crate::dto::*;

const TAG: &str = "contributor uploads";
/// Upload records outlive S3's abort-incomplete rule (2 days).
const UPLOAD_RECORD_DAYS: i64 = 7;

fn invalid_file() -> ApiError {
    ApiError::BadRequest(rules::INVALID_FILE.into())
}

/// The upload started for `key` by this collaborator, or 404.
async fn upload_of(
    context: &AppContext,
    access: &ContributorAccess,
    key: &str,
    upload_id: &str,
) -> ApiResult<UploadRecord> {
    context
        .store
        .get::<UploadRecord>(&keys::upload(&access.membership.tenant_id, &access.membership.campaign_id, key.trim()))
        .await?
        .filter(|u| u.contributor_id == access.membership.contributor_id && u.upload_id == upload_id.trim())
        .ok_or_else(|| ApiError::NotFound("Bucket key not found".into()))
}

async fn opened(
    context: &AppContext,
    key: &InviteKey,
    tenant_id: &str,
    campaign_id: &str,
    contributor_id: &str,
) -> ApiResult<ContributorAccess> {
    open(context, tenant_id, campaign_id, contributor_id, key).await
}

fn answer_of(access: &ContributorAccess, question_id: &str) -> AnswerRef {
    let membership = &access.membership;
    AnswerRef::new(&membership.tenant_id, &membership.campaign_id, &membership.contributor_id, question_id)
}

/// Keeps an answer's open uploads under the cap before another starts: the oldest are
/// cancelled (a later take wins anyway, and nothing of an unfinished upload was
/// acknowledged).
async fn close_oldest_uploads(context: &AppContext, access: &ContributorAccess, question_id: &str) -> ApiResult<()> {
    let campaign = &access.campaign;
    let prefix = format!(
        "{}{}",
        keys::UPLOAD_PREFIX,
        objects::contributor_folder(
            &campaign.tenant_id,
            &campaign.initiative_id,
            &campaign.campaign_id,
            &access.membership.contributor_id
        )
    );
    let mut open: Vec<UploadRecord> = context
        .store
        .query::<UploadRecord>(StoreQuery::table(
            keys::campaign_partition(&campaign.tenant_id, &campaign.campaign_id),
            prefix,
        ))
        .await?
        .into_iter()
        .filter(|u| !u.closed && u.campaign_question_id == question_id)
        .collect();
    open.sort_by(|a, b| a.created_at.cmp(&b.created_at));
    let excess = (open.len() + 1).saturating_sub(rules::MAX_OPEN_UPLOADS_PER_ANSWER);
    for upload in open.into_iter().take(excess) {
        cancel_upload(context, &upload).await?;
    }
    Ok(())
}

/// Discards an upload's parts (S3 may have done so already) and closes its record.
async fn cancel_upload(context: &AppContext, upload: &UploadRecord) -> ApiResult<()> {
    context
        .s3()?
        .abort_multipart_upload()
        .bucket(context.config.video_bucket()?)
        .key(&upload.object_key)
        .upload_id(&upload.upload_id)
        .send()
        .await
        .ok();
    close_upload(context, upload).await
}

/// Takes an upload out of its answer's open uploads (completed or cancelled).
async fn close_upload(context: &AppContext, upload: &UploadRecord) -> ApiResult<()> {
    let key = keys::upload(&upload.tenant_id, &upload.campaign_id, &upload.object_key);
    let closed = context
        .store
        .update::<UploadRecord>(&key, |u| {
            u.update_expression("SET closed = :yes")
                .condition_expression("attribute_exists(PK)")
                .expression_attribute_values(":yes", AttributeValue::Bool(true))
        })
        .await;
    match closed {
        Ok(_) | Err(storyhive_shared::storage::StoreError::ConditionFailed) => Ok(()),
        Err(other) => Err(other.into()),
    }
}

/// Start uploading a take for one of the collaborator's questions.
#[utoipa::path(post, path = "/contributor-upload/start", tag = TAG, request_body = StartUpload, security(("inviteKey" = [])),
    responses(
        (status = 200, body = UploadStarted),
        (status = 400, description = "'Please upload valid file', or a missing id", body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "No such question", body = ErrorBody),
        (status = 429, description = "Too many uploads started", body = ErrorBody),
    ))]
pub async fn start_upload(
    State(context): State<AppContext>,
    key: InviteKey,
    Json(body): Json<StartUpload>,
) -> ApiResult<Json<UploadStarted>> {
    require_answer_ids(&body.tenant_id, &body.campaign_id, &body.contributor_id, &body.campaign_question_id)?;
    let access = opened(&context, &key, &body.tenant_id, &body.campaign_id, &body.contributor_id).await?;
    storyhive_shared::organisation::terms::require_accepted(
        &context.store,
        &access.campaign.tenant_id,
        &access.membership.contributor_id,
    )
    .await?;
    let extension = rules::video_extension(&body.content_type)
        .ok_or_else(|| ApiError::field("contentType", rules::ANSWER_FILE_REFUSED))?;
    if body.size_bytes.is_some_and(|size| size <= 0 || size > rules::MAX_VIDEO_BYTES) {
        return Err(ApiError::field("sizeBytes", rules::ANSWER_FILE_REFUSED));
    }
    let campaign = &access.campaign;
    let question = context
        .store
        .get::<QuestionRecord>(&keys::question(&campaign.tenant_id, &campaign.campaign_id, &body.campaign_question_id))
        .await?
        .ok_or_else(|| ApiError::NotFound("Question not found".into()))?;
    let verdict =
        ratelimit::hit(&context.store, &ratelimit::UPLOADS_PER_CONTRIBUTOR, &access.membership.contributor_id).await?;
    if verdict.is_limited() {
        return Err(ratelimit::too_many("Too many uploads were started. Please wait a while and try again.", verdict));
    }
    close_oldest_uploads(&context, &access, &question.question_id).await?;
    let taken_at = model::now();
    let taken_ms = (taken_at.unix_timestamp_nanos() / 1_000_000) as i64;
    let object_key = TakeKey {
        tenant_id: campaign.tenant_id.clone(),
        initiative_id: campaign.initiative_id.clone(),
        campaign_id: campaign.campaign_id.clone(),
        contributor_id: access.membership.contributor_id.clone(),
        taken_at_ms: taken_ms,
        extension: extension.into(),
    }
    .key();
    let essence = body.content_type.split(';').next().unwrap_or_default().trim().to_lowercase();
    let created = context
        .s3()?
        .create_multipart_upload()
        .bucket(context.config.video_bucket()?)
        .key(&object_key)
        .content_type(&essence)
        // The worker finds the answer from the upload record; the metadata is a second source.
        .metadata("campaign-question-id", &question.question_id)
        .metadata("contributor-id", &access.membership.contributor_id)
        .send()
        .await
        .map_err(|e| ApiError::Internal(anyhow::Error::new(e).context("CreateMultipartUpload")))?;
    let upload_id = created.upload_id.ok_or_else(|| ApiError::Internal(anyhow::anyhow!("S3 returned no upload id")))?;
    let record_key = keys::upload(&campaign.tenant_id, &campaign.campaign_id, &object_key);
    let record = UploadRecord {
        pk: record_key.pk,
        sk: record_key.sk,
        entity_type: UploadRecord::ENTITY.into(),
        tenant_id: campaign.tenant_id.clone(),
        campaign_id: campaign.campaign_id.clone(),
        contributor_id: access.membership.contributor_id.clone(),
        campaign_question_id: question.question_id.clone(),
        object_key: object_key.clone(),
        upload_id: upload_id.clone(),
        content_type: essence,
        device_type: rules::device_type(body.device_type.as_deref()),
        client_duration_hours: None,
        created_at: model::timestamp(taken_at),
        closed: false,
        ttl: (taken_at + time::Duration::days(UPLOAD_RECORD_DAYS)).unix_timestamp(),
    };
    context.store.put(&record).await?;
    answers::upload_started(&context.store, &answer_of(&access, &question.question_id)).await?;
    Ok(Json(UploadStarted {
        key: object_key,
        upload_id,
        part_size: rules::PART_SIZE,
        max_parts: rules::MAX_PARTS,
        expires_in_seconds: rules::PART_URL_SECONDS,
    }))
}

/// A URL to PUT one part to, signed now and valid for an hour.
#[utoipa::path(post, path = "/contributor-upload/sign-part", tag = TAG, request_body = SignPart, security(("inviteKey" = [])),
    responses((status = 200, body = SignedPart), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn sign_part(
    State(context): State<AppContext>,
    key: InviteKey,
    Json(body): Json<SignPart>,
) -> ApiResult<Json<SignedPart>> {
    let access = opened(&context, &key, &body.tenant_id, &body.campaign_id, &body.contributor_id).await?;
    if !(1..=rules::MAX_PARTS as i32).contains(&body.part_number) {
        return Err(ApiError::field("partNumber", format!("Part numbers go from 1 to {}", rules::MAX_PARTS)));
    }
    let size = body
        .size_bytes
        .filter(|size| (1..=rules::PART_SIZE).contains(size))
        .ok_or_else(|| ApiError::field("sizeBytes", format!("A part is 1 to {} bytes", rules::PART_SIZE)))?;
    let upload = upload_of(&context, &access, &body.key, &body.upload_id).await?;
    let url = objects::upload_part_url(
        &context,
        &upload.object_key,
        &upload.upload_id,
        body.part_number,
        size,
        rules::PART_URL_SECONDS,
    )
    .await?;
    Ok(Json(SignedPart { url, expires_in_seconds: rules::PART_URL_SECONDS }))
}

async fn parts_received(context: &AppContext, upload: &UploadRecord) -> ApiResult<Vec<UploadedPart>> {
    let mut parts = Vec::new();
    let mut marker: Option<String> = None;
    loop {
        let output = context
            .s3()?
            .list_parts()
            .bucket(context.config.video_bucket()?)
            .key(&upload.object_key)
            .upload_id(&upload.upload_id)
            .set_part_number_marker(marker.clone())
            .send()
            .await
            .map_err(|e| {
                use aws_sdk_s3::error::ProvideErrorMetadata;
                match e.as_service_error().and_then(|s| s.code()) {
                    Some("NoSuchUpload") => ApiError::NotFound("This upload is finished or was cancelled".into()),
                    _ => ApiError::Internal(anyhow::Error::new(e).context("ListParts")),
                }
            })?;
        for part in output.parts.unwrap_or_default() {
            parts.push(UploadedPart {
                part_number: part.part_number.unwrap_or_default(),
                etag: part.e_tag.unwrap_or_default(),
                size_bytes: part.size.unwrap_or_default(),
            });
        }
        match (output.is_truncated, output.next_part_number_marker) {
            (Some(true), Some(next)) => marker = Some(next),
            _ => break,
        }
    }
    parts.sort_by_key(|p| p.part_number);
    Ok(parts)
}

/// The parts S3 already has: an interrupted upload resumes after them.
#[utoipa::path(post, path = "/contributor-upload/parts", tag = TAG, request_body = UploadRef, security(("inviteKey" = [])),
    responses((status = 200, body = UploadedParts), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn list_parts(
    State(context): State<AppContext>,
    key: InviteKey,
    Json(body): Json<UploadRef>,
) -> ApiResult<Json<UploadedParts>> {
    let access = opened(&context, &key, &body.tenant_id, &body.campaign_id, &body.contributor_id).await?;
    let upload = upload_of(&context, &access, &body.key, &body.upload_id).await?;
    Ok(Json(UploadedParts { parts: parts_received(&context, &upload).await? }))
}

/// Join the parts into the video. Repeating it after a lost answer is harmless.
#[utoipa::path(post, path = "/contributor-upload/complete", tag = TAG, request_body = CompleteUpload, security(("inviteKey" = [])),
    responses((status = 200, body = UploadCompleted), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn complete_upload(
    State(context): State<AppContext>,
    key: InviteKey,
    Json(body): Json<CompleteUpload>,
) -> ApiResult<Json<UploadCompleted>> {
    let access = opened(&context, &key, &body.tenant_id, &body.campaign_id, &body.contributor_id).await?;
    let upload = upload_of(&context, &access, &body.key, &body.upload_id).await?;
    let bucket = context.config.video_bucket()?;
    let done =
        || Json(UploadCompleted { key: upload.object_key.clone(), message: "Video uploaded successfully".into() });
    // Already joined (the browser retried after losing our answer).
    if context.s3()?.head_object().bucket(bucket).key(&upload.object_key).send().await.is_ok() {
        return Ok(done());
    }
    let parts = match body.parts {
        Some(parts) if !parts.is_empty() => parts,
        _ => parts_received(&context, &upload).await?,
    };
    if parts.is_empty() {
        return Err(invalid_file());
    }
    let completed: Vec<CompletedPart> =
        parts.iter().map(|p| CompletedPart::builder().part_number(p.part_number).e_tag(&p.etag).build()).collect();
    let result = context
        .s3()?
        .complete_multipart_upload()
        .bucket(bucket)
        .key(&upload.object_key)
        .upload_id(&upload.upload_id)
        .multipart_upload(CompletedMultipartUpload::builder().set_parts(Some(completed)).build())
        .send()
        .await;
    if let Err(error) = result {
        if context.s3()?.head_object().bucket(bucket).key(&upload.object_key).send().await.is_ok() {
            close_upload(&context, &upload).await?;
            return Ok(done());
        }
        tracing::warn!(error = ?error, key = %upload.object_key, "CompleteMultipartUpload refused");
        return Err(ApiError::BadRequest(
            "The upload is incomplete: some parts are missing or damaged. Please resume it.".into(),
        ));
    }
    close_upload(&context, &upload).await?;
    Ok(done())
}

/// Cancel an upload (its parts are discarded).
#[utoipa::path(post, path = "/contributor-upload/abort", tag = TAG, request_body = UploadRef, security(("inviteKey" = [])),
    responses((status = 200, body = Message), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn abort_upload(
    State(context): State<AppContext>,
    key: InviteKey,
    Json(body): Json<UploadRef>,
) -> ApiResult<Json<Message>> {
    let access = opened(&context, &key, &body.tenant_id, &body.campaign_id, &body.contributor_id).await?;
    let upload = upload_of(&context, &access, &body.key, &body.upload_id).await?;
    cancel_upload(&context, &upload).await?;
    answers::upload_cancelled(&context.store, &answer_of(&access, &upload.campaign_question_id)).await?;
    Ok(Message::new("Upload cancelled"))
}
