//! The staff users rules, independent of HTTP: who may change whom, the invitation
//! link's life, and the rule that an organisation always keeps an active super admin.
//!
//! The last-super-admin rule is enforced inside each write's transaction: a change that
//! takes an active super admin away (demotion, suspension, deletion) carries a
//! `ConditionCheck` that another super admin is active at that moment. DynamoDB
//! serialises transactions on the items they touch, so two admins removing the last
//! two super admins at once cannot both succeed: each checks the other's item.

use storyhive_shared::{
    auth::{self, AccessToken, Principal},
    campaigns::records::ParticipantRecord,
    cascade::{self, CascadeJob},
    error::CHANGED_MEANWHILE,
    invitations,
    mail::MailMessage,
    model::{self, EmailClaim, InvitationRecord, TenantRecord, TenantStatus, UserRecord, UserStatus},
    permissions::Role,
    ratelimit,
    storage::{from_item, keys, AttributeValue, Query, StoreError, TransactWriteItem},
    validation::{self, Errors},
    ApiError, ApiResult, AppContext,
};
use time::{Duration, OffsetDateTime};

pub const INVITATION_LIFETIME: Duration = Duration::days(7);

pub const ROLE_REQUIRED: &str = "Please select the role type";
pub const ROLE_NOT_ASSIGNABLE: &str = "Please select one of the roles Super Admin, Admin, Creator or Coordinator";
pub const ROLE_FILTER_INVALID: &str =
    "Please choose the role filter Super Admin, Admin, Creator, Coordinator or Contributor";
pub const STATUS_INVALID: &str = "Please choose the status Activated or Suspended";
pub const NOTHING_TO_CHANGE: &str = "Please choose a new role or status";
pub const USER_NOT_FOUND: &str = "User not found";
pub const ALREADY_MEMBER: &str = "This email address already belongs to a user of your organisation";
pub const NOT_YOURSELF: &str = "You cannot change your own role or status";
pub const NOT_YOURSELF_DELETE: &str =
    "You cannot delete your own account here. A super admin can delete their account, and with it the organisation, from their profile.";
pub const LAST_SUPER_ADMIN: &str =
    "An organisation needs at least one active super admin. Make someone else a super admin first.";
pub const ORGANISATION_INVITES_LIMITED: &str =
    "Your organisation has sent many invitations in a short time. Please wait a little and try again.";
pub const ADDRESS_INVITES_LIMITED: &str =
    "This address has received several invitations today. Please try again tomorrow.";
pub const INVITED_STATUS: &str =
    "This user has not accepted the invitation yet. Send the invitation again, or delete the user.";
pub const INVITATION_INVALID: &str = "This invitation link is invalid or has already been used.";
pub const INVITATION_ACCEPTED: &str = "This invitation has already been accepted. Please sign in.";
pub const INVITATION_REPLACED: &str =
    "This invitation link has been replaced by a newer one. Please use the link in the latest invitation e-mail.";
pub const INVITATION_EXPIRED: &str =
    "This invitation link has expired. Please ask your administrator to send a new invitation.";
pub const INVITATION_SUSPENDED: &str = "Your account has been suspended. Please contact your administrator.";

/// Roles and statuses as the API and the interface name them.
pub fn parse_role(raw: &str) -> Option<Role> {
    let wanted: String = raw.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_lowercase();
    [Role::SuperAdmin, Role::Admin, Role::Creator, Role::Coordinator, Role::Contributor].into_iter().find(|role| {
        wanted == role.name().to_lowercase()
            || wanted == role.label().replace(' ', "").to_lowercase()
            || (*role == Role::Contributor && wanted == "contributor")
    })
}

pub fn parse_status(raw: &str) -> Option<UserStatus> {
    match raw.trim().to_lowercase().as_str() {
        "activated" | "active" => Some(UserStatus::Activated),
        "suspended" => Some(UserStatus::Suspended),
        _ => None,
    }
}

fn is_active_super_admin(user: &UserRecord) -> bool {
    user.role == Role::SuperAdmin && user.status == UserStatus::Activated
}

