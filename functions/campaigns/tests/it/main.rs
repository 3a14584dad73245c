//! The campaigns routes over HTTP against DynamoDB Local and moto, with the cascade
//! worker run as SQS delivers it. (Initiatives, tags, questions and the cascade worker
//! test their own routes in their crates.)

mod campaigns;
mod common;
mod hardening;
