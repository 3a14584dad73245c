//! `/user/me*`: the signed-in staff member's own account, and the country list.

use axum::extract::State;
use storyhive_shared::{
    auth::Principal,
    countries::{self, Country},
    error::{ApiError, ErrorBody},
    http::{Json, Message},
    model,
    permissions::{Permission, Role},
    storage::AttributeValue,
    validation::{self, Errors},
    ApiResult, AppContext,
};

use crate::{dto::*, service};

const TAG: &str = "user";

/// The signed-in user (spec section 3, "Current user").
#[utoipa::path(get, path = "/user/me", tag = TAG, security(("staffToken" = ["UseStaffApp"])),
    responses(
        (status = 200, body = CurrentUser),
        (status = 401, description = "No valid session", body = ErrorBody),
    ))]
pub async fn get_me(State(context): State<AppContext>, principal: Principal) -> ApiResult<Json<CurrentUser>> {
    principal.require(Permission::UseStaffApp)?;
    Ok(Json(CurrentUser::with_file_urls(&principal.user, &principal.tenant, &context).await?))
}

/// Update one's own profile. Fields left out are unchanged.
#[utoipa::path(put, path = "/user/me/update", tag = TAG, security(("staffToken" = ["UseStaffApp"])), request_body = UpdateProfileRequest,
    responses(
        (status = 200, description = "The updated user", body = CurrentUser),
        (status = 400, description = "Invalid field", body = ErrorBody),
        (status = 409, description = "Changed meanwhile by another request; reload and retry", body = ErrorBody),
    ))]
pub async fn update_me(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<UpdateProfileRequest>,
) -> ApiResult<Json<CurrentUser>> {
    principal.require(Permission::UseStaffApp)?;
    let mut user = principal.user.clone();
    let mut tenant = principal.tenant.clone();
    let mut errors = Errors::default();
    if let Some(first) = &body.first_name {
        user.first_name = errors.check("firstName", validation::person_name(first, "First name"));
    }
    if let Some(last) = &body.last_name {
        user.last_name = errors.check("lastName", validation::person_name(last, "Last name"));
    }
    if let Some(role_in_company) = &body.role_in_company {
        let value = role_in_company.trim();
        if value.chars().count() > 100 {
            errors.add("roleInCompany", "Role in company must be at most 100 characters");
        }
        user.role_in_company = (!value.is_empty()).then(|| value.to_string());
    }
    if let Some(country) = &body.country {
        let code = country.trim().to_uppercase();
        if !code.is_empty() && !countries::is_known(&code) {
            errors.add("country", "Please select a country from the list");
        }
        user.country = (!code.is_empty()).then_some(code);
    }
    if let Some(department) = &body.department {
        let id = department.trim();
        user.department = None;
        if !id.is_empty() {
            let known = storyhive_shared::ids::is_valid(id)
                && context
                    .store
                    .get::<storyhive_shared::organisation::records::DepartmentRecord>(
                        &storyhive_shared::storage::keys::department(&principal.tenant_id, id),
                    )
                    .await?
                    .is_some();
            if known {
                user.department = Some(id.to_string());
            } else {
                errors.add("department", storyhive_shared::organisation::DEPARTMENT_INVALID);
            }
        }
    }
    let company_changed =
        body.company_name.as_deref().map(str::trim).filter(|name| Some(*name) != tenant.company_name.as_deref());
    if let Some(name) = company_changed {
        if principal.role != Role::SuperAdmin {
            errors.add("companyName", "Only the super admin can change the company name");
        } else if name.is_empty() || name.chars().count() > 100 {
            errors.add("companyName", "Company name is required and must be at most 100 characters");
        } else {
            tenant.company_name = Some(name.to_string());
            tenant.updated_at = model::timestamp(model::now());
        }
    }
    errors.finish()?;
    let expected = user.bump(model::now());
    let store = &context.store;
    let mut writes = vec![store.put_versioned_op(&user, expected)?];
    if company_changed.is_some() {
        writes.push(store.put_op(&tenant)?);
    }
    match store.transact(writes).await {
        Ok(()) => Ok(Json(CurrentUser::with_file_urls(&user, &tenant, &context).await?)),
        Err(storyhive_shared::storage::StoreError::ConditionFailed) => {
            Err(ApiError::Conflict("Your profile was changed in the meantime. Please reload and try again.".into()))
        }
        Err(other) => Err(other.into()),
    }
}

/// Remember whether the response editor's tour was skipped.
#[utoipa::path(put, path = "/user/skip-tour", tag = TAG, security(("staffToken" = ["UseEditorTour"])), request_body = SkipTourRequest,
    responses((status = 200, body = Message), (status = 401, body = ErrorBody), (status = 403, description = "Coordinators have no editor tour", body = ErrorBody)))]
