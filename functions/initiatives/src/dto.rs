//! Request and response bodies of the initiatives routes.

use serde::Deserialize;
use storyhive_shared::ids::Id;
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct AddInitiative {
    pub name: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct UpdateInitiative {
    pub id: Id,
    pub name: String,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct DeleteParams {
    /// Id of the initiative to delete.
    #[param(value_type = Id)]
    pub delete_initiative: Id,
}
