//! The accounts rules, independent of HTTP: what each operation reads, checks and writes.

use percent_encoding::{utf8_percent_encode, NON_ALPHANUMERIC};
use storyhive_shared::{
    auth::{self, AccessToken},
    campaigns::{records::LifecycleStatus, repo},
    cascade::{self, CascadeJob},
    error::ApiError,
    mail::MailMessage,
    model::{
        self, EmailClaim, LoginThrottleRecord, OneTimeTokenKind, OneTimeTokenRecord, SessionRecord, TenantRecord,
        TenantStatus, UserRecord, UserStatus,
    },
    permissions::Role,
    ratelimit,
    storage::{from_item, keys, AttributeValue, Query, StoreError},
    validation, ApiResult, AppContext,
};
use time::{Duration, OffsetDateTime};

pub const WRONG_CREDENTIALS: &str = "Please enter correct email and password";
pub const NOT_VERIFIED: &str =
    "Please verify your email address before signing in. Check your inbox for the verification link, or ask for a new one.";
pub const SUSPENDED: &str = "Your account has been suspended. Please contact your administrator.";
pub const VERIFY_LINK_INVALID: &str = "This verification link is invalid or has already been used.";
pub const VERIFY_LINK_EXPIRED: &str = "This verification link has expired. Please ask for a new one.";
pub const RESET_LINK_INVALID: &str = "This password reset link is invalid or has expired. Please ask for a new one.";

pub const VERIFY_LINK_LIFETIME: Duration = Duration::hours(24);
pub const RESET_LINK_LIFETIME: Duration = Duration::hours(1);
/// Failed sign-ins allowed per address within [`THROTTLE_WINDOW`] before it is locked.
pub const MAX_FAILED_LOGINS: u32 = 5;
pub const THROTTLE_WINDOW: Duration = Duration::minutes(15);
pub const LOCKOUT: Duration = Duration::minutes(15);

/// Argon2 costs ~20 MiB and tens of milliseconds: keep it off the async workers.
async fn verify_password(hash: Option<String>, password: String) -> ApiResult<bool> {
    tokio::task::spawn_blocking(move || match hash {
        Some(hash) => auth::verify_password(&hash, &password),
        None => {
            auth::verify_password_of_nobody(&password);
            false
        }
    })
    .await
    .map_err(|e| ApiError::Internal(e.into()))
}

pub const CLOSE_PASSWORD_REQUIRED: &str = "Please enter your password to confirm the deletion";
pub const CLOSE_PASSWORD_WRONG: &str = "The password is not correct. Nothing was deleted.";

pub const TOO_MANY_PASSWORD_CHECKS: &str = "Too many wrong passwords. Please try again later.";

/// Whether `password` is the user's current one (changing the password and closing the
/// organisation ask for it). Wrong ones are counted per user: after
/// `PASSWORD_CHECKS_PER_USER` of them a 429, whatever is sent.
pub async fn is_current_password(context: &AppContext, user: &UserRecord, password: &str) -> ApiResult<bool> {
    let limit = &ratelimit::PASSWORD_CHECKS_PER_USER;
    let verdict = ratelimit::check(&context.store, limit, &user.user_id).await?;
    if verdict.is_limited() {
        return Err(ratelimit::too_many(TOO_MANY_PASSWORD_CHECKS, verdict));
    }
    let right = verify_password(user.password_hash.clone(), password.to_string()).await?;
    if !right {
        ratelimit::hit(&context.store, limit, &user.user_id).await?;
    }
    Ok(right)
}

pub const CURRENT_PASSWORD_REQUIRED: &str = "Please enter your current password";
/// Spec section 9's common text.
pub const CURRENT_PASSWORD_WRONG: &str = "Please enter correct password";
pub const NEW_PASSWORD_SAME: &str = "The new password must be different from the current one";

