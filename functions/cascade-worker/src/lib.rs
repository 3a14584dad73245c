//! Cascade worker: removes initiatives, campaigns and deleted questions' answers with
//! everything that belongs to them (items and S3 objects), and the files of deleted
//! staff members and closed organisations, keeping the organisation's
//! figures exact; and takes published videos down when a collaborator withdraws consent
//! or what they show is deleted. Each step is repeatable, so a job interrupted anywhere completes when
//! SQS delivers it again; failures are reported per message and end in the dead-letter
//! queue after `maxReceiveCount`. A periodic sweep sends again the jobs recorded as
//! pending whose message was lost (the API could not queue it).

use anyhow::Context;
use aws_lambda_events::event::sqs::{SqsBatchResponse, SqsEvent};
use serde_json::{json, Value};
use storyhive_shared::{
    answers,
    campaigns::{
        records::{CampaignRecord, InitiativeRecord},
        repo,
    },
    cascade::{self, CascadeJob},
    contributors::records::JourneyRecord,
    edge::EdgeCache,
    model,
    publishing::takedown,
    queue::CascadeQueue,
    storage::{keys, objects, Query, Store},
    AppContext,
};

/// Pending jobs older than this are sent again by the sweep (the queue's visibility
/// timeout is 12 minutes: a job being worked on is not sent twice).
pub const SWEEP_AFTER_SECONDS: i64 = 15 * 60;

#[derive(Clone, Debug)]
pub struct Cascade {
    pub store: Store,
    pub s3: aws_sdk_s3::Client,
    pub video_bucket: String,
    /// Organisation and staff files (`DeleteFiles`).
    pub media_bucket: String,
    /// Public copies of published videos (taken down with consent or their source).
    pub published_bucket: String,
    /// The edge cache a takedown clears.
    pub edge: EdgeCache,
    pub queue: CascadeQueue,
    /// The organisation's webhooks hear of consent withdrawals (`consent.withdrawn`).
    pub webhooks: storyhive_shared::queue::WebhookQueue,
}

impl Cascade {
    /// The worker as its function's configuration gives it.
    pub fn new(context: &AppContext) -> anyhow::Result<Self> {
        Ok(Self {
            store: context.store.clone(),
            s3: context.s3()?.clone(),
            video_bucket: context.config.video_bucket()?.to_string(),
            media_bucket: context.config.media_bucket()?.to_string(),
            published_bucket: context.config.published_bucket()?.to_string(),
            edge: context.edge.clone(),
            queue: context.cascade.clone(),
            webhooks: context.webhooks.clone(),
        })
    }
}

/// One invocation: an SQS batch, or the scheduled sweep (`{"sweep": true}`).
pub async fn handle_event(cascade: &Cascade, event: Value) -> anyhow::Result<Value> {
    if event.get("Records").is_some() {
        let batch: SqsEvent = serde_json::from_value(event).context("reading the SQS event")?;
        return Ok(serde_json::to_value(handle(cascade, batch).await)?);
    }
    if event.get("sweep").and_then(Value::as_bool) == Some(true) {
        let resent = cascade.sweep(model::now().unix_timestamp() - SWEEP_AFTER_SECONDS).await?;
        return Ok(json!({ "resent": resent }));
    }
    anyhow::bail!("unknown event: neither an SQS batch nor a sweep")
}

pub async fn handle(cascade: &Cascade, event: SqsEvent) -> SqsBatchResponse {
    let mut response = SqsBatchResponse::default();
    for record in event.records {
        let id = record.message_id.clone().unwrap_or_default();
        let result = async {
            let job: CascadeJob =
                serde_json::from_str(record.body.as_deref().unwrap_or_default()).context("reading job")?;
            cascade.run(&job).await.with_context(|| format!("{job:?}"))
        }
        .await;
        if let Err(error) = result {
            tracing::error!(message_id = %id, error = ?error, "cascade step failed; it will be retried");
            response.add_failure(id);
        }
    }
    response
}