/// Only a super admin may grant the super admin role or change a super admin.
fn require_super_admin_for(
    principal: &Principal,
    target: Option<&UserRecord>,
    new_role: Option<Role>,
) -> ApiResult<()> {
    let touches_super_admin = target.is_some_and(|t| t.role == Role::SuperAdmin) || new_role == Some(Role::SuperAdmin);
    if touches_super_admin && principal.role != Role::SuperAdmin {
        return Err(ApiError::Forbidden);
    }
    Ok(())
}

/// A transaction step that holds while another super admin than `except` is active, or
/// the 409 of the last-super-admin rule when none is.
async fn another_active_super_admin(
    context: &AppContext,
    tenant_id: &str,
    except: &str,
) -> ApiResult<TransactWriteItem> {
    let store = &context.store;
    let super_admins: Vec<UserRecord> =
        store.query(Query::gsi1(keys::users_by_role_gsi1(tenant_id, Role::SuperAdmin))).await?;
    let other = super_admins
        .iter()
        .find(|u| u.user_id != except && is_active_super_admin(u))
        .ok_or_else(|| ApiError::Conflict(LAST_SUPER_ADMIN.into()))?;
    // The index may lag; the check reads the item itself, at commit time.
    Ok(store.condition_check_op(
        &other.key(),
        "#role = :superAdmin AND #status = :activated",
        &[("#role", "role"), ("#status", "status")],
        &[
            (":superAdmin", AttributeValue::S(Role::SuperAdmin.name().into())),
            (":activated", AttributeValue::S("activated".into())),
        ],
    )?)
}

async fn user_of_tenant(context: &AppContext, tenant_id: &str, user_id: &str) -> ApiResult<UserRecord> {
    context
        .store
        .get::<UserRecord>(&keys::user(tenant_id, user_id))
        .await?
        .ok_or_else(|| ApiError::NotFound(USER_NOT_FOUND.into()))
}

/// A new invitation link for `user`: the mailed token (`<tenantId>.<userId>.<secret>`)
/// and the record holding its hash. Writing the record replaces any earlier one.
fn invitation(user: &UserRecord, invited_by: &str, at: OffsetDateTime) -> (String, InvitationRecord) {
    let token = AccessToken::new(&user.tenant_id, &user.user_id).to_string();
    let key = keys::invitation(&user.tenant_id, &user.user_id);
    let expires_at = (at + INVITATION_LIFETIME).unix_timestamp();
    let record = InvitationRecord {
        pk: key.pk,
        sk: key.sk,
        entity_type: InvitationRecord::ENTITY.into(),
        tenant_id: user.tenant_id.clone(),
        user_id: user.user_id.clone(),
        email: user.email.clone(),
        token_hash: auth::sha256_hex(&token),
        invited_by: invited_by.into(),
        created_at: model::timestamp(at),
        expires_at,
        ttl: expires_at + 30 * 24 * 3600,
    };
    (token, record)
}

fn display_name(user: &UserRecord) -> String {
    match (user.first_name.as_deref(), user.last_name.as_deref()) {
        (Some(first), Some(last)) => format!("{first} {last}"),
        (Some(first), None) => first.into(),
        _ => user.email.clone(),
    }
}

pub struct Invited {
    pub user: UserRecord,
    /// An earlier invitation was replaced.
    pub resent: bool,
}

