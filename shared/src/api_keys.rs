//! Organisation API keys (issue 26): an integration calls the API with
//! `Authorization: Bearer shk_<tenantId>_<secret>` and acts with exactly its scopes.
//!
//! The key is shown once, at creation; only the SHA-256 of the whole key is stored, as
//! the key item's sort key, so authenticating is one `BatchGetItem` (the key by its hash,
//! the organisation) and a leaked table leaks no key. The `shk_` prefix tells a key from
//! a session token (`<tenant>.<user>.<secret>`) before anything is read. Revoking marks
//! the item; the next call reads the mark (nothing is cached), so it answers 401 at once.

use serde::{Deserialize, Serialize};
use time::{Duration, OffsetDateTime};
use utoipa::ToSchema;

use crate::{
    clock::{timestamp, Timestamp},
    digest::sha256_hex,
    error::{ApiError, FieldError},
    ids,
    scopes::Scope,
    storage::{keys, AttributeValue, Query, Store, StoreError},
};

/// What every key starts with.
pub const PREFIX: &str = "shk_";
/// The longest a key may be given for.
pub const MAX_LIFETIME: Duration = Duration::days(2 * 365);
pub const NAME_MAX: usize = 100;
/// Keys (live or not yet cleaned up) an organisation may hold.
pub const MAX_KEYS: usize = 50;
/// A key's last use is written at most this often.
pub const LAST_USE_EVERY: Duration = Duration::minutes(1);
/// Revoked and expired keys stay listed this long, then DynamoDB's TTL removes them.
const KEPT_AFTER_END: Duration = Duration::days(30);

/// A key as handed to its owner: the organisation it belongs to and 256 random bits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawKey {
    pub tenant_id: String,
    pub secret: String,
}

impl RawKey {
    pub fn new(tenant_id: &str, secret: String) -> Self {
        Self { tenant_id: tenant_id.into(), secret }
    }

    /// `None` for anything that is not shaped like a key (no read is made for it).
    pub fn parse(raw: &str) -> Option<Self> {
        let (tenant_id, secret) = raw.strip_prefix(PREFIX)?.split_once('_')?;
        let tenant_ok =
            !tenant_id.is_empty() && tenant_id.len() <= 64 && tenant_id.bytes().all(|b| b.is_ascii_alphanumeric());
        let secret_ok =
            secret.len() == 43 && secret.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        (tenant_ok && secret_ok).then(|| Self::new(tenant_id, secret.into()))
    }

    pub fn hash(&self) -> String {
        sha256_hex(&self.to_string())
    }

    pub fn item_key(&self) -> keys::Key {
        keys::api_key(&self.tenant_id, &self.hash())
    }
}

impl std::fmt::Display for RawKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{PREFIX}{}_{}", self.tenant_id, self.secret)
    }
}

/// The stored key: everything but the key itself.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ApiKeyRecord {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    pub entity_type: String,
    pub tenant_id: String,
    pub key_id: String,
    pub name: String,
    /// Scope names (`campaigns:read`, ...).
    pub scopes: Vec<String>,
    pub created_at: Timestamp,
    pub created_by: String,
    pub created_by_name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expires_at: Option<Timestamp>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_used_at: Option<Timestamp>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub revoked_at: Option<Timestamp>,
    /// DynamoDB TTL: set once the key has an end (expiry or revocation). Absent options are
    /// left out of the item (not stored as NULL), so `attribute_not_exists` conditions hold.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ttl: Option<i64>,
}

impl ApiKeyRecord {
    pub const ENTITY: &'static str = "ApiKey";

    pub fn scopes(&self) -> Vec<Scope> {
        self.scopes.iter().filter_map(|s| Scope::parse(s)).collect()
    }

