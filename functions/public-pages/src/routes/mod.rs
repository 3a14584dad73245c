//! The public handlers: JSON under `/public` (in `openapi.json`) and the HTML pages.

use axum::{
    extract::{Extension, State},
    http::{header, HeaderMap, HeaderName, HeaderValue, StatusCode},
    response::{IntoResponse, Response},
};
use serde::{Deserialize, Serialize};
use storyhive_shared::{
    error::ErrorBody,
    http::{ClientAddress, Json, Path, Query},
    publishing::{
        public::{PublicStory, PublicWall},
        stats::Event,
    },
    ApiError, ApiResult, AppContext,
};
use utoipa::{IntoParams, ToSchema};

mod pages;

use crate::service::{self, PublicLimits};

const TAG: &str = "public";

/// CloudFront keeps public answers a minute at most (a takedown shows within it); browsers ask again.
const CACHED: &str = "public, max-age=0, s-maxage=60";

fn limits(extension: Option<Extension<PublicLimits>>) -> PublicLimits {
    extension.map(|Extension(l)| l).unwrap_or_default()
}

fn with_headers(mut response: Response, cache: &'static str, framable: bool) -> Response {
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    if framable {
        // Any site may embed the player and walls (and nothing else of the app).
        headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static("frame-ancestors *"));
    }
    response
}

/// A published story's public fields.
#[utoipa::path(get, path = "/public/stories/{slug}", tag = TAG, params(("slug" = String, Path)),
    responses(
        (status = 200, body = PublicStory),
        (status = 404, description = "'This story does not exist'", body = ErrorBody),
        (status = 410, description = "'This story is no longer available'", body = ErrorBody),
        (status = 429, body = ErrorBody),
    ))]
pub async fn public_story(
    State(context): State<AppContext>,
    limits_extension: Option<Extension<PublicLimits>>,
    ClientAddress(client): ClientAddress,
    Path(slug): Path<String>,
) -> ApiResult<Response> {
    service::spend(&context, &limits(limits_extension).reads_per_client, &client).await?;
    let story = service::story(&context, &slug).await?;
    Ok(with_headers(Json(story).into_response(), CACHED, true))
}

/// A wall's live stories, in order.
#[utoipa::path(get, path = "/public/walls/{wallId}", tag = TAG, params(("wallId" = String, Path)),
    responses(
        (status = 200, body = PublicWall),
        (status = 404, description = "'This wall does not exist'", body = ErrorBody),
        (status = 429, body = ErrorBody),
    ))]
pub async fn public_wall(
    State(context): State<AppContext>,
    limits_extension: Option<Extension<PublicLimits>>,
    ClientAddress(client): ClientAddress,
    Path(wall_id): Path<String>,
) -> ApiResult<Response> {
    service::spend(&context, &limits(limits_extension).reads_per_client, &client).await?;
    let wall = service::wall(&context, &wall_id).await?;
    Ok(with_headers(Json(wall).into_response(), CACHED, true))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OEmbedParams {
    /// A share page (`/v/{slug}`) or wall (`/wall/{wallId}`) address of this site.
    pub url: String,
    /// `json` (the default); `xml` is not offered (400).
    pub format: Option<String>,
    pub maxwidth: Option<u32>,
    pub maxheight: Option<u32>,
}

/// The oEmbed 1.0 answer (<https://oembed.com>): a video for a story, rich for a wall.
#[derive(Debug, Serialize, ToSchema)]
pub struct OEmbed {
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub version: &'static str,
    pub title: String,
    pub provider_name: &'static str,
    pub provider_url: String,
    pub author_name: String,
    pub html: String,
    pub width: u32,
    pub height: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub thumbnail_url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub thumbnail_width: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub thumbnail_height: Option<u32>,
}

pub const UNKNOWN_URL: &str = "This address is not a story or wall of this site";
pub const XML_NOT_OFFERED: &str = "Only the json format is offered";

/// oEmbed for content-management systems that embed from the URL.
#[utoipa::path(get, path = "/public/oembed", tag = TAG, params(OEmbedParams),
    responses(
        (status = 200, body = OEmbed),
        (status = 404, description = "Not a story or wall of this site", body = ErrorBody),
        (status = 410, description = "'This story is no longer available'", body = ErrorBody),
        (status = 429, body = ErrorBody),
        (status = 400, description = "'Only the json format is offered' (format=xml)", body = ErrorBody),
    ))]
