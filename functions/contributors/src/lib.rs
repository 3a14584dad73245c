//! Contributors route group: staff invite and manage collaborators; collaborators,
//! holding only their invitation key, fill in their details, record answers and
//! upload them through presigned multipart URLs.

mod answers;
mod invite;
mod routes;
pub mod views;

use axum::Router;
use storyhive_shared::AppContext;
use utoipa_axum::{router::OpenApiRouter, routes};

pub use routes::dto::*;

pub fn api() -> OpenApiRouter<AppContext> {
    use routes::{journey, media, register, review, staff, uploads, user_state};
    OpenApiRouter::new()
        .routes(routes!(staff::add_contributor))
        .routes(routes!(staff::add_contributor_by_path))
        .routes(routes!(staff::campaign_contributor_list))
        .routes(routes!(staff::campaign_contributors_with_answers))
        .routes(routes!(staff::all_contributors))
        .routes(routes!(staff::update_contributor))
        .routes(routes!(staff::delete_contributor))
        .routes(routes!(staff::remove_contributor))
        .routes(routes!(staff::delete_contributor_videos))
        .routes(routes!(staff::revoke))
        .routes(routes!(staff::reinvite))
        .routes(routes!(staff::send_back_for_re_recording))
        .routes(routes!(journey::contributor_campaign_view))
        .routes(routes!(journey::save_details))
        .routes(routes!(journey::journey))
        .routes(routes!(journey::all_questions))
        .routes(routes!(journey::save_journey))
        .routes(routes!(journey::add_video))
        .routes(routes!(journey::campaign_videos))
        .routes(routes!(journey::submit))
        .routes(routes!(uploads::start_upload))
        .routes(routes!(uploads::sign_part))
        .routes(routes!(uploads::list_parts))
        .routes(routes!(uploads::complete_upload))
        .routes(routes!(uploads::abort_upload))
        .routes(routes!(register::register_for_open_campaign))
        .routes(routes!(journey::accept_terms))
        .routes(routes!(media::video_info))
        .routes(routes!(media::save_transcription))
        .routes(routes!(user_state::save_user_state))
        .routes(routes!(user_state::get_user_state))
        .routes(routes!(review::review_answer))
}

pub fn router(context: AppContext) -> Router {
    storyhive_shared::http::finish(api().split_for_parts().0.with_state(context))
}
