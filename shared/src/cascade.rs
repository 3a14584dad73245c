//! Removals too large for one request: the API marks the thing as being deleted (so it
//! disappears at once), records the job as pending in the same transaction, and queues
//! it; the cascade worker removes everything that belongs to it, S3 objects included,
//! and then clears the pending record. Every step can be repeated, so a job interrupted
//! at any point finishes when SQS delivers it again; a job whose message was never sent
//! (the queue refused it) is found pending by the worker's periodic sweep and sent again.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;

use crate::{
    answers,
    campaigns::{
        records::{CampaignRecord, LifecycleStatus},
        repo,
    },
    contributors::{
        self,
        records::{JourneyRecord, MembershipRecord},
    },
    model,
    publishing::takedown::{self, Copies},
    queue::CascadeQueue,
    search,
    storage::{from_item, keys, objects, Query, Store, StoreResult, TransactWriteItem},
    stories::{self, StoryClip, StoryRecord, StoryRenderRecord},
};

pub use crate::queue::CascadeJob;

/// The owner name the purge of a campaign writes under (`storage::owner`): it removes what
/// is left of every record of the campaign's partition once each owner has removed its own
/// (answers with takes, memberships), and the campaign last.
pub const WRITER: &str = "cascade";

impl CascadeJob {
    /// The media bucket prefixes a [`CascadeJob::DeleteFiles`] empties (none for the others).
    pub fn file_prefixes(&self) -> Vec<String> {
        use crate::storage::objects;
        let Self::DeleteFiles { tenant_id, user_id } = self else { return Vec::new() };
        match user_id {
            None => objects::organisation_file_prefixes(tenant_id).into(),
            Some(user_id) => {
                objects::user_file_prefixes(tenant_id, user_id, &crate::organisation::files::USER_FILE_KINDS)
            }
        }
    }
}

/// A job asked for and not finished yet.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PendingCascade {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    pub entity_type: String,
    pub job: CascadeJob,
    /// Unix seconds of the last time it was sent to the queue.
    pub sent_at: i64,
}

impl PendingCascade {
    pub const ENTITY: &'static str = "PendingCascade";

    pub fn new(job: &CascadeJob, at: OffsetDateTime) -> Self {
        let key = keys::pending_cascade(&job.id());
        Self {
            pk: key.pk,
            sk: key.sk,
            entity_type: Self::ENTITY.into(),
            job: job.clone(),
            sent_at: at.unix_timestamp(),
        }
    }
}

/// The write that records `job` as pending; put it in the transaction that marks the
/// thing as being deleted.
pub fn pending_op(store: &Store, job: &CascadeJob) -> StoreResult<TransactWriteItem> {
    store.put_op(&PendingCascade::new(job, model::now()))
}

/// Sends a job recorded as pending to the worker.
pub async fn send(queue: &CascadeQueue, job: &CascadeJob) -> anyhow::Result<()> {
    queue.send(job).await
}

/// Clears the pending record of a finished job.
pub async fn finished(store: &Store, job: &CascadeJob) -> StoreResult<()> {
    store.delete(&keys::pending_cascade(&job.id())).await
}

/// Pending jobs last sent before `sent_before` (unix seconds).
pub async fn due(store: &Store, sent_before: i64) -> StoreResult<Vec<PendingCascade>> {
    let all: Vec<PendingCascade> = store.query(Query::partition(keys::PENDING_CASCADES)).await?;
    Ok(all.into_iter().filter(|p| p.sent_at < sent_before).collect())
}

/// Notes that a pending job was sent again now.
pub async fn resent(store: &Store, pending: &PendingCascade) -> StoreResult<()> {
    let mut again = pending.clone();
    again.sent_at = model::now().unix_timestamp();
    store.put(&again).await
}

