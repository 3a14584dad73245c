//! Reads and removals several campaign-side functions share. Each read asks for what
//! its caller needs, so the items read per request do not grow with the organisation:
//! a campaign's contributors and answers are never read to show the campaign.

use std::collections::HashMap;

use anyhow::Context;
use futures::{stream, StreamExt, TryStreamExt};

use super::{
    dto::{Campaign, CampaignSummary, Question},
    records::{
        CampaignRecord, CampaignTextRecord, InitiativeRecord, LifecycleStatus, ParticipantRecord, QuestionRecord,
        TagRecord,
    },
    rules,
};
use crate::{
    error::ApiError,
    model::{TenantRecord, UserRecord},
    staff::UserListItem,
    storage::{from_item, keys, Item, Query, Store, StoreError, StoreResult},
};

/// How many reads or removals run at once in loops over many items.
pub const CONCURRENCY: usize = 8;

/// A user's attributes other code may read (never the password hash).
pub const USER_PUBLIC_ATTRIBUTES: &[&str] = &[
    "PK",
    "SK",
    "entityType",
    "tenantId",
    "userId",
    "email",
    "emailVerified",
    "role",
    "status",
    "firstName",
    "lastName",
    "avatar",
    "roleInCompany",
    "department",
    "country",
    "encouragementVideo",
    "skippedEditorTour",
    "createdAt",
    "updatedAt",
    "version",
];

fn take_typed<T: serde::de::DeserializeOwned>(
    items: &mut HashMap<(String, String), Item>,
    key: &keys::Key,
) -> StoreResult<Option<T>> {
    items.remove(&(key.pk.clone(), key.sk.clone())).map(from_item).transpose()
}

/// Runs `work` on every item, a few at a time, stopping at the first error.
pub async fn each_concurrently<T, E, F, Fut>(items: Vec<T>, work: F) -> Result<(), E>
where
    F: Fn(T) -> Fut,
    Fut: std::future::Future<Output = Result<(), E>>,
{
    stream::iter(items.into_iter().map(work)).buffer_unordered(CONCURRENCY).try_collect::<Vec<()>>().await?;
    Ok(())
}

/// The organisation's own record.
pub async fn tenant(store: &Store, tenant_id: &str) -> StoreResult<Option<TenantRecord>> {
    store.get(&keys::tenant(tenant_id)).await
}

/// The organisation's initiatives that are not being deleted, by name.
pub async fn initiatives(store: &Store, tenant_id: &str) -> StoreResult<Vec<InitiativeRecord>> {
    let mut all: Vec<InitiativeRecord> =
        store.query(Query::table(keys::tenant_partition(tenant_id), keys::INITIATIVE_PREFIX)).await?;
    all.retain(|i| i.status == LifecycleStatus::Active);
    all.sort_by_cached_key(|item| item.name.to_lowercase());
    Ok(all)
}

/// Every initiative, those being deleted too (closing an organisation finishes them).
pub async fn all_initiatives(store: &Store, tenant_id: &str) -> StoreResult<Vec<InitiativeRecord>> {
    store.query(Query::table(keys::tenant_partition(tenant_id), keys::INITIATIVE_PREFIX)).await
}

/// One initiative, if it exists and is not being deleted.
pub async fn active_initiative(
    store: &Store,
    tenant_id: &str,
    initiative_id: &str,
) -> StoreResult<Option<InitiativeRecord>> {
    Ok(store
        .get::<InitiativeRecord>(&keys::initiative(tenant_id, initiative_id))
        .await?
        .filter(|i| i.status == LifecycleStatus::Active))
}

/// Whether the organisation has an initiative (one item read at most).
pub async fn has_initiatives(store: &Store, tenant_id: &str) -> StoreResult<bool> {
    // Initiatives being deleted sort among the others; read a few to find an active one.
    let some: Vec<InitiativeRecord> =
        store.query(Query::table(keys::tenant_partition(tenant_id), keys::INITIATIVE_PREFIX).limit(25)).await?;
    if some.iter().any(|i| i.status == LifecycleStatus::Active) {
        return Ok(true);
    }
    Ok(some.len() == 25 && !initiatives(store, tenant_id).await?.is_empty())
}

