//! Reading a contributor's place in a campaign: their membership and their answers (the
//! writes are `contributors::write`'s and `answers`').

use crate::{
    contributors::records::{JourneyRecord, MembershipRecord},
    storage::{keys, Query, Store, StoreResult},
};

/// A contributor's membership of a campaign.
pub async fn membership(
    store: &Store,
    tenant_id: &str,
    campaign_id: &str,
    contributor_id: &str,
) -> StoreResult<Option<MembershipRecord>> {
    store.get(&keys::membership(tenant_id, campaign_id, contributor_id)).await
}

/// One contributor's answers in a campaign (at most one per question).
pub async fn journeys_of(
    store: &Store,
    tenant_id: &str,
    campaign_id: &str,
    contributor_id: &str,
) -> StoreResult<Vec<JourneyRecord>> {
    store
        .query(Query::table(keys::campaign_partition(tenant_id, campaign_id), keys::journey_prefix(contributor_id)))
        .await
}
