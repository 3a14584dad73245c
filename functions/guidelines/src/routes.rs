//! The guidelines handlers.

use axum::{extract::State, http::StatusCode};
use storyhive_shared::{
    auth::Principal,
    error::ErrorBody,
    guidelines::{
        self as rules, Guideline, GuidelineNameClaim, GuidelineTitleRecord, GuidelineValue, GuidelineValuePointer,
    },
    http::{Json, Message, PageParams, Path, Query},
    model,
    permissions::Permission,
    storage::{keys, StoreError, TransactWriteItem},
    ApiError, ApiResult, AppContext,
};

use crate::dto::*;

const TAG: &str = "guidelines";
/// Two staff members editing one title at the same moment: the loser retries this often.
const ATTEMPTS: usize = 4;
const BUSY: &str = "This guideline was changed by someone else in the meantime. Please try again.";

fn title_text(value: &str) -> ApiResult<String> {
    storyhive_shared::campaigns::rules::bounded(value, rules::TITLE_MAX, rules::TITLE_REQUIRED, rules::TITLE_TOO_LONG)
        .map_err(|m| ApiError::field("title", m))
}

fn value_text(field: &str, value: &str) -> ApiResult<String> {
    storyhive_shared::campaigns::rules::bounded(value, rules::VALUE_MAX, rules::VALUE_REQUIRED, rules::VALUE_TOO_LONG)
        .map_err(|m| ApiError::field(field, m))
}

fn title_not_found() -> ApiError {
    ApiError::NotFound(rules::TITLE_NOT_FOUND.into())
}

async fn title_by_id(context: &AppContext, tenant_id: &str, title_id: &str) -> ApiResult<GuidelineTitleRecord> {
    if title_id.is_empty() {
        return Err(ApiError::field("id", "Id is a required field"));
    }
    context.store.get(&keys::guideline_title(tenant_id, title_id)).await?.ok_or_else(title_not_found)
}

async fn title_by_name(context: &AppContext, tenant_id: &str, title: &str) -> ApiResult<GuidelineTitleRecord> {
    let title = title_text(title)?;
    let claim: GuidelineNameClaim =
        context.store.get(&keys::guideline_title_name(tenant_id, &title)).await?.ok_or_else(title_not_found)?;
    title_by_id(context, tenant_id, &claim.title_id).await
}

/// Reads a title, changes it with `change` (which may add writes of its own) and saves it
/// if nobody else changed it meanwhile; re-reads and retries otherwise.
async fn edit_title<F>(context: &AppContext, tenant_id: &str, title_id: &str, mut change: F) -> ApiResult<Guideline>
where
    F: FnMut(&mut GuidelineTitleRecord) -> ApiResult<Vec<TransactWriteItem>>,
{
    let store = &context.store;
    for _ in 0..ATTEMPTS {
        let mut record = title_by_id(context, tenant_id, title_id).await?;
        let expected = record.version;
        let mut writes = change(&mut record)?;
        record.version = expected + 1;
        record.updated_at = model::timestamp(model::now());
        writes.push(store.put_versioned_op(&record, expected)?);
        match store.transact(writes).await {
            Ok(()) => return Ok(Guideline::from(&record)),
            Err(StoreError::ConditionFailed) => continue,
            Err(other) => return Err(other.into()),
        }
    }
    Err(ApiError::Conflict(BUSY.into()))
}

/// The organisation's guidelines: titles with their values, oldest title first, 10 per page.
#[utoipa::path(get, path = "/guideline/list", tag = TAG, security(("staffToken" = ["ManageGuidelines"])),
    params(PageParams),
    responses(
        (status = 200, body = GuidelinePage),
        (status = 400, description = "Bad cursor or page size", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, description = "Only superAdmin and admin manage guidelines", body = ErrorBody),
    ))]
pub async fn list(
    State(context): State<AppContext>,
    principal: Principal,
    Query(page): Query<PageParams>,
) -> ApiResult<Json<GuidelinePage>> {
    principal.require(Permission::ManageGuidelines)?;
    let query = rules::titles_query(&principal.tenant_id).limit(page.limit()?);
    let (titles, next_cursor) = context.store.query_page::<GuidelineTitleRecord>(query, page.cursor()).await?;
    Ok(Json(GuidelinePage { items: titles.iter().map(Guideline::from).collect(), next_cursor }))
}

