//! "Preview as contributor": staff see a campaign through a collaborator's pages
//! (landing page, questions, studio) before anyone is invited. The views are built by
//! the same code as an invited collaborator's, for a collaborator who exists only in
//! this answer, so the preview cannot drift from what people will see.

use axum::extract::State;
use storyhive_shared::{
    auth::Principal,
    campaigns::repo::CampaignParts,
    contributors::records::{MembershipRecord, VideoConfig},
    error::ErrorBody,
    http::{Json, Path},
    model,
    permissions::Permission,
    storage::keys,
    ApiResult, AppContext,
};

use super::journey::contributor_campaign;
use crate::dto::ContributorPreview;
use crate::service::views;

const TAG: &str = "contributors";

/// The id of the collaborator a preview shows. It cannot be a real one: ids are UUIDs.
pub const PREVIEW_CONTRIBUTOR_ID: &str = "preview";

/// The membership of the previewing staff member, as an invitation would make it.
fn preview_membership(principal: &Principal, parts: &CampaignParts) -> MembershipRecord {
    let tenant_id = &parts.campaign.tenant_id;
    let campaign_id = &parts.campaign.campaign_id;
    let key = keys::membership(tenant_id, campaign_id, PREVIEW_CONTRIBUTOR_ID);
    let at = model::timestamp(model::now());
    MembershipRecord {
        pk: key.pk,
        sk: key.sk,
        gsi1pk: keys::campaigns_of_contributor_gsi1(tenant_id, PREVIEW_CONTRIBUTOR_ID),
        gsi1sk: campaign_id.clone(),
        entity_type: MembershipRecord::ENTITY.into(),
        tenant_id: tenant_id.clone(),
        campaign_id: campaign_id.clone(),
        contributor_id: PREVIEW_CONTRIBUTOR_ID.into(),
        email: principal.email.clone(),
        first_name: principal.user.first_name.clone().unwrap_or_default(),
        last_name: principal.user.last_name.clone().unwrap_or_default(),
        invite_key_hash: None,
        invited_at: at.clone(),
        details_submitted: false,
        started_journey: false,
        started_at: None,
        submitted_at: None,
        opened_at: None,
        first_answer_at: None,
        first_submitted_at: None,
        video_config: VideoConfig::default(),
        answered_count: 0,
        updated_at: at,
    }
}

/// The campaign as an invited collaborator's pages show it (its script included), for
/// a collaborator who has not started. Drafts too: staff check a campaign before it
/// goes live. Reads only.
#[utoipa::path(get, path = "/contributor/{campaignId}/preview", tag = TAG, security(("staffToken" = ["UseStaffApp"])),
    params(("campaignId" = String, Path)),
    responses(
        (status = 200, body = ContributorPreview),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    ))]
pub async fn contributor_preview(
    State(context): State<AppContext>,
    principal: Principal,
    Path(campaign_id): Path<String>,
) -> ApiResult<Json<ContributorPreview>> {
    principal.require(Permission::UseStaffApp)?;
    let (parts, _) = CampaignParts::require_visible(&context.store, &principal.tenant_id, &campaign_id).await?;
    let membership = preview_membership(&principal, &parts);
    let campaign = contributor_campaign(&context, &parts, &membership, false).await?;
    let journey = views::journey(&context, &parts, &membership, &[]).await?;
    Ok(Json(ContributorPreview { campaign, journey }))
}
