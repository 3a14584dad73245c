//! The contributor's capability: the invitation key their e-mailed link carries.
//! Ids alone open nothing; the key must be the one stored for that contributor in
//! that campaign, the contributor not suspended, the campaign open.

use axum::{extract::FromRequestParts, http::request::Parts};
use sha2::{Digest, Sha256};

use super::{
    records::{ContributorRecord, MembershipRecord},
    rules,
};
use crate::{
    campaigns::{
        records::{CampaignRecord, CampaignStatus, LifecycleStatus},
        rules as campaign_rules,
    },
    error::ApiError,
    storage::{from_item, keys, Store},
};

pub const HEADER: &str = "x-invite-key";

/// The `X-Invite-Key` header, if sent.
#[derive(Debug, Clone)]
pub struct InviteKey(pub Option<String>);

impl<S: Send + Sync> FromRequestParts<S> for InviteKey {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        Ok(Self(
            parts
                .headers
                .get(HEADER)
                .and_then(|v| v.to_str().ok())
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty()),
        ))
    }
}

/// What a valid key opens.
#[derive(Debug, Clone)]
pub struct ContributorAccess {
    pub membership: MembershipRecord,
    pub contributor: ContributorRecord,
    pub campaign: CampaignRecord,
}

/// What is stored of an invitation key: its SHA-256 (hex).
pub fn key_hash(key: &str) -> String {
    Sha256::digest(key.trim().as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// Compares the stored hash with the given key's, in time independent of where they differ.
fn matches_hash(stored_hash: &str, given: &str) -> bool {
    let given = key_hash(given);
    stored_hash.len() == given.len()
        && stored_hash.bytes().zip(given.bytes()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Loads the membership, contributor and campaign in one round trip and checks the key.
pub async fn verify(
    store: &Store,
    tenant_id: &str,
    campaign_id: &str,
    contributor_id: &str,
    key: &InviteKey,
) -> Result<ContributorAccess, ApiError> {
    let denied = || ApiError::AccessDenied(rules::LINK_INVALID.into());
    let Some(given) = key.0.as_deref() else { return Err(denied()) };
    let plausible = |id: &str| !id.is_empty() && crate::ids::is_valid(id);
    if !(plausible(tenant_id) && plausible(campaign_id) && plausible(contributor_id)) || given.len() > 256 {
        return Err(denied());
    }
    let membership_key = keys::membership(tenant_id, campaign_id, contributor_id);
    let contributor_key = keys::contributor(tenant_id, contributor_id);
    let campaign_key = keys::campaign(tenant_id, campaign_id);
    // A reminder's key opens the answers as the invitation's does (`reminders`).
    let reminder_key = keys::reminder(tenant_id, campaign_id, contributor_id);
    let mut items = store
        .batch_get(&[membership_key.clone(), contributor_key.clone(), campaign_key.clone(), reminder_key.clone()])
        .await?;
    let reminder: Option<super::reminders::ReminderRecord> =
        items.remove(&(reminder_key.pk, reminder_key.sk)).map(from_item).transpose()?;
    let (Some(membership), Some(contributor), Some(campaign)) = (
        items.remove(&(membership_key.pk, membership_key.sk)),
        items.remove(&(contributor_key.pk, contributor_key.sk)),
        items.remove(&(campaign_key.pk, campaign_key.sk)),
    ) else {
        return Err(denied());
    };
    let membership: MembershipRecord = from_item(membership)?;
    let contributor: ContributorRecord = from_item(contributor)?;
    let campaign: CampaignRecord = from_item(campaign)?;
    let opened = membership.invite_key_hash.as_deref().is_some_and(|stored| matches_hash(stored, given))
        || (membership.invite_key_hash.is_some()
            && super::reminders::opens(reminder.as_ref(), |stored| matches_hash(stored, given)));
    if !opened || campaign.lifecycle != LifecycleStatus::Active {
        return Err(denied());
    }
    if contributor.is_suspended {
        return Err(ApiError::AccessDenied(rules::SUSPENDED.into()));
    }
    if campaign_rules::effective_status(&campaign, campaign_rules::today()) != CampaignStatus::Live {
        return Err(ApiError::AccessDenied(rules::CAMPAIGN_CLOSED.into()));
    }
    Ok(ContributorAccess { membership, contributor, campaign })
}

#[cfg(test)]
mod tests {
    #[test]
    fn keys_compare_whole_and_only_their_hash_is_kept() {
        let stored = super::key_hash("abc");
        assert_eq!(stored.len(), 64);
        assert!(super::matches_hash(&stored, "abc"));
        assert!(!super::matches_hash(&stored, "abd"));
        assert!(!super::matches_hash(&stored, "ab"));
        assert!(!super::matches_hash(&stored, &stored), "the hash itself opens nothing");
    }
}