/// The organisation's tags, by name.
pub async fn tags(store: &Store, tenant_id: &str) -> StoreResult<Vec<TagRecord>> {
    let mut all: Vec<TagRecord> =
        store.query(Query::table(keys::tenant_partition(tenant_id), keys::TAG_PREFIX)).await?;
    all.sort_by_cached_key(|item| item.name.to_lowercase());
    Ok(all)
}

/// The organisation's staff (without password hashes).
pub async fn users(store: &Store, tenant_id: &str) -> StoreResult<Vec<UserRecord>> {
    let (pk, prefix) = keys::users_of_tenant(tenant_id);
    store.query(Query::table(pk, prefix).attributes(USER_PUBLIC_ATTRIBUTES)).await
}

/// Items by key, 100 per round trip.
pub async fn batch_get_all(store: &Store, keys: &[keys::Key]) -> StoreResult<HashMap<(String, String), Item>> {
    let mut unique: Vec<keys::Key> = Vec::new();
    for key in keys {
        if !unique.contains(key) {
            unique.push(key.clone());
        }
    }
    let chunks: Vec<Vec<keys::Key>> = unique.chunks(100).map(<[keys::Key]>::to_vec).collect();
    let found: Vec<HashMap<(String, String), Item>> = stream::iter(chunks)
        .map(|chunk| async move { store.batch_get(&chunk).await })
        .buffer_unordered(CONCURRENCY)
        .try_collect()
        .await?;
    Ok(found.into_iter().flatten().collect())
}

/// The names a list of campaigns shows: their initiatives and tags, read by key.
#[derive(Debug, Default, Clone)]
pub struct TenantCatalog {
    pub initiatives: Vec<InitiativeRecord>,
    pub tags: Vec<TagRecord>,
}

impl TenantCatalog {
    /// The initiatives and tags `campaigns` refer to (one `BatchGetItem` per 100).
    pub async fn for_campaigns(store: &Store, tenant_id: &str, campaigns: &[&CampaignRecord]) -> StoreResult<Self> {
        let mut wanted = Vec::new();
        for campaign in campaigns {
            wanted.push(keys::initiative(tenant_id, &campaign.initiative_id));
            wanted.extend(campaign.tag_ids.iter().map(|t| keys::tag(tenant_id, t)));
        }
        let mut catalog = Self::default();
        for (_, item) in batch_get_all(store, &wanted).await? {
            match item.get("entityType").and_then(|v| v.as_s().ok()).map(String::as_str) {
                Some(InitiativeRecord::ENTITY) => {
                    let initiative: InitiativeRecord = from_item(item)?;
                    if initiative.status == LifecycleStatus::Active {
                        catalog.initiatives.push(initiative);
                    }
                }
                Some(TagRecord::ENTITY) => catalog.tags.push(from_item(item)?),
                _ => {}
            }
        }
        Ok(catalog)
    }

    /// Whether the initiative exists and is not being deleted (its campaigns are
    /// hidden from the moment its deletion starts).
    pub fn has_initiative(&self, initiative_id: &str) -> bool {
        self.initiatives.iter().any(|i| i.initiative_id == initiative_id)
    }
}

/// One campaign with the parts staff edit: its brief, script, questions and
/// participants. Never its contributors or answers (see [`membership`],
/// [`journeys_of`]).
#[derive(Debug, Clone)]
pub struct CampaignParts {
    pub campaign: CampaignRecord,
    pub brief: Option<CampaignTextRecord>,
    pub script: Option<CampaignTextRecord>,
    /// Sorted by sequence.
    pub questions: Vec<QuestionRecord>,
    pub participants: Vec<ParticipantRecord>,
}

/// The questions of a campaign, by sequence.
pub async fn questions(store: &Store, tenant_id: &str, campaign_id: &str) -> StoreResult<Vec<QuestionRecord>> {
    let mut questions: Vec<QuestionRecord> =
        store.query(Query::table(keys::campaign_partition(tenant_id, campaign_id), keys::QUESTION_PREFIX)).await?;
    questions.sort_by_key(|q| q.sequence);
    Ok(questions)
}

