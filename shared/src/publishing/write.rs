//! The one place that writes published items, their source locks and speaker links, and
//! consent withdrawals (owner "publishing"): the publishing function publishes and takes
//! down, the cascade worker takes down when consent is withdrawn or a source is deleted.

use super::{
    ConsentWithdrawalRecord, PublicationRecord, PublicationSpeakerRecord, PublicationStatus, PublishedSourceRecord,
    RecordedBy,
};
use crate::{
    model,
    storage::{
        keys,
        update::{Condition, Update},
        Store, StoreError, StoreResult, TransactWriteItem,
    },
};

/// The owner name this module writes under (`storage::owner`).
pub const WRITER: &str = "publishing";

async fn owned<T>(write: impl std::future::Future<Output = T>) -> T {
    crate::storage::owner::writing_as(WRITER, write).await
}

crate::record_fields!(
    /// The attributes of a published item that change after it is made.
    pub enum PublicationField {
        Status => ["status"],
        TakenDownAt => ["takenDownAt"],
        TakedownReason => ["takedownReason"],
        Gsi2Pk => ["GSI2PK"],
        Gsi2Sk => ["GSI2SK"],
    }
);

use PublicationField as P;

/// How a publication attempt ended.
#[derive(Debug)]
pub enum Created {
    /// Written: it is live.
    Live,
    /// The source already has a live item (this slug).
    AlreadyLive(String),
    /// A speaker's consent is withdrawn (found in the same transaction).
    Withdrawn(String),
}

/// Writes a new live item with its source lock and speaker links, holding only while no
/// speaker's consent is withdrawn and the source has no live item: a withdrawal recorded
/// at the same moment either fails this or finds the item in its sweep.
pub async fn create(store: &Store, record: &PublicationRecord) -> StoreResult<Created> {
    let source_key = keys::published_source(&record.tenant_id, &record.source);
    let source = PublishedSourceRecord {
        pk: source_key.pk.clone(),
        sk: source_key.sk.clone(),
        entity_type: "PublishedSource".into(),
        slug: record.slug.clone(),
    };
    let mut ops = vec![store.put_new_op(&source)?, store.put_new_op(record)?];
    for speaker in &record.speakers {
        let key = keys::publication_speaker(&record.tenant_id, &speaker.contributor_id, &record.slug);
        ops.push(store.put_op(&PublicationSpeakerRecord {
            pk: key.pk,
            sk: key.sk,
            entity_type: "PublicationSpeaker".into(),
            slug: record.slug.clone(),
        })?);
        ops.push(store.condition_check_op(
            &keys::consent_withdrawal(&record.tenant_id, &speaker.contributor_id),
            "attribute_not_exists(PK)",
            &[],
            &[],
        )?);
    }
    match owned(store.transact(ops)).await {
        Ok(()) => Ok(Created::Live),
        Err(StoreError::ConditionFailed) => {
            if let Some(live) = store.get::<PublishedSourceRecord>(&source_key).await? {
                return Ok(Created::AlreadyLive(live.slug));
            }
            for speaker in &record.speakers {
                let withdrawal = keys::consent_withdrawal(&record.tenant_id, &speaker.contributor_id);
                if store.get::<ConsentWithdrawalRecord>(&withdrawal).await?.is_some() {
                    return Ok(Created::Withdrawn(speaker.name.clone()));
                }
            }
            Err(StoreError::ConditionFailed)
        }
        Err(other) => Err(other),
    }
}

/// Takes a live item down with `status` and the reason staff read; its source lock and
/// speaker links go in the same transaction. `None` when it was not live (already taken
/// down: a repeat changes nothing).
pub async fn take_down(
    store: &Store,
    record: &PublicationRecord,
    status: PublicationStatus,
    reason: &str,
) -> StoreResult<Option<PublicationRecord>> {
    let now = model::timestamp(model::now());
    let update = Update::new()
        .set(P::Status, &status)
        .set(P::TakenDownAt, &now)
        .set(P::TakedownReason, reason)
        .remove(P::Gsi2Pk)
        .remove(P::Gsi2Sk)
        .when(Condition::eq(P::Status, &PublicationStatus::Live));
    let mut ops = vec![
        store.apply_op(&record.key(), update)?,
        store.delete_op(&keys::published_source(&record.tenant_id, &record.source))?,
    ];
    for speaker in &record.speakers {
        ops.push(store.delete_op(&keys::publication_speaker(
            &record.tenant_id,
            &speaker.contributor_id,
            &record.slug,
        ))?);
    }
    match owned(store.transact(ops)).await {
        Ok(()) => {
            let mut done = record.clone();
            done.status = status;
            done.taken_down_at = Some(now);
            done.takedown_reason = Some(reason.into());
            done.gsi2pk = None;
            done.gsi2sk = None;
            Ok(Some(done))
        }
        Err(StoreError::ConditionFailed) => Ok(None),
        Err(other) => Err(other),
    }
}

