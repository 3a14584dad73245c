//! The local stack's tests, one binary: template.yaml itself (what AWS will run) and the IAM
//! grants the recorder checks every AWS call against, and the shape every function keeps.

mod layout;
mod owners;
mod permissions;
mod template;
