//! Staff taking part in a campaign. The super admin is never listed (spec section 3).

use axum::extract::State;
use storyhive_shared::{
    auth::Principal,
    campaigns::{
        records::ParticipantRecord,
        repo::{self, CampaignParts},
    },
    error::ErrorBody,
    http::{Json, Message, Path},
    model::{self, UserRecord},
    permissions::{Permission, Role},
    staff::UserListItem,
    storage::keys,
    ApiError, ApiResult, AppContext,
};

use crate::dto::*;

const TAG: &str = "campaigns";

fn candidates(users: &[UserRecord]) -> impl Iterator<Item = &UserRecord> {
    users.iter().filter(|u| u.role.is_staff() && u.role != Role::SuperAdmin)
}

fn list(parts: &CampaignParts, users: &[UserRecord]) -> ParticipantList {
    let participants = repo::participants(&parts.participants, users);
    let available = candidates(users)
        .filter(|u| !parts.participants.iter().any(|p| p.user_id == u.user_id))
        .map(UserListItem::from)
        .collect();
    ParticipantList { participants, available }
}

use super::edit::load;

/// Who takes part, and who could be added.
#[utoipa::path(get, path = "/campaign/CampaignParticipantList/{campaignId}", tag = TAG, security(("staffToken" = ["UseStaffApp"])),
    params(("campaignId" = String, Path)),
    responses((status = 200, body = ParticipantList), (status = 404, body = ErrorBody)))]
pub async fn participant_list(
    State(context): State<AppContext>,
    principal: Principal,
    Path(campaign_id): Path<String>,
) -> ApiResult<Json<ParticipantList>> {
    principal.require(Permission::UseStaffApp)?;
    let (parts, users) = tokio::try_join!(
        async { Ok::<_, ApiError>(load(&context, &principal.tenant_id, &campaign_id).await?.0) },
        async { Ok::<_, ApiError>(repo::users(&context.store, &principal.tenant_id).await?) },
    )?;
    Ok(Json(list(&parts, &users)))
}

/// Add staff of the organisation to the campaign.
#[utoipa::path(post, path = "/campaign/add-participants", tag = TAG, security(("staffToken" = ["UseStaffApp"])), request_body = AddParticipants,
    responses((status = 200, body = ParticipantList), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn add_participants(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<AddParticipants>,
) -> ApiResult<Json<ParticipantList>> {
    principal.require(Permission::UseStaffApp)?;
    let tenant_id = &principal.tenant_id;
    let (parts, _) = load(&context, tenant_id, &body.campaign_id).await?;
    let users = repo::users(&context.store, tenant_id).await?;
    if body.user_ids.is_empty() {
        return Err(ApiError::field("userIds", "Please select at least one participant"));
    }
    let at = model::timestamp(model::now());
    let mut ops = Vec::new();
    let mut asked: Vec<&storyhive_shared::ids::Id> = Vec::new();
    for user_id in &body.user_ids {
        // A user named twice is added once.
        if asked.contains(&user_id) {
            continue;
        }
        asked.push(user_id);
        if !candidates(&users).any(|u| u.user_id == *user_id) {
            return Err(ApiError::field("userIds", "Participants must be staff members of your organisation"));
        }
        if !parts.participants.iter().any(|p| p.user_id == *user_id) {
            ops.push(context.store.put_op(&ParticipantRecord::new(
                tenant_id,
                &parts.campaign.campaign_id,
                user_id,
                at.clone(),
            ))?);
        }
    }
    for chunk in ops.chunks(100) {
        context.store.transact(chunk.to_vec()).await?;
    }
    let (parts, _) = load(&context, tenant_id, &parts.campaign.campaign_id).await?;
    Ok(Json(list(&parts, &users)))
}

/// Remove a staff member from the campaign.
#[utoipa::path(delete, path = "/campaign/remove-participants/{campaignId}/{userRoleId}", tag = TAG, security(("staffToken" = ["UseStaffApp"])),
    params(("campaignId" = String, Path), ("userRoleId" = String, Path, description = "The participant's user id")),
    responses((status = 200, body = Message), (status = 404, body = ErrorBody)))]
pub async fn remove_participant(
    State(context): State<AppContext>,
    principal: Principal,
    Path((campaign_id, user_id)): Path<(String, String)>,
) -> ApiResult<Json<Message>> {
    principal.require(Permission::UseStaffApp)?;
    let (parts, _) = load(&context, &principal.tenant_id, &campaign_id).await?;
    if !parts.participants.iter().any(|p| p.user_id == user_id) {
        return Err(ApiError::NotFound("This person does not take part in the campaign".into()));
    }
    context.store.delete(&keys::participant(&principal.tenant_id, &campaign_id, &user_id)).await?;
    Ok(Message::new("Participant removed successfully"))
}
