//! The answer's attributes, by the names `JourneyRecord` (and its `TakeMedia`) store
//! them under. A unit test holds each name to what serde writes.

use crate::storage::update::Field;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AnswerField {
    EntityType,
    TenantId,
    CampaignId,
    ContributorId,
    CampaignQuestionId,
    UploadStatus,
    FailureReason,
    S3VideoKey,
    VideoTakenAt,
    DurationSeconds,
    SizeBytes,
    Width,
    Height,
    Container,
    DeviceType,
    UploadedAt,
    PreviousTakes,
    SentForReRecording,
    CollaboratorReRecordingStatus,
    ReviewStatus,
    ContributorScript,
    VideoConfig,
    UpdatedAt,
    Media,
    MediaTakeKey,
    MediaStatus,
    MediaFailureReason,
    MediaClaimedUntil,
    MediaClaimId,
    MediaTranscriptStatus,
    MediaTranscriptFailureReason,
    MediaTranscriptionJob,
}

impl Field for AnswerField {
    fn path(self) -> &'static [&'static str] {
        use AnswerField::*;
        match self {
            EntityType => &["entityType"],
            TenantId => &["tenantId"],
            CampaignId => &["campaignId"],
            ContributorId => &["contributorId"],
            CampaignQuestionId => &["campaignQuestionId"],
            UploadStatus => &["uploadStatus"],
            FailureReason => &["failureReason"],
            S3VideoKey => &["s3VideoKey"],
            VideoTakenAt => &["videoTakenAt"],
            DurationSeconds => &["durationSeconds"],
            SizeBytes => &["sizeBytes"],
            Width => &["width"],
            Height => &["height"],
            Container => &["container"],
            DeviceType => &["deviceType"],
            UploadedAt => &["uploadedAt"],
            PreviousTakes => &["previousTakes"],
            SentForReRecording => &["sentForReRecording"],
            CollaboratorReRecordingStatus => &["collaboratorReRecordingStatus"],
            ReviewStatus => &["reviewStatus"],
            ContributorScript => &["contributorScript"],
            VideoConfig => &["videoConfig"],
            UpdatedAt => &["updatedAt"],
            Media => &["media"],
            MediaTakeKey => &["media", "takeKey"],
            MediaStatus => &["media", "status"],
            MediaFailureReason => &["media", "failureReason"],
            MediaClaimedUntil => &["media", "claimedUntil"],
            MediaClaimId => &["media", "claimId"],
            MediaTranscriptStatus => &["media", "transcriptStatus"],
            MediaTranscriptFailureReason => &["media", "transcriptFailureReason"],
            MediaTranscriptionJob => &["media", "transcriptionJob"],
        }
    }
}

impl AnswerField {
    pub const ALL: &'static [AnswerField] = &[
        AnswerField::EntityType,
        AnswerField::TenantId,
        AnswerField::CampaignId,
        AnswerField::ContributorId,
        AnswerField::CampaignQuestionId,
        AnswerField::UploadStatus,
        AnswerField::FailureReason,
        AnswerField::S3VideoKey,
        AnswerField::VideoTakenAt,
        AnswerField::DurationSeconds,
        AnswerField::SizeBytes,
        AnswerField::Width,
        AnswerField::Height,
        AnswerField::Container,
        AnswerField::DeviceType,
        AnswerField::UploadedAt,
        AnswerField::PreviousTakes,
        AnswerField::SentForReRecording,
        AnswerField::CollaboratorReRecordingStatus,
        AnswerField::ReviewStatus,
        AnswerField::ContributorScript,
        AnswerField::VideoConfig,
        AnswerField::UpdatedAt,
        AnswerField::Media,
        AnswerField::MediaTakeKey,
        AnswerField::MediaStatus,
        AnswerField::MediaFailureReason,
        AnswerField::MediaClaimedUntil,
        AnswerField::MediaClaimId,
        AnswerField::MediaTranscriptStatus,
        AnswerField::MediaTranscriptFailureReason,
        AnswerField::MediaTranscriptionJob,
    ];
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        contributors::records::{JourneyRecord, VideoConfig},
        media::TakeMedia,
        storage::{to_item, AttributeValue},
    };

    #[test]
    fn every_field_names_an_attribute_serde_writes() {
        let mut record = JourneyRecord::new("t", "c", "k", "q", "now".into());
        record.video_config = Some(VideoConfig::default());
        record.media = Some(TakeMedia::processing("take"));
        let item = to_item(&record).unwrap();
        for field in AnswerField::ALL {
            let found = match field.path() {
                [name] => item.contains_key(*name),
                [map, name] => match item.get(*map) {
                    Some(AttributeValue::M(inner)) => inner.contains_key(*name),
                    _ => false,
                },
                _ => false,
            };
            assert!(found, "{field:?} names {:?}, which the record does not store", field.path());
        }
    }
}
