//! The figures the dashboard shows (spec section 3, "Dashboard details"), kept exact by
//! changing them only inside the transaction that changes the answer they count.

use serde::{Deserialize, Serialize};

use super::records::JourneyRecord;
use crate::storage::{
    keys,
    update::{Field, Update},
    Store, StoreResult, TransactWriteItem,
};

/// The organisation's running totals (`T#<tenantId>` / `STATS`).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct TenantStats {
    /// Seconds of the stored takes.
    pub video_seconds: f64,
    /// Answers with a stored take.
    pub video_count: i64,
    /// Answers with a stored take that no one has reviewed yet.
    pub pending_video_responses: i64,
    pub device_mobile: i64,
    pub device_tablet: i64,
    pub device_desktop: i64,
    pub device_unknown: i64,
}

impl TenantStats {
    pub const ENTITY: &'static str = "TenantStats";
}

/// The attributes of the totals, for typed updates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StatsField {
    EntityType,
    VideoSeconds,
    VideoCount,
    PendingVideoResponses,
    DeviceMobile,
    DeviceTablet,
    DeviceDesktop,
    DeviceUnknown,
}

impl Field for StatsField {
    fn path(self) -> &'static [&'static str] {
        match self {
            StatsField::EntityType => &["entityType"],
            StatsField::VideoSeconds => &["videoSeconds"],
            StatsField::VideoCount => &["videoCount"],
            StatsField::PendingVideoResponses => &["pendingVideoResponses"],
            StatsField::DeviceMobile => &["deviceMobile"],
            StatsField::DeviceTablet => &["deviceTablet"],
            StatsField::DeviceDesktop => &["deviceDesktop"],
            StatsField::DeviceUnknown => &["deviceUnknown"],
        }
    }
}

fn device_attribute(device: Option<&str>) -> StatsField {
    match device {
        Some("Mobile") => StatsField::DeviceMobile,
        Some("Tablet") => StatsField::DeviceTablet,
        Some("Desktop") => StatsField::DeviceDesktop,
        _ => StatsField::DeviceUnknown,
    }
}

/// A change of the totals.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct StatsDelta {
    pub seconds: f64,
    pub videos: i64,
    pub pending: i64,
    pub devices: Vec<(StatsField, i64)>,
}

impl StatsDelta {
    /// A stored take `new` replaces `old` (or nothing). The new take waits for review.
    pub fn replacing(old: Option<&JourneyRecord>, new_seconds: f64, new_device: Option<&str>) -> Self {
        let old = old.filter(|o| o.s3_video_key.is_some());
        let mut delta = Self {
            seconds: new_seconds - old.and_then(|o| o.duration_seconds).unwrap_or(0.0),
            videos: if old.is_some() { 0 } else { 1 },
            pending: 1 - i64::from(old.is_some_and(JourneyRecord::is_pending)),
            devices: vec![(device_attribute(new_device), 1)],
        };
        if let Some(old) = old {
            delta.devices.push((device_attribute(old.device_type.as_deref()), -1));
        }
        delta
    }

    /// A stored take is deleted.
    pub fn removing(old: &JourneyRecord) -> Self {
        Self {
            seconds: -old.duration_seconds.unwrap_or(0.0),
            videos: -1,
            pending: -i64::from(old.is_pending()),
            devices: vec![(device_attribute(old.device_type.as_deref()), -1)],
        }
    }

    /// Staff reviewed a take (approved it, or sent it back): it is no longer pending.
    /// Or the other way round, when a review is undone.
    pub fn reviewing(old: &JourneyRecord, now_pending: bool) -> Self {
        let was = i64::from(old.is_pending());
        let now = i64::from(now_pending && old.s3_video_key.is_some());
        Self { pending: now - was, ..Default::default() }
    }

    pub fn is_empty(&self) -> bool {
        self.seconds == 0.0 && self.videos == 0 && self.pending == 0 && self.devices.iter().all(|(_, n)| *n == 0)
    }

    pub fn op(&self, store: &Store, tenant_id: &str) -> StoreResult<TransactWriteItem> {
        // One ADD per attribute: a take replaced by one from the same device nets out.
        let mut devices: Vec<(StatsField, i64)> = Vec::new();
        for (device, change) in &self.devices {
            match devices.iter_mut().find(|(d, _)| d == device) {
                Some((_, total)) => *total += change,
                None => devices.push((*device, *change)),
            }
        }
        let mut update = Update::new()
            .set(StatsField::EntityType, TenantStats::ENTITY)
            .add(StatsField::VideoSeconds, &self.seconds)
            .add(StatsField::VideoCount, &self.videos)
            .add(StatsField::PendingVideoResponses, &self.pending);
        for (device, change) in devices {
            update = update.add(device, &change);
        }
        store.apply_op(&keys::tenant_stats(tenant_id), update)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn take(seconds: f64, device: &str) -> JourneyRecord {
        let mut record = JourneyRecord::new("t", "c", "k", "q", "now".into());
        record.s3_video_key = Some("t/i/c/k/1-recorded_video.mp4".into());
        record.duration_seconds = Some(seconds);
        record.device_type = Some(device.into());
        record
    }

    #[test]
    fn a_first_take_counts_once_and_a_replacement_only_changes_its_length_and_device() {
        let first = StatsDelta::replacing(None, 30.0, Some("Mobile"));
        assert_eq!((first.seconds, first.videos, first.pending), (30.0, 1, 1));
        assert_eq!(first.devices, vec![(StatsField::DeviceMobile, 1)]);
        let replaced = StatsDelta::replacing(Some(&take(30.0, "Mobile")), 45.0, Some("Desktop"));
        assert_eq!((replaced.seconds, replaced.videos, replaced.pending), (15.0, 0, 0));
        assert_eq!(replaced.devices, vec![(StatsField::DeviceDesktop, 1), (StatsField::DeviceMobile, -1)]);
        let removed = StatsDelta::removing(&take(45.0, "Desktop"));
        assert_eq!((removed.seconds, removed.videos, removed.pending), (-45.0, -1, -1));
    }

    #[test]
    fn only_unreviewed_takes_are_pending() {
        let mut reviewed = take(30.0, "Mobile");
        reviewed.review_status = Some(super::super::records::ReviewStatus::SentBack);
        assert_eq!(StatsDelta::removing(&reviewed).pending, 0);
        assert_eq!(StatsDelta::replacing(Some(&reviewed), 20.0, Some("Mobile")).pending, 1, "a new take is new");
        assert_eq!(StatsDelta::replacing(Some(&take(30.0, "Mobile")), 20.0, Some("Mobile")).pending, 0);
        assert_eq!(StatsDelta::reviewing(&take(30.0, "Mobile"), false).pending, -1);
        assert_eq!(StatsDelta::reviewing(&reviewed, false).pending, 0);
    }
}
