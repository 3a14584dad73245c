//! Stories told by many voices: clips of any answers of a campaign, in order.

pub mod draft;
pub mod theme;
