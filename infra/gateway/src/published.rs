//! `/published/...`: the copies of published videos (MP4, poster, captions, logo) that the
//! public pages play. In AWS, CloudFront serves them from the media bucket (an origin with
//! access to `published/*` only); locally the gateway reads them from moto, with the byte
//! ranges a `<video>` element asks for when it seeks.

use axum::{
    body::Body,
    extract::{Path, State},
    http::{header, HeaderMap, HeaderValue, StatusCode},
    response::{IntoResponse, Response},
    routing::get,
    Router,
};

#[derive(Clone)]
struct Media {
    s3: aws_sdk_s3::Client,
    bucket: String,
}

/// The router of `/published/{*key}`.
pub fn router(s3: aws_sdk_s3::Client, bucket: String) -> Router {
    Router::new().route("/published/{*key}", get(object).head(object)).with_state(Media { s3, bucket })
}

async fn object(State(media): State<Media>, Path(key): Path<String>, headers: HeaderMap) -> Response {
    // Nothing outside the published prefix, and no path tricks.
    if key.split('/').any(|segment| segment.is_empty() || segment == "." || segment == "..") {
        return not_found();
    }
    let range = headers.get(header::RANGE).and_then(|v| v.to_str().ok()).map(str::to_string);
    let request = media
        .s3
        .get_object()
        .bucket(&media.bucket)
        .key(format!("{}{key}", storyhive_shared::publishing::PUBLISHED_PREFIX))
        .set_range(range.clone());
    let output = match request.send().await {
        Ok(output) => output,
        Err(error) => {
            let status = error.raw_response().map(|r| r.status().as_u16());
            return match status {
                Some(416) => StatusCode::RANGE_NOT_SATISFIABLE.into_response(),
                Some(404) | Some(403) => not_found(),
                _ => {
                    tracing::error!(error = ?error, "reading a published object");
                    StatusCode::BAD_GATEWAY.into_response()
                }
            };
        }
    };
    let mut response = Response::builder()
        .status(if output.content_range.is_some() { StatusCode::PARTIAL_CONTENT } else { StatusCode::OK })
        .header(header::ACCEPT_RANGES, "bytes")
        // As CloudFront: kept at the edge a minute at most, revalidated by browsers (a takedown
        // deletes the object).
        .header(header::CACHE_CONTROL, "public, max-age=0, s-maxage=60");
    let content_type = output.content_type.clone().unwrap_or_else(|| content_type_of(&key).to_string());
    response = response.header(header::CONTENT_TYPE, content_type);
    if let Some(range) = &output.content_range {
        response = response.header(header::CONTENT_RANGE, range);
    }
    if let Some(length) = output.content_length {
        response = response.header(header::CONTENT_LENGTH, length);
    }
    let bytes = match output.body.collect().await {
        Ok(bytes) => bytes.into_bytes(),
        Err(error) => {
            tracing::error!(error = ?error, "reading a published object's body");
            return StatusCode::BAD_GATEWAY.into_response();
        }
    };
    response.body(Body::from(bytes)).unwrap_or_else(|_| StatusCode::INTERNAL_SERVER_ERROR.into_response())
}

fn not_found() -> Response {
    let mut response = (StatusCode::NOT_FOUND, "Not found").into_response();
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("text/plain; charset=utf-8"));
    response
}

/// For objects stored without a type.
fn content_type_of(key: &str) -> &'static str {
    match key.rsplit('.').next() {
        Some("mp4") => "video/mp4",
        Some("jpg") | Some("jpeg") => "image/jpeg",
        Some("png") => "image/png",
        Some("vtt") => "text/vtt; charset=utf-8",
        Some("srt") => "application/x-subrip; charset=utf-8",
        _ => "application/octet-stream",
    }
}
