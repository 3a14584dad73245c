//! Creating, reading, editing, publishing and deleting one campaign.

use axum::{extract::State, http::StatusCode};
use storyhive_shared::{
    auth::Principal,
    campaigns::{
        dto::Campaign,
        listing,
        records::{
            CampaignRecord, CampaignStatus, CampaignTextRecord, LifecycleStatus, ParticipantRecord, TagLinkRecord,
        },
        repo::{self, CampaignParts, TenantCatalog},
        rules,
    },
    cascade::{self, CascadeJob},
    error::ErrorBody,
    http::{Json, Message, Path},
    model,
    permissions::Permission,
    storage::{keys, StoreError},
    validation::Errors,
    ApiError, ApiResult, AppContext,
};

use crate::dto::*;
use storyhive_shared::campaigns::write;

const TAG: &str = "campaigns";

async fn campaign_dto(context: &AppContext, tenant_id: &str, campaign_id: &str) -> ApiResult<Campaign> {
    let (parts, catalog) = load(context, tenant_id, campaign_id).await?;
    let users = parts.participant_users(&context.store).await?;
    Ok(parts.to_dto(&catalog, &users, rules::today()))
}

/// The campaign and the names it shows; a campaign whose initiative is being deleted
/// is already gone.
pub async fn load(
    context: &AppContext,
    tenant_id: &str,
    campaign_id: &str,
) -> ApiResult<(CampaignParts, TenantCatalog)> {
    CampaignParts::require_visible(&context.store, tenant_id, campaign_id).await
}

/// One campaign with its brief, script, questions and participants.
#[utoipa::path(get, path = "/campaign/{id}", tag = TAG, security(("staffToken" = ["UseStaffApp"])), params(("id" = String, Path)),
    responses((status = 200, body = Campaign), (status = 404, body = ErrorBody)))]
pub async fn get_campaign(
    State(context): State<AppContext>,
    principal: Principal,
    Path(id): Path<String>,
) -> ApiResult<Json<Campaign>> {
    principal.require(Permission::UseStaffApp)?;
    Ok(Json(campaign_dto(&context, &principal.tenant_id, &id).await?))
}

/// Create a draft campaign in an initiative. The creator takes part in it.
#[utoipa::path(post, path = "/campaign/add", tag = TAG, security(("staffToken" = ["UseStaffApp"])), request_body = AddCampaign,
    responses(
        (status = 201, body = Campaign),
        (status = 400, description = "Invalid fields, in the spec's words", body = ErrorBody),
    ))]
