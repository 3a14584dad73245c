//! The campaign list, a user's campaigns, and who has started answering. A page reads
//! a page: the list entries of the chosen status and order, then those campaigns by key
//! (see `campaigns::listing`); counts come from counters.

use axum::extract::State;
use storyhive_shared::{
    auth::Principal,
    campaigns::{
        dto::CampaignSummary,
        listing,
        records::{CampaignRecord, CampaignStatus, ParticipantRecord},
        repo::{self, TenantCatalog},
        rules,
    },
    contributors::records::MembershipRecord,
    error::ErrorBody,
    http::{Json, PageParams, Path, Query},
    permissions::Permission,
    storage::{keys, Query as StoreQuery},
    words, ApiError, ApiResult, AppContext,
};

use crate::dto::*;

const TAG: &str = "campaigns";
/// A search considers at most this many matching campaigns.
pub const SEARCH_CAP: usize = 500;
/// The deepest page a list can be asked for by number (without a cursor).
const MAX_PAGE: usize = 1000;

/// Sorts, filters, counts and pages campaigns in memory: the search results, which are
/// already narrowed to the matching campaigns.
pub fn list_view(campaigns: Vec<CampaignSummary>, params: &ListParams, has_initiatives: bool) -> CampaignList {
    let mut matching = campaigns;
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
    CampaignList { items, total, page, page_size: rules::PAGE_SIZE, counts, has_initiatives, next_cursor: None }
}

fn bucket_and_order(params: &ListParams) -> (&'static str, &'static str, bool) {
    let bucket = match params.status {
        None => "ALL",
        Some(StatusFilter::Draft) => "DRAFT",
        Some(StatusFilter::Live) => "LIVE",
        Some(StatusFilter::Expired) => "EXPIRED",
    };
    let (order, descending) = match params.sort.unwrap_or_default() {
        CampaignSort::Newest => ("CREATED", true),
        CampaignSort::Oldest => ("CREATED", false),
        CampaignSort::Az => ("TITLE", false),
        CampaignSort::Za => ("TITLE", true),
    };
    (bucket, order, descending)
}

/// Campaigns as rows, with their initiative and tag names; those of an initiative
/// being deleted are left out.
async fn summaries(
    context: &AppContext,
    tenant_id: &str,
    campaigns: &[CampaignRecord],
) -> ApiResult<Vec<CampaignSummary>> {
    let refs: Vec<&CampaignRecord> = campaigns.iter().collect();
    let catalog = TenantCatalog::for_campaigns(&context.store, tenant_id, &refs).await?;
    let today = rules::today();
    Ok(campaigns
        .iter()
        .filter(|c| catalog.has_initiative(&c.initiative_id))
        .map(|c| CampaignSummary::new(c, &catalog.initiatives, &catalog.tags, today))
        .collect())
}

/// The organisation's campaigns: page size 10, sorted Newest, Oldest, AZ or ZA,
/// filtered by Draft, Live or Expired, with the count of each status. Searched by the
/// words of the title.
#[utoipa::path(get, path = "/campaign/all-campaigns", tag = TAG, security(("staffToken" = ["UseStaffApp"])), params(ListParams),
    responses((status = 200, body = CampaignList), (status = 401, body = ErrorBody)))]
pub async fn all_campaigns(
    State(context): State<AppContext>,
    principal: Principal,
    Query(params): Query<ListParams>,
) -> ApiResult<Json<CampaignList>> {
    principal.require(Permission::UseStaffApp)?;
    let store = &context.store;
    let tenant_id = &principal.tenant_id;
    let page = params.page.unwrap_or(1);
    if !(1..=MAX_PAGE).contains(&page) {
        return Err(ApiError::field("page", format!("The page must be between 1 and {MAX_PAGE}")));
    }
    let search = params.search.as_deref().map(str::trim).unwrap_or_default();
    if search.chars().count() > rules::TITLE_MAX {
        return Err(ApiError::field("search", "A search is at most 250 characters"));
    }
    let today = rules::today();
    // Campaigns stored live whose expiry date has passed read as expired; this route may
    // only read, so they are settled by the next campaign write (listing::settle_expired).
    let unsettled = listing::unsettled(store, tenant_id, today).await?;
    if !search.is_empty() {
        let (found, has_initiatives) = tokio::try_join!(
            async { Ok::<_, ApiError>(words::search(store, tenant_id, words::CAMPAIGNS, search, SEARCH_CAP).await?) },
            async { Ok::<_, ApiError>(repo::has_initiatives(store, tenant_id).await?) },
        )?;
        let campaigns = repo::campaigns_by_ids(store, tenant_id, &found.ids).await?;
        let rows = summaries(&context, tenant_id, &campaigns).await?;
        return Ok(Json(list_view(rows, &params, has_initiatives)));
    }
    let (bucket, order, descending) = bucket_and_order(&params);
    let (counts, has_initiatives) =
        tokio::try_join!(async { Ok::<_, ApiError>(listing::counts(store, tenant_id).await?) }, async {
            Ok::<_, ApiError>(repo::has_initiatives(store, tenant_id).await?)
        },)?;
    let counts = counts.as_read(unsettled.len());
    // While some are unsettled, the live list leaves them out and the expired list is read
    // from the list of all campaigns (they are not in the stored expired list yet).
    let (source, wanted) = match bucket {
        "LIVE" if !unsettled.is_empty() => ("LIVE", Some(CampaignStatus::Live)),
        "EXPIRED" if !unsettled.is_empty() => ("ALL", Some(CampaignStatus::Expired)),
        other => (other, None),
    };
    let keep = |c: &CampaignRecord| wanted.is_none_or(|status| rules::effective_status(c, today) == status);
    // Without a cursor, page N starts after the first N-1 pages' entries (small items).
    let mut cursor = params.cursor.clone().filter(|c| !c.trim().is_empty());
    let mut past_the_end = false;
    if cursor.is_none() && page > 1 {
        let skip = (page - 1) * rules::PAGE_SIZE;
        if wanted.is_none() {
            let (skipped, next) = listing::page(store, tenant_id, source, order, descending, skip, None).await?;
            past_the_end = skipped.len() < skip || next.is_none();
            cursor = next;
        } else {
            // Never more entries read than are left to skip, so the cursor stops exactly
            // after the last one skipped.
            let (mut left, mut next, mut first) = (skip, None, true);
            while left > 0 && (first || next.is_some()) {
                first = false;
                let (ids, after) =
                    listing::page(store, tenant_id, source, order, descending, left, next.as_deref()).await?;
                let campaigns = repo::campaigns_by_ids(store, tenant_id, &ids).await?;
                left = left.saturating_sub(campaigns.iter().filter(|c| keep(c)).count());
                next = after;
            }
            past_the_end = left > 0 || next.is_none();
            cursor = next;
        }
    }
    let mut items = Vec::new();
    let mut next = cursor;
    let mut first = !past_the_end;
    // Rows of an initiative being deleted (or of another status while some are unsettled)
    // are skipped; read on until the page is full.
    while items.len() < rules::PAGE_SIZE && (first || next.is_some()) {
        first = false;
        let want = rules::PAGE_SIZE - items.len();
        let (ids, after) = listing::page(store, tenant_id, source, order, descending, want, next.as_deref()).await?;
        let mut campaigns = repo::campaigns_by_ids(store, tenant_id, &ids).await?;
        campaigns.retain(|c| keep(c));
        items.extend(summaries(&context, tenant_id, &campaigns).await?);
        next = after;
    }
    Ok(Json(CampaignList {
        items,
        total: total_of(&counts, bucket),
        page,
        page_size: rules::PAGE_SIZE,
        counts: status_counts(&counts),
        has_initiatives,
        next_cursor: next,
    }))
}

