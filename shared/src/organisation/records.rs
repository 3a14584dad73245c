//! Items of the organisation's set-up. Keys come from `storage::keys`.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{model::Timestamp, storage::keys};

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DepartmentRecord {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    pub entity_type: String,
    pub tenant_id: String,
    pub department_id: String,
    pub name: String,
    pub created_at: Timestamp,
}

impl DepartmentRecord {
    pub const ENTITY: &'static str = "Department";

    pub fn new(tenant_id: &str, department_id: &str, name: &str, at: Timestamp) -> Self {
        let key = keys::department(tenant_id, department_id);
        Self {
            pk: key.pk,
            sk: key.sk,
            entity_type: Self::ENTITY.into(),
            tenant_id: tenant_id.into(),
            department_id: department_id.into(),
            name: name.into(),
            created_at: at,
        }
    }
}

/// A department as the API shows it.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Department {
    pub id: String,
    pub name: String,
}

impl From<&DepartmentRecord> for Department {
    fn from(record: &DepartmentRecord) -> Self {
        Self { id: record.department_id.clone(), name: record.name.clone() }
    }
}

/// A contributor accepted one version of the organisation's terms and conditions.
/// Every acceptance is kept (one item per version), so it is known who accepted which
/// terms and when.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TermsAcceptanceRecord {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    pub entity_type: String,
    pub tenant_id: String,
    pub contributor_id: String,
    pub version: u32,
    /// The object the contributor was shown.
    pub terms_key: String,
    /// The campaign whose landing page they accepted on.
    pub campaign_id: String,
    pub accepted_at: Timestamp,
}

impl TermsAcceptanceRecord {
    pub const ENTITY: &'static str = "TermsAcceptance";
}
