//! The generated videos' and the video test page's routes against the local stack, with
//! the upload and media workers making and rendering real takes made by ffmpeg and
//! speech by espeak-ng.

mod common;
mod generated;
mod videotest;
