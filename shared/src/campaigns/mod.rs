//! Campaigns and what they are made of: initiatives, tags, questions, participants.
//! Records, rules and the reads several functions share (the campaigns, questions,
//! initiatives and tags functions, and the cascade worker).

pub mod dto;
pub mod listing;
pub mod records;
pub mod repo;
pub mod rules;
pub mod write;
