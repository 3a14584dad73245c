//! Request and response bodies of the guidelines routes.

use serde::Deserialize;
use storyhive_shared::{guidelines::Guideline, ids::Id};
use utoipa::ToSchema;

/// A page of guidelines, oldest title first.
#[derive(Debug, serde::Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GuidelinePage {
    pub items: Vec<Guideline>,
    /// Pass as `cursor` for the next page; absent on the last page.
    pub next_cursor: Option<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct AddGuidelineTitle {
    /// Required, at most 250 characters, unique within the organisation (whatever its case).
    pub title: String,
    /// Values to start with (optional), each at most 250 characters, 30 at most.
    pub values: Vec<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct AddGuidelineValue {
    /// The title (heading) to add the value to.
    pub title_id: Id,
    pub value: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct UpdateGuidelineTitle {
    /// The title's id.
    pub id: Id,
    pub title: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct UpdateGuidelineValue {
    /// The value's id.
    pub id: Id,
    pub value: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct GuidelineById {
    /// The title's id.
    pub id: Id,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct GuidelineByTitle {
    /// The title, compared trimmed and whatever its case.
    pub title: String,
}
