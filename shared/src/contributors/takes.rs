//! Removing a stored take, with every figure it counts in: the organisation's totals
//! (`STATS`), the campaign's video count and the contributor's answered count, and its
//! transcript. (Its objects in S3 are removed by the caller, which holds the bucket:
//! `storage::objects::objects_of_take`.) One
//! transaction per answer, conditioned on the take being the one read, so a repeat (a
//! retried delete, a redelivered cascade job) changes nothing.

use super::{records::JourneyRecord, stats::StatsDelta};
use crate::{
    model,
    storage::{keys, AttributeValue, Store, StoreError, StoreResult, TransactWriteItem},
};

/// What becomes of the answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Removal {
    /// The answer goes (question deleted, contributor removed with their answers).
    Record,
    /// The answer stays (script, settings) without a take, ready to be recorded again.
    KeepRecord,
}

/// Attributes of a take, removed (not set to null) so the answer reads as never
/// recorded: the upload worker's "first take" condition is `attribute_not_exists`.
const TAKE_ATTRIBUTES: &[&str] = &[
    "s3VideoKey",
    "videoTakenAt",
    "durationSeconds",
    "sizeBytes",
    "width",
    "height",
    "container",
    "uploadedAt",
    "failureReason",
    "reviewStatus",
    "media",
];

fn journey_op(store: &Store, journey: &JourneyRecord, key: &str, removal: Removal) -> StoreResult<TransactWriteItem> {
    match removal {
        Removal::Record => {
            let delete = aws_sdk_dynamodb::types::Delete::builder()
                .table_name(store.table_name())
                .set_key(Some(crate::storage::to_item(&journey.key())?))
                .condition_expression("s3VideoKey = :key")
                .expression_attribute_values(":key", AttributeValue::S(key.into()))
                .build()
                .map_err(|e| StoreError::Other(e.into()))?;
            Ok(TransactWriteItem::builder().delete(delete).build())
        }
        Removal::KeepRecord => store.update_op(&journey.key(), |mut u| {
            let mut removes = Vec::new();
            for (index, name) in TAKE_ATTRIBUTES.iter().enumerate() {
                u = u.expression_attribute_names(format!("#r{index}"), *name);
                removes.push(format!("#r{index}"));
            }
            u.update_expression(format!(
                "REMOVE {} SET uploadStatus = :none, previousTakes = :empty, updatedAt = :at",
                removes.join(", ")
            ))
            .condition_expression("s3VideoKey = :key")
            .expression_attribute_values(":key", AttributeValue::S(key.into()))
            .expression_attribute_values(":none", AttributeValue::S("none".into()))
            .expression_attribute_values(":empty", AttributeValue::L(Vec::new()))
            .expression_attribute_values(":at", AttributeValue::S(model::timestamp(model::now())))
        }),
    }
}

fn add_op(store: &Store, key: &keys::Key, attribute: &str, delta: i64) -> StoreResult<TransactWriteItem> {
    store.update_op(key, |u| {
        u.update_expression("ADD #n :delta")
            .condition_expression("attribute_exists(PK)")
            .expression_attribute_names("#n", attribute)
            .expression_attribute_values(":delta", AttributeValue::N(delta.to_string()))
    })
}

/// Removes `journey`'s take (and with [`Removal::Record`] the answer). Returns whether
/// this call removed it (false: someone else did first). Answers without a take are
/// deleted (or left alone) without touching any figure.
pub async fn remove_take(
    store: &Store,
    journey: &JourneyRecord,
    removal: Removal,
    count_in_campaign: bool,
) -> StoreResult<bool> {
    let Some(take) = journey.s3_video_key.clone() else {
        if removal == Removal::Record {
            store.delete(&journey.key()).await?;
        }
        return Ok(false);
    };
    let membership_key = keys::membership(&journey.tenant_id, &journey.campaign_id, &journey.contributor_id);
    let campaign_key = keys::campaign(&journey.tenant_id, &journey.campaign_id);
    let (mut with_membership, mut with_campaign) = (true, count_in_campaign);
    for _attempt in 0..3 {
        let mut ops = vec![
            journey_op(store, journey, &take, removal)?,
            StatsDelta::removing(journey).op(store, &journey.tenant_id)?,
        ];
        if with_campaign {
            ops.push(add_op(store, &campaign_key, "videoCount", -1)?);
        }
        if with_membership {
            ops.push(add_op(store, &membership_key, "answeredCount", -1)?);
        }
        match store.transact(ops).await {
            Ok(()) => {
                // The removed take's transcript goes with it (a newer take's stays).
                let transcript = keys::transcript(
                    &journey.tenant_id,
                    &journey.campaign_id,
                    &journey.contributor_id,
                    &journey.campaign_question_id,
                );
                match store
                    .delete_if(&transcript, "takeKey = :take", &[(":take", AttributeValue::S(take.clone()))])
                    .await
                {
                    Ok(()) | Err(StoreError::ConditionFailed) => {}
                    Err(other) => return Err(other),
                }
                crate::search::index_answer(store, &crate::search::AnswerRef::of_journey(journey)).await?;
                return Ok(true);
            }
            Err(StoreError::ConditionFailed) => {
                // Which condition failed? The take may be gone (removed meanwhile), or the
                // membership or campaign holding a count (then there is no count to keep).
                let current = store.get::<JourneyRecord>(&journey.key()).await?;
                if current.and_then(|c| c.s3_video_key).as_deref() != Some(take.as_str()) {
                    return Ok(false);
                }
                let found = store.batch_get(&[membership_key.clone(), campaign_key.clone()]).await?;
                with_membership &= found.contains_key(&(membership_key.pk.clone(), membership_key.sk.clone()));
                with_campaign &= found.contains_key(&(campaign_key.pk.clone(), campaign_key.sk.clone()));
            }
            Err(other) => return Err(other),
        }
    }
    Err(StoreError::Other(anyhow::anyhow!("the answer {} kept changing while its take was removed", journey.sk)))
}