pub async fn add_campaign(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<AddCampaign>,
) -> ApiResult<(StatusCode, Json<Campaign>)> {
    principal.require(Permission::UseStaffApp)?;
    let tenant_id = &principal.tenant_id;
    let store = &context.store;
    let initiative_id = body.initiative_id.as_str().to_string();
    let (initiative, tags) = tokio::try_join!(
        async {
            match initiative_id.is_empty() {
                true => Ok(None),
                false => repo::active_initiative(store, tenant_id, &initiative_id).await,
            }
        },
        repo::tags(store, tenant_id),
    )?;
    let mut errors = Errors::default();
    if initiative_id.is_empty() {
        errors.add("initiativeId", rules::INITIATIVE_REQUIRED);
    } else if initiative.is_none() {
        errors.add("initiativeId", write::UNKNOWN_INITIATIVE);
    }
    let title = errors
        .check("title", rules::bounded(&body.title, rules::TITLE_MAX, rules::TITLE_REQUIRED, rules::TITLE_TOO_LONG));
    let description = errors.check(
        "description",
        rules::bounded(
            &body.description,
            rules::DESCRIPTION_MAX,
            rules::DESCRIPTION_REQUIRED,
            rules::DESCRIPTION_TOO_LONG,
        ),
    );
    let campaign_type = errors.check("type", body.campaign_type.ok_or(rules::TYPE_REQUIRED));
    let visibility = errors.check("visibility", body.visibility.ok_or(rules::VISIBILITY_REQUIRED));
    let mode = errors.check("mode", body.mode.ok_or(rules::MODE_REQUIRED));
    let deadline = body.deadline.as_deref().map(str::trim).filter(|d| !d.is_empty());
    let expiry = body.expiry_date.as_deref().map(str::trim).filter(|d| !d.is_empty());
    if let Some(campaign_type) = campaign_type {
        for (field, message) in rules::check_dates(campaign_type, deadline, expiry, true, rules::today()) {
            errors.add(field, message);
        }
    }
    let tag_ids: Vec<String> = body.tags.iter().map(|t| t.to_string()).collect();
    let tags = errors.check("tags", write::checked_tags(&tag_ids, &tags));
    let reminders = body.reminders.unwrap_or_default();
    for (field, message) in rules::check_reminders(&reminders) {
        errors.add(field, message);
    }
    errors.finish()?;
    let (Some(title), Some(description), Some(campaign_type), Some(visibility), Some(mode), Some(tags)) =
        (title, description, campaign_type, visibility, mode, tags)
    else {
        unreachable!("validated above")
    };

    let at = model::timestamp(model::now());
    let campaign_id = model::new_id();
    let key = keys::campaign(tenant_id, &campaign_id);
    let campaign = CampaignRecord {
        pk: key.pk,
        sk: key.sk,
        gsi1pk: keys::campaigns_of_tenant_gsi1(tenant_id),
        gsi1sk: format!("{at}#{campaign_id}"),
        gsi2pk: keys::campaigns_of_initiative_gsi2(tenant_id, &initiative_id),
        gsi2sk: campaign_id.clone(),
        entity_type: CampaignRecord::ENTITY.into(),
        tenant_id: tenant_id.clone(),
        campaign_id: campaign_id.clone(),
        initiative_id: initiative_id.clone(),
        title,
        description,
        campaign_type,
        visibility,
        mode,
        language: body.language.unwrap_or_default(),
        status: CampaignStatus::Draft,
        lifecycle: LifecycleStatus::Active,
        deadline: deadline.map(str::to_string),
        expiry_date: expiry.map(str::to_string),
        tag_ids: tags.clone(),
        made_live: false,
        made_live_at: None,
        video_count: 0,
        questions_version: 0,
        created_by: principal.user_id.clone(),
        created_at: at.clone(),
        updated_at: at.clone(),
        version: 1,
        reminders,
    };
    let mut ops = vec![write::initiative_count_op(&context, tenant_id, &initiative_id, 1, true)?];
    for tag_id in &tags {
        ops.push(store.put_op(&TagLinkRecord::new(tenant_id, tag_id, &campaign_id))?);
        ops.push(write::tag_exists_op(&context, tenant_id, tag_id)?);
    }
    ops.extend(listing::index_ops(store, None, Some(&campaign))?);
    // The creator takes part (a super admin too: participant lists never show them, and
    // their personal dashboard finds the campaign through it). An integration (an API
    // key) is no staff member: it takes no part; `createdBy` names its key.
    if !principal.is_integration() {
        ops.push(store.put_op(&ParticipantRecord::new(tenant_id, &campaign_id, &principal.user_id, at))?);
    }
    match write::created(store, &campaign, ops).await {
        Ok(()) => {}
        // The initiative or a tag was deleted meanwhile.
        Err(StoreError::ConditionFailed) => {
            return Err(ApiError::Conflict(
                "The initiative or a tag was deleted in the meantime. Please choose again.".into(),
            ))
        }
        Err(other) => return Err(other.into()),
    }
    write::settle_after_write(&context, tenant_id).await;
    Ok((StatusCode::CREATED, Json(campaign_dto(&context, tenant_id, &campaign_id).await?)))
}

/// Edit a campaign's fields. Send the `version` last read: if someone saved meanwhile,
/// the answer is 409 and nothing changes.
#[utoipa::path(put, path = "/campaign/update", tag = TAG, security(("staffToken" = ["UseStaffApp"])), request_body = UpdateCampaign,
    responses(
        (status = 200, body = Campaign),
        (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "Changed meanwhile", body = ErrorBody),
    ))]
