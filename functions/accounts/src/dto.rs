//! Request and response bodies of the accounts routes.

use serde::{Deserialize, Serialize};
use storyhive_shared::model::{TenantRecord, UserRecord};
pub use storyhive_shared::staff::{LoginResponse, RoleRef};
use utoipa::ToSchema;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct RegisterRequest {
    pub email: String,
    pub password: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct TokenRequest {
    pub token: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct EmailRequest {
    pub email: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct LoginRequest {
    pub email: String,
    pub password: String,
    /// Signing in on the staff sign-in page (`/admin-login`). Either page signs in every
    /// staff role (one sign-in: a super admin on the staff page is signed in too); the
    /// field is still accepted so that requests which send it keep working.
    #[serde(rename = "staffLogin")]
    pub staff_login: Option<bool>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ResetPasswordRequest {
    pub email: String,
    pub password: String,
    pub token: String,
}

/// Fields left out are unchanged.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct UpdateProfileRequest {
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub role_in_company: Option<String>,
    /// ISO 3166-1 alpha-2 code from `GET /user/getCountryList`, or empty to clear.
    pub country: Option<String>,
    /// Only the super admin may change it.
    pub company_name: Option<String>,
    /// Id of one of the organisation's departments (`GET /departments/{tenantId}/all-departments`),
    /// or empty to clear.
    pub department: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SkipTourRequest {
    pub skipped_editor_tour: bool,
}

/// `DELETE /user/me`: the account's own address, typed again, and its current password
/// as confirmation (a session left open on a shared computer cannot close the organisation).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct DeleteMeRequest {
    pub email: String,
    pub password: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ChangePasswordRequest {
    pub current_password: String,
    pub new_password: String,
    pub confirm_password: String,
}

/// Spec section 3, "Current user".
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CurrentUser {
    pub id: String,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email: String,
    pub avatar: Option<String>,
    pub role: RoleRef,
    pub tenant_user_id: String,
    pub company_name: Option<String>,
    pub role_in_company: Option<String>,
    pub encouragement_video: Option<String>,
    pub department: Option<String>,
    pub tenant_id: String,
    pub company_logo: Option<String>,
    pub country: Option<String>,
    pub default_encouragement_video: Option<String>,
    pub skipped_editor_tour: bool,
    pub terms_n_conditions: Option<String>,
    /// Whether the organisation's first set-up (user and company set-up) is done; a
    /// super admin is taken through it before the dashboard until it is.
    pub setup_completed: bool,
}

impl CurrentUser {
    pub fn new(user: &UserRecord, tenant: &TenantRecord) -> Self {
        Self {
            id: user.user_id.clone(),
            first_name: user.first_name.clone(),
            last_name: user.last_name.clone(),
            email: user.email.clone(),
            avatar: user.avatar.clone(),
            role: RoleRef { id: user.role.id(), name: user.role },
            tenant_user_id: user.user_id.clone(),
            company_name: tenant.company_name.clone(),
            role_in_company: user.role_in_company.clone(),
            encouragement_video: user.encouragement_video.clone(),
            department: user.department.clone(),
            tenant_id: user.tenant_id.clone(),
            company_logo: tenant.company_logo.clone(),
            country: user.country.clone(),
            default_encouragement_video: None,
            skipped_editor_tour: user.skipped_editor_tour,
            terms_n_conditions: tenant.terms_n_conditions.clone(),
            setup_completed: tenant.setup_completed_at.is_some(),
        }
    }

    /// The user with every file field (avatar, encouragement videos, logo, terms) as a
    /// short-lived URL to read the file, rather than where it is stored.
    pub async fn with_file_urls(
        user: &UserRecord,
        tenant: &TenantRecord,
        context: &storyhive_shared::AppContext,
    ) -> storyhive_shared::ApiResult<Self> {
        use storyhive_shared::organisation::files::read_url_of;
        let mut current = Self::new(user, tenant);
        current.avatar = read_url_of(context, user.avatar.as_deref()).await?;
        current.encouragement_video = read_url_of(context, user.encouragement_video.as_deref()).await?;
        current.company_logo = read_url_of(context, tenant.company_logo.as_deref()).await?;
        current.terms_n_conditions = read_url_of(context, tenant.terms_n_conditions.as_deref()).await?;
        current.default_encouragement_video =
            read_url_of(context, tenant.default_encouragement_video.as_deref()).await?;
        // Deleting a department leaves the id on the profiles that chose it (they are not
        // indexed by department); one that no longer exists is shown as none.
        if let Some(id) = user.department.as_deref() {
            let key = storyhive_shared::storage::keys::department(&user.tenant_id, id);
            if context.store.get::<serde_json::Value>(&key).await?.is_none() {
                current.department = None;
            }
        }
        Ok(current)
    }
}
