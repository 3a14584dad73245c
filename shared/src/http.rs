//! HTTP glue shared by every router: extractors whose rejections are [`ApiError`]s in
//! the one error schema, the request id every answer and log line carries, the client's
//! address, and [`finish`], which gives a router its JSON 404/405 answers.

use std::net::{IpAddr, SocketAddr};

use axum::{
    body::Bytes,
    extract::{ConnectInfo, FromRequest, FromRequestParts, RawPathParams, Request},
    http::{header, request::Parts, HeaderMap, HeaderValue},
    middleware::Next,
    response::{IntoResponse, Response},
    Router,
};
use serde::{de::DeserializeOwned, Serialize};
use tracing::Instrument;
use utoipa::ToSchema;

use crate::{
    error::{ApiError, FieldError},
    ids,
};

pub const REQUEST_ID_HEADER: &str = "x-request-id";

pub use crate::request_id::current_request_id;

/// API Gateway's id for the request when running in Lambda, else a new ULID.
fn request_id_of(request: &Request) -> String {
    use lambda_http::request::RequestContext;
    match request.extensions().get::<RequestContext>() {
        Some(RequestContext::ApiGatewayV2(context)) => context.request_id.clone(),
        Some(RequestContext::ApiGatewayV1(context)) => context.request_id.clone(),
        _ => None,
    }
    .filter(|id| !id.is_empty())
    .unwrap_or_else(crate::ids::new_id)
}

/// The id given to a request by the outermost [`with_request_id`] (routers nest).
#[derive(Debug, Clone)]
struct RequestId;

/// Middleware: every request runs in a span carrying its id (so every log line of it
/// does), error bodies show the same id, and the answer has an `X-Request-Id` header.
pub async fn with_request_id(mut request: Request, next: Next) -> Response {
    if request.extensions().get::<RequestId>().is_some() {
        return next.run(request).await;
    }
    let id = request_id_of(&request);
    request.extensions_mut().insert(RequestId);
    let span =
        tracing::info_span!("request", request_id = %id, method = %request.method(), path = %request.uri().path());
    let mut response = crate::request_id::scope(id.clone(), next.run(request).instrument(span)).await;
    if let Ok(value) = HeaderValue::from_str(&id) {
        response.headers_mut().insert(REQUEST_ID_HEADER, value);
    }
    response
}

/// Middleware: axum's own answers to an unknown route (404) or a known route with
/// another method (405) have empty bodies; they get the error schema like every other
/// error. (A layer rather than fallbacks, so finished routers can still be merged.)
pub async fn with_json_errors(request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    let status = response.status();
    let bare = !response.headers().contains_key(header::CONTENT_TYPE);
    if bare && status == axum::http::StatusCode::NOT_FOUND {
        return ApiError::NotFound(crate::error::NO_SUCH_ROUTE.into()).into_response();
    }
    if bare && status == axum::http::StatusCode::METHOD_NOT_ALLOWED {
        let allow = response.headers().get(header::ALLOW).cloned();
        let mut answer = ApiError::MethodNotAllowed.into_response();
        if let Some(allow) = allow {
            answer.headers_mut().insert(header::ALLOW, allow);
        }
        return answer;
    }
    response
}

/// Completes a router: unknown routes and wrong methods answer in the error schema
/// (not axum's empty bodies), and every request gets its id. Finishing a router made
/// of finished routers again is harmless (and covers its own fallback).
pub fn finish(router: Router) -> Router {
    router.layer(axum::middleware::from_fn(with_json_errors)).layer(axum::middleware::from_fn(with_request_id))
}

/// A JSON object body. Anything else (another content type, unparsable JSON, an array
/// or a scalar where an object is expected, a field of the wrong type) is a 400 that
/// names the field; the handler never sees it.
#[derive(Debug, Clone, Copy, Default)]
pub struct Json<T>(pub T);

fn is_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .map(|essence| {
            let essence = essence.trim().to_ascii_lowercase();
            essence == "application/json" || (essence.starts_with("application/") && essence.ends_with("+json"))
        })
        .unwrap_or(false)
}

/// Parses a request body that must be a JSON object into `T`.
pub fn parse_json_object<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let value: serde_json::Value = serde_json::from_slice(bytes)
        .map_err(|_| ApiError::BadRequest("The request body is not valid JSON.".into()))?;
    if !value.is_object() {
        return Err(ApiError::BadRequest("The request body must be a JSON object.".into()));
    }
    serde_path_to_error::deserialize(value).map_err(|error| {
        let field = error.path().to_string();
        let field = if field == "." { "body".to_string() } else { field };
        let reason = error.into_inner().to_string();
        let message = if reason == ids::INVALID_ID { reason } else { format!("{field}: {reason}") };
        ApiError::Validation(vec![FieldError::new(field, message)])
    })
}

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for Json<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        if !is_json(request.headers()) {
            return Err(ApiError::BadRequest("The request body must be JSON (Content-Type: application/json).".into()));
        }
        let bytes = Bytes::from_request(request, state).await?;
        parse_json_object(&bytes).map(Json)
    }
}