pub async fn oembed(
    State(context): State<AppContext>,
    limits_extension: Option<Extension<PublicLimits>>,
    ClientAddress(client): ClientAddress,
    Query(params): Query<OEmbedParams>,
) -> ApiResult<Response> {
    // Only JSON (an empty format is the default). oEmbed names 501 for a format a provider
    // lacks; here it is a 400, as every 5xx is a fault to our alarms and the API fuzzing.
    if params.format.as_deref().map(str::trim).is_some_and(|f| !f.is_empty() && !f.eq_ignore_ascii_case("json")) {
        return Err(ApiError::BadRequest(XML_NOT_OFFERED.into()));
    }
    service::spend(&context, &limits(limits_extension).reads_per_client, &client).await?;
    let origin = service::origin(&context).to_string();
    let path = params.url.strip_prefix(&origin).unwrap_or("");
    let path = path.split(['?', '#']).next().unwrap_or("");
    let max_width = params.maxwidth.filter(|w| *w > 0).unwrap_or(640);
    let answer = if let Some(slug) = path.strip_prefix("/v/").or_else(|| path.strip_prefix("/embed/")) {
        let record = service::live(&context, slug).await?;
        let story = record.to_public(&origin);
        let (mut width, mut height) = pages::fit(story.width, story.height, max_width);
        if let Some(max_height) = params.maxheight.filter(|h| *h > 0 && *h < height) {
            width = ((width as u64 * max_height as u64) / height as u64).max(1) as u32;
            height = max_height;
        }
        OEmbed {
            kind: "video",
            version: "1.0",
            title: story.title.clone(),
            provider_name: "Storyhive",
            provider_url: origin.clone(),
            author_name: story.organisation.name.clone(),
            html: pages::iframe_snippet(&story.embed_url, &story.title, width, height),
            width,
            height,
            thumbnail_url: Some(format!("{origin}{}", story.poster_url)),
            thumbnail_width: Some(story.width),
            thumbnail_height: Some(story.height),
        }
    } else if let Some(wall_id) = path.strip_prefix("/wall/") {
        let wall = service::wall(&context, wall_id).await?;
        let height = params.maxheight.filter(|h| *h > 0).unwrap_or(640).min(640);
        let title = maud::html! { (wall.title) }.into_string();
        OEmbed {
            kind: "rich",
            version: "1.0",
            title: wall.title.clone(),
            provider_name: "Storyhive",
            provider_url: origin.clone(),
            author_name: wall.organisation.name.clone(),
            html: format!(
                "<iframe src=\"{origin}/wall/{}?embed=1\" width=\"{max_width}\" height=\"{height}\" title=\"{title}\" frameborder=\"0\" allowfullscreen></iframe>",
                wall.wall_id
            ),
            width: max_width,
            height,
            thumbnail_url: None,
            thumbnail_width: None,
            thumbnail_height: None,
        }
    } else {
        return Err(ApiError::NotFound(UNKNOWN_URL.into()));
    };
    Ok(with_headers(Json(answer).into_response(), CACHED, false))
}

/// What a page reports: one event of one story.
#[derive(Debug, Deserialize, ToSchema)]
pub struct Beacon {
    pub slug: String,
    pub event: Event,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Accepted {
    pub accepted: bool,
}

/// Counts a view, an embed load, a play or how far someone watched. No cookie, no address
/// kept (budgets count a hash of it for a few minutes); robots and over-budget clients
/// are answered the same and not counted. Sent with `navigator.sendBeacon` (any content type).
#[utoipa::path(post, path = "/public/beacons", tag = TAG, request_body = Beacon,
    responses(
        (status = 202, body = Accepted),
        (status = 400, description = "Not a beacon", body = ErrorBody),
    ))]