/// Records that the collaborator withdrew their consent, with `with` (the cascade job that
/// takes their items down, recorded as pending) in the same transaction. The first record
/// stands: a repeat keeps its time and writes only `with`. Returns the standing withdrawal.
pub async fn withdraw_consent(
    store: &Store,
    withdrawal: ConsentWithdrawalRecord,
    with: Vec<TransactWriteItem>,
) -> StoreResult<ConsentWithdrawalRecord> {
    let mut ops = vec![store.put_new_op(&withdrawal)?];
    ops.extend(with.iter().cloned());
    match owned(store.transact(ops)).await {
        Ok(()) => Ok(withdrawal),
        Err(StoreError::ConditionFailed) => {
            if !with.is_empty() {
                owned(store.transact(with)).await?;
            }
            let key = keys::consent_withdrawal(&withdrawal.tenant_id, &withdrawal.contributor_id);
            Ok(store.get::<ConsentWithdrawalRecord>(&key).await?.unwrap_or(withdrawal))
        }
        Err(other) => Err(other),
    }
}

/// A withdrawal recorded now.
pub fn withdrawal(
    tenant_id: &str,
    contributor_id: &str,
    recorded_by: RecordedBy,
    recorded_by_user: Option<String>,
    note: Option<String>,
) -> ConsentWithdrawalRecord {
    let key = keys::consent_withdrawal(tenant_id, contributor_id);
    ConsentWithdrawalRecord {
        pk: key.pk,
        sk: key.sk,
        entity_type: ConsentWithdrawalRecord::ENTITY.into(),
        tenant_id: tenant_id.into(),
        contributor_id: contributor_id.into(),
        withdrawn_at: model::timestamp(model::now()),
        recorded_by,
        recorded_by_user,
        note,
    }
}

/// Consent given again (the collaborator accepted the terms): the withdrawal is cleared.
pub async fn consent_given_again(store: &Store, tenant_id: &str, contributor_id: &str) -> StoreResult<()> {
    owned(store.delete(&keys::consent_withdrawal(tenant_id, contributor_id))).await
}

/// Writes a wall (new or changed).
pub async fn save_wall(store: &Store, wall: &super::WallRecord) -> StoreResult<()> {
    owned(store.put(wall)).await
}

pub async fn delete_wall(store: &Store, wall: &super::WallRecord) -> StoreResult<()> {
    owned(store.delete(&keys::wall(&wall.wall_id))).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        publishing::{PublicationKind, PublishedObjects},
        storage::{to_item, update::fields_missing_from},
    };

    #[test]
    fn every_field_is_an_attribute_of_the_record() {
        let record = PublicationRecord {
            pk: "p".into(),
            sk: "s".into(),
            gsi1pk: "g".into(),
            gsi1sk: "g".into(),
            gsi2pk: Some("g".into()),
            gsi2sk: Some("g".into()),
            entity_type: "e".into(),
            tenant_id: "t".into(),
            slug: "x".into(),
            kind: PublicationKind::Answer,
            source: "s".into(),
            campaign_id: "c".into(),
            contributor_id: "k".into(),
            question_id: Some("q".into()),
            video_id: None,
            story_id: None,
            story_format: None,
            title: "t".into(),
            campaign_title: "c".into(),
            organisation_name: "o".into(),
            speakers: vec![],
            objects: PublishedObjects::of("x", None),
            duration_seconds: 1.0,
            width: 1,
            height: 1,
            transcript: vec![],
            status: PublicationStatus::Live,
            published_at: "now".into(),
            published_by: "b".into(),
            published_by_id: "b".into(),
            taken_down_at: Some("now".into()),
            takedown_reason: Some("r".into()),
        };
        let item = to_item(&record).unwrap();
        assert_eq!(fields_missing_from(PublicationField::ALL, &item), Vec::<String>::new());
    }
}