fn total_of(counts: &listing::CampaignCounts, bucket: &str) -> usize {
    let n = match bucket {
        "DRAFT" => counts.draft,
        "LIVE" => counts.live,
        "EXPIRED" => counts.expired,
        _ => counts.all(),
    };
    n.max(0) as usize
}

fn status_counts(counts: &listing::CampaignCounts) -> StatusCounts {
    StatusCounts {
        all: counts.all().max(0) as usize,
        draft: counts.draft.max(0) as usize,
        live: counts.live.max(0) as usize,
        expired: counts.expired.max(0) as usize,
    }
}

/// The campaigns a staff member takes part in, newest first.
#[utoipa::path(get, path = "/campaign/user-campaigns/{userId}", tag = TAG, security(("staffToken" = ["UseStaffApp"])),
    params(("userId" = String, Path)),
    responses((status = 200, body = [CampaignSummary]), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn user_campaigns(
    State(context): State<AppContext>,
    principal: Principal,
    Path(user_id): Path<String>,
) -> ApiResult<Json<Vec<CampaignSummary>>> {
    principal.require(Permission::UseStaffApp)?;
    let store = &context.store;
    // A user of this organisation only (another's looks like no one).
    if store.get::<serde_json::Value>(&keys::user(&principal.tenant_id, &user_id)).await?.is_none() {
        return Err(ApiError::NotFound("User not found".into()));
    }
    let links: Vec<ParticipantRecord> =
        store.query(StoreQuery::gsi2(keys::campaigns_of_user_gsi2(&principal.tenant_id, &user_id))).await?;
    let ids: Vec<String> = links.iter().map(|l| l.campaign_id.clone()).collect();
    let campaigns = repo::campaigns_by_ids(store, &principal.tenant_id, &ids).await?;
    let mut rows = summaries(&context, &principal.tenant_id, &campaigns).await?;
    rows.sort_by(|a, b| (&b.created_at, &b.id).cmp(&(&a.created_at, &a.id)));
    Ok(Json(rows))
}

/// Collaborators who have started answering the campaign, a page at a time.
#[utoipa::path(get, path = "/campaign/journey-starters/{campaignId}", tag = TAG, security(("staffToken" = ["UseStaffApp"])),
    params(("campaignId" = String, Path), PageParams),
    responses((status = 200, body = JourneyStarterPage), (status = 404, body = ErrorBody)))]
pub async fn journey_starters(
    State(context): State<AppContext>,
    principal: Principal,
    Path(campaign_id): Path<String>,
    Query(page): Query<PageParams>,
) -> ApiResult<Json<JourneyStarterPage>> {
    principal.require(Permission::UseStaffApp)?;
    let limit = page.limit()?;
    super::edit::load(&context, &principal.tenant_id, &campaign_id).await?;
    let query =
        StoreQuery::table(keys::campaign_partition(&principal.tenant_id, &campaign_id), keys::CONTRIBUTOR_PREFIX)
            .limit(limit);
    let (memberships, next_cursor) = context.store.query_page::<MembershipRecord>(query, page.cursor()).await?;
    let items = memberships
        .into_iter()
        .filter(|m| m.started_journey)
        .map(|m| JourneyStarter {
            contributor_id: m.contributor_id,
            first_name: Some(m.first_name),
            last_name: Some(m.last_name),
            email: Some(m.email),
            started_at: m.started_at,
        })
        .collect();
    Ok(Json(JourneyStarterPage { items, next_cursor }))
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
