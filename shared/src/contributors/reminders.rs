//! Reminders: a collaborator invited to a campaign who has not submitted is reminded on
//! the campaign's schedule (`ReminderSettings`), at most three times in all, never after
//! they submitted, were suspended, removed or revoked, unsubscribed, nor once the campaign
//! is closed. Each membership has one reminder item; while something is left to send it
//! sits in the sparse due-reminders index (GSI2, sharded, sorted by due time), so the
//! scheduled job reads only what is due. Sending is claimed by a conditional write on
//! the item's count, so a job run twice (or two runs at once) sends each reminder once.
//!
//! The link: only hashes of keys are stored, so a reminder carries a fresh key. It is
//! added to the reminder item's short list of valid keys (the newest three) instead of
//! replacing the invitation's: a collaborator half-way through on another device is not
//! signed out. Revoking or re-inviting clears the list (see docs/DECISIONS.md).

use serde::{Deserialize, Serialize};
use time::{Duration, OffsetDateTime};

use super::{
    access,
    dto::invite_link,
    records::{ContributorRecord, MembershipRecord},
    unsubscribe::{self, MailPreferenceRecord},
    write::WRITER,
};
use crate::{
    auth,
    campaigns::{
        records::{CampaignRecord, CampaignStatus, CampaignType, LifecycleStatus, ReminderSettings},
        repo, rules as campaign_rules,
    },
    error::ApiError,
    mail::MailMessage,
    model::{self, Timestamp},
    storage::{
        from_item, keys, owner,
        update::{Condition, Update},
        Query, Store, StoreError, StoreResult,
    },
    AppContext,
};

/// A collaborator's reminders in one campaign.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReminderRecord {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    /// Only while a reminder is due (`keys::reminders_due_gsi2`).
    #[serde(rename = "GSI2PK", default, skip_serializing_if = "Option::is_none")]
    pub gsi2pk: Option<String>,
    #[serde(rename = "GSI2SK", default, skip_serializing_if = "Option::is_none")]
    pub gsi2sk: Option<String>,
    pub entity_type: String,
    pub tenant_id: String,
    pub campaign_id: String,
    pub contributor_id: String,
    pub invited_at: Timestamp,
    /// Reminders sent so far, by the job and by staff.
    pub sent: u32,
    pub last_sent_at: Option<Timestamp>,
    /// When the next one is due; `None` when nothing is left to send.
    pub due_at: Option<Timestamp>,
    /// Hashes of the keys reminders carried (newest last): each opens the collaborator's
    /// answers as the invitation's key does, until revoked or re-invited.
    #[serde(default)]
    pub key_hashes: Vec<String>,
}

impl ReminderRecord {
    pub const ENTITY: &'static str = "Reminder";

    pub fn key(&self) -> keys::Key {
        keys::reminder(&self.tenant_id, &self.campaign_id, &self.contributor_id)
    }

    /// Sets when the next reminder is due (and its place in the index), or takes it out.
    fn schedule(&mut self, due: Option<OffsetDateTime>) {
        self.due_at = due.map(second);
        self.gsi2pk = due.map(|_| keys::reminders_due_gsi2(shard(&self.contributor_id)));
        self.gsi2sk = self
            .due_at
            .as_deref()
            .map(|at| keys::reminder_due_gsi2sk(at, &self.tenant_id, &self.campaign_id, &self.contributor_id));
    }
}

crate::record_fields!(
    /// A reminder item's attributes, as serde names them in `ReminderRecord`.
    pub enum ReminderField {
        Gsi2pk => ["GSI2PK"],
        Gsi2sk => ["GSI2SK"],
        Sent => ["sent"],
        LastSentAt => ["lastSentAt"],
        DueAt => ["dueAt"],
        KeyHashes => ["keyHashes"],
        InvitedAt => ["invitedAt"],
    }
);

crate::record_fields!(
    /// The membership attributes a reminder's claim checks.
    pub enum MembershipCheck {
        InviteKeyHash => ["inviteKeyHash"],
        SubmittedAt => ["submittedAt"],
    }
);

use ReminderField as R;

/// Times in the index sort as strings: RFC 3339, UTC, whole seconds.
fn second(at: OffsetDateTime) -> Timestamp {
    let at = at.to_offset(time::UtcOffset::UTC).replace_nanosecond(0).expect("zero nanoseconds");
    model::timestamp(at)
}