/// Changes the signed-in user's password after checking the current one, and ends every
/// other session of the account (this one, `keep`, stays signed in).
pub async fn change_password(
    context: &AppContext,
    user: &UserRecord,
    keep: &AccessToken,
    current: &str,
    new: &str,
    confirm: &str,
) -> ApiResult<()> {
    let mut errors = validation::Errors::default();
    if current.is_empty() {
        errors.add("currentPassword", CURRENT_PASSWORD_REQUIRED);
    }
    if let Err(message) = validation::password(new) {
        errors.add("newPassword", message);
    } else if new != confirm {
        errors.add("confirmPassword", validation::PASSWORDS_DO_NOT_MATCH);
    }
    errors.finish()?;
    if !is_current_password(context, user, current).await? {
        // A 400, not a 403: the web app ends the session on a 403, and a typo must not sign out.
        return Err(ApiError::field("currentPassword", CURRENT_PASSWORD_WRONG));
    }
    if current == new {
        return Err(ApiError::field("newPassword", NEW_PASSWORD_SAME));
    }
    let mut updated = user.clone();
    updated.password_hash = Some(auth::hash_password_off_thread(new.to_string()).await?);
    let expected = updated.bump(model::now());
    match context.store.put_versioned(&updated, expected).await {
        Ok(()) => {}
        Err(StoreError::ConditionFailed) => {
            return Err(ApiError::Conflict("Your profile was changed in the meantime. Please try again.".into()))
        }
        Err(other) => return Err(other.into()),
    }
    let sessions: Vec<SessionRecord> =
        context.store.query(Query::gsi1(keys::sessions_of_user_gsi1(&user.tenant_id, &user.user_id))).await?;
    let current_session = keep.session_key();
    let others: Vec<keys::Key> = sessions
        .into_iter()
        .map(|s| keys::Key { pk: s.pk, sk: s.sk })
        .filter(|k| k.pk != current_session.pk || k.sk != current_session.sk)
        .collect();
    context.store.delete_many(&others).await?;
    Ok(())
}

/// A one-time token as mailed: `<tenantId>.<secret>`; only its hash is stored.
fn one_time_token(
    kind: OneTimeTokenKind,
    user: &UserRecord,
    lifetime: Duration,
    at: OffsetDateTime,
) -> (String, OneTimeTokenRecord) {
    let token = format!("{}.{}", user.tenant_id, auth::new_secret());
    let key = keys::one_time_token(&user.tenant_id, &auth::sha256_hex(&token));
    let expires_at = (at + lifetime).unix_timestamp();
    let record = OneTimeTokenRecord {
        pk: key.pk,
        sk: key.sk,
        entity_type: OneTimeTokenRecord::ENTITY.into(),
        kind,
        tenant_id: user.tenant_id.clone(),
        user_id: user.user_id.clone(),
        email: user.email.clone(),
        created_at: model::timestamp(at),
        expires_at,
        ttl: expires_at + 24 * 3600,
    };
    (token, record)
}

fn one_time_token_key(token: &str) -> Option<keys::Key> {
    let (tenant_id, secret) = token.trim().split_once('.')?;
    let plausible = |s: &str| {
        !s.is_empty() && s.len() <= 64 && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    };
    (plausible(tenant_id) && plausible(secret))
        .then(|| keys::one_time_token(tenant_id, &auth::sha256_hex(token.trim())))
}

fn verification_mail(context: &AppContext, user: &UserRecord, token: &str) -> MailMessage {
    MailMessage::VerifyEmail {
        to: user.email.clone(),
        link: context.config.app_link(&format!("/login?verifyToken={token}")),
    }
}

/// Creates an organisation with `email` as its super admin (not yet verified) and
/// queues the verification e-mail. Nothing is written if the address is taken.
pub async fn register(context: &AppContext, email: &str, password: &str) -> ApiResult<UserRecord> {
    let at = model::now();
    let tenant = TenantRecord::new(&model::new_id(), at);
    let mut user = UserRecord::new(&tenant.tenant_id, &model::new_id(), email, Role::SuperAdmin, at);
    user.password_hash = Some(auth::hash_password_off_thread(password.to_string()).await?);
    let claim = EmailClaim::new(email, &tenant.tenant_id, &user.user_id, at);
    // An expired staff invitation no longer holds the address.
    storyhive_shared::invitations::release_if_lapsed(&context.store, email, None).await?;
    let (token, token_record) = one_time_token(OneTimeTokenKind::VerifyEmail, &user, VERIFY_LINK_LIFETIME, at);
    let store = &context.store;
    let writes = vec![
        store.put_new_op(&claim)?,
        store.put_new_op(&tenant)?,
        store.put_new_op(&user)?,
        store.put_new_op(&token_record)?,
    ];
    match store.transact(writes).await {
        Ok(()) => {}
        Err(StoreError::ConditionFailed) => {
            return Err(ApiError::Conflict(storyhive_shared::validation::EMAIL_ALREADY_SENT.into()))
        }
        Err(other) => return Err(other.into()),
    }
    context.mail.send(&verification_mail(context, &user, &token)).await?;
    Ok(user)
}

