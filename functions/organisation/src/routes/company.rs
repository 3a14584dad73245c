//! The company's details (spec section 3, "Company") and the first set-up.

use axum::extract::State;
use storyhive_shared::{
    auth::Principal,
    error::ErrorBody,
    http::{Json, Message},
    model::{self, TenantRecord},
    organisation::{files, records::Department},
    permissions::Permission,
    storage::{keys, AttributeValue, StoreError},
    validation::Errors,
    ApiError, ApiResult, AppContext,
};

use super::departments::departments;
use crate::dto::*;

const TAG: &str = "organisation";
pub const NAME_RULE: &str = "Company name is required and must be at most 100 characters";
pub const INDUSTRY_RULE: &str = "Industry must be at most 100 characters";

async fn company(context: &AppContext, tenant: &TenantRecord) -> ApiResult<Company> {
    let departments = departments(&context.store, &tenant.tenant_id).await?;
    Ok(Company {
        tenant_id: tenant.tenant_id.clone(),
        name: tenant.company_name.clone(),
        industry: tenant.industry.clone(),
        company_logo: files::read_url_of(context, tenant.company_logo.as_deref()).await?,
        terms_n_conditions: files::read_url_of(context, tenant.terms_n_conditions.as_deref()).await?,
        terms_version: tenant.terms_version,
        default_encouragement_video: files::read_url_of(context, tenant.default_encouragement_video.as_deref()).await?,
        departments: departments.iter().map(Department::from).collect(),
        setup_completed: tenant.setup_completed_at.is_some(),
    })
}

/// The company as the super admin sets it up.
#[utoipa::path(get, path = "/organisation/company", tag = TAG, security(("staffToken" = ["CompanySetup"])),
    responses(
        (status = 200, body = Company),
        (status = 401, body = ErrorBody),
        (status = 403, description = "Not the super admin", body = ErrorBody),
    ))]
pub async fn get_company(State(context): State<AppContext>, principal: Principal) -> ApiResult<Json<Company>> {
    principal.require(Permission::CompanySetup)?;
    Ok(Json(company(&context, &principal.tenant).await?))
}

/// Update the company's name and industry. Fields left out are unchanged.
#[utoipa::path(put, path = "/organisation/company", tag = TAG, security(("staffToken" = ["CompanySetup"])), request_body = UpdateCompany,
    responses(
        (status = 200, body = Company),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, description = "Not the super admin", body = ErrorBody),
    ))]
pub async fn update_company(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<UpdateCompany>,
) -> ApiResult<Json<Company>> {
    principal.require(Permission::CompanySetup)?;
    let mut errors = Errors::default();
    let mut tenant = principal.tenant.clone();
    if let Some(name) = body.name.as_deref().map(str::trim) {
        if name.is_empty() || name.chars().count() > 100 {
            errors.add("name", NAME_RULE);
        }
        tenant.company_name = Some(name.to_string());
    }
    if let Some(industry) = body.industry.as_deref().map(str::trim) {
        if industry.chars().count() > 100 {
            errors.add("industry", INDUSTRY_RULE);
        }
        tenant.industry = (!industry.is_empty()).then(|| industry.to_string());
    }
    errors.finish()?;
    let at = model::timestamp(model::now());
    // Only these two fields: a file replaced at the same moment is not undone.
    let value = |v: &Option<String>| v.clone().map(AttributeValue::S).unwrap_or(AttributeValue::Null(true));
    let updated: TenantRecord = context
        .store
        .update(&keys::tenant(&principal.tenant_id), |u| {
            u.update_expression("SET companyName = :name, industry = :industry, updatedAt = :at")
                .condition_expression("attribute_exists(PK)")
                .expression_attribute_values(":name", value(&tenant.company_name))
                .expression_attribute_values(":industry", value(&tenant.industry))
                .expression_attribute_values(":at", AttributeValue::S(at))
        })
        .await
        .map_err(|e| match e {
            StoreError::ConditionFailed => ApiError::Unauthorized,
            other => other.into(),
        })?;
    Ok(Json(company(&context, &updated).await?))
}

/// The super admin finished the first set-up (user and company set-up): from now on
/// they go straight to the dashboard. Both screens stay reachable.
#[utoipa::path(put, path = "/organisation/setup-complete", tag = TAG, security(("staffToken" = ["CompanySetup"])),
    responses(
        (status = 200, body = Message),
        (status = 400, description = "The company has no name yet", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, description = "Not the super admin", body = ErrorBody),
    ))]
pub async fn complete_setup(State(context): State<AppContext>, principal: Principal) -> ApiResult<Json<Message>> {
    principal.require(Permission::CompanySetup)?;
    if principal.tenant.company_name.as_deref().is_none_or(|n| n.trim().is_empty()) {
        return Err(ApiError::field("name", NAME_RULE));
    }
    if principal.tenant.setup_completed_at.is_none() {
        let at = AttributeValue::S(model::timestamp(model::now()));
        context
            .store
            .update::<TenantRecord>(&keys::tenant(&principal.tenant_id), |u| {
                u.update_expression("SET setupCompletedAt = :at, updatedAt = :at")
                    .condition_expression("attribute_exists(PK)")
                    .expression_attribute_values(":at", at)
            })
            .await
            .map_err(|e| match e {
                StoreError::ConditionFailed => ApiError::Unauthorized,
                other => other.into(),
            })?;
    }
    Ok(Message::new("Setup completed successfully"))
}
