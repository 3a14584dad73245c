//! The video-search index (issue 11): what lets staff find answers by campaign,
//! contributor, initiative, tag, media status, take date and the words said in them,
//! question texts and contributor names, without a Scan and without reading every answer.
//!
//! Each answer with a take has entries on several *axes* (partitions, see
//! `keys::search_axis_partition`): all answers, its campaign's, its contributor's, and
//! one per distinct normalised word of its transcript, question and contributor name.
//! All of an answer's entries share one sort key that starts with the take time, so any
//! axis reads newest first, one Query per page. Each entry carries what a filter checks
//! (campaign, contributor, media status) and what a result card shows without another
//! read (poster, duration); word entries also carry the first spoken occurrence of their
//! word (start time and a few words around it).
//!
//! One [`SearchDocument`] per answer lists the entries written for it, so a new take, a
//! corrected transcript or a removed answer replaces exactly those. [`index_answer`]
//! rebuilds an answer's entries from its current records; every writer that changes
//! what search finds calls it (or one of the helpers below) after its own write.

pub mod text;

use std::collections::{BTreeMap, BTreeSet, HashMap};

use anyhow::Context;
use serde::{Deserialize, Serialize};

use crate::{
    campaigns::records::QuestionRecord,
    contributors::records::{ContributorRecord, JourneyRecord, ReviewStatus},
    media::{MediaStatus, TranscriptRecord},
    storage::{from_item, keys, to_item, AttributeValue, Item, Query, Store, StoreError, StoreResult},
};

/// Words around a spoken match kept in its snippet (before, after).
pub const SNIPPET_WORDS_BEFORE: usize = 6;
pub const SNIPPET_WORDS_AFTER: usize = 6;

/// One entry of an answer on one axis.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SearchEntry {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    pub entity_type: String,
    pub tenant_id: String,
    pub campaign_id: String,
    pub contributor_id: String,
    pub question_id: String,
    /// The take's recording time (ms since the epoch).
    pub taken_at: i64,
    pub take_key: String,
    pub media_status: MediaStatus,
    pub duration_seconds: Option<f64>,
    pub poster_key: Option<String>,
    /// Where staff stand with the take (entries written before reviews were indexed: new).
    #[serde(default = "unreviewed")]
    pub review: ReviewStatus,
    /// Word entries: where the word occurs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub word: Option<WordMatch>,
}

impl SearchEntry {
    pub const ENTITY: &'static str = "SearchEntry";
}

fn unreviewed() -> ReviewStatus {
    ReviewStatus::New
}

/// Staff's review of `journey`'s current take as the responses inbox shows it: sent back
/// while a new take is awaited, else approved or new.
pub fn review_of(journey: &JourneyRecord) -> ReviewStatus {
    if journey.sent_for_re_recording {
        ReviewStatus::SentBack
    } else {
        journey.review_status.unwrap_or(ReviewStatus::New)
    }
}

/// Where one word occurs in an answer.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WordMatch {
    pub in_transcript: bool,
    pub in_question: bool,
    pub in_contributor_name: bool,
    /// The first spoken occurrence (transcript words only).
    pub spoken: Option<SpokenMatch>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SpokenMatch {
    /// Seconds from the start of the take.
    pub start: f64,
    /// The transcript word as said (or corrected), and the words around it.
    pub text: String,
    pub before: String,
    pub after: String,
}

/// An entry's place: its axis and sort key.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EntryRef {
    pub axis: String,
    pub sk: String,
}

/// The entries written for one answer. `stale` holds entries of an earlier state still
/// being removed: a rebuild interrupted anywhere leaves them listed, and the next
/// rebuild removes them.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SearchDocument {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    pub entity_type: String,
    pub tenant_id: String,
    pub campaign_id: String,
    pub contributor_id: String,
    pub question_id: String,
    pub entry_sk: String,
    pub axes: Vec<String>,
    #[serde(default)]
    pub stale: Vec<EntryRef>,
    pub version: u64,
}

impl SearchDocument {
    pub const ENTITY: &'static str = "SearchDocument";

    fn entries(&self) -> impl Iterator<Item = EntryRef> + '_ {
        self.axes.iter().map(|axis| EntryRef { axis: axis.clone(), sk: self.entry_sk.clone() })
    }
}

