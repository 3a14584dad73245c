//! `/user/getAllUsers`, `/user/invite`, `/user/update/{id}`, `/user/delete/{id}`
//! (super admins and admins), and the open invitation calls.

use axum::{extract::State, http::StatusCode};
use storyhive_shared::{
    auth::Principal,
    contributors::records::ContributorRecord,
    error::ErrorBody,
    http::{Json, Message, PageParams, Path, Query},
    model::UserRecord,
    permissions::{Permission, Role},
    staff::{LoginResponse, UserListItem},
    storage::{keys, Query as StoreQuery},
    validation::{self, Errors},
    ApiError, ApiResult, AppContext,
};

use crate::{dto::*, service};

const TAG: &str = "users";

/// The organisation's users, newest first, a page at a time; or those of one role.
/// `rolewise=contributor` lists the organisation's collaborators.
#[utoipa::path(get, path = "/user/getAllUsers", tag = TAG, security(("staffToken" = ["ManageUsers"])),
    params(UsersParams, PageParams),
    responses(
        (status = 200, body = UserPage),
        (status = 400, description = "Unknown role filter, bad page size or cursor", body = ErrorBody),
    ))]
pub async fn all_users(
    State(context): State<AppContext>,
    principal: Principal,
    Query(params): Query<UsersParams>,
    Query(page): Query<PageParams>,
) -> ApiResult<Json<UserPage>> {
    principal.require(Permission::ManageUsers)?;
    let limit = page.limit()?;
    let tenant_id = &principal.tenant_id;
    let filter = params.rolewise.as_deref().map(str::trim).filter(|r| !r.is_empty());
    let role = match filter {
        None => None,
        Some(raw) => {
            Some(service::parse_role(raw).ok_or_else(|| ApiError::field("rolewise", service::ROLE_FILTER_INVALID))?)
        }
    };
    let store = &context.store;
    let page = match role {
        Some(Role::Contributor) => {
            let query = StoreQuery::table(keys::contributors_partition(tenant_id), keys::CONTRIBUTOR_PREFIX)
                .newest_first()
                .limit(limit);
            let (records, next_cursor) = store.query_page::<ContributorRecord>(query, page.cursor()).await?;
            UserPage { items: records.iter().map(contributor_item).collect(), next_cursor }
        }
        Some(role) => {
            let query = StoreQuery::gsi1(keys::users_by_role_gsi1(tenant_id, role)).newest_first().limit(limit);
            let (records, next_cursor) = store.query_page::<UserRecord>(query, page.cursor()).await?;
            UserPage { items: records.iter().map(UserListItem::from).collect(), next_cursor }
        }
        None => {
            let (pk, prefix) = keys::users_of_tenant(tenant_id);
            let query = StoreQuery::table(pk, prefix).newest_first().limit(limit);
            let (records, next_cursor) = store.query_page::<UserRecord>(query, page.cursor()).await?;
            UserPage { items: records.iter().map(UserListItem::from).collect(), next_cursor }
        }
    };
    Ok(Json(page))
}

/// Invite a staff member by e-mail: they get a single-use link, valid 7 days, to choose
/// a password. Inviting again someone who has not accepted yet sends a new link and
/// voids the old one. Only a super admin may invite a super admin.
#[utoipa::path(post, path = "/user/invite", tag = TAG, security(("staffToken" = ["ManageUsers"])),
    request_body = InviteUserRequest,
    responses(
        (status = 201, description = "Invited", body = UserChanged),
        (status = 200, description = "Invited again: the earlier link no longer works", body = UserChanged),
        (status = 400, description = "Invalid e-mail, role or name", body = ErrorBody),
        (status = 403, description = "Only a super admin may invite a super admin", body = ErrorBody),
        (status = 409, description = "The address is taken (here or in another organisation)", body = ErrorBody),
        (status = 429, description = "Too many invitations from this organisation (per hour) or to this address (per day); nothing sent (Retry-After)", body = ErrorBody),
    ))]
pub async fn invite_user(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<InviteUserRequest>,
) -> ApiResult<(StatusCode, Json<UserChanged>)> {
    principal.require(Permission::ManageUsers)?;
    let mut errors = Errors::default();
    let email = errors.check("email", validation::work_email(&body.email));
    let role = match body.role.trim() {
        "" => {
            errors.add("role", service::ROLE_REQUIRED);
            None
        }
        raw => match service::parse_role(raw).filter(|r| r.is_staff()) {
            Some(role) => Some(role),
            None => {
                errors.add("role", service::ROLE_NOT_ASSIGNABLE);
                None
            }
        },
    };
    let mut name = |field: &str, value: &Option<String>, label: &str| {
        value
            .as_deref()
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .and_then(|v| errors.check(field, validation::person_name(v, label)))
    };
    let first_name = name("firstName", &body.first_name, "First name");
    let last_name = name("lastName", &body.last_name, "Last name");
    errors.finish()?;
    let (Some(email), Some(role)) = (email, role) else { unreachable!("checked above") };
    let invited = service::invite(&context, &principal, &email, role, first_name, last_name).await?;
    let (status, message) = if invited.resent {
        (StatusCode::OK, "Invitation sent again successfully")
    } else {
        (StatusCode::CREATED, "User invited successfully")
    };
    Ok((status, Json(UserChanged { message: message.into(), user: UserListItem::from(&invited.user) })))
}