/// Removes a campaign marked for deletion: its videos, tag links and every item of its
/// partition, keeping the organisation's figures and contributors' counts exact (each
/// answer with a take and each membership is removed in its own transaction with the
/// figures it counts in; a repeat finds them gone). The campaign item goes last, so a
/// repeat finds it again. Repeatable at every step.
pub async fn purge_campaign(
    store: &Store,
    s3: &aws_sdk_s3::Client,
    bucket: &str,
    tenant_id: &str,
    campaign_id: &str,
) -> anyhow::Result<()> {
    let Some(mut campaign) = store.get::<CampaignRecord>(&keys::campaign(tenant_id, campaign_id)).await? else {
        return Ok(());
    };
    if campaign.lifecycle == LifecycleStatus::Active {
        // Removed with its initiative: it leaves the lists first, as a deleted campaign does.
        campaign = repo::unlist_campaign(store, &campaign).await?;
    }
    for prefix in objects::campaign_prefixes(tenant_id, &campaign.initiative_id, campaign_id) {
        repo::delete_objects_under(s3, bucket, &prefix).await?;
    }
    let links: Vec<keys::Key> =
        campaign.tag_ids.iter().map(|tag_id| keys::tag_link(tenant_id, tag_id, campaign_id)).collect();
    store.delete_many(&links).await?;
    let partition = keys::campaign_partition(tenant_id, campaign_id);

    let journeys: Vec<JourneyRecord> = store.query(Query::table(partition.clone(), keys::JOURNEY_PREFIX)).await?;
    let with_takes: Vec<JourneyRecord> = journeys.into_iter().filter(|j| j.s3_video_key.is_some()).collect();
    repo::each_concurrently(with_takes, |journey| async move {
        answers::take_deleted(store, &journey, answers::Removal::Record, false).await.map(|_| ())
    })
    .await?;
    search::campaign_removed(store, tenant_id, campaign_id).await?;
    let memberships: Vec<MembershipRecord> =
        store.query(Query::table(partition.clone(), keys::CONTRIBUTOR_PREFIX)).await?;
    repo::each_concurrently(memberships, |m| async move {
        contributors::write::membership_removed(store, &m).await.map(|_| ())
    })
    .await?;

    // The speakers' links of its stories are outside its partition.
    for story in stories::repo::of_campaign(store, tenant_id, campaign_id).await? {
        stories::repo::speakers_unlinked(store, &story).await?;
    }

    let items = store.query_items(Query::partition(partition)).await?;
    let mut rest = Vec::new();
    for item in items {
        let key: keys::Key = from_item(item)?;
        if key.sk != "CAMPAIGN" {
            rest.push(key);
        }
    }
    crate::storage::owner::writing_as(WRITER, async {
        store.delete_many(&rest).await?;
        store.delete(&campaign.key()).await
    })
    .await?;
    Ok(())
}

/// Whose removed answers the stories of a campaign lose.
#[derive(Debug, Clone, Copy)]
pub enum RemovedAnswers<'a> {
    /// Every answer of a collaborator in the campaign (deleted with them, removed from the
    /// campaign with their answers, or their videos deleted).
    OfContributor(&'a str),
    /// Every collaborator's answer to a deleted question.
    OfQuestion(&'a str),
}

impl RemovedAnswers<'_> {
    fn holds(self, clip: &StoryClip) -> bool {
        match self {
            Self::OfContributor(contributor_id) => clip.contributor_id == contributor_id,
            Self::OfQuestion(question_id) => clip.question_id == question_id,
        }
    }
}

/// What the stories of a campaign lost with some of its answers.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct StoriesCut {
    /// Stories that kept their other clips (at their next version).
    pub changed: usize,
    /// Stories left with no clip, deleted.
    pub deleted: usize,
    /// Renders deleted with their files.
    pub renders: usize,
}

/// Changing a story meanwhile (an editor saving it) makes its cut start again this many times.
const STORY_CUT_ATTEMPTS: usize = 5;

