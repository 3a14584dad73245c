//! Every GET operation of `openapi.json` only reads: driven through the recorder, none of
//! them makes a DynamoDB, S3, SQS or SES write. Functions that serve only reads (the
//! dashboard, search) may not write in AWS, so a write there is a 500 in the cloud that the
//! local IAM check sees only if a test reads first after the state that makes it write.
//!
//! The world holds the rare states a read could be tempted to repair: a live campaign whose
//! expiry date has passed and that no write has settled yet, and a profile naming a
//! deleted department. It is made through one stack; the GETs run through a second one,
//! whose functions' recorders have seen nothing else (both use the same tables).

use std::collections::{BTreeMap, BTreeSet};

use reqwest::Method;
use serde_json::{json, Value};
use storyhive_gateway::HTTP_FUNCTIONS;
use storyhive_local_stack::testkit::{client::call, unique_email, TestStack};

use crate::common::{member, ok, query_param, stack};
use storyhive_shared::{
    campaigns::{
        listing,
        records::{CampaignRecord, CampaignStatus},
        rules,
    },
    model::{self, TenantRecord},
    permissions::Role,
    storage::keys,
};

/// GET routes that write by design, and why.
/// (Staff reads. A call with an organisation API key, on any route kind, also records the
/// key's last use, at most once a minute: `api_keys.rs` holds it to that one write.)
pub(crate) const WRITING_GETS: [(&str, &str); 6] = [
    // Signing out ends the session: its record is deleted (AccountsFunction may write).
    ("/auth/logout", "ends the caller's session"),
    // The public's reads count against the client's budget (a rate counter, which
    // PublicPagesFunction may UpdateItem: template.rs holds it to counters only).
    ("/public/stories/{slug}", "counts the client's read"),
    ("/public/walls/{wallId}", "counts the client's read"),
    ("/public/oembed", "counts the client's read"),
    // An open campaign's sign-up page is public: its reads count against the client's and
    // the deployment's budgets.
    ("/contributor/open/{tenantId}/{campaignId}", "counts the client's read"),
    // The collaborator's landing call with their key is the funnel's "link opened": the
    // membership is marked once (a later call finds the mark and writes nothing).
    ("/contributor/{tenantId}/{campaignId}/{contributorId}", "marks the link opened, once"),
];

/// SDK operations that change something.
const WRITES: [&str; 20] = [
    "PutItem",
    "UpdateItem",
    "DeleteItem",
    "BatchWriteItem",
    "TransactWriteItems",
    "PutObject",
    "DeleteObject",
    "DeleteObjects",
    "CopyObject",
    "CreateMultipartUpload",
    "UploadPart",
    "CompleteMultipartUpload",
    "AbortMultipartUpload",
    "SendMessage",
    "SendMessageBatch",
    "DeleteMessage",
    "ChangeMessageVisibility",
    "SendEmail",
    "SendRawEmail",
    "StartTranscriptionJob",
];

struct World {
    tenant_id: String,
    owner: String,
    coordinator_id: String,
    initiative_id: String,
    tag_id: String,
    campaign_id: String,
    question_id: String,
    contributor_id: String,
    key: String,
    guideline_id: String,
    guideline_value_id: String,
    /// A webhook endpoint (its delivery log is read).
    endpoint_id: String,
}

impl World {
    fn id(&self, path: &str, name: &str) -> String {
        match name {
            "tenantId" => self.tenant_id.clone(),
            "campaignId" => self.campaign_id.clone(),
            "contributorId" => self.contributor_id.clone(),
            "questionId" | "campaignQuestionId" | "journeyId" => self.question_id.clone(),
            "initiativeId" | "deleteInitiative" => self.initiative_id.clone(),
            "userId" | "userRoleId" => self.coordinator_id.clone(),
            "id" if path.starts_with("/initiative") => self.initiative_id.clone(),
            "id" if path.starts_with("/tags") => self.tag_id.clone(),
            "id" if path.starts_with("/question") => self.question_id.clone(),
            "id" if path.starts_with("/contributor") || path.starts_with("/user-state") => self.contributor_id.clone(),
            "id" if path.starts_with("/user/") => self.coordinator_id.clone(),
            "id" if path.starts_with("/guideline/deletevalue") || path.starts_with("/guideline/updatevalue") => {
                self.guideline_value_id.clone()
            }
            "id" | "titleId" if path.starts_with("/guideline") => self.guideline_id.clone(),
            "id" => self.campaign_id.clone(),
            "endpointId" => self.endpoint_id.clone(),
            "videoId" | "storyId" | "jobId" | "wallId" => model::new_id(),
            // No such published item: public reads answer 404, staff calls get past authorization.
            "slug" | "publicationId" => storyhive_shared::publishing::new_slug(),
            "tagId" => self.tag_id.clone(),
            other => panic!("which id is {other} of {path}? add it to World::id"),
        }
    }
}

