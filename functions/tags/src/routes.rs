//! The tags handlers.

use axum::{extract::State, http::StatusCode};
use storyhive_shared::{
    auth::Principal,
    campaigns::{
        dto::Tag,
        records::{CampaignRecord, NameClaim, TagLinkRecord, TagRecord},
        repo, rules, write,
    },
    error::ErrorBody,
    http::{Json, Message},
    model,
    permissions::Permission,
    storage::{keys, Query, StoreError},
    ApiError, ApiResult, AppContext,
};

use crate::dto::*;

const TAG: &str = "tags";
const TAG_TAKEN: &str = "This tag already exists";
const NOT_FOUND: &str = "Tag not found";

/// The organisation's tags, by name.
#[utoipa::path(get, path = "/tags/all-tags", tag = TAG, security(("staffToken" = ["UseStaffApp"])),
    responses((status = 200, body = [Tag]), (status = 401, body = ErrorBody)))]
pub async fn all_tags(State(context): State<AppContext>, principal: Principal) -> ApiResult<Json<Vec<Tag>>> {
    principal.require(Permission::UseStaffApp)?;
    let tags = repo::tags(&context.store, &principal.tenant_id).await?;
    Ok(Json(tags.iter().filter(|t| !t.deleting).map(Tag::from).collect()))
}

/// Create a tag (names are unique within the organisation, whatever their case).
#[utoipa::path(post, path = "/tags/add", tag = TAG, security(("staffToken" = ["UseStaffApp"])), request_body = AddTag,
    responses((status = 201, body = Tag), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn add_tag(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<AddTag>,
) -> ApiResult<(StatusCode, Json<Tag>)> {
    principal.require(Permission::UseStaffApp)?;
    let name = rules::bounded(&body.name, rules::TAG_NAME_MAX, rules::TAG_REQUIRED, rules::TAG_TOO_LONG)
        .map_err(|m| ApiError::field("name", m))?;
    let id = model::new_id();
    let key = keys::tag(&principal.tenant_id, &id);
    let record = TagRecord {
        pk: key.pk,
        sk: key.sk,
        entity_type: TagRecord::ENTITY.into(),
        tenant_id: principal.tenant_id.clone(),
        tag_id: id.clone(),
        name: name.clone(),
        created_at: model::timestamp(model::now()),
        deleting: false,
    };
    let store = &context.store;
    let claim = NameClaim::new(keys::tag_name(&principal.tenant_id, &name), &id);
    match store.transact(vec![store.put_new_op(&claim)?, store.put_new_op(&record)?]).await {
        Ok(()) => Ok((StatusCode::CREATED, Json(Tag::from(&record)))),
        Err(StoreError::ConditionFailed) => Err(ApiError::Conflict(TAG_TAKEN.into())),
        Err(other) => Err(other.into()),
    }
}

/// Delete a tag and remove it from every campaign that uses it.
#[utoipa::path(delete, path = "/tags/delete", tag = TAG, security(("staffToken" = ["UseStaffApp"])), request_body = DeleteTag,
    responses(
        (status = 200, body = Message),
        (status = 404, body = ErrorBody),
        (status = 409, description = "A campaign using the tag kept being edited: try again", body = ErrorBody),
    ))]
pub async fn delete_tag(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<DeleteTag>,
) -> ApiResult<Json<Message>> {
    principal.require(Permission::UseStaffApp)?;
    let store = &context.store;
    let tenant_id = &principal.tenant_id;
    let tag = store
        .get::<TagRecord>(&keys::tag(tenant_id, &body.id))
        .await?
        .ok_or_else(|| ApiError::NotFound(NOT_FOUND.into()))?;
    // Marked first: from now on no campaign can be given this tag (adding a tag checks
    // that it is not being deleted), so the links read below are all there will be.
    store
        .update::<TagRecord>(&keys::tag(tenant_id, &tag.tag_id), |u| {
            u.update_expression("SET deleting = :yes")
                .condition_expression("attribute_exists(PK)")
                .expression_attribute_values(":yes", storyhive_shared::storage::AttributeValue::Bool(true))
        })
        .await
        .map_err(|e| match e {
            StoreError::ConditionFailed => ApiError::NotFound(NOT_FOUND.into()),
            other => other.into(),
        })?;
    // Untag campaigns (a few at a time) and delete the tag last: an interrupted run can be
    // repeated.
    let links: Vec<TagLinkRecord> =
        store.query(Query::partition(keys::tag_links_partition(tenant_id, &tag.tag_id))).await?;
    let campaign_ids: Vec<String> = links.iter().map(|l| l.campaign_id.clone()).collect();
    let (context_ref, tag_id) = (&context, tag.tag_id.as_str());
    repo::each_concurrently(campaign_ids, |campaign_id| async move {
        untag(context_ref, tenant_id, &campaign_id, tag_id).await
    })
    .await?;
    let link_keys: Vec<keys::Key> =
        links.iter().map(|l| keys::tag_link(tenant_id, &tag.tag_id, &l.campaign_id)).collect();
    store.delete_many(&link_keys).await?;
    store
        .transact(vec![
            store.delete_op(&keys::tag_name(tenant_id, &tag.name))?,
            store.delete_op(&keys::tag(tenant_id, &tag.tag_id))?,
        ])
        .await?;
    Ok(Message::new("Tag deleted successfully"))
}

/// Removes the tag from one campaign, retrying if the campaign is being edited meanwhile.
async fn untag(context: &AppContext, tenant_id: &str, campaign_id: &str, tag_id: &str) -> ApiResult<()> {
    for _attempt in 0..5 {
        let Some(campaign) = context.store.get::<CampaignRecord>(&keys::campaign(tenant_id, campaign_id)).await? else {
            return Ok(());
        };
        if !campaign.tag_ids.iter().any(|t| t == tag_id) {
            return Ok(());
        }
        if write::tag_removed(&context.store, &campaign, tag_id).await? {
            return Ok(());
        }
    }
    Err(ApiError::Conflict("A campaign using this tag is being edited. Please try again.".into()))
}