/// Finds the account holding `email`, with its organisation.
pub async fn find_account(context: &AppContext, email: &str) -> ApiResult<Option<(UserRecord, TenantRecord)>> {
    let Some(claim) = context.store.get::<EmailClaim>(&keys::email_claim(email)).await? else {
        return Ok(None);
    };
    let user_key = keys::user(&claim.tenant_id, &claim.user_id);
    let tenant_key = keys::tenant(&claim.tenant_id);
    let mut items = context.store.batch_get(&[user_key.clone(), tenant_key.clone()]).await?;
    let (Some(user), Some(tenant)) =
        (items.remove(&(user_key.pk, user_key.sk)), items.remove(&(tenant_key.pk, tenant_key.sk)))
    else {
        return Ok(None);
    };
    Ok(Some((storyhive_shared::storage::from_item(user)?, storyhive_shared::storage::from_item(tenant)?)))
}

/// Marks the address of the token's account verified; the token works once.
pub async fn verify_email(context: &AppContext, token: &str) -> ApiResult<()> {
    let store = &context.store;
    let key = one_time_token_key(token).ok_or_else(|| ApiError::BadRequest(VERIFY_LINK_INVALID.into()))?;
    let record = store
        .get::<OneTimeTokenRecord>(&key)
        .await?
        .filter(|r| r.kind == OneTimeTokenKind::VerifyEmail)
        .ok_or_else(|| ApiError::BadRequest(VERIFY_LINK_INVALID.into()))?;
    if record.expires_at <= OffsetDateTime::now_utc().unix_timestamp() {
        store.delete(&key).await?;
        return Err(ApiError::BadRequest(VERIFY_LINK_EXPIRED.into()));
    }
    let user_key = keys::user(&record.tenant_id, &record.user_id);
    let writes = vec![
        store.delete_existing_op(&key)?,
        store.update_op(&user_key, |update| {
            update
                .update_expression("SET emailVerified = :yes, updatedAt = :at ADD version :one")
                .condition_expression("attribute_exists(PK)")
                .expression_attribute_values(":yes", AttributeValue::Bool(true))
                .expression_attribute_values(":at", AttributeValue::S(model::timestamp(model::now())))
                .expression_attribute_values(":one", AttributeValue::N("1".into()))
        })?,
    ];
    match store.transact(writes).await {
        Ok(()) => Ok(()),
        Err(StoreError::ConditionFailed) => Err(ApiError::BadRequest(VERIFY_LINK_INVALID.into())),
        Err(other) => Err(other.into()),
    }
}

/// Calls anyone can make that send e-mail: a 429 for a client making too many; and at
/// most a few e-mails per address and hour, whatever the client (past that, the call
/// answers the same and sends nothing, so it reveals nothing about the address).
pub async fn may_mail(context: &AppContext, email: &str, client: &str) -> ApiResult<bool> {
    let store = &context.store;
    let by_client = ratelimit::hit(store, &ratelimit::MAIL_PER_CLIENT, client).await?;
    if by_client.is_limited() {
        return Err(ratelimit::too_many("Too many requests. Please wait a few minutes and try again.", by_client));
    }
    Ok(!ratelimit::hit(store, &ratelimit::MAIL_PER_ADDRESS, email).await?.is_limited())
}

/// Sends a fresh verification link to an account still waiting for one. Says nothing
/// about whether the address exists.
pub async fn resend_verification(context: &AppContext, email: &str, client: &str) -> ApiResult<()> {
    if !may_mail(context, email, client).await? {
        return Ok(());
    }
    let Some((user, tenant)) = find_account(context, email).await? else {
        return Ok(());
    };
    if user.email_verified || tenant.status != TenantStatus::Active || user.status == UserStatus::Suspended {
        return Ok(());
    }
    let (token, record) = one_time_token(OneTimeTokenKind::VerifyEmail, &user, VERIFY_LINK_LIFETIME, model::now());
    context.store.put(&record).await?;
    context.mail.send(&verification_mail(context, &user, &token)).await?;
    Ok(())
}

