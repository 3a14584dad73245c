//! Media checks shared by the functions that accept uploaded files.

pub mod probe;
pub mod reader;
