//! What a contributor's link shows, without a staff token.

use axum::extract::State;
use storyhive_shared::{
    campaigns::{
        dto::CampaignPreview,
        records::{CampaignRecord, CampaignStatus, LifecycleStatus},
        repo::{self, CampaignParts},
        rules,
    },
    error::ErrorBody,
    http::{Json, Path},
    model::TenantStatus,
    storage::keys,
    ApiError, ApiResult, AppContext,
};

/// A live campaign as its contributors see it. Drafts, expired and deleted campaigns
/// (and unknown ids) all answer 404, so the address reveals nothing.
#[utoipa::path(get, path = "/campaign/preview/{tenantId}/{campaignId}", tag = "campaigns",
    params(("tenantId" = String, Path), ("campaignId" = String, Path)),
    responses((status = 200, body = CampaignPreview), (status = 404, body = ErrorBody)))]
pub async fn preview(
    State(context): State<AppContext>,
    Path((tenant_id, campaign_id)): Path<(String, String)>,
) -> ApiResult<Json<CampaignPreview>> {
    let not_available = || ApiError::NotFound(rules::CAMPAIGN_NOT_AVAILABLE.into());
    let store = &context.store;
    let campaign = store
        .get::<CampaignRecord>(&keys::campaign(&tenant_id, &campaign_id))
        .await?
        .filter(|c| c.lifecycle == LifecycleStatus::Active)
        .ok_or_else(not_available)?;
    let (parts, tenant, initiative) = tokio::try_join!(
        CampaignParts::for_contributor(store, campaign.clone()),
        repo::tenant(store, &tenant_id),
        repo::active_initiative(store, &tenant_id, &campaign.initiative_id),
    )?;
    let Some(tenant) = tenant else {
        return Err(not_available());
    };
    if tenant.status != TenantStatus::Active
        || initiative.is_none()
        || rules::effective_status(&parts.campaign, rules::today()) != CampaignStatus::Live
    {
        return Err(not_available());
    }
    let mut preview = parts.preview(Some(&tenant));
    preview.company_logo =
        storyhive_shared::organisation::files::read_url_of(&context, tenant.company_logo.as_deref()).await?;
    Ok(Json(preview))
}
