//! The one module that changes a campaign record: made, edited, its questions' version
//! moved, a tag taken off, expired, marked for deletion. Versioned, in one transaction with
//! the items that must change with them (tag links, the initiative's count, list entries).
//! Writes run as [`WRITER`] (`storage::owner`); the answers module keeps the campaign's
//! count of videos in its own transactions, an invitation that makes the campaign live
//! carries the update built here, and the campaign purge removes it.

use super::{
    listing,
    records::{CampaignRecord, CampaignStatus, LifecycleStatus, TagLinkRecord, TagRecord},
    repo::CampaignParts,
    rules,
};
use crate::{
    model,
    storage::{
        keys, owner,
        update::{Condition, Update},
        AttributeValue, Store, StoreError, StoreResult, TransactWriteItem,
    },
    ApiError, ApiResult, AppContext,
};

/// The owner name this module writes under.
pub const WRITER: &str = "campaigns";

crate::record_fields!(
    /// The campaign attributes written one by one (edits copy `EDITABLE_FIELDS` whole).
    pub enum CampaignField {
        Status => ["status"],
        Lifecycle => ["lifecycle"],
        QuestionsVersion => ["questionsVersion"],
        Version => ["version"],
        UpdatedAt => ["updatedAt"],
    }
);

use CampaignField as F;

pub(crate) async fn owned<T>(write: impl std::future::Future<Output = T>) -> T {
    owner::writing_as(WRITER, write).await
}

/// A new campaign, with `with` (its tag links, the initiative's count, list entries, the
/// creator's participation) in one transaction. [`StoreError::ConditionFailed`] when a
/// step of `with` no longer holds (the initiative or a tag was deleted meanwhile).
pub async fn created(store: &Store, campaign: &CampaignRecord, with: Vec<TransactWriteItem>) -> StoreResult<()> {
    let mut ops = vec![store.put_new_op(campaign)?];
    ops.extend(with);
    owned(store.transact(ops)).await
}

/// Marks a live campaign as being deleted (it disappears from every list and count now; the
/// cascade removes what it holds), with `with`, if it is still the version read. Returns
/// the marked campaign; [`StoreError::ConditionFailed`] after a change meanwhile.
pub async fn marked_deleting(
    store: &Store,
    campaign: &CampaignRecord,
    with: Vec<TransactWriteItem>,
) -> StoreResult<CampaignRecord> {
    let mut deleting = campaign.clone();
    deleting.lifecycle = LifecycleStatus::Deleting;
    deleting.version += 1;
    deleting.updated_at = model::timestamp(model::now());
    let mark = Update::new()
        .set(F::Lifecycle, &deleting.lifecycle)
        .set(F::Version, &deleting.version)
        .set(F::UpdatedAt, &deleting.updated_at)
        .when(Condition::eq(F::Lifecycle, &LifecycleStatus::Active).and(Condition::eq(F::Version, &campaign.version)));
    let mut ops = vec![store.apply_op(&campaign.key(), mark)?];
    ops.extend(listing::index_ops(store, Some(campaign), None)?);
    ops.extend(with);
    owned(store.transact(ops)).await?;
    Ok(deleting)
}

/// A change of the campaign's questions (`questions`: their writes) claims the next
/// version of its questions, so of two changes made from the same read one fails
/// ([`StoreError::ConditionFailed`]); a campaign being deleted takes none.
pub async fn questions_changed(
    store: &Store,
    campaign: &CampaignRecord,
    questions: Vec<TransactWriteItem>,
) -> StoreResult<()> {
    let read = campaign.questions_version;
    let mut unchanged = Condition::eq(F::QuestionsVersion, &read);
    if read == 0 {
        unchanged = Condition::AbsentOrNull(F::QuestionsVersion).or(unchanged);
    }
    let version = Update::new()
        .set(F::QuestionsVersion, &(read + 1))
        .when(Condition::eq(F::Lifecycle, &LifecycleStatus::Active).and(unchanged));
    let mut ops = questions;
    ops.push(store.apply_op(&campaign.key(), version)?);
    owned(store.transact(ops)).await
}

/// Takes a deleted tag off a campaign (`campaign` as read, version and all). False when the
/// campaign changed meanwhile: read it again and repeat.
pub async fn tag_removed(store: &Store, campaign: &CampaignRecord, tag_id: &str) -> StoreResult<bool> {
    let mut untagged = campaign.clone();
    untagged.tag_ids.retain(|t| t != tag_id);
    untagged.updated_at = model::timestamp(model::now());
    let update =
        store.update_fields_versioned_op(&campaign.key(), &untagged, &["tagIds", "updatedAt"], campaign.version)?;
    match owned(store.transact(vec![update])).await {
        Ok(()) => Ok(true),
        Err(StoreError::ConditionFailed) => Ok(false),
        Err(other) => Err(other),
    }
}

/// Stores a live campaign past its expiry date as expired, with its list entries and
/// counts, if it is still the version read. False after a change meanwhile (that edit kept
/// the lists right itself).
pub async fn expired(store: &Store, campaign: &CampaignRecord) -> StoreResult<bool> {
    let mut expired = campaign.clone();
    expired.status = CampaignStatus::Expired;
    expired.version += 1;
    expired.updated_at = model::timestamp(model::now());
    let update = Update::new()
        .set(F::Status, &expired.status)
        .set(F::UpdatedAt, &expired.updated_at)
        .set(F::Version, &expired.version)
        .when(Condition::eq(F::Version, &campaign.version));
    let mut ops = vec![store.apply_op(&campaign.key(), update)?];
    ops.extend(listing::index_ops(store, Some(campaign), Some(&expired))?);
    match owned(store.transact(ops)).await {
        Ok(()) => Ok(true),
        Err(StoreError::ConditionFailed) => Ok(false),
        Err(other) => Err(other),
    }
}

