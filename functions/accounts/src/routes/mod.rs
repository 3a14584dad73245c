pub mod auth;
pub mod me;
