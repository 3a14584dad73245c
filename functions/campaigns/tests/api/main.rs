//! Every campaign-side route (initiatives, tags, campaigns, questions) over HTTP
//! against DynamoDB Local and moto, with the cascade worker run as SQS delivers it.

mod campaigns;
mod cascade;
mod common;
mod hardening;
mod initiatives;
mod questions;
mod tags;