fn parse(at: &str) -> Option<OffsetDateTime> {
    OffsetDateTime::parse(at, &time::format_description::well_known::Rfc3339).ok()
}

fn shard(contributor_id: &str) -> u32 {
    contributor_id.bytes().fold(0u32, |acc, b| acc.wrapping_mul(31).wrapping_add(u32::from(b))) % keys::REMINDER_SHARDS
}

/// The first day after `day` (`YYYY-MM-DD`), at midnight UTC.
fn end_of(day: Option<&str>) -> Option<OffsetDateTime> {
    let date = time::Date::parse(day?.trim(), &time::macros::format_description!("[year]-[month]-[day]")).ok()?;
    Some(date.next_day()?.midnight().assume_utc())
}

/// When the next reminder is due: the campaign's schedule (every `daysAfterInvitation`
/// days after the invitation, and `daysBeforeDeadline` before a targeted campaign's
/// deadline, at 09:00 UTC), never before a day after the last one, never after the
/// deadline or expiry, and none once three were sent or reminders are off.
pub fn next_due(
    campaign: &CampaignRecord,
    invited_at: OffsetDateTime,
    sent: u32,
    last_sent_at: Option<OffsetDateTime>,
) -> Option<OffsetDateTime> {
    let settings: ReminderSettings = campaign.reminders;
    if !settings.enabled || sent >= ReminderSettings::MAX_REMINDERS {
        return None;
    }
    let every = Duration::days(i64::from(settings.days_after_invitation.max(1)));
    let mut candidates: Vec<OffsetDateTime> =
        (1..=i64::from(ReminderSettings::MAX_REMINDERS)).map(|n| invited_at + every * n as i32).collect();
    let deadline_end =
        if campaign.campaign_type == CampaignType::Targeted { end_of(campaign.deadline.as_deref()) } else { None };
    if let Some(end) = deadline_end {
        let before = end - Duration::days(1 + i64::from(settings.days_before_deadline)) + Duration::hours(9);
        if before > invited_at {
            candidates.push(before);
        }
    }
    let floor = last_sent_at.map(|at| at + Duration::days(1)).unwrap_or(invited_at);
    let ends = [deadline_end, end_of(campaign.expiry_date.as_deref())];
    candidates.into_iter().filter(|at| *at >= floor && ends.iter().flatten().all(|end| at < end)).min()
}

/// Whether a campaign edit changes who is reminded when.
pub fn schedule_changed(before: &CampaignRecord, after: &CampaignRecord) -> bool {
    before.reminders != after.reminders
        || before.deadline != after.deadline
        || before.expiry_date != after.expiry_date
        || before.campaign_type != after.campaign_type
}

/// A new membership's reminder item, for the invitation's transaction.
pub fn for_invitation(campaign: &CampaignRecord, membership: &MembershipRecord) -> ReminderRecord {
    let key = keys::reminder(&membership.tenant_id, &membership.campaign_id, &membership.contributor_id);
    let mut record = ReminderRecord {
        pk: key.pk,
        sk: key.sk,
        gsi2pk: None,
        gsi2sk: None,
        entity_type: ReminderRecord::ENTITY.into(),
        tenant_id: membership.tenant_id.clone(),
        campaign_id: membership.campaign_id.clone(),
        contributor_id: membership.contributor_id.clone(),
        invited_at: membership.invited_at.clone(),
        sent: 0,
        last_sent_at: None,
        due_at: None,
        key_hashes: Vec::new(),
    };
    record.schedule(parse(&membership.invited_at).and_then(|at| next_due(campaign, at, 0, None)));
    record
}

async fn owned<T>(write: impl std::future::Future<Output = T>) -> T {
    owner::writing_as(WRITER, write).await
}

/// Re-invited (a new link): the reminders' keys stop working and the schedule starts
/// again from the new invitation; what was sent still counts.
pub async fn reinvited(store: &Store, campaign: &CampaignRecord, membership: &MembershipRecord) -> StoreResult<()> {
    let mut record = for_invitation(campaign, membership);
    if let Some(existing) = store.get::<ReminderRecord>(&record.key()).await? {
        record.sent = existing.sent;
        record.last_sent_at = existing.last_sent_at;
        let last = record.last_sent_at.as_deref().and_then(parse);
        record.schedule(parse(&membership.invited_at).and_then(|at| next_due(campaign, at, record.sent, last)));
    }
    owned(store.put(&record)).await
}

