//! Staff invitations that lapsed: an address invited to an organisation is claimed
//! (`EmailClaim`) until the person accepts; once the invitation expired (or its record is
//! gone) the claim is released, so another organisation may invite the address and its
//! owner may sign up with it. (Revoking an invitation, i.e. deleting the invited user,
//! releases the claim at once.)

use time::OffsetDateTime;

use crate::{
    campaigns::records::ParticipantRecord,
    model::{EmailClaim, InvitationRecord, UserRecord, UserStatus},
    storage::{from_item, keys, AttributeValue, Query, Store, StoreError, StoreResult},
};

/// Releases the claim on `email` when it is held only by an invitation that was never
/// accepted and has expired: the invited user, their invitation, their campaign
/// memberships and the claim are deleted. Whether the address is free now (also when
/// nothing claimed it); a claim of an account, or of an invitation still valid, stays.
/// The claim of `keep_for`'s own invitation stays too: that organisation sends it again.
pub async fn release_if_lapsed(store: &Store, email: &str, keep_for: Option<&str>) -> StoreResult<bool> {
    let claim_key = keys::email_claim(email);
    let Some(claim) = store.get::<EmailClaim>(&claim_key).await? else { return Ok(true) };
    if keep_for == Some(claim.tenant_id.as_str()) {
        return Ok(false);
    }
    let user_key = keys::user(&claim.tenant_id, &claim.user_id);
    let invitation_key = keys::invitation(&claim.tenant_id, &claim.user_id);
    let mut items = store.batch_get(&[user_key.clone(), invitation_key.clone()]).await?;
    let user = items.remove(&(user_key.pk.clone(), user_key.sk.clone())).map(from_item::<UserRecord>).transpose()?;
    let invitation = items
        .remove(&(invitation_key.pk.clone(), invitation_key.sk.clone()))
        .map(from_item::<InvitationRecord>)
        .transpose()?;
    let Some(user) = user else { return Ok(false) };
    let now = OffsetDateTime::now_utc().unix_timestamp();
    let lapsed = user.status == UserStatus::Invited && invitation.as_ref().is_none_or(|i| i.expires_at <= now);
    if !lapsed {
        return Ok(false);
    }
    let mut writes = vec![
        // Only as read (every change bumps the version): an invitation sent again, or
        // accepted, meanwhile keeps the claim.
        store.delete_if_op(
            &user_key,
            "version = :version",
            &[(":version", AttributeValue::N(user.version.to_string()))],
        )?,
        store.delete_if_op(&claim_key, "userId = :user", &[(":user", AttributeValue::S(claim.user_id.clone()))])?,
    ];
    if let Some(invitation) = &invitation {
        writes.push(store.delete_if_op(
            &invitation_key,
            "tokenHash = :hash",
            &[(":hash", AttributeValue::S(invitation.token_hash.clone()))],
        )?);
    }
    match store.transact(writes).await {
        Ok(()) => {}
        Err(StoreError::ConditionFailed) => return Ok(false),
        Err(other) => return Err(other),
    }
    let memberships: Vec<ParticipantRecord> =
        store.query(Query::gsi2(keys::campaigns_of_user_gsi2(&claim.tenant_id, &claim.user_id))).await?;
    let keys: Vec<keys::Key> = memberships
        .into_iter()
        .filter(|p| p.entity_type == ParticipantRecord::ENTITY)
        .map(|p| keys::Key { pk: p.pk, sk: p.sk })
        .collect();
    store.delete_many(&keys).await?;
    tracing::info!(tenant = %claim.tenant_id, user = %claim.user_id, "released the address of a lapsed invitation");
    Ok(true)
}