impl CampaignParts {
    /// The campaign unless it does not exist (in this organisation) or is being deleted.
    pub async fn load(store: &Store, tenant_id: &str, campaign_id: &str) -> StoreResult<Option<Self>> {
        let campaign_key = keys::campaign(tenant_id, campaign_id);
        let brief_key = keys::campaign_text(tenant_id, campaign_id, CampaignTextRecord::BRIEF);
        let script_key = keys::campaign_text(tenant_id, campaign_id, CampaignTextRecord::SCRIPT);
        let partition = keys::campaign_partition(tenant_id, campaign_id);
        let fixed = [campaign_key.clone(), brief_key.clone(), script_key.clone()];
        let (mut items, questions, participants) = tokio::try_join!(
            store.batch_get(&fixed),
            questions(store, tenant_id, campaign_id),
            store.query::<ParticipantRecord>(Query::table(partition, keys::PARTICIPANT_PREFIX)),
        )?;
        let Some(campaign) =
            take_typed::<CampaignRecord>(&mut items, &campaign_key)?.filter(|c| c.lifecycle == LifecycleStatus::Active)
        else {
            return Ok(None);
        };
        Ok(Some(Self {
            campaign,
            brief: take_typed(&mut items, &brief_key)?,
            script: take_typed(&mut items, &script_key)?,
            questions,
            participants,
        }))
    }

    /// What a contributor's pages need of a campaign already read (by the key check):
    /// its brief, its script (the teleprompter's text for questions without their own)
    /// and questions.
    pub async fn for_contributor(store: &Store, campaign: CampaignRecord) -> StoreResult<Self> {
        let brief_key = keys::campaign_text(&campaign.tenant_id, &campaign.campaign_id, CampaignTextRecord::BRIEF);
        let script_key = keys::campaign_text(&campaign.tenant_id, &campaign.campaign_id, CampaignTextRecord::SCRIPT);
        let (brief, script, questions) = tokio::try_join!(
            store.get::<CampaignTextRecord>(&brief_key),
            store.get::<CampaignTextRecord>(&script_key),
            questions(store, &campaign.tenant_id, &campaign.campaign_id),
        )?;
        Ok(Self { campaign, brief, script, questions, participants: Vec::new() })
    }

    pub async fn require(store: &Store, tenant_id: &str, campaign_id: &str) -> Result<Self, ApiError> {
        Self::load(store, tenant_id, campaign_id)
            .await?
            .ok_or_else(|| ApiError::NotFound(rules::CAMPAIGN_NOT_FOUND.into()))
    }

    /// Like [`Self::require`], and the campaign's initiative must not be being deleted
    /// (its campaigns disappear with it at once). Also reads the list's names.
    pub async fn require_visible(
        store: &Store,
        tenant_id: &str,
        campaign_id: &str,
    ) -> Result<(Self, TenantCatalog), ApiError> {
        let parts = Self::require(store, tenant_id, campaign_id).await?;
        let catalog = TenantCatalog::for_campaigns(store, tenant_id, &[&parts.campaign]).await?;
        if !catalog.has_initiative(&parts.campaign.initiative_id) {
            return Err(ApiError::NotFound(rules::CAMPAIGN_NOT_FOUND.into()));
        }
        Ok((parts, catalog))
    }

    pub fn brief_text(&self) -> String {
        self.brief.as_ref().map(|b| rules::restore_emoji(&b.text)).unwrap_or_default()
    }

    pub fn script_text(&self) -> String {
        self.script.as_ref().map(|s| rules::restore_emoji(&s.text)).unwrap_or_default()
    }

    /// How long answering takes (minutes): the questions, and reading the brief, the
    /// campaign's script and the questions' own scripts.
    pub fn estimated_minutes(&self) -> u32 {
        let scripts: usize = self.questions.iter().filter_map(|q| q.script.as_deref()).map(rules::words_in_html).sum();
        let words = rules::words_in_html(&self.brief_text()) + rules::words_in_html(&self.script_text()) + scripts;
        rules::estimated_minutes(self.questions.len(), words)
    }

