//! How campaign writes are made: versioned, in one transaction with the items that
//! must change with them (tag links, the initiative's count, texts).

use storyhive_shared::{
    campaigns::{
        records::{CampaignRecord, TagLinkRecord},
        repo::TenantCatalog,
        rules,
    },
    model,
    storage::{keys, AttributeValue, StoreError, TransactWriteItem},
    AppContext, ApiError, ApiResult,
};

pub const UNKNOWN_TAG: &str = "Please select tags from the list";
pub const UNKNOWN_INITIATIVE: &str = "Please select an initiative from the list";

/// Tag ids, de-duplicated, all existing in the organisation, 1 to 4 of them.
pub fn checked_tags(ids: &[String], catalog: &TenantCatalog) -> Result<Vec<String>, &'static str> {
    let mut unique: Vec<String> = Vec::new();
    for id in ids.iter().map(|i| i.trim()).filter(|i| !i.is_empty()) {
        if !unique.iter().any(|u| u == id) {
            unique.push(id.to_string());
        }
    }
    rules::check_tag_count(unique.len())?;
    if unique.iter().any(|id| !catalog.tags.iter().any(|t| &t.tag_id == id)) {
        return Err(UNKNOWN_TAG);
    }
    Ok(unique)
}

/// Links to add and remove when a campaign's tags go from `before` to `after`.
pub fn tag_link_ops(
    context: &AppContext,
    tenant_id: &str,
    campaign_id: &str,
    before: &[String],
    after: &[String],
) -> ApiResult<Vec<TransactWriteItem>> {
    let store = &context.store;
    let mut ops = Vec::new();
    for added in after.iter().filter(|t| !before.contains(t)) {
        ops.push(store.put_op(&TagLinkRecord::new(tenant_id, added, campaign_id))?);
    }
    for removed in before.iter().filter(|t| !after.contains(t)) {
        ops.push(store.delete_op(&keys::tag_link(tenant_id, removed, campaign_id))?);
    }
    Ok(ops)
}

/// Changes an initiative's campaign count; with `require_active` the initiative must
/// exist and not be being deleted (so no campaign is added to a vanishing initiative).
pub fn initiative_count_op(
    context: &AppContext,
    tenant_id: &str,
    initiative_id: &str,
    delta: i64,
    require_active: bool,
) -> ApiResult<TransactWriteItem> {
    Ok(context.store.update_op(&keys::initiative(tenant_id, initiative_id), |update| {
        let update = update
            .update_expression("ADD campaignCount :delta")
            .expression_attribute_values(":delta", AttributeValue::N(delta.to_string()));
        if require_active {
            update
                .condition_expression("#status = :active")
                .expression_attribute_names("#status", "status")
                .expression_attribute_values(":active", AttributeValue::S("active".into()))
        } else {
            update.condition_expression("attribute_exists(PK)")
        }
    })?)
}

/// Writes `campaign` (whose `version` is the one read) with `extra` operations, as one
/// transaction; bumps the version. A concurrent edit gets 409 and nothing is written.
pub async fn save(context: &AppContext, campaign: &mut CampaignRecord, extra: Vec<TransactWriteItem>) -> ApiResult<()> {
    let expected = campaign.version;
    campaign.version += 1;
    campaign.updated_at = model::timestamp(model::now());
    let mut ops = vec![context.store.put_versioned_op(campaign, expected)?];
    ops.extend(extra);
    match context.store.transact(ops).await {
        Ok(()) => Ok(()),
        Err(StoreError::ConditionFailed) => {
            campaign.version = expected;
            Err(ApiError::Conflict(rules::CAMPAIGN_CHANGED.into()))
        }
        Err(other) => Err(other.into()),
    }
}

/// The version a client sent must be the stored one.
pub fn check_version(campaign: &CampaignRecord, sent: u64) -> ApiResult<()> {
    if campaign.version == sent {
        Ok(())
    } else {
        Err(ApiError::Conflict(rules::CAMPAIGN_CHANGED.into()))
    }
}
