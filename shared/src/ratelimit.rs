//! Rate limits kept in the table: fixed-window counters changed with an atomic `ADD`,
//! so a burst of parallel requests is counted request by request (a read-then-write
//! counter would count a burst as one).

use serde::Deserialize;
use time::Duration;

use crate::{
    digest::sha256_hex,
    error::ApiError,
    model,
    storage::{keys, AttributeValue, ReturnValue, Store, StoreResult},
};

/// At most `max` uses per `window` for one subject (an address, a client, a key).
#[derive(Debug, Clone, Copy)]
pub struct Limit {
    pub scope: &'static str,
    pub max: i64,
    pub window: Duration,
}

/// Failed sign-ins per client address, whatever the account (credential stuffing).
pub const LOGIN_FAILURES_PER_CLIENT: Limit = Limit { scope: "login-client", max: 30, window: Duration::minutes(15) };
/// Wrong current passwords of a signed-in user (changing the password, closing the
/// organisation): a stolen session cannot guess its way to the password.
pub const PASSWORD_CHECKS_PER_USER: Limit = Limit { scope: "password-user", max: 5, window: Duration::minutes(15) };
/// E-mails sent to one address by calls anyone can make (reset, verification, links).
pub const MAIL_PER_ADDRESS: Limit = Limit { scope: "mail-address", max: 3, window: Duration::hours(1) };
/// Calls that send e-mail, per client address.
pub const MAIL_PER_CLIENT: Limit = Limit { scope: "mail-client", max: 20, window: Duration::minutes(10) };
/// Uploads a collaborator may start.
pub const UPLOADS_PER_CONTRIBUTOR: Limit = Limit { scope: "upload-start", max: 60, window: Duration::hours(1) };

/// Staff invitations (and invitations sent again) one organisation may send.
pub const INVITES_PER_ORGANISATION: Limit = Limit { scope: "invite-org", max: 20, window: Duration::hours(1) };
/// Staff invitations one address may receive, whichever organisations send them.
pub const INVITES_PER_ADDRESS: Limit = Limit { scope: "invite-address", max: 3, window: Duration::days(1) };

/// Staff's "remind everyone who has not submitted" on one campaign.
pub const REMIND_NOW_PER_CAMPAIGN: Limit = Limit { scope: "remind-now", max: 1, window: Duration::hours(1) };

/// Help requests one staff member may send (each e-mails support and the sender).
pub const HELP_REQUESTS_PER_USER: Limit = Limit { scope: "help-request", max: 10, window: Duration::hours(1) };
/// Professional-editor requests (and their cancellations) one staff member may send.
pub const EDITOR_REQUESTS_PER_USER: Limit = Limit { scope: "editor-request", max: 10, window: Duration::hours(1) };

#[derive(Debug, Deserialize)]
struct Counter {
    #[serde(default)]
    hits: i64,
}

/// The two fixed windows a use is weighed against: a sliding window estimated from the
/// current window's count and the previous one's, weighted by how much of it is still
/// inside the last `window` seconds. Fixed windows alone let a client spend the
/// maximum just before a boundary and again just after it.
struct Windows {
    current: keys::Key,
    previous: keys::Key,
    /// Seconds since the current window began.
    elapsed: i64,
    /// The window's length in seconds.
    length: i64,
    /// When a counter may be forgotten: after the window that still weighs it has ended.
    expires_at: i64,
}

/// Subjects are hashed: keys never carry addresses.
fn windows(limit: &Limit, subject: &str) -> Windows {
    let now = model::now().unix_timestamp();
    let length = limit.window.whole_seconds().max(1);
    let start = now - now.rem_euclid(length);
    let hashed = &sha256_hex(&subject.trim().to_lowercase())[..32];
    Windows {
        current: keys::rate_counter(limit.scope, hashed, start),
        previous: keys::rate_counter(limit.scope, hashed, start - length),
        elapsed: now - start,
        length,
        expires_at: start + 2 * length + 3600,
    }
}

