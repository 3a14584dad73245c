//! Reminder worker: run on a schedule (template.yaml, every 15 minutes; the local
//! gateway on an interval), it sends the collaborators' reminders that are due
//! (`contributors::reminders::send_due`). It reads only the due entries of the index, so
//! its cost follows what is due, not the size of the organisations.

use serde_json::Value;
use storyhive_shared::{contributors::reminders, model, AppContext};

/// How often the schedule runs it (template.yaml's `rate(15 minutes)`).
pub const EVERY_SECONDS: u64 = 15 * 60;

/// One scheduled run, at the present time.
pub async fn handle_event(context: &AppContext, _event: Value) -> anyhow::Result<Value> {
    let report = reminders::send_due(context, model::now()).await.map_err(|e| anyhow::anyhow!("{e:?}"))?;
    Ok(serde_json::to_value(report)?)
}
