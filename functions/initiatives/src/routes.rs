//! The initiatives handlers.

use axum::{extract::State, http::StatusCode};
use storyhive_shared::{
    auth::Principal,
    campaigns::{
        dto::Initiative,
        records::{InitiativeRecord, LifecycleStatus, NameClaim},
        repo, rules,
    },
    cascade::{self, CascadeJob},
    error::ErrorBody,
    http::{Json, Message, Query},
    model,
    permissions::Permission,
    storage::{keys, AttributeValue, StoreError},
    ApiError, ApiResult, AppContext,
};

use crate::dto::*;

const TAG: &str = "initiatives";
const NAME_TAKEN: &str = "An initiative with this name already exists";
const NOT_FOUND: &str = "Initiative not found";

fn valid_name(raw: &str) -> ApiResult<String> {
    rules::bounded(raw, rules::INITIATIVE_MAX, rules::INITIATIVE_REQUIRED, rules::INITIATIVE_TOO_LONG)
        .map_err(|message| ApiError::field("name", message))
}

/// The organisation's initiatives, by name.
#[utoipa::path(get, path = "/initiative/list", tag = TAG, security(("staffToken" = ["UseStaffApp"])),
    responses((status = 200, body = [Initiative]), (status = 401, body = ErrorBody)))]
pub async fn list_initiatives(
    State(context): State<AppContext>,
    principal: Principal,
) -> ApiResult<Json<Vec<Initiative>>> {
    principal.require(Permission::UseStaffApp)?;
    let initiatives = repo::initiatives(&context.store, &principal.tenant_id).await?;
    Ok(Json(initiatives.iter().map(Initiative::from).collect()))
}

/// Create an initiative (names are unique within the organisation).
#[utoipa::path(post, path = "/initiative/add", tag = TAG, security(("staffToken" = ["UseStaffApp"])), request_body = AddInitiative,
    responses(
        (status = 201, body = Initiative),
        (status = 400, body = ErrorBody),
        (status = 409, description = "Name taken", body = ErrorBody),
    ))]
pub async fn add_initiative(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<AddInitiative>,
) -> ApiResult<(StatusCode, Json<Initiative>)> {
    principal.require(Permission::UseStaffApp)?;
    let name = valid_name(&body.name)?;
    let at = model::timestamp(model::now());
    let id = model::new_id();
    let key = keys::initiative(&principal.tenant_id, &id);
    let record = InitiativeRecord {
        pk: key.pk,
        sk: key.sk,
        entity_type: InitiativeRecord::ENTITY.into(),
        tenant_id: principal.tenant_id.clone(),
        initiative_id: id.clone(),
        name: name.clone(),
        status: LifecycleStatus::Active,
        campaign_count: 0,
        created_at: at.clone(),
        updated_at: at,
    };
    let store = &context.store;
    let claim = NameClaim::new(keys::initiative_name(&principal.tenant_id, &name), &id);
    match store.transact(vec![store.put_new_op(&claim)?, store.put_new_op(&record)?]).await {
        Ok(()) => Ok((StatusCode::CREATED, Json(Initiative::from(&record)))),
        Err(StoreError::ConditionFailed) => Err(ApiError::Conflict(NAME_TAKEN.into())),
        Err(other) => Err(other.into()),
    }
}

/// Rename an initiative.
#[utoipa::path(put, path = "/initiative/update", tag = TAG, security(("staffToken" = ["UseStaffApp"])), request_body = UpdateInitiative,
    responses(
        (status = 200, body = Initiative),
        (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody),
    ))]
