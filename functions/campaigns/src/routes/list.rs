//! The campaign list, a user's campaigns, and who has started answering.

use axum::extract::State;
use storyhive_shared::{
    auth::Principal,
    campaigns::{
        dto::CampaignSummary,
        records::{CampaignRecord, CampaignStatus, LifecycleStatus, ParticipantRecord},
        repo::{self, CampaignParts, TenantCatalog},
        rules,
    },
    error::ErrorDetail,
    http::{Json, Path, Query},
    permissions::Permission,
    storage::{from_item, keys, Query as StoreQuery},
    ApiResult, AppContext,
};

use super::dto::*;

const TAG: &str = "campaigns";

/// Sorts, filters, counts and pages campaigns as the list shows them.
pub fn list_view(campaigns: Vec<CampaignSummary>, params: &ListParams, has_initiatives: bool) -> CampaignList {
    let search = params.search.as_deref().map(str::trim).unwrap_or_default().to_lowercase();
    let mut matching: Vec<CampaignSummary> =
        campaigns.into_iter().filter(|c| search.is_empty() || c.title.to_lowercase().contains(&search)).collect();
    let mut counts = StatusCounts { all: matching.len(), ..Default::default() };
    for campaign in &matching {
        match campaign.status {
            CampaignStatus::Draft => counts.draft += 1,
            CampaignStatus::Live => counts.live += 1,
            CampaignStatus::Expired => counts.expired += 1,
        }
    }
    if let Some(filter) = params.status {
        let wanted = match filter {
            StatusFilter::Draft => CampaignStatus::Draft,
            StatusFilter::Live => CampaignStatus::Live,
            StatusFilter::Expired => CampaignStatus::Expired,
        };
        matching.retain(|c| c.status == wanted);
    }
    match params.sort.unwrap_or_default() {
        // Ids are ULIDs: they break ties of equal creation times in creation order.
        CampaignSort::Newest => matching.sort_by(|a, b| (&b.created_at, &b.id).cmp(&(&a.created_at, &a.id))),
        CampaignSort::Oldest => matching.sort_by(|a, b| (&a.created_at, &a.id).cmp(&(&b.created_at, &b.id))),
        CampaignSort::Az => matching.sort_by_key(|c| (c.title.to_lowercase(), c.id.clone())),
        CampaignSort::Za => {
            matching.sort_by_key(|c| (c.title.to_lowercase(), c.id.clone()));
            matching.reverse();
        }
    }
    let total = matching.len();
    let page = params.page.unwrap_or(1).max(1);
    let items = matching.into_iter().skip((page - 1) * rules::PAGE_SIZE).take(rules::PAGE_SIZE).collect();
    CampaignList { items, total, page, page_size: rules::PAGE_SIZE, counts, has_initiatives }
}

/// The organisation's campaigns: page size 10, sorted Newest, Oldest, AZ or ZA,
/// filtered by Draft, Live or Expired, with the count of each status.
#[utoipa::path(get, path = "/campaign/all-campaigns", tag = TAG, security(("staffToken" = [])), params(ListParams),
    responses((status = 200, body = CampaignList), (status = 401, body = ErrorDetail)))]
pub async fn all_campaigns(
    State(context): State<AppContext>,
    principal: Principal,
    Query(params): Query<ListParams>,
) -> ApiResult<Json<CampaignList>> {
    principal.require(Permission::UseStaffApp)?;
    let (catalog, campaigns) = tokio::try_join!(
        TenantCatalog::load(&context.store, &principal.tenant_id),
        repo::campaigns_of_tenant(&context.store, &principal.tenant_id),
    )?;
    let today = rules::today();
    let summaries = campaigns
        .iter()
        .filter(|c| catalog.has_initiative(&c.initiative_id))
        .map(|c| CampaignSummary::new(c, &catalog.initiatives, &catalog.tags, today))
        .collect();
    Ok(Json(list_view(summaries, &params, !catalog.initiatives.is_empty())))
}

/// The campaigns a staff member takes part in, newest first.
#[utoipa::path(get, path = "/campaign/user-campaigns/{userId}", tag = TAG, security(("staffToken" = [])),
    params(("userId" = String, Path)),
    responses((status = 200, body = [CampaignSummary]), (status = 401, body = ErrorDetail)))]
pub async fn user_campaigns(
    State(context): State<AppContext>,
    principal: Principal,
    Path(user_id): Path<String>,
) -> ApiResult<Json<Vec<CampaignSummary>>> {
    principal.require(Permission::UseStaffApp)?;
    let store = &context.store;
    let links: Vec<ParticipantRecord> =
        store.query(StoreQuery::gsi2(keys::campaigns_of_user_gsi2(&principal.tenant_id, &user_id))).await?;
    let catalog = TenantCatalog::load(store, &principal.tenant_id).await?;
    let keys: Vec<keys::Key> = links.iter().map(|l| keys::campaign(&principal.tenant_id, &l.campaign_id)).collect();
    let mut campaigns = Vec::new();
    for chunk in keys.chunks(100) {
        for (_, item) in store.batch_get(chunk).await? {
            let campaign: CampaignRecord = from_item(item)?;
            if campaign.lifecycle == LifecycleStatus::Active && catalog.has_initiative(&campaign.initiative_id) {
                campaigns.push(campaign);
            }
        }
    }
    let today = rules::today();
    let mut summaries: Vec<CampaignSummary> =
        campaigns.iter().map(|c| CampaignSummary::new(c, &catalog.initiatives, &catalog.tags, today)).collect();
    summaries.sort_by(|a, b| (&b.created_at, &b.id).cmp(&(&a.created_at, &a.id)));
    Ok(Json(summaries))
}

