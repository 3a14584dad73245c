//! The local stack's tests, one binary: template.yaml itself (what AWS will run) and the IAM
//! grants the recorder checks every AWS call against.

mod owners;
mod permissions;
mod template;
