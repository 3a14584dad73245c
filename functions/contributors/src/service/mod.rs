//! What the staff and collaborator halves share: the campaign views a contributor sees,
//! removing a contributor's answers, and the invitation.

pub mod answers;
pub mod invite;
pub mod views;
