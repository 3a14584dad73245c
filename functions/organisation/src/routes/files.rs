//! The organisation's files and each staff member's own: presigned uploads, the
//! server's check, replacing and deleting.
//!
//! Company files (logo, terms and conditions, default encouragement video) are the
//! super admin's (company set-up); a staff member's avatar and encouragement video are
//! their own, so any staff role manages them (profile, user set-up).

use std::collections::BTreeMap;

use aws_sdk_s3::{error::ProvideErrorMetadata, primitives::ByteStream};
use axum::extract::State;
use storyhive_shared::{
    auth::Principal,
    error::ErrorBody,
    http::{Json, Message},
    media::{probe, reader::S3Reader},
    model::{self, TenantRecord, UserRecord},
    organisation::{
        files::{self, FileKind, Media},
        VALID_FILE,
    },
    permissions::Permission,
    storage::{keys, objects, AttributeValue, StoreError},
    ApiError, ApiResult, AppContext,
};

use crate::{dto::*, service as checks};

const TAG: &str = "organisation";
pub const FILE_NOT_EXIST: &str = "File not exist";
const CHANGED: &str = "This was changed by someone else in the meantime. Please reload and try again.";

/// Whose files a route manages.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Scope {
    Company,
    Own,
}

impl Scope {
    fn permission(self) -> Permission {
        match self {
            Scope::Company => Permission::CompanySetup,
            Scope::Own => Permission::UseStaffApp,
        }
    }

    /// The kind named in a body, if this scope manages it.
    fn kind(self, name: &str) -> ApiResult<FileKind> {
        FileKind::from_name(name.trim())
            .filter(|kind| kind.is_company() == (self == Scope::Company))
            .ok_or_else(|| ApiError::field("kind", VALID_FILE))
    }

    fn owner(self, principal: &Principal) -> String {
        match self {
            Scope::Company => files::COMPANY_OWNER.into(),
            Scope::Own => principal.user_id.clone(),
        }
    }
}

/// The item attribute that holds a kind's object key (tenant or user item).
fn attribute(kind: FileKind) -> &'static str {
    kind.name()
}

fn current(kind: FileKind, principal: &Principal) -> Option<String> {
    match kind {
        FileKind::Avatar => principal.user.avatar.clone(),
        FileKind::EncouragementVideo => principal.user.encouragement_video.clone(),
        FileKind::CompanyLogo => principal.tenant.company_logo.clone(),
        FileKind::TermsNConditions => principal.tenant.terms_n_conditions.clone(),
        FileKind::DefaultEncouragementVideo => principal.tenant.default_encouragement_video.clone(),
    }
    .filter(|key| !key.is_empty())
}

/// Company files: a URL to upload the logo, terms and conditions or the organisation's
/// encouragement video to.
#[utoipa::path(post, path = "/organisation/company/upload-url", tag = TAG, request_body = FileUploadRequest,
    security(("staffToken" = ["CompanySetup"])),
    responses(
        (status = 200, body = FileUploadTicket),
        (status = 400, description = "'Please upload valid file' for an unknown kind; a wrong type or size gets 'Please upload valid file. <Field> takes <what> of at most <N> MB.' on `contentType` or `sizeBytes`", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, description = "Not the super admin", body = ErrorBody),
    ))]
pub async fn company_upload_url(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<FileUploadRequest>,
) -> ApiResult<Json<FileUploadTicket>> {
    upload_url(&context, &principal, Scope::Company, body).await
}

/// One's own files: a URL to upload one's avatar or encouragement video to.
#[utoipa::path(post, path = "/organisation/me/upload-url", tag = TAG, request_body = FileUploadRequest,
    security(("staffToken" = ["UseStaffApp"])),
    responses(
        (status = 200, body = FileUploadTicket),
        (status = 400, description = "'Please upload valid file' for an unknown kind; a wrong type or size gets 'Please upload valid file. <Field> takes <what> of at most <N> MB.' on `contentType` or `sizeBytes`", body = ErrorBody),
        (status = 401, body = ErrorBody),
    ))]
pub async fn own_upload_url(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<FileUploadRequest>,
) -> ApiResult<Json<FileUploadTicket>> {
    upload_url(&context, &principal, Scope::Own, body).await
}

