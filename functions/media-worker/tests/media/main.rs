//! The media worker against the local stack, with real takes made by ffmpeg and
//! speech by espeak-ng.

mod answers;
mod calls;
mod common;
mod generated;
mod jobs;
mod videotest;
mod worker;
