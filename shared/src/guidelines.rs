//! Recording guidelines: an organisation's titles (headings), each holding values (the
//! guidelines themselves). Staff manage them (functions/guidelines); contributors read
//! them as recording tips on the invitation landing page (functions/contributors).
//!
//! A title is one item holding its values, so a page of guidelines is one Query and a
//! title is read whole in one GetItem. Values are bounded ([`MAX_VALUES_PER_TITLE`]) to
//! keep the item small. A value's id leads to its title through a pointer item.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    model::Timestamp,
    storage::{keys, Query, Store, StoreResult},
};

/// The spec's limit for a title (section 5: title required, at most 250).
pub const TITLE_MAX: usize = 250;
/// Values share the limit of titles: one line of advice.
pub const VALUE_MAX: usize = 250;
/// Values a title may hold (keeps a title one small item and a landing page readable).
pub const MAX_VALUES_PER_TITLE: usize = 30;
/// Titles shown to a contributor on the landing page (the first ones, in creation order).
pub const TIPS_ON_LANDING: i32 = 20;

pub const TITLE_REQUIRED: &str = "Title is a required field";
pub const TITLE_TOO_LONG: &str = "Title must be at most 250 characters";
pub const VALUE_REQUIRED: &str = "Guideline is a required field";
pub const VALUE_TOO_LONG: &str = "Guideline must be at most 250 characters";
pub const TITLE_TAKEN: &str = "A guideline title with this name already exists";
pub const VALUE_TAKEN: &str = "This guideline already exists under this title";
pub const TOO_MANY_VALUES: &str = "A title can hold at most 30 guidelines";
pub const TITLE_NOT_FOUND: &str = "Guideline title not found";
pub const VALUE_NOT_FOUND: &str = "Guideline not found";

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GuidelineValue {
    pub value_id: String,
    pub value: String,
}

/// A title with its values, in the order they were added.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GuidelineTitleRecord {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    pub entity_type: String,
    pub tenant_id: String,
    pub title_id: String,
    pub title: String,
    #[serde(default)]
    pub values: Vec<GuidelineValue>,
    pub version: u64,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
}

impl GuidelineTitleRecord {
    pub const ENTITY: &'static str = "GuidelineTitle";

    pub fn new(tenant_id: &str, title_id: &str, title: &str, at: &Timestamp) -> Self {
        let key = keys::guideline_title(tenant_id, title_id);
        Self {
            pk: key.pk,
            sk: key.sk,
            entity_type: Self::ENTITY.into(),
            tenant_id: tenant_id.into(),
            title_id: title_id.into(),
            title: title.into(),
            values: Vec::new(),
            version: 1,
            created_at: at.clone(),
            updated_at: at.clone(),
        }
    }

    pub fn key(&self) -> keys::Key {
        keys::Key { pk: self.pk.clone(), sk: self.sk.clone() }
    }

    /// Whether the title already holds this value (compared trimmed, case-blind).
    pub fn holds(&self, value: &str, except_id: Option<&str>) -> bool {
        let wanted = value.trim().to_lowercase();
        self.values.iter().any(|v| Some(v.value_id.as_str()) != except_id && v.value.trim().to_lowercase() == wanted)
    }
}

/// Claims a title's name (unique within the organisation) and finds the title by name.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GuidelineNameClaim {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    pub entity_type: String,
    pub title_id: String,
}

impl GuidelineNameClaim {
    pub fn new(tenant_id: &str, title: &str, title_id: &str) -> Self {
        let key = keys::guideline_title_name(tenant_id, title);
        Self { pk: key.pk, sk: key.sk, entity_type: "GuidelineNameClaim".into(), title_id: title_id.into() }
    }
}

/// Leads from a value's id to the title holding it.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GuidelineValuePointer {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    pub entity_type: String,
    pub title_id: String,
}

impl GuidelineValuePointer {
    pub fn new(tenant_id: &str, value_id: &str, title_id: &str) -> Self {
        let key = keys::guideline_value(tenant_id, value_id);
        Self { pk: key.pk, sk: key.sk, entity_type: "GuidelineValuePointer".into(), title_id: title_id.into() }
    }
}

/// A guideline value as the API shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GuidelineValueView {
    pub id: String,
    pub value: String,
}

/// A guideline: a title with its values, identified by the title's id.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Guideline {
    pub id: String,
    pub title: String,
    pub values: Vec<GuidelineValueView>,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
}

impl From<&GuidelineTitleRecord> for Guideline {
    fn from(record: &GuidelineTitleRecord) -> Self {
        Self {
            id: record.title_id.clone(),
            title: record.title.clone(),
            values: record
                .values
                .iter()
                .map(|v| GuidelineValueView { id: v.value_id.clone(), value: v.value.clone() })
                .collect(),
            created_at: record.created_at.clone(),
            updated_at: record.updated_at.clone(),
        }
    }
}

/// A guideline as a contributor sees it: a heading and its tips.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecordingTip {
    pub title: String,
    pub tips: Vec<String>,
}

/// The query listing titles in creation order (ULID ids sort by time).
pub fn titles_query(tenant_id: &str) -> Query {
    Query::table(keys::guidelines_partition(tenant_id), keys::GUIDELINE_TITLE_PREFIX)
}

/// The organisation's first titles that hold values, as recording tips: one bounded
/// Query ([`TIPS_ON_LANDING`] titles at most).
pub async fn recording_tips(store: &Store, tenant_id: &str) -> StoreResult<Vec<RecordingTip>> {
    let mut query = titles_query(tenant_id).limit(TIPS_ON_LANDING);
    // A landing page does not decide a write: an eventually consistent read is enough.
    query.consistent = false;
    let (titles, _) = store.query_page::<GuidelineTitleRecord>(query, None).await?;
    Ok(titles
        .into_iter()
        .filter(|t| !t.values.is_empty())
        .map(|t| RecordingTip { title: t.title, tips: t.values.into_iter().map(|v| v.value).collect() })
        .collect())
}
