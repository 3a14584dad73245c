//! Running a search: the filter checked and turned into a plan, the plan run on the
//! index (`engine`), and the page of results built.

pub mod engine;

use std::collections::{BTreeSet, HashMap, HashSet};

use storyhive_shared::{
    campaigns::{
        records::{CampaignRecord, InitiativeRecord, LifecycleStatus, QuestionRecord, TagRecord},
        rules as campaign_rules,
    },
    contributors::records::{ContributorRecord, ReviewStatus},
    http::PageParams,
    ids,
    media::MediaStatus,
    search::text,
    storage::{
        from_item, keys,
        objects::{self, Bucket},
        Item, Query as StoreQuery, Store, StoreResult,
    },
    validation::Errors,
    ApiError, ApiResult, AppContext,
};

use crate::dto::*;

/// Poster URLs last as long as the page showing them might stay open.
pub const POSTER_URL_SECONDS: u64 = 3_600;
pub const MAX_TEXT_CHARS: usize = 200;
pub const MAX_TEXT_WORDS: usize = 5;
/// Choices of a filter sent at once.
pub const CHOICES_PER_PAGE: i32 = 100;
pub const MAX_NAMED_CHOICES: i32 = 200;

pub const CAMPAIGN_REQUIRED: &str = "Campaign is a required field";
pub const STATUS_INVALID: &str = "Status must be processing, ready or failed";
pub const REVIEW_INVALID: &str = "Review must be new, approved or sentBack";
pub const DATE_INVALID: &str = "Please enter a valid date (YYYY-MM-DD)";
pub const DATES_REVERSED: &str = "The start date must be on or before the end date";
pub const TEXT_TOO_LONG: &str = "The search text is at most 200 characters";
pub const TEXT_NO_WORDS: &str = "Please enter a word to search for";
pub const TEXT_TOO_MANY_WORDS: &str = "Please search for at most 5 words";

/// Checks the filter (every error at once, in the spec's words) and turns it into a plan.
pub async fn plan(store: &Store, tenant_id: &str, filter: &SearchFilter) -> ApiResult<engine::Plan> {
    let mut errors = Errors::default();
    let id = |errors: &mut Errors, field: &str, value: &Option<String>| -> Option<String> {
        let value = value.as_deref().map(str::trim).filter(|v| !v.is_empty())?;
        if ids::is_valid(value) {
            Some(value.to_string())
        } else {
            errors.add(field, ids::INVALID_ID);
            None
        }
    };
    let campaign_id = id(&mut errors, "campaignId", &filter.campaign_id);
    let contributor_id = id(&mut errors, "contributorId", &filter.contributor_id);
    let initiative_id = id(&mut errors, "initiativeId", &filter.initiative_id);
    let tag_id = id(&mut errors, "tagId", &filter.tag_id);
    let status = match filter.status.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => None,
        Some("processing") => Some(MediaStatus::Processing),
        Some("ready") => Some(MediaStatus::Ready),
        Some("failed") => Some(MediaStatus::Failed),
        Some(_) => {
            errors.add("status", STATUS_INVALID);
            None
        }
    };
    let review = match filter.review.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => None,
        Some("new") => Some(ReviewStatus::New),
        Some("approved") => Some(ReviewStatus::Approved),
        Some("sentBack") => Some(ReviewStatus::SentBack),
        Some(_) => {
            errors.add("review", REVIEW_INVALID);
            None
        }
    };
    let day = |errors: &mut Errors, field: &str, value: &Option<String>| -> Option<time::Date> {
        let value = value.as_deref().map(str::trim).filter(|v| !v.is_empty())?;
        let format = time::macros::format_description!("[year]-[month]-[day]");
        match time::Date::parse(value, &format) {
            Ok(date) => Some(date),
            Err(_) => {
                errors.add(field, DATE_INVALID);
                None
            }
        }
    };
    let from = day(&mut errors, "from", &filter.from);
    let to = day(&mut errors, "to", &filter.to);
    if let (Some(from), Some(to)) = (from, to) {
        if from > to {
            errors.add("to", DATES_REVERSED);
        }
    }
    let mut words = Vec::new();
    if let Some(text) = filter.text.as_deref().filter(|t| !t.trim().is_empty()) {
        if text.chars().count() > MAX_TEXT_CHARS {
            errors.add("text", TEXT_TOO_LONG);
        } else {
            words = text::distinct_words(text);
            if words.is_empty() {
                errors.add("text", TEXT_NO_WORDS);
            } else if words.len() > MAX_TEXT_WORDS {
                errors.add("text", TEXT_TOO_MANY_WORDS);
            }
        }
    }
    let limit = match (PageParams { cursor: None, limit: filter.limit }).limit() {
        Ok(limit) => limit as usize,
        Err(_) => {
            errors.add("limit", "The page size must be between 1 and 50");
            0
        }
    };
    let cursor = match filter.cursor.as_deref().map(str::trim).filter(|c| !c.is_empty()) {
        None => None,
        Some(cursor) => match engine::decode_cursor(cursor) {
            Ok(sk) => Some(sk),
            Err(_) => {
                errors.add("cursor", "This page link is no longer valid. Please start from the first page.");
                None
            }
        },
    };
    let midnight_ms = |date: time::Date| date.midnight().assume_utc().unix_timestamp() * 1000;
    let low = from.map(|d| keys::search_entry_sk_bound(midnight_ms(d)));
    // A cursor is the place the last page stopped; one before `from` belongs to other
    // dates (the read would be a range whose end is before its start).
    if let (Some(cursor), Some(low)) = (&cursor, &low) {
        if cursor < low {
            errors.add("cursor", CURSOR_BEFORE_FROM);
        }
    }
    errors.finish()?;
    require_named(store, tenant_id, &campaign_id, &contributor_id, &initiative_id, &tag_id).await?;

    let to_bound = to.and_then(|d| d.next_day()).map(|d| keys::search_entry_sk_bound(midnight_ms(d)));
    let high = match (cursor, to_bound) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };

    let mut campaigns: Option<BTreeSet<String>> = None;
    if let Some(campaign_id) = &campaign_id {
        campaigns = engine::intersect(campaigns, HashSet::from([campaign_id.clone()]));
    }
    if let Some(tag_id) = &tag_id {
        let links: Vec<Item> =
            store.query_items(StoreQuery::partition(keys::tag_links_partition(tenant_id, tag_id))).await?;
        let ids: HashSet<String> = links
            .iter()
            .filter_map(|l| l.get(keys::SK)?.as_s().ok()?.strip_prefix("CAMPAIGN#").map(str::to_string))
            .collect();
        campaigns = engine::intersect(campaigns, ids);
    }
    if let Some(initiative_id) = &initiative_id {
        let items: Vec<Item> = store
            .query_items(StoreQuery::gsi2(keys::campaigns_of_initiative_gsi2(tenant_id, initiative_id)).attributes(&[
                "PK",
                "SK",
                "GSI2PK",
                "GSI2SK",
                "campaignId",
            ]))
            .await?;
        let ids: HashSet<String> = items.iter().filter_map(|i| i.get("campaignId")?.as_s().ok().cloned()).collect();
        campaigns = engine::intersect(campaigns, ids);
    }
    Ok(engine::Plan { tenant_id: tenant_id.into(), campaigns, contributor_id, status, review, words, low, high, limit })
}

