//! The one error type of the API, mapped to HTTP in one place.
//!
//! Bodies follow what the web app's error handling reads (spec section 8):
//! validation failures are an array whose first item carries `message`;
//! everything else is `{ "detail": "…" }`. Internal details never reach a client.

use axum::{
    extract::rejection::{JsonRejection, PathRejection, QueryRejection},
    http::{header, HeaderValue, StatusCode},
    response::{IntoResponse, Response},
    Json,
};
use serde::Serialize;
use utoipa::ToSchema;

pub type ApiResult<T> = Result<T, ApiError>;

/// The spec's generic message.
pub const SOMETHING_WENT_WRONG: &str = "Something went wrong";
pub const SESSION_ENDED: &str = "Your session has ended. Please sign in again.";
pub const NOT_PERMITTED: &str = "You do not have permission to do this.";

/// One invalid field, in the spec's words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct FieldError {
    pub field: String,
    pub message: String,
}

impl FieldError {
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> Self {
        Self { field: field.into(), message: message.into() }
    }
}

/// Body of every non-validation error.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorDetail {
    pub detail: String,
}

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// 400 with one entry per invalid field.
    #[error("invalid input: {0:?}")]
    Validation(Vec<FieldError>),
    /// 400 with a message.
    #[error("{0}")]
    BadRequest(String),
    /// 401: no valid session. The web app signs out on it.
    #[error("unauthorized")]
    Unauthorized,
    /// 403: signed in, but the role may not do this. The web app signs out on it,
    /// so it is only used where a staff member truly lacks a permission.
    #[error("forbidden")]
    Forbidden,
    /// 403 with its own message: a contributor's invitation key that opens nothing
    /// (revoked, suspended, closed campaign).
    #[error("{0}")]
    AccessDenied(String),
    /// 404: also what another organisation's objects look like.
    #[error("{0}")]
    NotFound(String),
    /// 409: the request conflicts with the current state.
    #[error("{0}")]
    Conflict(String),
    /// 429 with a Retry-After header.
    #[error("{message}")]
    TooManyRequests { message: String, retry_after_secs: u64 },
    /// 500: logged with its cause, shown as the generic message.
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl ApiError {
    pub fn field(field: &str, message: impl Into<String>) -> Self {
        Self::Validation(vec![FieldError::new(field, message)])
    }

    pub fn status(&self) -> StatusCode {
        match self {
            Self::Validation(_) | Self::BadRequest(_) => StatusCode::BAD_REQUEST,
            Self::Unauthorized => StatusCode::UNAUTHORIZED,
            Self::Forbidden | Self::AccessDenied(_) => StatusCode::FORBIDDEN,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::Conflict(_) => StatusCode::CONFLICT,
            Self::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status();
        let detail = |text: String| Json(ErrorDetail { detail: text }).into_response();
        let mut response = match self {
            Self::Validation(errors) => Json(errors).into_response(),
            Self::BadRequest(text) | Self::NotFound(text) | Self::Conflict(text) | Self::AccessDenied(text) => {
                detail(text)
            }
            Self::Unauthorized => detail(SESSION_ENDED.into()),
            Self::Forbidden => detail(NOT_PERMITTED.into()),
            Self::TooManyRequests { ref message, retry_after_secs } => {
                let mut response = detail(message.clone());
                if let Ok(value) = HeaderValue::from_str(&retry_after_secs.to_string()) {
                    response.headers_mut().insert(header::RETRY_AFTER, value);
                }
                response
            }
            Self::Internal(error) => {
                tracing::error!(error = ?error, "internal error");
                detail(SOMETHING_WENT_WRONG.into())
            }
        };
        *response.status_mut() = status;
        response
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        match rejection {
            JsonRejection::MissingJsonContentType(_) => {
                Self::BadRequest("The request body must be JSON (Content-Type: application/json).".into())
            }
            other => Self::BadRequest(format!("The request body is not valid: {}", other.body_text())),
        }
    }
}

impl From<PathRejection> for ApiError {
    fn from(rejection: PathRejection) -> Self {
        Self::BadRequest(format!("The address is not valid: {}", rejection.body_text()))
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> Self {
        Self::BadRequest(format!("The query is not valid: {}", rejection.body_text()))
    }
}

impl From<crate::storage::StoreError> for ApiError {
    fn from(error: crate::storage::StoreError) -> Self {
        Self::Internal(error.into())
    }
}
