//! The media worker against the local stack, with real takes made by ffmpeg and
//! speech by espeak-ng. (Rendering generated videos is tested with their routes, in
//! the generated-videos crate.)

mod answers;
mod calls;
mod common;
mod jobs;
mod remux;
mod speech;
mod story;
mod story_theme;
mod worker;
