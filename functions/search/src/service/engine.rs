//! Running a search on the index `storyhive_shared::search` keeps.
//!
//! The filter picks the axis read (the most selective one it names: a searched word,
//! else the contributor, else the campaign, else the campaigns of the tag or initiative
//! merged, else all answers); the other filters are checked on the entries read. Entries
//! are read newest first, 100 per Query, until the page is full or
//! [`MAX_ENTRIES_READ`] entries were read: a page can then be short and still have a
//! `nextCursor` (the search goes on from where it stopped), so no request reads more
//! than that whatever the size of the organisation.

use std::collections::{BTreeSet, HashSet};

use anyhow::Context;
use aws_sdk_dynamodb::types::AttributeValue;
use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine};
use serde::{Deserialize, Serialize};
use storyhive_shared::{
    contributors::records::ReviewStatus,
    media::MediaStatus,
    search::{SearchEntry, WordMatch},
    storage::{from_item, keys, Item, Store, StoreResult},
    ApiError,
};

/// Entries read per request at most, across the axes read.
pub const MAX_ENTRIES_READ: usize = 1_000;
/// A tag's or initiative's campaigns are merged when at most this many; beyond, all
/// answers are read and the campaign checked.
pub const MAX_MERGED_CAMPAIGNS: usize = 20;
/// Entries per Query.
const QUERY_PAGE: i32 = 100;

/// A checked filter, ready to run.
#[derive(Debug, Clone, Default)]
pub struct Plan {
    pub tenant_id: String,
    /// Only answers of these campaigns (`None`: any).
    pub campaigns: Option<BTreeSet<String>>,
    pub contributor_id: Option<String>,
    pub status: Option<MediaStatus>,
    pub review: Option<ReviewStatus>,
    /// Distinct normalised words, all of which must occur.
    pub words: Vec<String>,
    /// Sort keys from this one on (take date from).
    pub low: Option<String>,
    /// Sort keys before this one (take date to, or the cursor).
    pub high: Option<String>,
    pub limit: usize,
}

/// One entry found, with the other words' entries of its answer.
#[derive(Debug, Clone)]
pub struct Found {
    pub entry: SearchEntry,
    pub words: Vec<WordMatch>,
}

#[derive(Debug, Serialize, Deserialize)]
struct CursorBody {
    before: String,
}

pub fn encode_cursor(sk: &str) -> String {
    URL_SAFE_NO_PAD.encode(serde_json::to_vec(&CursorBody { before: sk.into() }).unwrap_or_default())
}

/// The position a cursor holds: a sort key of the search index.
pub fn decode_cursor(cursor: &str) -> Result<String, ApiError> {
    let invalid = || ApiError::from(storyhive_shared::storage::StoreError::InvalidCursor);
    if cursor.len() > 4096 {
        return Err(invalid());
    }
    let bytes = URL_SAFE_NO_PAD.decode(cursor.trim()).map_err(|_| invalid())?;
    let body: CursorBody = serde_json::from_slice(&bytes).map_err(|_| invalid())?;
    let digits = body.before.get(..13).unwrap_or_default();
    let rest = body.before.get(13..).unwrap_or_default();
    let well_formed = digits.len() == 13
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (rest.is_empty() || rest.starts_with('#'))
        && rest.chars().all(|c| c == '#' || c == '_' || c == '-' || c.is_ascii_alphanumeric());
    if !well_formed {
        return Err(invalid());
    }
    Ok(body.before)
}

/// Which axes to read for `plan`.
pub fn axes(plan: &Plan) -> Vec<String> {
    if let Some(word) = driving_word(&plan.words) {
        return vec![keys::search_axis_word(word)];
    }
    if let Some(contributor) = &plan.contributor_id {
        return vec![keys::search_axis_contributor(contributor)];
    }
    match &plan.campaigns {
        Some(campaigns) if campaigns.len() <= MAX_MERGED_CAMPAIGNS => {
            campaigns.iter().map(|c| keys::search_axis_campaign(c)).collect()
        }
        _ => vec![keys::SEARCH_AXIS_ALL.to_string()],
    }
}

/// The word whose axis is read: the longest (long words are rarer, so fewer entries
/// are read to find those holding the others too).
pub fn driving_word(words: &[String]) -> Option<&String> {
    words.iter().max_by_key(|w| w.chars().count())
}

/// Runs `plan`: the page's entries (newest first) and the next page's cursor.
pub async fn run(store: &Store, plan: &Plan) -> StoreResult<(Vec<Found>, Option<String>)> {
    if plan.campaigns.as_ref().is_some_and(|c| c.is_empty()) {
        return Ok((Vec::new(), None));
    }
    let axes = axes(plan);
    let budget = (MAX_ENTRIES_READ / axes.len()).max(25);
    let want = plan.limit + 1;
    let scans =
        futures::future::try_join_all(axes.iter().map(|axis| scan_axis(store, plan, axis, want, budget))).await?;

    // Everything at or above the highest place where an axis stopped has been read on
    // every axis: only that part is certain to be in order.
    let cutoff = scans.iter().filter_map(|s| s.stopped_at.clone()).max();
    let mut found: Vec<Found> = scans.into_iter().flat_map(|s| s.found).collect();
    found.sort_by(|a, b| b.entry.sk.cmp(&a.entry.sk));
    found.dedup_by(|a, b| a.entry.sk == b.entry.sk);
    if let Some(cutoff) = &cutoff {
        found.retain(|f| &f.entry.sk >= cutoff);
    }
    let more = found.len() > plan.limit || cutoff.is_some();
    found.truncate(plan.limit);
    let next = match (more, found.len() == plan.limit) {
        (false, _) => None,
        (true, true) => found.last().map(|f| encode_cursor(&f.entry.sk)),
        (true, false) => cutoff.map(|c| encode_cursor(&c)),
    };
    Ok((found, next))
}

