pub mod edit;
pub mod list;
pub mod participants;
pub mod preview;
