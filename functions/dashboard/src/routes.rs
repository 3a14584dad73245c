//! The dashboard handlers.

use axum::extract::State;
use storyhive_shared::{
    auth::Principal,
    campaigns::{
        dto::CampaignSummary,
        listing,
        records::{CampaignRecord, CampaignStatus, LifecycleStatus, ParticipantRecord},
        repo::{self, TenantCatalog},
        rules,
    },
    contributors::stats::TenantStats,
    error::ErrorBody,
    http::{Json, Query},
    model::TenantRecord,
    permissions::Permission,
    publishing,
    storage::{keys, Query as StoreQuery},
    ApiResult, AppContext,
};

use crate::dto::*;

/// One key-only read per step (at most one item each): nothing grows with the organisation.
async fn first_steps(store: &storyhive_shared::storage::Store, tenant_id: &str) -> ApiResult<FirstSteps> {
    const KEYS: &[&str] = &["PK", "SK"];
    let any = |query: StoreQuery| async move {
        Ok::<_, storyhive_shared::ApiError>(!store.query_items(query.limit(1).attributes(KEYS)).await?.is_empty())
    };
    let (tenant, initiative_created, campaign_created, collaborator_invited) = tokio::try_join!(
        async { Ok::<_, storyhive_shared::ApiError>(store.get::<TenantRecord>(&keys::tenant(tenant_id)).await?) },
        any(StoreQuery::table(keys::tenant(tenant_id).pk, keys::INITIATIVE_PREFIX)),
        any(StoreQuery::gsi1(keys::campaigns_of_tenant_gsi1(tenant_id))),
        any(StoreQuery::table(keys::contributors_partition(tenant_id), keys::CONTRIBUTOR_PREFIX)),
    )?;
    Ok(FirstSteps {
        company_set_up: tenant.is_some_and(|t| t.setup_completed_at.is_some()),
        initiative_created,
        campaign_created,
        collaborator_invited,
    })
}

/// How many recent campaigns the video chart considers (most videos first, 10 shown).
const CHART_CAMPAIGNS: i32 = 50;
const CHART_SHOWN: usize = 10;

/// The organisation's figures (or, with `personalDashboard=true`, the lists narrowed to
/// the signed-in user's campaigns). The totals come from counters; the lists read the
/// campaigns expiring this week and the most recent ones, not every campaign.
#[utoipa::path(get, path = "/dashboard/details", tag = "dashboard", security(("staffToken" = ["UseStaffApp"])), params(DashboardParams),
    responses((status = 200, body = DashboardDetails), (status = 401, body = ErrorBody)))]
pub async fn details(
    State(context): State<AppContext>,
    principal: Principal,
    Query(params): Query<DashboardParams>,
) -> ApiResult<Json<DashboardDetails>> {
    principal.require(Permission::UseStaffApp)?;
    let store = &context.store;
    let tenant_id = &principal.tenant_id;
    // Every figure below reads a campaign's effective status (a live campaign past its
    // expiry date reads as expired): nothing needs settling, and this function may only read.
    let today = rules::today();
    let personal = params.personal_dashboard.unwrap_or(false);
    let in_a_week = today + time::Duration::days(7);
    let stats_key = keys::tenant_stats(tenant_id);
    let published = async {
        let scope = publishing::stats::Scope::Organisation { tenant_id: tenant_id.clone() };
        Ok::<_, storyhive_shared::ApiError>(publishing::stats::read(store, &scope).await?)
    };
    let funnel = async {
        Ok::<_, storyhive_shared::ApiError>(
            storyhive_shared::contributors::funnel::of_organisation(store, tenant_id).await?,
        )
    };
    let (steps, published, funnel, (stats, expiring_ids, recent)) =
        tokio::try_join!(first_steps(store, tenant_id), published, funnel, async {
            Ok::<_, storyhive_shared::ApiError>(tokio::try_join!(
                store.get::<TenantStats>(&stats_key),
                listing::expiring_between(store, tenant_id, today, in_a_week),
                async {
                    if personal {
                        let mine: Vec<ParticipantRecord> = store
                            .query(StoreQuery::gsi2(keys::campaigns_of_user_gsi2(tenant_id, &principal.user_id)))
                            .await?;
                        let ids: Vec<String> = mine.into_iter().map(|p| p.campaign_id).collect();
                        repo::campaigns_by_ids(store, tenant_id, &ids).await
                    } else {
                        let newest: Vec<CampaignRecord> = store
                            .query(
                                StoreQuery::gsi1(keys::campaigns_of_tenant_gsi1(tenant_id))
                                    .newest_first()
                                    .limit(CHART_CAMPAIGNS),
                            )
                            .await?;
                        Ok(newest.into_iter().filter(|c| c.lifecycle == LifecycleStatus::Active).collect())
                    }
                },
            )?)
        })?;
    let stats = stats.unwrap_or_default();
    let mut expiring_ids = expiring_ids;
    if personal {
        expiring_ids.retain(|id| recent.iter().any(|c| &c.campaign_id == id));
    }
    let expiring_campaigns = repo::campaigns_by_ids(store, tenant_id, &expiring_ids).await?;
    let all: Vec<&CampaignRecord> = expiring_campaigns.iter().chain(recent.iter()).collect();
    let catalog = TenantCatalog::for_campaigns(store, tenant_id, &all).await?;
    let campaigns: Vec<CampaignRecord> =
        recent.into_iter().filter(|c| catalog.has_initiative(&c.initiative_id)).collect();
    let mut expiring: Vec<CampaignSummary> = expiring_campaigns
        .iter()
        .filter(|c| catalog.has_initiative(&c.initiative_id))
        .filter(|c| rules::effective_status(c, today) == CampaignStatus::Live)
        .filter(|c| {
            c.expiry_date
                .as_deref()
                .and_then(|d| rules::parse_date(d).ok())
                .is_some_and(|d| d >= today && d <= in_a_week)
        })
        .map(|c| CampaignSummary::new(c, &catalog.initiatives, &catalog.tags, today))
        .collect();
    expiring.sort_by(|a, b| a.expiry_date.cmp(&b.expiry_date));
    let mut campaign_and_video: Vec<CampaignVideos> = campaigns
        .iter()
        .map(|c| CampaignVideos {
            campaign_id: c.campaign_id.clone(),
            title: c.title.clone(),
            status: rules::effective_status(c, today),
            video_count: c.video_count.max(0),
        })
        .collect();
    campaign_and_video.sort_by(|a, b| {
        b.video_count.cmp(&a.video_count).then_with(|| a.title.to_lowercase().cmp(&b.title.to_lowercase()))
    });
    campaign_and_video.truncate(CHART_SHOWN);
    let device_type = [
        ("Mobile", stats.device_mobile),
        ("Tablet", stats.device_tablet),
        ("Desktop", stats.device_desktop),
        ("Unknown", stats.device_unknown),
    ]
    .into_iter()
    .filter(|(_, count)| *count > 0)
    .map(|(device, count)| DeviceCount { device_type: device.into(), count })
    .collect();
    Ok(Json(DashboardDetails {
        expiring_in_7_days: expiring,
        pending_video_responses: stats.pending_video_responses.max(0),
        hours_of_video_submitted: ((stats.video_seconds.max(0.0) / 3600.0) * 100.0).round() / 100.0,
        device_type,
        campaign_and_video,
        first_steps: steps,
        published_stories: PublishedTotals {
            views: published.views,
            embed_loads: published.embed_loads,
            plays: published.plays,
            watched_to_the_end: published.progress100,
        },
        collaborator_funnel: funnel,
    }))
}
