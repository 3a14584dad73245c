//! The organisation's campaign lists, kept so that showing a page reads a page.
//!
//! Every campaign that is not being deleted has entries in the lists it belongs to
//! (all campaigns, and those of its stored status; each by creation time and by title),
//! an entry by expiry date while it is live, and its title's words in the word index.
//! The counts per status live in one item. All of these change in the same transaction
//! as the campaign (see [`index_ops`]), so they cannot drift from it.
//!
//! A live campaign whose expiry date has passed reads as expired at once: lists and
//! counts are corrected when read ([`unsettled`], a read: the functions that serve GET
//! routes may only read). It is *settled* (stored as expired, with its list entries and
//! counts) by the next campaign write of the organisation ([`settle_expired`]): only
//! campaigns that expired since the last settlement are read, so the work does not grow
//! with the organisation.

use std::collections::HashSet;

use serde::{Deserialize, Serialize};
use time::Date;

use super::{
    records::{CampaignRecord, CampaignStatus, LifecycleStatus},
    rules,
};
use crate::{
    storage::{keys, AttributeValue, Query, Store, StoreResult, TransactWriteItem},
    words,
};

/// Title sort values are cut here (sort keys are at most 1024 bytes).
const TITLE_SORT_CHARS: usize = 120;

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct ListEntry {
    #[serde(rename = "PK")]
    pk: String,
    #[serde(rename = "SK")]
    sk: String,
    entity_type: String,
    campaign_id: String,
}

/// What a list entry names.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ListedId {
    pub campaign_id: String,
}

/// The organisation's campaigns per stored status.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct CampaignCounts {
    pub draft: i64,
    pub live: i64,
    pub expired: i64,
}

impl CampaignCounts {
    pub fn all(&self) -> i64 {
        self.draft + self.live + self.expired
    }
}

pub fn bucket_of(status: CampaignStatus) -> &'static str {
    match status {
        CampaignStatus::Draft => "DRAFT",
        CampaignStatus::Live => "LIVE",
        CampaignStatus::Expired => "EXPIRED",
    }
}

fn counter_of(status: CampaignStatus) -> &'static str {
    match status {
        CampaignStatus::Draft => "draft",
        CampaignStatus::Live => "live",
        CampaignStatus::Expired => "expired",
    }
}

/// The sort value of a campaign in a list order.
pub fn sort_value(campaign: &CampaignRecord, order: &str) -> String {
    match order {
        "TITLE" => campaign.title.trim().to_lowercase().chars().take(TITLE_SORT_CHARS).collect(),
        _ => campaign.created_at.clone(),
    }
}

/// The keys of every list entry a campaign has (none while it is being deleted).
fn entries(campaign: Option<&CampaignRecord>) -> Vec<keys::Key> {
    let Some(campaign) = campaign.filter(|c| c.lifecycle == LifecycleStatus::Active) else { return Vec::new() };
    let mut out = Vec::new();
    for bucket in ["ALL", bucket_of(campaign.status)] {
        for order in keys::CAMPAIGN_ORDERS {
            out.push(keys::campaign_list_entry(
                &campaign.tenant_id,
                bucket,
                order,
                &sort_value(campaign, order),
                &campaign.campaign_id,
            ));
        }
    }
    if campaign.status == CampaignStatus::Live {
        if let Some(expiry) = campaign.expiry_date.as_deref() {
            out.push(keys::campaign_expiry_entry(&campaign.tenant_id, expiry, &campaign.campaign_id));
        }
    }
    out
}

fn title_words(campaign: Option<&CampaignRecord>) -> Vec<String> {
    campaign.filter(|c| c.lifecycle == LifecycleStatus::Active).map(|c| words::words(&c.title)).unwrap_or_default()
}

