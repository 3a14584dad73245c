//! The generated videos' and the video test page's routes against the local stack, with
//! the upload and media workers making and rendering real takes made by ffmpeg and
//! speech by espeak-ng.

mod common;
// The take pipeline (routes and workers) the media worker's tests run on.
mod generated;
#[path = "../../../media-worker/tests/it/common.rs"]
#[allow(dead_code, unused_imports)]
mod media_common;
mod one_speaker;
mod stories;
mod videotest;
