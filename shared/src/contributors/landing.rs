//! What a contributor's invitation landing page shows of the organisation: its logo,
//! an encouragement video, and its terms and conditions with whether this contributor
//! accepted their current version.
//!
//! The encouragement video is that of the staff member who created the campaign (the
//! person contributors are answering), else the organisation's default.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    campaigns::records::CampaignRecord,
    model::{TenantRecord, UserRecord},
    organisation::{files::read_url_of, terms},
    storage::{from_item, keys},
    AppContext,
};

#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrganisationForContributor {
    /// Short-lived URL of the organisation's logo (JPEG).
    pub company_logo: Option<String>,
    /// Short-lived URL of the encouragement video: the campaign creator's own, else the
    /// organisation's default.
    pub encouragement_video: Option<String>,
    /// Short-lived URL of the terms and conditions (PDF), if the organisation has any.
    pub terms_n_conditions: Option<String>,
    pub terms_version: u32,
    /// The contributor accepted the current terms (when there are none: true unless they
    /// withdrew their consent).
    pub terms_accepted: bool,
    /// They withdrew their consent to publication (and give it again by accepting the terms).
    pub consent_withdrawn: bool,
    /// When they accepted the current version.
    pub terms_accepted_at: Option<String>,
}

/// One `BatchGetItem` (organisation, campaign creator) and one single-item Query (the
/// contributor's latest acceptance).
pub async fn for_contributor(
    context: &AppContext,
    campaign: &CampaignRecord,
    contributor_id: &str,
) -> anyhow::Result<OrganisationForContributor> {
    let store = &context.store;
    let tenant_key = keys::tenant(&campaign.tenant_id);
    let creator_key = keys::user(&campaign.tenant_id, &campaign.created_by);
    let both = [tenant_key.clone(), creator_key.clone()];
    let (mut items, latest, withdrawn) = tokio::try_join!(
        store.batch_get(&both),
        terms::latest_acceptance(store, &campaign.tenant_id, contributor_id),
        terms::consent_withdrawn(store, &campaign.tenant_id, contributor_id),
    )?;
    let Some(tenant) = items.remove(&(tenant_key.pk, tenant_key.sk)) else {
        return Ok(OrganisationForContributor { terms_accepted: true, ..Default::default() });
    };
    let tenant: TenantRecord = from_item(tenant)?;
    let creator: Option<UserRecord> = items.remove(&(creator_key.pk, creator_key.sk)).map(from_item).transpose()?;
    let video = creator
        .and_then(|c| c.encouragement_video)
        .filter(|v| !v.is_empty())
        .or_else(|| tenant.default_encouragement_video.clone());
    let accepted = !terms::needs_acceptance(&tenant, latest.as_ref(), withdrawn);
    Ok(OrganisationForContributor {
        company_logo: read_url_of(context, tenant.company_logo.as_deref()).await?,
        encouragement_video: read_url_of(context, video.as_deref()).await?,
        terms_n_conditions: read_url_of(context, tenant.terms_n_conditions.as_deref()).await?,
        terms_version: tenant.terms_version,
        terms_accepted: accepted,
        consent_withdrawn: withdrawn,
        terms_accepted_at: latest
            .filter(|a| tenant.terms_n_conditions.is_some() && a.version == tenant.terms_version)
            .map(|a| a.accepted_at),
    })
}