/// One answer, by its parts.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AnswerRef {
    pub tenant_id: String,
    pub campaign_id: String,
    pub contributor_id: String,
    pub question_id: String,
}

impl AnswerRef {
    pub fn new(tenant_id: &str, campaign_id: &str, contributor_id: &str, question_id: &str) -> Self {
        Self {
            tenant_id: tenant_id.into(),
            campaign_id: campaign_id.into(),
            contributor_id: contributor_id.into(),
            question_id: question_id.into(),
        }
    }

    pub fn of_entry(entry: &SearchEntry) -> Self {
        Self::new(&entry.tenant_id, &entry.campaign_id, &entry.contributor_id, &entry.question_id)
    }
}

/// The entries `answer` should have now, from its records (none without a take).
pub fn entries_for(
    journey: &JourneyRecord,
    transcript: Option<&TranscriptRecord>,
    question: Option<&QuestionRecord>,
    contributor: Option<&ContributorRecord>,
) -> Vec<SearchEntry> {
    let Some(take_key) = journey.s3_video_key.clone() else { return Vec::new() };
    let taken_at = journey.video_taken_at.unwrap_or(0);
    let sk =
        keys::search_entry_sk(taken_at, &journey.campaign_id, &journey.contributor_id, &journey.campaign_question_id);
    let media = journey.media.as_ref().filter(|m| m.take_key == take_key);
    let base = SearchEntry {
        pk: String::new(),
        sk: sk.clone(),
        entity_type: SearchEntry::ENTITY.into(),
        tenant_id: journey.tenant_id.clone(),
        campaign_id: journey.campaign_id.clone(),
        contributor_id: journey.contributor_id.clone(),
        question_id: journey.campaign_question_id.clone(),
        taken_at,
        take_key: take_key.clone(),
        media_status: media.map(|m| m.status).unwrap_or(MediaStatus::Processing),
        duration_seconds: media.and_then(|m| m.duration_seconds).or(journey.duration_seconds),
        poster_key: media.and_then(|m| m.poster_key.clone()),
        review: review_of(journey),
        word: None,
    };

    let mut words: BTreeMap<String, WordMatch> = BTreeMap::new();
    if let Some(transcript) = transcript.filter(|t| t.take_key == take_key) {
        for (position, said) in transcript.words.iter().enumerate() {
            for word in text::words(&said.text) {
                let entry = words.entry(word).or_default();
                entry.in_transcript = true;
                if entry.spoken.is_none() {
                    let from = position.saturating_sub(SNIPPET_WORDS_BEFORE);
                    let to = (position + 1 + SNIPPET_WORDS_AFTER).min(transcript.words.len());
                    let join = |range: &[crate::media::TranscriptWord]| {
                        range.iter().map(|w| w.text.as_str()).collect::<Vec<_>>().join(" ")
                    };
                    entry.spoken = Some(SpokenMatch {
                        start: said.start,
                        text: said.text.clone(),
                        before: join(&transcript.words[from..position]),
                        after: join(&transcript.words[position + 1..to]),
                    });
                }
            }
        }
    }
    if let Some(question) = question {
        for word in text::words(&question.question) {
            words.entry(word).or_default().in_question = true;
        }
    }
    if let Some(contributor) = contributor {
        for word in text::words(&format!("{} {}", contributor.first_name, contributor.last_name)) {
            words.entry(word).or_default().in_contributor_name = true;
        }
    }

    let tenant = &journey.tenant_id;
    let mut out = Vec::with_capacity(words.len() + 3);
    for axis in [
        keys::SEARCH_AXIS_ALL.to_string(),
        keys::search_axis_campaign(&journey.campaign_id),
        keys::search_axis_contributor(&journey.contributor_id),
    ] {
        out.push(SearchEntry { pk: keys::search_axis_partition(tenant, &axis), ..base.clone() });
    }
    for (word, found) in words {
        let axis = keys::search_axis_word(&word);
        out.push(SearchEntry { pk: keys::search_axis_partition(tenant, &axis), word: Some(found), ..base.clone() });
    }
    out
}

