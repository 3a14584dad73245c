//! Removing a contributor's answers: their videos (S3), the answers' video fields or
//! records, and the counts they were part of, each answer in one transaction.

use storyhive_shared::{
    campaigns::{records::CampaignRecord, repo},
    contributors::{
        records::{JourneyRecord, UploadStatus},
        stats::StatsDelta,
    },
    model,
    storage::{AttributeValue, StoreError},
    ApiResult, AppContext,
};

/// Deletes the contributor's videos in the campaign. With `keep_records` their
/// answers stay (scripts, settings) without a take; otherwise they go too.
pub async fn remove(
    context: &AppContext,
    campaign: &CampaignRecord,
    journeys: &[JourneyRecord],
    contributor_id: &str,
    keep_records: bool,
) -> ApiResult<()> {
    let store = &context.store;
    for record in journeys.iter().filter(|j| j.contributor_id == contributor_id) {
        let mut ops = Vec::new();
        if let Some(key) = &record.s3_video_key {
            ops.push(StatsDelta::removing(record).op(store, &campaign.tenant_id)?);
            ops.push(store.update_op(&campaign.key(), |u| {
                u.update_expression("ADD videoCount :minus")
                    .expression_attribute_values(":minus", AttributeValue::N("-1".into()))
            })?);
            let condition_key = key.clone();
            if keep_records {
                let mut cleared = record.clone();
                cleared.s3_video_key = None;
                cleared.video_taken_at = None;
                cleared.duration_seconds = None;
                cleared.size_bytes = None;
                cleared.width = None;
                cleared.height = None;
                cleared.container = None;
                cleared.uploaded_at = None;
                cleared.upload_status = UploadStatus::None;
                cleared.failure_reason = None;
                cleared.previous_takes.clear();
                cleared.updated_at = model::timestamp(model::now());
                let item = storyhive_shared::storage::to_item(&cleared)?;
                ops.push(store.update_op(&record.key(), |mut u| {
                    let fields = [
                        "s3VideoKey",
                        "videoTakenAt",
                        "durationSeconds",
                        "sizeBytes",
                        "width",
                        "height",
                        "container",
                        "uploadedAt",
                        "uploadStatus",
                        "failureReason",
                        "previousTakes",
                        "updatedAt",
                    ];
                    let mut sets = Vec::new();
                    for (index, field) in fields.iter().enumerate() {
                        u = u.expression_attribute_names(format!("#f{index}"), *field).expression_attribute_values(
                            format!(":f{index}"),
                            item.get(*field).cloned().unwrap_or(AttributeValue::Null(true)),
                        );
                        sets.push(format!("#f{index} = :f{index}"));
                    }
                    u.update_expression(format!("SET {}", sets.join(", ")))
                        .condition_expression("s3VideoKey = :key")
                        .expression_attribute_values(":key", AttributeValue::S(condition_key.clone()))
                })?);
            } else {
                ops.push(store.update_op(&record.key(), |u| {
                    u.update_expression("REMOVE s3VideoKey")
                        .condition_expression("s3VideoKey = :key")
                        .expression_attribute_values(":key", AttributeValue::S(condition_key.clone()))
                })?);
            }
            match store.transact(ops).await {
                // Already removed by a concurrent request: the counts moved once.
                Ok(()) | Err(StoreError::ConditionFailed) => {}
                Err(other) => return Err(other.into()),
            }
        }
        if !keep_records {
            store.delete(&record.key()).await?;
        }
    }
    let prefix = format!(
        "{}{contributor_id}/",
        repo::campaign_video_prefix(&campaign.tenant_id, &campaign.initiative_id, &campaign.campaign_id)
    );
    repo::delete_objects_under(&context.s3, context.config.video_bucket()?, &prefix).await?;
    Ok(())
}