/// Invites `email` with `role`, or invites again someone of this organisation who has
/// not accepted yet (the earlier link stops working). The address must be free in
/// every organisation.
pub async fn invite(
    context: &AppContext,
    principal: &Principal,
    email: &str,
    role: Role,
    first_name: Option<String>,
    last_name: Option<String>,
) -> ApiResult<Invited> {
    require_super_admin_for(principal, None, Some(role))?;
    let store = &context.store;
    limit_invitations(context, &principal.tenant_id, email).await?;
    // An invitation of another organisation that expired no longer holds the address.
    invitations::release_if_lapsed(store, email, Some(&principal.tenant_id)).await?;
    let at = model::now();
    let claim = store.get::<EmailClaim>(&keys::email_claim(email)).await?;
    let (user, writes, resent, token) = match claim {
        Some(claim) if claim.tenant_id == principal.tenant_id => {
            let mut user = user_of_tenant(context, &principal.tenant_id, &claim.user_id).await?;
            if user.status != UserStatus::Invited {
                return Err(ApiError::Conflict(ALREADY_MEMBER.into()));
            }
            require_super_admin_for(principal, Some(&user), Some(role))?;
            user.set_role(role);
            if first_name.is_some() {
                user.first_name = first_name;
            }
            if last_name.is_some() {
                user.last_name = last_name;
            }
            let expected = user.bump(at);
            let (token, record) = invitation(&user, &principal.user_id, at);
            let writes = vec![store.put_versioned_op(&user, expected)?, store.put_op(&record)?];
            (user, writes, true, token)
        }
        Some(_) => return Err(ApiError::Conflict(validation::EMAIL_ALREADY_SENT.into())),
        None => {
            let mut user = UserRecord::new(&principal.tenant_id, &model::new_id(), email, role, at);
            user.status = UserStatus::Invited;
            user.first_name = first_name;
            user.last_name = last_name;
            let (token, record) = invitation(&user, &principal.user_id, at);
            let writes = vec![
                store.put_new_op(&EmailClaim::new(email, &principal.tenant_id, &user.user_id, at))?,
                store.put_new_op(&user)?,
                store.put_op(&record)?,
            ];
            (user, writes, false, token)
        }
    };
    match store.transact(writes).await {
        Ok(()) => {}
        // The address was taken (or the invitation changed) between the read and the write.
        Err(StoreError::ConditionFailed) if !resent => {
            return Err(ApiError::Conflict(validation::EMAIL_ALREADY_SENT.into()))
        }
        Err(StoreError::ConditionFailed) => return Err(ApiError::Conflict(CHANGED_MEANWHILE.into())),
        Err(other) => return Err(other.into()),
    }
    context
        .mail
        .send(&MailMessage::StaffInvitation {
            to: user.email.clone(),
            inviter_name: display_name(&principal.user),
            company_name: principal.tenant.company_name.clone(),
            role_label: role.label().into(),
            link: context.config.app_link(&format!("/accept-invitation?token={token}")),
        })
        .await?;
    Ok(Invited { user, resent })
}

/// Counts an invitation (new or sent again) against the organisation's and the address's
/// limits: past either, nothing is written and no mail goes out.
async fn limit_invitations(context: &AppContext, tenant_id: &str, email: &str) -> ApiResult<()> {
    let store = &context.store;
    let verdict = ratelimit::hit(store, &ratelimit::INVITES_PER_ORGANISATION, tenant_id).await?;
    if verdict.is_limited() {
        return Err(ratelimit::too_many(ORGANISATION_INVITES_LIMITED, verdict));
    }
    let verdict = ratelimit::hit(store, &ratelimit::INVITES_PER_ADDRESS, email).await?;
    if verdict.is_limited() {
        // The organisation sent nothing: the use is given back.
        ratelimit::refund(store, &ratelimit::INVITES_PER_ORGANISATION, tenant_id).await?;
        return Err(ratelimit::too_many(ADDRESS_INVITES_LIMITED, verdict));
    }
    Ok(())
}

/// What changed, for the answer's message.
pub enum Change {
    Role,
    Suspended,
    Resumed,
    RoleAndStatus,
}

impl Change {
    pub fn message(&self) -> &'static str {
        match self {
            Change::Role => "User role updated successfully",
            Change::Suspended => "User suspended successfully",
            Change::Resumed => "User resumed successfully",
            Change::RoleAndStatus => "User updated successfully",
        }
    }
}

/// Changes a user's role and/or status. Suspending ends every session at once.
pub async fn update(
    context: &AppContext,
    principal: &Principal,
    user_id: &str,
    role: Option<Role>,
    status: Option<UserStatus>,
) -> ApiResult<(UserRecord, Change)> {
    let store = &context.store;
    let mut target = user_of_tenant(context, &principal.tenant_id, user_id).await?;
    require_super_admin_for(principal, Some(&target), role)?;
    let role_changes = role.is_some_and(|r| r != target.role);
    let status_changes = status.is_some_and(|s| s != target.status);
    if (role_changes || status_changes) && target.user_id == principal.user_id {
        return Err(ApiError::BadRequest(NOT_YOURSELF.into()));
    }
    if status_changes && target.status == UserStatus::Invited {
        return Err(ApiError::BadRequest(INVITED_STATUS.into()));
    }
    let change = match (role_changes, status_changes) {
        (false, false) => return Ok((target, Change::RoleAndStatus)),
        (true, false) => Change::Role,
        (false, true) if status == Some(UserStatus::Suspended) => Change::Suspended,
        (false, true) => Change::Resumed,
        (true, true) => Change::RoleAndStatus,
    };
    let was_active_super_admin = is_active_super_admin(&target);
    if let Some(role) = role {
        target.set_role(role);
    }
    if let Some(status) = status {
        target.status = status;
    }
    let expected = target.bump(model::now());
    let mut writes = vec![store.put_versioned_op(&target, expected)?];
    if was_active_super_admin && !is_active_super_admin(&target) {
        writes.push(another_active_super_admin(context, &principal.tenant_id, &target.user_id).await?);
    }
    transact_or_conflict(context, writes).await?;
    if target.status == UserStatus::Suspended {
        // Requests already check the status; this also removes the sessions themselves.
        auth::revoke_sessions(&context.store, &target.tenant_id, &target.user_id).await?;
    }
    Ok((target, change))
}