    pub fn status(&self, now: OffsetDateTime) -> ApiKeyStatus {
        if self.revoked_at.is_some() {
            ApiKeyStatus::Revoked
        } else if self.expires_at.as_deref().and_then(parse_time).is_some_and(|end| end <= now) {
            ApiKeyStatus::Expired
        } else {
            ApiKeyStatus::Active
        }
    }

    /// Whether this use should be written as the last one (none yet, or older than a minute).
    pub fn last_use_due(&self, now: OffsetDateTime) -> bool {
        self.last_used_at.as_deref().and_then(parse_time).is_none_or(|at| at <= now - LAST_USE_EVERY)
    }
}

/// 256 random bits, URL-safe (43 characters).
fn new_secret() -> String {
    use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine};
    use rand::RngCore;
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

fn parse_time(text: &str) -> Option<OffsetDateTime> {
    OffsetDateTime::parse(text, &time::format_description::well_known::Rfc3339).ok()
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum ApiKeyStatus {
    Active,
    Expired,
    Revoked,
}

/// A key as listed (never the key itself).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApiKey {
    pub id: String,
    pub name: String,
    /// e.g. `["campaigns:read", "answers:write"]`; a write scope includes its area's read.
    pub scopes: Vec<String>,
    pub created_at: String,
    /// The name of the staff member who created it.
    pub created_by: String,
    pub expires_at: Option<String>,
    /// At most a minute behind the real last call.
    pub last_used_at: Option<String>,
    pub revoked_at: Option<String>,
    pub status: ApiKeyStatus,
}

impl ApiKey {
    pub fn of(record: &ApiKeyRecord, now: OffsetDateTime) -> Self {
        Self {
            id: record.key_id.clone(),
            name: record.name.clone(),
            scopes: record.scopes.clone(),
            created_at: record.created_at.clone(),
            created_by: record.created_by_name.clone(),
            expires_at: record.expires_at.clone(),
            last_used_at: record.last_used_at.clone(),
            revoked_at: record.revoked_at.clone(),
            status: record.status(now),
        }
    }
}

/// Missing fields read as empty, so the permission is checked before the fields are, and
/// a missing name or scope list gets the field's own message.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewApiKey {
    /// 1 to 100 characters (trimmed).
    #[serde(default)]
    pub name: String,
    /// At least one of `campaigns`, `collaborators`, `answers`, `videos`, `publishing`,
    /// each `:read` or `:write`.
    #[serde(default)]
    pub scopes: Vec<String>,
    /// RFC 3339; in the future, at most two years away. None: the key does not expire.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expires_at: Option<String>,
}

/// The answer to creating a key: the only time the key is shown.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreatedApiKey {
    /// The key to send as `Authorization: Bearer <key>`. It cannot be shown again.
    pub key: String,
    pub api_key: ApiKey,
}

/// The organisation's keys, newest first.
pub async fn list(store: &Store, tenant_id: &str) -> Result<Vec<ApiKeyRecord>, ApiError> {
    let mut records: Vec<ApiKeyRecord> =
        store.query(Query::table(keys::api_keys_partition(tenant_id), keys::API_KEY_PREFIX)).await?;
    records.sort_by(|a, b| (&b.created_at, &b.key_id).cmp(&(&a.created_at, &a.key_id)));
    Ok(records)
}