/// Checks credentials and opens a session.
///
/// Every attempt on an address is counted atomically *before* its password is checked,
/// so a burst of parallel guesses counts guess by guess: at most [`MAX_FAILED_LOGINS`]
/// passwords are checked per address and window; then it is locked for [`LOCKOUT`].
/// Failures per client address are limited too (guessing across many accounts).
pub async fn login(context: &AppContext, email: &str, password: &str, client: &str) -> ApiResult<AccessToken> {
    let store = &context.store;
    let by_client = ratelimit::check(store, &ratelimit::LOGIN_FAILURES_PER_CLIENT, client).await?;
    if by_client.is_limited() {
        return Err(ratelimit::too_many(TOO_MANY_FROM_CLIENT, by_client));
    }
    let now = OffsetDateTime::now_utc();
    let attempt = reserve_login_attempt(context, email, now).await?;
    let account = find_account(context, email).await?;
    let hash = account.as_ref().and_then(|(user, _)| user.password_hash.clone());
    let password_ok = verify_password(hash, password.to_string()).await?;
    let Some((user, _tenant)) = account.filter(|(_, tenant)| password_ok && tenant.status == TenantStatus::Active)
    else {
        ratelimit::hit(store, &ratelimit::LOGIN_FAILURES_PER_CLIENT, client).await?;
        if attempt >= MAX_FAILED_LOGINS {
            return Err(lock_login(context, email, now).await);
        }
        return Err(ApiError::BadRequest(WRONG_CREDENTIALS.into()));
    };
    if !user.email_verified {
        return Err(ApiError::BadRequest(NOT_VERIFIED.into()));
    }
    if user.status == UserStatus::Suspended {
        return Err(ApiError::BadRequest(SUSPENDED.into()));
    }
    if !user.role.is_staff() {
        return Err(ApiError::BadRequest(WRONG_CREDENTIALS.into()));
    }
    store.delete(&keys::login_throttle(email)).await?;
    let token = AccessToken::new(&user.tenant_id, &user.user_id);
    store.put(&token.session_record(now)).await?;
    Ok(token)
}

pub const TOO_MANY_FROM_CLIENT: &str =
    "Too many failed sign-in attempts from your network. Please try again later, or reset your password.";

/// Counts one sign-in attempt on `email` in the current window and returns its number;
/// a 429 while the address is locked or once the window's attempts are used up.
async fn reserve_login_attempt(context: &AppContext, email: &str, now: OffsetDateTime) -> ApiResult<u32> {
    let store = &context.store;
    let key = keys::login_throttle(email);
    let now_s = now.unix_timestamp();
    let window_floor = now_s - THROTTLE_WINDOW.whole_seconds();
    let ttl = now_s + THROTTLE_WINDOW.whole_seconds() + LOCKOUT.whole_seconds() + 3600;
    for _attempt in 0..5 {
        // The usual case: a window is open and the address is not locked.
        let counted = store
            .update::<LoginThrottleRecord>(&key, |u| {
                u.update_expression("ADD failures :one SET #ttl = :ttl")
                    .condition_expression(
                        "windowStartedAt > :floor AND (attribute_not_exists(lockedUntil) OR lockedUntil <= :now)",
                    )
                    .expression_attribute_names("#ttl", "ttl")
                    .expression_attribute_values(":one", AttributeValue::N("1".into()))
                    .expression_attribute_values(":floor", AttributeValue::N(window_floor.to_string()))
                    .expression_attribute_values(":now", AttributeValue::N(now_s.to_string()))
                    .expression_attribute_values(":ttl", AttributeValue::N(ttl.to_string()))
            })
            .await;
        match counted {
            Ok(record) if record.failures > MAX_FAILED_LOGINS => {
                // Over the limit (a burst): refused without checking the password.
                return Err(lock_login(context, email, now).await);
            }
            Ok(record) => return Ok(record.failures),
            Err(StoreError::ConditionFailed) => {}
            Err(other) => return Err(other.into()),
        }
        // Locked, or no open window: start one (unless locked, or someone else just did).
        let current = store.get::<LoginThrottleRecord>(&key).await?;
        if let Some(until) = current.as_ref().and_then(|t| t.locked_until).filter(|l| *l > now_s) {
            return Err(locked(until - now_s));
        }
        let fresh = LoginThrottleRecord {
            pk: key.pk.clone(),
            sk: key.sk.clone(),
            entity_type: LoginThrottleRecord::ENTITY.into(),
            failures: 1,
            window_started_at: now_s,
            locked_until: None,
            ttl,
        };
        let started = store
            .put_if(
                &fresh,
                "attribute_not_exists(PK) OR (windowStartedAt <= :floor AND (attribute_not_exists(lockedUntil) OR lockedUntil <= :now))",
                &[
                    (":floor", AttributeValue::N(window_floor.to_string())),
                    (":now", AttributeValue::N(now_s.to_string())),
                ],
            )
            .await;
        match started {
            Ok(()) => return Ok(1),
            // Someone else started the window meanwhile: count in theirs.
            Err(StoreError::ConditionFailed) => continue,
            Err(other) => return Err(other.into()),
        }
    }
    Err(ApiError::Conflict("Please try again.".into()))
}