/// Deletes a user: their sessions end, their address is free again, and they leave
/// the campaigns they took part in. What they created stays with the organisation.
pub async fn delete(context: &AppContext, principal: &Principal, user_id: &str) -> ApiResult<()> {
    let store = &context.store;
    let target = user_of_tenant(context, &principal.tenant_id, user_id).await?;
    require_super_admin_for(principal, Some(&target), None)?;
    if target.user_id == principal.user_id {
        return Err(ApiError::BadRequest(NOT_YOURSELF_DELETE.into()));
    }
    let mut writes = vec![
        // Deleted as read: a concurrent change (e.g. resuming a super admin) makes it retry.
        store.delete_if_op(
            &target.key(),
            "version = :version",
            &[(":version", AttributeValue::N(target.version.to_string()))],
        )?,
        store.delete_op(&keys::email_claim(&target.email))?,
        store.delete_op(&keys::invitation(&target.tenant_id, &target.user_id))?,
    ];
    if is_active_super_admin(&target) {
        writes.push(another_active_super_admin(context, &principal.tenant_id, &target.user_id).await?);
    }
    // Their avatar and encouragement video go with them (the cascade worker holds the
    // media bucket's delete grant; recorded as pending in the same transaction).
    let files = CascadeJob::DeleteFiles { tenant_id: target.tenant_id.clone(), user_id: Some(target.user_id.clone()) };
    writes.push(cascade::pending_op(store, &files)?);
    transact_or_conflict(context, writes).await?;
    if let Err(error) = cascade::send(&context.cascade, &files).await {
        // Recorded as pending: the worker's sweep sends it again.
        tracing::warn!(?error, "could not queue the removal of a deleted user's files");
    }
    auth::revoke_sessions(&context.store, &target.tenant_id, &target.user_id).await?;
    let memberships: Vec<ParticipantRecord> =
        store.query(Query::gsi2(keys::campaigns_of_user_gsi2(&target.tenant_id, &target.user_id))).await?;
    let keys: Vec<keys::Key> = memberships
        .into_iter()
        .filter(|p| p.entity_type == ParticipantRecord::ENTITY)
        .map(|p| keys::Key { pk: p.pk, sk: p.sk })
        .collect();
    store.delete_many(&keys).await?;
    Ok(())
}

async fn transact_or_conflict(context: &AppContext, writes: Vec<TransactWriteItem>) -> ApiResult<()> {
    match context.store.transact(writes).await {
        Ok(()) => Ok(()),
        Err(StoreError::ConditionFailed) => Err(ApiError::Conflict(CHANGED_MEANWHILE.into())),
        Err(other) => Err(other.into()),
    }
}

