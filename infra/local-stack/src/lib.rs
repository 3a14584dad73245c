//! The local stack's glue, never deployed: provisioning from `template.yaml`, SQS
//! workers run by polling, the dev mailbox, and the integration-test harness.

pub mod mailbox;
pub mod provision;
pub mod template;
pub mod testkit;
pub mod worker;