/// Checks a new key's fields: (name, scopes, expiry), or every invalid field.
pub fn validate(
    body: &NewApiKey,
    now: OffsetDateTime,
) -> Result<(String, Vec<String>, Option<OffsetDateTime>), ApiError> {
    let mut errors = Vec::new();
    let name = body.name.trim().to_string();
    if name.is_empty() {
        errors.push(FieldError::new("name", "Give the key a name"));
    } else if name.chars().count() > NAME_MAX {
        errors.push(FieldError::new("name", format!("A key's name is at most {NAME_MAX} characters")));
    }
    let mut scopes = Vec::new();
    for raw in &body.scopes {
        match Scope::parse(raw.trim()) {
            Some(scope) if !scopes.contains(&scope) => scopes.push(scope),
            Some(_) => {}
            None => {
                errors.push(FieldError::new(
                    "scopes",
                    format!("Unknown scope: {}", raw.chars().take(40).collect::<String>()),
                ));
                break;
            }
        }
    }
    if body.scopes.is_empty() {
        errors.push(FieldError::new("scopes", "Choose at least one scope"));
    }
    scopes.sort();
    let mut expires = None;
    if let Some(raw) = body.expires_at.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        match parse_time(raw) {
            None => errors.push(FieldError::new("expiresAt", "The expiry must be a date and time (RFC 3339)")),
            Some(at) if at <= now => errors.push(FieldError::new("expiresAt", "The expiry must be in the future")),
            Some(at) if at > now + MAX_LIFETIME => {
                errors.push(FieldError::new("expiresAt", "A key can be given for at most two years"))
            }
            Some(at) => expires = Some(at),
        }
    }
    if !errors.is_empty() {
        return Err(ApiError::Validation(errors));
    }
    Ok((name, scopes.into_iter().map(Scope::name).collect(), expires))
}

/// Creates a key; the answer holds the key, which is not stored.
pub async fn create(
    store: &Store,
    tenant_id: &str,
    created_by: (&str, &str),
    body: &NewApiKey,
    now: OffsetDateTime,
) -> Result<CreatedApiKey, ApiError> {
    let (name, scopes, expires) = validate(body, now)?;
    let existing = list(store, tenant_id).await?;
    if existing.len() >= MAX_KEYS {
        return Err(ApiError::Conflict(format!(
            "An organisation can hold {MAX_KEYS} keys. Revoke keys you no longer use; revoked keys leave the list after 30 days."
        )));
    }
    let raw = RawKey::new(tenant_id, new_secret());
    let key = raw.item_key();
    let record = ApiKeyRecord {
        pk: key.pk,
        sk: key.sk,
        entity_type: ApiKeyRecord::ENTITY.into(),
        tenant_id: tenant_id.into(),
        key_id: ids::new_id(),
        name,
        scopes,
        created_at: timestamp(now),
        created_by: created_by.0.into(),
        created_by_name: created_by.1.into(),
        expires_at: expires.map(timestamp),
        last_used_at: None,
        revoked_at: None,
        ttl: expires.map(|at| (at + KEPT_AFTER_END).unix_timestamp()),
    };
    store.put_if(&record, "attribute_not_exists(PK)", &[]).await?;
    Ok(CreatedApiKey { key: raw.to_string(), api_key: ApiKey::of(&record, now) })
}

/// Revokes the key `key_id` of the organisation: from the next call on, it gets 401.
pub async fn revoke(store: &Store, tenant_id: &str, key_id: &str, now: OffsetDateTime) -> Result<ApiKey, ApiError> {
    let not_found = || ApiError::NotFound("There is no such API key.".into());
    let record = list(store, tenant_id).await?.into_iter().find(|r| r.key_id == key_id).ok_or_else(not_found)?;
    if record.revoked_at.is_some() {
        return Ok(ApiKey::of(&record, now));
    }
    let at = timestamp(now);
    let ttl = (now + KEPT_AFTER_END).unix_timestamp();
    let key = keys::Key { pk: record.pk.clone(), sk: record.sk.clone() };
    let updated: Result<ApiKeyRecord, StoreError> = store
        .update(&key, |request| {
            request
                .update_expression("SET revokedAt = :at, #ttl = :ttl")
                .condition_expression("attribute_exists(PK) AND attribute_not_exists(revokedAt)")
                .expression_attribute_names("#ttl", "ttl")
                .expression_attribute_values(":at", AttributeValue::S(at.clone()))
                .expression_attribute_values(":ttl", AttributeValue::N(ttl.to_string()))
        })
        .await;
    match updated {
        Ok(record) => Ok(ApiKey::of(&record, now)),
        // Revoked meanwhile by someone else: it is revoked, as asked.
        Err(StoreError::ConditionFailed) => {
            let record: ApiKeyRecord = store.get(&key).await?.ok_or_else(not_found)?;
            Ok(ApiKey::of(&record, now))
        }
        Err(other) => Err(other.into()),
    }
}