pub async fn skip_tour(
    State(context): State<AppContext>,
    principal: Principal,
    body: axum::body::Bytes,
) -> ApiResult<Json<Message>> {
    // The permission first: a coordinator is refused whatever the body.
    principal.require(Permission::UseEditorTour)?;
    let body: SkipTourRequest = storyhive_shared::http::parse_json_object(&body)?;
    // One flag, written alone: it cannot conflict with another edit of the profile.
    let user = principal.user;
    context
        .store
        .update::<storyhive_shared::model::UserRecord>(&user.key(), |u| {
            u.update_expression("SET skippedEditorTour = :skipped, updatedAt = :at ADD version :one")
                .condition_expression("attribute_exists(PK)")
                .expression_attribute_values(":skipped", AttributeValue::Bool(body.skipped_editor_tour))
                .expression_attribute_values(":at", AttributeValue::S(model::timestamp(model::now())))
                .expression_attribute_values(":one", AttributeValue::N("1".into()))
        })
        .await
        .map_err(|e| match e {
            storyhive_shared::storage::StoreError::ConditionFailed => ApiError::Unauthorized,
            other => other.into(),
        })?;
    Ok(Message::new("Tour preference saved successfully"))
}

/// Delete one's own account (super admin only). This closes the whole organisation:
/// every member's account is removed and nobody can sign in to it any more. The body
/// must repeat the account's e-mail address and give its current password as confirmation.
#[utoipa::path(delete, path = "/user/me", tag = TAG, security(("staffToken" = ["DeleteOwnAccount"])), request_body = DeleteMeRequest,
    responses(
        (status = 200, description = "Account deleted, organisation closed", body = Message),
        (status = 400, description = "The address does not match, or the password is missing or not correct", body = ErrorBody),
        (status = 403, description = "Not the super admin", body = ErrorBody),
    ))]
pub async fn delete_me(
    State(context): State<AppContext>,
    principal: Principal,
    body: axum::body::Bytes,
) -> ApiResult<Json<Message>> {
    principal.require(Permission::DeleteOwnAccount)?;
    // The spec sends the address as an optional body; a missing or unreadable one
    // simply does not confirm.
    let confirmation = serde_json::from_slice::<DeleteMeRequest>(&body).unwrap_or_default();
    if !confirmation.email.trim().eq_ignore_ascii_case(&principal.email) {
        return Err(ApiError::BadRequest(
            "Please type the email address of your account to confirm the deletion".into(),
        ));
    }
    if confirmation.password.is_empty() {
        return Err(ApiError::field("password", service::CLOSE_PASSWORD_REQUIRED));
    }
    if !service::is_current_password(&context, &principal.user, &confirmation.password).await? {
        // A 400, not a 403: the web app ends the session on a 403, and a typo must not sign out.
        return Err(ApiError::field("password", service::CLOSE_PASSWORD_WRONG));
    }
    service::close_organisation(&context, &principal.user, &principal.tenant).await?;
    Ok(Message::new("Your account has been deleted and your organisation closed successfully"))
}

/// Change one's own password: the current one is checked (wrong ones are counted: after
/// five in 15 minutes, a 429), the new one follows the password rule and its
/// confirmation. Every other session of the account ends; this one stays signed in.
#[utoipa::path(put, path = "/user/me/password", tag = TAG, security(("staffToken" = ["UseStaffApp"])), request_body = ChangePasswordRequest,
    responses(
        (status = 200, body = Message),
        (status = 400, description = "'Please enter your current password', 'Please enter correct password', the password rule, 'Passwords do not match', or the same password again", body = ErrorBody),
        (status = 401, description = "No valid session", body = ErrorBody),
        (status = 409, description = "The profile changed meanwhile", body = ErrorBody),
        (status = 429, description = "Too many wrong passwords", body = ErrorBody),
    ))]
pub async fn change_password(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<ChangePasswordRequest>,
) -> ApiResult<Json<Message>> {
    principal.require(Permission::UseStaffApp)?;
    service::change_password(
        &context,
        &principal.user,
        principal.token.as_ref().ok_or(ApiError::Forbidden)?,
        &body.current_password,
        &body.new_password,
        &body.confirm_password,
    )
    .await?;
    Ok(Message::new("Password changed successfully. Other devices have been signed out."))
}

/// Countries to choose from (ISO 3166-1). No sign-in needed.
#[utoipa::path(get, path = "/user/getCountryList", tag = TAG,
    responses((status = 200, body = [Country])))]
pub async fn country_list() -> Json<&'static [Country]> {
    Json(countries::all())
}
