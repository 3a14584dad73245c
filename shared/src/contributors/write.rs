//! The one module that changes a collaborator (`ContributorRecord`) and their place in a
//! campaign (`MembershipRecord`): one function per change, typed updates, and the
//! collaborator's search words moved with their name. Writes run as [`WRITER`]
//! (`storage::owner`); the answers module keeps a membership's count of answers in its own
//! transactions, and the campaign purge removes whole campaigns.

use aws_sdk_dynamodb::types::TransactWriteItem;

use super::{
    funnel::{self, Stage},
    records::{ContributorEmailClaim, ContributorRecord, MembershipRecord, VideoConfig},
};
use crate::{
    model,
    storage::{
        keys, owner,
        update::{Condition, Update},
        Store, StoreError, StoreResult,
    },
    words,
};

/// The owner name this module writes under.
pub const WRITER: &str = "collaborators";

crate::record_fields!(
    /// A membership's attributes, as serde names them in `MembershipRecord`.
    pub enum MembershipField {
        FirstName => ["firstName"],
        LastName => ["lastName"],
        InviteKeyHash => ["inviteKeyHash"],
        InvitedAt => ["invitedAt"],
        DetailsSubmitted => ["detailsSubmitted"],
        StartedJourney => ["startedJourney"],
        StartedAt => ["startedAt"],
        SubmittedAt => ["submittedAt"],
        OpenedAt => ["openedAt"],
        FirstAnswerAt => ["firstAnswerAt"],
        FirstSubmittedAt => ["firstSubmittedAt"],
        VideoConfig => ["videoConfig"],
        AnsweredCount => ["answeredCount"],
        UpdatedAt => ["updatedAt"],
    }
);

crate::record_fields!(
    /// A collaborator's attributes, as serde names them in `ContributorRecord`.
    pub enum CollaboratorField {
        FirstName => ["firstName"],
        LastName => ["lastName"],
        IsSuspended => ["isSuspended"],
        CampaignCount => ["campaignCount"],
        UpdatedAt => ["updatedAt"],
    }
);

use CollaboratorField as C;
use MembershipField as M;

async fn owned<T>(write: impl std::future::Future<Output = T>) -> T {
    owner::writing_as(WRITER, write).await
}

fn now() -> model::Timestamp {
    model::timestamp(model::now())
}

/// `Ok(false)` for a condition that no longer holds; other errors as they are.
fn held(result: StoreResult<()>) -> StoreResult<bool> {
    match result {
        Ok(()) => Ok(true),
        Err(StoreError::ConditionFailed) => Ok(false),
        Err(other) => Err(other),
    }
}

fn found<T>(result: StoreResult<T>) -> StoreResult<Option<T>> {
    match result {
        Ok(record) => Ok(Some(record)),
        Err(StoreError::ConditionFailed) => Ok(None),
        Err(other) => Err(other),
    }
}

/// The step that moves a collaborator's count of campaigns (held only while they exist).
fn campaign_count_op(store: &Store, tenant_id: &str, contributor_id: &str, by: i64) -> StoreResult<TransactWriteItem> {
    store.apply_op(
        &keys::contributor(tenant_id, contributor_id),
        Update::new().add(C::CampaignCount, &by).when(Condition::ItemExists),
    )
}

// ------------------------------------------------------------------ collaborator

/// A new collaborator of the organisation, their address claimed and their name indexed
/// for search. False when the address was claimed meanwhile (someone invited it at the
/// same moment): nothing written.
pub async fn collaborator_created(store: &Store, record: &ContributorRecord) -> StoreResult<bool> {
    let claim_key = keys::contributor_email(&record.tenant_id, &record.email);
    let claim = ContributorEmailClaim {
        pk: claim_key.pk,
        sk: claim_key.sk,
        entity_type: "ContributorEmailClaim".into(),
        contributor_id: record.contributor_id.clone(),
    };
    let mut ops = vec![store.put_new_op(&claim)?, store.put_new_op(record)?];
    ops.extend(words::index_ops(
        store,
        &record.tenant_id,
        words::CONTRIBUTORS,
        &record.contributor_id,
        &[],
        &words::person_words(&record.first_name, &record.last_name, &record.email),
    )?);
    held(owned(store.transact(ops)).await)
}