/// The invitation a token opens, with its user and organisation, or the message saying
/// why it opens nothing.
pub async fn open_invitation(
    context: &AppContext,
    raw_token: &str,
) -> ApiResult<(InvitationRecord, UserRecord, TenantRecord)> {
    let invalid = || ApiError::BadRequest(INVITATION_INVALID.into());
    let token = AccessToken::parse(raw_token.trim()).ok_or_else(invalid)?;
    let invitation_key = keys::invitation(&token.tenant_id, &token.user_id);
    let user_key = keys::user(&token.tenant_id, &token.user_id);
    let tenant_key = keys::tenant(&token.tenant_id);
    let mut items = context.store.batch_get(&[invitation_key.clone(), user_key.clone(), tenant_key.clone()]).await?;
    let user = items.remove(&(user_key.pk, user_key.sk)).map(from_item::<UserRecord>).transpose()?;
    let tenant = items.remove(&(tenant_key.pk, tenant_key.sk)).map(from_item::<TenantRecord>).transpose()?;
    let (Some(user), Some(tenant)) = (user, tenant.filter(|t| t.status == TenantStatus::Active)) else {
        return Err(invalid());
    };
    let Some(record) =
        items.remove(&(invitation_key.pk, invitation_key.sk)).map(from_item::<InvitationRecord>).transpose()?
    else {
        return Err(match user.status {
            UserStatus::Invited => invalid(),
            UserStatus::Activated => ApiError::BadRequest(INVITATION_ACCEPTED.into()),
            UserStatus::Suspended => ApiError::BadRequest(INVITATION_SUSPENDED.into()),
        });
    };
    if record.token_hash != auth::sha256_hex(&token.to_string()) {
        return Err(ApiError::BadRequest(INVITATION_REPLACED.into()));
    }
    if record.expires_at <= OffsetDateTime::now_utc().unix_timestamp() {
        return Err(ApiError::BadRequest(INVITATION_EXPIRED.into()));
    }
    if user.status != UserStatus::Invited {
        return Err(ApiError::BadRequest(INVITATION_ACCEPTED.into()));
    }
    Ok((record, user, tenant))
}

/// Sets the invited person's password (and name), activates them and opens a session,
/// in one transaction that also uses up the link.
pub async fn accept(
    context: &AppContext,
    raw_token: &str,
    password: &str,
    confirm_password: &str,
    first_name: Option<&str>,
    last_name: Option<&str>,
) -> ApiResult<AccessToken> {
    let (record, mut user, _tenant) = open_invitation(context, raw_token).await?;
    let mut errors = Errors::default();
    let name =
        |errors: &mut Errors, field: &str, given: Option<&str>, current: &Option<String>, label: &str| match given
            .map(str::trim)
            .filter(|g| !g.is_empty())
        {
            Some(given) => errors.check(field, validation::person_name(given, label)),
            None if current.is_some() => current.clone(),
            None => errors.check(field, validation::person_name("", label)),
        };
    let first = name(&mut errors, "firstName", first_name, &user.first_name, "First name");
    let last = name(&mut errors, "lastName", last_name, &user.last_name, "Last name");
    errors.check("password", validation::password(password));
    if password != confirm_password {
        errors.add("confirmPassword", validation::PASSWORDS_DO_NOT_MATCH);
    }
    errors.finish()?;
    let at = model::now();
    user.first_name = first;
    user.last_name = last;
    user.password_hash = Some(auth::hash_password_off_thread(password.to_string()).await?);
    user.email_verified = true;
    user.status = UserStatus::Activated;
    let expected = user.bump(at);
    let token = AccessToken::new(&user.tenant_id, &user.user_id);
    let store = &context.store;
    let writes = vec![
        store.delete_if_op(
            &keys::invitation(&record.tenant_id, &record.user_id),
            "tokenHash = :hash",
            &[(":hash", AttributeValue::S(record.token_hash.clone()))],
        )?,
        store.put_versioned_op(&user, expected)?,
        store.put_new_op(&token.session_record(at))?,
    ];
    match store.transact(writes).await {
        Ok(()) => Ok(token),
        // Used, replaced or changed between the read and the write.
        Err(StoreError::ConditionFailed) => Err(ApiError::BadRequest(INVITATION_INVALID.into())),
        Err(other) => Err(other.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roles_are_understood_by_name_and_by_label() {
        assert_eq!(parse_role("superAdmin"), Some(Role::SuperAdmin));
        assert_eq!(parse_role("Super Admin"), Some(Role::SuperAdmin));
        assert_eq!(parse_role("coordinator"), Some(Role::Coordinator));
        assert_eq!(parse_role("Collaborator"), Some(Role::Contributor));
        assert_eq!(parse_role("Contributor"), Some(Role::Contributor));
        assert_eq!(parse_role("owner"), None);
        assert_eq!(parse_status("Suspended"), Some(UserStatus::Suspended));
        assert_eq!(parse_status("Invited"), None);
    }
}