    /// What a contributor sees of the campaign: nothing staff-only.
    pub fn preview(&self, tenant: Option<&TenantRecord>) -> super::dto::CampaignPreview {
        let campaign = &self.campaign;
        super::dto::CampaignPreview {
            id: campaign.campaign_id.clone(),
            tenant_id: campaign.tenant_id.clone(),
            title: campaign.title.clone(),
            description: campaign.description.clone(),
            brief: self.brief_text(),
            script: None,
            estimated_minutes: self.estimated_minutes(),
            campaign_type: campaign.campaign_type,
            visibility: campaign.visibility,
            mode: campaign.mode,
            language: campaign.language,
            deadline: campaign.deadline.clone(),
            expiry_date: campaign.expiry_date.clone(),
            company_name: tenant.and_then(|t| t.company_name.clone()),
            // Where the logo is stored is not for the browser: callers that show it set a
            // short-lived URL (`organisation::files::read_url_of`).
            company_logo: None,
            questions: self
                .questions
                .iter()
                .map(|q| super::dto::PreviewQuestion {
                    question_id: q.question_id.clone(),
                    question: q.question.clone(),
                    tips: q.tips.clone().filter(|t| !t.is_empty()),
                    sequence: q.sequence,
                })
                .collect(),
        }
    }

    pub fn to_dto(&self, catalog: &TenantCatalog, users: &[UserRecord], today: time::Date) -> Campaign {
        let campaign = &self.campaign;
        Campaign {
            summary: CampaignSummary::new(campaign, &catalog.initiatives, &catalog.tags, today),
            description: campaign.description.clone(),
            language: campaign.language,
            reminders: campaign.reminders,
            brief: self.brief_text(),
            script: self.script_text(),
            questions: self.questions.iter().map(Question::from).collect(),
            participants: participants(&self.participants, users),
            made_live: campaign.made_live,
            version: campaign.version,
            updated_at: campaign.updated_at.clone(),
        }
    }

    /// The participants' user records (by key; without password hashes).
    pub async fn participant_users(&self, store: &Store) -> StoreResult<Vec<UserRecord>> {
        let keys: Vec<keys::Key> =
            self.participants.iter().map(|p| keys::user(&self.campaign.tenant_id, &p.user_id)).collect();
        let mut users = Vec::new();
        for (_, mut item) in batch_get_all(store, &keys).await? {
            item.remove("passwordHash");
            users.push(from_item::<UserRecord>(item)?);
        }
        Ok(users)
    }
}

/// Participants as user list items; the super admin never appears (spec section 3).
pub fn participants(records: &[ParticipantRecord], users: &[UserRecord]) -> Vec<UserListItem> {
    records
        .iter()
        .filter_map(|p| users.iter().find(|u| u.user_id == p.user_id))
        .filter(|u| u.role != crate::permissions::Role::SuperAdmin)
        .map(UserListItem::from)
        .collect()
}

/// Every campaign of the organisation that is not being deleted (one GSI1 Query).
pub async fn campaigns_of_tenant(store: &Store, tenant_id: &str) -> StoreResult<Vec<CampaignRecord>> {
    let all: Vec<CampaignRecord> = store.query(Query::gsi1(keys::campaigns_of_tenant_gsi1(tenant_id))).await?;
    Ok(all.into_iter().filter(|c| c.lifecycle == LifecycleStatus::Active).collect())
}

/// Campaigns by id, in the order given; missing and deleted ones are left out.
pub async fn campaigns_by_ids(store: &Store, tenant_id: &str, ids: &[String]) -> StoreResult<Vec<CampaignRecord>> {
    let keys: Vec<keys::Key> = ids.iter().map(|id| keys::campaign(tenant_id, id)).collect();
    let mut found = batch_get_all(store, &keys).await?;
    let mut campaigns = Vec::new();
    for key in &keys {
        if let Some(campaign) = take_typed::<CampaignRecord>(&mut found, key)? {
            if campaign.lifecycle == LifecycleStatus::Active {
                campaigns.push(campaign);
            }
        }
    }
    Ok(campaigns)
}