/// Suspends or resumes a collaborator; `None` when they are gone.
pub async fn collaborator_suspended(
    store: &Store,
    tenant_id: &str,
    contributor_id: &str,
    is_suspended: bool,
) -> StoreResult<Option<ContributorRecord>> {
    let update = Update::new().set(C::IsSuspended, &is_suspended).set(C::UpdatedAt, &now()).when(Condition::ItemExists);
    found(owned(store.apply(&keys::contributor(tenant_id, contributor_id), update)).await)
}

/// Removes a collaborator from the organisation: the record, the address claim, their
/// mail preferences and the words they were found by (their memberships and answers go
/// first, by the caller).
pub async fn collaborator_deleted(store: &Store, record: &ContributorRecord) -> StoreResult<()> {
    let mut ops = vec![
        store.delete_op(&record.key())?,
        store.delete_op(&keys::contributor_email(&record.tenant_id, &record.email))?,
        // Their unsubscribe token and choice (`contributors::unsubscribe`).
        store.delete_op(&keys::mail_preferences(&record.tenant_id, &record.contributor_id))?,
    ];
    ops.extend(words::index_ops(
        store,
        &record.tenant_id,
        words::CONTRIBUTORS,
        &record.contributor_id,
        &words::person_words(&record.first_name, &record.last_name, &record.email),
        &[],
    )?);
    owned(store.transact(ops)).await
}

// -------------------------------------------------------------------- membership

/// Invited to a campaign: the new membership and the collaborator's count of campaigns,
/// with `with` in the same transaction (the campaign made live by the invitation, as
/// `campaigns::write` builds it). [`StoreError::ConditionFailed`] when they are invited
/// already or a step of `with` no longer holds.
pub async fn invited(store: &Store, membership: &MembershipRecord, with: Vec<TransactWriteItem>) -> StoreResult<()> {
    let mut ops = with;
    ops.push(store.put_new_op(membership)?);
    ops.push(campaign_count_op(store, &membership.tenant_id, &membership.contributor_id, 1)?);
    ops.extend(funnel::moved_ops(
        store,
        &membership.tenant_id,
        &membership.campaign_id,
        &funnel::stages_reached(membership),
        1,
    )?);
    owned(store.transact(ops)).await
}

/// The collaborator opened their link (the landing page's call with its key): counted once
/// in the funnel. Nothing happens when it was counted already or the membership is gone.
pub async fn link_opened(store: &Store, membership: &MembershipRecord) -> StoreResult<()> {
    if membership.opened_at.is_some() {
        return Ok(());
    }
    let mark =
        Update::new().set(M::OpenedAt, &now()).when(Condition::ItemExists.and(Condition::AbsentOrNull(M::OpenedAt)));
    let mut ops = vec![store.apply_op(&membership.key(), mark)?];
    ops.extend(funnel::moved_ops(store, &membership.tenant_id, &membership.campaign_id, &[Stage::LinkOpened], 1)?);
    held(owned(store.transact(ops)).await).map(|_| ())
}

/// Their first take was stored: counted once in the funnel (a repeat, or a membership gone,
/// changes nothing).
pub async fn first_answer_stored(
    store: &Store,
    tenant_id: &str,
    campaign_id: &str,
    contributor_id: &str,
) -> StoreResult<()> {
    let mark = Update::new()
        .set(M::FirstAnswerAt, &now())
        .when(Condition::ItemExists.and(Condition::AbsentOrNull(M::FirstAnswerAt)));
    let mut ops = vec![store.apply_op(&keys::membership(tenant_id, campaign_id, contributor_id), mark)?];
    ops.extend(funnel::moved_ops(store, tenant_id, campaign_id, &[Stage::FirstAnswerStored], 1)?);
    held(owned(store.transact(ops)).await).map(|_| ())
}

/// Gives a membership a new invitation key (stored as `key_hash`): the previous link stops
/// working. With `keep_revoked`, a revoked link (no key) stays revoked. `None` when the
/// membership is gone (or revoked, with `keep_revoked`).
pub async fn key_replaced(
    store: &Store,
    membership: &keys::Key,
    key_hash: &str,
    keep_revoked: bool,
) -> StoreResult<Option<MembershipRecord>> {
    let at = now();
    let update = Update::new()
        .set(M::InviteKeyHash, key_hash)
        .set(M::InvitedAt, &at)
        .set(M::UpdatedAt, &at)
        .when(if keep_revoked { Condition::Exists(M::InviteKeyHash) } else { Condition::ItemExists });
    found(owned(store.apply(membership, update)).await)
}

