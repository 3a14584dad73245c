//! Taking published items down: the record (through `write`), then the public copies, so a
//! page, embed or wall stops showing the video at once. Staff unpublish; the cascade worker
//! takes down every item of a collaborator who withdrew consent and items whose answer,
//! video or campaign was deleted. Repeatable: a repeat finds the record down and removes
//! any copy a crash left.

use super::{write, PublicationRecord, PublicationStatus};
use crate::{
    campaigns::repo,
    edge::EdgeCache,
    storage::{keys, Query, Store},
};

pub const DELETED: &str = "The video was deleted";

/// "<Speaker> withdrew their consent".
pub fn withdrew(speaker: &str) -> String {
    format!("{speaker} withdrew their consent")
}

/// "Unpublished by <staff name>".
pub fn unpublished_by(name: &str) -> String {
    format!("Unpublished by {name}")
}

/// The source key of an answer (`keys::published_source`).
pub fn answer_source(campaign_id: &str, contributor_id: &str, question_id: &str) -> String {
    format!("answer#{campaign_id}#{contributor_id}#{question_id}")
}

/// The source key of a generated video.
pub fn video_source(campaign_id: &str, video_id: &str) -> String {
    format!("video#{campaign_id}#{video_id}")
}

/// The source key of a story (any of its renders: one is published at a time).
pub fn story_source(campaign_id: &str, story_id: &str) -> String {
    format!("story#{campaign_id}#{story_id}")
}

/// Where the public copies live (the published bucket), and the edge cache that may still
/// hold them.
#[derive(Clone, Copy)]
pub struct Copies<'a> {
    pub s3: &'a aws_sdk_s3::Client,
    pub bucket: &'a str,
    pub edge: &'a EdgeCache,
}

/// The published item `slug`, whatever its status.
pub async fn by_slug(store: &Store, slug: &str) -> anyhow::Result<Option<PublicationRecord>> {
    Ok(store.get::<PublicationRecord>(&keys::publication(slug)).await?)
}

/// Takes `record` down with `status` and `reason`, removes its public copies and clears
/// the edge cache of its paths. The record as it now stands (unchanged when it was already
/// down; the copies and the cache are cleared again, in case a crash stopped a first try).
pub async fn take_down(
    store: &Store,
    copies: Copies<'_>,
    record: &PublicationRecord,
    status: PublicationStatus,
    reason: &str,
) -> anyhow::Result<PublicationRecord> {
    let done = write::take_down(store, record, status, reason).await?;
    repo::delete_keys(copies.s3, copies.bucket, &record.objects.all()).await?;
    copies.edge.story_taken_down(&record.slug).await?;
    match done {
        Some(done) => Ok(done),
        None => Ok(by_slug(store, &record.slug).await?.unwrap_or_else(|| record.clone())),
    }
}

/// Every live item holding the collaborator's clips, taken down as withdrawn. How many.
pub async fn consent_withdrawn(
    store: &Store,
    copies: Copies<'_>,
    tenant_id: &str,
    contributor_id: &str,
) -> anyhow::Result<usize> {
    let links: Vec<super::PublicationSpeakerRecord> =
        store.query(Query::partition(keys::publications_of_speaker(tenant_id, contributor_id))).await?;
    let mut taken = 0;
    for link in links {
        let Some(record) = by_slug(store, &link.slug).await? else { continue };
        if !record.is_live() {
            continue;
        }
        let name = record
            .speakers
            .iter()
            .find(|s| s.contributor_id == contributor_id)
            .map(|s| s.name.clone())
            .unwrap_or_default();
        take_down(store, copies, &record, PublicationStatus::Withdrawn, &withdrew(&name)).await?;
        taken += 1;
    }
    Ok(taken)
}

/// The live item of a deleted answer or video, if any, taken down as deleted.
pub async fn source_deleted(store: &Store, copies: Copies<'_>, tenant_id: &str, source: &str) -> anyhow::Result<()> {
    let Some(lock) = store.get::<super::PublishedSourceRecord>(&keys::published_source(tenant_id, source)).await?
    else {
        return Ok(());
    };
    if let Some(record) = by_slug(store, &lock.slug).await? {
        take_down(store, copies, &record, PublicationStatus::Deleted, DELETED).await?;
    }
    Ok(())
}

/// Every live item of a deleted campaign, taken down as deleted.
pub async fn campaign_deleted(
    store: &Store,
    copies: Copies<'_>,
    tenant_id: &str,
    campaign_id: &str,
) -> anyhow::Result<usize> {
    let live: Vec<PublicationRecord> =
        store.query(Query::gsi2(keys::live_publications_of_campaign_gsi2(tenant_id, campaign_id))).await?;
    for record in &live {
        take_down(store, copies, record, PublicationStatus::Deleted, DELETED).await?;
    }
    Ok(live.len())
}