async fn upload_url(
    context: &AppContext,
    principal: &Principal,
    scope: Scope,
    body: FileUploadRequest,
) -> ApiResult<Json<FileUploadTicket>> {
    principal.require(scope.permission())?;
    let kind = scope.kind(&body.kind)?;
    let extension = kind.extension(&body.content_type).ok_or_else(|| ApiError::field("contentType", kind.refusal()))?;
    if !(1..=kind.max_bytes()).contains(&body.size_bytes) {
        return Err(ApiError::field("sizeBytes", kind.refusal()));
    }
    // The bare type (no parameters), lower case: what is signed is what the browser sends
    // as `File.type`, and nothing a caller typed reaches a signed header unchecked.
    let content_type = body.content_type.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
    let key = objects::pending_file(&principal.tenant_id, kind, &scope.owner(principal), &model::new_id(), extension);
    let url = objects::put_url(context, &key, &content_type, body.size_bytes, files::UPLOAD_URL_SECONDS).await?;
    Ok(Json(FileUploadTicket {
        upload_key: key,
        url,
        method: "PUT".into(),
        headers: BTreeMap::from([("Content-Type".to_string(), content_type)]),
        expires_in_seconds: files::UPLOAD_URL_SECONDS,
    }))
}

/// Company files: check the uploaded file and keep it in place of the previous one.
#[utoipa::path(post, path = "/organisation/company/upload-complete", tag = TAG, request_body = CompleteFileUpload,
    security(("staffToken" = ["CompanySetup"])),
    responses(
        (status = 200, body = SavedFile),
        (status = 400, description = "'Please upload valid file. <Field> takes <what> of at most <N> MB.' (on `file`): too large, or not what the kind takes; the upload is removed", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, description = "Not the super admin", body = ErrorBody),
        (status = 404, description = "'File not exist': nothing was uploaded with this key", body = ErrorBody),
        (status = 409, description = "Changed meanwhile by another request", body = ErrorBody),
    ))]
pub async fn company_upload_complete(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<CompleteFileUpload>,
) -> ApiResult<Json<SavedFile>> {
    complete(&context, &principal, Scope::Company, body).await
}

/// One's own files: check the uploaded avatar or video and keep it.
#[utoipa::path(post, path = "/organisation/me/upload-complete", tag = TAG, request_body = CompleteFileUpload,
    security(("staffToken" = ["UseStaffApp"])),
    responses(
        (status = 200, body = SavedFile),
        (status = 400, description = "'Please upload valid file. <Field> takes <what> of at most <N> MB.' (on `file`): too large, or not what the kind takes; the upload is removed", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 404, description = "'File not exist': nothing was uploaded with this key", body = ErrorBody),
        (status = 409, description = "Changed meanwhile by another request", body = ErrorBody),
    ))]
pub async fn own_upload_complete(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<CompleteFileUpload>,
) -> ApiResult<Json<SavedFile>> {
    complete(&context, &principal, Scope::Own, body).await
}

async fn complete(
    context: &AppContext,
    principal: &Principal,
    scope: Scope,
    body: CompleteFileUpload,
) -> ApiResult<Json<SavedFile>> {
    principal.require(scope.permission())?;
    let kind = scope.kind(&body.kind)?;
    let owner = scope.owner(principal);
    let pending = body.upload_key.trim();
    // Only a key this route handed to this person for this kind: nobody can have
    // another organisation's (or colleague's) upload checked in as theirs.
    let Some((id, extension)) = objects::parse_pending_file(pending, &principal.tenant_id, kind, &owner) else {
        return Err(ApiError::NotFound(FILE_NOT_EXIST.into()));
    };
    let stored = keep(context, kind, pending, &principal.tenant_id, &owner, id, extension).await?;
    let previous = current(kind, principal);
    let terms_version = match record(context, principal, kind, previous.as_deref(), Some(&stored)).await {
        Ok(version) => version,
        Err(error) => {
            remove(context, &stored).await;
            return Err(error);
        }
    };
    // Replaced: the old object goes (after the record no longer names it). The same
    // upload completed again is kept at the same key: that object is the one just kept.
    if let Some(previous) = previous.filter(|previous| *previous != stored) {
        remove(context, &previous).await;
    }
    Ok(Json(SavedFile {
        kind: kind.name().into(),
        url: files::read_url(context, &stored).await?,
        message: kind.saved_message().into(),
        terms_version: (kind == FileKind::TermsNConditions).then_some(terms_version),
    }))
}

