//! Removing a contributor's answers in a campaign: their takes with the figures they
//! count in (one transaction each, see `contributors::takes`), then their videos in S3.

use storyhive_shared::{
    campaigns::{records::CampaignRecord, repo},
    contributors::{
        records::{JourneyRecord, MembershipRecord},
        takes::{self, Removal},
    },
    model,
    storage::AttributeValue,
    ApiResult, AppContext,
};

/// Deletes the contributor's videos in the campaign. With [`Removal::KeepRecord`] their
/// answers stay (scripts, settings) without a take, and their journey opens again
/// (it is no longer submitted); with [`Removal::Record`] the answers go too.
pub async fn remove(
    context: &AppContext,
    campaign: &CampaignRecord,
    contributor_id: &str,
    removal: Removal,
) -> ApiResult<()> {
    let store = &context.store;
    let journeys: Vec<JourneyRecord> =
        repo::journeys_of(store, &campaign.tenant_id, &campaign.campaign_id, contributor_id).await?;
    repo::each_concurrently(journeys, |journey| async move {
        takes::remove_take(store, &journey, removal, true).await.map(|_| ())
    })
    .await?;
    if removal == Removal::KeepRecord {
        // Without takes there is nothing submitted: the journey asks every question again.
        let key =
            storyhive_shared::storage::keys::membership(&campaign.tenant_id, &campaign.campaign_id, contributor_id);
        let reopened = store
            .update::<MembershipRecord>(&key, |u| {
                u.update_expression("REMOVE submittedAt SET updatedAt = :at")
                    .condition_expression("attribute_exists(PK)")
                    .expression_attribute_values(":at", AttributeValue::S(model::timestamp(model::now())))
            })
            .await;
        match reopened {
            Ok(_) | Err(storyhive_shared::storage::StoreError::ConditionFailed) => {}
            Err(other) => return Err(other.into()),
        }
    }
    let prefix = format!(
        "{}{contributor_id}/",
        repo::campaign_video_prefix(&campaign.tenant_id, &campaign.initiative_id, &campaign.campaign_id)
    );
    repo::delete_objects_under(context.s3()?, context.config.video_bucket()?, &prefix).await?;
    // Their generated videos were cut from these takes (their files were under the prefix).
    storyhive_shared::media::generated::remove_of_contributor(
        store,
        &campaign.tenant_id,
        &campaign.campaign_id,
        contributor_id,
    )
    .await?;
    Ok(())
}
