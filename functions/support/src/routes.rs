//! The support handlers.

use axum::{extract::State, http::StatusCode};
use storyhive_shared::{
    auth::Principal,
    campaigns::records::{CampaignRecord, LifecycleStatus},
    error::{ErrorBody, FieldError},
    http::{Json, PageParams, Path, Query},
    mail::MailMessage,
    model::{self},
    permissions::Permission,
    ratelimit::{self, Limit},
    storage::{keys, StoreError},
    support::{EditorRequestRecord, HelpRequestRecord},
    ApiError, ApiResult, AppContext,
};

use crate::dto::*;

const TAG: &str = "support";

pub const MESSAGE_REQUIRED: &str = "Please write your message";
pub const MESSAGE_MAX: usize = 5000;
pub const MESSAGE_TOO_LONG: &str = "Message must be at most 5000 characters";
pub const CATEGORY_REQUIRED: &str = "Category is a required field";
pub const CATEGORY_INVALID: &str = "Please select a valid category";
pub const CAMPAIGN_REQUIRED: &str = "Campaign is a required field";
pub const CAMPAIGN_NOT_FOUND: &str = "Campaign not found";
pub const REQUEST_NOT_FOUND: &str = "Request not found";
pub const TOO_MANY: &str = "Too many requests. Please wait a while and try again.";

fn message_text(message: &str, errors: &mut Vec<FieldError>) -> String {
    let message = message.trim();
    if message.is_empty() {
        errors.push(FieldError::new("message", MESSAGE_REQUIRED));
    } else if message.chars().count() > MESSAGE_MAX {
        errors.push(FieldError::new("message", MESSAGE_TOO_LONG));
    }
    message.to_string()
}

fn fail_if_any(errors: Vec<FieldError>) -> ApiResult<()> {
    if errors.is_empty() {
        Ok(())
    } else {
        Err(ApiError::Validation(errors))
    }
}

/// Counts one request of the sender against `limit`.
async fn count_request(context: &AppContext, principal: &Principal, limit: &Limit) -> ApiResult<()> {
    let subject = format!("{}/{}", principal.tenant_id, principal.user_id);
    let verdict = ratelimit::hit(&context.store, limit, &subject).await?;
    if verdict.is_limited() {
        return Err(ratelimit::too_many(TOO_MANY, verdict));
    }
    Ok(())
}

fn sender_name(principal: &Principal) -> String {
    let name = [principal.user.first_name.as_deref(), principal.user.last_name.as_deref()]
        .into_iter()
        .flatten()
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    if name.is_empty() {
        principal.email.clone()
    } else {
        name
    }
}

/// Queues the mail to support and the sender's copy (`mail(to, copy)` builds each).
async fn mail_support_and_sender(
    context: &AppContext,
    principal: &Principal,
    mail: impl Fn(String, bool) -> MailMessage,
) -> ApiResult<()> {
    let support = context.config.support_email()?.to_string();
    context.mail.send(&mail(support, false)).await?;
    context.mail.send(&mail(principal.email.clone(), true)).await?;
    Ok(())
}

/// Send a help request to support; the sender gets a copy by e-mail.
#[utoipa::path(post, path = "/support/help", tag = TAG, security(("staffToken" = ["UseHelp"])),
    request_body = SendHelpRequest,
    responses(
        (status = 201, body = HelpRequest),
        (status = 400, description = "'Category is a required field', 'Please select a valid category', 'Please write your message', 'Message must be at most 5000 characters'", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 429, description = "More than 10 help requests in an hour", body = ErrorBody),
    ))]