/// Deletes exactly these objects (1,000 per request); missing ones are no error.
pub async fn delete_keys(s3: &aws_sdk_s3::Client, bucket: &str, objects: &[String]) -> anyhow::Result<()> {
    use aws_sdk_s3::types::{Delete, ObjectIdentifier};
    for chunk in objects.chunks(1000) {
        let ids = chunk.iter().filter_map(|k| ObjectIdentifier::builder().key(k).build().ok()).collect();
        s3.delete_objects()
            .bucket(bucket)
            .delete(Delete::builder().set_objects(Some(ids)).quiet(true).build()?)
            .send()
            .await
            .with_context(|| format!("deleting {} objects of s3://{bucket}", chunk.len()))?;
    }
    Ok(())
}

/// Removes every object under `prefix` in `bucket` (repeatable).
pub async fn delete_objects_under(s3: &aws_sdk_s3::Client, bucket: &str, prefix: &str) -> anyhow::Result<usize> {
    use aws_sdk_s3::types::{Delete, ObjectIdentifier};
    let mut deleted = 0;
    loop {
        let listing = s3
            .list_objects_v2()
            .bucket(bucket)
            .prefix(prefix)
            .send()
            .await
            .with_context(|| format!("listing s3://{bucket}/{prefix}"))?;
        let objects: Vec<ObjectIdentifier> = listing
            .contents
            .unwrap_or_default()
            .into_iter()
            .filter_map(|o| ObjectIdentifier::builder().set_key(o.key).build().ok())
            .collect();
        if objects.is_empty() {
            break;
        }
        deleted += objects.len();
        s3.delete_objects()
            .bucket(bucket)
            .delete(Delete::builder().set_objects(Some(objects)).quiet(true).build()?)
            .send()
            .await
            .with_context(|| format!("deleting under s3://{bucket}/{prefix}"))?;
    }
    // Multipart uploads in flight would otherwise complete later into a deleted campaign.
    let uploads = s3.list_multipart_uploads().bucket(bucket).prefix(prefix).send().await?;
    for upload in uploads.uploads.unwrap_or_default() {
        if let (Some(key), Some(id)) = (upload.key, upload.upload_id) {
            s3.abort_multipart_upload().bucket(bucket).key(key).upload_id(id).send().await.ok();
        }
    }
    Ok(deleted)
}

/// Marks a campaign as being deleted and takes it out of the lists and counts, in one
/// transaction conditioned on the version read (an edit meanwhile makes it fail, and the
/// caller tries again with the new version). Returns the marked campaign.
pub async fn unlist_campaign(store: &Store, campaign: &CampaignRecord) -> anyhow::Result<CampaignRecord> {
    match super::write::marked_deleting(store, campaign, Vec::new()).await {
        Ok(deleting) => Ok(deleting),
        Err(StoreError::ConditionFailed) => {
            anyhow::bail!("campaign {} changed while being removed; it will be tried again", campaign.campaign_id)
        }
        Err(other) => Err(other.into()),
    }
}

/// Takes every campaign of an initiative out of the lists (the initiative is being
/// deleted: its campaigns disappear with it at once). A few at a time; repeatable.
pub async fn unlist_campaigns_of_initiative(store: &Store, tenant_id: &str, initiative_id: &str) -> anyhow::Result<()> {
    let campaigns: Vec<CampaignRecord> =
        store.query(Query::gsi2(keys::campaigns_of_initiative_gsi2(tenant_id, initiative_id))).await?;
    let active: Vec<CampaignRecord> =
        campaigns.into_iter().filter(|c| c.lifecycle == LifecycleStatus::Active).collect();
    each_concurrently(active, |campaign| async move {
        // The index is eventually consistent: read the campaign itself before marking it.
        for _attempt in 0..3 {
            let Some(current) = store.get::<CampaignRecord>(&campaign.key()).await? else { return Ok(()) };
            if current.lifecycle != LifecycleStatus::Active {
                return Ok(());
            }
            if unlist_campaign(store, &current).await.is_ok() {
                return Ok(());
            }
        }
        anyhow::bail!("campaign {} kept changing while being removed", campaign.campaign_id)
    })
    .await
}
