//! Items stored in the single table. Every item carries its key attributes,
//! its entity type and its timestamps; `serde_dynamo` maps them.

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;

pub use crate::{
    clock::{now, timestamp, Timestamp},
    ids::new_id,
};
use crate::{permissions::Role, storage::keys};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum TenantStatus {
    Active,
    /// The superAdmin deleted their account: nobody can sign in any more.
    Closed,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TenantRecord {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    pub entity_type: String,
    pub tenant_id: String,
    pub company_name: Option<String>,
    pub industry: Option<String>,
    pub company_logo: Option<String>,
    pub terms_n_conditions: Option<String>,
    pub status: TenantStatus,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
    pub closed_at: Option<Timestamp>,
    /// Object key (media bucket) of the encouragement video contributors see when the
    /// staff member who made their campaign has none of their own.
    #[serde(default)]
    pub default_encouragement_video: Option<String>,
    /// Version of `terms_n_conditions`: each upload is a new version, which contributors
    /// accept again. 0 while there were never terms.
    #[serde(default)]
    pub terms_version: u32,
    /// When the super admin finished the first set-up (user and company set-up).
    #[serde(default)]
    pub setup_completed_at: Option<Timestamp>,
}

impl TenantRecord {
    pub const ENTITY: &'static str = "Tenant";

    pub fn new(tenant_id: &str, at: OffsetDateTime) -> Self {
        let key = keys::tenant(tenant_id);
        Self {
            pk: key.pk,
            sk: key.sk,
            entity_type: Self::ENTITY.into(),
            tenant_id: tenant_id.into(),
            company_name: None,
            industry: None,
            company_logo: None,
            terms_n_conditions: None,
            status: TenantStatus::Active,
            created_at: timestamp(at),
            updated_at: timestamp(at),
            closed_at: None,
            default_encouragement_video: None,
            terms_version: 0,
            setup_completed_at: None,
        }
    }
}

/// Spec section 3: Suspended, Activated, Invited.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum UserStatus {
    Invited,
    Activated,
    Suspended,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UserRecord {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    pub entity_type: String,
    pub tenant_id: String,
    pub user_id: String,
    pub email: String,
    pub password_hash: Option<String>,
    pub email_verified: bool,
    pub role: Role,
    pub status: UserStatus,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub avatar: Option<String>,
    pub role_in_company: Option<String>,
    pub department: Option<String>,
    pub country: Option<String>,
    pub encouragement_video: Option<String>,
    pub skipped_editor_tour: bool,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
    /// Incremented by every write; writes are conditional on it.
    pub version: u64,
    /// GSI1: the organisation's users of one role (`keys::users_by_role_gsi1`), newest
    /// last; kept by [`UserRecord::set_role`]. Absent on records written before it existed.
    #[serde(rename = "GSI1PK", default, skip_serializing_if = "Option::is_none")]
    pub gsi1pk: Option<String>,
    #[serde(rename = "GSI1SK", default, skip_serializing_if = "Option::is_none")]
    pub gsi1sk: Option<String>,
}

impl UserRecord {
    /// How staff are named to others (takedown reasons, who made an API key): their name,
    /// else their address.
    pub fn display_name(&self) -> String {
        let name = [self.first_name.as_deref(), self.last_name.as_deref()]
            .into_iter()
            .flatten()
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .collect::<Vec<_>>()
            .join(" ");
        if name.is_empty() {
            self.email.clone()
        } else {
            name
        }
    }

    pub const ENTITY: &'static str = "User";

    pub fn new(tenant_id: &str, user_id: &str, email: &str, role: Role, at: OffsetDateTime) -> Self {
        let key = keys::user(tenant_id, user_id);
        Self {
            pk: key.pk,
            sk: key.sk,
            entity_type: Self::ENTITY.into(),
            tenant_id: tenant_id.into(),
            user_id: user_id.into(),
            email: email.into(),
            password_hash: None,
            email_verified: false,
            role,
            status: UserStatus::Activated,
            first_name: None,
            last_name: None,
            avatar: None,
            role_in_company: None,
            department: None,
            country: None,
            encouragement_video: None,
            skipped_editor_tour: false,
            created_at: timestamp(at),
            updated_at: timestamp(at),
            version: 1,
            gsi1pk: Some(keys::users_by_role_gsi1(tenant_id, role)),
            gsi1sk: Some(user_id.into()),
        }
    }

    pub fn key(&self) -> keys::Key {
        keys::user(&self.tenant_id, &self.user_id)
    }

    /// Changes the role and the role index entry with it.
    pub fn set_role(&mut self, role: Role) {
        self.role = role;
        self.gsi1pk = Some(keys::users_by_role_gsi1(&self.tenant_id, role));
        self.gsi1sk = Some(self.user_id.clone());
    }

    /// Prepares the record for its next versioned write; returns the version to expect.
    pub fn bump(&mut self, at: OffsetDateTime) -> u64 {
        let expected = self.version;
        self.version += 1;
        self.updated_at = timestamp(at);
        expected
    }
}

/// Makes an address unique across all organisations and finds its account.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EmailClaim {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    pub entity_type: String,
    pub email: String,
    pub tenant_id: String,
    pub user_id: String,
    pub created_at: Timestamp,
}

