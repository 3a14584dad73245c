//! Response shapes of the contributor side.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::records::{ContributorRecord, JourneyRecord, MembershipRecord, ReviewStatus, UploadStatus, VideoConfig};
use crate::{
    campaigns::{dto::CampaignPreview, records::QuestionRecord, rules as campaign_rules},
    model::UserStatus,
};

/// A contributor as staff list them across campaigns.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Contributor {
    pub id: String,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub is_suspended: bool,
    pub created_at: String,
    pub campaign_count: usize,
}

impl Contributor {
    pub fn new(record: &ContributorRecord, campaign_count: usize) -> Self {
        Self {
            id: record.contributor_id.clone(),
            email: record.email.clone(),
            first_name: record.first_name.clone(),
            last_name: record.last_name.clone(),
            is_suspended: record.is_suspended,
            created_at: record.created_at.clone(),
            campaign_count,
        }
    }
}

/// A contributor within one campaign, as the campaign's collaborators panel shows them.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CampaignContributor {
    pub contributor_id: String,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub full_name: String,
    /// Invited until they send their details, then Activated; Suspended wins.
    pub status: UserStatus,
    pub link_revoked: bool,
    /// The personal link: only in the answer of the invitation or re-invitation that
    /// made it (the server keeps only a hash of its key); null everywhere else.
    pub invite_link: Option<String>,
    pub invited_at: String,
    pub started_journey: bool,
    pub submitted_at: Option<String>,
    pub answered_count: usize,
    pub question_count: usize,
    /// They unsubscribed from the campaign e-mails (one click in an e-mail): no reminders.
    #[serde(default)]
    pub unsubscribed: bool,
}

impl CampaignContributor {
    pub fn new(
        membership: &MembershipRecord,
        contributor: Option<&ContributorRecord>,
        question_count: usize,
        new_link: Option<String>,
    ) -> Self {
        let suspended = contributor.is_some_and(|c| c.is_suspended);
        let status = if suspended {
            UserStatus::Suspended
        } else if membership.details_submitted {
            UserStatus::Activated
        } else {
            UserStatus::Invited
        };
        let (first, last) = contributor
            .map(|c| (c.first_name.clone(), c.last_name.clone()))
            .unwrap_or_else(|| (membership.first_name.clone(), membership.last_name.clone()));
        Self {
            contributor_id: membership.contributor_id.clone(),
            email: membership.email.clone(),
            full_name: format!("{first} {last}"),
            first_name: first,
            last_name: last,
            status,
            link_revoked: membership.invite_key_hash.is_none(),
            invite_link: new_link,
            invited_at: membership.invited_at.clone(),
            started_journey: membership.started_journey,
            submitted_at: membership.submitted_at.clone(),
            answered_count: membership.answered_count.max(0) as usize,
            question_count,
            unsubscribed: false,
        }
    }
}

/// `/contributor/{tenantId}/{campaignId}?contributorId=…&key=…`
pub fn invite_link(app_base_url: &str, membership: &MembershipRecord, key: &str) -> String {
    format!(
        "{app_base_url}/contributor/{}/{}?contributorId={}&key={key}",
        membership.tenant_id, membership.campaign_id, membership.contributor_id
    )
}

/// A stored take, playable through a short-lived URL.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VideoInfo {
    pub key: String,
    /// Presigned GET URL (1 hour).
    pub url: String,
    pub duration_seconds: f64,
    pub size_bytes: i64,
    pub width: Option<u32>,
    pub height: Option<u32>,
    pub container: Option<String>,
    /// Mobile, Tablet or Desktop.
    pub device_type: Option<String>,
    pub uploaded_at: Option<String>,
}

/// One question of a contributor's journey with their answer's state.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JourneyQuestion {
    pub campaign_question_id: String,
    pub question: String,
    pub tips: Option<String>,
    pub sequence: u32,
    /// What staff wrote for this question: its own script, else the campaign's script
    /// (null when neither has any text).
    pub script: Option<String>,
    pub contributor_script: Option<String>,
    /// The longest answer it takes, in seconds; null for no limit. The studio stops there.
    pub time_limit_seconds: Option<u32>,
    pub video_config: VideoConfig,
    pub sent_for_re_recording: bool,
    pub collaborator_re_recording_status: Option<String>,
    pub upload_status: UploadStatus,
    pub failure_reason: Option<String>,
    pub video: Option<VideoInfo>,
    /// A take is safely stored on the server.
    pub stored: bool,
    /// Whether the journey asks it now (re-recording asks only what was sent back).
    pub to_ask: bool,
}

impl JourneyQuestion {
    /// `campaign_script` is the campaign's script as stored (emoji escaped), the fallback
    /// of a question without a script of its own.
    pub fn new(
        question: &QuestionRecord,
        campaign_script: Option<&str>,
        record: Option<&JourneyRecord>,
        default_config: VideoConfig,
        video: Option<VideoInfo>,
    ) -> Self {
        Self {
            campaign_question_id: question.question_id.clone(),
            question: question.question.clone(),
            tips: question.tips.clone().filter(|t| !t.is_empty()),
            sequence: question.sequence,
            script: effective_script(question.script.as_deref(), campaign_script),
            contributor_script: record.and_then(|r| r.contributor_script.as_deref()).map(campaign_rules::restore_emoji),
            time_limit_seconds: question.time_limit_seconds,
            video_config: record.and_then(|r| r.video_config).unwrap_or(default_config),
            sent_for_re_recording: record.is_some_and(|r| r.sent_for_re_recording),
            collaborator_re_recording_status: record.and_then(|r| r.collaborator_re_recording_status.clone()),
            upload_status: record.map(|r| r.upload_status).unwrap_or(UploadStatus::None),
            failure_reason: record.and_then(|r| r.failure_reason.clone()),
            stored: record.is_some_and(|r| r.s3_video_key.is_some()),
            video,
            to_ask: false,
        }
    }
}