/// Uses counted in the `length` seconds before `elapsed + later` seconds into the
/// current window, if no other use came, times `length` (whole numbers, no rounding):
/// the previous window's uses count for the share of it still inside those seconds.
fn estimate(previous: i64, current: i64, elapsed: i64, length: i64, later: i64) -> i64 {
    let at = elapsed + later;
    if at < length {
        current * length + previous * (length - at)
    } else if at < 2 * length {
        current * (2 * length - at)
    } else {
        0
    }
}

/// What a counter says after a use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Allowed,
    /// Over the limit; one more use would be allowed in this many seconds.
    Limited {
        retry_after_secs: u64,
    },
}

impl Verdict {
    pub fn is_limited(self) -> bool {
        matches!(self, Self::Limited { .. })
    }
}

/// Counts one use and says whether it is within the limit.
pub async fn hit(store: &Store, limit: &Limit, subject: &str) -> StoreResult<Verdict> {
    let windows = windows(limit, subject);
    let counted = store.update(&windows.current, |u| {
        u.update_expression("SET entityType = :entity, #ttl = :ttl ADD hits :one")
            .expression_attribute_names("#ttl", "ttl")
            .expression_attribute_values(":entity", AttributeValue::S("RateCounter".into()))
            .expression_attribute_values(":ttl", AttributeValue::N(windows.expires_at.to_string()))
            .expression_attribute_values(":one", AttributeValue::N("1".into()))
            .return_values(ReturnValue::UpdatedNew)
    });
    let (current, previous): (Counter, Option<Counter>) =
        tokio::try_join!(counted, store.get::<Counter>(&windows.previous))?;
    let previous = previous.map(|c| c.hits).unwrap_or(0);
    Ok(verdict(limit, &windows, previous, current.hits, limit.max))
}

/// Whether one more use would be over the limit now, without counting one.
pub async fn check(store: &Store, limit: &Limit, subject: &str) -> StoreResult<Verdict> {
    let windows = windows(limit, subject);
    let (current, previous) =
        tokio::try_join!(store.get::<Counter>(&windows.current), store.get::<Counter>(&windows.previous))?;
    let hits = |counter: Option<Counter>| counter.map(|c| c.hits).unwrap_or(0);
    Ok(verdict(limit, &windows, hits(previous), hits(current), limit.max - 1))
}

/// Gives back one use counted by [`hit`] in the current window (a paid call that failed
/// before it cost anything, e.g. a language model that timed out). Never below zero.
pub async fn refund(store: &Store, limit: &Limit, subject: &str) -> StoreResult<()> {
    let windows = windows(limit, subject);
    let result: StoreResult<Counter> = store
        .update(&windows.current, |u| {
            u.update_expression("ADD hits :minus")
                .condition_expression("hits > :zero")
                .expression_attribute_values(":minus", AttributeValue::N("-1".into()))
                .expression_attribute_values(":zero", AttributeValue::N("0".into()))
                .return_values(ReturnValue::UpdatedNew)
        })
        .await;
    match result {
        // The window ended (the counter expired) or nothing was counted: nothing to give back.
        Ok(_) | Err(crate::storage::StoreError::ConditionFailed) => Ok(()),
        Err(other) => Err(other),
    }
}

/// Forgets the subject's uses (a successful sign-in): both windows that weigh them.
pub async fn clear(store: &Store, limit: &Limit, subject: &str) -> StoreResult<()> {
    let windows = windows(limit, subject);
    tokio::try_join!(store.delete(&windows.current), store.delete(&windows.previous))?;
    Ok(())
}

/// Limited when the estimate is above `allowed`; then says when one more use would fit.
/// Limits of a day or more are quotas people plan by (an organisation's AI calls a
/// day): they end with their window, as they read. Shorter ones guard against abuse
/// and slide.
fn verdict(limit: &Limit, windows: &Windows, previous: i64, current: i64, allowed: i64) -> Verdict {
    let is_quota = limit.window >= Duration::days(1);
    let previous = if is_quota { 0 } else { previous };
    let length = windows.length;
    let at = |later| estimate(previous, current, windows.elapsed, length, later);
    if at(0) <= allowed * length {
        return Verdict::Allowed;
    }
    if is_quota {
        return Verdict::Limited { retry_after_secs: (length - windows.elapsed).max(1) as u64 };
    }
    // The estimate only falls as time passes, and is 0 two windows on: the first second
    // at which one more use fits is found by halving.
    let fits = |later| at(later) + length <= limit.max * length;
    let (mut low, mut high) = (1, 2 * length);
    while low < high {
        let middle = low + (high - low) / 2;
        if fits(middle) {
            high = middle;
        } else {
            low = middle + 1;
        }
    }
    Verdict::Limited { retry_after_secs: low as u64 }
}