/// Locks the address for [`LOCKOUT`] from now (if not locked already) and answers 429.
async fn lock_login(context: &AppContext, email: &str, now: OffsetDateTime) -> ApiError {
    let until = (now + LOCKOUT).unix_timestamp();
    let locked_now = context
        .store
        .update::<LoginThrottleRecord>(&keys::login_throttle(email), |u| {
            u.update_expression("SET lockedUntil = :until")
                .condition_expression("attribute_not_exists(lockedUntil) OR lockedUntil <= :now")
                .expression_attribute_values(":until", AttributeValue::N(until.to_string()))
                .expression_attribute_values(":now", AttributeValue::N(now.unix_timestamp().to_string()))
        })
        .await;
    match locked_now {
        Ok(_) => locked(until - now.unix_timestamp()),
        Err(StoreError::ConditionFailed) => {
            match context.store.get::<LoginThrottleRecord>(&keys::login_throttle(email)).await {
                Ok(Some(record)) => locked(record.locked_until.unwrap_or(until) - now.unix_timestamp()),
                Ok(None) => locked(LOCKOUT.whole_seconds()),
                Err(error) => error.into(),
            }
        }
        Err(other) => other.into(),
    }
}

fn locked(seconds_left: i64) -> ApiError {
    let minutes = (seconds_left.max(1) + 59) / 60;
    ApiError::TooManyRequests {
        message: format!(
            "Too many failed sign-in attempts. Please try again in {minutes} minute{}, or reset your password.",
            if minutes == 1 { "" } else { "s" }
        ),
        retry_after_secs: seconds_left.max(1) as u64,
    }
}

pub async fn logout(context: &AppContext, token: &AccessToken) -> ApiResult<()> {
    context.store.delete(&token.session_key()).await?;
    Ok(())
}

/// Mails a reset link if the address belongs to an account that may sign in.
/// Says nothing about whether it does.
pub async fn forgot_password(context: &AppContext, email: &str, client: &str) -> ApiResult<()> {
    if !may_mail(context, email, client).await? {
        return Ok(());
    }
    let Some((user, tenant)) = find_account(context, email).await? else {
        return Ok(());
    };
    if tenant.status != TenantStatus::Active || user.status == UserStatus::Suspended || !user.role.is_staff() {
        return Ok(());
    }
    let (token, record) = one_time_token(OneTimeTokenKind::ResetPassword, &user, RESET_LINK_LIFETIME, model::now());
    context.store.put(&record).await?;
    let link = context.config.app_link(&format!(
        "/reset-password?token={token}&email={}",
        utf8_percent_encode(&user.email, NON_ALPHANUMERIC)
    ));
    context.mail.send(&MailMessage::ResetPassword { to: user.email.clone(), link }).await?;
    Ok(())
}

/// Sets a new password with a single-use, expiring token, and ends every session of
/// the account (whoever knew the old password is signed out).
pub async fn reset_password(context: &AppContext, email: &str, token: &str, password: &str) -> ApiResult<()> {
    let store = &context.store;
    let invalid = || ApiError::BadRequest(RESET_LINK_INVALID.into());
    let key = one_time_token_key(token).ok_or_else(invalid)?;
    let record = store
        .get::<OneTimeTokenRecord>(&key)
        .await?
        .filter(|r| r.kind == OneTimeTokenKind::ResetPassword && r.email.eq_ignore_ascii_case(email))
        .filter(|r| r.expires_at > OffsetDateTime::now_utc().unix_timestamp())
        .ok_or_else(invalid)?;
    let mut user =
        store.get::<UserRecord>(&keys::user(&record.tenant_id, &record.user_id)).await?.ok_or_else(invalid)?;
    user.password_hash = Some(auth::hash_password_off_thread(password.to_string()).await?);
    // Following the link proves the mailbox is theirs.
    user.email_verified = true;
    let expected = user.bump(model::now());
    match store.transact(vec![store.delete_existing_op(&key)?, store.put_versioned_op(&user, expected)?]).await {
        Ok(()) => {}
        Err(StoreError::ConditionFailed) => return Err(invalid()),
        Err(other) => return Err(other.into()),
    }
    auth::revoke_sessions(&context.store, &user.tenant_id, &user.user_id).await?;
    store.delete(&keys::login_throttle(&user.email)).await?;
    Ok(())
}