pub const INITIATIVE_NOT_FOUND: &str = "Initiative not found";
pub const CURSOR_BEFORE_FROM: &str = "This page link does not belong to these dates. Please start from the first page.";
pub const TAG_NOT_FOUND: &str = "Tag not found";

/// The campaign, contributor, initiative and tag a filter names must be the caller's
/// organisation's (and not being deleted): 404 otherwise, as everywhere else.
async fn require_named(
    store: &Store,
    tenant_id: &str,
    campaign_id: &Option<String>,
    contributor_id: &Option<String>,
    initiative_id: &Option<String>,
    tag_id: &Option<String>,
) -> ApiResult<()> {
    let mut wanted = Vec::new();
    if let Some(id) = campaign_id {
        wanted.push(keys::campaign(tenant_id, id));
    }
    if let Some(id) = contributor_id {
        wanted.push(keys::contributor(tenant_id, id));
    }
    if let Some(id) = initiative_id {
        wanted.push(keys::initiative(tenant_id, id));
    }
    if let Some(id) = tag_id {
        wanted.push(keys::tag(tenant_id, id));
    }
    if wanted.is_empty() {
        return Ok(());
    }
    let found = get_all(store, wanted).await?;
    let item = |key: keys::Key| found.get(&(key.pk, key.sk)).cloned();
    if let Some(id) = campaign_id {
        let campaign: Option<CampaignRecord> = item(keys::campaign(tenant_id, id)).map(from_item).transpose()?;
        if campaign.is_none_or(|c| c.lifecycle != LifecycleStatus::Active) {
            return Err(ApiError::NotFound(campaign_rules::CAMPAIGN_NOT_FOUND.into()));
        }
    }
    if let Some(id) = contributor_id {
        if item(keys::contributor(tenant_id, id)).is_none() {
            return Err(ApiError::NotFound(storyhive_shared::contributors::rules::CONTRIBUTOR_NOT_FOUND.into()));
        }
    }
    if let Some(id) = initiative_id {
        let initiative: Option<InitiativeRecord> = item(keys::initiative(tenant_id, id)).map(from_item).transpose()?;
        if initiative.is_none_or(|i| i.status != LifecycleStatus::Active) {
            return Err(ApiError::NotFound(INITIATIVE_NOT_FOUND.into()));
        }
    }
    if let Some(id) = tag_id {
        let tag: Option<TagRecord> = item(keys::tag(tenant_id, id)).map(from_item).transpose()?;
        if tag.is_none_or(|t| t.deleting) {
            return Err(ApiError::NotFound(TAG_NOT_FOUND.into()));
        }
    }
    Ok(())
}