impl EmailClaim {
    pub const ENTITY: &'static str = "EmailClaim";

    pub fn new(email: &str, tenant_id: &str, user_id: &str, at: OffsetDateTime) -> Self {
        let key = keys::email_claim(email);
        Self {
            pk: key.pk,
            sk: key.sk,
            entity_type: Self::ENTITY.into(),
            email: email.to_lowercase(),
            tenant_id: tenant_id.into(),
            user_id: user_id.into(),
            created_at: timestamp(at),
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SessionRecord {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    #[serde(rename = "GSI1PK")]
    pub gsi1pk: String,
    #[serde(rename = "GSI1SK")]
    pub gsi1sk: String,
    pub entity_type: String,
    pub tenant_id: String,
    pub user_id: String,
    pub created_at: Timestamp,
    /// Unix seconds after which the session is refused.
    pub expires_at: i64,
    /// DynamoDB TTL: the item is removed some time after expiry.
    pub ttl: i64,
}

impl SessionRecord {
    pub const ENTITY: &'static str = "Session";
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum OneTimeTokenKind {
    VerifyEmail,
    ResetPassword,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OneTimeTokenRecord {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    pub entity_type: String,
    pub kind: OneTimeTokenKind,
    pub tenant_id: String,
    pub user_id: String,
    pub email: String,
    pub created_at: Timestamp,
    pub expires_at: i64,
    pub ttl: i64,
}

impl OneTimeTokenRecord {
    pub const ENTITY: &'static str = "OneTimeToken";
}

/// Failed sign-ins for one address within the current window.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoginThrottleRecord {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    pub entity_type: String,
    /// Sign-in attempts in the window (counted before the password is checked).
    pub failures: u32,
    pub window_started_at: i64,
    /// Absent (not null) when not locked: conditions test `attribute_not_exists`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub locked_until: Option<i64>,
    pub ttl: i64,
}

impl LoginThrottleRecord {
    pub const ENTITY: &'static str = "LoginThrottle";
}

/// The pending invitation of a staff user (one per user): a new invitation replaces it,
/// which voids the link mailed before. Only the hash of the mailed token is kept.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InvitationRecord {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    pub entity_type: String,
    pub tenant_id: String,
    pub user_id: String,
    pub email: String,
    /// SHA-256 of the mailed token.
    pub token_hash: String,
    pub invited_by: String,
    pub created_at: Timestamp,
    /// Unix seconds after which the link is refused.
    pub expires_at: i64,
    pub ttl: i64,
}

impl InvitationRecord {
    pub const ENTITY: &'static str = "Invitation";
}