/// The question's own script when it has text, else the campaign's (rich text that is
/// only empty paragraphs counts as none), emoji restored.
pub fn effective_script(question_script: Option<&str>, campaign_script: Option<&str>) -> Option<String> {
    [question_script, campaign_script]
        .into_iter()
        .flatten()
        .find(|text| has_text(text))
        .map(campaign_rules::restore_emoji)
}

/// Whether rich text has anything to read once its tags are left out ("<p></p>" has not).
fn has_text(text: &str) -> bool {
    let mut in_tag = false;
    for c in text.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag && !c.is_whitespace() => return true,
            _ => {}
        }
    }
    false
}

/// Marks what the journey asks now: when answers were sent back, only those;
/// otherwise every question without a stored take.
pub fn mark_questions_to_ask(questions: &mut [JourneyQuestion]) -> bool {
    let re_recording = questions.iter().any(|q| q.sent_for_re_recording);
    for question in questions.iter_mut() {
        question.to_ask = if re_recording { question.sent_for_re_recording } else { !question.stored };
    }
    re_recording
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Journey {
    pub tenant_id: String,
    pub campaign_id: String,
    pub contributor_id: String,
    pub questions: Vec<JourneyQuestion>,
    pub submitted: bool,
    pub submitted_at: Option<String>,
    /// Staff sent answers back: only those are asked.
    pub re_recording: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContributorDetails {
    pub id: String,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub is_suspended: bool,
    pub is_detail_submitted: bool,
}

/// Spec section 3, "Contributor-with-campaign response".
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContributorCampaign {
    pub contributor: ContributorDetails,
    pub started_journey: bool,
    pub submitted: bool,
    pub video_config: VideoConfig,
    pub campaign: CampaignPreview,
    /// The organisation's recording guidelines, shown as tips (its first titles with values).
    #[serde(default)]
    pub recording_tips: Vec<crate::guidelines::RecordingTip>,
    /// The organisation's logo, encouragement video and terms (accepted or not).
    pub organisation: super::landing::OrganisationForContributor,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Answer {
    pub campaign_question_id: String,
    pub question: String,
    pub sequence: u32,
    pub upload_status: UploadStatus,
    pub failure_reason: Option<String>,
    pub sent_for_re_recording: bool,
    /// Staff's review of the stored take (null without one).
    pub review_status: Option<ReviewStatus>,
    pub video: Option<VideoInfo>,
    /// The web-playable copy and transcript of the stored take (null without one).
    #[serde(default)]
    pub media: Option<crate::media::MediaState>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContributorAnswers {
    pub contributor: CampaignContributor,
    pub answers: Vec<Answer>,
}

/// A page of a campaign's collaborators.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CampaignContributorPage {
    pub items: Vec<CampaignContributor>,
    /// Pass it as `cursor` for the next page; null on the last page.
    pub next_cursor: Option<String>,
}

/// A page of a campaign's collaborators with their answers.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContributorAnswersPage {
    pub items: Vec<ContributorAnswers>,
    /// Pass it as `cursor` for the next page; null on the last page.
    pub next_cursor: Option<String>,
}

/// A page of the organisation's contributors.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContributorPage {
    pub items: Vec<Contributor>,
    /// Pass it as `cursor` for the next page; null on the last page (and for searches,
    /// which answer at most one page of the best matches).
    pub next_cursor: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn question(status: UploadStatus, sent_back: bool) -> JourneyQuestion {
        JourneyQuestion {
            campaign_question_id: "q".into(),
            question: "?".into(),
            tips: None,
            sequence: 1,
            script: None,
            contributor_script: None,
            time_limit_seconds: None,
            video_config: VideoConfig::default(),
            sent_for_re_recording: sent_back,
            collaborator_re_recording_status: None,
            upload_status: status,
            failure_reason: None,
            video: None,
            stored: status == UploadStatus::Stored,
            to_ask: false,
        }
    }

    #[test]
    fn a_question_without_a_script_of_its_own_gets_the_campaigns() {
        let campaign = Some("<p>Say who you are &#x1F600;</p>");
        assert_eq!(effective_script(Some("Start with your name."), campaign).as_deref(), Some("Start with your name."));
        assert_eq!(effective_script(None, campaign).as_deref(), Some("<p>Say who you are \u{1F600}</p>"));
        assert_eq!(effective_script(Some("  "), campaign).as_deref(), Some("<p>Say who you are \u{1F600}</p>"));
        assert_eq!(effective_script(None, Some("<p></p><p> </p>")), None);
        assert_eq!(effective_script(None, None), None);
    }

    #[test]
    fn the_journey_asks_what_is_missing_or_only_what_was_sent_back() {
        let mut questions = vec![
            question(UploadStatus::Stored, false),
            question(UploadStatus::None, false),
            question(UploadStatus::Failed, false),
        ];
        assert!(!mark_questions_to_ask(&mut questions));
        assert_eq!(questions.iter().map(|q| q.to_ask).collect::<Vec<_>>(), vec![false, true, true]);

        let mut questions = vec![question(UploadStatus::Stored, true), question(UploadStatus::None, false)];
        assert!(mark_questions_to_ask(&mut questions));
        assert_eq!(questions.iter().map(|q| q.to_ask).collect::<Vec<_>>(), vec![true, false]);
    }
}
