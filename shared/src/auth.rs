//! Staff identity: password hashing, access tokens, sessions and the
//! authenticated-principal extractor.
//!
//! Access tokens are opaque, not JWTs: `<tenantId>.<userId>.<secret>`, where the
//! secret is 256 random bits. Only the SHA-256 of the token is stored, as the
//! session's key, so a leaked table does not leak sessions, and sign-out revokes a
//! token by deleting its session. Checking a token is one `BatchGetItem`
//! (session, user, organisation).

use argon2::{Algorithm, Argon2, Params, PasswordHash, PasswordHasher, PasswordVerifier, Version};
use axum::{
    extract::{FromRef, FromRequestParts, MatchedPath},
    http::{header::AUTHORIZATION, request::Parts},
};
use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine};
use rand::RngCore;
use time::{Duration, OffsetDateTime};

use crate::{
    api_keys::{self, ApiKeyRecord, ApiKeyStatus, RawKey},
    error::ApiError,
    model::{self, SessionRecord, TenantRecord, TenantStatus, UserRecord, UserStatus},
    permissions::{allows, Permission, Role},
    scopes::{KeyAccess, Scope},
    storage::{from_item, keys, Query, Store},
    AppContext,
};

/// How long a staff session lasts.
pub const SESSION_LIFETIME: Duration = Duration::hours(12);

/// Argon2id with OWASP's recommended minimum: 19 MiB of memory, 2 iterations, 1 lane.
fn argon2() -> Argon2<'static> {
    let params = Params::new(19 * 1024, 2, 1, None).expect("valid Argon2 parameters");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// Hashes off the async threads (Argon2 takes tens of milliseconds by design).
pub async fn hash_password_off_thread(password: String) -> Result<String, ApiError> {
    tokio::task::spawn_blocking(move || hash_password(&password))
        .await
        .map_err(|e| ApiError::Internal(e.into()))?
        .map_err(ApiError::Internal)
}

/// Ends every session of a user (a password change or reset, a removal, a suspension).
pub async fn revoke_sessions(store: &Store, tenant_id: &str, user_id: &str) -> Result<(), ApiError> {
    let sessions: Vec<SessionRecord> =
        store.query(Query::gsi1(keys::sessions_of_user_gsi1(tenant_id, user_id))).await?;
    let keys: Vec<keys::Key> = sessions.into_iter().map(|s| keys::Key { pk: s.pk, sk: s.sk }).collect();
    // 25 per BatchWriteItem rather than one round trip each.
    store.delete_many(&keys).await?;
    Ok(())
}

pub fn hash_password(password: &str) -> anyhow::Result<String> {
    let mut salt_bytes = [0u8; 16];
    rand::rng().fill_bytes(&mut salt_bytes);
    let salt = argon2::password_hash::SaltString::encode_b64(&salt_bytes).map_err(|e| anyhow::anyhow!("salt: {e}"))?;
    let hash =
        argon2().hash_password(password.as_bytes(), &salt).map_err(|e| anyhow::anyhow!("hashing password: {e}"))?;
    Ok(hash.to_string())
}

pub fn verify_password(stored_hash: &str, password: &str) -> bool {
    PasswordHash::new(stored_hash)
        .map(|parsed| argon2().verify_password(password.as_bytes(), &parsed).is_ok())
        .unwrap_or(false)
}

/// Spends the same time as checking a real password, so that an unknown address
/// cannot be told from a wrong password by timing.
pub fn verify_password_of_nobody(password: &str) {
    static DUMMY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let hash = DUMMY.get_or_init(|| hash_password("not a real password").expect("dummy hash"));
    let _ = verify_password(hash, password);
}

/// 256 random bits, URL-safe.
pub fn new_secret() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

pub use crate::digest::sha256_hex;

/// A staff access token, as handed to the browser.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccessToken {
    pub tenant_id: String,
    pub user_id: String,
    pub secret: String,
}

impl AccessToken {
    pub fn new(tenant_id: &str, user_id: &str) -> Self {
        Self { tenant_id: tenant_id.into(), user_id: user_id.into(), secret: new_secret() }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        let mut parts = raw.split('.');
        let (tenant_id, user_id, secret) = (parts.next()?, parts.next()?, parts.next()?);
        let plausible = |s: &str| {
            !s.is_empty() && s.len() <= 64 && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        };
        if parts.next().is_some() || ![tenant_id, user_id, secret].into_iter().all(plausible) {
            return None;
        }
        Some(Self { tenant_id: tenant_id.into(), user_id: user_id.into(), secret: secret.into() })
    }

    pub fn hash(&self) -> String {
        sha256_hex(&self.to_string())
    }

