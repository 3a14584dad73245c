//! Code every Storyhive function uses. Functions only wire these pieces together;
//! the rules live here (or in the function's library) where they can be tested.

pub mod answers;
pub mod api_keys;
pub mod auth;
pub mod aws;
pub mod campaigns;
pub mod cascade;
pub mod clock;
pub mod config;
pub mod context;
pub mod contributors;
pub mod edge;
pub mod error;
pub mod http;
pub mod ids;
pub mod invitations;
pub mod language;
#[cfg(test)]
mod layers;
pub mod mail;
pub mod model;
pub mod openapi;
pub mod permissions;
pub mod queue;
pub mod ratelimit;
pub mod request_id;
pub mod routes;
pub mod scopes;
pub mod storage;
pub mod telemetry;
pub mod tls;
pub mod validation;
pub mod words;

pub use config::Config;
pub use context::AppContext;
pub use error::{ApiError, ApiResult};
pub mod countries;
pub mod digest;
pub mod guidelines;
pub mod media;
pub mod organisation;
pub mod presigned_post;
pub mod publishing;
pub mod search;
pub mod staff;
pub mod support;