/// The collaborator submitted: no more reminders.
pub async fn finished(store: &Store, tenant_id: &str, campaign_id: &str, contributor_id: &str) -> StoreResult<()> {
    let update = Update::new().remove(R::Gsi2pk).remove(R::Gsi2sk).remove(R::DueAt).when(Condition::ItemExists);
    match owned(store.apply::<ReminderRecord, _>(&keys::reminder(tenant_id, campaign_id, contributor_id), update)).await
    {
        Ok(_) | Err(StoreError::ConditionFailed) => Ok(()),
        Err(other) => Err(other),
    }
}

/// The link was revoked: no more reminders, and the reminders' keys stop working.
pub async fn revoked(store: &Store, tenant_id: &str, campaign_id: &str, contributor_id: &str) -> StoreResult<()> {
    let update = Update::new()
        .remove(R::Gsi2pk)
        .remove(R::Gsi2sk)
        .remove(R::DueAt)
        .set(R::KeyHashes, &Vec::<String>::new())
        .when(Condition::ItemExists);
    match owned(store.apply::<ReminderRecord, _>(&keys::reminder(tenant_id, campaign_id, contributor_id), update)).await
    {
        Ok(_) | Err(StoreError::ConditionFailed) => Ok(()),
        Err(other) => Err(other),
    }
}

/// The membership was removed: its reminder item goes with it.
pub async fn removed(store: &Store, tenant_id: &str, campaign_id: &str, contributor_id: &str) -> StoreResult<()> {
    owned(store.delete(&keys::reminder(tenant_id, campaign_id, contributor_id))).await
}

/// The campaign's schedule, deadline or expiry changed: every reminder of the campaign
/// is due again as the new schedule says (each write conditional on the count read, so
/// a reminder being sent meanwhile is not undone).
pub async fn rescheduled(store: &Store, campaign: &CampaignRecord) -> StoreResult<()> {
    let partition = keys::campaign_partition(&campaign.tenant_id, &campaign.campaign_id);
    let reminders: Vec<ReminderRecord> =
        store.query(Query::table(partition, keys::reminders_of_campaign_prefix())).await?;
    for reminder in reminders {
        let memberships = store
            .get::<MembershipRecord>(&keys::membership(
                &reminder.tenant_id,
                &reminder.campaign_id,
                &reminder.contributor_id,
            ))
            .await?;
        let open = memberships.is_some_and(|m| m.submitted_at.is_none() && m.invite_key_hash.is_some());
        let mut next = reminder.clone();
        let due = if open {
            parse(&reminder.invited_at)
                .and_then(|at| next_due(campaign, at, reminder.sent, reminder.last_sent_at.as_deref().and_then(parse)))
        } else {
            None
        };
        next.schedule(due);
        if next.due_at == reminder.due_at {
            continue;
        }
        let update = match (&next.gsi2pk, &next.gsi2sk, &next.due_at) {
            (Some(pk), Some(sk), Some(at)) => Update::new().set(R::Gsi2pk, pk).set(R::Gsi2sk, sk).set(R::DueAt, at),
            _ => Update::new().remove(R::Gsi2pk).remove(R::Gsi2sk).remove(R::DueAt),
        };
        match owned(
            store.apply::<ReminderRecord, _>(&reminder.key(), update.when(Condition::eq(R::Sent, &reminder.sent))),
        )
        .await
        {
            Ok(_) | Err(StoreError::ConditionFailed) => {}
            Err(other) => return Err(other),
        }
    }
    Ok(())
}

/// Whether a reminder's key (or the invitation's) opens the membership: used by
/// `access::verify`.
pub fn opens(reminder: Option<&ReminderRecord>, given_hash_matches: impl Fn(&str) -> bool) -> bool {
    reminder.is_some_and(|r| r.key_hashes.iter().any(|hash| given_hash_matches(hash)))
}

/// Everything a reminder re-checks before it is sent.
struct Situation {
    membership: MembershipRecord,
    campaign: CampaignRecord,
    preferences: Option<MailPreferenceRecord>,
}