struct Scan {
    found: Vec<Found>,
    /// The last sort key read when the axis was not read to its end.
    stopped_at: Option<String>,
}

async fn scan_axis(store: &Store, plan: &Plan, axis: &str, want: usize, budget: usize) -> StoreResult<Scan> {
    let partition = keys::search_axis_partition(&plan.tenant_id, axis);
    let driving = driving_word(&plan.words).cloned();
    let others: Vec<String> = plan.words.iter().filter(|w| Some(*w) != driving.as_ref()).cloned().collect();
    let mut found = Vec::new();
    let mut read = 0usize;
    let mut start: Option<Item> = None;
    loop {
        let page_size = QUERY_PAGE.min((budget - read).max(1) as i32);
        let (items, next) = query_axis(store, &partition, plan, page_size, start.take()).await?;
        read += items.len();
        let last_sk = items.last().and_then(|i| i.get(keys::SK)).and_then(|v| v.as_s().ok()).cloned();
        let mut candidates = Vec::new();
        for item in items {
            let entry: SearchEntry = from_item(item)?;
            if plan.high.as_deref() == Some(entry.sk.as_str()) {
                continue;
            }
            if accepts(plan, &entry) {
                candidates.push(entry);
            }
        }
        found.extend(with_other_words(store, &plan.tenant_id, candidates, &others).await?);
        match next {
            None => return Ok(Scan { found, stopped_at: None }),
            Some(next) if found.len() < want && read < budget => start = Some(next),
            Some(_) => return Ok(Scan { found, stopped_at: last_sk }),
        }
    }
}

fn accepts(plan: &Plan, entry: &SearchEntry) -> bool {
    plan.campaigns.as_ref().is_none_or(|c| c.contains(&entry.campaign_id))
        && plan.contributor_id.as_ref().is_none_or(|c| c == &entry.contributor_id)
        && plan.status.is_none_or(|s| s == entry.media_status)
        && plan.review.is_none_or(|r| r == entry.review)
}

/// Keeps the candidates whose answer holds every other word too (their word entries,
/// read by key: one `BatchGetItem` per 100).
async fn with_other_words(
    store: &Store,
    tenant_id: &str,
    candidates: Vec<SearchEntry>,
    others: &[String],
) -> StoreResult<Vec<Found>> {
    if others.is_empty() || candidates.is_empty() {
        return Ok(candidates
            .into_iter()
            .map(|entry| Found { words: entry.word.iter().cloned().collect(), entry })
            .collect());
    }
    let keys: Vec<keys::Key> = candidates
        .iter()
        .flat_map(|c| others.iter().map(|w| keys::search_entry(tenant_id, &keys::search_axis_word(w), &c.sk)))
        .collect();
    let existing = storyhive_shared::search::existing(store, &keys).await?;
    let mut out = Vec::new();
    'candidates: for entry in candidates {
        let mut words: Vec<WordMatch> = entry.word.iter().cloned().collect();
        for word in others {
            let key = keys::search_entry(tenant_id, &keys::search_axis_word(word), &entry.sk);
            match existing.get(&(key.pk, key.sk)) {
                Some(item) => {
                    let other: SearchEntry = from_item(item.clone())?;
                    words.extend(other.word);
                }
                None => continue 'candidates,
            }
        }
        out.push(Found { entry, words });
    }
    Ok(out)
}

async fn query_axis(
    store: &Store,
    partition: &str,
    plan: &Plan,
    limit: i32,
    start: Option<Item>,
) -> StoreResult<(Vec<Item>, Option<Item>)> {
    let mut request = store
        .client()
        .query()
        .table_name(store.table_name())
        .expression_attribute_names("#pk", keys::PK)
        .expression_attribute_values(":pk", AttributeValue::S(partition.into()))
        .scan_index_forward(false)
        .limit(limit)
        .set_exclusive_start_key(start);
    let condition = match (&plan.low, &plan.high) {
        (Some(low), Some(high)) => {
            request = request
                .expression_attribute_names("#sk", keys::SK)
                .expression_attribute_values(":low", AttributeValue::S(low.clone()))
                .expression_attribute_values(":high", AttributeValue::S(high.clone()));
            "#pk = :pk AND #sk BETWEEN :low AND :high"
        }
        (Some(low), None) => {
            request = request
                .expression_attribute_names("#sk", keys::SK)
                .expression_attribute_values(":low", AttributeValue::S(low.clone()));
            "#pk = :pk AND #sk >= :low"
        }
        (None, Some(high)) => {
            request = request
                .expression_attribute_names("#sk", keys::SK)
                .expression_attribute_values(":high", AttributeValue::S(high.clone()));
            "#pk = :pk AND #sk < :high"
        }
        (None, None) => "#pk = :pk",
    };
    let output = request.key_condition_expression(condition).send().await.context("Query (search)")?;
    let next = output.last_evaluated_key.filter(|k| !k.is_empty());
    Ok((output.items.unwrap_or_default(), next))
}

/// Ids in `set`, or `None` when no set constrains.
pub fn intersect(current: Option<BTreeSet<String>>, next: HashSet<String>) -> Option<BTreeSet<String>> {
    Some(match current {
        None => next.into_iter().collect(),
        Some(current) => current.into_iter().filter(|c| next.contains(c)).collect(),
    })
}
