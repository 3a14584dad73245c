//! Search latency on this machine: loads `--answers N` synthetic answers (their search
//! entries and the records a result names) into a table of DynamoDB Local, then runs
//! each kind of search `--runs` times through the function's own code (`plan` + `search`)
//! and prints p50/p95 in milliseconds. Run by `infra/scripts/bench-search.sh`.
//!
//! Synthetic answers: 50 campaigns of 10 questions, 2,000 contributors, answers spread
//! over the campaigns, a take a minute apart (newest last), one in 50 failed, a 12-word transcript drawn from a 2,000-word vocabulary in which
//! low ranks are common (word `w<rank>`, chosen with probability ~ 1/rank), so some words
//! are in most answers and others in a few.

use std::time::Instant;

use aws_sdk_dynamodb::types::{
    AttributeDefinition, BillingMode, KeySchemaElement, KeyType, PutRequest, ScalarAttributeType, WriteRequest,
};
use futures::{stream, StreamExt};
use serde_json::{json, Value};
use storyhive_search::SearchFilter;
use storyhive_shared::{
    aws::AwsClients,
    contributors::records::{ContributorRecord, JourneyRecord, UploadStatus},
    media::{MediaStatus, TakeMedia, TranscriptRecord, TranscriptWord},
    search,
    storage::{keys, objects::TakeKey, to_item, Item},
    AppContext, Config,
};

const CAMPAIGNS: usize = 50;
const QUESTIONS: usize = 10;
const CONTRIBUTORS: usize = 2_000;
const VOCABULARY: usize = 2_000;
const WORDS_SAID: usize = 12;
const TENANT: &str = "bench-tenant";

fn arg(name: &str, default: usize) -> usize {
    let args: Vec<String> = std::env::args().collect();
    args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// A deterministic pseudo-random stream (xorshift), so runs load the same data.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    /// A rank in 1..=n with probability about 1/rank.
    fn zipf(&mut self, n: usize) -> usize {
        let u = (self.next() % 1_000_000) as f64 / 1_000_000.0;
        ((n as f64).powf(u).floor() as usize).clamp(1, n)
    }
}

fn id(kind: &str, n: usize) -> String {
    format!("{kind}{n:05}")
}

/// Makes one search filter of a kind, from the run's random numbers.
type FilterMaker = Box<dyn Fn(&mut Rng) -> SearchFilter>;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let answers = arg("--answers", 10_000);
    let runs = arg("--runs", 50);
    let skip_load = std::env::args().any(|a| a == "--skip-load");
    let config = Config::from_env()?;
    let clients = AwsClients::from_env().await;
    let context = AppContext::new(config, &clients);
    let store = context.store.clone();
    let table = store.table_name().to_string();

    if !skip_load {
        let _ = clients.dynamodb.delete_table().table_name(&table).send().await;
        clients
            .dynamodb
            .create_table()
            .table_name(&table)
            .billing_mode(BillingMode::PayPerRequest)
            .attribute_definitions(
                AttributeDefinition::builder().attribute_name("PK").attribute_type(ScalarAttributeType::S).build()?,
            )
            .attribute_definitions(
                AttributeDefinition::builder().attribute_name("SK").attribute_type(ScalarAttributeType::S).build()?,
            )
            .key_schema(KeySchemaElement::builder().attribute_name("PK").key_type(KeyType::Hash).build()?)
            .key_schema(KeySchemaElement::builder().attribute_name("SK").key_type(KeyType::Range).build()?)
            .send()
            .await?;
        let started = Instant::now();
        let items = load(&store, answers).await?;
        let seconds = started.elapsed().as_secs_f64();
        println!("loaded {answers} answers ({items} items) in {seconds:.1} s ({:.0} items/s)", items as f64 / seconds);
    }

    let mut rng = Rng(42);
    let kinds: Vec<(&str, FilterMaker)> = vec![
        ("newest, no filter", Box::new(|_| SearchFilter::default())),
        (
            "campaign",
            Box::new(|r| SearchFilter { campaign_id: Some(id("c", r.below(CAMPAIGNS))), ..Default::default() }),
        ),
        (
            "contributor",
            Box::new(|r| SearchFilter { contributor_id: Some(id("k", r.below(CONTRIBUTORS))), ..Default::default() }),
        ),
        (
            "campaign + status + dates",
            Box::new(|r| SearchFilter {
                campaign_id: Some(id("c", r.below(CAMPAIGNS))),
                status: Some("ready".into()),
                from: Some("2026-01-01".into()),
                to: Some("2026-12-31".into()),
                ..Default::default()
            }),
        ),
        (
            "text: a common word",
            Box::new(|r| SearchFilter { text: Some(format!("w{}", 1 + r.below(5))), ..Default::default() }),
        ),
        (
            "text: a rare word",
            Box::new(|r| SearchFilter { text: Some(format!("w{}", 1_000 + r.below(1_000))), ..Default::default() }),
        ),
        (
            "text: two words + campaign",
            Box::new(|r| SearchFilter {
                text: Some(format!("w{} w{}", 1 + r.below(3), 10 + r.below(20))),
                campaign_id: Some(id("c", r.below(CAMPAIGNS))),
                ..Default::default()
            }),
        ),
        (
            "text: a word no one said",
            Box::new(|_| SearchFilter { text: Some("zzzunsaid".into()), ..Default::default() }),
        ),
    ];
    println!("{:<30} {:>8} {:>8} {:>8} {:>10}", "search (first page of 10)", "p50 ms", "p95 ms", "max ms", "avg items");
    for (name, filter) in &kinds {
        let mut times = Vec::with_capacity(runs);
        let mut found = 0usize;
        for _ in 0..runs {
            let filter = filter(&mut rng);
            let started = Instant::now();
            let plan = storyhive_search::plan(&store, TENANT, &filter).await.map_err(|e| anyhow::anyhow!("{e:?}"))?;
            let page = storyhive_search::search(&context, &plan).await.map_err(|e| anyhow::anyhow!("{e:?}"))?;
            times.push(started.elapsed().as_secs_f64() * 1000.0);
            found += page.items.len();
        }
        times.sort_by(|a, b| a.total_cmp(b));
        let at = |q: f64| times[((times.len() as f64 - 1.0) * q).round() as usize];
        println!(
            "{:<30} {:>8.1} {:>8.1} {:>8.1} {:>10.1}",
            name,
            at(0.5),
            at(0.95),
            times[times.len() - 1],
            found as f64 / runs as f64
        );
    }
    Ok(())
}