pub async fn beacon(
    State(context): State<AppContext>,
    limits_extension: Option<Extension<PublicLimits>>,
    ClientAddress(client): ClientAddress,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> ApiResult<(StatusCode, Json<Accepted>)> {
    // sendBeacon sends text/plain: read the body as JSON whatever its type.
    let beacon: Beacon =
        serde_json::from_slice(&body).map_err(|_| ApiError::BadRequest("A beacon is {\"slug\", \"event\"}".into()))?;
    let agent = headers.get(header::USER_AGENT).and_then(|v| v.to_str().ok());
    let accepted = (StatusCode::ACCEPTED, Json(Accepted { accepted: true }));
    if service::bots(agent) {
        return Ok(accepted);
    }
    let verdict =
        storyhive_shared::ratelimit::hit(&context.store, &limits(limits_extension).beacons_per_client, &client).await?;
    if verdict.is_limited() {
        return Ok(accepted);
    }
    service::count(&context, &beacon.slug, beacon.event).await?;
    Ok(accepted)
}

fn html(status: StatusCode, markup: maud::Markup, framable: bool) -> Response {
    let mut response = (status, markup.into_string()).into_response();
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
    // An error page is not kept: the next request asks again.
    let cache = if status.is_success() { CACHED } else { "no-store" };
    let mut response = with_headers(response, cache, framable);
    response.headers_mut().insert(HeaderName::from_static("x-robots-tag"), HeaderValue::from_static("noarchive"));
    response
}

fn error_page(error: ApiError, framable: bool) -> Response {
    match error {
        ApiError::Gone(message) => html(StatusCode::GONE, pages::message_page(&message), framable),
        ApiError::NotFound(message) => html(StatusCode::NOT_FOUND, pages::message_page(&message), framable),
        other => other.into_response(),
    }
}

/// `/v/{slug}`: the share page.
pub async fn share_page(
    State(context): State<AppContext>,
    limits_extension: Option<Extension<PublicLimits>>,
    ClientAddress(client): ClientAddress,
    axum::extract::Path(slug): axum::extract::Path<String>,
) -> Response {
    if let Err(error) = service::spend(&context, &limits(limits_extension).reads_per_client, &client).await {
        return error.into_response();
    }
    match service::story(&context, &slug).await {
        Ok(story) => html(StatusCode::OK, pages::share_page(&story, service::origin(&context)), false),
        Err(error) => error_page(error, false),
    }
}

/// `/embed/{slug}`: the player for iframes on any site.
pub async fn embed_page(
    State(context): State<AppContext>,
    limits_extension: Option<Extension<PublicLimits>>,
    ClientAddress(client): ClientAddress,
    axum::extract::Path(slug): axum::extract::Path<String>,
) -> Response {
    if let Err(error) = service::spend(&context, &limits(limits_extension).reads_per_client, &client).await {
        return error.into_response();
    }
    match service::story(&context, &slug).await {
        Ok(story) => html(StatusCode::OK, pages::embed_page(&story, service::origin(&context)), true),
        Err(error) => error_page(error, true),
    }
}

#[derive(Debug, Deserialize)]
pub struct WallPageParams {
    pub embed: Option<String>,
}

/// `/wall/{wallId}`: a wall, alone or (`?embed=1`) in an iframe.
pub async fn wall_page(
    State(context): State<AppContext>,
    limits_extension: Option<Extension<PublicLimits>>,
    ClientAddress(client): ClientAddress,
    axum::extract::Path(wall_id): axum::extract::Path<String>,
    axum::extract::Query(params): axum::extract::Query<WallPageParams>,
) -> Response {
    if let Err(error) = service::spend(&context, &limits(limits_extension).reads_per_client, &client).await {
        return error.into_response();
    }
    let embedded = params.embed.as_deref() == Some("1");
    match service::wall(&context, &wall_id).await {
        Ok(wall) => html(StatusCode::OK, pages::wall_page(&wall, embedded), true),
        Err(error) => error_page(error, true),
    }
}
