//! The organisation's handlers, one file per resource.

pub mod api_keys;
pub mod company;
pub mod departments;
pub mod files;
pub mod theme;