/// The writes that keep the lists, counts and word index right when a campaign goes
/// from `before` to `after` (`None`: not there, or being deleted). Add them to the
/// transaction that writes the campaign.
pub fn index_ops(
    store: &Store,
    before: Option<&CampaignRecord>,
    after: Option<&CampaignRecord>,
) -> StoreResult<Vec<TransactWriteItem>> {
    let Some(any) = after.or(before) else { return Ok(Vec::new()) };
    let (tenant_id, campaign_id) = (any.tenant_id.clone(), any.campaign_id.clone());
    let (old, new) = (entries(before), entries(after));
    let mut ops = Vec::new();
    for key in new.iter().filter(|k| !old.contains(k)) {
        ops.push(store.put_op(&ListEntry {
            pk: key.pk.clone(),
            sk: key.sk.clone(),
            entity_type: "CampaignListEntry".into(),
            campaign_id: campaign_id.clone(),
        })?);
    }
    for key in old.iter().filter(|k| !new.contains(k)) {
        ops.push(store.delete_op(key)?);
    }
    let status = |c: Option<&CampaignRecord>| c.filter(|c| c.lifecycle == LifecycleStatus::Active).map(|c| c.status);
    let (from, to) = (status(before), status(after));
    if from != to {
        let mut changes: Vec<(&str, i64)> = Vec::new();
        if let Some(from) = from {
            changes.push((counter_of(from), -1));
        }
        if let Some(to) = to {
            changes.push((counter_of(to), 1));
        }
        ops.push(store.update_op(&keys::campaign_counts(&tenant_id), |mut update| {
            let mut adds = Vec::new();
            for (index, (name, delta)) in changes.iter().enumerate() {
                update = update
                    .expression_attribute_names(format!("#c{index}"), *name)
                    .expression_attribute_values(format!(":c{index}"), AttributeValue::N(delta.to_string()));
                adds.push(format!("#c{index} :c{index}"));
            }
            update
                .update_expression(format!("SET entityType = :entity ADD {}", adds.join(", ")))
                .expression_attribute_values(":entity", AttributeValue::S("CampaignCounts".into()))
        })?);
    }
    ops.extend(words::index_ops(
        store,
        &tenant_id,
        words::CAMPAIGNS,
        &campaign_id,
        &title_words(before),
        &title_words(after),
    )?);
    Ok(ops)
}

pub async fn counts(store: &Store, tenant_id: &str) -> StoreResult<CampaignCounts> {
    Ok(store.get::<CampaignCounts>(&keys::campaign_counts(tenant_id)).await?.unwrap_or_default())
}

/// Live campaigns whose expiry date is before `today` and which are not settled yet:
/// they read as expired. Reads only their expiry entries (there is one while a
/// campaign is stored live), and writes nothing.
pub async fn unsettled(store: &Store, tenant_id: &str, today: Date) -> StoreResult<HashSet<String>> {
    let due: Vec<ListedId> = store
        .query(Query::partition(keys::campaign_expiry_partition(tenant_id)).before(rules::format_date(today)))
        .await?;
    Ok(due.into_iter().map(|e| e.campaign_id).collect())
}

impl CampaignCounts {
    /// The counts as read on `today`: `unsettled` campaigns are stored live but read as
    /// expired.
    pub fn as_read(mut self, unsettled: usize) -> Self {
        let n = unsettled as i64;
        self.live -= n;
        self.expired += n;
        self
    }
}

/// Stores `expired` for live campaigns whose expiry date is before `today`, with their
/// list entries and counts. Reads only those campaigns.
pub async fn settle_expired(store: &Store, tenant_id: &str, today: Date) -> StoreResult<usize> {
    let due: Vec<ListedId> = store
        .query(Query::partition(keys::campaign_expiry_partition(tenant_id)).before(rules::format_date(today)))
        .await?;
    let mut settled = 0;
    for entry in due {
        let key = keys::campaign(tenant_id, &entry.campaign_id);
        let Some(campaign) = store.get::<CampaignRecord>(&key).await? else {
            continue;
        };
        if campaign.lifecycle != LifecycleStatus::Active
            || campaign.status != CampaignStatus::Live
            || rules::effective_status(&campaign, today) != CampaignStatus::Expired
        {
            continue;
        }
        if super::write::expired(store, &campaign).await? {
            settled += 1;
        }
    }
    Ok(settled)
}

/// The stored status a campaign should have after an edit on `today`: published
/// campaigns are live until their expiry date has passed, and live again when it is
/// moved to a later day.
pub fn settled_status(campaign: &CampaignRecord, today: Date) -> CampaignStatus {
    match campaign.status {
        CampaignStatus::Draft => CampaignStatus::Draft,
        _ if rules::past_expiry(campaign, today) => CampaignStatus::Expired,
        _ => CampaignStatus::Live,
    }
}

