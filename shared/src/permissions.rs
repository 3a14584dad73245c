//! Roles and what each may do: one table mirroring spec section 6 and its route table.
//! Every route states the permission it needs; the web app's guards mirror the same table.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Role {
    SuperAdmin,
    Admin,
    Creator,
    Coordinator,
    /// Labelled "Collaborator" in the interface.
    Contributor,
}

impl Role {
    pub const STAFF: [Role; 4] = [Role::SuperAdmin, Role::Admin, Role::Creator, Role::Coordinator];

    /// Stable numeric id, sent with the name as the spec's `role {id, name}`.
    pub fn id(self) -> u8 {
        match self {
            Role::SuperAdmin => 1,
            Role::Admin => 2,
            Role::Creator => 3,
            Role::Coordinator => 4,
            Role::Contributor => 5,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Role::SuperAdmin => "superAdmin",
            Role::Admin => "admin",
            Role::Creator => "creator",
            Role::Coordinator => "coordinator",
            Role::Contributor => "contributor",
        }
    }

    /// The label the interface shows (spec section 3).
    pub fn label(self) -> &'static str {
        match self {
            Role::SuperAdmin => "Super Admin",
            Role::Admin => "Admin",
            Role::Creator => "Creator",
            Role::Coordinator => "Coordinator",
            Role::Contributor => "Collaborator",
        }
    }

    pub fn is_staff(self) -> bool {
        Self::STAFF.contains(&self)
    }
}

/// What a signed-in staff member may do. Names follow spec section 6.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Permission {
    /// Dashboard, profile, campaigns, search videos, campaign create and edit, response editor.
    UseStaffApp,
    /// The response editor's tour (not coordinators).
    UseEditorTour,
    /// Invite, list, update and remove users.
    ManageUsers,
    ManageGuidelines,
    UserSetup,
    CompanySetup,
    /// Close the organisation by deleting one's own (superAdmin) account.
    DeleteOwnAccount,
    UseHelp,
    UseRequestEditor,
    /// Publish and unpublish videos, edit walls, record consent withdrawals.
    Publish,
    /// Settings → Integrations: the organisation's API keys, webhook endpoints and their
    /// deliveries (issue 26).
    ManageIntegrations,
    /// Settings → Brand: the organisation's brand theme for its stories (issue 23).
    ManageBrand,
}

use Permission::*;
use Role::*;

/// The permission table. Adding a permission means adding one row here.
pub const PERMISSIONS: &[(Permission, &[Role])] = &[
    (UseStaffApp, &[SuperAdmin, Admin, Creator, Coordinator]),
    (UseEditorTour, &[SuperAdmin, Admin, Creator]),
    (ManageUsers, &[SuperAdmin, Admin]),
    (ManageGuidelines, &[SuperAdmin, Admin]),
    (UserSetup, &[SuperAdmin]),
    (CompanySetup, &[SuperAdmin]),
    (DeleteOwnAccount, &[SuperAdmin]),
    (UseHelp, &[SuperAdmin, Admin, Creator, Coordinator]),
    (UseRequestEditor, &[SuperAdmin, Admin, Creator]),
    (Publish, &[SuperAdmin, Admin, Creator]),
    (ManageIntegrations, &[SuperAdmin, Admin]),
    (ManageBrand, &[SuperAdmin, Admin]),
];

impl Permission {
    pub const ALL: [Permission; 12] = [
        UseStaffApp,
        UseEditorTour,
        ManageUsers,
        ManageGuidelines,
        UserSetup,
        CompanySetup,
        DeleteOwnAccount,
        UseHelp,
        UseRequestEditor,
        Publish,
        ManageIntegrations,
        ManageBrand,
    ];

    /// The name routes give as their security scope in the OpenAPI document.
    pub fn name(self) -> &'static str {
        match self {
            UseStaffApp => "UseStaffApp",
            UseEditorTour => "UseEditorTour",
            ManageUsers => "ManageUsers",
            ManageGuidelines => "ManageGuidelines",
            UserSetup => "UserSetup",
            CompanySetup => "CompanySetup",
            DeleteOwnAccount => "DeleteOwnAccount",
            UseHelp => "UseHelp",
            UseRequestEditor => "UseRequestEditor",
            Publish => "Publish",
            ManageIntegrations => "ManageIntegrations",
            ManageBrand => "ManageBrand",
        }
    }

    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|p| p.name() == name)
    }
}

/// The permission table as JSON (`{"ManageUsers": ["superAdmin", "admin"], ...}`, keys
/// sorted): the web app's role table is checked against the committed copy of it.
pub fn table_json() -> String {
    let mut table = serde_json::Map::new();
    for (permission, roles) in PERMISSIONS {
        table.insert(permission.name().into(), serde_json::json!(roles.iter().map(|r| r.name()).collect::<Vec<_>>()));
    }
    let mut text = serde_json::to_string_pretty(&serde_json::Value::Object(table)).expect("JSON");
    text.push('\n');
    text
}

pub fn allows(role: Role, permission: Permission) -> bool {
    PERMISSIONS.iter().find(|(p, _)| *p == permission).is_some_and(|(_, roles)| roles.contains(&role))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_permission_has_a_row_and_a_name() {
        for permission in Permission::ALL {
            assert_eq!(Permission::from_name(permission.name()), Some(permission));
            assert_eq!(PERMISSIONS.iter().filter(|(p, _)| *p == permission).count(), 1, "{permission:?}");
        }
    }

    #[test]
    fn spec_section_6() {
        assert!(allows(SuperAdmin, DeleteOwnAccount));
        for role in [Admin, Creator, Coordinator, Contributor] {
            assert!(!allows(role, DeleteOwnAccount), "{role:?}");
        }
        assert!(allows(Admin, ManageUsers) && !allows(Creator, ManageUsers));
        assert!(!allows(Coordinator, UseEditorTour) && allows(Creator, UseEditorTour));
        assert!(!allows(Coordinator, UseRequestEditor));
        assert!(!allows(Contributor, UseStaffApp));
        assert!(allows(Coordinator, UseHelp));
        assert!(allows(Admin, ManageIntegrations) && !allows(Creator, ManageIntegrations));
    }

    #[test]
    fn role_names_round_trip_through_json() {
        for role in [SuperAdmin, Admin, Creator, Coordinator, Contributor] {
            let json = serde_json::to_string(&role).unwrap();
            assert_eq!(json, format!("\"{}\"", role.name()));
        }
    }
}