/// The axis of an entry, from its partition key.
fn axis_of(tenant_id: &str, pk: &str) -> String {
    pk.strip_prefix(&keys::search_axis_partition(tenant_id, "")).unwrap_or(pk).to_string()
}

/// How often a rebuild that raced another one starts again.
const REBUILD_ATTEMPTS: usize = 5;

/// Rebuilds the search entries of one answer from its current records: adds the answer
/// when it has a take, replaces its entries when the take, transcript, question or
/// contributor name changed, and removes them when the take or the answer is gone.
/// Repeatable; two rebuilds racing end with the later records (the document's version
/// makes the slower one start again).
pub async fn index_answer(store: &Store, answer: &AnswerRef) -> StoreResult<()> {
    let AnswerRef { tenant_id, campaign_id, contributor_id, question_id } = answer;
    let document_key = keys::search_document(tenant_id, campaign_id, contributor_id, question_id);
    let journey_key = keys::journey(tenant_id, campaign_id, contributor_id, question_id);
    let transcript_key = keys::transcript(tenant_id, campaign_id, contributor_id, question_id);
    let question_key = keys::question(tenant_id, campaign_id, question_id);
    let contributor_key = keys::contributor(tenant_id, contributor_id);
    for _attempt in 0..REBUILD_ATTEMPTS {
        let mut found = store
            .batch_get(&[
                document_key.clone(),
                journey_key.clone(),
                transcript_key.clone(),
                question_key.clone(),
                contributor_key.clone(),
            ])
            .await?;
        let mut take = |key: &keys::Key| found.remove(&(key.pk.clone(), key.sk.clone()));
        let document: Option<SearchDocument> = take(&document_key).map(from_item).transpose()?;
        let journey: Option<JourneyRecord> = take(&journey_key).map(from_item).transpose()?;
        let transcript: Option<TranscriptRecord> = take(&transcript_key).map(from_item).transpose()?;
        let question: Option<QuestionRecord> = take(&question_key).map(from_item).transpose()?;
        let contributor: Option<ContributorRecord> = take(&contributor_key).map(from_item).transpose()?;

        let entries = journey
            .as_ref()
            .map(|j| entries_for(j, transcript.as_ref(), question.as_ref(), contributor.as_ref()))
            .unwrap_or_default();
        let wanted: BTreeSet<EntryRef> =
            entries.iter().map(|e| EntryRef { axis: axis_of(tenant_id, &e.pk), sk: e.sk.clone() }).collect();
        let mut stale: BTreeSet<EntryRef> = BTreeSet::new();
        if let Some(document) = &document {
            stale.extend(document.entries());
            stale.extend(document.stale.iter().cloned());
        }
        stale.retain(|entry| !wanted.contains(entry));

        if entries.is_empty() && document.is_none() {
            return Ok(());
        }
        let version = document.as_ref().map(|d| d.version).unwrap_or(0);
        let entry_sk = entries.first().map(|e| e.sk.clone()).unwrap_or_default();
        let mut next = SearchDocument {
            pk: document_key.pk.clone(),
            sk: document_key.sk.clone(),
            entity_type: SearchDocument::ENTITY.into(),
            tenant_id: tenant_id.clone(),
            campaign_id: campaign_id.clone(),
            contributor_id: contributor_id.clone(),
            question_id: question_id.clone(),
            entry_sk,
            axes: wanted.iter().map(|e| e.axis.clone()).collect(),
            stale: stale.iter().cloned().collect(),
            version: version + 1,
        };
        // 1. Claim the rebuild and list what goes (the stale entries stay listed until gone).
        if !put_document(store, &next, version).await? {
            continue;
        }
        // 2. Write the entries and remove the stale ones.
        let stale_keys: Vec<keys::Key> = stale.iter().map(|e| keys::search_entry(tenant_id, &e.axis, &e.sk)).collect();
        write_entries(store, &entries, &stale_keys).await?;
        // 3. Done: nothing stale any more (or the answer is gone from search).
        if entries.is_empty() {
            let removed = store
                .delete_if_op(
                    &document_key,
                    "version = :version",
                    &[(":version", AttributeValue::N(next.version.to_string()))],
                )
                .map(|op| vec![op])?;
            match store.transact(removed).await {
                Ok(()) => return Ok(()),
                Err(StoreError::ConditionFailed) => continue,
                Err(other) => return Err(other),
            }
        }
        let claimed = next.version;
        next.stale.clear();
        next.version += 1;
        if put_document(store, &next, claimed).await? {
            return Ok(());
        }
    }
    Err(StoreError::Other(anyhow::anyhow!("the search entries of {answer:?} kept changing while rebuilt")))
}

