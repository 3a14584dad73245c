//! Counting who watched a published story without tracking anyone: page views, embed
//! loads, plays and how far people watched, per published item, per campaign and per
//! organisation. No cookie, no address: a beacon adds one to three counters.
//!
//! A viral video must not make a hot partition, so every scope's counter is split into
//! [`SHARDS`] items whose partition key carries the shard; a beacon adds to one shard
//! chosen at random, and a read gets the shards of a scope in one `BatchGetItem` and sums
//! them. `ADD` is atomic: concurrent beacons are each counted once.

use std::collections::HashMap;

use rand::Rng;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::storage::{from_item, keys, AttributeValue, Key, Store, StoreResult};

/// Shards per scope: 16 items of a few hundred writes a second each.
pub const SHARDS: u32 = 16;

/// What a beacon reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Event {
    /// The share page was opened.
    View,
    /// The embedded player (an iframe on another site) was loaded.
    EmbedLoad,
    /// Playback started (once per page).
    Play,
    /// A quarter of the video was watched.
    Progress25,
    Progress50,
    Progress75,
    /// Watched to the end.
    Progress100,
}

impl Event {
    pub const ALL: [Event; 7] = [
        Event::View,
        Event::EmbedLoad,
        Event::Play,
        Event::Progress25,
        Event::Progress50,
        Event::Progress75,
        Event::Progress100,
    ];

    /// The counter's attribute (as [`Stats`] serialises it).
    pub fn attribute(self) -> &'static str {
        match self {
            Event::View => "views",
            Event::EmbedLoad => "embedLoads",
            Event::Play => "plays",
            Event::Progress25 => "progress25",
            Event::Progress50 => "progress50",
            Event::Progress75 => "progress75",
            Event::Progress100 => "progress100",
        }
    }
}

/// The figures of a scope.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Stats {
    #[serde(default)]
    #[schema(required = true)]
    pub views: u64,
    #[serde(default)]
    #[schema(required = true)]
    pub embed_loads: u64,
    #[serde(default)]
    #[schema(required = true)]
    pub plays: u64,
    #[serde(default)]
    #[schema(required = true)]
    pub progress25: u64,
    #[serde(default)]
    #[schema(required = true)]
    pub progress50: u64,
    #[serde(default)]
    #[schema(required = true)]
    pub progress75: u64,
    #[serde(default)]
    #[schema(required = true)]
    pub progress100: u64,
}

impl Stats {
    fn add(&mut self, other: &Stats) {
        self.views += other.views;
        self.embed_loads += other.embed_loads;
        self.plays += other.plays;
        self.progress25 += other.progress25;
        self.progress50 += other.progress50;
        self.progress75 += other.progress75;
        self.progress100 += other.progress100;
    }

    pub fn get(&self, event: Event) -> u64 {
        match event {
            Event::View => self.views,
            Event::EmbedLoad => self.embed_loads,
            Event::Play => self.plays,
            Event::Progress25 => self.progress25,
            Event::Progress50 => self.progress50,
            Event::Progress75 => self.progress75,
            Event::Progress100 => self.progress100,
        }
    }
}

/// What a set of counters adds up.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Scope {
    Publication { tenant_id: String, slug: String },
    Campaign { tenant_id: String, campaign_id: String },
    Organisation { tenant_id: String },
}

impl Scope {
    fn shard_key(&self, shard: u32) -> Key {
        match self {
            Scope::Publication { tenant_id, slug } => keys::publication_stats(tenant_id, &format!("P#{slug}"), shard),
            Scope::Campaign { tenant_id, campaign_id } => {
                keys::publication_stats(tenant_id, &format!("C#{campaign_id}"), shard)
            }
            Scope::Organisation { tenant_id } => keys::publication_stats(tenant_id, "O", shard),
        }
    }
}

/// Counts one `event` of the published item `slug` (of `campaign_id`) in its three scopes,
/// each on a random shard.
pub async fn count(store: &Store, tenant_id: &str, campaign_id: &str, slug: &str, event: Event) -> StoreResult<()> {
    let scopes = [
        Scope::Publication { tenant_id: tenant_id.into(), slug: slug.into() },
        Scope::Campaign { tenant_id: tenant_id.into(), campaign_id: campaign_id.into() },
        Scope::Organisation { tenant_id: tenant_id.into() },
    ];
    let adds = scopes.iter().map(|scope| {
        let shard = rand::rng().random_range(0..SHARDS);
        let key = scope.shard_key(shard);
        async move {
            store
                .update::<serde_json::Value>(&key, |u| {
                    u.update_expression("SET entityType = :entity ADD #counter :one")
                        .expression_attribute_names("#counter", event.attribute())
                        .expression_attribute_values(":entity", AttributeValue::S(ENTITY.into()))
                        .expression_attribute_values(":one", AttributeValue::N("1".into()))
                        .return_values(aws_sdk_dynamodb::types::ReturnValue::None)
                })
                .await
                .map(|_| ())
        }
    });
    futures::future::try_join_all(adds).await?;
    Ok(())
}

pub const ENTITY: &str = "PublicationStats";

/// The figures of one scope.
pub async fn read(store: &Store, scope: &Scope) -> StoreResult<Stats> {
    Ok(read_many(store, std::slice::from_ref(scope)).await?.remove(0))
}

/// The figures of several scopes, in their order: one `BatchGetItem` per six scopes.
pub async fn read_many(store: &Store, scopes: &[Scope]) -> StoreResult<Vec<Stats>> {
    let per_batch = (100 / SHARDS) as usize;
    let mut totals = Vec::with_capacity(scopes.len());
    for chunk in scopes.chunks(per_batch) {
        let keys: Vec<Key> = chunk.iter().flat_map(|scope| (0..SHARDS).map(|shard| scope.shard_key(shard))).collect();
        let found: HashMap<(String, String), _> = store.batch_get(&keys).await?;
        for scope in chunk {
            let mut total = Stats::default();
            for shard in 0..SHARDS {
                let key = scope.shard_key(shard);
                if let Some(item) = found.get(&(key.pk, key.sk)) {
                    let shard: Stats = from_item(item.clone())?;
                    total.add(&shard);
                }
            }
            totals.push(total);
        }
    }
    Ok(totals)
}