pub async fn update_campaign(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<UpdateCampaign>,
) -> ApiResult<Json<Campaign>> {
    principal.require(Permission::UseStaffApp)?;
    let tenant_id = &principal.tenant_id;
    let (parts, _) = load(&context, tenant_id, &body.id).await?;
    let before = parts.campaign;
    write::check_version(&before, body.version)?;
    let mut campaign = before.clone();
    let mut errors = Errors::default();
    if let Some(title) = &body.title {
        if let Some(title) =
            errors.check("title", rules::bounded(title, rules::TITLE_MAX, rules::TITLE_REQUIRED, rules::TITLE_TOO_LONG))
        {
            campaign.title = title;
        }
    }
    if let Some(description) = &body.description {
        if let Some(description) = errors.check(
            "description",
            rules::bounded(
                description,
                rules::DESCRIPTION_MAX,
                rules::DESCRIPTION_REQUIRED,
                rules::DESCRIPTION_TOO_LONG,
            ),
        ) {
            campaign.description = description;
        }
    }
    campaign.campaign_type = body.campaign_type.unwrap_or(campaign.campaign_type);
    campaign.visibility = body.visibility.unwrap_or(campaign.visibility);
    campaign.mode = body.mode.unwrap_or(campaign.mode);
    campaign.language = body.language.unwrap_or(campaign.language);
    let cleared = |value: &String| Some(value.trim().to_string()).filter(|v| !v.is_empty());
    if let Some(deadline) = &body.deadline {
        campaign.deadline = cleared(deadline);
    }
    if let Some(expiry) = &body.expiry_date {
        campaign.expiry_date = cleared(expiry);
    }
    if let Some(reminders) = body.reminders {
        for (field, message) in rules::check_reminders(&reminders) {
            errors.add(field, message);
        }
        campaign.reminders = reminders;
    }
    let expiry_changed = campaign.expiry_date != before.expiry_date;
    for (field, message) in rules::check_dates(
        campaign.campaign_type,
        campaign.deadline.as_deref(),
        campaign.expiry_date.as_deref(),
        expiry_changed,
        rules::today(),
    ) {
        errors.add(field, message);
    }
    if let Some(tags) = &body.tags {
        let tag_ids: Vec<String> = tags.iter().map(|t| t.to_string()).collect();
        let known = repo::tags(&context.store, tenant_id).await?;
        if let Some(tags) = errors.check("tags", write::checked_tags(&tag_ids, &known)) {
            campaign.tag_ids = tags;
        }
    }
    let mut extra = Vec::new();
    if let Some(initiative_id) = body.initiative_id.as_deref().filter(|i| *i != before.initiative_id) {
        if repo::active_initiative(&context.store, tenant_id, initiative_id).await?.is_none() {
            errors.add("initiativeId", write::UNKNOWN_INITIATIVE);
        } else if before.status != CampaignStatus::Draft {
            // Videos are stored under the initiative; a campaign that may have them stays put.
            errors.add("initiativeId", "The initiative can only be changed while the campaign is a draft");
        } else {
            campaign.initiative_id = initiative_id.to_string();
            campaign.gsi2pk = keys::campaigns_of_initiative_gsi2(tenant_id, initiative_id);
            extra.push(write::initiative_count_op(&context, tenant_id, initiative_id, 1, true)?);
            extra.push(write::initiative_count_op(&context, tenant_id, &before.initiative_id, -1, false)?);
        }
    }
    errors.finish()?;
    extra.extend(write::tag_link_ops(&context, tenant_id, &campaign.campaign_id, &before.tag_ids, &campaign.tag_ids)?);
    write::save(&context, &before, &mut campaign, extra).await?;
    // Who is reminded when follows the campaign's settings and dates.
    if storyhive_shared::contributors::reminders::schedule_changed(&before, &campaign) {
        storyhive_shared::contributors::reminders::rescheduled(&context.store, &campaign).await?;
    }
    Ok(Json(campaign_dto(&context, tenant_id, &campaign.campaign_id).await?))
}

