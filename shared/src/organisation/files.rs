//! The organisation's files in the media bucket: what each kind may be, where it is
//! kept, and the short-lived URLs browsers read them through.
//!
//! Uploads go to `pending/<tenantId>/<kind>/<owner>/<id>.<ext>` (the bucket's lifecycle
//! removes what is never completed after a day); the server checks the object and
//! keeps it at `<tenantId>/<kind>/<owner>/<id>.<ext>` (images converted to JPEG). The
//! owner is the staff member for their own files, `company` for the organisation's.
//! Those keys are built in `storage::objects` (`pending_file`, `stored_file`).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::AppContext;

pub const MB: i64 = 1024 * 1024;
/// Spec section 9: files 10MB, videos 500MB, terms files 100MB.
pub const IMAGE_MAX_BYTES: i64 = 10 * MB;
pub const VIDEO_MAX_BYTES: i64 = 500 * MB;
pub const TERMS_MAX_BYTES: i64 = 100 * MB;
/// How long a presigned upload or read URL lasts. Short: a URL is used at once, and a
/// page showing a file fetches a fresh one when it loads.
pub const UPLOAD_URL_SECONDS: u64 = 3600;
pub const READ_URL_SECONDS: u64 = 3600;
pub const COMPANY_OWNER: &str = "company";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum FileKind {
    /// A staff member's picture.
    Avatar,
    /// A staff member's own encouragement video, shown to the contributors of the
    /// campaigns they created.
    EncouragementVideo,
    CompanyLogo,
    TermsNConditions,
    /// The organisation's encouragement video, for campaigns whose creator has none.
    DefaultEncouragementVideo,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Media {
    Image,
    Pdf,
    Video,
}

impl FileKind {
    pub const ALL: [FileKind; 5] = [
        FileKind::Avatar,
        FileKind::EncouragementVideo,
        FileKind::CompanyLogo,
        FileKind::TermsNConditions,
        FileKind::DefaultEncouragementVideo,
    ];

    pub fn name(self) -> &'static str {
        match self {
            FileKind::Avatar => "avatar",
            FileKind::EncouragementVideo => "encouragementVideo",
            FileKind::CompanyLogo => "companyLogo",
            FileKind::TermsNConditions => "termsNConditions",
            FileKind::DefaultEncouragementVideo => "defaultEncouragementVideo",
        }
    }

    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.name() == name)
    }

    /// The organisation's files (company set-up) rather than a staff member's own.
    pub fn is_company(self) -> bool {
        matches!(self, FileKind::CompanyLogo | FileKind::TermsNConditions | FileKind::DefaultEncouragementVideo)
    }

    pub fn media(self) -> Media {
        match self {
            FileKind::Avatar | FileKind::CompanyLogo => Media::Image,
            FileKind::TermsNConditions => Media::Pdf,
            FileKind::EncouragementVideo | FileKind::DefaultEncouragementVideo => Media::Video,
        }
    }

    pub fn max_bytes(self) -> i64 {
        match self.media() {
            Media::Image => IMAGE_MAX_BYTES,
            Media::Pdf => TERMS_MAX_BYTES,
            Media::Video => VIDEO_MAX_BYTES,
        }
    }

    /// The extension an upload of this content type gets, if the kind takes it.
    pub fn extension(self, content_type: &str) -> Option<&'static str> {
        let content_type = content_type.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
        match (self.media(), content_type.as_str()) {
            (Media::Image, "image/png") => Some("png"),
            (Media::Image, "image/jpeg" | "image/jpg") => Some("jpg"),
            (Media::Image, "image/gif") => Some("gif"),
            (Media::Image, "image/webp") => Some("webp"),
            (Media::Image, "image/bmp") => Some("bmp"),
            (Media::Pdf, "application/pdf") => Some("pdf"),
            (Media::Video, "video/mp4") => Some("mp4"),
            (Media::Video, "video/webm") => Some("webm"),
            (Media::Video, "video/quicktime") => Some("mov"),
            (Media::Video, "video/x-matroska") => Some("mkv"),
            _ => None,
        }
    }

    /// What this kind is called on screen.
    pub fn label(self) -> &'static str {
        match self {
            FileKind::Avatar => "Profile picture",
            FileKind::EncouragementVideo | FileKind::DefaultEncouragementVideo => "Encouragement video",
            FileKind::CompanyLogo => "Company logo",
            FileKind::TermsNConditions => "Terms and conditions",
        }
    }

    /// What a refused file of this kind is told: the spec's 'Please upload valid file', then
    /// the field and what it accepts (the types `extension` takes and the size limit).
    pub fn refusal(self) -> String {
        let accepted = match self.media() {
            Media::Image => "a PNG, JPEG, GIF, WebP or BMP picture",
            Media::Pdf => "a PDF document",
            Media::Video => "an MP4, WebM, MOV or MKV video with a picture",
        };
        format!("{}. {} takes {accepted} of at most {} MB.", super::VALID_FILE, self.label(), self.max_bytes() / MB)
    }

    /// What a successful upload of this kind says.
    pub fn saved_message(self) -> &'static str {
        match self {
            FileKind::Avatar => "Profile picture uploaded successfully",
            FileKind::EncouragementVideo => "Your encouragement video uploaded successfully",
            FileKind::CompanyLogo => "Company logo uploaded successfully",
            FileKind::TermsNConditions => "Terms and conditions uploaded successfully",
            FileKind::DefaultEncouragementVideo => "Encouragement video uploaded successfully",
        }
    }

    /// What deleting this kind says (spec section 8: each delete has its toast).
    pub fn deleted_message(self) -> &'static str {
        match self {
            FileKind::Avatar => "Profile picture deleted successfully",
            FileKind::EncouragementVideo => "Your encouragement video deleted successfully",
            FileKind::CompanyLogo => "Company logo deleted successfully",
            FileKind::TermsNConditions => "Terms and conditions deleted successfully",
            FileKind::DefaultEncouragementVideo => "Encouragement video deleted successfully",
        }
    }
}