pub async fn send_help(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<SendHelpRequest>,
) -> ApiResult<(StatusCode, Json<HelpRequest>)> {
    principal.require(Permission::UseHelp)?;
    let mut errors = Vec::new();
    let category = match body.category.trim() {
        "" => {
            errors.push(FieldError::new("category", CATEGORY_REQUIRED));
            None
        }
        given => {
            let found = HelpCategory::ALL.into_iter().find(|c| c.label().eq_ignore_ascii_case(given));
            if found.is_none() {
                errors.push(FieldError::new("category", CATEGORY_INVALID));
            }
            found
        }
    };
    let message = message_text(&body.message, &mut errors);
    fail_if_any(errors)?;
    let category = category.expect("checked above");
    count_request(&context, &principal, &ratelimit::HELP_REQUESTS_PER_USER).await?;
    let request_id = model::new_id();
    let key = keys::help_request(&principal.tenant_id, &principal.user_id, &request_id);
    let request = HelpRequest { id: request_id.clone(), category, message, created_at: model::timestamp(model::now()) };
    let record = HelpRequestRecord {
        pk: key.pk,
        sk: key.sk,
        entity_type: "HelpRequest".into(),
        tenant_id: principal.tenant_id.clone(),
        user_id: principal.user_id.clone(),
        email: principal.email.clone(),
        id: request.id.clone(),
        category: request.category,
        message: request.message.clone(),
        created_at: request.created_at.clone(),
    };
    context.store.put(&record).await?;
    let (name, company) = (sender_name(&principal), principal.tenant.company_name.clone());
    mail_support_and_sender(&context, &principal, |to, copy| MailMessage::HelpRequest {
        to,
        copy,
        reference: request_id.clone(),
        category: category.label().into(),
        sender_name: name.clone(),
        sender_email: principal.email.clone(),
        company_name: company.clone(),
        message: request.message.clone(),
    })
    .await?;
    Ok((StatusCode::CREATED, Json(request)))
}

/// A page of the signed-in staff member's own requests of one kind (`prefix`), newest first.
async fn own_requests<R: serde::de::DeserializeOwned>(
    context: &AppContext,
    principal: &Principal,
    prefix: &str,
    page: &PageParams,
) -> ApiResult<(Vec<R>, Option<String>)> {
    let query = storyhive_shared::storage::Query::table(
        keys::support_requests_partition(&principal.tenant_id, &principal.user_id),
        prefix,
    )
    .newest_first()
    .limit(page.limit()?);
    Ok(context.store.query_page::<R>(query, page.cursor()).await?)
}

/// The help requests the signed-in staff member sent, newest first, 10 per page.
#[utoipa::path(get, path = "/support/help", tag = TAG, security(("staffToken" = ["UseHelp"])),
    params(PageParams),
    responses(
        (status = 200, body = HelpRequestPage),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
    ))]
pub async fn help_requests(
    State(context): State<AppContext>,
    principal: Principal,
    Query(page): Query<PageParams>,
) -> ApiResult<Json<HelpRequestPage>> {
    principal.require(Permission::UseHelp)?;
    let (records, next_cursor) =
        own_requests::<HelpRequestRecord>(&context, &principal, keys::HELP_REQUEST_PREFIX, &page).await?;
    Ok(Json(HelpRequestPage { items: records.into_iter().map(HelpRequest::from).collect(), next_cursor }))
}

/// Ask for a professional editor for one of the organisation's campaigns. Stored as
/// `requested`, e-mailed to support with a copy to the sender.
#[utoipa::path(post, path = "/support/editor-requests", tag = TAG, security(("staffToken" = ["UseRequestEditor"])),
    request_body = SendEditorRequest,
    responses(
        (status = 201, body = EditorRequest),
        (status = 400, description = "'Campaign is a required field', 'Please write your message', 'Message must be at most 5000 characters'", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "'Campaign not found' (also another organisation's)", body = ErrorBody),
        (status = 429, description = "More than 10 editor requests in an hour", body = ErrorBody),
    ))]
pub async fn request_editor(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<SendEditorRequest>,
) -> ApiResult<(StatusCode, Json<EditorRequest>)> {
    principal.require(Permission::UseRequestEditor)?;
    let mut errors = Vec::new();
    if body.campaign_id.is_empty() {
        errors.push(FieldError::new("campaignId", CAMPAIGN_REQUIRED));
    }
    let message = message_text(&body.message, &mut errors);
    fail_if_any(errors)?;
    let campaign = context
        .store
        .get::<CampaignRecord>(&keys::campaign(&principal.tenant_id, &body.campaign_id))
        .await?
        .filter(|c| c.lifecycle == LifecycleStatus::Active)
        .ok_or_else(|| ApiError::NotFound(CAMPAIGN_NOT_FOUND.into()))?;
    count_request(&context, &principal, &ratelimit::EDITOR_REQUESTS_PER_USER).await?;
    let request_id = model::new_id();
    let at = model::timestamp(model::now());
    let key = keys::editor_request(&principal.tenant_id, &principal.user_id, &request_id);
    let request = EditorRequest {
        id: request_id,
        campaign_id: campaign.campaign_id.clone(),
        campaign_title: campaign.title.clone(),
        message,
        status: EditorRequestStatus::Requested,
        created_at: at.clone(),
        updated_at: at,
    };
    let record = EditorRequestRecord {
        pk: key.pk,
        sk: key.sk,
        entity_type: "EditorRequest".into(),
        tenant_id: principal.tenant_id.clone(),
        user_id: principal.user_id.clone(),
        email: principal.email.clone(),
        version: 1,
        id: request.id.clone(),
        campaign_id: request.campaign_id.clone(),
        campaign_title: request.campaign_title.clone(),
        message: request.message.clone(),
        status: request.status,
        created_at: request.created_at.clone(),
        updated_at: request.updated_at.clone(),
    };
    context.store.put(&record).await?;
    mail_editor_request(&context, &principal, &request).await?;
    Ok((StatusCode::CREATED, Json(request)))
}

