//! One-click unsubscribe (RFC 8058) for collaborators: every e-mail to a collaborator
//! carries their address `List-Unsubscribe`; a POST to it (no sign-in) stops reminders
//! from then on. The token is random (256 bits), one per collaborator of one
//! organisation, and kept in their preferences item: e-mails are written again and again
//! with it, so it is stored as it is (it opens nothing but this switch).

use serde::{Deserialize, Serialize};

use crate::{
    auth,
    error::ApiError,
    model::{self, Timestamp},
    storage::{keys, Store, StoreError, StoreResult},
};

/// A collaborator's e-mail preferences in one organisation.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MailPreferenceRecord {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    pub entity_type: String,
    pub tenant_id: String,
    pub contributor_id: String,
    /// What the unsubscribe address carries.
    pub token: String,
    /// Set once they unsubscribed: no reminders from then on.
    pub unsubscribed_at: Option<Timestamp>,
}

impl MailPreferenceRecord {
    pub const ENTITY: &'static str = "MailPreference";
}

pub const LINK_INVALID: &str = "This unsubscribe link is not valid.";

/// The collaborator's preferences, made (with a new token) on their first e-mail.
pub async fn preferences(store: &Store, tenant_id: &str, contributor_id: &str) -> StoreResult<MailPreferenceRecord> {
    let key = keys::mail_preferences(tenant_id, contributor_id);
    if let Some(existing) = store.get::<MailPreferenceRecord>(&key).await? {
        return Ok(existing);
    }
    let record = MailPreferenceRecord {
        pk: key.pk.clone(),
        sk: key.sk.clone(),
        entity_type: MailPreferenceRecord::ENTITY.into(),
        tenant_id: tenant_id.into(),
        contributor_id: contributor_id.into(),
        token: auth::new_secret(),
        unsubscribed_at: None,
    };
    match store.put_if(&record, "attribute_not_exists(PK)", &[]).await {
        Ok(()) => Ok(record),
        // Another e-mail made it at the same moment: theirs is the token.
        Err(StoreError::ConditionFailed) => {
            store.get::<MailPreferenceRecord>(&key).await?.ok_or(StoreError::ConditionFailed)
        }
        Err(other) => Err(other),
    }
}

/// The address that unsubscribes the collaborator in one click (the API, behind `/api`).
pub fn link(app_base_url: &str, preferences: &MailPreferenceRecord) -> String {
    format!(
        "{app_base_url}/api/contributor/unsubscribe?tenantId={}&contributorId={}&token={}",
        preferences.tenant_id, preferences.contributor_id, preferences.token
    )
}

/// The unsubscribe address of a collaborator, their preferences made if new.
pub async fn link_for(store: &Store, app_base_url: &str, tenant_id: &str, contributor_id: &str) -> StoreResult<String> {
    Ok(link(app_base_url, &preferences(store, tenant_id, contributor_id).await?))
}

/// Whether the collaborator unsubscribed (no preferences yet: no).
pub async fn is_unsubscribed(store: &Store, tenant_id: &str, contributor_id: &str) -> StoreResult<bool> {
    Ok(store
        .get::<MailPreferenceRecord>(&keys::mail_preferences(tenant_id, contributor_id))
        .await?
        .is_some_and(|p| p.unsubscribed_at.is_some()))
}

/// Unsubscribes the collaborator the token belongs to; repeating it changes nothing.
/// A token that is not theirs is refused and changes nothing.
pub async fn unsubscribe(store: &Store, tenant_id: &str, contributor_id: &str, token: &str) -> Result<(), ApiError> {
    let denied = || ApiError::BadRequest(LINK_INVALID.into());
    let plausible = |id: &str| !id.is_empty() && crate::ids::is_valid(id);
    if !plausible(tenant_id) || !plausible(contributor_id) || token.is_empty() || token.len() > 128 {
        return Err(denied());
    }
    let key = keys::mail_preferences(tenant_id, contributor_id);
    let Some(record) = store.get::<MailPreferenceRecord>(&key).await? else { return Err(denied()) };
    let same = record.token.len() == token.len()
        && record.token.bytes().zip(token.bytes()).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0;
    if !same {
        return Err(denied());
    }
    if record.unsubscribed_at.is_some() {
        return Ok(());
    }
    let at = model::timestamp(model::now());
    let result: StoreResult<MailPreferenceRecord> = store
        .update(&key, |u| {
            u.update_expression("SET unsubscribedAt = :at")
                .condition_expression("#token = :token")
                .expression_attribute_names("#token", "token")
                .expression_attribute_values(":at", crate::storage::AttributeValue::S(at.clone()))
                .expression_attribute_values(":token", crate::storage::AttributeValue::S(record.token.clone()))
                .return_values(crate::storage::ReturnValue::AllNew)
        })
        .await;
    result.map(|_| ()).map_err(ApiError::from)
}

/// Who of `contributor_ids` unsubscribed (for the staff list).
pub async fn unsubscribed_of(
    store: &Store,
    tenant_id: &str,
    contributor_ids: &[String],
) -> StoreResult<std::collections::HashSet<String>> {
    let keys: Vec<keys::Key> = contributor_ids.iter().map(|id| keys::mail_preferences(tenant_id, id)).collect();
    let mut unsubscribed = std::collections::HashSet::new();
    for chunk in keys.chunks(100) {
        for (_, item) in store.batch_get(chunk).await? {
            let record: MailPreferenceRecord = crate::storage::from_item(item)?;
            if record.unsubscribed_at.is_some() {
                unsubscribed.insert(record.contributor_id);
            }
        }
    }
    Ok(unsubscribed)
}
