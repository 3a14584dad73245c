//! The organisation's terms and conditions as contributors meet them: when terms
//! exist, a contributor accepts their current version before recording. A new upload
//! is a new version, which asks again.

use super::records::TermsAcceptanceRecord;
use crate::{
    error::ApiError,
    model::{self, TenantRecord},
    storage::{keys, Query, Store, StoreError, StoreResult},
};

pub const NOT_ACCEPTED: &str = "Please accept the terms and conditions before recording";
pub const CHANGED: &str = "The terms and conditions have changed. Please read and accept them again.";
pub const NONE: &str = "This organisation has no terms and conditions to accept";

/// The contributor's latest acceptance, whichever version it was.
pub async fn latest_acceptance(
    store: &Store,
    tenant_id: &str,
    contributor_id: &str,
) -> StoreResult<Option<TermsAcceptanceRecord>> {
    let query = Query::table(keys::contributors_partition(tenant_id), keys::terms_acceptances_prefix(contributor_id))
        .newest_first()
        .limit(1);
    Ok(store.query::<TermsAcceptanceRecord>(query).await?.into_iter().next())
}

/// Whether the organisation's current terms (if any) still wait for this acceptance. A
/// collaborator who withdrew their consent accepts again (even terms they had accepted).
pub fn needs_acceptance(tenant: &TenantRecord, latest: Option<&TermsAcceptanceRecord>, withdrawn: bool) -> bool {
    withdrawn || (tenant.terms_n_conditions.is_some() && latest.map(|a| a.version) != Some(tenant.terms_version))
}

/// Whether the collaborator's consent stands withdrawn (`publishing::write::withdraw_consent`).
pub async fn consent_withdrawn(store: &Store, tenant_id: &str, contributor_id: &str) -> StoreResult<bool> {
    Ok(store.get::<serde_json::Value>(&keys::consent_withdrawal(tenant_id, contributor_id)).await?.is_some())
}

/// Refuses (400, a message the recording page shows) until the contributor accepted the
/// current terms and, after withdrawing consent, gave it again. Two GetItems and one
/// single-item Query, in parallel.
pub async fn require_accepted(store: &Store, tenant_id: &str, contributor_id: &str) -> Result<(), ApiError> {
    let tenant_key = keys::tenant(tenant_id);
    let (tenant, latest, withdrawn) = tokio::try_join!(
        store.get::<TenantRecord>(&tenant_key),
        latest_acceptance(store, tenant_id, contributor_id),
        consent_withdrawn(store, tenant_id, contributor_id),
    )?;
    match tenant {
        Some(tenant) if needs_acceptance(&tenant, latest.as_ref(), withdrawn) => {
            Err(ApiError::BadRequest(NOT_ACCEPTED.into()))
        }
        _ => Ok(()),
    }
}

/// Records that the contributor accepted `version`, which must be the current one
/// (they accept what they were shown). Accepting again keeps the first acceptance.
pub async fn accept(
    store: &Store,
    tenant: &TenantRecord,
    contributor_id: &str,
    campaign_id: &str,
    version: u32,
) -> Result<TermsAcceptanceRecord, ApiError> {
    let Some(terms_key) = tenant.terms_n_conditions.clone() else {
        return Err(ApiError::BadRequest(NONE.into()));
    };
    if version != tenant.terms_version {
        return Err(ApiError::Conflict(CHANGED.into()));
    }
    let key = keys::terms_acceptance(&tenant.tenant_id, contributor_id, version);
    let record = TermsAcceptanceRecord {
        pk: key.pk.clone(),
        sk: key.sk.clone(),
        entity_type: TermsAcceptanceRecord::ENTITY.into(),
        tenant_id: tenant.tenant_id.clone(),
        contributor_id: contributor_id.into(),
        version,
        terms_key,
        campaign_id: campaign_id.into(),
        accepted_at: model::timestamp(model::now()),
    };
    match store.put_if(&record, "attribute_not_exists(PK)", &[]).await {
        Ok(()) => Ok(record),
        Err(StoreError::ConditionFailed) => {
            Ok(store.get::<TermsAcceptanceRecord>(&key).await?.ok_or_else(|| ApiError::Conflict(CHANGED.into()))?)
        }
        Err(other) => Err(other.into()),
    }
}