/// Checks the pending object and moves it to where kept files live; returns the kept
/// key. Whatever fails the check is removed at once.
async fn keep(
    context: &AppContext,
    kind: FileKind,
    pending: &str,
    tenant_id: &str,
    owner: &str,
    id: &str,
    extension: &str,
) -> ApiResult<String> {
    let bucket = context.config.media_bucket()?.to_string();
    let head = context.s3()?.head_object().bucket(&bucket).key(pending).send().await.map_err(|e| {
        match e.as_service_error().map(|s| s.is_not_found()) {
            Some(true) => ApiError::NotFound(FILE_NOT_EXIST.into()),
            _ => ApiError::Internal(anyhow::Error::new(e).context("HeadObject")),
        }
    })?;
    let size = head.content_length().unwrap_or(0);
    let refuse = || async {
        remove(context, pending).await;
        Err(ApiError::field("file", kind.refusal()))
    };
    if !(1..=kind.max_bytes()).contains(&size) {
        return refuse().await;
    }
    match kind.media() {
        Media::Image => {
            let bytes = read_range(context, &bucket, pending, None).await?;
            let Ok(jpeg) =
                tokio::task::spawn_blocking(move || checks::to_jpeg(&bytes)).await.map_err(anyhow::Error::new)?
            else {
                return refuse().await;
            };
            let stored = objects::stored_file(tenant_id, kind, owner, id, "jpg");
            context
                .s3()?
                .put_object()
                .bucket(&bucket)
                .key(&stored)
                .content_type("image/jpeg")
                .body(ByteStream::from(jpeg))
                .send()
                .await
                .map_err(|e| ApiError::Internal(anyhow::Error::new(e).context("PutObject")))?;
            remove(context, pending).await;
            Ok(stored)
        }
        Media::Pdf => {
            let head = read_range(context, &bucket, pending, Some((0, 1023.min(size - 1)))).await?;
            let tail = read_range(context, &bucket, pending, Some(((size - 1024).max(0), size - 1))).await?;
            if !checks::looks_like_pdf(&head, &tail) {
                return refuse().await;
            }
            move_to_kept(context, &bucket, pending, &objects::stored_file(tenant_id, kind, owner, id, extension)).await
        }
        Media::Video => {
            let (handle, s3, object) = (tokio::runtime::Handle::current(), context.s3()?.clone(), pending.to_string());
            let probe_bucket = bucket.clone();
            let probed = tokio::task::spawn_blocking(move || {
                let mut source = S3Reader::new(handle, s3, probe_bucket, object, size as u64);
                probe::probe(&mut source)
            })
            .await
            .map_err(anyhow::Error::new)?;
            match probed {
                Ok(_) => {}
                Err(probe::ProbeError::Io(error)) if error.kind() != std::io::ErrorKind::UnexpectedEof => {
                    return Err(ApiError::Internal(anyhow::Error::new(error).context("reading the upload")));
                }
                Err(_) => return refuse().await,
            }
            move_to_kept(context, &bucket, pending, &objects::stored_file(tenant_id, kind, owner, id, extension)).await
        }
    }
}

async fn read_range(context: &AppContext, bucket: &str, key: &str, range: Option<(i64, i64)>) -> ApiResult<Vec<u8>> {
    let output = context
        .s3()?
        .get_object()
        .bucket(bucket)
        .key(key)
        .set_range(range.map(|(start, end)| format!("bytes={start}-{end}")))
        .send()
        .await
        .map_err(|e| ApiError::Internal(anyhow::Error::new(e).context("GetObject")))?;
    Ok(output.body.collect().await.map_err(|e| ApiError::Internal(anyhow::Error::new(e)))?.into_bytes().to_vec())
}

/// A server-side copy (up to 5 GB in one call), then the pending object goes.
async fn move_to_kept(context: &AppContext, bucket: &str, pending: &str, stored: &str) -> ApiResult<String> {
    context
        .s3()?
        .copy_object()
        .bucket(bucket)
        .copy_source(format!("{bucket}/{pending}"))
        .key(stored)
        .send()
        .await
        .map_err(|e| ApiError::Internal(anyhow::Error::new(e).context("CopyObject")))?;
    remove(context, pending).await;
    Ok(stored.to_string())
}

/// Removes an object; a failure only leaves an unreferenced object (logged), never an
/// error for the caller, whose change is already made.
async fn remove(context: &AppContext, key: &str) {
    let (Ok(bucket), Ok(s3)) = (context.config.media_bucket(), context.s3()) else { return };
    if let Err(error) = s3.delete_object().bucket(bucket).key(key).send().await {
        tracing::warn!(key, code = ?error.code(), "could not remove an object of the media bucket");
    }
}

