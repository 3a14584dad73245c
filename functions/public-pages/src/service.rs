//! Reads of published stories and walls, counting, and the budgets of the public.

use storyhive_shared::{
    publishing::{
        self,
        public::{PublicStory, PublicWall},
        stats::{self, Event},
        PublicationRecord, WallRecord,
    },
    ratelimit::{self, Limit},
    storage::{keys, Query},
    ApiError, ApiResult, AppContext,
};
use time::Duration;

/// Reads of pages and JSON one client may make (CloudFront answers most before they come here).
pub const READS_PER_CLIENT: Limit = Limit { scope: "public-read", max: 600, window: Duration::minutes(10) };
/// Beacons one client may send: a few per view and play.
pub const BEACONS_PER_CLIENT: Limit = Limit { scope: "public-beacon", max: 600, window: Duration::minutes(10) };
pub const TOO_MANY: &str = "Too many requests. Please try again later.";

/// The public's budgets (tests give their own counters).
#[derive(Debug, Clone)]
pub struct PublicLimits {
    pub reads_per_client: Limit,
    pub beacons_per_client: Limit,
}

impl Default for PublicLimits {
    fn default() -> Self {
        Self { reads_per_client: READS_PER_CLIENT, beacons_per_client: BEACONS_PER_CLIENT }
    }
}

pub async fn spend(context: &AppContext, limit: &Limit, client: &str) -> ApiResult<()> {
    let verdict = ratelimit::hit(&context.store, limit, client).await?;
    if verdict.is_limited() {
        return Err(ratelimit::too_many(TOO_MANY, verdict));
    }
    Ok(())
}

/// A live published item: 404 when there never was one, 410 once taken down.
pub async fn live(context: &AppContext, slug: &str) -> ApiResult<PublicationRecord> {
    if !publishing::is_slug(slug) {
        return Err(ApiError::NotFound(publishing::UNKNOWN_STORY.into()));
    }
    let record = context
        .store
        .get::<PublicationRecord>(&keys::publication(slug))
        .await?
        .ok_or_else(|| ApiError::NotFound(publishing::UNKNOWN_STORY.into()))?;
    if !record.is_live() {
        return Err(ApiError::Gone(publishing::GONE.into()));
    }
    Ok(record)
}

pub fn origin(context: &AppContext) -> &str {
    &context.config.app_base_url
}

pub async fn story(context: &AppContext, slug: &str) -> ApiResult<PublicStory> {
    Ok(live(context, slug).await?.to_public(origin(context)))
}

/// A wall with its live items, in order (a campaign's: newest first), at most 100.
pub async fn wall(context: &AppContext, wall_id: &str) -> ApiResult<PublicWall> {
    if wall_id.is_empty() || !storyhive_shared::ids::is_valid(wall_id) {
        return Err(ApiError::NotFound(publishing::UNKNOWN_WALL.into()));
    }
    let wall = context
        .store
        .get::<WallRecord>(&keys::wall(wall_id))
        .await?
        .ok_or_else(|| ApiError::NotFound(publishing::UNKNOWN_WALL.into()))?;
    let items: Vec<PublicationRecord> = match &wall.campaign_id {
        Some(campaign_id) => {
            context
                .store
                .query(
                    Query::gsi2(keys::live_publications_of_campaign_gsi2(&wall.tenant_id, campaign_id))
                        .newest_first()
                        .limit(WallRecord::MAX_ITEMS as i32),
                )
                .await?
        }
        None => {
            let keys: Vec<keys::Key> = wall.publication_ids.iter().map(|s| keys::publication(s)).collect();
            let mut found = std::collections::HashMap::new();
            for chunk in keys.chunks(100) {
                found.extend(context.store.batch_get(chunk).await?);
            }
            let mut ordered = Vec::new();
            for key in &keys {
                if let Some(item) = found.remove(&(key.pk.clone(), key.sk.clone())) {
                    ordered.push(storyhive_shared::storage::from_item::<PublicationRecord>(item)?);
                }
            }
            ordered
        }
    };
    let items =
        items.iter().filter(|r| r.is_live() && r.tenant_id == wall.tenant_id).map(|r| r.to_wall_item()).collect();
    Ok(wall.to_public(items))
}

/// Obvious robots: crawlers, previews, headless browsers and tools, and no user agent.
/// Link previews still get the page; they are only not counted.
pub fn bots(user_agent: Option<&str>) -> bool {
    let Some(agent) = user_agent.map(str::trim).filter(|a| !a.is_empty()) else { return true };
    let agent = agent.to_ascii_lowercase();
    const MARKS: [&str; 16] = [
        "bot",
        "crawl",
        "spider",
        "slurp",
        "preview",
        "facebookexternalhit",
        "headless",
        "lighthouse",
        "curl/",
        "wget/",
        "python-",
        "go-http-client",
        "java/",
        "okhttp",
        "axios/",
        "node-fetch",
    ];
    MARKS.iter().any(|mark| agent.contains(mark))
}

/// Counts a beacon of a live item (a taken-down or unknown one is not counted).
pub async fn count(context: &AppContext, slug: &str, event: Event) -> ApiResult<bool> {
    if !publishing::is_slug(slug) {
        return Ok(false);
    }
    let Some(record) = context.store.get::<PublicationRecord>(&keys::publication(slug)).await? else {
        return Ok(false);
    };
    if !record.is_live() {
        return Ok(false);
    }
    stats::count(&context.store, &record.tenant_id, &record.campaign_id, slug, event).await?;
    Ok(true)
}