/// Add a title (a heading), optionally with its first values.
#[utoipa::path(post, path = "/guideline/addguidelinetitle", tag = TAG,
    security(("staffToken" = ["ManageGuidelines"])), request_body = AddGuidelineTitle,
    responses(
        (status = 201, body = Guideline),
        (status = 400, description = "'Title is a required field', 'Title must be at most 250 characters', a value's message", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 409, description = "'A guideline title with this name already exists'", body = ErrorBody),
    ))]
pub async fn add_title(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<AddGuidelineTitle>,
) -> ApiResult<(StatusCode, Json<Guideline>)> {
    principal.require(Permission::ManageGuidelines)?;
    let tenant_id = &principal.tenant_id;
    let title = title_text(&body.title)?;
    if body.values.len() > rules::MAX_VALUES_PER_TITLE {
        return Err(ApiError::field("values", rules::TOO_MANY_VALUES));
    }
    let title_id = model::new_id();
    let mut record = GuidelineTitleRecord::new(tenant_id, &title_id, &title, &model::timestamp(model::now()));
    let store = &context.store;
    let mut writes = vec![store.put_new_op(&GuidelineNameClaim::new(tenant_id, &title, &title_id))?];
    for (index, value) in body.values.iter().enumerate() {
        let value = value_text(&format!("values[{index}]"), value)?;
        if record.holds(&value, None) {
            return Err(ApiError::field(&format!("values[{index}]"), rules::VALUE_TAKEN));
        }
        let value_id = model::new_id();
        writes.push(store.put_new_op(&GuidelineValuePointer::new(tenant_id, &value_id, &title_id))?);
        record.values.push(GuidelineValue { value_id, value });
    }
    writes.push(store.put_new_op(&record)?);
    match store.transact(writes).await {
        Ok(()) => Ok((StatusCode::CREATED, Json(Guideline::from(&record)))),
        Err(StoreError::ConditionFailed) => Err(ApiError::Conflict(rules::TITLE_TAKEN.into())),
        Err(other) => Err(other.into()),
    }
}

/// Add a value (one guideline) to a title; answers the title with its values.
#[utoipa::path(post, path = "/guideline/add", tag = TAG, security(("staffToken" = ["ManageGuidelines"])),
    request_body = AddGuidelineValue,
    responses(
        (status = 201, body = Guideline),
        (status = 400, description = "'Guideline is a required field', 'Guideline must be at most 250 characters', 'A title can hold at most 30 guidelines'", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "'Guideline title not found'", body = ErrorBody),
        (status = 409, description = "'This guideline already exists under this title', or a concurrent edit", body = ErrorBody),
    ))]
pub async fn add_value(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<AddGuidelineValue>,
) -> ApiResult<(StatusCode, Json<Guideline>)> {
    principal.require(Permission::ManageGuidelines)?;
    let tenant_id = &principal.tenant_id;
    if body.title_id.is_empty() {
        return Err(ApiError::field("titleId", "Title is a required field"));
    }
    let value = value_text("value", &body.value)?;
    let store = &context.store;
    let guideline = edit_title(&context, tenant_id, &body.title_id, |record| {
        if record.holds(&value, None) {
            return Err(ApiError::Conflict(rules::VALUE_TAKEN.into()));
        }
        if record.values.len() >= rules::MAX_VALUES_PER_TITLE {
            return Err(ApiError::field("value", rules::TOO_MANY_VALUES));
        }
        let value_id = model::new_id();
        let pointer = store.put_new_op(&GuidelineValuePointer::new(tenant_id, &value_id, &record.title_id))?;
        record.values.push(GuidelineValue { value_id, value: value.clone() });
        Ok(vec![pointer])
    })
    .await?;
    Ok((StatusCode::CREATED, Json(guideline)))
}

/// Rename a title.
#[utoipa::path(put, path = "/guideline/update", tag = TAG, security(("staffToken" = ["ManageGuidelines"])),
    request_body = UpdateGuidelineTitle,
    responses(
        (status = 200, body = Guideline),
        (status = 400, description = "'Title is a required field', 'Title must be at most 250 characters'", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "'Guideline title not found'", body = ErrorBody),
        (status = 409, description = "'A guideline title with this name already exists', or a concurrent edit", body = ErrorBody),
    ))]
