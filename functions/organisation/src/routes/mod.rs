//! The organisation's handlers, one file per resource.

pub mod company;
pub mod departments;
pub mod files;