    pub fn session_key(&self) -> keys::Key {
        keys::session(&self.tenant_id, &self.hash())
    }

    pub fn session_record(&self, at: OffsetDateTime) -> SessionRecord {
        let key = self.session_key();
        let expires_at = (at + SESSION_LIFETIME).unix_timestamp();
        SessionRecord {
            pk: key.pk,
            sk: key.sk,
            gsi1pk: keys::sessions_of_user_gsi1(&self.tenant_id, &self.user_id),
            gsi1sk: model::timestamp(at),
            entity_type: SessionRecord::ENTITY.into(),
            tenant_id: self.tenant_id.clone(),
            user_id: self.user_id.clone(),
            created_at: model::timestamp(at),
            expires_at,
            ttl: expires_at + 24 * 3600,
        }
    }
}

impl std::fmt::Display for AccessToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.{}.{}", self.tenant_id, self.user_id, self.secret)
    }
}

/// The organisation API key a request came with (see `api_keys`).
#[derive(Debug, Clone)]
pub struct Integration {
    pub key_id: String,
    /// The key's name: what the integration does is attributed to it.
    pub name: String,
    pub scopes: Vec<Scope>,
}

/// Who is calling, taken from the `Authorization` header: a signed-in staff member, or an
/// integration with an organisation API key. An integration acts as an admin of its
/// organisation within its key's scopes (the route's scope is checked before the handler
/// runs); its `user` is the key (id and name, no e-mail, never stored), so what it
/// creates is attributed to the key's name.
#[derive(Debug, Clone)]
pub struct Principal {
    pub tenant_id: String,
    pub user_id: String,
    pub role: Role,
    pub email: String,
    /// The session token this request came with (sign-out revokes it); none for a key.
    pub token: Option<AccessToken>,
    /// The user as read while authenticating, so handlers need not read it again.
    pub user: UserRecord,
    /// The organisation, read in the same round trip.
    pub tenant: TenantRecord,
    /// Set when the caller is an integration (an API key), not a staff member.
    pub integration: Option<Integration>,
}

impl Principal {
    fn of_key(record: ApiKeyRecord, tenant: TenantRecord) -> Self {
        let created = time::OffsetDateTime::parse(&record.created_at, &time::format_description::well_known::Rfc3339)
            .unwrap_or_else(|_| OffsetDateTime::now_utc());
        let mut user = UserRecord::new(&record.tenant_id, &record.key_id, "", Role::Admin, created);
        user.email_verified = true;
        user.first_name = Some(record.name.clone());
        user.gsi1pk = None;
        user.gsi1sk = None;
        Self {
            tenant_id: record.tenant_id.clone(),
            user_id: record.key_id.clone(),
            role: Role::Admin,
            email: String::new(),
            token: None,
            integration: Some(Integration {
                key_id: record.key_id.clone(),
                scopes: record.scopes(),
                name: record.name,
            }),
            user,
            tenant,
        }
    }

    pub fn is_integration(&self) -> bool {
        self.integration.is_some()
    }

    pub fn require(&self, permission: Permission) -> Result<(), ApiError> {
        if allows(self.role, permission) {
            Ok(())
        } else {
            Err(ApiError::Forbidden)
        }
    }
}

fn bearer(parts: &Parts) -> Option<&str> {
    let value = parts.headers.get(AUTHORIZATION)?.to_str().ok()?.trim();
    Some(value.strip_prefix("Bearer ").or_else(|| value.strip_prefix("bearer ")).unwrap_or(value).trim())
}

/// Resolves a raw token to its principal, or `None` when it is not a live session of
/// an active user of an open organisation.
pub async fn authenticate(store: &Store, raw_token: &str) -> Result<Option<Principal>, ApiError> {
    let Some(token) = AccessToken::parse(raw_token) else {
        return Ok(None);
    };
    let session_key = token.session_key();
    let user_key = keys::user(&token.tenant_id, &token.user_id);
    let tenant_key = keys::tenant(&token.tenant_id);
    let mut items = store.batch_get(&[session_key.clone(), user_key.clone(), tenant_key.clone()]).await?;
    let (Some(session), Some(user), Some(tenant)) = (
        items.remove(&(session_key.pk, session_key.sk)),
        items.remove(&(user_key.pk, user_key.sk)),
        items.remove(&(tenant_key.pk, tenant_key.sk)),
    ) else {
        return Ok(None);
    };
    let session: SessionRecord = from_item(session)?;
    let user: UserRecord = from_item(user)?;
    let tenant: TenantRecord = from_item(tenant)?;
    let live = session.user_id == user.user_id
        && session.expires_at > OffsetDateTime::now_utc().unix_timestamp()
        && user.status != UserStatus::Suspended
        && user.email_verified
        && user.role.is_staff()
        && tenant.status == TenantStatus::Active;
    if !live {
        return Ok(None);
    }
    Ok(Some(Principal {
        tenant_id: user.tenant_id.clone(),
        user_id: user.user_id.clone(),
        role: user.role,
        email: user.email.clone(),
        token: Some(token),
        user,
        tenant,
        integration: None,
    }))
}