/// Writes `document` if the stored one still has `expected` (0: none stored).
async fn put_document(store: &Store, document: &SearchDocument, expected: u64) -> StoreResult<bool> {
    let result = if expected == 0 {
        store.put_if(document, "attribute_not_exists(PK)", &[]).await
    } else {
        store.put_if(document, "version = :expected", &[(":expected", AttributeValue::N(expected.to_string()))]).await
    };
    match result {
        Ok(()) => Ok(true),
        Err(StoreError::ConditionFailed) => Ok(false),
        Err(other) => Err(other),
    }
}

/// Puts `entries` and deletes `stale`, 25 per `BatchWriteItem`, retrying unprocessed ones.
pub async fn write_entries(store: &Store, entries: &[SearchEntry], stale: &[keys::Key]) -> StoreResult<()> {
    use aws_sdk_dynamodb::types::{DeleteRequest, PutRequest, WriteRequest};
    let mut requests = Vec::with_capacity(entries.len() + stale.len());
    for entry in entries {
        requests.push(
            WriteRequest::builder()
                .put_request(PutRequest::builder().set_item(Some(to_item(entry)?)).build().context("PutRequest")?)
                .build(),
        );
    }
    for key in stale {
        requests.push(
            WriteRequest::builder()
                .delete_request(DeleteRequest::builder().set_key(Some(to_item(key)?)).build().context("DeleteRequest")?)
                .build(),
        );
    }
    for chunk in requests.chunks(25) {
        let mut pending = chunk.to_vec();
        for attempt in 0..10u32 {
            if pending.is_empty() {
                break;
            }
            if attempt > 0 {
                tokio::time::sleep(crate::storage::backoff_with_jitter(attempt)).await;
            }
            let output = store
                .client()
                .batch_write_item()
                .request_items(store.table_name(), std::mem::take(&mut pending))
                .send()
                .await
                .context("BatchWriteItem")?;
            pending = output.unprocessed_items.and_then(|mut u| u.remove(store.table_name())).unwrap_or_default();
        }
        if !pending.is_empty() {
            return Err(anyhow::anyhow!("BatchWriteItem left search entries unprocessed").into());
        }
    }
    Ok(())
}

/// Rebuilds several answers, a few at a time.
pub async fn index_answers(store: &Store, answers: Vec<AnswerRef>) -> StoreResult<()> {
    use futures::{stream, StreamExt, TryStreamExt};
    stream::iter(answers.into_iter().map(|answer| async move { index_answer(store, &answer).await }))
        .buffer_unordered(8)
        .try_collect::<Vec<()>>()
        .await?;
    Ok(())
}

/// The answers with entries on one axis (all of them: for rebuilding after a change
/// that touches that axis; bounded by the axis, e.g. one contributor's answers).
async fn answers_on_axis(store: &Store, tenant_id: &str, axis: &str) -> StoreResult<Vec<AnswerRef>> {
    const ATTRIBUTES: &[&str] = &["tenantId", "campaignId", "contributorId", "questionId"];
    let items = store
        .query_items(Query::partition(keys::search_axis_partition(tenant_id, axis)).attributes(ATTRIBUTES))
        .await?;
    let answers: BTreeSet<AnswerRef> = items.into_iter().filter_map(|item| answer_of_item(&item)).collect();
    Ok(answers.into_iter().collect())
}

fn answer_of_item(item: &Item) -> Option<AnswerRef> {
    let s = |name: &str| item.get(name).and_then(|v| v.as_s().ok()).cloned();
    Some(AnswerRef {
        tenant_id: s("tenantId")?,
        campaign_id: s("campaignId")?,
        contributor_id: s("contributorId")?,
        question_id: s("questionId")?,
    })
}

