//! Response shapes shared by the campaign-side functions.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{
    records::{
        CampaignRecord, CampaignStatus, CampaignType, InitiativeRecord, Language, QuestionRecord, RecordingMode,
        TagRecord, Visibility,
    },
    rules,
};
use crate::staff::UserListItem;

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Initiative {
    pub id: String,
    pub name: String,
    pub campaign_count: i64,
    pub created_at: String,
}

impl From<&InitiativeRecord> for Initiative {
    fn from(record: &InitiativeRecord) -> Self {
        Self {
            id: record.initiative_id.clone(),
            name: record.name.clone(),
            campaign_count: record.campaign_count.max(0),
            created_at: record.created_at.clone(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Tag {
    pub id: String,
    pub name: String,
}

impl From<&TagRecord> for Tag {
    fn from(record: &TagRecord) -> Self {
        Self { id: record.tag_id.clone(), name: record.name.clone() }
    }
}

/// Spec section 3, "Question".
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Question {
    pub question_id: String,
    pub campaign_question_id: String,
    pub campaign_id: String,
    pub question: String,
    /// Null when empty.
    pub tips: Option<String>,
    pub sequence: u32,
    pub script: Option<String>,
    /// The longest answer it takes, in seconds (30, 60, 120 or 300); null for no limit.
    pub time_limit_seconds: Option<u32>,
}

impl From<&QuestionRecord> for Question {
    fn from(record: &QuestionRecord) -> Self {
        Self {
            question_id: record.question_id.clone(),
            campaign_question_id: record.question_id.clone(),
            campaign_id: record.campaign_id.clone(),
            question: record.question.clone(),
            tips: record.tips.clone().filter(|t| !t.is_empty()),
            sequence: record.sequence,
            script: record.script.as_deref().map(rules::restore_emoji),
            time_limit_seconds: record.time_limit_seconds,
        }
    }
}

/// One row of the campaign list.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CampaignSummary {
    pub id: String,
    pub title: String,
    pub initiative_id: String,
    pub initiative_name: Option<String>,
    /// Effective status: past its expiry date a campaign reads as expired.
    pub status: CampaignStatus,
    /// `evergreen` is shown as "Open".
    #[serde(rename = "type")]
    pub campaign_type: CampaignType,
    pub visibility: Visibility,
    pub mode: RecordingMode,
    pub video_count: i64,
    pub deadline: Option<String>,
    pub expiry_date: Option<String>,
    pub created_at: String,
    pub tags: Vec<Tag>,
}

impl CampaignSummary {
    pub fn new(
        campaign: &CampaignRecord,
        initiatives: &[InitiativeRecord],
        tags: &[TagRecord],
        today: time::Date,
    ) -> Self {
        Self {
            id: campaign.campaign_id.clone(),
            title: campaign.title.clone(),
            initiative_id: campaign.initiative_id.clone(),
            initiative_name: initiatives
                .iter()
                .find(|i| i.initiative_id == campaign.initiative_id)
                .map(|i| i.name.clone()),
            status: rules::effective_status(campaign, today),
            campaign_type: campaign.campaign_type,
            visibility: campaign.visibility,
            mode: campaign.mode,
            video_count: campaign.video_count,
            deadline: campaign.deadline.clone(),
            expiry_date: campaign.expiry_date.clone(),
            created_at: campaign.created_at.clone(),
            // Tags deleted meanwhile simply drop out.
            tags: campaign
                .tag_ids
                .iter()
                .filter_map(|id| tags.iter().find(|t| &t.tag_id == id).map(Tag::from))
                .collect(),
        }
    }
}

/// A campaign with everything staff edit.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Campaign {
    #[serde(flatten)]
    pub summary: CampaignSummary,
    pub description: String,
    /// What collaborators speak: their answers are transcribed in it.
    pub language: Language,
    /// When collaborators who have not submitted are reminded.
    pub reminders: super::records::ReminderSettings,
    /// HTML of the rich-text editor.
    pub brief: String,
    /// HTML of the rich-text editor, emoji restored.
    pub script: String,
    pub questions: Vec<Question>,
    pub participants: Vec<UserListItem>,
    pub made_live: bool,
    /// Send it back with the next write; a stale one gets 409.
    pub version: u64,
    pub updated_at: String,
}

/// What a contributor's link shows: nothing staff-only.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CampaignPreview {
    pub id: String,
    pub tenant_id: String,
    pub title: String,
    pub description: String,
    pub brief: String,
    /// The campaign's teleprompter script (HTML): what to prepare. Only in an invited
    /// collaborator's view, never in the public preview.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub script: Option<String>,
    /// How long answering takes, in minutes (the questions and the reading).
    pub estimated_minutes: u32,
    #[serde(rename = "type")]
    pub campaign_type: CampaignType,
    pub visibility: Visibility,
    pub mode: RecordingMode,
    /// What collaborators speak (ISO 639-1).
    pub language: Language,
    pub deadline: Option<String>,
    pub expiry_date: Option<String>,
    pub company_name: Option<String>,
    pub company_logo: Option<String>,
    pub questions: Vec<PreviewQuestion>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PreviewQuestion {
    pub question_id: String,
    pub question: String,
    pub tips: Option<String>,
    pub sequence: u32,
}