/// Reads the membership, collaborator, campaign and preferences in one round trip;
/// `None` when the collaborator must not be reminded now. The campaign's on/off switch
/// governs the schedule (`scheduled`); staff asking now are not held by it.
async fn situation(
    store: &Store,
    reminder: &ReminderRecord,
    now: OffsetDateTime,
    scheduled: bool,
) -> StoreResult<Option<Situation>> {
    let (tenant, campaign_id, contributor) = (&reminder.tenant_id, &reminder.campaign_id, &reminder.contributor_id);
    let wanted = [
        keys::membership(tenant, campaign_id, contributor),
        keys::contributor(tenant, contributor),
        keys::campaign(tenant, campaign_id),
        keys::mail_preferences(tenant, contributor),
    ];
    let mut items = store.batch_get(&wanted).await?;
    let mut take = |key: &keys::Key| items.remove(&(key.pk.clone(), key.sk.clone()));
    let (Some(membership), Some(collaborator), Some(campaign)) = (take(&wanted[0]), take(&wanted[1]), take(&wanted[2]))
    else {
        return Ok(None);
    };
    let preferences: Option<MailPreferenceRecord> = take(&wanted[3]).map(from_item).transpose()?;
    let membership: MembershipRecord = from_item(membership)?;
    let collaborator: ContributorRecord = from_item(collaborator)?;
    let campaign: CampaignRecord = from_item(campaign)?;
    let eligible = membership.submitted_at.is_none()
        && membership.invite_key_hash.is_some()
        && !collaborator.is_suspended
        && campaign.lifecycle == LifecycleStatus::Active
        && (campaign.reminders.enabled || !scheduled)
        && campaign_rules::effective_status(&campaign, now.date()) == CampaignStatus::Live
        && preferences.as_ref().is_none_or(|p| p.unsubscribed_at.is_none());
    Ok(eligible.then_some(Situation { membership, campaign, preferences }))
}

/// What happened to one reminder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Sent,
    /// Not to be reminded (submitted, suspended, removed, revoked, unsubscribed, closed,
    /// three sent): out of the index.
    Dropped,
    /// Sent or changed by someone else meanwhile.
    Skipped,
}

/// Sends one reminder if it is still due as read (`due_at`), or takes it out of the
/// index when the collaborator must not be reminded any more. `scheduled`: the job
/// (the claim holds only on the due time read); otherwise staff's remind-now.
async fn remind(
    context: &AppContext,
    reminder: &ReminderRecord,
    now: OffsetDateTime,
    scheduled: bool,
    company: Option<String>,
) -> Result<Outcome, ApiError> {
    let store = &context.store;
    let count_unchanged = Condition::eq(R::Sent, &reminder.sent);
    let read_as = if scheduled {
        match &reminder.due_at {
            Some(due) => count_unchanged.and(Condition::eq(R::DueAt, due)),
            None => return Ok(Outcome::Skipped),
        }
    } else {
        count_unchanged
    };
    let Some(situation) = situation(store, reminder, now, scheduled).await? else {
        let update = Update::new().remove(R::Gsi2pk).remove(R::Gsi2sk).remove(R::DueAt).when(read_as);
        return match owned(store.apply::<ReminderRecord, _>(&reminder.key(), update)).await {
            Ok(_) => Ok(Outcome::Dropped),
            Err(StoreError::ConditionFailed) => Ok(Outcome::Skipped),
            Err(other) => Err(other.into()),
        };
    };
    if reminder.sent >= ReminderSettings::MAX_REMINDERS {
        return Ok(Outcome::Skipped);
    }
    let key = auth::new_secret();
    let mut next = reminder.clone();
    next.sent += 1;
    next.last_sent_at = Some(second(now));
    next.key_hashes.push(access::key_hash(&key));
    let keep = ReminderSettings::MAX_REMINDERS as usize;
    if next.key_hashes.len() > keep {
        next.key_hashes.drain(..next.key_hashes.len() - keep);
    }
    let invited_at = parse(&reminder.invited_at).unwrap_or(now);
    next.schedule(next_due(&situation.campaign, invited_at, next.sent, Some(now)));
    let mut update = Update::new()
        .set(R::Sent, &next.sent)
        .set(R::LastSentAt, &next.last_sent_at)
        .set(R::KeyHashes, &next.key_hashes);
    update = match (&next.gsi2pk, &next.gsi2sk, &next.due_at) {
        (Some(pk), Some(sk), Some(at)) => update.set(R::Gsi2pk, pk).set(R::Gsi2sk, sk).set(R::DueAt, at),
        _ => update.remove(R::Gsi2pk).remove(R::Gsi2sk).remove(R::DueAt),
    };
    // Claimed with the membership as read: not revoked, re-invited or submitted meanwhile.
    let membership_as_read = Condition::eq(MembershipCheck::InviteKeyHash, &situation.membership.invite_key_hash)
        .and(Condition::AbsentOrNull(MembershipCheck::SubmittedAt));
    let ops = vec![
        store.apply_op(&reminder.key(), update.when(read_as))?,
        store.check_op(&situation.membership.key(), membership_as_read)?,
    ];
    match owned(store.transact(ops)).await {
        Ok(()) => {}
        Err(StoreError::ConditionFailed) => return Ok(Outcome::Skipped),
        Err(other) => return Err(other.into()),
    }
    let preferences = match situation.preferences {
        Some(existing) => existing,
        None => unsubscribe::preferences(store, &reminder.tenant_id, &reminder.contributor_id).await?,
    };
    let membership = &situation.membership;
    context
        .mail
        .send(&MailMessage::Reminder {
            to: membership.email.clone(),
            first_name: membership.first_name.clone(),
            campaign_title: situation.campaign.title.clone(),
            company_name: company,
            link: invite_link(&context.config.app_base_url, membership, &key),
            deadline: match situation.campaign.campaign_type {
                CampaignType::Targeted => situation.campaign.deadline.clone(),
                CampaignType::Evergreen => None,
            },
            language: situation.campaign.language,
            unsubscribe: Some(unsubscribe::link(&context.config.app_base_url, &preferences)),
        })
        .await
        .map_err(ApiError::Internal)?;
    Ok(Outcome::Sent)
}

