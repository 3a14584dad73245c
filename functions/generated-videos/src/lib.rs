//! Generated videos: staff render an edit of a collaborator's answers (the media worker
//! does the rendering), list them per collaborator, per campaign and approved, approve
//! and delete them. Also the video test page's calls: clip-cut upload URLs (a presigned
//! POST under `Temp/`) and the processing that cuts long pauses, behind the deployment's
//! shared `x-api-key`. One function because all of them hand cut lists to the media
//! worker and sign URLs of the video bucket.

mod dto;
mod routes;

// Paths the gateway's demo and the media worker's tests use.
pub use dto::*;
pub use routes::{stories, videos, videotest};

use axum::Router;
use storyhive_shared::AppContext;

// The routes and their OpenAPI description, from the same declarations: `api()` with the
// document (the gateway, openapi.json), `routes()` without (the function's router).
storyhive_shared::function_routes!(
    videos::save,
    videos::contributor_videos,
    videos::campaign_generated_videos,
    videos::approved_videos,
    videos::delete,
    videos::approval,
    videos::retry,
    videos::video_captions,
    videos::retry_answer,
    stories::save,
    stories::list,
    stories::get,
    stories::update,
    stories::delete,
    stories::speaker_stories,
    stories::library,
    stories::render,
    videotest::clip_cut_urls,
    videotest::process,
    videotest::process_status,
);

pub fn router(context: AppContext) -> Router {
    storyhive_shared::http::finish(routes().with_state(context))
}