/// Contributors who have started answering the campaign.
#[utoipa::path(get, path = "/campaign/journey-starters/{campaignId}", tag = TAG, security(("staffToken" = [])),
    params(("campaignId" = String, Path)),
    responses((status = 200, body = [JourneyStarter]), (status = 404, body = ErrorDetail)))]
pub async fn journey_starters(
    State(context): State<AppContext>,
    principal: Principal,
    Path(campaign_id): Path<String>,
) -> ApiResult<Json<Vec<JourneyStarter>>> {
    principal.require(Permission::UseStaffApp)?;
    CampaignParts::require(&context.store, &principal.tenant_id, &campaign_id).await?;
    let items = context
        .store
        .query_items(StoreQuery::table(
            keys::campaign_partition(&principal.tenant_id, &campaign_id),
            keys::CONTRIBUTOR_PREFIX,
        ))
        .await?;
    let text = |item: &storyhive_shared::storage::Item, name: &str| item.get(name).and_then(|v| v.as_s().ok()).cloned();
    let started: Vec<JourneyStarter> = items
        .iter()
        .filter(|item| item.get("startedJourney").and_then(|v| v.as_bool().ok()).copied().unwrap_or(false))
        .filter_map(|item| {
            Some(JourneyStarter {
                contributor_id: text(item, "contributorId")?,
                first_name: text(item, "firstName"),
                last_name: text(item, "lastName"),
                email: text(item, "email"),
                started_at: text(item, "startedAt"),
            })
        })
        .collect();
    Ok(Json(started))
}

#[cfg(test)]
mod tests {
    use super::*;
    use storyhive_shared::campaigns::records::{CampaignType, RecordingMode, Visibility};

    fn summary(id: &str, title: &str, created: &str, status: CampaignStatus) -> CampaignSummary {
        CampaignSummary {
            id: id.into(),
            title: title.into(),
            initiative_id: "i".into(),
            initiative_name: None,
            status,
            campaign_type: CampaignType::Evergreen,
            visibility: Visibility::Public,
            mode: RecordingMode::Landscape,
            video_count: 0,
            deadline: None,
            expiry_date: None,
            created_at: created.into(),
            tags: vec![],
        }
    }

    fn titles(list: &CampaignList) -> Vec<&str> {
        list.items.iter().map(|c| c.title.as_str()).collect()
    }

    #[test]
    fn sorts_filters_counts_and_pages() {
        let campaigns: Vec<_> = (0..23)
            .map(|i| {
                let status = [CampaignStatus::Draft, CampaignStatus::Live, CampaignStatus::Expired][i % 3];
                summary(
                    &format!("{i:02}"),
                    &format!("Campaign {i:02}"),
                    &format!("2026-01-{:02}T00:00:00Z", i + 1),
                    status,
                )
            })
            .collect();
        let view = |params: ListParams| list_view(campaigns.clone(), &params, true);

        let newest = view(ListParams::default());
        assert_eq!((newest.total, newest.items.len(), newest.page_size), (23, 10, 10));
        assert_eq!(newest.items[0].title, "Campaign 22");
        assert_eq!((newest.counts.all, newest.counts.draft, newest.counts.live, newest.counts.expired), (23, 8, 8, 7));

        let third = view(ListParams { page: Some(3), sort: Some(CampaignSort::Oldest), ..Default::default() });
        assert_eq!(titles(&third), vec!["Campaign 20", "Campaign 21", "Campaign 22"]);

        let live =
            view(ListParams { status: Some(StatusFilter::Live), sort: Some(CampaignSort::Za), ..Default::default() });
        assert_eq!(live.total, 8);
        assert_eq!(live.items[0].title, "Campaign 22");
        assert_eq!(live.counts.all, 23, "counts ignore the status filter");

        let search = view(ListParams {
            search: Some("  campaign 1".into()),
            sort: Some(CampaignSort::Az),
            ..Default::default()
        });
        assert_eq!(search.total, 10);
        assert_eq!(search.items[0].title, "Campaign 10");
        assert_eq!(search.counts.all, 10);
    }

    #[test]
    fn a_to_z_ignores_letter_case() {
        let list = list_view(
            vec![
                summary("1", "beta", "2026-01-01T00:00:00Z", CampaignStatus::Draft),
                summary("2", "Alpha", "2026-01-02T00:00:00Z", CampaignStatus::Draft),
                summary("3", "Gamma", "2026-01-03T00:00:00Z", CampaignStatus::Draft),
            ],
            &ListParams { sort: Some(CampaignSort::Az), ..Default::default() },
            true,
        );
        assert_eq!(titles(&list), vec!["Alpha", "beta", "Gamma"]);
    }
}
