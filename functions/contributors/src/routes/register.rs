//! Open ("evergreen", public) campaigns: a visitor asks for their own link by e-mail.

use axum::extract::State;
use storyhive_shared::{
    campaigns::{
        records::{CampaignStatus, CampaignType, Visibility},
        repo::{CampaignParts, TenantCatalog},
        rules as campaign_rules,
    },
    error::{ErrorDetail, FieldError},
    http::{Json, Message, Path},
    ApiError, ApiResult, AppContext,
};

use super::dto::Invitee;
use crate::invite;

const ANSWER: &str = "Check your inbox: we have sent you your personal link to this campaign";

/// Register for an open campaign with name and e-mail; the personal link is sent by
/// e-mail only (so nobody can open someone else's answers by typing their address).
#[utoipa::path(post, path = "/contributor/register/{tenantId}/{campaignId}", tag = "contributor journey",
    params(("tenantId" = String, Path), ("campaignId" = String, Path)), request_body = Invitee,
    responses((status = 200, body = Message), (status = 400, body = [FieldError]), (status = 404, body = ErrorDetail)))]
pub async fn register_for_open_campaign(
    State(context): State<AppContext>,
    Path((tenant_id, campaign_id)): Path<(String, String)>,
    Json(body): Json<Invitee>,
) -> ApiResult<Json<Message>> {
    let not_open = || ApiError::NotFound(campaign_rules::CAMPAIGN_NOT_AVAILABLE.into());
    let plausible = |id: &str| !id.is_empty() && id.len() <= 64 && id.bytes().all(|b| b.is_ascii_alphanumeric());
    if !plausible(&tenant_id) || !plausible(&campaign_id) {
        return Err(not_open());
    }
    let person = invite::checked_person(&body.email, &body.first_name, &body.last_name)?;
    let (parts, catalog) = tokio::try_join!(
        async { Ok::<_, ApiError>(CampaignParts::load(&context.store, &tenant_id, &campaign_id).await?) },
        async { Ok::<_, ApiError>(TenantCatalog::load(&context.store, &tenant_id).await?) },
    )?;
    let parts = parts.ok_or_else(not_open)?;
    let campaign = &parts.campaign;
    let open = campaign.campaign_type == CampaignType::Evergreen
        && campaign.visibility == Visibility::Public
        && campaign_rules::effective_status(campaign, campaign_rules::today()) == CampaignStatus::Live
        && catalog.has_initiative(&campaign.initiative_id);
    if !open {
        return Err(not_open());
    }
    let contributor = invite::contributor_for(&context, &tenant_id, &person).await?;
    match parts.memberships.iter().find(|m| m.contributor_id == contributor.contributor_id) {
        // Already registered: send their link again (a revoked one stays revoked).
        Some(membership) => {
            let company = catalog.tenant.as_ref().and_then(|t| t.company_name.clone());
            if !contributor.is_suspended {
                if let Some(mail) = invite::invitation_mail(&context, membership, &campaign.title, company) {
                    context.mail.send(&mail).await?;
                }
            }
        }
        None => {
            invite::invite(&context, &tenant_id, &campaign_id, &person).await?;
        }
    }
    Ok(Message::new(ANSWER))
}
