//! Departments (spec section 7): listed without sign-in for the organisation named in
//! the path (its pick list), added and deleted by the super admin (company set-up).

use axum::{extract::State, http::StatusCode};
use storyhive_shared::{
    auth::Principal,
    campaigns::{records::NameClaim, rules},
    error::ErrorBody,
    http::{Json, Message, Path},
    model,
    organisation::{
        records::{Department, DepartmentRecord},
        DEPARTMENTS_MAX, DEPARTMENT_NAME_MAX, DEPARTMENT_NOT_FOUND, DEPARTMENT_REQUIRED, DEPARTMENT_TAKEN,
        DEPARTMENT_TOO_LONG, TOO_MANY_DEPARTMENTS,
    },
    permissions::Permission,
    storage::{keys, Query, Store, StoreError, StoreResult},
    ApiError, ApiResult, AppContext,
};

use crate::dto::*;

const TAG: &str = "departments";

/// The organisation's departments, by name (one Query; at most 100 of them).
pub async fn departments(store: &Store, tenant_id: &str) -> StoreResult<Vec<DepartmentRecord>> {
    let mut all: Vec<DepartmentRecord> =
        store.query(Query::table(keys::tenant_partition(tenant_id), keys::DEPARTMENT_PREFIX)).await?;
    all.sort_by_key(|d| d.name.to_lowercase());
    Ok(all)
}

/// The organisation's departments, by name. No sign-in needed (spec section 7); an
/// unknown organisation has none.
#[utoipa::path(get, path = "/departments/{tenantId}/all-departments", tag = TAG,
    params(("tenantId" = String, Path)),
    responses((status = 200, body = [Department]), (status = 400, description = "Not an id", body = ErrorBody)))]
pub async fn all_departments(
    State(context): State<AppContext>,
    Path(tenant_id): Path<String>,
) -> ApiResult<Json<Vec<Department>>> {
    // The id passed the path's id check: it cannot reach a key malformed.
    let all = departments(&context.store, &tenant_id).await?;
    Ok(Json(all.iter().map(Department::from).collect()))
}

/// Add a department (names are unique within the organisation, whatever their case).
#[utoipa::path(post, path = "/departments/add", tag = TAG, security(("staffToken" = ["CompanySetup"])), request_body = AddDepartment,
    responses(
        (status = 201, body = Department),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, description = "Not the super admin", body = ErrorBody),
        (status = 409, description = "'This department already exists'", body = ErrorBody),
    ))]
pub async fn add_department(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<AddDepartment>,
) -> ApiResult<(StatusCode, Json<Department>)> {
    principal.require(Permission::CompanySetup)?;
    let name = rules::bounded(&body.name, DEPARTMENT_NAME_MAX, DEPARTMENT_REQUIRED, DEPARTMENT_TOO_LONG)
        .map_err(|m| ApiError::field("name", m))?;
    let store = &context.store;
    if departments(store, &principal.tenant_id).await?.len() >= DEPARTMENTS_MAX {
        return Err(ApiError::field("name", TOO_MANY_DEPARTMENTS));
    }
    let id = model::new_id();
    let record = DepartmentRecord::new(&principal.tenant_id, &id, &name, model::timestamp(model::now()));
    let claim = NameClaim::new(keys::department_name(&principal.tenant_id, &name), &id);
    match store.transact(vec![store.put_new_op(&claim)?, store.put_new_op(&record)?]).await {
        Ok(()) => Ok((StatusCode::CREATED, Json(Department::from(&record)))),
        Err(StoreError::ConditionFailed) => Err(ApiError::Conflict(DEPARTMENT_TAKEN.into())),
        Err(other) => Err(other.into()),
    }
}

/// Delete a department. Staff who chose it keep no department and are asked again
/// where a department is chosen.
#[utoipa::path(delete, path = "/departments/delete", tag = TAG, security(("staffToken" = ["CompanySetup"])), request_body = DeleteDepartment,
    responses(
        (status = 200, body = Message),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, description = "Not the super admin", body = ErrorBody),
        (status = 404, description = "No such department in this organisation", body = ErrorBody),
    ))]
pub async fn delete_department(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<DeleteDepartment>,
) -> ApiResult<Json<Message>> {
    principal.require(Permission::CompanySetup)?;
    let store = &context.store;
    let tenant_id = &principal.tenant_id;
    let department = store
        .get::<DepartmentRecord>(&keys::department(tenant_id, &body.id))
        .await?
        .ok_or_else(|| ApiError::NotFound(DEPARTMENT_NOT_FOUND.into()))?;
    match store
        .transact(vec![
            store.delete_op(&keys::department_name(tenant_id, &department.name))?,
            store.delete_existing_op(&keys::department(tenant_id, &department.department_id))?,
        ])
        .await
    {
        Ok(()) => Ok(Message::new("Department deleted successfully")),
        Err(StoreError::ConditionFailed) => Err(ApiError::NotFound(DEPARTMENT_NOT_FOUND.into())),
        Err(other) => Err(other.into()),
    }
}
