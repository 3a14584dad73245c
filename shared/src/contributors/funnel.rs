//! The collaborator funnel (issue 24): how many people of a campaign, and of the organisation,
//! were invited, opened their link, started, had a first answer stored and submitted, and how
//! long submitting took. Each stage is counted once per membership, in the transaction that
//! marks the membership as having reached it (`contributors::write`), and taken back when the
//! membership is removed, so the figures describe the people who are there. Reads are one
//! item each, whatever the size of the organisation. No tracking pixel: "link opened" is the
//! landing page's own call with the link's key.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::records::MembershipRecord;
use crate::{
    model::Timestamp,
    storage::{
        keys,
        update::{Condition, Update},
        Store, StoreResult, TransactWriteItem,
    },
};

/// The upper bounds (seconds) of the buckets time-to-submit is counted in; the last bucket
/// is open. Fine at the start (people who answer at once), coarse later.
pub const SUBMIT_BUCKETS_SECONDS: [i64; 12] =
    [60, 300, 900, 3_600, 3 * 3_600, 12 * 3_600, 86_400, 2 * 86_400, 4 * 86_400, 7 * 86_400, 14 * 86_400, 30 * 86_400];

crate::record_fields!(
    /// The funnel item's attributes (top level: `ADD` takes no nested paths).
    pub enum FunnelField {
        EntityType => ["entityType"],
        Invited => ["invited"],
        LinkOpened => ["linkOpened"],
        Started => ["started"],
        FirstAnswerStored => ["firstAnswerStored"],
        Submitted => ["submitted"],
        Submit0 => ["submit0"],
        Submit1 => ["submit1"],
        Submit2 => ["submit2"],
        Submit3 => ["submit3"],
        Submit4 => ["submit4"],
        Submit5 => ["submit5"],
        Submit6 => ["submit6"],
        Submit7 => ["submit7"],
        Submit8 => ["submit8"],
        Submit9 => ["submit9"],
        Submit10 => ["submit10"],
        Submit11 => ["submit11"],
        Submit12 => ["submit12"],
    }
);

const SUBMIT_FIELDS: [FunnelField; 13] = [
    FunnelField::Submit0,
    FunnelField::Submit1,
    FunnelField::Submit2,
    FunnelField::Submit3,
    FunnelField::Submit4,
    FunnelField::Submit5,
    FunnelField::Submit6,
    FunnelField::Submit7,
    FunnelField::Submit8,
    FunnelField::Submit9,
    FunnelField::Submit10,
    FunnelField::Submit11,
    FunnelField::Submit12,
];

/// The stored figures (`FUNNEL` of the campaign's partition, and of the organisation's).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct FunnelRecord {
    pub invited: i64,
    pub link_opened: i64,
    pub started: i64,
    pub first_answer_stored: i64,
    pub submitted: i64,
    pub submit0: i64,
    pub submit1: i64,
    pub submit2: i64,
    pub submit3: i64,
    pub submit4: i64,
    pub submit5: i64,
    pub submit6: i64,
    pub submit7: i64,
    pub submit8: i64,
    pub submit9: i64,
    pub submit10: i64,
    pub submit11: i64,
    pub submit12: i64,
}

impl FunnelRecord {
    pub const ENTITY: &'static str = "Funnel";

    fn submit_buckets(&self) -> [i64; 13] {
        [
            self.submit0,
            self.submit1,
            self.submit2,
            self.submit3,
            self.submit4,
            self.submit5,
            self.submit6,
            self.submit7,
            self.submit8,
            self.submit9,
            self.submit10,
            self.submit11,
            self.submit12,
        ]
    }
}

/// The funnel as staff read it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Funnel {
    /// People invited (or signed up) and still in the campaign.
    pub invited: i64,
    /// Of them, who opened their link.
    pub link_opened: i64,
    /// Who gave their details and started.
    pub started: i64,
    /// Who had at least one answer stored.
    pub first_answer_stored: i64,
    pub submitted: i64,
    /// The median time from invitation to submission in seconds, estimated within its
    /// bucket (`SUBMIT_BUCKETS_SECONDS`); null before anyone submitted.
    pub median_seconds_to_submit: Option<i64>,
}

impl From<&FunnelRecord> for Funnel {
    fn from(record: &FunnelRecord) -> Self {
        Self {
            invited: record.invited.max(0),
            link_opened: record.link_opened.max(0),
            started: record.started.max(0),
            first_answer_stored: record.first_answer_stored.max(0),
            submitted: record.submitted.max(0),
            median_seconds_to_submit: median_seconds(&record.submit_buckets()),
        }
    }
}

/// The median of counts in buckets, interpolated linearly inside the bucket that holds it.
pub fn median_seconds(buckets: &[i64; 13]) -> Option<i64> {
    let total: i64 = buckets.iter().map(|&n| n.max(0)).sum();
    if total == 0 {
        return None;
    }
    let half = total as f64 / 2.0;
    let mut below = 0i64;
    for (index, &count) in buckets.iter().enumerate() {
        let count = count.max(0);
        if count > 0 && (below + count) as f64 >= half {
            let lower = if index == 0 { 0 } else { SUBMIT_BUCKETS_SECONDS[index - 1] };
            let upper = SUBMIT_BUCKETS_SECONDS.get(index).copied().unwrap_or(lower * 2);
            let within = ((half - below as f64) / count as f64).clamp(0.0, 1.0);
            return Some(lower + ((upper - lower) as f64 * within).round() as i64);
        }
        below += count;
    }
    None
}

