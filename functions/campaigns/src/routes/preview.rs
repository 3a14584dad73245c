//! What a contributor's link shows, without a staff token.

use axum::extract::State;
use storyhive_shared::{
    campaigns::{
        dto::CampaignPreview,
        records::CampaignStatus,
        repo::{CampaignParts, TenantCatalog},
        rules,
    },
    error::ErrorDetail,
    http::{Json, Path},
    model::TenantStatus,
    ApiError, ApiResult, AppContext,
};

/// A live campaign as its contributors see it. Drafts, expired and deleted campaigns
/// (and unknown ids) all answer 404, so the address reveals nothing.
#[utoipa::path(get, path = "/campaign/preview/{tenantId}/{campaignId}", tag = "campaigns",
    params(("tenantId" = String, Path), ("campaignId" = String, Path)),
    responses((status = 200, body = CampaignPreview), (status = 404, body = ErrorDetail)))]
pub async fn preview(
    State(context): State<AppContext>,
    Path((tenant_id, campaign_id)): Path<(String, String)>,
) -> ApiResult<Json<CampaignPreview>> {
    let not_available = || ApiError::NotFound(rules::CAMPAIGN_NOT_AVAILABLE.into());
    let plausible = |id: &str| !id.is_empty() && id.len() <= 64 && id.bytes().all(|b| b.is_ascii_alphanumeric());
    if !plausible(&tenant_id) || !plausible(&campaign_id) {
        return Err(not_available());
    }
    let (parts, catalog) = tokio::try_join!(
        async { Ok::<_, ApiError>(CampaignParts::load(&context.store, &tenant_id, &campaign_id).await?) },
        async { Ok::<_, ApiError>(TenantCatalog::load(&context.store, &tenant_id).await?) },
    )?;
    let (Some(parts), Some(tenant)) = (parts, catalog.tenant.as_ref()) else {
        return Err(not_available());
    };
    if tenant.status != TenantStatus::Active
        || !catalog.has_initiative(&parts.campaign.initiative_id)
        || rules::effective_status(&parts.campaign, rules::today()) != CampaignStatus::Live
    {
        return Err(not_available());
    }
    Ok(Json(parts.preview(Some(tenant))))
}
