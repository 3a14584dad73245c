//! Generated videos: staff render an edit of a collaborator's answers (the media worker
//! does the rendering), list them per collaborator, per campaign and approved, approve
//! and delete them. Also the video test page's calls: clip-cut upload URLs (a presigned
//! POST under `Temp/`) and the processing that cuts long pauses, behind the deployment's
//! shared `x-api-key`. One function because all of them hand cut lists to the media
//! worker and sign URLs of the video bucket.

pub mod videos;
pub mod videotest;

use axum::Router;
use storyhive_shared::AppContext;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn api() -> OpenApiRouter<AppContext> {
    OpenApiRouter::new()
        .routes(routes!(videos::save))
        .routes(routes!(videos::contributor_videos))
        .routes(routes!(videos::campaign_generated_videos))
        .routes(routes!(videos::approved_videos))
        .routes(routes!(videos::delete))
        .routes(routes!(videos::approval))
        .routes(routes!(videotest::clip_cut_urls))
        .routes(routes!(videotest::process))
        .routes(routes!(videotest::process_status))
}

pub fn router(context: AppContext) -> Router {
    storyhive_shared::http::finish(api().split_for_parts().0.with_state(context))
}
