//! A word index in the single table: what lets a search box find campaigns by title
//! and contributors by name or address without reading every one of them.
//!
//! Each indexed thing has one entry per distinct word (`<word>#<id>` in the partition of
//! its kind); a search term finds the entries whose word starts with it in one Query, and
//! several terms intersect. Entries change in the same transaction as the text they index.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use crate::storage::{keys, Query, Store, StoreResult, TransactWriteItem};

/// Words indexed per thing (keeps every write inside one transaction).
pub const MAX_WORDS: usize = 20;
/// Longer words are indexed by their first characters.
const MAX_WORD_CHARS: usize = 40;
/// Terms of a search that are used (the rest would only narrow further).
const MAX_TERMS: usize = 4;

pub const CAMPAIGNS: &str = "CAMPAIGN";
pub const CONTRIBUTORS: &str = "CONTRIBUTOR";

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct WordEntry {
    #[serde(rename = "PK")]
    pk: String,
    #[serde(rename = "SK")]
    sk: String,
    entity_type: String,
    id: String,
}

/// The words of `text`: lower case, split at anything that is not a letter or a digit,
/// de-duplicated, in order of first appearance, at most [`MAX_WORDS`].
pub fn words(text: &str) -> Vec<String> {
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for word in text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()) {
        let word: String = word.to_lowercase().chars().take(MAX_WORD_CHARS).collect();
        if seen.insert(word.clone()) {
            out.push(word);
            if out.len() == MAX_WORDS {
                break;
            }
        }
    }
    out
}

/// Words of a person: their names, their whole address and the parts of it.
pub fn person_words(first_name: &str, last_name: &str, email: &str) -> Vec<String> {
    let email = email.trim().to_lowercase();
    let mut all = vec![email.chars().take(MAX_WORD_CHARS).collect::<String>()];
    for word in words(&format!("{first_name} {last_name} {email}")) {
        if !all.contains(&word) {
            all.push(word);
        }
    }
    all.truncate(MAX_WORDS);
    all
}

/// Writes that move the entries of `id` from `before` to `after`.
pub fn index_ops(
    store: &Store,
    tenant_id: &str,
    kind: &str,
    id: &str,
    before: &[String],
    after: &[String],
) -> StoreResult<Vec<TransactWriteItem>> {
    let mut ops = Vec::new();
    for word in after.iter().filter(|w| !before.contains(w)) {
        let key = keys::word_entry(tenant_id, kind, word, id);
        ops.push(store.put_op(&WordEntry {
            pk: key.pk,
            sk: key.sk,
            entity_type: "WordEntry".into(),
            id: id.into(),
        })?);
    }
    for word in before.iter().filter(|w| !after.contains(w)) {
        ops.push(store.delete_op(&keys::word_entry(tenant_id, kind, word, id))?);
    }
    Ok(ops)
}

/// What a search found: the ids whose words start with every term (at most `cap` per
/// term are considered), and whether the cap cut the result short.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Found {
    pub ids: Vec<String>,
    pub truncated: bool,
}

/// The ids of `kind` matching every word of `text` by prefix.
pub async fn search(store: &Store, tenant_id: &str, kind: &str, text: &str, cap: usize) -> StoreResult<Found> {
    let mut terms = words(text);
    terms.truncate(MAX_TERMS);
    if terms.is_empty() {
        return Ok(Found::default());
    }
    // The longest term is the most selective: start with it.
    terms.sort_by_key(|t| std::cmp::Reverse(t.chars().count()));
    let mut result: Option<BTreeSet<String>> = None;
    let mut truncated = false;
    for term in &terms {
        let query =
            Query::table(keys::words_partition(tenant_id, kind), term.clone()).limit(cap as i32).attributes(&["id"]);
        let entries: Vec<IdOnly> = store.query(query).await?;
        truncated |= entries.len() >= cap;
        let ids: BTreeSet<String> = entries.into_iter().map(|e| e.id).collect();
        result = Some(match result {
            None => ids,
            Some(previous) => previous.intersection(&ids).cloned().collect(),
        });
        if result.as_ref().is_some_and(BTreeSet::is_empty) {
            break;
        }
    }
    Ok(Found { ids: result.unwrap_or_default().into_iter().collect(), truncated })
}

#[derive(Debug, Deserialize)]
struct IdOnly {
    id: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_lower_case_distinct_and_bounded() {
        assert_eq!(words("Spring Stories: spring-2026!"), vec!["spring", "stories", "2026"]);
        assert_eq!(words("Zoë's café"), vec!["zoë", "s", "café"]);
        let many: String = (0..50).map(|i| format!("w{i} ")).collect();
        assert_eq!(words(&many).len(), MAX_WORDS);
        assert_eq!(words(&"x".repeat(500))[0].chars().count(), MAX_WORD_CHARS);
        assert!(words("  --  ").is_empty());
    }

    #[test]
    fn people_are_found_by_name_address_and_its_parts() {
        let found = person_words("Ann", "O'Neil", "Ann.ONeil@Acme-Films.com");
        for word in ["ann.oneil@acme-films.com", "ann", "o", "neil", "oneil", "acme", "films", "com"] {
            assert!(found.contains(&word.to_string()), "{word}: {found:?}");
        }
    }
}
