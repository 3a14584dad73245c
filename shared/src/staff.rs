//! Staff users as more than one function's API shows them: the spec's user list item
//! (the Users screen, a campaign's participants) with its role, and the login response
//! (signing in, accepting an invitation). Records live in `model`; these are their shapes.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    model::{UserRecord, UserStatus},
    permissions::Role,
};

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct RoleRef {
    pub id: u8,
    pub name: Role,
}

impl From<Role> for RoleRef {
    fn from(role: Role) -> Self {
        Self { id: role.id(), name: role }
    }
}

/// Spec section 3, "User list item".
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserListItem {
    pub id: String,
    pub email: String,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    /// `- -` when the user has no name yet.
    pub full_name: String,
    pub role: RoleRef,
    /// Shown as Invited, Activated, Suspended.
    pub status: UserStatus,
    pub created_at: String,
}

/// "First Last", with `-` for a missing or blank part (`- -` without a name).
pub fn full_name(first: Option<&str>, last: Option<&str>) -> String {
    let part = |p: Option<&str>| p.map(str::trim).filter(|p| !p.is_empty()).unwrap_or("-").to_string();
    format!("{} {}", part(first), part(last))
}

impl From<&UserRecord> for UserListItem {
    fn from(user: &UserRecord) -> Self {
        // A registered super admin who has not verified the address yet has not joined either.
        let status = if user.status == UserStatus::Activated && !user.email_verified {
            UserStatus::Invited
        } else {
            user.status
        };
        Self {
            id: user.user_id.clone(),
            email: user.email.clone(),
            first_name: user.first_name.clone(),
            last_name: user.last_name.clone(),
            full_name: full_name(user.first_name.as_deref(), user.last_name.as_deref()),
            role: user.role.into(),
            status,
            created_at: user.created_at.clone(),
        }
    }
}

/// Spec section 3, "Login response".
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginResponse {
    pub access_token: String,
    pub tenant_id: String,
}
