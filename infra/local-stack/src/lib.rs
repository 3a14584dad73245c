//! The local stack's glue, never deployed: provisioning from `template.yaml`, SQS
//! workers run by polling, the dev mailbox, and the integration-test harness.

pub mod iam;
pub mod mailbox;
pub mod provision;
pub mod recorder;
pub mod template;
pub mod testkit;
pub mod worker;