/// Resolves an organisation API key for a route asking `access` of keys: 401
/// ([`ApiError::KeyRefused`]) for an unknown, revoked or expired key (read on every call,
/// nothing cached), 403 for a staff-only route or a scope the key lacks. An accepted
/// call is written as the key's last use (at most once a minute).
pub async fn authenticate_key(store: &Store, raw: &str, access: KeyAccess) -> Result<Principal, ApiError> {
    let key = RawKey::parse(raw).ok_or(ApiError::KeyRefused)?;
    let item_key = key.item_key();
    let tenant_key = keys::tenant(&key.tenant_id);
    let mut items = store.batch_get(&[item_key.clone(), tenant_key.clone()]).await?;
    let (Some(record), Some(tenant)) =
        (items.remove(&(item_key.pk, item_key.sk)), items.remove(&(tenant_key.pk, tenant_key.sk)))
    else {
        return Err(ApiError::KeyRefused);
    };
    let record: ApiKeyRecord = from_item(record)?;
    let tenant: TenantRecord = from_item(tenant)?;
    let now = OffsetDateTime::now_utc();
    if record.status(now) != ApiKeyStatus::Active
        || record.tenant_id != key.tenant_id
        || tenant.status != TenantStatus::Active
    {
        return Err(ApiError::KeyRefused);
    }
    match access {
        KeyAccess::StaffOnly => {
            return Err(ApiError::AccessDenied("API keys cannot call this route: it is for staff only.".into()))
        }
        KeyAccess::Needs(needed) if !record.scopes().iter().any(|held| held.satisfies(needed)) => {
            return Err(ApiError::AccessDenied(format!("This API key does not have the {} scope.", needed.name())))
        }
        KeyAccess::Needs(_) => {}
    }
    api_keys::record_use(store, &record, now).await?;
    Ok(Principal::of_key(record, tenant))
}

/// The caller behind a bearer value: an API key (`shk_…`, checked against `access`) or a
/// staff session (401 when it is not a live one).
pub async fn authenticate_caller(store: &Store, raw: &str, access: KeyAccess) -> Result<Principal, ApiError> {
    if raw.starts_with(api_keys::PREFIX) {
        return authenticate_key(store, raw, access).await;
    }
    authenticate(store, raw).await?.ok_or(ApiError::Unauthorized)
}

impl<S> FromRequestParts<S> for Principal
where
    AppContext: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let context = AppContext::from_ref(state);
        let raw = bearer(parts).ok_or(ApiError::Unauthorized)?;
        // What a key needs here: the route's row of `scopes::ROUTE_SCOPES` (staff only
        // when the route is not in it).
        let access = parts
            .extensions
            .get::<MatchedPath>()
            .map(|path| crate::scopes::key_access(parts.method.as_str(), path.as_str()))
            .unwrap_or(KeyAccess::StaffOnly);
        authenticate_caller(&context.store, raw, access).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_hash_with_argon2id_and_verify() {
        let hash = hash_password("Correct-Horse-9").unwrap();
        assert!(hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{hash}");
        assert!(verify_password(&hash, "Correct-Horse-9"));
        assert!(!verify_password(&hash, "correct-horse-9"));
        assert!(!verify_password("not a hash", "Correct-Horse-9"));
    }

    #[test]
    fn tokens_round_trip_and_reject_garbage() {
        let token = AccessToken::new("01TENANT", "01USER");
        assert_eq!(AccessToken::parse(&token.to_string()), Some(token.clone()));
        for bad in ["", "a.b", "a.b.c.d", "a..c", "a.b.c d", "a.b.<script>"] {
            assert_eq!(AccessToken::parse(bad), None, "{bad}");
        }
        assert_ne!(token.hash(), AccessToken::new("01TENANT", "01USER").hash());
        assert_eq!(token.secret.len(), 43);
    }

    #[test]
    fn sessions_are_keyed_by_the_token_hash_not_the_token() {
        let token = AccessToken::new("T1", "U1");
        let record = token.session_record(OffsetDateTime::now_utc());
        assert!(!record.pk.contains(&token.secret));
        assert!(record.pk.starts_with("T#T1#SESSION#"));
    }
}
