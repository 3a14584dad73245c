//! The generated videos' handlers: the videos themselves, stories of many voices and the
//! video test.

pub mod stories;
pub mod videos;
pub mod videotest;
