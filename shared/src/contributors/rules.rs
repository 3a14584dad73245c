//! Contributor rules and messages (spec sections 5, 8, 9).

use super::records::VideoConfig;

/// Spec section 9: videos up to 500 MB.
pub const MAX_VIDEO_BYTES: i64 = 500 * 1024 * 1024;
/// Every part but the last has exactly this size (S3's minimum is 5 MiB).
pub const PART_SIZE: i64 = 8 * 1024 * 1024;
pub const MAX_PARTS: i64 = (MAX_VIDEO_BYTES + PART_SIZE - 1) / PART_SIZE;
/// Part URLs are signed just before each part is sent, so an hour is plenty; a
/// leaked URL can only write one part of one upload, and only for that hour.
pub const PART_URL_SECONDS: u64 = 3600;
/// Playback URLs for staff.
pub const PLAYBACK_URL_SECONDS: u64 = 3600;

pub const INVALID_PARAMS: &str = "invalid params";
pub const INVALID_FILE: &str = "Please upload valid file";
/// A refused answer file: the spec's words, then what an answer takes.
pub const ANSWER_FILE_REFUSED: &str =
    "Please upload valid file. An answer takes an MP4, WebM, MOV or MKV video of at most 500 MB.";
pub const LINK_INVALID: &str = "This invitation link is no longer valid. Please ask the campaign team for a new one.";
pub const SUSPENDED: &str = "Your access to this campaign has been suspended.";
pub const CAMPAIGN_CLOSED: &str = "This campaign is closed and no longer accepts answers.";
pub const ALREADY_INVITED: &str = "This collaborator is already invited to this campaign";
pub const NOT_INVITED: &str = "This collaborator is not invited to this campaign";
pub const CONTRIBUTOR_NOT_FOUND: &str = "Collaborator not found";
/// Open uploads one answer may have at once (older ones are cancelled).
pub const MAX_OPEN_UPLOADS_PER_ANSWER: usize = 3;
pub const INVITED: &str = "Collaborator successfully invited";
pub const INVITED_AND_LIVE: &str = "Collaborator successfully invited, and the campaign is now live";
/// Added to an answer when the collaborator unsubscribed from the organisation's e-mails.
pub const NOT_MAILED_UNSUBSCRIBED: &str =
    "They unsubscribed from this organisation's e-mails, so no e-mail was sent: share their link with them yourself";
pub const RECORD_EVERYTHING_FIRST: &str = "Please record every question before submitting";

pub const VIDEO_CONTENT_TYPES: &[(&str, &str)] =
    &[("video/mp4", "mp4"), ("video/webm", "webm"), ("video/quicktime", "mov"), ("video/x-matroska", "mkv")];

/// The file extension for an accepted content type (codecs parameters allowed).
pub fn video_extension(content_type: &str) -> Option<&'static str> {
    let essence = content_type.split(';').next().unwrap_or_default().trim().to_lowercase();
    VIDEO_CONTENT_TYPES.iter().find(|(ty, _)| *ty == essence).map(|(_, ext)| *ext)
}

/// Spec section 8: 'Error: {list} is missing. Please check your details.'
pub fn missing(names: &[&str]) -> Option<String> {
    (!names.is_empty()).then(|| format!("Error: {} is missing. Please check your details.", names.join(", ")))
}

/// An id as sent by a browser: empty, "undefined" and "null" count as missing.
pub fn present(value: &str) -> Option<&str> {
    let value = value.trim();
    (!value.is_empty() && value != "undefined" && value != "null").then_some(value)
}

pub fn check_video_config(config: &VideoConfig) -> Vec<(&'static str, &'static str)> {
    let mut errors = Vec::new();
    if !(1..=100).contains(&config.speed) {
        errors.push(("videoConfig.speed", "Speed must be between 1 and 100"));
    }
    if config.contrast > 100 {
        errors.push(("videoConfig.contrast", "Contrast must be between 0 and 100"));
    }
    if let Some(size) = config.font_size {
        if !(12..=64).contains(&size) || size % 2 != 0 {
            errors.push(("videoConfig.fontSize", "Font size must be between 12 and 64 in steps of 2"));
        }
    }
    errors
}

/// Spec section 9: Mobile (300 to 600 px), Tablet (768 to 1024), else Desktop. The
/// browser decides (it knows its width and user agent); the server keeps only these.
pub fn device_type(raw: Option<&str>) -> Option<String> {
    let value = raw?.trim();
    ["Mobile", "Tablet", "Desktop"].iter().find(|d| d.eq_ignore_ascii_case(value)).map(|d| d.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_ids_use_the_spec_sentence() {
        assert_eq!(
            missing(&["Tenant ID", "campaignQuestionId"]).unwrap(),
            "Error: Tenant ID, campaignQuestionId is missing. Please check your details."
        );
        assert_eq!(missing(&[]), None);
        assert_eq!(present(" undefined "), None);
        assert_eq!(present("null"), None);
        assert_eq!(present(" 01ABC "), Some("01ABC"));
    }

    #[test]
    fn only_video_types_are_accepted() {
        assert_eq!(video_extension("video/mp4;codecs=avc1,opus"), Some("mp4"));
        assert_eq!(video_extension("VIDEO/WEBM; codecs=\"vp9,opus\""), Some("webm"));
        assert_eq!(video_extension("video/quicktime"), Some("mov"));
        for bad in ["image/jpeg", "application/octet-stream", "video/mp4x", ""] {
            assert_eq!(video_extension(bad), None, "{bad}");
        }
    }

    #[test]
    fn teleprompter_ranges() {
        assert!(check_video_config(&VideoConfig::default()).is_empty());
        assert!(check_video_config(&VideoConfig { speed: 100, contrast: 0, font_size: Some(64) }).is_empty());
        assert_eq!(check_video_config(&VideoConfig { speed: 0, contrast: 101, font_size: Some(13) }).len(), 3);
        assert_eq!(check_video_config(&VideoConfig { speed: 20, contrast: 50, font_size: Some(66) }).len(), 1);
    }

    #[test]
    fn device_types_are_the_spec_three() {
        assert_eq!(device_type(Some("mobile")).as_deref(), Some("Mobile"));
        assert_eq!(device_type(Some("Watch")), None);
        assert_eq!(device_type(None), None);
    }
}
