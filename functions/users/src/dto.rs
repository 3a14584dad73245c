//! Request and response bodies of the staff users routes.

use serde::{Deserialize, Serialize};
use storyhive_shared::{
    contributors::records::ContributorRecord,
    model::UserStatus,
    permissions::Role,
    staff::{full_name, RoleRef, UserListItem},
};
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct UsersParams {
    /// One role only: `superAdmin`, `admin`, `creator`, `coordinator` or `contributor`
    /// (the filter labels Super Admin, Admin, Creator, Coordinator, Contributor and
    /// Collaborator are understood too). All staff when left out. `contributor` lists
    /// the organisation's collaborators (read only here: they are managed from campaigns).
    #[param(max_length = 20)]
    pub rolewise: Option<String>,
}

/// A collaborator in the user list (the `contributor` role filter): read only here.
pub fn contributor_item(contributor: &ContributorRecord) -> UserListItem {
    UserListItem {
        id: contributor.contributor_id.clone(),
        email: contributor.email.clone(),
        first_name: Some(contributor.first_name.clone()),
        last_name: Some(contributor.last_name.clone()),
        full_name: full_name(Some(&contributor.first_name), Some(&contributor.last_name)),
        role: Role::Contributor.into(),
        status: if contributor.is_suspended { UserStatus::Suspended } else { UserStatus::Activated },
        created_at: contributor.created_at.clone(),
    }
}

/// A page of the user list.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserPage {
    pub items: Vec<UserListItem>,
    /// Pass it as `cursor` for the next page; null on the last page.
    pub next_cursor: Option<String>,
}

/// `POST /user/invite`. Inviting an address already invited to this organisation (and
/// not yet accepted) sends a new link and voids the one sent before.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct InviteUserRequest {
    pub email: String,
    /// `superAdmin` (only a super admin may grant it), `admin`, `creator` or `coordinator`.
    #[schema(example = "admin")]
    pub role: String,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
}

/// `PUT /user/update/{id}`: a new role, a new status, or both.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct UpdateUserRequest {
    /// `superAdmin`, `admin`, `creator` or `coordinator`.
    #[schema(example = "creator")]
    pub role: Option<String>,
    /// `Activated` (resume) or `Suspended` (suspend: every session ends at once).
    #[schema(example = "Suspended")]
    pub status: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserChanged {
    pub message: String,
    pub user: UserListItem,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct InvitationTokenRequest {
    /// The `token` of the invitation link.
    pub token: String,
}

/// What the invitation page shows before the password is chosen.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvitationDetails {
    pub email: String,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub role: RoleRef,
    pub company_name: Option<String>,
}

/// `POST /user/acceptInvitation`: choose a password (and a name) and sign in.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct AcceptInvitationRequest {
    pub token: String,
    pub password: String,
    pub confirm_password: String,
    /// Required unless the invitation already gave one.
    pub first_name: Option<String>,
    pub last_name: Option<String>,
}
