//! Removing a contributor's answers in a campaign: their takes with the figures they
//! count in (one transaction each, see `storyhive_shared::answers`), their generated videos
//! and their clips in stories (with the stories' renders), then the S3 objects of
//! exactly the takes removed. Never the whole prefix: a take acknowledged meanwhile
//! (an upload finishing during the removal) is kept with its files.

use storyhive_shared::{
    answers::{self, Removal},
    campaigns::{records::CampaignRecord, repo},
    contributors::records::JourneyRecord,
    media,
    publishing::takedown,
    ApiResult, AppContext,
};

/// Deletes the contributor's videos in the campaign. With [`Removal::KeepRecord`] their
/// answers stay (scripts, settings) without a take, and their journey opens again
/// (it is no longer submitted); with [`Removal::Record`] the answers go too.
pub async fn remove(
    context: &AppContext,
    campaign: &CampaignRecord,
    contributor_id: &str,
    removal: Removal,
) -> ApiResult<()> {
    let store = &context.store;
    let journeys: Vec<JourneyRecord> = storyhive_shared::contributors::repo::journeys_of(
        store,
        &campaign.tenant_id,
        &campaign.campaign_id,
        contributor_id,
    )
    .await?;
    let journeys_removed: Vec<String> = journeys.iter().map(|j| j.campaign_question_id.clone()).collect();
    // The objects of each take this call removed (its earlier takes go with it).
    let cleared = std::sync::Mutex::new(Vec::new());
    let cleared_ref = &cleared;
    repo::each_concurrently(journeys, |journey| async move {
        if answers::take_deleted(store, &journey, removal, true).await? {
            let objects = journey.s3_video_key.iter().chain(journey.previous_takes.iter());
            cleared_ref
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .extend(objects.flat_map(|t| storyhive_shared::storage::objects::objects_of_take(t)));
        }
        Ok::<(), storyhive_shared::ApiError>(())
    })
    .await?;
    if removal == Removal::KeepRecord {
        // Without takes there is nothing submitted: the journey asks every question again.
        let key =
            storyhive_shared::storage::keys::membership(&campaign.tenant_id, &campaign.campaign_id, contributor_id);
        storyhive_shared::contributors::write::reopened(store, &key).await?;
    }
    // Their generated videos were cut from these takes: records and files go.
    let generated =
        media::renders::removed_of_contributor(store, &campaign.tenant_id, &campaign.campaign_id, contributor_id)
            .await?;
    // What the public saw of these answers and videos comes down with them.
    let copies =
        takedown::Copies { s3: context.s3()?, bucket: context.config.published_bucket()?, edge: &context.edge };
    let (campaign_id, tenant_id) = (&campaign.campaign_id, &campaign.tenant_id);
    // Stories lose their clips (and their renders, which show them), published ones first
    // coming down.
    storyhive_shared::cascade::stories_lose_answers(
        store,
        copies,
        context.config.video_bucket()?,
        tenant_id,
        campaign_id,
        storyhive_shared::cascade::RemovedAnswers::OfContributor(contributor_id),
    )
    .await?;
    let sources = journeys_removed
        .iter()
        .map(|question_id| takedown::answer_source(campaign_id, contributor_id, question_id))
        .chain(generated.iter().map(|v| takedown::video_source(campaign_id, &v.video_id)))
        .chain(generated.iter().filter_map(|v| v.story_id.as_ref()).map(|s| takedown::story_source(campaign_id, s)));
    for source in sources {
        takedown::source_deleted(store, copies, tenant_id, &source).await?;
    }
    // A generated video that is a one-speaker story: the story and its renders go with it.
    let mut stories_objects = Vec::new();
    for story_id in generated.iter().filter_map(|v| v.story_id.as_ref()) {
        stories_objects.extend(
            storyhive_shared::stories::repo::removed_with_renders(store, tenant_id, campaign_id, story_id).await?,
        );
    }
    let objects: Vec<String> = cleared
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .chain(generated.iter().flat_map(|v| v.object_keys()))
        .chain(stories_objects)
        .collect();
    repo::delete_keys(context.s3()?, context.config.video_bucket()?, &objects).await?;
    Ok(())
}
