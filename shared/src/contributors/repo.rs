//! Reading and removing a contributor's place in a campaign: their membership and their
//! answers (the answers' writes are `answers`').

use crate::{
    contributors::records::{JourneyRecord, MembershipRecord},
    storage::{keys, AttributeValue, Query, Store, StoreError, StoreResult},
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

/// Removes a contributor's membership of a campaign, with the contributor's count of
/// campaigns, exactly once (a repeat finds it gone and changes nothing).
pub async fn remove_membership(
    store: &Store,
    membership_key: &keys::Key,
    tenant_id: &str,
    contributor_id: &str,
) -> StoreResult<bool> {
    let decrement = store.update_op(&keys::contributor(tenant_id, contributor_id), |u| {
        u.update_expression("ADD campaignCount :minus")
            .condition_expression("attribute_exists(PK)")
            .expression_attribute_values(":minus", AttributeValue::N("-1".into()))
    })?;
    match store.transact(vec![store.delete_existing_op(membership_key)?, decrement]).await {
        Ok(()) => Ok(true),
        Err(StoreError::ConditionFailed) => {
            // Either the membership is gone already, or the contributor is (deleted from
            // the organisation): then there is no count to keep.
            if store.get::<MembershipRecord>(membership_key).await?.is_some() {
                store.delete(membership_key).await?;
                return Ok(true);
            }
            Ok(false)
        }
        Err(other) => Err(other),
    }
}