/// What one run of the job did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RunReport {
    pub sent: u32,
    pub dropped: u32,
    pub skipped: u32,
}

/// The scheduled job: sends every reminder due at `now` (the clock is the caller's, so
/// tests can run it days ahead). Reads only the due entries of each shard of the index.
pub async fn send_due(context: &AppContext, now: OffsetDateTime) -> Result<RunReport, ApiError> {
    let mut report = RunReport::default();
    // The organisations' names, read once per run.
    let mut companies: std::collections::HashMap<String, Option<String>> = std::collections::HashMap::new();
    let bound = format!("{}#~", second(now));
    for shard in 0..keys::REMINDER_SHARDS {
        let due: Vec<ReminderRecord> =
            context.store.query(Query::gsi2(keys::reminders_due_gsi2(shard)).before(bound.clone())).await?;
        for reminder in due {
            if !companies.contains_key(&reminder.tenant_id) {
                let company = company_name(&context.store, &reminder.tenant_id).await?;
                companies.insert(reminder.tenant_id.clone(), company);
            }
            let company = companies.get(&reminder.tenant_id).cloned().flatten();
            let outcome = match remind(context, &reminder, now, true, company).await {
                Ok(outcome) => outcome,
                // One collaborator's failure does not hold back the others; the next run
                // finds their reminder still due.
                Err(error) => {
                    tracing::error!(?error, contributor_id = %reminder.contributor_id, "reminder not sent");
                    Outcome::Skipped
                }
            };
            match outcome {
                Outcome::Sent => report.sent += 1,
                Outcome::Dropped => report.dropped += 1,
                Outcome::Skipped => report.skipped += 1,
            }
        }
    }
    Ok(report)
}

/// Staff remind everyone in the campaign who has not submitted, now, by the same rules
/// (three in all, not the suspended, unsubscribed, revoked), several at a time. Returns
/// how many were reminded.
pub async fn remind_all_now(context: &AppContext, campaign: &CampaignRecord) -> Result<u32, ApiError> {
    let partition = keys::campaign_partition(&campaign.tenant_id, &campaign.campaign_id);
    let reminders: Vec<ReminderRecord> =
        context.store.query(Query::table(partition, keys::reminders_of_campaign_prefix())).await?;
    let company = company_name(&context.store, &campaign.tenant_id).await?;
    let now = model::now();
    let reminded = std::sync::atomic::AtomicU32::new(0);
    let open: Vec<ReminderRecord> =
        reminders.into_iter().filter(|r| r.sent < ReminderSettings::MAX_REMINDERS).collect();
    repo::each_concurrently(open, |reminder: ReminderRecord| {
        let (company, reminded) = (company.clone(), &reminded);
        async move {
            if remind(context, &reminder, now, false, company).await? == Outcome::Sent {
                reminded.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            }
            Ok::<(), ApiError>(())
        }
    })
    .await?;
    Ok(reminded.into_inner())
}