impl<T: Serialize> IntoResponse for Json<T> {
    fn into_response(self) -> Response {
        axum::Json(self.0).into_response()
    }
}

/// `axum::extract::Path` whose every segment passed the id check first
/// ([`ids::is_valid`]): all our path parameters are ids.
#[derive(Debug)]
pub struct Path<T>(pub T);

impl<T: DeserializeOwned + Send, S: Send + Sync> FromRequestParts<S> for Path<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let raw = RawPathParams::from_request_parts(parts, state)
            .await
            .map_err(|_| ApiError::BadRequest("The address is not valid.".into()))?;
        let invalid: Vec<FieldError> = raw
            .iter()
            .filter(|(_, value)| !ids::is_valid(value))
            .map(|(name, _)| FieldError::new(name, ids::INVALID_ID))
            .collect();
        if !invalid.is_empty() {
            return Err(ApiError::Validation(invalid));
        }
        axum::extract::Path::<T>::from_request_parts(parts, state)
            .await
            .map(|axum::extract::Path(value)| Path(value))
            .map_err(|rejection| ApiError::BadRequest(format!("The address is not valid: {}", rejection.body_text())))
    }
}

/// The query string as `T`; a value that does not fit (an id of the wrong shape, a word
/// where a number goes) is a 400 naming the parameter.
#[derive(Debug)]
pub struct Query<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for Query<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        let query = parts.uri.query().unwrap_or_default();
        let deserializer = serde_urlencoded::Deserializer::new(form_urlencoded::parse(query.as_bytes()));
        serde_path_to_error::deserialize(deserializer).map(Query).map_err(|error| {
            let field = error.path().to_string();
            let reason = error.into_inner().to_string();
            let message = if reason == ids::INVALID_ID { reason } else { format!("{field}: {reason}") };
            ApiError::Validation(vec![FieldError::new(field, message)])
        })
    }
}

/// Where a page of a list starts and how long it is.
#[derive(Debug, Default, Clone, serde::Deserialize, utoipa::IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct PageParams {
    /// The `nextCursor` of the previous page; the first page without it.
    #[param(max_length = 4096)]
    pub cursor: Option<String>,
    /// Items per page, 1 to 50 (10 when left out).
    #[param(minimum = 1, maximum = 50)]
    pub limit: Option<u32>,
}

impl PageParams {
    pub const DEFAULT_LIMIT: u32 = 10;
    pub const MAX_LIMIT: u32 = 50;

    /// The page size asked for, or a 400 naming the field.
    pub fn limit(&self) -> Result<i32, ApiError> {
        match self.limit {
            None => Ok(Self::DEFAULT_LIMIT as i32),
            Some(n) if (1..=Self::MAX_LIMIT).contains(&n) => Ok(n as i32),
            Some(_) => Err(ApiError::field("limit", "The page size must be between 1 and 50")),
        }
    }

    pub fn cursor(&self) -> Option<&str> {
        self.cursor.as_deref().map(str::trim).filter(|c| !c.is_empty())
    }
}

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

/// The header CloudFront adds to every request it forwards to the API (template.yaml,
/// `WebDistribution`'s API origin); its value is [`ORIGIN_SECRET_VARIABLE`]'s.
pub const ORIGIN_VERIFY_HEADER: &str = "x-storyhive-origin-verify";
/// The environment variable holding the origin header's value (every function, Globals).
pub const ORIGIN_SECRET_VARIABLE: &str = "ORIGIN_VERIFY_SECRET";

/// The origin header's expected value, read once per process; none locally.
fn origin_secret() -> Option<&'static str> {
    static SECRET: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();
    SECRET
        .get_or_init(|| {
            std::env::var(ORIGIN_SECRET_VARIABLE).ok().map(|v| v.trim().to_string()).filter(|v| !v.is_empty())
        })
        .as_deref()
}

/// Whether the request carries the origin header with the expected value, compared in
/// time independent of where they differ (hashes of equal length, folded).
fn came_through_cloudfront(parts: &Parts, secret: Option<&str>) -> bool {
    let (Some(secret), Some(given)) = (secret, header_text(parts, ORIGIN_VERIFY_HEADER)) else { return false };
    let (expected, given) = (crate::digest::sha256_hex(secret), crate::digest::sha256_hex(given));
    expected.bytes().zip(given.bytes()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// The address of the client that sent the request, for per-client limits.
///
/// In AWS: CloudFront's `CloudFront-Viewer-Address` only when the request carries the
/// secret origin header CloudFront adds (anyone calling the execute-api host directly can
/// set the viewer header, not the secret), else API Gateway's source IP (for a request
/// through CloudFront that is CloudFront's edge; for a direct one, the caller's). Locally:
/// the socket's peer, or, when the peer is this machine (the local gateway, the test
/// harness), the last `X-Forwarded-For` entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientAddress(pub String);

impl<S: Send + Sync> FromRequestParts<S> for ClientAddress {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        Ok(Self(client_address(parts, origin_secret())))
    }
}

fn header_text<'a>(parts: &'a Parts, name: &str) -> Option<&'a str> {
    parts.headers.get(name).and_then(|v| v.to_str().ok()).map(str::trim).filter(|v| !v.is_empty())
}