/// One page of a list: campaign ids from `cursor`, and the next page's cursor.
pub async fn page(
    store: &Store,
    tenant_id: &str,
    bucket: &str,
    order: &str,
    descending: bool,
    limit: usize,
    cursor: Option<&str>,
) -> StoreResult<(Vec<String>, Option<String>)> {
    let mut query = Query::partition(keys::campaign_list_partition(tenant_id, bucket, order)).limit(limit as i32);
    if descending {
        query = query.newest_first();
    }
    let (entries, next) = store.query_page::<ListedId>(query, cursor).await?;
    Ok((entries.into_iter().map(|e| e.campaign_id).collect(), next))
}

/// Live campaigns whose expiry date is between `from` and `to` (inclusive).
pub async fn expiring_between(store: &Store, tenant_id: &str, from: Date, to: Date) -> StoreResult<Vec<String>> {
    let until = rules::format_date(to.next_day().unwrap_or(to));
    let entries: Vec<ListedId> = store
        .query(
            Query::partition(keys::campaign_expiry_partition(tenant_id)).from(rules::format_date(from)).before(until),
        )
        .await?;
    Ok(entries.into_iter().map(|e| e.campaign_id).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::campaigns::records::{CampaignType, RecordingMode, Visibility};

    fn campaign(status: CampaignStatus, expiry: Option<&str>) -> CampaignRecord {
        let key = keys::campaign("t", "c1");
        CampaignRecord {
            pk: key.pk,
            sk: key.sk,
            gsi1pk: String::new(),
            gsi1sk: String::new(),
            gsi2pk: String::new(),
            gsi2sk: String::new(),
            entity_type: CampaignRecord::ENTITY.into(),
            tenant_id: "t".into(),
            campaign_id: "c1".into(),
            initiative_id: "i".into(),
            title: "Spring Stories".into(),
            description: "d".into(),
            campaign_type: CampaignType::Targeted,
            visibility: Visibility::Private,
            mode: RecordingMode::Landscape,
            language: Default::default(),
            status,
            lifecycle: LifecycleStatus::Active,
            deadline: None,
            expiry_date: expiry.map(String::from),
            tag_ids: vec![],
            made_live: false,
            made_live_at: None,
            video_count: 0,
            questions_version: 0,
            created_by: "u".into(),
            created_at: "2026-01-01T00:00:00Z".into(),
            updated_at: "2026-01-01T00:00:00Z".into(),
            version: 1,
            reminders: Default::default(),
        }
    }

    #[test]
    fn a_campaign_is_in_all_and_its_status_in_both_orders_and_by_expiry_while_live() {
        let live = campaign(CampaignStatus::Live, Some("2026-05-01"));
        let keys = entries(Some(&live));
        assert_eq!(keys.len(), 5);
        assert!(keys.iter().any(|k| k.pk.ends_with("#CAMPAIGNLIST#LIVE#TITLE") && k.sk == "spring stories#c1"));
        assert!(keys.iter().any(|k| k.pk.ends_with("#CAMPAIGNEXPIRY") && k.sk == "2026-05-01#c1"));
        let mut deleting = live.clone();
        deleting.lifecycle = LifecycleStatus::Deleting;
        assert!(entries(Some(&deleting)).is_empty());
        assert_eq!(entries(Some(&campaign(CampaignStatus::Draft, Some("2026-05-01")))).len(), 4);
    }

    #[test]
    fn stored_status_follows_the_expiry_date_once_published() {
        let today = rules::parse_date("2026-05-02").unwrap();
        assert_eq!(settled_status(&campaign(CampaignStatus::Live, Some("2026-05-01")), today), CampaignStatus::Expired);
        assert_eq!(settled_status(&campaign(CampaignStatus::Expired, Some("2026-06-01")), today), CampaignStatus::Live);
        assert_eq!(settled_status(&campaign(CampaignStatus::Draft, Some("2026-05-01")), today), CampaignStatus::Draft);
    }
}