/// Writes the records a result names and every answer's search entries, 25 per
/// `BatchWriteItem`, 16 requests at a time.
async fn load(store: &storyhive_shared::storage::Store, answers: usize) -> anyhow::Result<usize> {
    let now = "2026-01-01T00:00:00Z".to_string();
    let mut items: Vec<Item> = Vec::new();
    for c in 0..CAMPAIGNS {
        let campaign = id("c", c);
        let key = keys::campaign(TENANT, &campaign);
        let record = json!({"PK": key.pk, "SK": key.sk, "GSI1PK": keys::campaigns_of_tenant_gsi1(TENANT), "GSI1SK": now,
            "GSI2PK": keys::campaigns_of_initiative_gsi2(TENANT, "i00000"), "GSI2SK": now, "entityType": "Campaign",
            "tenantId": TENANT, "campaignId": campaign, "initiativeId": "i00000", "title": format!("Campaign {c}"),
            "description": "d", "campaignType": "evergreen", "visibility": "public", "mode": "landscape", "status": "live",
            "lifecycle": "active", "deadline": null, "expiryDate": null, "tagIds": [], "madeLive": true,
            "madeLiveAt": now, "videoCount": 0, "questionsVersion": 0, "createdBy": "u", "createdAt": now,
            "updatedAt": now, "version": 1});
        let checked: storyhive_shared::campaigns::records::CampaignRecord = serde_json::from_value(record)?;
        items.push(to_item(&checked)?);
        for q in 0..QUESTIONS {
            let question = id("q", q);
            let key = keys::question(TENANT, &campaign, &question);
            let record: Value = json!({"PK": key.pk, "SK": key.sk, "entityType": "Question", "tenantId": TENANT,
                "campaignId": campaign, "questionId": question, "question": format!("What happened on day {q} by the sea?"),
                "tips": null, "sequence": q + 1, "script": null, "createdAt": now, "updatedAt": now});
            let checked: storyhive_shared::campaigns::records::QuestionRecord = serde_json::from_value(record)?;
            items.push(to_item(&checked)?);
        }
    }
    let mut names = Vec::new();
    for k in 0..CONTRIBUTORS {
        let contributor = id("k", k);
        let key = keys::contributor(TENANT, &contributor);
        let record = ContributorRecord {
            pk: key.pk,
            sk: key.sk,
            entity_type: ContributorRecord::ENTITY.into(),
            tenant_id: TENANT.into(),
            contributor_id: contributor,
            email: format!("person{k}@example.com"),
            first_name: format!("First{}", k % 300),
            last_name: format!("Last{}", k % 700),
            is_suspended: false,
            campaign_count: 1,
            created_at: now.clone(),
            updated_at: now.clone(),
        };
        items.push(to_item(&record)?);
        names.push(record);
    }
    let mut total = write_all(store, std::mem::take(&mut items)).await?;
    let mut rng = Rng(7);
    let base_ms: i64 = 1_767_225_600_000; // 2026-01-01
    for n in 0..answers {
        // Written 1,000 answers at a time: memory stays small whatever the count.
        if n % 1_000 == 0 && !items.is_empty() {
            total += write_all(store, std::mem::take(&mut items)).await?;
        }
        // One answer per (campaign, contributor, question), spread over the campaigns.
        let (campaign, contributor, question) = (
            id("c", n % CAMPAIGNS),
            id("k", (n / CAMPAIGNS) % CONTRIBUTORS),
            id("q", (n / (CAMPAIGNS * CONTRIBUTORS)) % QUESTIONS),
        );
        let take_key = TakeKey {
            tenant_id: TENANT.into(),
            initiative_id: "i00000".into(),
            campaign_id: campaign.clone(),
            contributor_id: contributor.clone(),
            taken_at_ms: n as i64,
            extension: "webm".into(),
        }
        .key();
        let mut journey = JourneyRecord::new(TENANT, &campaign, &contributor, &question, now.clone());
        journey.s3_video_key = Some(take_key.clone());
        journey.video_taken_at = Some(base_ms + n as i64 * 60_000);
        journey.upload_status = UploadStatus::Stored;
        let mut media = TakeMedia::processing(&take_key);
        media.status = if n % 50 == 0 { MediaStatus::Failed } else { MediaStatus::Ready };
        media.poster_key = Some(storyhive_shared::storage::objects::Derived::Poster.of(&take_key));
        media.duration_seconds = Some(30.0 + (n % 90) as f64);
        journey.media = Some(media);
        let words: Vec<TranscriptWord> = (0..WORDS_SAID)
            .map(|i| TranscriptWord {
                text: format!("w{}", rng.zipf(VOCABULARY)),
                start: i as f64 * 0.6,
                end: i as f64 * 0.6 + 0.5,
                edited: false,
            })
            .collect();
        let transcript = TranscriptRecord::new(
            TENANT,
            &campaign,
            &contributor,
            &question,
            &take_key,
            "pocketsphinx",
            words,
            now.clone(),
        );
        let question_record = storyhive_shared::campaigns::records::QuestionRecord {
            question: format!("What happened on day {} by the sea?", question),
            ..serde_json::from_value(json!({"PK": "", "SK": "", "entityType": "Question", "tenantId": TENANT,
                "campaignId": campaign, "questionId": question, "question": "", "tips": null, "sequence": 1,
                "script": null, "createdAt": now, "updatedAt": now}))?
        };
        let entries = search::entries_for(
            &journey,
            Some(&transcript),
            Some(&question_record),
            Some(&names[(n / CAMPAIGNS) % CONTRIBUTORS]),
        );
        for entry in entries {
            items.push(to_item(&entry)?);
        }
    }
    total += write_all(store, items).await?;
    Ok(total)
}

