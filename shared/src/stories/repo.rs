//! The one module that writes stories: made, changed, removed (each with its speakers'
//! links in the same transaction, so a person's stories are always one Query away), and
//! their renders made. The render's progress and result go through `media::renders`, as a
//! generated video's.

use serde::{Deserialize, Serialize};

use super::{StoryRecord, StoryRenderRecord};
use crate::storage::{keys, owner, AttributeValue, Query, Store, StoreError, StoreResult, TransactWriteItem};

/// The owner name this module writes under.
pub const WRITER: &str = "stories";

/// A speaker's link to a story (`keys::story_speaker`).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StorySpeakerRecord {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    pub entity_type: String,
    pub tenant_id: String,
    pub contributor_id: String,
    pub campaign_id: String,
    pub story_id: String,
}

impl StorySpeakerRecord {
    pub const ENTITY: &'static str = "StorySpeaker";

    fn of(story: &StoryRecord, contributor_id: &str) -> Self {
        let key = keys::story_speaker(&story.tenant_id, contributor_id, &story.campaign_id, &story.story_id);
        Self {
            pk: key.pk,
            sk: key.sk,
            entity_type: Self::ENTITY.into(),
            tenant_id: story.tenant_id.clone(),
            contributor_id: contributor_id.into(),
            campaign_id: story.campaign_id.clone(),
            story_id: story.story_id.clone(),
        }
    }
}

async fn owned<T>(write: impl std::future::Future<Output = T>) -> T {
    owner::writing_as(WRITER, write).await
}

/// The story, if it exists.
pub async fn get(
    store: &Store,
    tenant_id: &str,
    campaign_id: &str,
    story_id: &str,
) -> StoreResult<Option<StoryRecord>> {
    store.get(&keys::story(tenant_id, campaign_id, story_id)).await
}

/// A new story and its speakers' links.
pub async fn made(store: &Store, story: &StoryRecord) -> StoreResult<()> {
    let mut operations = vec![store.put_new_op(story)?];
    for speaker in &story.speakers {
        operations.push(store.put_op(&StorySpeakerRecord::of(story, speaker))?);
    }
    owned(store.transact(operations)).await
}

/// The writes of a new story, its speakers' links and its first render, for a transaction of
/// the caller's (a generated video is saved with its story and render at once: `media::renders::made_with`).
pub fn made_with_render_ops(
    store: &Store,
    story: &StoryRecord,
    render: &StoryRenderRecord,
) -> StoreResult<Vec<TransactWriteItem>> {
    let mut operations = vec![store.put_new_op(story)?, store.put_new_op(render)?];
    for speaker in &story.speakers {
        operations.push(store.put_op(&StorySpeakerRecord::of(story, speaker))?);
    }
    Ok(operations)
}

/// Replaces `before` with `after` (its next version) and moves the speakers' links with it.
/// False when the stored story is no longer `before`'s version (or is gone).
pub async fn changed(store: &Store, before: &StoryRecord, after: &StoryRecord) -> StoreResult<bool> {
    let mut operations = vec![store.put_versioned_op(after, before.version)?];
    for speaker in after.speakers.iter().filter(|s| !before.speakers.contains(s)) {
        operations.push(store.put_op(&StorySpeakerRecord::of(after, speaker))?);
    }
    for speaker in before.speakers.iter().filter(|s| !after.speakers.contains(s)) {
        operations.push(store.delete_op(&keys::story_speaker(
            &before.tenant_id,
            speaker,
            &before.campaign_id,
            &before.story_id,
        ))?);
    }
    match owned(store.transact(operations)).await {
        Ok(()) => Ok(true),
        Err(StoreError::ConditionFailed) => Ok(false),
        Err(other) => Err(other),
    }
}

/// Removes the story and its speakers' links (its renders are removed by the caller, which
/// holds the bucket). False when it was gone or changed meanwhile.
pub async fn removed(store: &Store, story: &StoryRecord) -> StoreResult<bool> {
    let mut operations = vec![store.delete_versioned_op(&story.key(), story.version)?];
    for speaker in &story.speakers {
        operations.push(store.delete_op(&keys::story_speaker(
            &story.tenant_id,
            speaker,
            &story.campaign_id,
            &story.story_id,
        ))?);
    }
    match owned(store.transact(operations)).await {
        Ok(()) => Ok(true),
        Err(StoreError::ConditionFailed) => Ok(false),
        Err(other) => Err(other),
    }
}

/// The stories holding one of the speaker's clips (one Query of their links).
pub async fn of_speaker(store: &Store, tenant_id: &str, contributor_id: &str) -> StoreResult<Vec<StorySpeakerRecord>> {
    store.query(Query::partition(keys::stories_of_speaker(tenant_id, contributor_id))).await
}