/// The organisation's name, for the e-mail's subject and sender.
async fn company_name(store: &Store, tenant_id: &str) -> StoreResult<Option<String>> {
    Ok(repo::tenant(store, tenant_id).await?.and_then(|t| t.company_name))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn campaign(kind: CampaignType, deadline: Option<&str>, expiry: Option<&str>) -> CampaignRecord {
        serde_json::from_value(serde_json::json!({
            "PK": "p", "SK": "s", "GSI1PK": "g", "GSI1SK": "g", "GSI2PK": "g", "GSI2SK": "g",
            "entityType": "Campaign", "tenantId": "t", "campaignId": "c", "initiativeId": "i",
            "title": "T", "description": "D", "campaignType": kind, "visibility": "private",
            "mode": "landscape", "status": "live", "lifecycle": "active", "deadline": deadline,
            "expiryDate": expiry, "tagIds": [], "madeLive": true, "madeLiveAt": null, "videoCount": 0,
            "createdBy": "u", "createdAt": "2030-01-01T00:00:00Z", "updatedAt": "2030-01-01T00:00:00Z", "version": 1
        }))
        .unwrap()
    }

    fn at(text: &str) -> OffsetDateTime {
        parse(text).unwrap()
    }

    #[test]
    fn the_defaults_remind_three_days_after_the_invitation_and_two_days_before_the_deadline() {
        let targeted = campaign(CampaignType::Targeted, Some("2030-01-20"), Some("2030-01-31"));
        let invited = at("2030-01-01T10:00:00Z");
        assert_eq!(next_due(&targeted, invited, 0, None), Some(at("2030-01-04T10:00:00Z")));
        assert_eq!(next_due(&targeted, invited, 1, Some(at("2030-01-04T10:00:00Z"))), Some(at("2030-01-07T10:00:00Z")));
        assert_eq!(next_due(&targeted, invited, 2, Some(at("2030-01-07T10:00:00Z"))), Some(at("2030-01-10T10:00:00Z")));
        assert_eq!(next_due(&targeted, invited, 3, Some(at("2030-01-10T10:00:00Z"))), None, "three at most");
        // Invited late: the deadline's reminder comes before the interval's.
        let late = at("2030-01-16T10:00:00Z");
        assert_eq!(next_due(&targeted, late, 0, None), Some(at("2030-01-18T09:00:00Z")));
        assert_eq!(next_due(&targeted, late, 1, Some(at("2030-01-18T09:00:00Z"))), Some(at("2030-01-19T10:00:00Z")));
        assert_eq!(next_due(&targeted, late, 2, Some(at("2030-01-19T10:00:00Z"))), None, "never after the deadline");
    }

    #[test]
    fn none_when_reminders_are_off_or_the_campaign_expires_first() {
        let mut open = campaign(CampaignType::Evergreen, None, Some("2030-01-05"));
        let invited = at("2030-01-01T10:00:00Z");
        assert_eq!(next_due(&open, invited, 0, None), Some(at("2030-01-04T10:00:00Z")));
        assert_eq!(next_due(&open, invited, 1, Some(at("2030-01-04T10:00:00Z"))), None);
        open.reminders.enabled = false;
        assert_eq!(next_due(&open, invited, 0, None), None);
    }

    #[test]
    fn due_times_sort_as_strings() {
        let a = second(at("2030-01-04T09:00:00.123Z"));
        assert_eq!(a, "2030-01-04T09:00:00Z");
        assert!(keys::reminder_due_gsi2sk(&a, "t", "c", "k") < format!("{}#~", second(at("2030-01-04T09:00:00Z"))));
        assert!(shard("abc") < keys::REMINDER_SHARDS);
    }
}