pub async fn update_initiative(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<UpdateInitiative>,
) -> ApiResult<Json<Initiative>> {
    principal.require(Permission::UseStaffApp)?;
    let name = valid_name(&body.name)?;
    let store = &context.store;
    let mut record = store
        .get::<InitiativeRecord>(&keys::initiative(&principal.tenant_id, &body.id))
        .await?
        .filter(|i| i.status == LifecycleStatus::Active)
        .ok_or_else(|| ApiError::NotFound(NOT_FOUND.into()))?;
    if record.name == name {
        return Ok(Json(Initiative::from(&record)));
    }
    let old_claim = keys::initiative_name(&principal.tenant_id, &record.name);
    let new_claim = keys::initiative_name(&principal.tenant_id, &name);
    let previous_name = std::mem::replace(&mut record.name, name);
    record.updated_at = model::timestamp(model::now());
    let mut writes = vec![store.update_op(&record.key(), |update| {
        update
            .update_expression("SET #name = :name, updatedAt = :at")
            .condition_expression("#status = :active AND #name = :previous")
            .expression_attribute_names("#name", "name")
            .expression_attribute_names("#status", "status")
            .expression_attribute_values(":name", AttributeValue::S(record.name.clone()))
            .expression_attribute_values(":previous", AttributeValue::S(previous_name.clone()))
            .expression_attribute_values(":at", AttributeValue::S(record.updated_at.clone()))
            .expression_attribute_values(":active", AttributeValue::S("active".into()))
    })?];
    // Only the letter case changed: the claim stays.
    if old_claim != new_claim {
        writes.push(store.put_new_op(&NameClaim::new(new_claim, &record.initiative_id))?);
        writes.push(store.delete_op(&old_claim)?);
    }
    match store.transact(writes).await {
        Ok(()) => Ok(Json(Initiative::from(&record))),
        Err(StoreError::ConditionFailed) => Err(ApiError::Conflict(NAME_TAKEN.into())),
        Err(other) => Err(other.into()),
    }
}

/// Delete an initiative with all its campaigns and their videos. It disappears at
/// once; its contents are removed in the background.
#[utoipa::path(delete, path = "/initiative/delete", tag = TAG, security(("staffToken" = ["UseStaffApp"])), params(DeleteParams),
    responses((status = 200, body = Message), (status = 404, body = ErrorBody)))]
pub async fn delete_initiative(
    State(context): State<AppContext>,
    principal: Principal,
    Query(params): Query<DeleteParams>,
) -> ApiResult<Json<Message>> {
    principal.require(Permission::UseStaffApp)?;
    let store = &context.store;
    let initiative_id = params.delete_initiative.to_string();
    if initiative_id.is_empty() {
        return Err(ApiError::field("deleteInitiative", "Please choose the initiative to delete"));
    }
    let initiative = store
        .get::<InitiativeRecord>(&keys::initiative(&principal.tenant_id, &initiative_id))
        .await?
        .ok_or_else(|| ApiError::NotFound(NOT_FOUND.into()))?;
    let job = CascadeJob::DeleteInitiative { tenant_id: principal.tenant_id.clone(), initiative_id };
    if initiative.status == LifecycleStatus::Active {
        // Marking it deleting refuses new campaigns from now on (campaign creation checks
        // it); the pending record makes sure the job runs even if the queue refuses it.
        let mark = store.update_op(&initiative.key(), |update| {
            update
                .update_expression("SET #status = :deleting, updatedAt = :at")
                .condition_expression("attribute_exists(PK)")
                .expression_attribute_names("#status", "status")
                .expression_attribute_values(":deleting", AttributeValue::S("deleting".into()))
                .expression_attribute_values(":at", AttributeValue::S(model::timestamp(model::now())))
        })?;
        match store.transact(vec![mark, cascade::pending_op(store, &job)?]).await {
            Ok(()) => {}
            Err(StoreError::ConditionFailed) => return Err(ApiError::NotFound(NOT_FOUND.into())),
            Err(other) => return Err(other.into()),
        }
    }
    // Its campaigns disappear with it now (the worker would do it too, later).
    repo::unlist_campaigns_of_initiative(store, &principal.tenant_id, &initiative.initiative_id).await?;
    // A retried delete (the first one's message was lost) sends the job again.
    cascade::send(&context.cascade, &job).await?;
    Ok(Message::new("Initiative deleted successfully"))
}
