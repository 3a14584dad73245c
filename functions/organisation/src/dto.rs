//! Request and response bodies of the organisation routes.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use storyhive_shared::{ids::Id, organisation::records::Department};
use utoipa::ToSchema;

/// Spec section 3, "Company". File fields are short-lived URLs to read the file.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Company {
    pub tenant_id: String,
    pub name: Option<String>,
    pub industry: Option<String>,
    pub company_logo: Option<String>,
    pub terms_n_conditions: Option<String>,
    /// Each upload of terms and conditions is a new version, which contributors accept again.
    pub terms_version: u32,
    pub default_encouragement_video: Option<String>,
    pub departments: Vec<Department>,
    /// Whether the first set-up (user and company set-up) was completed.
    pub setup_completed: bool,
}

/// Fields left out are unchanged.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct UpdateCompany {
    pub name: Option<String>,
    pub industry: Option<String>,
}

/// Ask for a URL to upload one file to.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct FileUploadRequest {
    /// `companyLogo`, `termsNConditions` or `defaultEncouragementVideo` for the company;
    /// `avatar` or `encouragementVideo` for one's own.
    pub kind: String,
    /// The file's type: an image (PNG, JPEG, GIF, WebP, BMP) for pictures, a PDF for
    /// terms and conditions, a video (MP4, WebM, QuickTime, Matroska) for videos.
    pub content_type: String,
    /// The file's exact size: pictures 10MB at most, terms 100MB, videos 500MB.
    pub size_bytes: i64,
}

/// Where and how to upload: `PUT` the file's bytes to `url` with these headers.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FileUploadTicket {
    pub upload_key: String,
    pub url: String,
    pub method: String,
    pub headers: BTreeMap<String, String>,
    pub expires_in_seconds: u64,
}

/// After the upload: have the server check the file and keep it.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct CompleteFileUpload {
    pub kind: String,
    pub upload_key: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SavedFile {
    pub kind: String,
    /// A short-lived URL to read the kept file (pictures are JPEG).
    pub url: String,
    pub message: String,
    /// The terms' version after this upload (terms only).
    pub terms_version: Option<u32>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct FileRef {
    pub kind: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct AddDepartment {
    pub name: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct DeleteDepartment {
    pub id: Id,
}
