//! Contributors route group: staff invite and manage collaborators; collaborators,
//! holding only their invitation key, fill in their details, record answers and
//! upload them through presigned multipart URLs.

mod dto;
mod routes;
pub mod service;

use axum::Router;
use storyhive_shared::AppContext;

pub use dto::*;

use routes::{journey, media, preview, register, reminders, review, staff, uploads, user_state};
// The routes and their OpenAPI description, from the same declarations: `api()` with the
// document (the gateway, openapi.json), `routes()` without (the function's router).
storyhive_shared::function_routes!(
    staff::add_contributor,
    staff::add_contributor_by_path,
    staff::campaign_contributor_list,
    staff::campaign_contributors_with_answers,
    staff::all_contributors,
    staff::update_contributor,
    staff::delete_contributor,
    staff::remove_contributor,
    staff::delete_contributor_videos,
    staff::revoke,
    staff::reinvite,
    staff::send_back_for_re_recording,
    preview::contributor_preview,
    journey::contributor_campaign_view,
    journey::save_details,
    journey::journey,
    journey::all_questions,
    journey::save_journey,
    journey::add_video,
    journey::campaign_videos,
    journey::submit,
    uploads::start_upload,
    uploads::sign_part,
    uploads::list_parts,
    uploads::complete_upload,
    uploads::abort_upload,
    register::register_for_open_campaign,
    register::open_campaign_for_sign_up,
    journey::accept_terms,
    journey::withdraw_consent,
    media::video_info,
    media::answer_captions,
    media::save_transcription,
    user_state::save_user_state,
    user_state::get_user_state,
    review::review_answer,
    reminders::remind_all,
    reminders::unsubscribe_page,
    reminders::unsubscribe,
);

pub fn router(context: AppContext) -> Router {
    storyhive_shared::http::finish(routes().with_state(context))
}