impl Cascade {
    fn copies(&self) -> takedown::Copies<'_> {
        takedown::Copies { s3: &self.s3, bucket: &self.published_bucket, edge: &self.edge }
    }

    pub async fn run(&self, job: &CascadeJob) -> anyhow::Result<()> {
        match job {
            CascadeJob::DeleteCampaign { tenant_id, campaign_id } => {
                takedown::campaign_deleted(&self.store, self.copies(), tenant_id, campaign_id).await?;
                storyhive_shared::cascade::purge_campaign(
                    &self.store,
                    &self.s3,
                    &self.video_bucket,
                    tenant_id,
                    campaign_id,
                )
                .await?;
                tracing::info!(%tenant_id, %campaign_id, "campaign removed");
            }
            CascadeJob::DeleteInitiative { tenant_id, initiative_id } => {
                let campaigns: Vec<CampaignRecord> =
                    self.store.query(Query::gsi2(keys::campaigns_of_initiative_gsi2(tenant_id, initiative_id))).await?;
                for campaign in &campaigns {
                    takedown::campaign_deleted(&self.store, self.copies(), tenant_id, &campaign.campaign_id).await?;
                    storyhive_shared::cascade::purge_campaign(
                        &self.store,
                        &self.s3,
                        &self.video_bucket,
                        tenant_id,
                        &campaign.campaign_id,
                    )
                    .await?;
                }
                // Anything left under the initiative's prefixes (e.g. an upload that raced the deletion).
                for prefix in objects::initiative_prefixes(tenant_id, initiative_id) {
                    repo::delete_objects_under(&self.s3, &self.video_bucket, &prefix).await?;
                }
                if let Some(initiative) =
                    self.store.get::<InitiativeRecord>(&keys::initiative(tenant_id, initiative_id)).await?
                {
                    self.store.delete(&keys::initiative_name(tenant_id, &initiative.name)).await?;
                    self.store.delete(&initiative.key()).await?;
                }
                tracing::info!(%tenant_id, %initiative_id, campaigns = campaigns.len(), "initiative removed");
            }
            CascadeJob::DeleteQuestionAnswers { tenant_id, campaign_id, question_id } => {
                let removed = self.remove_answers(tenant_id, campaign_id, question_id).await?;
                tracing::info!(%tenant_id, %campaign_id, %question_id, removed, "answers of a deleted question removed");
            }
            CascadeJob::DeleteFiles { tenant_id, user_id } => {
                let mut removed = 0;
                for prefix in job.file_prefixes() {
                    removed += repo::delete_objects_under(&self.s3, &self.media_bucket, &prefix).await?;
                }
                tracing::info!(%tenant_id, ?user_id, removed, "files of a deleted owner removed");
            }
            CascadeJob::ConsentWithdrawn { tenant_id, contributor_id } => {
                let taken = takedown::consent_withdrawn(&self.store, self.copies(), tenant_id, contributor_id).await?;
                // `consent.withdrawn`, once per withdrawal (its time is part of the fact).
                let key = keys::consent_withdrawal(tenant_id, contributor_id);
                if let Some(withdrawal) =
                    self.store.get::<storyhive_shared::publishing::ConsentWithdrawalRecord>(&key).await?
                {
                    let data = storyhive_shared::webhooks::EventData::ConsentWithdrawn(
                        storyhive_shared::webhooks::ConsentWithdrawnData {
                            collaborator_id: contributor_id.clone(),
                            withdrawn_at: withdrawal.withdrawn_at.clone(),
                        },
                    );
                    let fact = format!("{contributor_id}#{}", withdrawal.withdrawn_at);
                    storyhive_shared::webhooks::emit(&self.store, &self.webhooks, tenant_id, &fact, data).await?;
                }
                tracing::info!(%tenant_id, %contributor_id, taken, "published videos of a withdrawn consent taken down");
            }
        }
        cascade::finished(&self.store, job).await?;
        Ok(())
    }

    /// Removes every answer to a deleted question, with its takes (objects and figures) and
    /// its clips in the campaign's stories.
    async fn remove_answers(&self, tenant_id: &str, campaign_id: &str, question_id: &str) -> anyhow::Result<usize> {
        let all: Vec<JourneyRecord> = self
            .store
            .query(Query::table(keys::campaign_partition(tenant_id, campaign_id), keys::JOURNEY_PREFIX))
            .await?;
        let answers: Vec<JourneyRecord> = all.into_iter().filter(|j| j.campaign_question_id == question_id).collect();
        let count = answers.len();
        let objects: Vec<String> = answers
            .iter()
            .flat_map(|a| a.s3_video_key.iter().chain(a.previous_takes.iter()))
            .flat_map(|take| objects::objects_of_take(take))
            .collect();
        for answer in &answers {
            let source = takedown::answer_source(campaign_id, &answer.contributor_id, question_id);
            takedown::source_deleted(&self.store, self.copies(), tenant_id, &source).await?;
        }
        // Stories lose the question's clips, and their renders go (a repeat finds none left).
        cascade::stories_lose_answers(
            &self.store,
            self.copies(),
            &self.video_bucket,
            tenant_id,
            campaign_id,
            cascade::RemovedAnswers::OfQuestion(question_id),
        )
        .await?;
        let store = &self.store;
        repo::each_concurrently(answers, |answer| async move {
            answers::take_deleted(store, &answer, answers::Removal::Record, true).await.map(|_| ())
        })
        .await?;
        repo::delete_keys(&self.s3, &self.video_bucket, &objects)
            .await
            .context("deleting a deleted question's videos")?;
        Ok(count)
    }

    /// Sends again every pending job last sent before `sent_before` (unix seconds).
    pub async fn sweep(&self, sent_before: i64) -> anyhow::Result<usize> {
        let due = cascade::due(&self.store, sent_before).await?;
        for pending in &due {
            cascade::send(&self.queue, &pending.job).await?;
            cascade::resent(&self.store, pending).await?;
            tracing::warn!(job = ?pending.job, "a pending deletion was sent again");
        }
        Ok(due.len())
    }
}