/// Runs the plan and names what the page's entries point at (one `BatchGetItem`).
pub async fn search(context: &AppContext, plan: &engine::Plan) -> ApiResult<SearchPage> {
    let store = &context.store;
    let (found, next_cursor) = engine::run(store, plan).await?;
    let tenant = &plan.tenant_id;
    let mut wanted = Vec::new();
    for f in &found {
        let e = &f.entry;
        wanted.push(keys::campaign(tenant, &e.campaign_id));
        wanted.push(keys::contributor(tenant, &e.contributor_id));
        wanted.push(keys::question(tenant, &e.campaign_id, &e.question_id));
    }
    let records = get_all(store, wanted).await?;
    let campaign_of = |id: &str| -> Option<CampaignRecord> {
        let key = keys::campaign(tenant, id);
        records.get(&(key.pk, key.sk)).cloned().and_then(|i| from_item(i).ok())
    };
    let initiative_keys: Vec<keys::Key> = found
        .iter()
        .filter_map(|f| campaign_of(&f.entry.campaign_id))
        .map(|c| keys::initiative(tenant, &c.initiative_id))
        .collect();
    let initiatives = get_all(store, initiative_keys).await?;

    let mut items = Vec::with_capacity(found.len());
    for f in found {
        let e = &f.entry;
        let Some(campaign) = campaign_of(&e.campaign_id).filter(|c| c.lifecycle == LifecycleStatus::Active) else {
            continue;
        };
        let contributor: Option<ContributorRecord> = {
            let key = keys::contributor(tenant, &e.contributor_id);
            records.get(&(key.pk, key.sk)).cloned().map(from_item).transpose()?
        };
        let question: Option<QuestionRecord> = {
            let key = keys::question(tenant, &e.campaign_id, &e.question_id);
            records.get(&(key.pk, key.sk)).cloned().map(from_item).transpose()?
        };
        let initiative: Option<InitiativeRecord> = {
            let key = keys::initiative(tenant, &campaign.initiative_id);
            initiatives.get(&(key.pk, key.sk)).cloned().map(from_item).transpose()?
        };
        let poster_url = match (&e.poster_key, e.media_status) {
            (Some(key), MediaStatus::Ready) => Some(presign(context, key).await?),
            _ => None,
        };
        let text_match = (!plan.words.is_empty()).then(|| TextMatch {
            in_transcript: f.words.iter().any(|w| w.in_transcript),
            in_question: f.words.iter().any(|w| w.in_question),
            in_contributor_name: f.words.iter().any(|w| w.in_contributor_name),
            snippet: f.words.iter().find_map(|w| w.spoken.clone()).map(|s| Snippet {
                before: s.before,
                word: s.text,
                after: s.after,
                start: s.start,
            }),
        });
        let taken_at = time::OffsetDateTime::from_unix_timestamp_nanos(e.taken_at as i128 * 1_000_000)
            .map(storyhive_shared::model::timestamp)
            .unwrap_or_default();
        items.push(SearchResult {
            campaign_id: e.campaign_id.clone(),
            campaign_name: campaign.title.clone(),
            initiative_id: campaign.initiative_id.clone(),
            initiative_name: initiative.map(|i| i.name).unwrap_or_default(),
            contributor_id: e.contributor_id.clone(),
            contributor_name: contributor.as_ref().map(person_name).unwrap_or_default(),
            question_id: e.question_id.clone(),
            question: question.map(|q| q.question).unwrap_or_default(),
            journey_id: e.question_id.clone(),
            taken_at,
            duration_seconds: e.duration_seconds,
            poster_url,
            media_status: e.media_status,
            review: e.review,
            text_match,
        });
    }
    Ok(SearchPage { items, next_cursor })
}

/// Items of `keys` (repeats read once), by primary key.
async fn get_all(store: &Store, mut keys: Vec<keys::Key>) -> StoreResult<HashMap<(String, String), Item>> {
    let mut seen = HashSet::new();
    keys.retain(|k| seen.insert((k.pk.clone(), k.sk.clone())));
    let mut found = HashMap::new();
    for chunk in keys.chunks(100) {
        found.extend(store.batch_get(chunk).await?);
    }
    Ok(found)
}

/// A short-lived URL of a poster (signed locally: no request to S3).
async fn presign(context: &AppContext, key: &str) -> ApiResult<String> {
    Ok(objects::get_url(context, Bucket::Videos, key, POSTER_URL_SECONDS, None).await?)
}

/// The contributor's name as the filters and results show it: the e-mail when no name was given.
pub fn person_name(contributor: &ContributorRecord) -> String {
    let name = format!("{} {}", contributor.first_name.trim(), contributor.last_name.trim());
    if name.trim().is_empty() {
        contributor.email.clone()
    } else {
        name.trim().to_string()
    }
}
