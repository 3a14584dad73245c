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

/// Subjects are hashed: keys never carry addresses.
fn subject_key(limit: &Limit, subject: &str) -> (keys::Key, i64) {
    let now = model::now().unix_timestamp();
    let window = limit.window.whole_seconds().max(1);
    let start = now - now.rem_euclid(window);
    let hashed = &sha256_hex(&subject.trim().to_lowercase())[..32];
    (keys::rate_counter(limit.scope, hashed, start), start + window - now)
}

/// What a counter says after a use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Allowed,
    /// Over the limit; the window ends in this many seconds.
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
    let (key, remaining) = subject_key(limit, subject);
    let ttl = model::now().unix_timestamp() + limit.window.whole_seconds() + 3600;
    let counter: Counter = store
        .update(&key, |u| {
            u.update_expression("SET entityType = :entity, #ttl = :ttl ADD hits :one")
                .expression_attribute_names("#ttl", "ttl")
                .expression_attribute_values(":entity", AttributeValue::S("RateCounter".into()))
                .expression_attribute_values(":ttl", AttributeValue::N(ttl.to_string()))
                .expression_attribute_values(":one", AttributeValue::N("1".into()))
                .return_values(ReturnValue::UpdatedNew)
        })
        .await?;
    Ok(verdict(limit, counter.hits, remaining))
}

/// Whether the subject is over the limit now, without counting a use.
pub async fn check(store: &Store, limit: &Limit, subject: &str) -> StoreResult<Verdict> {
    let (key, remaining) = subject_key(limit, subject);
    let hits = store.get::<Counter>(&key).await?.map(|c| c.hits).unwrap_or(0);
    Ok(if hits >= limit.max {
        Verdict::Limited { retry_after_secs: remaining.max(1) as u64 }
    } else {
        Verdict::Allowed
    })
}

/// Gives back one use counted by [`hit`] in the current window (a paid call that failed
/// before it cost anything, e.g. a language model that timed out). Never below zero.
pub async fn refund(store: &Store, limit: &Limit, subject: &str) -> StoreResult<()> {
    let (key, _) = subject_key(limit, subject);
    let result: StoreResult<Counter> = store
        .update(&key, |u| {
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

/// Forgets the subject's uses in the current window (a successful sign-in).
pub async fn clear(store: &Store, limit: &Limit, subject: &str) -> StoreResult<()> {
    let (key, _) = subject_key(limit, subject);
    store.delete(&key).await
}

fn verdict(limit: &Limit, hits: i64, remaining: i64) -> Verdict {
    if hits > limit.max {
        Verdict::Limited { retry_after_secs: remaining.max(1) as u64 }
    } else {
        Verdict::Allowed
    }
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

    #[test]
    fn the_use_past_the_maximum_is_limited_until_the_window_ends() {
        let limit = Limit { scope: "t", max: 2, window: Duration::minutes(1) };
        assert_eq!(verdict(&limit, 2, 30), Verdict::Allowed);
        assert_eq!(verdict(&limit, 3, 30), Verdict::Limited { retry_after_secs: 30 });
    }

    #[test]
    fn subjects_are_hashed_and_case_blind() {
        let (a, _) = subject_key(&MAIL_PER_ADDRESS, "Ann@Acme.com");
        let (b, _) = subject_key(&MAIL_PER_ADDRESS, "ann@acme.com");
        assert_eq!(a, b);
        assert!(!a.pk.contains("acme"));
    }
}
