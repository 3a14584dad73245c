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

/// Compares digests so the time taken does not reveal how much of a key matched.
fn same_key(stored: &str, given: &str) -> bool {
    let (a, b) = (Sha256::digest(stored.as_bytes()), Sha256::digest(given.as_bytes()));
    a.iter().zip(b.iter()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
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
    let plausible = |id: &str| !id.is_empty() && id.len() <= 64 && id.bytes().all(|b| b.is_ascii_alphanumeric());
    if !(plausible(tenant_id) && plausible(campaign_id) && plausible(contributor_id)) {
        return Err(denied());
    }
    let membership_key = keys::membership(tenant_id, campaign_id, contributor_id);
    let contributor_key = keys::contributor(tenant_id, contributor_id);
    let campaign_key = keys::campaign(tenant_id, campaign_id);
    let mut items = store.batch_get(&[membership_key.clone(), contributor_key.clone(), campaign_key.clone()]).await?;
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
    if !membership.invite_key.as_deref().is_some_and(|stored| same_key(stored, given))
        || campaign.lifecycle != LifecycleStatus::Active
    {
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
    fn keys_compare_whole() {
        assert!(super::same_key("abc", "abc"));
        assert!(!super::same_key("abc", "abd"));
        assert!(!super::same_key("abc", "ab"));
    }
}
