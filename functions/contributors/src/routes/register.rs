//! Open ("evergreen", public) campaigns: a visitor asks for their own link by e-mail.

use axum::extract::State;
use storyhive_shared::{
    campaigns::{
        records::{CampaignStatus, CampaignType, Visibility},
        repo::{self, CampaignParts},
        rules as campaign_rules,
    },
    error::ErrorBody,
    http::{ClientAddress, Json, Message, Path},
    ratelimit::{self, Limit},
    ApiError, ApiResult, AppContext,
};
use time::Duration;

use crate::dto::{Invitee, OpenCampaign};
use crate::service::invite;

const ANSWER: &str = "Check your inbox: we have sent you your personal link to this campaign";

/// Reads of an open campaign's sign-up page one client may make (a poster's QR code is scanned
/// by many people, each from their own phone; a script reading every campaign is not).
pub const SIGN_UP_READS_PER_CLIENT: Limit = Limit { scope: "sign-up-read", max: 120, window: Duration::minutes(10) };
/// The sign-up pages' reads of the whole deployment: a flood from many addresses stops here
/// (CloudFront does not cache the page's API call: it must say when a campaign closes).
pub const SIGN_UP_READS_PER_DEPLOYMENT: Limit =
    Limit { scope: "sign-up-read-deployment", max: 6_000, window: Duration::minutes(10) };
/// Sign-ups of the whole deployment, each an e-mail: what the public can make the mail
/// worker send, whatever the number of addresses it comes from.
pub const SIGN_UPS_PER_DEPLOYMENT: Limit = Limit { scope: "sign-up-deployment", max: 600, window: Duration::hours(1) };
/// The subject of the deployment-wide counters.
const DEPLOYMENT: &str = "deployment";
const TOO_MANY: &str = "Too many requests. Please wait a few minutes and try again.";

/// Spends one use of each budget, the client's first; the first one over answers 429.
async fn spend(context: &AppContext, budgets: &[(&Limit, &str)]) -> ApiResult<()> {
    for (limit, subject) in budgets {
        let verdict = ratelimit::hit(&context.store, limit, subject).await?;
        if verdict.is_limited() {
            return Err(ratelimit::too_many(TOO_MANY, verdict));
        }
    }
    Ok(())
}

/// The campaign, if people can sign up for it by themselves: open ("evergreen"), public, live,
/// and in an active initiative. Anything else reads as not available, whatever the reason.
async fn open_campaign(context: &AppContext, tenant_id: &str, campaign_id: &str) -> ApiResult<CampaignParts> {
    let store = &context.store;
    let not_open = || ApiError::NotFound(campaign_rules::CAMPAIGN_NOT_AVAILABLE.into());
    let parts = CampaignParts::load(store, tenant_id, campaign_id).await?.ok_or_else(not_open)?;
    let campaign = &parts.campaign;
    let open = campaign.campaign_type == CampaignType::Evergreen
        && campaign.visibility == Visibility::Public
        && campaign_rules::effective_status(campaign, campaign_rules::today()) == CampaignStatus::Live
        && repo::active_initiative(store, tenant_id, &campaign.initiative_id).await?.is_some();
    if !open {
        return Err(not_open());
    }
    Ok(parts)
}

/// What the sign-up page of an open campaign shows before anyone signs up: its title, what it
/// is about, who runs it and how long answering takes. Nothing about its collaborators.
#[utoipa::path(get, path = "/contributor/open/{tenantId}/{campaignId}", tag = "contributor journey",
    params(("tenantId" = String, Path), ("campaignId" = String, Path)),
    responses(
        (status = 200, body = OpenCampaign),
        (status = 404, description = "Not an open, live, public campaign", body = ErrorBody),
        (status = 429, description = "Too many requests from this client", body = ErrorBody),
    ))]
pub async fn open_campaign_for_sign_up(
    State(context): State<AppContext>,
    client: ClientAddress,
    Path((tenant_id, campaign_id)): Path<(String, String)>,
) -> ApiResult<Json<OpenCampaign>> {
    spend(&context, &[(&SIGN_UP_READS_PER_CLIENT, &client.0), (&SIGN_UP_READS_PER_DEPLOYMENT, DEPLOYMENT)]).await?;
    let parts = open_campaign(&context, &tenant_id, &campaign_id).await?;
    let company_name = invite::company_name(&context, &tenant_id).await?;
    let campaign = &parts.campaign;
    Ok(Json(OpenCampaign {
        title: campaign.title.clone(),
        description: campaign.description.clone(),
        company_name,
        language: campaign.language,
        question_count: parts.questions.len(),
        estimated_minutes: parts.estimated_minutes(),
    }))
}

/// Register for an open campaign with name and e-mail; the personal link is sent by
/// e-mail only (so nobody can open someone else's answers by typing their address).
/// Asking again sends a new link (the previous one stops working). The answer is the
/// same whatever happened; a few e-mails per address per hour at most are sent.
#[utoipa::path(post, path = "/contributor/register/{tenantId}/{campaignId}", tag = "contributor journey",
    params(("tenantId" = String, Path), ("campaignId" = String, Path)), request_body = Invitee,
    responses(
        (status = 200, body = Message),
        (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 429, description = "Too many requests from this client", body = ErrorBody),
    ))]
pub async fn register_for_open_campaign(
    State(context): State<AppContext>,
    client: ClientAddress,
    Path((tenant_id, campaign_id)): Path<(String, String)>,
    Json(body): Json<Invitee>,
) -> ApiResult<Json<Message>> {
    let store = &context.store;
    let person = invite::checked_person(&body.email, &body.first_name, &body.last_name)?;
    spend(&context, &[(&ratelimit::MAIL_PER_CLIENT, &client.0), (&SIGN_UPS_PER_DEPLOYMENT, DEPLOYMENT)]).await?;
    let parts = open_campaign(&context, &tenant_id, &campaign_id).await?;
    // Past the limit the answer stays the same; only no more mail goes to the address.
    if ratelimit::hit(store, &ratelimit::MAIL_PER_ADDRESS, &person.email).await?.is_limited() {
        tracing::warn!("open-campaign registration: mail limit of an address reached");
        return Ok(Message::new(ANSWER));
    }
    let contributor = invite::contributor_for(&context, &tenant_id, &person).await?;
    match storyhive_shared::contributors::repo::membership(store, &tenant_id, &campaign_id, &contributor.contributor_id)
        .await?
    {
        // Already registered: a new link (a revoked one stays revoked, a suspended
        // contributor gets nothing).
        Some(membership) => {
            if !contributor.is_suspended && membership.invite_key_hash.is_some() {
                invite::send_new_link(&context, &membership, &parts, invite::AskedBy::Collaborator).await?;
            }
        }
        None => {
            invite::invite(&context, &tenant_id, &campaign_id, &person, invite::AskedBy::Collaborator).await?;
        }
    }
    Ok(Message::new(ANSWER))
}
