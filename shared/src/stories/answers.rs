//! The answers a story is cut from, as its checks and the AI draft read them: each answer's
//! current take with its transcript, whether it is approved, and its speaker's shown name.

use std::collections::{HashMap, HashSet};

use super::AnswerWords;
use crate::{
    contributors::records::{shown_name, ContributorRecord, JourneyRecord, ReviewStatus},
    media::TranscriptRecord,
    storage::{from_item, keys, Item, Query, Store, StoreResult},
};

fn typed<T: serde::de::DeserializeOwned>(
    found: &HashMap<(String, String), Item>,
    key: &keys::Key,
) -> StoreResult<Option<T>> {
    found.get(&(key.pk.clone(), key.sk.clone())).cloned().map(from_item).transpose()
}

/// The shown names of `contributor_ids` (first name and initial, as publishing shows them).
pub async fn names(
    store: &Store,
    tenant_id: &str,
    contributor_ids: &HashSet<String>,
) -> StoreResult<HashMap<String, String>> {
    let keys: Vec<keys::Key> = contributor_ids.iter().map(|id| keys::contributor(tenant_id, id)).collect();
    let mut names = HashMap::new();
    for chunk in keys.chunks(100) {
        for item in store.batch_get(chunk).await?.into_values() {
            let contributor: ContributorRecord = from_item(item)?;
            names.insert(
                contributor.contributor_id.clone(),
                shown_name(&contributor.first_name, &contributor.last_name),
            );
        }
    }
    Ok(names)
}

/// The answers `pairs` (contributor, question) of the campaign; an answer with no take is
/// absent, one whose transcript is missing or of another take has no words.
pub async fn of(
    store: &Store,
    tenant_id: &str,
    campaign_id: &str,
    pairs: &[(String, String)],
) -> StoreResult<HashMap<(String, String), AnswerWords>> {
    let mut seen = HashSet::new();
    let unique: Vec<&(String, String)> = pairs.iter().filter(|p| seen.insert((*p).clone())).collect();
    let mut journeys: HashMap<(String, String), JourneyRecord> = HashMap::new();
    let mut transcripts: HashMap<(String, String), TranscriptRecord> = HashMap::new();
    // A journey and a transcript per answer: 50 answers per round trip.
    for chunk in unique.chunks(50) {
        let keys: Vec<keys::Key> = chunk
            .iter()
            .flat_map(|(k, q)| {
                [keys::journey(tenant_id, campaign_id, k, q), keys::transcript(tenant_id, campaign_id, k, q)]
            })
            .collect();
        let found = store.batch_get(&keys).await?;
        for (k, q) in chunk {
            if let Some(journey) = typed::<JourneyRecord>(&found, &keys::journey(tenant_id, campaign_id, k, q))? {
                journeys.insert((k.clone(), q.clone()), journey);
            }
            if let Some(words) = typed::<TranscriptRecord>(&found, &keys::transcript(tenant_id, campaign_id, k, q))? {
                transcripts.insert((k.clone(), q.clone()), words);
            }
        }
    }
    let contributors: HashSet<String> = journeys.keys().map(|(k, _)| k.clone()).collect();
    let names = names(store, tenant_id, &contributors).await?;
    let mut answers = HashMap::new();
    for (pair, journey) in journeys {
        let Some(take) = journey.s3_video_key.clone() else { continue };
        let words = transcripts.get(&pair).filter(|t| t.take_key == take).map(|t| t.words.clone());
        answers.insert(
            pair.clone(),
            AnswerWords {
                take_key: take,
                words,
                approved: journey.review_status == Some(ReviewStatus::Approved),
                speaker: names.get(&pair.0).cloned().unwrap_or_default(),
            },
        );
    }
    Ok(answers)
}

/// A transcribed answer of the campaign's current takes.
#[derive(Debug, Clone)]
pub struct CampaignAnswer {
    pub contributor_id: String,
    pub question_id: String,
    pub transcript: TranscriptRecord,
    pub approved: bool,
}

/// The campaign's transcribed answers (current takes only, with words), in the order of
/// their keys (collaborator, then question), at most `max` transcripts read.
pub async fn of_campaign(
    store: &Store,
    tenant_id: &str,
    campaign_id: &str,
    max: i32,
) -> StoreResult<Vec<CampaignAnswer>> {
    let query = Query::table(keys::campaign_partition(tenant_id, campaign_id), keys::TRANSCRIPT_PREFIX).limit(max);
    let (transcripts, _) = store.query_page::<TranscriptRecord>(query, None).await?;
    let mut answers = Vec::with_capacity(transcripts.len());
    for chunk in transcripts.chunks(100) {
        let keys: Vec<keys::Key> = chunk
            .iter()
            .map(|t| keys::journey(tenant_id, campaign_id, &t.contributor_id, &t.campaign_question_id))
            .collect();
        let found = store.batch_get(&keys).await?;
        for (transcript, key) in chunk.iter().zip(&keys) {
            let Some(journey) = typed::<JourneyRecord>(&found, key)? else { continue };
            if journey.s3_video_key.as_deref() != Some(transcript.take_key.as_str()) || transcript.words.is_empty() {
                continue;
            }
            answers.push(CampaignAnswer {
                contributor_id: transcript.contributor_id.clone(),
                question_id: transcript.campaign_question_id.clone(),
                approved: journey.review_status == Some(ReviewStatus::Approved),
                transcript: transcript.clone(),
            });
        }
    }
    Ok(answers)
}
