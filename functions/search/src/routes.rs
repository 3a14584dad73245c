//! The search handlers: the filters' choices and the two searches.

use std::collections::HashMap;

use axum::extract::State;
use storyhive_shared::{
    auth::Principal,
    campaigns::{
        listing,
        records::{CampaignRecord, InitiativeRecord, LifecycleStatus, TagRecord},
    },
    contributors::records::ContributorRecord,
    error::ErrorBody,
    http::{Json, Query},
    permissions::Permission,
    storage::{keys, Query as StoreQuery},
    ApiError, ApiResult, AppContext,
};

use crate::{dto::*, service::*};

const TAG: &str = "search";

/// The choices of the search filters: campaigns and contributors a hundred at a time
/// (pass a list's `nextCursor` back for more), initiatives and tags by name.
#[utoipa::path(get, path = "/search/initialData", tag = TAG, security(("staffToken" = ["UseStaffApp"])),
    params(InitialDataParams),
    responses(
        (status = 200, body = InitialData),
        (status = 400, description = "A cursor that was not handed out", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
    ))]
pub async fn initial_data(
    State(context): State<AppContext>,
    principal: Principal,
    Query(params): Query<InitialDataParams>,
) -> ApiResult<Json<InitialData>> {
    principal.require(Permission::UseStaffApp)?;
    let store = &context.store;
    let tenant = &principal.tenant_id;
    let nonempty = |c: &Option<String>| c.as_deref().map(str::trim).filter(|c| !c.is_empty()).map(str::to_string);
    let (campaigns_cursor, contributors_cursor) =
        (nonempty(&params.campaigns_cursor), nonempty(&params.contributors_cursor));

    let (campaign_ids, campaigns_next) =
        listing::page(store, tenant, "ALL", "TITLE", false, CHOICES_PER_PAGE as usize, campaigns_cursor.as_deref())
            .await
            .map_err(|e| cursor_error(e, "campaignsCursor"))?;
    let campaigns = storyhive_shared::campaigns::repo::campaigns_by_ids(store, tenant, &campaign_ids).await?;
    let by_id: HashMap<&str, &CampaignRecord> = campaigns.iter().map(|c| (c.campaign_id.as_str(), c)).collect();
    let campaign_choices = campaign_ids
        .iter()
        .filter_map(|id| by_id.get(id.as_str()))
        .filter(|c| c.lifecycle == LifecycleStatus::Active)
        .map(|c| Choice { id: c.campaign_id.clone(), name: c.title.clone() })
        .collect();

    let contributors_query =
        StoreQuery::table(keys::contributors_partition(tenant), keys::CONTRIBUTOR_PREFIX).limit(CHOICES_PER_PAGE);
    let (contributors, contributors_next) = store
        .query_page::<ContributorRecord>(contributors_query, contributors_cursor.as_deref())
        .await
        .map_err(|e| cursor_error(e, "contributorsCursor"))?;
    let contributor_choices =
        contributors.iter().map(|c| Choice { id: c.contributor_id.clone(), name: person_name(c) }).collect();

    let mut initiatives: Vec<InitiativeRecord> = store
        .query(StoreQuery::table(keys::tenant_partition(tenant), keys::INITIATIVE_PREFIX).limit(MAX_NAMED_CHOICES))
        .await?;
    initiatives.retain(|i| i.status == LifecycleStatus::Active);
    initiatives.sort_by_key(|i| i.name.to_lowercase());
    let mut tags: Vec<TagRecord> = store
        .query(StoreQuery::table(keys::tenant_partition(tenant), keys::TAG_PREFIX).limit(MAX_NAMED_CHOICES))
        .await?;
    tags.retain(|t| !t.deleting);
    tags.sort_by_key(|t| t.name.to_lowercase());

    Ok(Json(InitialData {
        campaigns: ChoicePage { items: campaign_choices, next_cursor: campaigns_next },
        contributors: ChoicePage { items: contributor_choices, next_cursor: contributors_next },
        initiatives: initiatives.iter().map(|i| Choice { id: i.initiative_id.clone(), name: i.name.clone() }).collect(),
        tags: tags.iter().map(|t| Choice { id: t.tag_id.clone(), name: t.name.clone() }).collect(),
    }))
}

fn cursor_error(error: storyhive_shared::storage::StoreError, field: &str) -> ApiError {
    match error {
        storyhive_shared::storage::StoreError::InvalidCursor => {
            ApiError::field(field, "This page link is no longer valid. Please start from the first page.")
        }
        other => other.into(),
    }
}

/// Search the organisation's answers (videos), newest take first, 10 per page.
#[utoipa::path(post, path = "/search/videos", tag = TAG, security(("staffToken" = ["UseStaffApp"])),
    request_body = SearchFilter,
    responses(
        (status = 200, body = SearchPage),
        (status = 400, description = "A filter is not valid; nothing is searched", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "No such campaign, collaborator, initiative or tag", body = ErrorBody),
    ))]
pub async fn search_videos(
    State(context): State<AppContext>,
    principal: Principal,
    Json(filter): Json<SearchFilter>,
) -> ApiResult<Json<SearchPage>> {
    principal.require(Permission::UseStaffApp)?;
    let plan = plan(&context.store, &principal.tenant_id, &filter).await?;
    Ok(Json(search(&context, &plan).await?))
}

/// Search the answers of one campaign (`campaignId` required), newest take first.
#[utoipa::path(post, path = "/search/campaignVideos", tag = TAG, security(("staffToken" = ["UseStaffApp"])),
    request_body = SearchFilter,
    responses(
        (status = 200, body = SearchPage),
        (status = 400, description = "A filter is not valid (or no campaign); nothing is searched", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "No such campaign, collaborator, initiative or tag", body = ErrorBody),
    ))]
pub async fn search_campaign_videos(
    State(context): State<AppContext>,
    principal: Principal,
    Json(filter): Json<SearchFilter>,
) -> ApiResult<Json<SearchPage>> {
    principal.require(Permission::UseStaffApp)?;
    if filter.campaign_id.as_deref().map(str::trim).unwrap_or_default().is_empty() {
        return Err(ApiError::field("campaignId", CAMPAIGN_REQUIRED));
    }
    let plan = plan(&context.store, &principal.tenant_id, &filter).await?;
    Ok(Json(search(&context, &plan).await?))
}