/// Removes `removed`'s clips from the campaign's stories, after their answers were removed:
/// a story keeps its other clips at its next version (its speakers' links move with it), a
/// story left with no clip is deleted (with the generated video it is, if any); every render
/// of such a story (and any older render holding those clips) is deleted with its files,
/// since the removed speaker is in its picture, and a published story (or generated video)
/// is taken down first. Repeatable: a repeat finds nothing
/// left to cut; a speaker's link to a story that no longer holds them is removed.
pub async fn stories_lose_answers(
    store: &Store,
    copies: Copies<'_>,
    video_bucket: &str,
    tenant_id: &str,
    campaign_id: &str,
    removed: RemovedAnswers<'_>,
) -> anyhow::Result<StoriesCut> {
    // The stories holding the clips: a collaborator's through their links (one Query), a
    // question's among the campaign's stories.
    let mut holding: BTreeSet<String> = BTreeSet::new();
    match removed {
        RemovedAnswers::OfContributor(contributor_id) => {
            for link in stories::repo::of_speaker_in_campaign(store, tenant_id, contributor_id, campaign_id).await? {
                let story = stories::repo::get(store, tenant_id, campaign_id, &link.story_id).await?;
                if story.is_some_and(|s| s.clips.iter().any(|c| removed.holds(c))) {
                    holding.insert(link.story_id);
                } else {
                    stories::repo::speaker_unlinked(store, &link).await?;
                }
            }
        }
        RemovedAnswers::OfQuestion(_) => {
            for story in stories::repo::of_campaign(store, tenant_id, campaign_id).await? {
                if story.clips.iter().any(|c| removed.holds(c)) {
                    holding.insert(story.story_id);
                }
            }
        }
    }
    // Renders to delete: every render of a story holding the clips, and a render of an
    // earlier version holding them (the story no longer does, its picture still does).
    let renders: Vec<StoryRenderRecord> = stories::repo::renders_of_campaign(store, tenant_id, campaign_id)
        .await?
        .into_iter()
        .filter(|r| holding.contains(&r.story_id) || r.clips.iter().any(|c| removed.holds(c)))
        .collect();
    let touched: BTreeSet<String> = holding.iter().cloned().chain(renders.iter().map(|r| r.story_id.clone())).collect();
    for story_id in &touched {
        takedown::source_deleted(store, copies, tenant_id, &takedown::story_source(campaign_id, story_id)).await?;
    }
    // A generated video that is one of these stories shows its render: published, it comes down too.
    let videos: BTreeSet<&str> = renders.iter().filter_map(|r| r.generated_video_id.as_deref()).collect();
    for video_id in &videos {
        takedown::source_deleted(store, copies, tenant_id, &takedown::video_source(campaign_id, video_id)).await?;
    }
    for render in &renders {
        repo::delete_keys(copies.s3, video_bucket, &render.objects.all()).await?;
        stories::repo::render_removed(store, render).await?;
    }
    let mut cut = StoriesCut { renders: renders.len(), ..StoriesCut::default() };
    for story_id in &holding {
        match story_cut(store, tenant_id, campaign_id, story_id, removed).await? {
            Cut::Deleted(story) => {
                cut.deleted += 1;
                // A generated video that was this story goes with it (as deleting the story does).
                if let Some(video_id) = &story.generated_video_id {
                    let source = takedown::video_source(campaign_id, video_id);
                    takedown::source_deleted(store, copies, tenant_id, &source).await?;
                    let key = keys::generated_video(tenant_id, campaign_id, video_id);
                    if let Some(video) = crate::media::renders::removed(store, &key).await? {
                        repo::delete_keys(copies.s3, video_bucket, &video.object_keys()).await?;
                    }
                }
            }
            Cut::Changed => cut.changed += 1,
            Cut::Nothing => {}
        }
    }
    Ok(cut)
}

/// What cutting one story did.
enum Cut {
    /// No clip was left: deleted (as it was).
    Deleted(Box<StoryRecord>),
    /// Kept its other clips, at its next version.
    Changed,
    /// Gone already, or holding none of the clips.
    Nothing,
}

/// The story without `removed`'s clips.
async fn story_cut(
    store: &Store,
    tenant_id: &str,
    campaign_id: &str,
    story_id: &str,
    removed: RemovedAnswers<'_>,
) -> anyhow::Result<Cut> {
    for _attempt in 0..STORY_CUT_ATTEMPTS {
        let Some(story) = stories::repo::get(store, tenant_id, campaign_id, story_id).await? else {
            return Ok(Cut::Nothing);
        };
        let kept: Vec<StoryClip> = story.clips.iter().filter(|c| !removed.holds(c)).cloned().collect();
        if kept.len() == story.clips.len() {
            return Ok(Cut::Nothing);
        }
        if kept.is_empty() {
            if stories::repo::removed(store, &story).await? {
                return Ok(Cut::Deleted(Box::new(story)));
            }
            continue;
        }
        let after = StoryRecord {
            speakers: stories::speakers_of(&kept),
            clips: kept,
            version: story.version + 1,
            updated_at: model::timestamp(model::now()),
            ..story.clone()
        };
        if stories::repo::changed(store, &story, &after).await? {
            return Ok(Cut::Changed);
        }
    }
    anyhow::bail!("the story {story_id} kept changing while the clips of removed answers were cut from it")
}
