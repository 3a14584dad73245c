//! Cascade worker: removes initiatives and campaigns marked for deletion, with
//! everything that belongs to them (items and S3 objects). Each step is repeatable,
//! so a job interrupted anywhere completes when SQS delivers it again; failures are
//! reported per message and end in the dead-letter queue after `maxReceiveCount`.

use anyhow::Context;
use aws_lambda_events::event::sqs::{SqsBatchResponse, SqsEvent};
use storyhive_shared::{
    campaigns::{
        records::{CampaignRecord, InitiativeRecord},
        repo,
    },
    cascade::CascadeJob,
    storage::{keys, Query, Store},
};

#[derive(Clone, Debug)]
pub struct Cascade {
    pub store: Store,
    pub s3: aws_sdk_s3::Client,
    pub video_bucket: String,
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
    pub async fn run(&self, job: &CascadeJob) -> anyhow::Result<()> {
        match job {
            CascadeJob::DeleteCampaign { tenant_id, campaign_id } => {
                repo::purge_campaign(&self.store, &self.s3, &self.video_bucket, tenant_id, campaign_id).await?;
                tracing::info!(%tenant_id, %campaign_id, "campaign removed");
            }
            CascadeJob::DeleteInitiative { tenant_id, initiative_id } => {
                let campaigns: Vec<CampaignRecord> =
                    self.store.query(Query::gsi2(keys::campaigns_of_initiative_gsi2(tenant_id, initiative_id))).await?;
                for campaign in &campaigns {
                    repo::purge_campaign(&self.store, &self.s3, &self.video_bucket, tenant_id, &campaign.campaign_id)
                        .await?;
                }
                // Anything left under the initiative's prefix (e.g. an upload that raced the deletion).
                repo::delete_objects_under(
                    &self.s3,
                    &self.video_bucket,
                    &repo::initiative_video_prefix(tenant_id, initiative_id),
                )
                .await?;
                if let Some(initiative) =
                    self.store.get::<InitiativeRecord>(&keys::initiative(tenant_id, initiative_id)).await?
                {
                    self.store.delete(&keys::initiative_name(tenant_id, &initiative.name)).await?;
                    self.store.delete(&initiative.key()).await?;
                }
                tracing::info!(%tenant_id, %initiative_id, campaigns = campaigns.len(), "initiative removed");
            }
        }
        Ok(())
    }
}
