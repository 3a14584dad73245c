//! Reads and removals several campaign-side functions share.

use anyhow::Context;

use super::{
    dto::{Campaign, CampaignSummary, Question, UserListItem},
    records::{
        CampaignRecord, CampaignTextRecord, InitiativeRecord, LifecycleStatus, ParticipantRecord, QuestionRecord,
        TagRecord,
    },
    rules,
};
use crate::{
    error::ApiError,
    model::{TenantRecord, UserRecord},
    storage::{from_item, keys, Item, Query, Store, StoreResult},
};

fn entity_type(item: &Item) -> Option<&str> {
    item.get("entityType").and_then(|v| v.as_s().ok()).map(String::as_str)
}

/// The organisation's own partition, read in one Query: its record, users,
/// initiatives and tags.
#[derive(Debug, Default, Clone)]
pub struct TenantCatalog {
    pub tenant: Option<TenantRecord>,
    pub users: Vec<UserRecord>,
    pub initiatives: Vec<InitiativeRecord>,
    pub tags: Vec<TagRecord>,
}

impl TenantCatalog {
    pub async fn load(store: &Store, tenant_id: &str) -> StoreResult<Self> {
        let mut catalog = Self::default();
        for item in store.query_items(Query::partition(keys::tenant_partition(tenant_id))).await? {
            match entity_type(&item) {
                Some(TenantRecord::ENTITY) => catalog.tenant = Some(from_item(item)?),
                Some(UserRecord::ENTITY) => catalog.users.push(from_item(item)?),
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
        catalog.initiatives.sort_by(|a, b| a.name.to_lowercase().cmp(&b.name.to_lowercase()));
        catalog.tags.sort_by(|a, b| a.name.to_lowercase().cmp(&b.name.to_lowercase()));
        Ok(catalog)
    }
}

impl TenantCatalog {
    /// Whether the initiative exists and is not being deleted (its campaigns are
    /// hidden from the moment its deletion starts).
    pub fn has_initiative(&self, initiative_id: &str) -> bool {
        self.initiatives.iter().any(|i| i.initiative_id == initiative_id)
    }
}

/// One campaign's partition, read in one Query.
#[derive(Debug, Clone)]
pub struct CampaignParts {
    pub campaign: CampaignRecord,
    pub brief: Option<CampaignTextRecord>,
    pub script: Option<CampaignTextRecord>,
    /// Sorted by sequence.
    pub questions: Vec<QuestionRecord>,
    pub participants: Vec<ParticipantRecord>,
    pub memberships: Vec<crate::contributors::records::MembershipRecord>,
    pub journeys: Vec<crate::contributors::records::JourneyRecord>,
}

impl CampaignParts {
    /// The campaign unless it does not exist (in this organisation) or is being deleted.
    pub async fn load(store: &Store, tenant_id: &str, campaign_id: &str) -> StoreResult<Option<Self>> {
        let mut campaign = None;
        let (mut brief, mut script, mut questions, mut participants) = (None, None, Vec::new(), Vec::new());
        let (mut memberships, mut journeys) = (Vec::new(), Vec::new());
        for item in store.query_items(Query::partition(keys::campaign_partition(tenant_id, campaign_id))).await? {
            let sk = item.get(keys::SK).and_then(|v| v.as_s().ok()).cloned().unwrap_or_default();
            match sk.as_str() {
                "CAMPAIGN" => campaign = Some(from_item::<CampaignRecord>(item)?),
                CampaignTextRecord::BRIEF => brief = Some(from_item(item)?),
                CampaignTextRecord::SCRIPT => script = Some(from_item(item)?),
                _ if sk.starts_with(keys::QUESTION_PREFIX) => questions.push(from_item::<QuestionRecord>(item)?),
                _ if sk.starts_with(keys::PARTICIPANT_PREFIX) => participants.push(from_item(item)?),
                _ if sk.starts_with(keys::CONTRIBUTOR_PREFIX) => memberships.push(from_item(item)?),
                _ if sk.starts_with(keys::JOURNEY_PREFIX) => journeys.push(from_item(item)?),
                _ => {}
            }
        }
        questions.sort_by_key(|q| q.sequence);
        Ok(campaign.filter(|c| c.lifecycle == LifecycleStatus::Active).map(|campaign| Self {
            campaign,
            brief,
            script,
            questions,
            participants,
            memberships,
            journeys,
        }))
    }

    pub async fn require(store: &Store, tenant_id: &str, campaign_id: &str) -> Result<Self, ApiError> {
        Self::load(store, tenant_id, campaign_id)
            .await?
            .ok_or_else(|| ApiError::NotFound(rules::CAMPAIGN_NOT_FOUND.into()))
    }

    pub fn brief_text(&self) -> String {
        self.brief.as_ref().map(|b| rules::restore_emoji(&b.text)).unwrap_or_default()
    }

    pub fn script_text(&self) -> String {
        self.script.as_ref().map(|s| rules::restore_emoji(&s.text)).unwrap_or_default()
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
            campaign_type: campaign.campaign_type,
            visibility: campaign.visibility,
            mode: campaign.mode,
            deadline: campaign.deadline.clone(),
            expiry_date: campaign.expiry_date.clone(),
            company_name: tenant.and_then(|t| t.company_name.clone()),
            company_logo: tenant.and_then(|t| t.company_logo.clone()),
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

    pub fn to_dto(&self, catalog: &TenantCatalog, today: time::Date) -> Campaign {
        let campaign = &self.campaign;
        Campaign {
            summary: CampaignSummary::new(campaign, &catalog.initiatives, &catalog.tags, today),
            description: campaign.description.clone(),
            brief: self.brief_text(),
            script: self.script_text(),
            questions: self.questions.iter().map(Question::from).collect(),
            participants: participants(&self.participants, &catalog.users),
            made_live: campaign.made_live,
            version: campaign.version,
            updated_at: campaign.updated_at.clone(),
        }
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

/// The S3 prefix of a campaign's videos (spec key layout
/// `tenantId/initiativeId/campaignId/contributorId/…`).
pub fn campaign_video_prefix(tenant_id: &str, initiative_id: &str, campaign_id: &str) -> String {
    format!("{tenant_id}/{initiative_id}/{campaign_id}/")
}

pub fn initiative_video_prefix(tenant_id: &str, initiative_id: &str) -> String {
    format!("{tenant_id}/{initiative_id}/")
}

/// Removes a campaign marked for deletion: its videos, tag links and every item of its
/// partition (the campaign item last, so a repeat finds it again). Repeatable.
pub async fn purge_campaign(
    store: &Store,
    s3: &aws_sdk_s3::Client,
    bucket: &str,
    tenant_id: &str,
    campaign_id: &str,
) -> anyhow::Result<()> {
    let Some(campaign) = store.get::<CampaignRecord>(&keys::campaign(tenant_id, campaign_id)).await? else {
        return Ok(());
    };
    delete_objects_under(s3, bucket, &campaign_video_prefix(tenant_id, &campaign.initiative_id, campaign_id)).await?;
    let links: Vec<keys::Key> =
        campaign.tag_ids.iter().map(|tag_id| keys::tag_link(tenant_id, tag_id, campaign_id)).collect();
    store.delete_many(&links).await?;
    let items = store.query_items(Query::partition(keys::campaign_partition(tenant_id, campaign_id))).await?;
    let mut rest = Vec::new();
    for item in items {
        let key: keys::Key = from_item(item)?;
        if key.sk != "CAMPAIGN" {
            rest.push(key);
        }
    }
    store.delete_many(&rest).await?;
    store.delete(&campaign.key()).await?;
    Ok(())
}