/// Revokes a membership's link: it stops working at once. False when the membership is gone.
pub async fn link_revoked(store: &Store, membership: &keys::Key) -> StoreResult<bool> {
    let update = Update::new().remove(M::InviteKeyHash).set(M::UpdatedAt, &now()).when(Condition::ItemExists);
    Ok(found(owned(store.apply::<MembershipRecord, _>(membership, update)).await)?.is_some())
}

/// The collaborator gave their name on the landing page: the membership starts its journey,
/// and the collaborator's record and search words take the name, in one transaction that
/// holds only while the record still has the name `contributor` was read with. False when
/// it changed meanwhile (another tab): read the record again and repeat. A membership gone
/// meanwhile is a [`StoreError::ConditionFailed`] too, as is a collaborator deleted.
pub async fn details_given(
    store: &Store,
    membership: &MembershipRecord,
    contributor: &ContributorRecord,
    first_name: &str,
    last_name: &str,
) -> StoreResult<bool> {
    let at = now();
    let mut started = Update::new()
        .set(M::FirstName, first_name)
        .set(M::LastName, last_name)
        .set(M::DetailsSubmitted, &true)
        .set(M::StartedJourney, &true)
        .set(M::UpdatedAt, &at)
        .when(Condition::ItemExists);
    // Kept from the first time (a second tab, or their name corrected later), and counted
    // once in the funnel: a second tab that started meanwhile fails the condition.
    let first_start = membership.started_at.is_none();
    if first_start {
        started = started.set(M::StartedAt, &at).when(Condition::AbsentOrNull(M::StartedAt));
    }
    let renamed = Update::new().set(C::FirstName, first_name).set(C::LastName, last_name).set(C::UpdatedAt, &at).when(
        Condition::eq(C::FirstName, &contributor.first_name).and(Condition::eq(C::LastName, &contributor.last_name)),
    );
    let mut ops = vec![store.apply_op(&membership.key(), started)?, store.apply_op(&contributor.key(), renamed)?];
    // Their new name is how staff find them.
    ops.extend(words::index_ops(
        store,
        &contributor.tenant_id,
        words::CONTRIBUTORS,
        &contributor.contributor_id,
        &words::person_words(&contributor.first_name, &contributor.last_name, &contributor.email),
        &words::person_words(first_name, last_name, &contributor.email),
    )?);
    if first_start {
        ops.extend(funnel::moved_ops(store, &membership.tenant_id, &membership.campaign_id, &[Stage::Started], 1)?);
    }
    held(owned(store.transact(ops)).await)
}

/// The teleprompter settings a collaborator chose last become their defaults for the next
/// question. False when the membership is gone (removed while they typed).
pub async fn video_config_kept(store: &Store, membership: &keys::Key, config: &VideoConfig) -> StoreResult<bool> {
    let update = Update::new().set(M::VideoConfig, config).when(Condition::ItemExists);
    Ok(found(owned(store.apply::<MembershipRecord, _>(membership, update)).await)?.is_some())
}

/// The collaborator submitted their answers; the first submission is counted in the funnel
/// with the time it took from the invitation. False when the membership is gone.
pub async fn submitted(store: &Store, membership: &MembershipRecord) -> StoreResult<bool> {
    let at = now();
    if membership.first_submitted_at.is_none() {
        let first = Update::new()
            .set(M::SubmittedAt, &at)
            .set(M::FirstSubmittedAt, &at)
            .set(M::UpdatedAt, &at)
            .when(Condition::ItemExists.and(Condition::AbsentOrNull(M::FirstSubmittedAt)));
        let seconds = funnel::seconds_between(&membership.invited_at, &at);
        let mut ops = vec![store.apply_op(&membership.key(), first)?];
        ops.extend(funnel::moved_ops(
            store,
            &membership.tenant_id,
            &membership.campaign_id,
            &[Stage::Submitted { seconds }],
            1,
        )?);
        if held(owned(store.transact(ops)).await)? {
            return Ok(true);
        }
        // Submitted meanwhile from another tab (counted there), or gone: as a later submission.
    }
    let update = Update::new().set(M::SubmittedAt, &at).set(M::UpdatedAt, &at).when(Condition::ItemExists);
    Ok(found(owned(store.apply::<MembershipRecord, _>(&membership.key(), update)).await)?.is_some())
}