/// Attributes of a campaign that edits change. Counters (`videoCount`) are kept by
/// the upload worker and never written here.
pub const EDITABLE_FIELDS: &[&str] = &[
    "title",
    "description",
    "campaignType",
    "visibility",
    "mode",
    "language",
    "status",
    "deadline",
    "expiryDate",
    "tagIds",
    "madeLive",
    "madeLiveAt",
    "initiativeId",
    "GSI2PK",
    "updatedAt",
    "reminders",
];

pub const UNKNOWN_TAG: &str = "Please select tags from the list";
pub const UNKNOWN_INITIATIVE: &str = "Please select an initiative from the list";

/// Tag ids, de-duplicated, all existing in the organisation (`tags`), 1 to 4 of them.
pub fn checked_tags(ids: &[String], tags: &[TagRecord]) -> Result<Vec<String>, &'static str> {
    let mut unique: Vec<String> = Vec::new();
    for id in ids.iter().map(|i| i.trim()).filter(|i| !i.is_empty()) {
        if !unique.iter().any(|u| u == id) {
            unique.push(id.to_string());
        }
    }
    rules::check_tag_count(unique.len())?;
    if unique.iter().any(|id| !tags.iter().any(|t| &t.tag_id == id)) {
        return Err(UNKNOWN_TAG);
    }
    Ok(unique)
}

/// Links to add and remove when a campaign's tags go from `before` to `after`. Each
/// added tag must still exist (and not be being deleted) when the transaction runs, so a
/// tag deleted meanwhile is not linked again.
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
        ops.push(tag_exists_op(context, tenant_id, added)?);
    }
    for removed in before.iter().filter(|t| !after.contains(t)) {
        ops.push(store.delete_op(&keys::tag_link(tenant_id, removed, campaign_id))?);
    }
    Ok(ops)
}

/// Checks, inside a transaction, that a tag exists and is not being deleted.
pub fn tag_exists_op(context: &AppContext, tenant_id: &str, tag_id: &str) -> ApiResult<TransactWriteItem> {
    let check = aws_sdk_dynamodb::types::ConditionCheck::builder()
        .table_name(context.store.table_name())
        .set_key(Some(crate::storage::to_item(&keys::tag(tenant_id, tag_id))?))
        .condition_expression("attribute_exists(PK) AND (attribute_not_exists(deleting) OR deleting = :no)")
        .expression_attribute_values(":no", AttributeValue::Bool(false))
        .build()
        .map_err(|e| ApiError::Internal(e.into()))?;
    Ok(TransactWriteItem::builder().condition_check(check).build())
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

/// Writes `campaign` (changed from `before`, whose `version` is the one read) with
/// `extra` operations, as one transaction, with its list entries, counts and words;
/// bumps the version. A concurrent edit gets 409 and nothing is written.
pub async fn save(
    context: &AppContext,
    before: &CampaignRecord,
    campaign: &mut CampaignRecord,
    extra: Vec<TransactWriteItem>,
) -> ApiResult<()> {
    let expected = before.version;
    campaign.version = expected + 1;
    campaign.updated_at = model::timestamp(model::now());
    campaign.status = listing::settled_status(campaign, rules::today());
    let mut ops =
        vec![context.store.update_fields_versioned_op(&campaign.key(), campaign, EDITABLE_FIELDS, expected)?];
    ops.extend(listing::index_ops(&context.store, Some(before), Some(campaign))?);
    ops.extend(extra);
    match owned(context.store.transact(ops)).await {
        Ok(()) => {
            settle_after_write(context, &campaign.tenant_id).await;
            Ok(())
        }
        Err(StoreError::ConditionFailed) => {
            campaign.version = expected;
            Err(ApiError::Conflict(rules::CAMPAIGN_CHANGED.into()))
        }
        Err(other) => Err(other.into()),
    }
}

/// Stores as expired the organisation's live campaigns whose expiry date has passed.
/// Reads only show them as expired (the functions serving GET routes may not write), so
/// campaign writes settle them; the write that was asked for is done whatever happens here.
pub async fn settle_after_write(context: &AppContext, tenant_id: &str) {
    if let Err(error) = listing::settle_expired(&context.store, tenant_id, rules::today()).await {
        tracing::warn!(%error, "settling expired campaigns failed; the next campaign write retries");
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

/// What still stops a campaign from going live, in the order to fix it.
pub fn publish_blockers(parts: &CampaignParts, today: time::Date) -> Vec<&'static str> {
    use super::records::{CampaignStatus, CampaignType};
    let campaign = &parts.campaign;
    let mut blockers = Vec::new();
    if parts.questions.is_empty() {
        blockers.push("Add at least one question before publishing");
    }
    if rules::check_tag_count(campaign.tag_ids.len()).is_err() {
        blockers.push("Choose 1 to 4 tags before publishing");
    }
    if campaign.campaign_type == CampaignType::Targeted
        && (campaign.deadline.is_none() || campaign.expiry_date.is_none())
    {
        blockers.push("Set the deadline and expiry date before publishing");
    }
    if rules::effective_status(campaign, today) == CampaignStatus::Expired {
        blockers.push("The expiry date has passed: set a later one before publishing");
    }
    blockers
}

/// Makes a campaign live (publishing, or inviting its first collaborator); returns
/// whether it changed.
pub fn go_live(campaign: &mut CampaignRecord) -> bool {
    use super::records::CampaignStatus;
    if campaign.status == CampaignStatus::Live {
        return false;
    }
    campaign.status = CampaignStatus::Live;
    campaign.made_live = true;
    campaign.made_live_at.get_or_insert_with(|| model::timestamp(model::now()));
    true
}
