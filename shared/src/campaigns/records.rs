//! Items of the campaign side of the table. Keys come from `storage::keys`.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{model::Timestamp, storage::keys};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum LifecycleStatus {
    Active,
    /// Being removed by the cascade worker: hidden everywhere, refuses new children.
    Deleting,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InitiativeRecord {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    pub entity_type: String,
    pub tenant_id: String,
    pub initiative_id: String,
    pub name: String,
    pub status: LifecycleStatus,
    /// Campaigns not being deleted; kept by the same transactions that add or remove them.
    pub campaign_count: i64,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
}

impl InitiativeRecord {
    pub const ENTITY: &'static str = "Initiative";

    pub fn key(&self) -> keys::Key {
        keys::initiative(&self.tenant_id, &self.initiative_id)
    }
}

/// Claims a name within an organisation (initiative and tag names are unique).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NameClaim {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    pub entity_type: String,
    pub owner_id: String,
}

impl NameClaim {
    pub fn new(key: keys::Key, owner_id: &str) -> Self {
        Self { pk: key.pk, sk: key.sk, entity_type: "NameClaim".into(), owner_id: owner_id.into() }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TagRecord {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    pub entity_type: String,
    pub tenant_id: String,
    pub tag_id: String,
    pub name: String,
    pub created_at: Timestamp,
    /// Set when its deletion starts: no campaign can be given it any more.
    #[serde(default)]
    pub deleting: bool,
}

impl TagRecord {
    pub const ENTITY: &'static str = "Tag";
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum CampaignStatus {
    Draft,
    Live,
    Expired,
}

/// Shown as "Open" in the interface.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum CampaignType {
    Evergreen,
    Targeted,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Visibility {
    Public,
    Private,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum RecordingMode {
    Landscape,
    Portrait,
}

pub use crate::language::Language;

/// When collaborators who have not submitted are reminded (at most
/// [`ReminderSettings::MAX_REMINDERS`] each, whatever sends them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReminderSettings {
    /// Reminders on (the default) or off.
    pub enabled: bool,
    /// Days after the invitation (1 to 30; default 3); repeated at the same interval.
    pub days_after_invitation: u32,
    /// Days before the deadline of a targeted campaign with one (1 to 30; default 2).
    pub days_before_deadline: u32,
}

impl ReminderSettings {
    pub const MAX_REMINDERS: u32 = 3;
    pub const MAX_DAYS: u32 = 30;
}

impl Default for ReminderSettings {
    fn default() -> Self {
        Self { enabled: true, days_after_invitation: 3, days_before_deadline: 2 }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CampaignRecord {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    /// All campaigns of the organisation, by creation time.
    #[serde(rename = "GSI1PK")]
    pub gsi1pk: String,
    #[serde(rename = "GSI1SK")]
    pub gsi1sk: String,
    /// All campaigns of the initiative.
    #[serde(rename = "GSI2PK")]
    pub gsi2pk: String,
    #[serde(rename = "GSI2SK")]
    pub gsi2sk: String,
    pub entity_type: String,
    pub tenant_id: String,
    pub campaign_id: String,
    pub initiative_id: String,
    pub title: String,
    pub description: String,
    pub campaign_type: CampaignType,
    pub visibility: Visibility,
    pub mode: RecordingMode,
    /// What collaborators speak (campaigns made before it was recorded: English).
    #[serde(default)]
    pub language: Language,
    /// Stored status; `expired` is also read from the expiry date (see `rules::effective_status`).
    pub status: CampaignStatus,
    pub lifecycle: LifecycleStatus,
    /// `YYYY-MM-DD`.
    pub deadline: Option<String>,
    pub expiry_date: Option<String>,
    pub tag_ids: Vec<String>,
    pub made_live: bool,
    pub made_live_at: Option<Timestamp>,
    pub video_count: i64,
    /// Bumped by every change to the questions (add, move, delete), each conditional on
    /// the value read, so two changes made at the same moment cannot both number the
    /// questions from the same list.
    #[serde(default)]
    pub questions_version: u64,
    pub created_by: String,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
    /// Every write of the campaign, its brief or its script is conditional on it.
    pub version: u64,
    /// Campaigns made before reminders existed get the defaults.
    #[serde(default)]
    pub reminders: ReminderSettings,
}

impl CampaignRecord {
    pub const ENTITY: &'static str = "Campaign";

    pub fn key(&self) -> keys::Key {
        keys::campaign(&self.tenant_id, &self.campaign_id)
    }
}

/// The campaign's brief or script (HTML from the rich-text editor).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CampaignTextRecord {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    pub entity_type: String,
    /// Emoji escaped (see `rules::escape_emoji`).
    pub text: String,
    pub updated_at: Timestamp,
    pub updated_by: String,
}

impl CampaignTextRecord {
    pub const BRIEF: &'static str = "BRIEF";
    pub const SCRIPT: &'static str = "SCRIPT";
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct QuestionRecord {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    pub entity_type: String,
    pub tenant_id: String,
    pub campaign_id: String,
    pub question_id: String,
    pub question: String,
    pub tips: Option<String>,
    /// Emoji escaped.
    pub script: Option<String>,
    /// 1..N, dense and unique within the campaign.
    pub sequence: u32,
    /// The longest answer it takes, in seconds (`rules::TIME_LIMITS_SECONDS`); none when unset.
    #[serde(default)]
    pub time_limit_seconds: Option<u32>,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
}

impl QuestionRecord {
    pub const ENTITY: &'static str = "Question";

    pub fn key(&self) -> keys::Key {
        keys::question(&self.tenant_id, &self.campaign_id, &self.question_id)
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ParticipantRecord {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    #[serde(rename = "GSI2PK")]
    pub gsi2pk: String,
    #[serde(rename = "GSI2SK")]
    pub gsi2sk: String,
    pub entity_type: String,
    pub tenant_id: String,
    pub campaign_id: String,
    pub user_id: String,
    pub added_at: Timestamp,
}

impl ParticipantRecord {
    pub const ENTITY: &'static str = "Participant";

    pub fn new(tenant_id: &str, campaign_id: &str, user_id: &str, at: Timestamp) -> Self {
        let key = keys::participant(tenant_id, campaign_id, user_id);
        Self {
            pk: key.pk,
            sk: key.sk,
            gsi2pk: keys::campaigns_of_user_gsi2(tenant_id, user_id),
            gsi2sk: campaign_id.into(),
            entity_type: Self::ENTITY.into(),
            tenant_id: tenant_id.into(),
            campaign_id: campaign_id.into(),
            user_id: user_id.into(),
            added_at: at,
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TagLinkRecord {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    pub entity_type: String,
    pub campaign_id: String,
}

impl TagLinkRecord {
    pub fn new(tenant_id: &str, tag_id: &str, campaign_id: &str) -> Self {
        let key = keys::tag_link(tenant_id, tag_id, campaign_id);
        Self { pk: key.pk, sk: key.sk, entity_type: "TagLink".into(), campaign_id: campaign_id.into() }
    }
}
