//! Building the contributor-side views from a campaign's questions and one
//! contributor's answers (never the other contributors').

use storyhive_shared::{
    campaigns::{dto::CampaignPreview, repo::CampaignParts},
    contributors::{
        dto::{mark_questions_to_ask, Answer, Journey, JourneyQuestion, VideoInfo},
        records::{JourneyRecord, MembershipRecord, UploadStatus},
        rules,
    },
    model::TenantRecord,
    storage::objects::{self, Bucket},
    AppContext,
};

/// A short-lived URL to watch a stored take (signed locally: no request to S3).
pub async fn video_info(context: &AppContext, record: &JourneyRecord) -> anyhow::Result<Option<VideoInfo>> {
    let Some(key) = record.s3_video_key.clone() else { return Ok(None) };
    let url = objects::get_url(context, Bucket::Videos, &key, rules::PLAYBACK_URL_SECONDS, None).await?;
    Ok(Some(VideoInfo {
        key,
        url,
        duration_seconds: record.duration_seconds.unwrap_or(0.0),
        size_bytes: record.size_bytes.unwrap_or(0),
        width: record.width,
        height: record.height,
        container: record.container.clone(),
        device_type: record.device_type.clone(),
        uploaded_at: record.uploaded_at.clone(),
    }))
}

/// The contributor's questions with their answers' state, by sequence. `journeys` are
/// this contributor's answers.
pub async fn journey(
    context: &AppContext,
    parts: &CampaignParts,
    membership: &MembershipRecord,
    journeys: &[JourneyRecord],
) -> anyhow::Result<Journey> {
    let campaign_script = parts.script.as_ref().map(|s| s.text.as_str());
    let mut questions = Vec::new();
    for question in &parts.questions {
        let record = journeys.iter().find(|r| r.campaign_question_id == question.question_id);
        let video = match record {
            Some(record) => video_info(context, record).await?,
            None => None,
        };
        questions.push(JourneyQuestion::new(question, campaign_script, record, membership.video_config, video));
    }
    let re_recording = mark_questions_to_ask(&mut questions);
    Ok(Journey {
        tenant_id: membership.tenant_id.clone(),
        campaign_id: membership.campaign_id.clone(),
        contributor_id: membership.contributor_id.clone(),
        questions,
        submitted: membership.submitted_at.is_some(),
        submitted_at: membership.submitted_at.clone(),
        re_recording,
    })
}

/// A contributor's answer to every question, with playable takes.
pub async fn answers(
    context: &AppContext,
    parts: &CampaignParts,
    journeys: &[JourneyRecord],
) -> anyhow::Result<Vec<Answer>> {
    let mut answers = Vec::new();
    for question in &parts.questions {
        let record = journeys.iter().find(|r| r.campaign_question_id == question.question_id);
        answers.push(Answer {
            campaign_question_id: question.question_id.clone(),
            question: question.question.clone(),
            sequence: question.sequence,
            upload_status: record.map(|r| r.upload_status).unwrap_or(UploadStatus::None),
            failure_reason: record.and_then(|r| r.failure_reason.clone()),
            sent_for_re_recording: record.is_some_and(|r| r.sent_for_re_recording),
            review_status: record
                .filter(|r| r.s3_video_key.is_some())
                .map(|r| r.review_status.unwrap_or(storyhive_shared::contributors::records::ReviewStatus::New)),
            video: match record {
                Some(record) => video_info(context, record).await?,
                None => None,
            },
            media: record.and_then(|r| {
                r.s3_video_key.as_deref().map(|take| storyhive_shared::media::MediaState::of(r.media.as_ref(), take))
            }),
        });
    }
    Ok(answers)
}

/// What the contributor sees of the campaign: the public preview, with the campaign's
/// script (what to prepare: theirs, not the public's) and the logo as a short-lived URL.
pub async fn preview(
    context: &AppContext,
    parts: &CampaignParts,
    tenant: Option<&TenantRecord>,
) -> anyhow::Result<CampaignPreview> {
    let mut preview = parts.preview(tenant);
    preview.script = Some(parts.script_text());
    preview.company_logo =
        storyhive_shared::organisation::files::read_url_of(context, tenant.and_then(|t| t.company_logo.as_deref()))
            .await?;
    Ok(preview)
}