fn client_address(parts: &Parts, origin_secret: Option<&str>) -> String {
    use lambda_http::request::RequestContext;
    if let Some(RequestContext::ApiGatewayV2(context)) = parts.extensions.get::<RequestContext>() {
        // "198.51.100.10:46532" or "[2001:db8::1]:46532" / "2001:db8::1:46532".
        if let Some(viewer) = header_text(parts, "cloudfront-viewer-address") {
            if came_through_cloudfront(parts, origin_secret) {
                let ip = viewer.rsplit_once(':').map(|(ip, _)| ip).unwrap_or(viewer);
                return ip.trim_matches(|c| c == '[' || c == ']').to_string();
            }
        }
        if let Some(ip) = context.http.source_ip.clone() {
            return ip;
        }
    }
    let peer = parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|ConnectInfo(address)| address.ip());
    let local = peer.is_none_or(|ip: IpAddr| ip.is_loopback());
    if local {
        if let Some(forwarded) = header_text(parts, "x-forwarded-for") {
            if let Some(last) = forwarded.rsplit(',').map(str::trim).find(|s| !s.is_empty()) {
                return last.to_string();
            }
        }
    }
    peer.map(|ip| ip.to_string()).unwrap_or_else(|| "127.0.0.1".into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use lambda_http::aws_lambda_events::apigw::{
        ApiGatewayV2httpRequestContext, ApiGatewayV2httpRequestContextHttpDescription,
    };
    use lambda_http::request::RequestContext;

    const SECRET: &str = "2f0c1a52-7d1e-4a8b-9c3d-5e6f7a8b9c0d";

    /// A request as API Gateway hands it to the function: the source IP it saw, and headers.
    fn through_api_gateway(source_ip: &str, headers: &[(&str, &str)]) -> Parts {
        let mut builder = axum::http::Request::builder().uri("/api/user/login");
        for (name, value) in headers {
            builder = builder.header(*name, *value);
        }
        let (mut parts, ()) = builder.body(()).unwrap().into_parts();
        let mut http = ApiGatewayV2httpRequestContextHttpDescription::default();
        http.source_ip = Some(source_ip.into());
        let mut context = ApiGatewayV2httpRequestContext::default();
        context.http = http;
        parts.extensions.insert(RequestContext::ApiGatewayV2(context));
        parts
    }

    #[test]
    fn the_viewer_address_counts_only_with_cloudfronts_secret_header() {
        let parts = through_api_gateway(
            "130.176.1.1",
            &[("cloudfront-viewer-address", "198.51.100.10:46532"), (ORIGIN_VERIFY_HEADER, SECRET)],
        );
        assert_eq!(client_address(&parts, Some(SECRET)), "198.51.100.10");
        let parts = through_api_gateway(
            "130.176.1.1",
            &[("cloudfront-viewer-address", "[2001:db8::1]:46532"), (ORIGIN_VERIFY_HEADER, SECRET)],
        );
        assert_eq!(client_address(&parts, Some(SECRET)), "2001:db8::1");
    }

    #[test]
    fn a_forged_viewer_address_on_the_execute_api_host_keys_on_the_source_ip() {
        // No secret header, a wrong one, or one of another length: the caller's own address.
        for secret_header in [None, Some("guess"), Some(&SECRET[..SECRET.len() - 1]), Some("")] {
            let mut headers = vec![("cloudfront-viewer-address", "198.51.100.10:46532")];
            if let Some(value) = secret_header {
                headers.push((ORIGIN_VERIFY_HEADER, value));
            }
            let parts = through_api_gateway("203.0.113.7", &headers);
            assert_eq!(client_address(&parts, Some(SECRET)), "203.0.113.7", "{secret_header:?}");
        }
    }

    #[test]
    fn without_a_configured_secret_the_viewer_header_is_never_trusted() {
        let parts = through_api_gateway(
            "203.0.113.7",
            &[("cloudfront-viewer-address", "198.51.100.10:46532"), (ORIGIN_VERIFY_HEADER, "")],
        );
        assert_eq!(client_address(&parts, None), "203.0.113.7");
        let parts = through_api_gateway("203.0.113.7", &[("cloudfront-viewer-address", "198.51.100.10:1")]);
        assert_eq!(client_address(&parts, None), "203.0.113.7");
    }

    #[test]
    fn locally_the_last_forwarded_entry_of_a_loopback_peer_as_before() {
        let (mut parts, ()) = axum::http::Request::builder()
            .header("x-forwarded-for", "10.0.0.1, 192.0.2.44")
            .header("cloudfront-viewer-address", "198.51.100.10:46532")
            .body(())
            .unwrap()
            .into_parts();
        parts.extensions.insert(ConnectInfo(SocketAddr::from(([127, 0, 0, 1], 4000))));
        assert_eq!(client_address(&parts, Some(SECRET)), "192.0.2.44");
        // A remote peer is itself, whatever it forwards.
        parts.extensions.insert(ConnectInfo(SocketAddr::from(([192, 0, 2, 9], 4000))));
        assert_eq!(client_address(&parts, None), "192.0.2.9");
    }
}
