//! HTTP glue shared by every router: extractors whose rejections use [`ApiError`].

use axum::extract::{FromRequest, FromRequestParts};
use serde::Serialize;
use utoipa::ToSchema;

use crate::error::ApiError;

/// `axum::Json` whose rejection is an [`ApiError`] (a toast-able message, not plain text).
#[derive(Debug, Clone, Copy, Default, FromRequest)]
#[from_request(via(axum::Json), rejection(ApiError))]
pub struct Json<T>(pub T);

impl<T: Serialize> axum::response::IntoResponse for Json<T> {
    fn into_response(self) -> axum::response::Response {
        axum::Json(self.0).into_response()
    }
}

/// `axum::extract::Path` with an [`ApiError`] rejection.
#[derive(Debug, FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(ApiError))]
pub struct Path<T>(pub T);

/// `axum::extract::Query` with an [`ApiError`] rejection.
#[derive(Debug, FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(ApiError))]
pub struct Query<T>(pub T);

/// The usual answer of a call that only confirms.
#[derive(Debug, Serialize, ToSchema)]
pub struct Message {
    pub message: String,
}

impl Message {
    pub fn new(text: impl Into<String>) -> Json<Self> {
        Json(Self { message: text.into() })
    }
}