/// Their takes were deleted and their record kept: nothing is submitted any more, and the
/// journey asks every question again. A membership gone meanwhile stays gone.
pub async fn reopened(store: &Store, membership: &keys::Key) -> StoreResult<()> {
    let update = Update::new().remove(M::SubmittedAt).set(M::UpdatedAt, &now()).when(Condition::ItemExists);
    found(owned(store.apply::<MembershipRecord, _>(membership, update)).await).map(|_| ())
}

/// Removes a collaborator's membership of a campaign, with their count of campaigns and
/// the funnel stages it reached, exactly once (a repeat finds it gone and changes nothing).
/// False when it was gone.
pub async fn membership_removed(store: &Store, membership: &MembershipRecord) -> StoreResult<bool> {
    owned(async {
        let mut current = membership.clone();
        let mut with_count = true;
        // A stage reached meanwhile (they opened the link as staff removed them) fails the
        // condition: read again and take back what is there now.
        for _ in 0..5 {
            let mut ops = vec![
                store.delete_when_op(&current.key(), funnel::marks_unchanged(&current))?,
                // Its reminders go with it (`contributors::reminders`): same partition, same ids.
                store.delete_op(&keys::reminder_of_membership(&current.key()))?,
            ];
            ops.extend(funnel::moved_ops(
                store,
                &current.tenant_id,
                &current.campaign_id,
                &funnel::stages_reached(&current),
                -1,
            )?);
            if with_count {
                ops.push(campaign_count_op(store, &current.tenant_id, &current.contributor_id, -1)?);
            }
            match store.transact(ops).await {
                Ok(()) => return Ok(true),
                Err(StoreError::ConditionFailed) => {
                    let Some(now_stored) = store.get::<MembershipRecord>(&current.key()).await? else {
                        return Ok(false);
                    };
                    // The collaborator deleted from the organisation has no count to keep.
                    with_count = store
                        .get::<ContributorRecord>(&keys::contributor(&current.tenant_id, &current.contributor_id))
                        .await?
                        .is_some();
                    current = now_stored;
                }
                Err(other) => return Err(other),
            }
        }
        Err(StoreError::ConditionFailed)
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::{to_item, update::fields_missing_from};

    #[test]
    fn every_field_names_an_attribute_serde_writes() {
        let membership = MembershipRecord {
            pk: "p".into(),
            sk: "s".into(),
            gsi1pk: "g".into(),
            gsi1sk: "g".into(),
            entity_type: MembershipRecord::ENTITY.into(),
            tenant_id: "t".into(),
            campaign_id: "c".into(),
            contributor_id: "k".into(),
            email: "e@example.com".into(),
            first_name: "F".into(),
            last_name: "L".into(),
            invite_key_hash: Some("h".into()),
            invited_at: "now".into(),
            details_submitted: true,
            started_journey: true,
            started_at: Some("now".into()),
            submitted_at: Some("now".into()),
            opened_at: Some("now".into()),
            first_answer_at: Some("now".into()),
            first_submitted_at: Some("now".into()),
            video_config: VideoConfig::default(),
            answered_count: 1,
            updated_at: "now".into(),
        };
        assert_eq!(fields_missing_from(MembershipField::ALL, &to_item(&membership).unwrap()), Vec::<String>::new());
        let collaborator = ContributorRecord {
            pk: "p".into(),
            sk: "s".into(),
            entity_type: ContributorRecord::ENTITY.into(),
            tenant_id: "t".into(),
            contributor_id: "k".into(),
            email: "e@example.com".into(),
            first_name: "F".into(),
            last_name: "L".into(),
            is_suspended: false,
            campaign_count: 0,
            created_at: "now".into(),
            updated_at: "now".into(),
        };
        assert_eq!(fields_missing_from(CollaboratorField::ALL, &to_item(&collaborator).unwrap()), Vec::<String>::new());
    }
}
