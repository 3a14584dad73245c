//! The work behind the handler: probing and transcoding with ffmpeg, rendering and
//! cutting generated videos, rendering stories, and transcribing takes.

pub mod claimed;
pub mod ffmpeg;
pub mod generated;
pub mod render;
pub mod stories;
pub mod story_render;
pub mod transcribe;
