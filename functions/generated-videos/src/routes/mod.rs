//! The generated videos' handlers: the videos themselves and the video test.

pub mod videos;
pub mod videotest;