/// An organisation with a live campaign whose expiry date passed yesterday, unsettled
/// (stored live, as the last write left it), with a question, an invited collaborator
/// and a coordinator whose department was deleted.
async fn world(stack: &TestStack) -> World {
    let tenant_id = model::new_id();
    let mut tenant = TenantRecord::new(&tenant_id, model::now());
    tenant.company_name = Some("Reader Films".into());
    stack.context.store.put(&tenant).await.unwrap();
    let (owner, _) = member(stack, &tenant_id, Role::SuperAdmin, "Reader").await;
    let (coordinator, coordinator_id) = member(stack, &tenant_id, Role::Coordinator, "Reader").await;
    let suffix = &model::new_id()[18..];
    let initiative =
        ok(stack, &owner, Method::POST, "/initiative/add", json!({"name": format!("Reads {suffix}")})).await;
    let tag = ok(stack, &owner, Method::POST, "/tags/add", json!({"name": format!("r{suffix}")})).await;
    let (initiative_id, tag_id) =
        (initiative["id"].as_str().unwrap().to_string(), tag["id"].as_str().unwrap().to_string());
    let campaign = ok(
        stack,
        &owner,
        Method::POST,
        "/campaign/add",
        json!({"initiativeId": initiative_id, "title": "Expired yesterday", "description": "d", "type": "evergreen",
            "visibility": "public", "mode": "landscape", "tags": [tag_id]}),
    )
    .await;
    let campaign_id = campaign["id"].as_str().unwrap().to_string();
    let question =
        ok(stack, &owner, Method::POST, "/question/add", json!({"campaignId": campaign_id, "question": "Why?"})).await;
    let invited = ok(
        stack,
        &owner,
        Method::POST,
        "/campaign/add-contributor",
        json!({"campaignId": campaign_id, "email": unique_email("reads"), "firstName": "Amara", "lastName": "Okafor"}),
    )
    .await;
    let link = invited["contributor"]["inviteLink"].as_str().unwrap().to_string();
    let guideline = ok(
        stack,
        &owner,
        Method::POST,
        "/guideline/addguidelinetitle",
        json!({"title": format!("Reads {suffix}"), "values": ["Face the light"]}),
    )
    .await;

    // Live until yesterday, as a campaign published earlier is the day after its expiry
    // date (the API refuses an expiry date in the past), with its lists kept as a write keeps them.
    let store = &stack.context.store;
    let before: CampaignRecord = store.get(&keys::campaign(&tenant_id, &campaign_id)).await.unwrap().unwrap();
    let mut after = before.clone();
    after.status = CampaignStatus::Live;
    after.made_live = true;
    after.expiry_date = Some(rules::format_date(rules::today().previous_day().unwrap()));
    after.version += 1;
    let mut ops = vec![store.put_op(&after).unwrap()];
    ops.extend(listing::index_ops(store, Some(&before), Some(&after)).unwrap());
    store.transact(ops).await.unwrap();

    let endpoint = ok(
        stack,
        &owner,
        Method::POST,
        "/webhooks/endpoints",
        json!({"url": "https://hooks.example.com/reads", "events": ["answer.stored"]}),
    )
    .await;

    let department = ok(stack, &owner, Method::POST, "/departments/add", json!({"name": "Gone"})).await;
    ok(stack, &coordinator, Method::PUT, "/user/me/update", json!({"department": department["id"]})).await;
    let (status, _) =
        call(stack, Method::DELETE, "/departments/delete", Some(&owner), Some(json!({"id": department["id"]}))).await;
    assert!(status.is_success());

    World {
        tenant_id,
        owner,
        coordinator_id,
        initiative_id,
        tag_id,
        campaign_id,
        question_id: question["questionId"].as_str().unwrap().to_string(),
        contributor_id: query_param(&link, "contributorId"),
        key: query_param(&link, "key"),
        guideline_id: guideline["id"].as_str().unwrap().to_string(),
        guideline_value_id: guideline["values"][0]["id"].as_str().unwrap().to_string(),
        endpoint_id: endpoint["endpoint"]["id"].as_str().unwrap().to_string(),
    }
}

/// Each function's write accesses recorded so far.
fn writes(stack: &TestStack) -> BTreeSet<String> {
    HTTP_FUNCTIONS
        .iter()
        .flat_map(|f| {
            stack.recorded(f.logical_id).into_iter().map(move |access| (f.logical_id, access)).collect::<Vec<_>>()
        })
        .filter(|(_, access)| WRITES.contains(&access.operation.rsplit('.').next().unwrap_or_default()))
        .map(|(function, access)| format!("{function}: {} {} on {:?}", access.operation, access.action, access.target))
        .collect()
}