/// Change a user's role, suspend them (every session ends at once) or resume them.
/// Nobody changes their own role or status, only a super admin changes a super admin
/// or grants the role, and the last active super admin stays one.
#[utoipa::path(put, path = "/user/update/{id}", tag = TAG, security(("staffToken" = ["ManageUsers"])),
    params(("id" = String, Path, description = "The user's id")),
    request_body = UpdateUserRequest,
    responses(
        (status = 200, body = UserChanged),
        (status = 400, description = "Invalid role or status; one's own account; an invitation not accepted yet", body = ErrorBody),
        (status = 403, description = "Only a super admin may change a super admin or grant the role", body = ErrorBody),
        (status = 404, description = "No such user in this organisation", body = ErrorBody),
        (status = 409, description = "The last active super admin; or changed meanwhile", body = ErrorBody),
    ))]
pub async fn update_user(
    State(context): State<AppContext>,
    principal: Principal,
    Path(id): Path<String>,
    Json(body): Json<UpdateUserRequest>,
) -> ApiResult<Json<UserChanged>> {
    principal.require(Permission::ManageUsers)?;
    let mut errors = Errors::default();
    let role = match body.role.as_deref().map(str::trim).filter(|r| !r.is_empty()) {
        None => None,
        Some(raw) => {
            let role = service::parse_role(raw).filter(|r| r.is_staff());
            if role.is_none() {
                errors.add("role", service::ROLE_NOT_ASSIGNABLE);
            }
            role
        }
    };
    let status = match body.status.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => None,
        Some(raw) => {
            let status = service::parse_status(raw);
            if status.is_none() {
                errors.add("status", service::STATUS_INVALID);
            }
            status
        }
    };
    errors.finish()?;
    if role.is_none() && status.is_none() {
        return Err(ApiError::BadRequest(service::NOTHING_TO_CHANGE.into()));
    }
    let (user, change) = service::update(&context, &principal, &id, role, status).await?;
    Ok(Json(UserChanged { message: change.message().into(), user: UserListItem::from(&user) }))
}

/// Delete a user: their sessions end and their address can be invited again. What they
/// created stays with the organisation; they leave the campaigns they took part in.
#[utoipa::path(delete, path = "/user/delete/{id}", tag = TAG, security(("staffToken" = ["ManageUsers"])),
    params(("id" = String, Path, description = "The user's id")),
    responses(
        (status = 200, body = Message),
        (status = 400, description = "One's own account", body = ErrorBody),
        (status = 403, description = "Only a super admin may delete a super admin", body = ErrorBody),
        (status = 404, description = "No such user in this organisation", body = ErrorBody),
        (status = 409, description = "The last active super admin; or changed meanwhile", body = ErrorBody),
    ))]
pub async fn delete_user(
    State(context): State<AppContext>,
    principal: Principal,
    Path(id): Path<String>,
) -> ApiResult<Json<Message>> {
    principal.require(Permission::ManageUsers)?;
    service::delete(&context, &principal, &id).await?;
    Ok(Message::new("User deleted successfully"))
}

/// What an invitation link opens (for the page that accepts it), or why it opens nothing.
#[utoipa::path(post, path = "/user/checkInvitation", tag = TAG, request_body = InvitationTokenRequest,
    responses(
        (status = 200, body = InvitationDetails),
        (status = 400, description = "Invalid, used, replaced or expired link", body = ErrorBody),
    ))]
pub async fn check_invitation(
    State(context): State<AppContext>,
    Json(body): Json<InvitationTokenRequest>,
) -> ApiResult<Json<InvitationDetails>> {
    let (_, user, tenant) = service::open_invitation(&context, &body.token).await?;
    Ok(Json(InvitationDetails {
        email: user.email.clone(),
        first_name: user.first_name.clone(),
        last_name: user.last_name.clone(),
        role: user.role.into(),
        company_name: tenant.company_name.clone(),
    }))
}

/// Accept an invitation: choose a password (the spec's rules) and, unless the
/// invitation gave them, first and last names. The link is used up, the account is
/// Activated and signed in (the same answer as `POST /auth/login`).
#[utoipa::path(post, path = "/user/acceptInvitation", tag = TAG, request_body = AcceptInvitationRequest,
    responses(
        (status = 200, description = "Signed in", body = LoginResponse),
        (status = 400, description = "Invalid password or name; invalid, used, replaced or expired link", body = ErrorBody),
    ))]
pub async fn accept_invitation(
    State(context): State<AppContext>,
    Json(body): Json<AcceptInvitationRequest>,
) -> ApiResult<Json<LoginResponse>> {
    let token = service::accept(
        &context,
        &body.token,
        &body.password,
        &body.confirm_password,
        body.first_name.as_deref(),
        body.last_name.as_deref(),
    )
    .await?;
    Ok(Json(LoginResponse { tenant_id: token.tenant_id.clone(), access_token: token.to_string() }))
}