/// Points the tenant or user item at `new` (or at nothing), if it still names
/// `previous`: a concurrent replacement is a 409, never a lost object. Returns the
/// terms' version after the write.
async fn record(
    context: &AppContext,
    principal: &Principal,
    kind: FileKind,
    previous: Option<&str>,
    new: Option<&str>,
) -> ApiResult<u32> {
    let at = AttributeValue::S(model::timestamp(model::now()));
    let field = attribute(kind);
    let mut set = vec!["updatedAt = :at".to_string()];
    let mut remove_fields = vec![];
    let mut add = vec![];
    match new {
        Some(_) => set.push("#f = :new".into()),
        None => remove_fields.push("#f"),
    }
    let company = kind.is_company();
    if company && kind == FileKind::TermsNConditions && new.is_some() {
        set.push("termsVersion = if_not_exists(termsVersion, :zero) + :one".into());
    }
    if !company {
        add.push("version :one");
    }
    let mut expression = format!("SET {}", set.join(", "));
    if !remove_fields.is_empty() {
        expression.push_str(&format!(" REMOVE {}", remove_fields.join(", ")));
    }
    if !add.is_empty() {
        expression.push_str(&format!(" ADD {}", add.join(", ")));
    }
    let condition = match previous {
        Some(_) => "attribute_exists(PK) AND #f = :previous",
        None => "attribute_exists(PK) AND (attribute_not_exists(#f) OR attribute_type(#f, :null))",
    };
    let key = match company {
        true => keys::tenant(&principal.tenant_id),
        false => keys::user(&principal.tenant_id, &principal.user_id),
    };
    let build = |mut u: aws_sdk_dynamodb::operation::update_item::builders::UpdateItemFluentBuilder| {
        u = u
            .update_expression(expression.clone())
            .condition_expression(condition)
            .expression_attribute_names("#f", field)
            .expression_attribute_values(":at", at.clone());
        if let Some(new) = new {
            u = u.expression_attribute_values(":new", AttributeValue::S(new.into()));
        }
        match previous {
            Some(previous) => u = u.expression_attribute_values(":previous", AttributeValue::S(previous.into())),
            None => u = u.expression_attribute_values(":null", AttributeValue::S("NULL".into())),
        }
        if expression.contains(":one") {
            u = u.expression_attribute_values(":one", AttributeValue::N("1".into()));
        }
        if expression.contains(":zero") {
            u = u.expression_attribute_values(":zero", AttributeValue::N("0".into()));
        }
        u
    };
    let conflict = |e: StoreError| match e {
        StoreError::ConditionFailed => ApiError::Conflict(CHANGED.into()),
        other => other.into(),
    };
    if company {
        let tenant: TenantRecord = context.store.update(&key, build).await.map_err(conflict)?;
        Ok(tenant.terms_version)
    } else {
        let _user: UserRecord = context.store.update(&key, build).await.map_err(conflict)?;
        Ok(principal.tenant.terms_version)
    }
}

/// Company files: delete the logo, the terms and conditions or the organisation's
/// encouragement video.
#[utoipa::path(delete, path = "/organisation/company/file", tag = TAG, request_body = FileRef,
    security(("staffToken" = ["CompanySetup"])),
    responses(
        (status = 200, body = Message),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, description = "Not the super admin", body = ErrorBody),
        (status = 404, description = "'File not exist'", body = ErrorBody),
        (status = 409, description = "Changed meanwhile by another request", body = ErrorBody),
    ))]
pub async fn delete_company_file(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<FileRef>,
) -> ApiResult<Json<Message>> {
    delete_file(&context, &principal, Scope::Company, body).await
}

/// One's own files: delete one's avatar or encouragement video.
#[utoipa::path(delete, path = "/organisation/me/file", tag = TAG, request_body = FileRef,
    security(("staffToken" = ["UseStaffApp"])),
    responses(
        (status = 200, body = Message),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 404, description = "'File not exist'", body = ErrorBody),
        (status = 409, description = "Changed meanwhile by another request", body = ErrorBody),
    ))]
pub async fn delete_own_file(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<FileRef>,
) -> ApiResult<Json<Message>> {
    delete_file(&context, &principal, Scope::Own, body).await
}

async fn delete_file(
    context: &AppContext,
    principal: &Principal,
    scope: Scope,
    body: FileRef,
) -> ApiResult<Json<Message>> {
    principal.require(scope.permission())?;
    let kind = scope.kind(&body.kind)?;
    let Some(previous) = current(kind, principal) else {
        return Err(ApiError::NotFound(FILE_NOT_EXIST.into()));
    };
    record(context, principal, kind, Some(&previous), None).await?;
    remove(context, &previous).await;
    Ok(Message::new(kind.deleted_message()))
}