async fn save_text(
    context: &AppContext,
    principal: &Principal,
    campaign_id: &str,
    version: u64,
    kind: &str,
    field: &str,
    text: &str,
) -> ApiResult<Campaign> {
    rules::check_editor_text(text).map_err(|m| ApiError::field(field, m))?;
    let tenant_id = &principal.tenant_id;
    let parts = CampaignParts::require(&context.store, tenant_id, campaign_id).await?;
    let before = parts.campaign;
    write::check_version(&before, version)?;
    let mut campaign = before.clone();
    let key = keys::campaign_text(tenant_id, &campaign.campaign_id, kind);
    let record = CampaignTextRecord {
        pk: key.pk,
        sk: key.sk,
        entity_type: format!("Campaign{}", if kind == CampaignTextRecord::BRIEF { "Brief" } else { "Script" }),
        text: rules::escape_emoji(text),
        updated_at: model::timestamp(model::now()),
        updated_by: principal.user_id.clone(),
    };
    let text_op = context.store.put_op(&record)?;
    write::save(context, &before, &mut campaign, vec![text_op]).await?;
    campaign_dto(context, tenant_id, &campaign.campaign_id).await
}

/// Save the campaign's brief (required).
#[utoipa::path(post, path = "/campaign/add-brief", tag = TAG, security(("staffToken" = ["UseStaffApp"])), request_body = SaveBrief,
    responses((status = 200, body = Campaign), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn add_brief(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<SaveBrief>,
) -> ApiResult<Json<Campaign>> {
    principal.require(Permission::UseStaffApp)?;
    if is_blank_html(&body.brief) {
        return Err(ApiError::field("brief", rules::BRIEF_REQUIRED));
    }
    Ok(Json(
        save_text(
            &context,
            &principal,
            &body.campaign_id,
            body.version,
            CampaignTextRecord::BRIEF,
            "brief",
            &body.brief,
        )
        .await?,
    ))
}

/// Auto-save of the brief while it is typed (may be empty).
#[utoipa::path(post, path = "/campaign/auto-save-brief", tag = TAG, security(("staffToken" = ["UseStaffApp"])), request_body = SaveBrief,
    responses((status = 200, body = Campaign), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn auto_save_brief(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<SaveBrief>,
) -> ApiResult<Json<Campaign>> {
    principal.require(Permission::UseStaffApp)?;
    Ok(Json(
        save_text(
            &context,
            &principal,
            &body.campaign_id,
            body.version,
            CampaignTextRecord::BRIEF,
            "brief",
            &body.brief,
        )
        .await?,
    ))
}

/// Save the campaign's script (emoji are escaped in storage and restored on load).
#[utoipa::path(post, path = "/campaign/save-script", tag = TAG, security(("staffToken" = ["UseStaffApp"])), request_body = SaveScript,
    responses((status = 200, body = Campaign), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn save_script(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<SaveScript>,
) -> ApiResult<Json<Campaign>> {
    principal.require(Permission::UseStaffApp)?;
    Ok(Json(
        save_text(
            &context,
            &principal,
            &body.campaign_id,
            body.version,
            CampaignTextRecord::SCRIPT,
            "script",
            &body.script,
        )
        .await?,
    ))
}

/// Rich text with no visible text (`<p></p>`, spaces).
fn is_blank_html(html: &str) -> bool {
    let mut inside_tag = false;
    let mut visible = String::new();
    for c in html.chars() {
        match c {
            '<' => inside_tag = true,
            '>' => inside_tag = false,
            _ if !inside_tag => visible.push(c),
            _ => {}
        }
    }
    visible.replace("&nbsp;", " ").trim().is_empty()
}

/// Publish: the campaign goes live and contributors' links open it.
#[utoipa::path(put, path = "/campaign/complete/{id}", tag = TAG, security(("staffToken" = ["UseStaffApp"])), params(("id" = String, Path)),
    responses(
        (status = 200, description = "'The campaign is now live'", body = Published),
        (status = 400, description = "What is missing", body = ErrorBody),
        (status = 404, body = ErrorBody),
    ))]
pub async fn complete(
    State(context): State<AppContext>,
    principal: Principal,
    Path(id): Path<String>,
) -> ApiResult<Json<Published>> {
    principal.require(Permission::UseStaffApp)?;
    let parts = CampaignParts::require(&context.store, &principal.tenant_id, &id).await?;
    if let Some(blocker) = write::publish_blockers(&parts, rules::today()).first() {
        return Err(ApiError::BadRequest((*blocker).into()));
    }
    let before = parts.campaign;
    let mut campaign = before.clone();
    if write::go_live(&mut campaign) {
        write::save(&context, &before, &mut campaign, Vec::new()).await?;
    }
    Ok(Json(Published {
        message: "The campaign is now live".into(),
        campaign: campaign_dto(&context, &principal.tenant_id, &campaign.campaign_id).await?,
    }))
}

/// Delete a campaign with its questions, participants and videos. It disappears at
/// once; its contents are removed in the background.
#[utoipa::path(delete, path = "/campaign/delete/{id}", tag = TAG, security(("staffToken" = ["UseStaffApp"])), params(("id" = String, Path)),
    responses((status = 200, body = Message), (status = 404, body = ErrorBody)))]
