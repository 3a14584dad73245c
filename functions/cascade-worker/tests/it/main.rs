//! The cascade worker against the local stack: deletions made over HTTP by the
//! campaign-side routes, finished by the worker as SQS delivers its messages.

mod cascade;
mod common;
