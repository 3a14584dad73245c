//! Time as the product stores it: now, and RFC 3339 timestamps (sortable, readable in the
//! console). Below every other module: records, keys and objects all stamp times.

use time::OffsetDateTime;

/// Timestamps are stored as RFC 3339 strings.
pub type Timestamp = String;

pub fn now() -> OffsetDateTime {
    OffsetDateTime::now_utc()
}

pub fn timestamp(at: OffsetDateTime) -> Timestamp {
    at.format(&time::format_description::well_known::Rfc3339).expect("RFC 3339 formatting of a UTC time")
}
