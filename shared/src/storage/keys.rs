//! Every DynamoDB key of the single table is built here and nowhere else.
//! `docs/ACCESS_PATTERNS.md` lists the access pattern each one serves.
//!
//! Partition keys holding an organisation's data start with `T#<tenantId>` so tenants
//! are isolated in code and IAM's `dynamodb:LeadingKeys` can enforce it. The only
//! global partitions are e-mail claims and sign-in throttles, which must be found
//! by address before any tenant is known.

use serde::{Deserialize, Serialize};

pub const PK: &str = "PK";
pub const SK: &str = "SK";
pub const GSI1: &str = "GSI1";
pub const GSI1PK: &str = "GSI1PK";
pub const GSI1SK: &str = "GSI1SK";

/// A primary key of the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Key {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
}

impl Key {
    fn new(pk: String, sk: impl Into<String>) -> Self {
        Self { pk, sk: sk.into() }
    }
}

fn tenant_pk(tenant_id: &str) -> String {
    format!("T#{tenant_id}")
}

/// The organisation's own record.
pub fn tenant(tenant_id: &str) -> Key {
    Key::new(tenant_pk(tenant_id), "TENANT")
}

/// A staff user, in the organisation's partition.
pub fn user(tenant_id: &str, user_id: &str) -> Key {
    Key::new(tenant_pk(tenant_id), format!("{USER_PREFIX}{user_id}"))
}

pub const USER_PREFIX: &str = "USER#";

/// Partition and sort-key prefix listing every user of an organisation.
pub fn users_of_tenant(tenant_id: &str) -> (String, &'static str) {
    (tenant_pk(tenant_id), USER_PREFIX)
}

/// Claim on an e-mail address: makes addresses unique across organisations and
/// finds the account at sign-in. Addresses are compared lower-cased.
pub fn email_claim(email: &str) -> Key {
    Key::new(format!("EMAIL#{}", email.to_lowercase()), "EMAIL")
}

/// Counter of failed sign-ins for one address.
pub fn login_throttle(email: &str) -> Key {
    Key::new(format!("LOGIN#{}", email.to_lowercase()), "THROTTLE")
}

/// A staff session, found by the hash of its access token.
pub fn session(tenant_id: &str, token_hash: &str) -> Key {
    Key::new(format!("T#{tenant_id}#SESSION#{token_hash}"), "SESSION")
}

/// GSI1 partition listing one user's sessions (to revoke them all).
pub fn sessions_of_user_gsi1(tenant_id: &str, user_id: &str) -> String {
    format!("T#{tenant_id}#USER#{user_id}#SESSIONS")
}

/// A single-use token (e-mail verification, password reset), found by its hash.
pub fn one_time_token(tenant_id: &str, token_hash: &str) -> Key {
    Key::new(format!("T#{tenant_id}#TOKEN#{token_hash}"), "TOKEN")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tenant_data_keys_lead_with_the_tenant() {
        for key in [tenant("t1"), user("t1", "u1"), session("t1", "h"), one_time_token("t1", "h")] {
            assert!(key.pk.starts_with("T#t1"), "{key:?}");
        }
        assert!(sessions_of_user_gsi1("t1", "u1").starts_with("T#t1#"));
    }

    #[test]
    fn addresses_are_case_insensitive() {
        assert_eq!(email_claim("Ann@Acme.COM"), email_claim("ann@acme.com"));
        assert_eq!(login_throttle("Ann@Acme.COM"), login_throttle("ann@acme.com"));
    }

    #[test]
    fn users_are_listed_by_prefix_of_their_own_keys() {
        let (pk, prefix) = users_of_tenant("t1");
        let key = user("t1", "u1");
        assert_eq!(key.pk, pk);
        assert!(key.sk.starts_with(prefix));
    }
}