pub async fn update_title(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<UpdateGuidelineTitle>,
) -> ApiResult<Json<Guideline>> {
    principal.require(Permission::ManageGuidelines)?;
    let tenant_id = &principal.tenant_id;
    let title = title_text(&body.title)?;
    if name_taken_by_other(&context, tenant_id, &title, &body.id).await? {
        return Err(ApiError::Conflict(rules::TITLE_TAKEN.into()));
    }
    let store = &context.store;
    let mut renamed = false;
    let result = edit_title(&context, tenant_id, &body.id, |record| {
        let old = std::mem::replace(&mut record.title, title.clone());
        if old.trim().to_lowercase() == title.to_lowercase() {
            // Same name (perhaps another case): the claim stays.
            return Ok(vec![]);
        }
        renamed = true;
        Ok(vec![
            store.put_new_op(&GuidelineNameClaim::new(tenant_id, &title, &record.title_id))?,
            store.delete_op(&keys::guideline_title_name(tenant_id, &old))?,
        ])
    })
    .await;
    match result {
        Ok(guideline) => Ok(Json(guideline)),
        // The version held and the title still exists: the new name is taken.
        Err(ApiError::Conflict(_)) if renamed && name_taken_by_other(&context, tenant_id, &title, &body.id).await? => {
            Err(ApiError::Conflict(rules::TITLE_TAKEN.into()))
        }
        Err(other) => Err(other),
    }
}

async fn name_taken_by_other(context: &AppContext, tenant_id: &str, title: &str, title_id: &str) -> ApiResult<bool> {
    let claim: Option<GuidelineNameClaim> = context.store.get(&keys::guideline_title_name(tenant_id, title)).await?;
    Ok(claim.is_some_and(|c| c.title_id != title_id))
}

/// Change one value's text.
#[utoipa::path(put, path = "/guideline/updatevalue", tag = TAG, security(("staffToken" = ["ManageGuidelines"])),
    request_body = UpdateGuidelineValue,
    responses(
        (status = 200, body = Guideline),
        (status = 400, description = "'Guideline is a required field', 'Guideline must be at most 250 characters'", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "'Guideline not found'", body = ErrorBody),
        (status = 409, description = "'This guideline already exists under this title', or a concurrent edit", body = ErrorBody),
    ))]
pub async fn update_value(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<UpdateGuidelineValue>,
) -> ApiResult<Json<Guideline>> {
    principal.require(Permission::ManageGuidelines)?;
    let tenant_id = &principal.tenant_id;
    if body.id.is_empty() {
        return Err(ApiError::field("id", "Id is a required field"));
    }
    let value = value_text("value", &body.value)?;
    let title_id = title_of_value(&context, tenant_id, &body.id).await?;
    let value_id = body.id.as_str();
    let guideline = edit_title(&context, tenant_id, &title_id, |record| {
        if record.holds(&value, Some(value_id)) {
            return Err(ApiError::Conflict(rules::VALUE_TAKEN.into()));
        }
        let entry = record
            .values
            .iter_mut()
            .find(|v| v.value_id == value_id)
            .ok_or_else(|| ApiError::NotFound(rules::VALUE_NOT_FOUND.into()))?;
        entry.value = value.clone();
        Ok(vec![])
    })
    .await
    .map_err(value_gone)?;
    Ok(Json(guideline))
}

/// A value whose title went away meanwhile is a value not found.
fn value_gone(error: ApiError) -> ApiError {
    match error {
        ApiError::NotFound(_) => ApiError::NotFound(rules::VALUE_NOT_FOUND.into()),
        other => other,
    }
}

async fn title_of_value(context: &AppContext, tenant_id: &str, value_id: &str) -> ApiResult<String> {
    let pointer: GuidelineValuePointer = context
        .store
        .get(&keys::guideline_value(tenant_id, value_id))
        .await?
        .ok_or_else(|| ApiError::NotFound(rules::VALUE_NOT_FOUND.into()))?;
    Ok(pointer.title_id)
}

/// Delete one value.
#[utoipa::path(delete, path = "/guideline/deletevalue/{id}", tag = TAG,
    security(("staffToken" = ["ManageGuidelines"])), params(("id" = String, Path, description = "The value's id")),
    responses(
        (status = 200, body = Message),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "'Guideline not found'", body = ErrorBody),
        (status = 409, description = "A concurrent edit", body = ErrorBody),
    ))]