/// The speaker's links to the stories of one campaign.
pub async fn of_speaker_in_campaign(
    store: &Store,
    tenant_id: &str,
    contributor_id: &str,
    campaign_id: &str,
) -> StoreResult<Vec<StorySpeakerRecord>> {
    store
        .query(Query::table(
            keys::stories_of_speaker(tenant_id, contributor_id),
            keys::speaker_stories_in_campaign(campaign_id),
        ))
        .await
}

/// Removes a speaker's link to a story that no longer holds their clips (or is gone).
pub async fn speaker_unlinked(store: &Store, link: &StorySpeakerRecord) -> StoreResult<()> {
    owned(store.delete(&keys::story_speaker(&link.tenant_id, &link.contributor_id, &link.campaign_id, &link.story_id)))
        .await
}

/// Removes the speakers' links of a story whose record goes with its campaign's partition.
pub async fn speakers_unlinked(store: &Store, story: &StoryRecord) -> StoreResult<()> {
    let links: Vec<keys::Key> = story
        .speakers
        .iter()
        .map(|speaker| keys::story_speaker(&story.tenant_id, speaker, &story.campaign_id, &story.story_id))
        .collect();
    owned(store.delete_many(&links)).await
}

/// Every story of a campaign.
pub async fn of_campaign(store: &Store, tenant_id: &str, campaign_id: &str) -> StoreResult<Vec<StoryRecord>> {
    store.query(Query::table(keys::campaign_partition(tenant_id, campaign_id), keys::STORY_PREFIX)).await
}

/// Every render of every story of a campaign.
pub async fn renders_of_campaign(
    store: &Store,
    tenant_id: &str,
    campaign_id: &str,
) -> StoreResult<Vec<StoryRenderRecord>> {
    store.query(Query::table(keys::campaign_partition(tenant_id, campaign_id), keys::STORY_RENDER_PREFIX)).await
}

/// The story's renders, one per format at most.
pub async fn renders_of(
    store: &Store,
    tenant_id: &str,
    campaign_id: &str,
    story_id: &str,
) -> StoreResult<Vec<StoryRenderRecord>> {
    store
        .query(Query::table(keys::campaign_partition(tenant_id, campaign_id), keys::story_renders_prefix(story_id)))
        .await
}

/// A new render of a format, processing (its job is queued next); it replaces the format's
/// previous render, which is returned so that the caller removes its objects.
pub async fn render_made(store: &Store, render: &StoryRenderRecord) -> StoreResult<Option<StoryRenderRecord>> {
    let previous = store.get::<StoryRenderRecord>(&render.key()).await?;
    owned(store.put(render)).await?;
    Ok(previous)
}

/// A new render of a format in place of the one staff read (`previous_render_id`, none when
/// there was none): false when it changed meanwhile (of two retries at once, one renders).
pub async fn render_replaced(
    store: &Store,
    render: &StoryRenderRecord,
    previous_render_id: Option<&str>,
) -> StoreResult<bool> {
    let written = match previous_render_id {
        Some(previous) => {
            owned(store.put_if(render, "renderId = :previous", &[(":previous", AttributeValue::S(previous.into()))]))
                .await
        }
        None => owned(store.put_if(render, "attribute_not_exists(PK)", &[])).await,
    };
    match written {
        Ok(()) => Ok(true),
        Err(StoreError::ConditionFailed) => Ok(false),
        Err(other) => Err(other),
    }
}

/// Puts back the render a failed replacement took the place of.
pub async fn render_restored(store: &Store, render: &StoryRenderRecord) -> StoreResult<()> {
    owned(store.put(render)).await
}

/// Removes the story with every render of it and its speakers' links, whatever its version
/// (its generated video is being deleted, or its collaborator's videos); the objects of its
/// renders are returned for the caller, which holds the bucket, to remove. Nothing when it
/// was gone.
pub async fn removed_with_renders(
    store: &Store,
    tenant_id: &str,
    campaign_id: &str,
    story_id: &str,
) -> StoreResult<Vec<String>> {
    let renders = renders_of(store, tenant_id, campaign_id, story_id).await?;
    let mut objects = Vec::new();
    for render in &renders {
        objects.extend(render.objects.all());
        render_removed(store, render).await?;
    }
    // Changed meanwhile (an editor's save): read again and remove that version.
    for _ in 0..5 {
        let Some(story) = get(store, tenant_id, campaign_id, story_id).await? else {
            return Ok(objects);
        };
        if removed(store, &story).await? {
            return Ok(objects);
        }
    }
    Err(StoreError::ConditionFailed)
}

/// Takes back a render whose job could not be queued.
pub async fn render_unmade(store: &Store, render: &StoryRenderRecord) -> StoreResult<()> {
    owned(store.delete(&render.key())).await
}

/// Removes a render record (the caller removes its objects).
pub async fn render_removed(store: &Store, render: &StoryRenderRecord) -> StoreResult<()> {
    owned(store.delete(&render.key())).await
}
