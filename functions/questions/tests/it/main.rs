//! The questions routes over HTTP against DynamoDB Local and moto, beside the
//! campaign-side routes, with the cascade worker run as SQS delivers it.

mod common;
mod questions;