/// The 429 of a limited client.
pub fn too_many(message: &str, verdict: Verdict) -> ApiError {
    let retry_after_secs = match verdict {
        Verdict::Limited { retry_after_secs } => retry_after_secs,
        Verdict::Allowed => 1,
    };
    ApiError::TooManyRequests { message: message.into(), retry_after_secs }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(elapsed: i64) -> Windows {
        let current = keys::rate_counter("t", "s", 600);
        Windows { previous: current.clone(), current, elapsed, length: 60, expires_at: 0 }
    }

    #[test]
    fn the_use_past_the_maximum_is_limited() {
        let limit = Limit { scope: "t", max: 2, window: Duration::minutes(1) };
        assert_eq!(verdict(&limit, &at(30), 0, 2, limit.max), Verdict::Allowed);
        // Three uses in a window still weigh after it ends, less and less: one more use
        // fits once two thirds of the next window have passed.
        assert_eq!(verdict(&limit, &at(30), 0, 3, limit.max), Verdict::Limited { retry_after_secs: 70 });
    }

    #[test]
    fn a_burst_across_a_window_boundary_is_limited_as_one_burst() {
        let limit = Limit { scope: "t", max: 20, window: Duration::minutes(1) };
        // 20 uses just before the boundary, then one just after: a fixed window would
        // allow twenty more.
        assert!(verdict(&limit, &at(1), 20, 1, limit.max).is_limited());
        // Halfway through, half of the previous window still counts.
        assert_eq!(verdict(&limit, &at(30), 20, 10, limit.max), Verdict::Allowed);
        assert!(verdict(&limit, &at(30), 20, 11, limit.max).is_limited());
        // A full window later, the previous one no longer counts.
        assert_eq!(estimate(20, 0, 59, 60, 1), 0);
    }

    #[test]
    fn a_quota_of_a_day_ends_with_its_day() {
        let limit = Limit { scope: "t", max: 3, window: Duration::days(1) };
        let day = Windows { elapsed: 60, length: 86_400, ..at(60) };
        assert_eq!(verdict(&limit, &day, 3, 3, limit.max), Verdict::Allowed, "yesterday's uses do not count");
        assert_eq!(verdict(&limit, &day, 0, 4, limit.max), Verdict::Limited { retry_after_secs: 86_340 });
    }

    #[test]
    fn the_wait_given_is_the_first_second_one_more_use_fits() {
        let limit = Limit { scope: "t", max: 20, window: Duration::minutes(1) };
        let Verdict::Limited { retry_after_secs } = verdict(&limit, &at(1), 20, 1, limit.max) else {
            panic!("limited")
        };
        let later = retry_after_secs as i64;
        assert!(estimate(20, 1, 1, 60, later) + 60 <= limit.max * 60);
        assert!(estimate(20, 1, 1, 60, later - 1) + 60 > limit.max * 60);
    }

    #[test]
    fn a_check_says_whether_one_more_use_would_fit() {
        let limit = Limit { scope: "t", max: 2, window: Duration::minutes(1) };
        assert_eq!(verdict(&limit, &at(10), 0, 1, limit.max - 1), Verdict::Allowed);
        assert!(verdict(&limit, &at(10), 0, 2, limit.max - 1).is_limited());
    }

    #[test]
    fn subjects_are_hashed_and_case_blind() {
        let a = windows(&MAIL_PER_ADDRESS, "Ann@Acme.com");
        let b = windows(&MAIL_PER_ADDRESS, "ann@acme.com");
        assert_eq!(a.current, b.current);
        assert!(!a.current.pk.contains("acme"));
        assert_eq!(a.previous.pk, a.current.pk);
    }
}