/// The bucket of a time to submit.
pub fn submit_bucket(seconds: i64) -> usize {
    SUBMIT_BUCKETS_SECONDS.iter().position(|&upper| seconds <= upper).unwrap_or(SUBMIT_BUCKETS_SECONDS.len())
}

/// A funnel stage, as a membership marks it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    Invited,
    LinkOpened,
    Started,
    FirstAnswerStored,
    /// With the seconds it took from the invitation.
    Submitted {
        seconds: i64,
    },
}

impl Stage {
    fn field(self) -> FunnelField {
        match self {
            Stage::Invited => FunnelField::Invited,
            Stage::LinkOpened => FunnelField::LinkOpened,
            Stage::Started => FunnelField::Started,
            Stage::FirstAnswerStored => FunnelField::FirstAnswerStored,
            Stage::Submitted { .. } => FunnelField::Submitted,
        }
    }
}

/// Seconds between two stored timestamps; 0 when one cannot be read.
pub fn seconds_between(from: &Timestamp, to: &Timestamp) -> i64 {
    let parse = |t: &Timestamp| time::OffsetDateTime::parse(t, &time::format_description::well_known::Rfc3339).ok();
    match (parse(from), parse(to)) {
        (Some(a), Some(b)) => (b - a).whole_seconds().max(0),
        _ => 0,
    }
}

/// The stages a membership has reached, as the funnel counts them.
pub fn stages_reached(membership: &MembershipRecord) -> Vec<Stage> {
    let mut stages = vec![Stage::Invited];
    if membership.opened_at.is_some() {
        stages.push(Stage::LinkOpened);
    }
    if membership.started_at.is_some() {
        stages.push(Stage::Started);
    }
    if membership.first_answer_at.is_some() {
        stages.push(Stage::FirstAnswerStored);
    }
    if let Some(submitted) = &membership.first_submitted_at {
        stages.push(Stage::Submitted { seconds: seconds_between(&membership.invited_at, submitted) });
    }
    stages
}

/// The writes that move the campaign's and the organisation's funnels by `by` for `stages`.
pub fn moved_ops(
    store: &Store,
    tenant_id: &str,
    campaign_id: &str,
    stages: &[Stage],
    by: i64,
) -> StoreResult<Vec<TransactWriteItem>> {
    if stages.is_empty() {
        return Ok(Vec::new());
    }
    let update = || {
        let mut update = Update::new().set(FunnelField::EntityType, FunnelRecord::ENTITY);
        for stage in stages {
            update = update.add(stage.field(), &by);
            if let Stage::Submitted { seconds } = stage {
                update = update.add(SUBMIT_FIELDS[submit_bucket(*seconds)], &by);
            }
        }
        update
    };
    Ok(vec![
        store.apply_op(&keys::campaign_funnel(tenant_id, campaign_id), update())?,
        store.apply_op(&keys::tenant_funnel(tenant_id), update())?,
    ])
}

/// A campaign's funnel (zeros before anyone is invited).
pub async fn of_campaign(store: &Store, tenant_id: &str, campaign_id: &str) -> StoreResult<Funnel> {
    let record: Option<FunnelRecord> = store.get(&keys::campaign_funnel(tenant_id, campaign_id)).await?;
    Ok(record.as_ref().map(Funnel::from).unwrap_or_default())
}

/// The organisation's funnel.
pub async fn of_organisation(store: &Store, tenant_id: &str) -> StoreResult<Funnel> {
    let record: Option<FunnelRecord> = store.get(&keys::tenant_funnel(tenant_id)).await?;
    Ok(record.as_ref().map(Funnel::from).unwrap_or_default())
}

/// The condition that a membership still has exactly the marks `membership` was read with,
/// so that what is taken back from the funnel is what it counted.
pub fn marks_unchanged(membership: &MembershipRecord) -> Condition<super::write::MembershipField> {
    use super::write::MembershipField as M;
    let mark = |field: M, set: bool| if set { Condition::Exists(field) } else { Condition::AbsentOrNull(field) };
    Condition::ItemExists
        .and(mark(M::OpenedAt, membership.opened_at.is_some()))
        .and(mark(M::StartedAt, membership.started_at.is_some()))
        .and(mark(M::FirstAnswerAt, membership.first_answer_at.is_some()))
        .and(mark(M::FirstSubmittedAt, membership.first_submitted_at.is_some()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_median_is_found_in_its_bucket() {
        let mut buckets = [0i64; 13];
        assert_eq!(median_seconds(&buckets), None);
        buckets[0] = 3; // three people within a minute
        assert_eq!(median_seconds(&buckets), Some(30));
        buckets[3] = 3; // and three between 15 minutes and an hour
        assert_eq!(median_seconds(&buckets), Some(60));
        buckets[3] = 5;
        let median = median_seconds(&buckets).unwrap();
        assert!((900..=3_600).contains(&median), "{median}");
        let mut late = [0i64; 13];
        late[12] = 1;
        assert_eq!(median_seconds(&late), Some(30 * 86_400 + 15 * 86_400));
    }

    #[test]
    fn times_fall_in_the_right_bucket() {
        assert_eq!(submit_bucket(0), 0);
        assert_eq!(submit_bucket(60), 0);
        assert_eq!(submit_bucket(61), 1);
        assert_eq!(submit_bucket(86_400), 6);
        assert_eq!(submit_bucket(400 * 86_400), 12);
        assert_eq!(seconds_between(&"2030-01-01T00:00:00Z".into(), &"2030-01-01T01:00:30Z".into()), 3_630);
    }
}
