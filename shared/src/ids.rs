//! The one check every id passes before it reaches a key: in a path, a query or a body.
//!
//! Our ids are ULIDs (26 characters); tenants' ids too. We accept up to 64 characters
//! of `[A-Za-z0-9_-]`, which also lets the web app's `undefined`/`null` placeholders
//! through to the spec's "missing" messages. Anything else cannot name a stored item, and
//! letting it through would make DynamoDB refuse the key (a 500), so it is a 400 here.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize};
use utoipa::{
    openapi::{ObjectBuilder, RefOr, Schema, Type},
    PartialSchema, ToSchema,
};

pub const MAX_ID_LENGTH: usize = 64;
pub const ID_PATTERN: &str = "^[A-Za-z0-9_-]{0,64}$";
pub const INVALID_ID: &str = "This id is not valid";

/// Whether `value` has the shape of an id (empty counts: "missing" is decided later).
pub fn is_valid(value: &str) -> bool {
    value.len() <= MAX_ID_LENGTH && value.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// An id taken from a request: only valid shapes deserialize.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct Id(String);

impl Id {
    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }

    /// Trusted construction (ids we generated or read back from storage).
    pub fn from_trusted(value: impl Into<String>) -> Self {
        Self(value.into())
    }
}

impl TryFrom<String> for Id {
    type Error = &'static str;

    fn try_from(value: String) -> Result<Self, Self::Error> {
        let value = value.trim().to_string();
        if is_valid(&value) {
            Ok(Self(value))
        } else {
            Err(INVALID_ID)
        }
    }
}

impl<'de> Deserialize<'de> for Id {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let raw = String::deserialize(deserializer)?;
        Id::try_from(raw).map_err(serde::de::Error::custom)
    }
}

impl std::ops::Deref for Id {
    type Target = str;

    fn deref(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for Id {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Id {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl PartialEq<str> for Id {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl PartialEq<&str> for Id {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

impl PartialEq<String> for Id {
    fn eq(&self, other: &String) -> bool {
        &self.0 == other
    }
}

impl PartialEq<Id> for String {
    fn eq(&self, other: &Id) -> bool {
        *self == other.0
    }
}

impl PartialEq<Id> for str {
    fn eq(&self, other: &Id) -> bool {
        self == other.0
    }
}

impl PartialSchema for Id {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .max_length(Some(MAX_ID_LENGTH))
            .pattern(Some(ID_PATTERN))
            .description(Some("An id: up to 64 letters, digits, '-' or '_'."))
            .into()
    }
}

impl ToSchema for Id {}

/// A new sortable id.
pub fn new_id() -> String {
    ulid::Ulid::new().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_of_every_kind_we_make_are_valid() {
        assert!(is_valid(&crate::model::new_id()));
        assert!(is_valid("undefined"));
        assert!(is_valid(""));
        assert!(is_valid(&"a".repeat(64)));
    }

    #[test]
    fn long_or_odd_ids_are_refused_before_any_lookup() {
        for bad in ["a".repeat(65), "a".repeat(1100), "a/b".into(), "a b".into(), "é".into(), "a#b".into()] {
            assert!(!is_valid(&bad), "{bad}");
            assert!(serde_json::from_value::<Id>(serde_json::json!(bad)).is_err());
        }
        let id: Id = serde_json::from_value(serde_json::json!(" 01ABC ")).unwrap();
        assert_eq!(id.as_str(), "01ABC");
    }
}