/// Closes the organisation of its super admin: every other user and every address
/// claim is removed (so the addresses can be used again), each member is told by
/// e-mail, and finally the super admin and the organisation go in one transaction.
/// Run again after an interruption, it finishes the job: the super admin can still
/// sign in until the last step.
pub async fn close_organisation(context: &AppContext, owner: &UserRecord, tenant: &TenantRecord) -> ApiResult<()> {
    let store = &context.store;
    // The organisation's content goes first: each initiative through the cascade worker
    // (campaigns, answers, videos), and the contributors' records here.
    // Initiatives already being deleted (an earlier, interrupted close) are sent again.
    for initiative in repo::all_initiatives(store, &tenant.tenant_id).await? {
        let job = CascadeJob::DeleteInitiative {
            tenant_id: tenant.tenant_id.clone(),
            initiative_id: initiative.initiative_id.clone(),
        };
        if initiative.status == LifecycleStatus::Active {
            let mark = store.update_op(&initiative.key(), |u| {
                u.update_expression("SET #status = :deleting")
                    .condition_expression("attribute_exists(PK)")
                    .expression_attribute_names("#status", "status")
                    .expression_attribute_values(":deleting", AttributeValue::S("deleting".into()))
            })?;
            store.transact(vec![mark, cascade::pending_op(store, &job)?]).await?;
        }
        cascade::send(&context.cascade, &job).await?;
    }
    for partition in [
        keys::contributors_partition(&tenant.tenant_id),
        keys::words_partition(&tenant.tenant_id, storyhive_shared::words::CONTRIBUTORS),
    ] {
        let items = store.query_items(Query::partition(partition).attributes(&["PK", "SK"])).await?;
        let item_keys = items.into_iter().map(from_item::<keys::Key>).collect::<Result<Vec<_>, _>>()?;
        store.delete_many(&item_keys).await?;
    }
    let members = repo::users(store, &tenant.tenant_id).await?;
    // The recording guidelines and every member's help and editor requests go too.
    let mut partitions = vec![keys::guidelines_partition(&tenant.tenant_id)];
    partitions.extend(members.iter().map(|m| keys::support_requests_partition(&tenant.tenant_id, &m.user_id)));
    for partition in partitions {
        let items = store.query_items(Query::partition(partition).attributes(&["PK", "SK"])).await?;
        let item_keys = items.into_iter().map(from_item::<keys::Key>).collect::<Result<Vec<_>, _>>()?;
        store.delete_many(&item_keys).await?;
    }
    for member in members.iter().filter(|m| m.user_id != owner.user_id) {
        store
            .transact(vec![store.delete_op(&member.key())?, store.delete_op(&keys::email_claim(&member.email))?])
            .await?;
        auth::revoke_sessions(&context.store, &member.tenant_id, &member.user_id).await?;
        if member.email_verified {
            context
                .mail
                .send(&MailMessage::OrganisationClosed {
                    to: member.email.clone(),
                    company_name: tenant.company_name.clone(),
                })
                .await?;
        }
    }
    // Every file of the organisation (logo, terms, encouragement videos, avatars) goes
    // through the cascade worker, recorded as pending with the closing itself.
    let files = CascadeJob::DeleteFiles { tenant_id: tenant.tenant_id.clone(), user_id: None };
    let mut closed = tenant.clone();
    closed.status = TenantStatus::Closed;
    closed.closed_at = Some(model::timestamp(model::now()));
    closed.updated_at = model::timestamp(model::now());
    store
        .transact(vec![
            store.put_op(&closed)?,
            store.delete_op(&owner.key())?,
            store.delete_op(&keys::email_claim(&owner.email))?,
            cascade::pending_op(store, &files)?,
        ])
        .await?;
    if let Err(error) = cascade::send(&context.cascade, &files).await {
        // Recorded as pending: the worker's sweep sends it again.
        tracing::warn!(?error, "could not queue the removal of a closed organisation's files");
    }
    auth::revoke_sessions(&context.store, &owner.tenant_id, &owner.user_id).await?;
    Ok(())
}
