//! Staff remind everyone who has not submitted; collaborators unsubscribe in one click
//! (RFC 8058) from any e-mail they were sent, without signing in.

use axum::{extract::State, response::Html};
use serde::{Deserialize, Serialize};
use storyhive_shared::{
    auth::Principal,
    campaigns::repo::CampaignParts,
    contributors::{reminders, unsubscribe},
    error::ErrorBody,
    http::{Json, Query},
    ids::Id,
    mail::escape_html,
    permissions::Permission,
    ratelimit, ApiError, ApiResult, AppContext,
};
use utoipa::{IntoParams, ToSchema};

const TAG: &str = "contributors";

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct RemindAll {
    pub campaign_id: Id,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Reminded {
    pub message: String,
    /// How many collaborators were reminded.
    pub reminded: u32,
}

/// Remind now everyone in the campaign who has not submitted (not the suspended, the
/// unsubscribed, those whose link is revoked, nor those reminded three times), whether or
/// not the campaign's scheduled reminders are on. Once an hour per campaign.
#[utoipa::path(post, path = "/contributor/remind-all", tag = TAG, security(("staffToken" = ["UseStaffApp"])), request_body = RemindAll,
    responses((status = 200, body = Reminded), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody), (status = 429, body = ErrorBody)))]
pub async fn remind_all(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<RemindAll>,
) -> ApiResult<Json<Reminded>> {
    principal.require(Permission::UseStaffApp)?;
    let (parts, _) = CampaignParts::require_visible(&context.store, &principal.tenant_id, &body.campaign_id).await?;
    let campaign = &parts.campaign;
    if storyhive_shared::campaigns::rules::effective_status(campaign, storyhive_shared::campaigns::rules::today())
        != storyhive_shared::campaigns::records::CampaignStatus::Live
    {
        return Err(ApiError::BadRequest("Only the collaborators of a live campaign can be reminded".into()));
    }
    let subject = format!("{}#{}", campaign.tenant_id, campaign.campaign_id);
    let verdict = ratelimit::hit(&context.store, &ratelimit::REMIND_NOW_PER_CAMPAIGN, &subject).await?;
    if verdict.is_limited() {
        return Err(ratelimit::too_many(
            "Everyone who has not submitted was reminded less than an hour ago. Please try again later.",
            verdict,
        ));
    }
    let reminded = reminders::remind_all_now(&context, campaign).await?;
    let message = match reminded {
        0 => "Nobody was reminded: everyone has submitted, unsubscribed or been reminded three times".to_string(),
        1 => "1 collaborator was reminded".to_string(),
        n => format!("{n} collaborators were reminded"),
    };
    Ok(Json(Reminded { message, reminded }))
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct UnsubscribeParams {
    pub tenant_id: String,
    pub contributor_id: String,
    pub token: String,
}

fn page(title: &str, body: &str) -> Html<String> {
    Html(format!(
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{title}</title></head><body style=\"font-family:sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem\"><h1>{title}</h1>{body}</body></html>",
        title = escape_html(title)
    ))
}

/// The unsubscribe link opened in a browser: a page with a button that unsubscribes
/// (mail scanners follow links; only a POST unsubscribes). Nothing changes here.
#[utoipa::path(get, path = "/contributor/unsubscribe", tag = TAG, params(UnsubscribeParams),
    responses((status = 200, description = "A page with the unsubscribe button", content_type = "text/html", body = String)))]
pub async fn unsubscribe_page(Query(params): Query<UnsubscribeParams>) -> Html<String> {
    let action = format!(
        "?tenantId={}&contributorId={}&token={}",
        urlencoding(&params.tenant_id),
        urlencoding(&params.contributor_id),
        urlencoding(&params.token)
    );
    page(
        "Unsubscribe",
        &format!(
            "<p>Stop receiving reminders about the campaigns you were invited to by this organisation?</p><form method=\"post\" action=\"{}\"><input type=\"hidden\" name=\"List-Unsubscribe\" value=\"One-Click\"><button type=\"submit\">Unsubscribe</button></form>",
            escape_html(&action)
        ),
    )
}

/// One-click unsubscribe (RFC 8058 `List-Unsubscribe=One-Click`, or the page's button):
/// no sign-in; repeating it changes nothing. Reminders stop from then on.
#[utoipa::path(post, path = "/contributor/unsubscribe", tag = TAG, params(UnsubscribeParams),
    responses((status = 200, description = "Unsubscribed", content_type = "text/html", body = String), (status = 400, description = "Not a valid unsubscribe link", body = ErrorBody)))]
pub async fn unsubscribe(
    State(context): State<AppContext>,
    Query(params): Query<UnsubscribeParams>,
) -> ApiResult<Html<String>> {
    unsubscribe::unsubscribe(
        &context.store,
        params.tenant_id.trim(),
        params.contributor_id.trim(),
        params.token.trim(),
    )
    .await?;
    Ok(page("You are unsubscribed", "<p>You will not receive reminders any more. You can close this page.</p>"))
}

/// Query-string escaping of a value (ids and tokens are URL-safe; anything else is escaped).
fn urlencoding(value: &str) -> String {
    value
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            other => format!("%{other:02X}"),
        })
        .collect()
}
