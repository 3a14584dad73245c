//! The upload worker against the local stack: real videos made by ffmpeg uploaded
//! through the contributors routes as a browser does, recorded by the worker as SQS
//! delivers the bucket's notifications.

// The upload worker has no router: it runs on the contributors' test stack, whose routes
// upload what it records.
#[path = "../../../contributors/tests/it/common.rs"]
mod common;
mod uploads;