pub async fn delete_value(
    State(context): State<AppContext>,
    principal: Principal,
    Path(id): Path<String>,
) -> ApiResult<Json<Message>> {
    principal.require(Permission::ManageGuidelines)?;
    let tenant_id = &principal.tenant_id;
    let title_id = title_of_value(&context, tenant_id, &id).await?;
    let store = &context.store;
    edit_title(&context, tenant_id, &title_id, |record| {
        let before = record.values.len();
        record.values.retain(|v| v.value_id != id);
        if record.values.len() == before {
            return Err(ApiError::NotFound(rules::VALUE_NOT_FOUND.into()));
        }
        Ok(vec![store.delete_op(&keys::guideline_value(tenant_id, &id))?])
    })
    .await
    .map_err(value_gone)?;
    Ok(Message::new("Guideline deleted successfully"))
}

/// Deletes a title, its name claim and its values' pointers in one transaction (a title
/// holds at most 30 values, well within one).
async fn delete_title(context: &AppContext, tenant_id: &str, mut record: GuidelineTitleRecord) -> ApiResult<()> {
    let store = &context.store;
    for _ in 0..ATTEMPTS {
        let mut writes = vec![
            store.delete_versioned_op(&record.key(), record.version)?,
            store.delete_op(&keys::guideline_title_name(tenant_id, &record.title))?,
        ];
        for value in &record.values {
            writes.push(store.delete_op(&keys::guideline_value(tenant_id, &value.value_id))?);
        }
        match store.transact(writes).await {
            Ok(()) => return Ok(()),
            Err(StoreError::ConditionFailed) => {
                record = title_by_id(context, tenant_id, &record.title_id).await?;
            }
            Err(other) => return Err(other.into()),
        }
    }
    Err(ApiError::Conflict(BUSY.into()))
}

/// Delete a title with all its values, by the title's id.
#[utoipa::path(delete, path = "/guideline/delete/{id}", tag = TAG, security(("staffToken" = ["ManageGuidelines"])),
    params(("id" = String, Path, description = "The title's id")),
    responses(
        (status = 200, body = Message),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "'Guideline title not found'", body = ErrorBody),
        (status = 409, description = "A concurrent edit", body = ErrorBody),
    ))]
pub async fn delete_by_id(
    State(context): State<AppContext>,
    principal: Principal,
    Path(id): Path<String>,
) -> ApiResult<Json<Message>> {
    principal.require(Permission::ManageGuidelines)?;
    let record = title_by_id(&context, &principal.tenant_id, &id).await?;
    delete_title(&context, &principal.tenant_id, record).await?;
    Ok(Message::new("Guideline title deleted successfully"))
}

/// Delete a title with all its values, by the title's text.
#[utoipa::path(delete, path = "/guideline/deleteguidelinetitle", tag = TAG,
    security(("staffToken" = ["ManageGuidelines"])), request_body = GuidelineByTitle,
    responses(
        (status = 200, body = Message),
        (status = 400, description = "'Title is a required field'", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "'Guideline title not found'", body = ErrorBody),
        (status = 409, description = "A concurrent edit", body = ErrorBody),
    ))]
pub async fn delete_by_title(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<GuidelineByTitle>,
) -> ApiResult<Json<Message>> {
    principal.require(Permission::ManageGuidelines)?;
    let record = title_by_name(&context, &principal.tenant_id, &body.title).await?;
    delete_title(&context, &principal.tenant_id, record).await?;
    Ok(Message::new("Guideline title deleted successfully"))
}

/// One heading (title) with its values, by the title's id.
#[utoipa::path(post, path = "/guideline/listbyheading", tag = TAG, security(("staffToken" = ["ManageGuidelines"])),
    request_body = GuidelineById,
    responses(
        (status = 200, body = Guideline),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "'Guideline title not found'", body = ErrorBody),
    ))]
pub async fn by_heading(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<GuidelineById>,
) -> ApiResult<Json<Guideline>> {
    principal.require(Permission::ManageGuidelines)?;
    let record = title_by_id(&context, &principal.tenant_id, &body.id).await?;
    Ok(Json(Guideline::from(&record)))
}

/// One title with its values, by the title's text (trimmed, whatever its case).
#[utoipa::path(post, path = "/guideline/getGuidelinesByTitle", tag = TAG,
    security(("staffToken" = ["ManageGuidelines"])), request_body = GuidelineByTitle,
    responses(
        (status = 200, body = Guideline),
        (status = 400, description = "'Title is a required field'", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "'Guideline title not found'", body = ErrorBody),
    ))]
pub async fn by_title(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<GuidelineByTitle>,
) -> ApiResult<Json<Guideline>> {
    principal.require(Permission::ManageGuidelines)?;
    let record = title_by_name(&context, &principal.tenant_id, &body.title).await?;
    Ok(Json(Guideline::from(&record)))
}
