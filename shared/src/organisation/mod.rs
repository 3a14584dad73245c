//! The organisation's own set-up: departments, and the files it keeps in the media
//! bucket (logo, avatars, terms and conditions, encouragement videos), which browsers
//! upload straight to S3 and read through short-lived presigned URLs.

pub mod files;
pub mod records;
pub mod terms;

pub const VALID_FILE: &str = "Please upload valid file";
pub const DEPARTMENT_INVALID: &str = "Please select the valid department";
pub const DEPARTMENT_REQUIRED: &str = "Department is a required field";
pub const DEPARTMENT_TOO_LONG: &str = "Department must be at most 50 characters";
pub const DEPARTMENT_TAKEN: &str = "This department already exists";
pub const DEPARTMENT_NOT_FOUND: &str = "Department not found";
pub const DEPARTMENT_NAME_MAX: usize = 50;
/// Departments are a short pick list; the whole list is one small Query.
pub const DEPARTMENTS_MAX: usize = 100;
pub const TOO_MANY_DEPARTMENTS: &str = "An organisation can have at most 100 departments";
