//! Request and response bodies of the tags routes.

use serde::Deserialize;
use storyhive_shared::ids::Id;
use utoipa::ToSchema;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct AddTag {
    pub name: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct DeleteTag {
    pub id: Id,
}