#[tokio::test]
async fn no_get_route_writes_even_after_a_live_campaign_expired() {
    let setup = stack().await;
    let world = world(&setup).await;
    drop(setup);

    let reads = stack().await;
    let document: Value = serde_json::from_str(&storyhive_gateway::openapi_json()).unwrap();
    let mut driven = 0;
    let mut found: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut seen = writes(&reads);
    assert!(seen.is_empty(), "the reading stack starts with no writes: {seen:?}");
    for (path, item) in document["paths"].as_object().unwrap() {
        let Some(operation) = item.get("get") else { continue };
        if WRITING_GETS.iter().any(|(p, _)| p == path) {
            continue;
        }
        let mut url = path.clone();
        for parameter in operation["parameters"].as_array().into_iter().flatten() {
            let name = parameter["name"].as_str().unwrap();
            match parameter["in"].as_str() {
                Some("path") => url = url.replace(&format!("{{{name}}}"), &world.id(path, name)),
                Some("query") if name == "deleteInitiative" => url = format!("{url}?{name}={}", world.id(path, name)),
                _ => {}
            }
        }
        let schemes: Vec<String> = operation["security"]
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|r| r.as_object().unwrap().keys().cloned().collect::<Vec<_>>())
            .collect();
        let mut request = reads.http.get(reads.url(&url));
        if schemes.iter().any(|s| s == "inviteKey") {
            request = request.header("X-Invite-Key", &world.key);
        } else if schemes.iter().any(|s| s == "staffToken") {
            request = request.bearer_auth(&world.owner);
        }
        let response = request.send().await.unwrap();
        let status = response.status();
        let body = response.text().await.unwrap();
        assert!(!status.is_server_error(), "GET {url}: {status} {body}");
        driven += 1;
        let now = writes(&reads);
        let new: Vec<String> = now.difference(&seen).cloned().collect();
        if !new.is_empty() {
            found.insert(format!("GET {path}"), new);
        }
        seen = now;
    }
    assert!(driven >= 25, "every GET route was driven ({driven})");
    assert!(found.is_empty(), "GET routes that wrote:\n{found:#?}");

    // The reads show the unsettled campaign as expired all the same: in the expired list,
    // not the live one, counted as expired, and on the dashboard's chart.
    let ids = |list: &Value| -> Vec<String> {
        list["items"].as_array().unwrap().iter().map(|c| c["id"].as_str().unwrap().to_string()).collect()
    };
    let list = |status: &'static str| {
        let owner = world.owner.clone();
        let reads = &reads;
        async move {
            let path = format!("/campaign/all-campaigns?status={status}");
            let (status, list) = call(reads, Method::GET, &path, Some(&owner), None).await;
            assert!(status.is_success(), "{list}");
            list
        }
    };
    let expired = list("expired").await;
    assert_eq!(ids(&expired), vec![world.campaign_id.clone()], "{expired}");
    assert_eq!(expired["items"][0]["status"], "expired");
    assert_eq!((expired["counts"]["live"].clone(), expired["counts"]["expired"].clone()), (json!(0), json!(1)));
    assert_eq!(expired["total"], 1);
    let live = list("live").await;
    assert!(ids(&live).is_empty(), "{live}");
    assert_eq!(live["total"], 0);
    let (_, dashboard) = call(&reads, Method::GET, "/dashboard/details", Some(&world.owner), None).await;
    assert_eq!(dashboard["campaignAndVideo"][0]["status"], "expired", "{dashboard}");
    assert!(writes(&reads).is_empty());

    // The next campaign write of the organisation stores it as expired: same answers.
    let (status, body) = call(
        &reads,
        Method::POST,
        "/campaign/add",
        Some(&world.owner),
        Some(json!({"initiativeId": world.initiative_id, "title": "Next one", "description": "d", "type": "evergreen",
            "visibility": "public", "mode": "landscape", "tags": [world.tag_id]})),
    )
    .await;
    assert!(status.is_success(), "{body}");
    let stored: CampaignRecord =
        reads.context.store.get(&keys::campaign(&world.tenant_id, &world.campaign_id)).await.unwrap().unwrap();
    assert_eq!(stored.status, CampaignStatus::Expired);
    let expired = list("expired").await;
    assert_eq!(ids(&expired), vec![world.campaign_id.clone()], "{expired}");
    assert_eq!((expired["counts"]["live"].clone(), expired["counts"]["expired"].clone()), (json!(0), json!(1)));
    assert!(ids(&list("live").await).is_empty());
}
