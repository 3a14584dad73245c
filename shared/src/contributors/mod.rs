//! Contributors ("collaborators" in the interface): who they are, their invitation
//! (a capability key), their answers, and the rules shared by the contributors
//! function and the upload worker.

pub mod access;
pub mod dto;
pub mod funnel;
pub mod landing;
pub mod records;
pub mod reminders;
pub mod repo;
pub mod rules;
pub mod stats;
pub mod unsubscribe;
pub mod write;