pub async fn delete_campaign(
    State(context): State<AppContext>,
    principal: Principal,
    Path(id): Path<String>,
) -> ApiResult<Json<Message>> {
    principal.require(Permission::UseStaffApp)?;
    let tenant_id = &principal.tenant_id;
    let store = &context.store;
    let campaign = store
        .get::<CampaignRecord>(&keys::campaign(tenant_id, &id))
        .await?
        .ok_or_else(|| ApiError::NotFound(rules::CAMPAIGN_NOT_FOUND.into()))?;
    let job = CascadeJob::DeleteCampaign { tenant_id: tenant_id.clone(), campaign_id: campaign.campaign_id.clone() };
    if campaign.lifecycle == LifecycleStatus::Active {
        // It disappears from every list now; the worker removes what it holds.
        let with = vec![
            write::initiative_count_op(&context, tenant_id, &campaign.initiative_id, -1, false)?,
            cascade::pending_op(store, &job)?,
        ];
        match write::marked_deleting(store, &campaign, with).await {
            Ok(_) => {}
            Err(StoreError::ConditionFailed) => return Err(ApiError::Conflict(rules::CAMPAIGN_CHANGED.into())),
            Err(other) => return Err(other.into()),
        }
    }
    // Also when it was already being deleted: a retried delete sends the job again (the
    // worker's steps are repeatable), so a lost message is never a dead end.
    cascade::send(&context.cascade, &job).await?;
    Ok(Message::new("Campaign deleted successfully"))
}

#[cfg(test)]
mod tests {
    #[test]
    fn blank_rich_text_is_recognised() {
        assert!(super::is_blank_html("<p></p>"));
        assert!(super::is_blank_html("<p> &nbsp; </p><ul><li></li></ul>"));
        assert!(!super::is_blank_html("<p>Hi</p>"));
    }
}

/// A campaign's collaborators from invitation to submission: invited, link opened, started,
/// first answer stored, submitted, and the median time to submit (one item read).
#[utoipa::path(get, path = "/campaign/funnel/{campaignId}", tag = TAG, security(("staffToken" = ["UseStaffApp"])),
    params(("campaignId" = String, Path)),
    responses((status = 200, body = storyhive_shared::contributors::funnel::Funnel), (status = 404, body = ErrorBody)))]
pub async fn campaign_funnel(
    State(context): State<AppContext>,
    principal: Principal,
    Path(campaign_id): Path<String>,
) -> ApiResult<Json<storyhive_shared::contributors::funnel::Funnel>> {
    principal.require(Permission::UseStaffApp)?;
    let store = &context.store;
    let tenant_id = &principal.tenant_id;
    let campaign_key = keys::campaign(tenant_id, &campaign_id);
    let (campaign, funnel) = tokio::try_join!(
        store.get::<CampaignRecord>(&campaign_key),
        storyhive_shared::contributors::funnel::of_campaign(store, tenant_id, &campaign_id),
    )?;
    if !campaign.is_some_and(|c| c.lifecycle == LifecycleStatus::Active) {
        return Err(ApiError::NotFound(rules::CAMPAIGN_NOT_FOUND.into()));
    }
    Ok(Json(funnel))
}