/// A contributor's name changed (or the contributor is gone): their answers' name words.
pub async fn contributor_changed(store: &Store, tenant_id: &str, contributor_id: &str) -> StoreResult<()> {
    let answers = answers_on_axis(store, tenant_id, &keys::search_axis_contributor(contributor_id)).await?;
    index_answers(store, answers).await
}

/// A question's text changed (or the question is gone): its answers' question words.
pub async fn question_changed(store: &Store, tenant_id: &str, campaign_id: &str, question_id: &str) -> StoreResult<()> {
    let answers = answers_on_axis(store, tenant_id, &keys::search_axis_campaign(campaign_id)).await?;
    index_answers(store, answers.into_iter().filter(|a| a.question_id == question_id).collect()).await
}

/// A campaign is gone: every answer it had leaves search (its documents say which).
pub async fn campaign_removed(store: &Store, tenant_id: &str, campaign_id: &str) -> StoreResult<()> {
    let documents: Vec<SearchDocument> = store
        .query(Query::table(
            keys::search_documents_partition(tenant_id),
            keys::search_documents_of_campaign_prefix(campaign_id),
        ))
        .await?;
    let answers = documents
        .iter()
        .map(|d| AnswerRef::new(&d.tenant_id, &d.campaign_id, &d.contributor_id, &d.question_id))
        .collect();
    index_answers(store, answers).await
}

/// Answers of `items` (raw search entries) by their parts, for callers holding entries.
pub fn answers_of(items: &[SearchEntry]) -> Vec<AnswerRef> {
    let set: BTreeSet<AnswerRef> = items.iter().map(AnswerRef::of_entry).collect();
    set.into_iter().collect()
}

/// Reads search entries of `keys` that exist (e.g. the other words of a query for a page
/// of candidates), by primary key.
pub async fn existing(store: &Store, keys: &[keys::Key]) -> StoreResult<HashMap<(String, String), Item>> {
    let mut found = HashMap::new();
    for chunk in keys.chunks(100) {
        found.extend(store.batch_get(chunk).await?);
    }
    Ok(found)
}

impl AnswerRef {
    pub fn of_journey(journey: &JourneyRecord) -> Self {
        Self::new(&journey.tenant_id, &journey.campaign_id, &journey.contributor_id, &journey.campaign_question_id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::media::{TakeMedia, TranscriptWord};

    fn journey(take: Option<&str>) -> JourneyRecord {
        let mut j = JourneyRecord::new("t", "c", "k", "q", "now".into());
        j.s3_video_key = take.map(str::to_string);
        j.video_taken_at = Some(1_000);
        j
    }

    #[test]
    fn an_answer_has_entries_on_its_axes_and_one_per_word_with_the_first_spoken_place() {
        let mut j = journey(Some("take"));
        j.media = Some(TakeMedia::processing("take"));
        let words: Vec<TranscriptWord> = "one two Three four two"
            .split(' ')
            .enumerate()
            .map(|(i, w)| TranscriptWord { text: w.into(), start: i as f64, end: i as f64 + 0.5, edited: false })
            .collect();
        let transcript = TranscriptRecord::new("t", "c", "k", "q", "take", "e", words, "now".into());
        let entries = entries_for(&j, Some(&transcript), None, None);
        let axes: Vec<String> = entries.iter().map(|e| axis_of("t", &e.pk)).collect();
        assert_eq!(axes, ["ALL", "CAMPAIGN#c", "CONTRIBUTOR#k", "WORD#four", "WORD#one", "WORD#three", "WORD#two"]);
        assert!(entries.iter().all(|e| e.sk == keys::search_entry_sk(1_000, "c", "k", "q")));
        let two = entries.iter().find(|e| e.pk.ends_with("WORD#two")).unwrap().word.clone().unwrap();
        let spoken = two.spoken.unwrap();
        assert_eq!((spoken.start, spoken.before.as_str(), spoken.after.as_str()), (1.0, "one", "Three four two"));
        // A transcript of an older take is not this take's.
        let old = TranscriptRecord::new("t", "c", "k", "q", "older", "e", vec![], "now".into());
        assert_eq!(entries_for(&j, Some(&old), None, None).len(), 3);
        assert!(entries_for(&journey(None), Some(&transcript), None, None).is_empty());
    }
}
