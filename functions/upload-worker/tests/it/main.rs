//! The upload worker against the local stack: real videos made by ffmpeg uploaded
//! through the contributors routes as a browser does, recorded by the worker as SQS
//! delivers the bucket's notifications.

mod common;
mod uploads;
