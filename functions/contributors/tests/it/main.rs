//! Every contributors route over HTTP against DynamoDB Local and moto, with the mail
//! and upload workers run as SQS delivers their messages, and real videos made by ffmpeg.
//! (The upload worker's own tests are in its crate.)

mod common;
mod funnel;
mod fuzz_regressions;
mod hardening;
mod invitations;
mod journey;
mod preview;
mod recording_tips;
mod reminders;
mod uploads;