/// Writes `items`, 25 per `BatchWriteItem`, 16 requests at a time; returns how many.
async fn write_all(store: &storyhive_shared::storage::Store, items: Vec<Item>) -> anyhow::Result<usize> {
    let total = items.len();
    let table = store.table_name().to_string();
    let client = store.client().clone();
    let chunks: Vec<Vec<Item>> = items.chunks(25).map(|c| c.to_vec()).collect();
    let results: Vec<anyhow::Result<()>> = stream::iter(chunks.into_iter().map(|chunk| {
        let (client, table) = (client.clone(), table.clone());
        async move {
            let mut pending: Vec<WriteRequest> = chunk
                .into_iter()
                .map(|item| {
                    WriteRequest::builder()
                        .put_request(PutRequest::builder().set_item(Some(item)).build().unwrap())
                        .build()
                })
                .collect();
            for attempt in 0..20u32 {
                if pending.is_empty() {
                    return Ok(());
                }
                if attempt > 0 {
                    tokio::time::sleep(std::time::Duration::from_millis(20 * u64::from(attempt))).await;
                }
                let output =
                    client.batch_write_item().request_items(&table, std::mem::take(&mut pending)).send().await?;
                pending = output.unprocessed_items.and_then(|mut u| u.remove(&table)).unwrap_or_default();
            }
            anyhow::bail!("items left unprocessed")
        }
    }))
    .buffer_unordered(16)
    .collect()
    .await;
    for result in results {
        result?;
    }
    Ok(total)
}