/// Writes this use as the key's last one when the last written is a minute old or more.
/// The condition keeps parallel calls to one write per minute; a failed one writes nothing.
pub async fn record_use(store: &Store, record: &ApiKeyRecord, now: OffsetDateTime) -> Result<(), ApiError> {
    if !record.last_use_due(now) {
        return Ok(());
    }
    let key = keys::Key { pk: record.pk.clone(), sk: record.sk.clone() };
    let written: Result<ApiKeyRecord, StoreError> = store
        .update(&key, |request| {
            request
                .update_expression("SET lastUsedAt = :now")
                .condition_expression(
                    "attribute_exists(PK) AND attribute_not_exists(revokedAt) AND (attribute_not_exists(lastUsedAt) OR lastUsedAt <= :cutoff)",
                )
                .expression_attribute_values(":now", AttributeValue::S(timestamp(now)))
                .expression_attribute_values(":cutoff", AttributeValue::S(timestamp(now - LAST_USE_EVERY)))
        })
        .await;
    match written {
        Ok(_) | Err(StoreError::ConditionFailed) => Ok(()),
        Err(other) => Err(other.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_round_trip_and_garbage_is_not_a_key() {
        let raw = RawKey::new("01TENANT", "a".repeat(43));
        assert_eq!(raw.to_string(), format!("shk_01TENANT_{}", "a".repeat(43)));
        assert_eq!(RawKey::parse(&raw.to_string()), Some(raw.clone()));
        let secret_with_underscore = format!("shk_01T_{}", "_-".repeat(21) + "x");
        assert_eq!(RawKey::parse(&secret_with_underscore).unwrap().tenant_id, "01T");
        for bad in ["", "shk_", "shk_T", "shk__abc", "01T.01U.secret", "shk_T_short", "SHK_T_aaaa"] {
            assert_eq!(RawKey::parse(bad), None, "{bad}");
        }
        assert!(!raw.item_key().sk.contains(&raw.secret));
    }

    #[test]
    fn names_scopes_and_expiry_are_checked() {
        let now = OffsetDateTime::now_utc();
        let body = |name: &str, scopes: &[&str], expires: Option<OffsetDateTime>| NewApiKey {
            name: name.into(),
            scopes: scopes.iter().map(|s| s.to_string()).collect(),
            expires_at: expires.map(timestamp),
        };
        let (name, scopes, _) =
            validate(&body("  CRM «sync» 🐝  ", &["answers:write", "campaigns:read"], None), now).unwrap();
        assert_eq!(name, "CRM «sync» 🐝");
        assert_eq!(scopes, ["campaigns:read", "answers:write"]);
        let fields = |result: Result<_, ApiError>| match result {
            Err(ApiError::Validation(errors)) => errors.into_iter().map(|e| e.field).collect::<Vec<_>>(),
            _ => panic!("expected a validation error"),
        };
        assert_eq!(fields(validate(&body("   ", &[], None), now)), ["name", "scopes"]);
        assert_eq!(fields(validate(&body(&"é".repeat(101), &["campaigns:read"], None), now)), ["name"]);
        assert!(validate(&body(&"é".repeat(100), &["campaigns:read"], None), now).is_ok());
        assert_eq!(fields(validate(&body("a", &["users:write"], None), now)), ["scopes"]);
        assert_eq!(fields(validate(&body("a", &["videos:read"], Some(now - Duration::hours(1))), now)), ["expiresAt"]);
        assert_eq!(fields(validate(&body("a", &["videos:read"], Some(now + Duration::days(800))), now)), ["expiresAt"]);
    }
}
