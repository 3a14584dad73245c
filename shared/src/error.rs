//! The one error type of the API, mapped to HTTP in one place, with one body schema.
//!
//! Every error answer is [`ErrorBody`]: `detail` is the message to show (spec section 8:
//! the web app shows a string `detail`), `errors` lists the invalid fields of a
//! validation failure (the first one's message is also the `detail`), and `requestId`
//! is the id the logs carry for this request (also in the `X-Request-Id` header).
//! Internal details never reach a client.

use axum::{
    extract::rejection::{BytesRejection, QueryRejection},
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
/// An organisation API key that is unknown, revoked or expired (a key has no session).
pub const KEY_REFUSED: &str = "This API key is not valid: it is unknown, revoked or expired.";
pub const NOT_PERMITTED: &str = "You do not have permission to do this.";
/// A write lost a race with another one (its condition no longer held).
pub const CHANGED_MEANWHILE: &str =
    "This was changed or removed by someone else in the meantime. Please reload and try again.";
pub const NO_SUCH_ROUTE: &str = "There is no such API route.";
pub const METHOD_NOT_ALLOWED: &str = "This API route does not accept this method.";
pub const BODY_TOO_LARGE: &str = "The request body is too large.";

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

/// The body of every error answer.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ErrorBody {
    /// The message to show.
    pub detail: String,
    /// The invalid fields of a validation failure, in the order they were checked.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schema(required = false)]
    pub errors: Vec<FieldError>,
    /// The id of this request in the logs (also the `X-Request-Id` header).
    pub request_id: String,
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
    /// 401 for a call with an organisation API key (`shk_…`) that is unknown, revoked or
    /// expired: said as such, since an integration has no session to sign in again to.
    #[error("API key refused")]
    KeyRefused,
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
    /// 410: it existed and was taken down on purpose (an unpublished story).
    #[error("{0}")]
    Gone(String),
    /// 501: a format or feature this API does not offer (oEmbed's XML).
    #[error("{0}")]
    NotImplemented(String),
    /// 405: a known route called with a method it does not take.
    #[error("method not allowed")]
    MethodNotAllowed,
    /// 409: the request conflicts with the current state.
    #[error("{0}")]
    Conflict(String),
    /// 413: the body is larger than any call takes.
    #[error("body too large")]
    PayloadTooLarge,
    /// 429 with a Retry-After header.
    #[error("{message}")]
    TooManyRequests { message: String, retry_after_secs: u64 },
    /// 500: logged with its cause, shown as the generic message.
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
    /// 502: a service we depend on answered something unusable (e.g. the language model).
    #[error("{0}")]
    BadGateway(String),
    /// 503: a feature whose service is not configured or not available.
    #[error("{0}")]
    Unavailable(String),
    /// 504: a service we depend on did not answer in time.
    #[error("{0}")]
    GatewayTimeout(String),
}

impl ApiError {
    pub fn field(field: &str, message: impl Into<String>) -> Self {
        Self::Validation(vec![FieldError::new(field, message)])
    }

    pub fn status(&self) -> StatusCode {
        match self {
            Self::Validation(_) | Self::BadRequest(_) => StatusCode::BAD_REQUEST,
            Self::Unauthorized | Self::KeyRefused => StatusCode::UNAUTHORIZED,
            Self::Forbidden | Self::AccessDenied(_) => StatusCode::FORBIDDEN,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::Gone(_) => StatusCode::GONE,
            Self::NotImplemented(_) => StatusCode::NOT_IMPLEMENTED,
            Self::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            Self::Conflict(_) => StatusCode::CONFLICT,
            Self::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            Self::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
            Self::BadGateway(_) => StatusCode::BAD_GATEWAY,
            Self::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            Self::GatewayTimeout(_) => StatusCode::GATEWAY_TIMEOUT,
        }
    }

    /// The body this error answers with.
    pub fn body(&self) -> ErrorBody {
        let (detail, errors) = match self {
            Self::Validation(errors) => (
                errors.first().map(|e| e.message.clone()).unwrap_or_else(|| SOMETHING_WENT_WRONG.into()),
                errors.clone(),
            ),
            Self::BadRequest(text)
            | Self::NotFound(text)
            | Self::Gone(text)
            | Self::NotImplemented(text)
            | Self::Conflict(text)
            | Self::AccessDenied(text) => (text.clone(), Vec::new()),
            Self::Unauthorized => (SESSION_ENDED.into(), Vec::new()),
            Self::KeyRefused => (KEY_REFUSED.into(), Vec::new()),
            Self::Forbidden => (NOT_PERMITTED.into(), Vec::new()),
            Self::MethodNotAllowed => (METHOD_NOT_ALLOWED.into(), Vec::new()),
            Self::PayloadTooLarge => (BODY_TOO_LARGE.into(), Vec::new()),
            Self::TooManyRequests { message, .. } => (message.clone(), Vec::new()),
            Self::Internal(_) => (SOMETHING_WENT_WRONG.into(), Vec::new()),
            Self::BadGateway(text) | Self::Unavailable(text) | Self::GatewayTimeout(text) => (text.clone(), Vec::new()),
        };
        ErrorBody { detail, errors, request_id: crate::request_id::current_request_id() }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status();
        if let Self::Internal(error) = &self {
            tracing::error!(error = ?error, "internal error");
        }
        let mut response = (status, Json(self.body())).into_response();
        if let Self::TooManyRequests { retry_after_secs, .. } = self {
            if let Ok(value) = HeaderValue::from_str(&retry_after_secs.to_string()) {
                response.headers_mut().insert(header::RETRY_AFTER, value);
            }
        }
        response
    }
}

impl From<BytesRejection> for ApiError {
    fn from(rejection: BytesRejection) -> Self {
        if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            Self::PayloadTooLarge
        } else {
            Self::BadRequest("The request body could not be read.".into())
        }
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> Self {
        let text = rejection.body_text();
        let reason = text.strip_prefix("Failed to deserialize query string: ").unwrap_or(&text);
        Self::BadRequest(format!("The query is not valid: {reason}"))
    }
}

impl From<crate::config::ConfigError> for ApiError {
    fn from(error: crate::config::ConfigError) -> Self {
        Self::Internal(error.into())
    }
}

impl From<crate::storage::StoreError> for ApiError {
    fn from(error: crate::storage::StoreError) -> Self {
        match error {
            // A conditional write lost a race (an item changed or was removed meanwhile).
            // Handlers that know better map it to their own 404 or 409 first.
            crate::storage::StoreError::ConditionFailed => Self::Conflict(CHANGED_MEANWHILE.into()),
            crate::storage::StoreError::InvalidKey => Self::BadRequest(crate::ids::INVALID_ID.into()),
            crate::storage::StoreError::InvalidCursor => {
                Self::field("cursor", "This page link is no longer valid. Please start from the first page.")
            }
            other => Self::Internal(other.into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn validation_failures_show_their_first_message_as_the_detail() {
        let body = ApiError::Validation(vec![FieldError::new("a", "First"), FieldError::new("b", "Second")]).body();
        assert_eq!(body.detail, "First");
        assert_eq!(body.errors.len(), 2);
        let json = serde_json::to_value(ApiError::NotFound("Gone".into()).body()).unwrap();
        assert_eq!(json["detail"], "Gone");
        assert!(json.get("errors").is_none(), "{json}");
        assert!(json.get("requestId").is_some(), "{json}");
    }

    #[test]
    fn a_lost_write_race_is_a_conflict_not_a_server_error() {
        let error: ApiError = crate::storage::StoreError::ConditionFailed.into();
        assert_eq!(error.status(), StatusCode::CONFLICT);
    }
}
