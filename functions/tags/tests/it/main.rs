//! The tags routes over HTTP against DynamoDB Local and moto, beside the campaign-side
//! routes they act on, with the cascade worker run as SQS delivers it.

mod common;
mod tags;