/// The kinds of file that are one staff member's own (removed with them).
pub const USER_FILE_KINDS: [FileKind; 2] = [FileKind::Avatar, FileKind::EncouragementVideo];

impl crate::storage::objects::FileFolder for FileKind {
    fn folder(self) -> &'static str {
        self.name()
    }

    fn extension_is_known(self, extension: &str) -> bool {
        FileKind::extension_is_known(self, extension)
    }
}

impl FileKind {
    pub(crate) fn extension_is_known(self, extension: &str) -> bool {
        ["png", "jpg", "gif", "webp", "bmp", "pdf", "mp4", "webm", "mov", "mkv"].contains(&extension)
            && match self.media() {
                Media::Image => ["png", "jpg", "gif", "webp", "bmp"].contains(&extension),
                Media::Pdf => extension == "pdf",
                Media::Video => ["mp4", "webm", "mov", "mkv"].contains(&extension),
            }
    }
}

/// A short-lived URL to read a kept file (signed locally: no request to S3), the same
/// within each period of [`READ_URL_SECONDS`] so that browsers cache it
/// (`storage::objects::cached_read_url`).
pub async fn read_url(context: &AppContext, key: &str) -> anyhow::Result<String> {
    crate::storage::objects::cached_read_url(context, key, READ_URL_SECONDS).await
}

/// [`read_url`] of an optional key.
pub async fn read_url_of(context: &AppContext, key: Option<&str>) -> anyhow::Result<Option<String>> {
    match key {
        Some(key) if !key.is_empty() => Ok(Some(read_url(context, key).await?)),
        _ => Ok(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_takes_its_own_content_types_only() {
        assert_eq!(FileKind::CompanyLogo.extension("image/png"), Some("png"));
        assert_eq!(FileKind::CompanyLogo.extension("application/pdf"), None);
        assert_eq!(FileKind::TermsNConditions.extension("application/pdf"), Some("pdf"));
        assert_eq!(FileKind::TermsNConditions.extension("image/png"), None);
        assert_eq!(FileKind::EncouragementVideo.extension("video/webm;codecs=vp9"), Some("webm"));
        assert_eq!(FileKind::Avatar.max_bytes(), 10 * 1024 * 1024);
        assert_eq!(FileKind::DefaultEncouragementVideo.max_bytes(), 500 * 1024 * 1024);
        assert_eq!(FileKind::TermsNConditions.max_bytes(), 100 * 1024 * 1024);
        assert_eq!(
            FileKind::CompanyLogo.refusal(),
            "Please upload valid file. Company logo takes a PNG, JPEG, GIF, WebP or BMP picture of at most 10 MB."
        );
        assert!(FileKind::TermsNConditions.refusal().ends_with("a PDF document of at most 100 MB."));
        assert!(FileKind::EncouragementVideo.refusal().contains("video with a picture of at most 500 MB"));
    }
}