async fn mail_editor_request(context: &AppContext, principal: &Principal, request: &EditorRequest) -> ApiResult<()> {
    let (name, company) = (sender_name(principal), principal.tenant.company_name.clone());
    mail_support_and_sender(context, principal, |to, copy| MailMessage::EditorRequest {
        to,
        copy,
        reference: request.id.clone(),
        campaign_title: request.campaign_title.clone(),
        sender_name: name.clone(),
        sender_email: principal.email.clone(),
        company_name: company.clone(),
        message: request.message.clone(),
        cancelled: request.status == EditorRequestStatus::Cancelled,
    })
    .await
}

/// The editor requests the signed-in staff member sent, newest first, 10 per page.
#[utoipa::path(get, path = "/support/editor-requests", tag = TAG, security(("staffToken" = ["UseRequestEditor"])),
    params(PageParams),
    responses(
        (status = 200, body = EditorRequestPage),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
    ))]
pub async fn editor_requests(
    State(context): State<AppContext>,
    principal: Principal,
    Query(page): Query<PageParams>,
) -> ApiResult<Json<EditorRequestPage>> {
    principal.require(Permission::UseRequestEditor)?;
    let (records, next_cursor) =
        own_requests::<EditorRequestRecord>(&context, &principal, keys::EDITOR_REQUEST_PREFIX, &page).await?;
    Ok(Json(EditorRequestPage { items: records.into_iter().map(EditorRequest::from).collect(), next_cursor }))
}

/// Withdraw one's own editor request while it is `requested`; support is told by e-mail.
/// Withdrawing it again answers it as it is.
#[utoipa::path(put, path = "/support/editor-requests/{id}/cancel", tag = TAG,
    security(("staffToken" = ["UseRequestEditor"])), params(("id" = String, Path, description = "The request's id")),
    responses(
        (status = 200, body = EditorRequest),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "'Request not found' (also someone else's)", body = ErrorBody),
        (status = 409, description = "Changed meanwhile", body = ErrorBody),
        (status = 429, body = ErrorBody),
    ))]
pub async fn cancel_editor_request(
    State(context): State<AppContext>,
    principal: Principal,
    Path(id): Path<String>,
) -> ApiResult<Json<EditorRequest>> {
    principal.require(Permission::UseRequestEditor)?;
    let key = keys::editor_request(&principal.tenant_id, &principal.user_id, &id);
    let mut record: EditorRequestRecord =
        context.store.get(&key).await?.ok_or_else(|| ApiError::NotFound(REQUEST_NOT_FOUND.into()))?;
    if record.status == EditorRequestStatus::Cancelled {
        return Ok(Json(record.into()));
    }
    count_request(&context, &principal, &ratelimit::EDITOR_REQUESTS_PER_USER).await?;
    let expected = record.version;
    record.version += 1;
    record.status = EditorRequestStatus::Cancelled;
    record.updated_at = model::timestamp(model::now());
    match context.store.put_versioned(&record, expected).await {
        Ok(()) => {}
        Err(StoreError::ConditionFailed) => {
            return Err(ApiError::Conflict("This request was changed in the meantime. Please reload it.".into()))
        }
        Err(other) => return Err(other.into()),
    }
    let request = EditorRequest::from(record);
    mail_editor_request(&context, &principal, &request).await?;
    Ok(Json(request))
}
