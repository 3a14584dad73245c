//! Deletes that are retried, writes that race, reads that must be consistent, and
//! input that must be refused before it reaches a key.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use storyhive_local_stack::testkit::{tap::DynamoTap, TestStack};
use storyhive_shared::{
    campaigns::{
        listing,
        records::{CampaignRecord, InitiativeRecord, QuestionRecord, TagRecord},
    },
    cascade::{self, CascadeJob},
    model,
    storage::{keys, AttributeValue, Query},
};

use crate::common::*;

/// Runs the workers until the cascade queue is drained.
async fn drain(stack: &TestStack) {
    for _ in 0..20 {
        if stack.run_workers().await.unwrap() == 0 {
            return;
        }
    }
}

fn cascade_worker(stack: &TestStack) -> storyhive_cascade_worker::Cascade {
    storyhive_cascade_worker::Cascade::new(&stack.function_context("CascadeWorkerFunction")).unwrap()
}

/// A function's router, built from its context.
type RouterFn = fn(storyhive_shared::AppContext) -> axum::Router;

/// The campaign-side functions on one port, `function`'s DynamoDB calls through `tap`.
async fn tapped_stack(function: &str, router: RouterFn, tap: &DynamoTap) -> TestStack {
    let mut stack = TestStack::start_tapped(function, Some(tap), router).await;
    let others: [(&str, RouterFn); 5] = [
        ("AccountsFunction", storyhive_accounts::router),
        ("InitiativesFunction", storyhive_initiatives::router),
        ("TagsFunction", storyhive_tags::router),
        ("CampaignsFunction", storyhive_campaigns::router),
        ("QuestionsFunction", storyhive_questions::router),
    ];
    for (id, build) in others {
        if id != function {
            stack = stack.with_function(id, build);
        }
    }
    stack
}

/// Marks `campaign` deleting and records the job pending, as a delete whose message the
/// queue then refused would have left it.
async fn marked_but_never_queued(stack: &TestStack, tenant_id: &str, campaign_id: &str) -> CascadeJob {
    let store = &stack.context.store;
    let job = CascadeJob::DeleteCampaign { tenant_id: tenant_id.into(), campaign_id: campaign_id.into() };
    let campaign: CampaignRecord = store.get(&keys::campaign(tenant_id, campaign_id)).await.unwrap().unwrap();
    let mark = store
        .update_op(&campaign.key(), |u| {
            u.update_expression("SET lifecycle = :deleting")
                .expression_attribute_values(":deleting", AttributeValue::S("deleting".into()))
        })
        .unwrap();
    let pending = cascade::PendingCascade::new(&job, model::now() - time::Duration::hours(1));
    let mut ops = vec![mark, store.put_op(&pending).unwrap()];
    ops.extend(listing::index_ops(store, Some(&campaign), None).unwrap());
    store.transact(ops).await.unwrap();
    job
}

#[tokio::test]
async fn a_delete_whose_message_was_lost_finishes_on_retry_or_by_the_sweep() {
    let stack = stack().await;
    let staff = organisation(&stack).await;
    let initiative = staff.initiative(&stack, &unique("Lost")).await;
    let tag = staff.tag(&stack, &unique("l")[..10]).await;
    let store = &stack.context.store;

    // Retried by staff: the campaign is gone from every list, but a retry is accepted.
    let first = staff.campaign(&stack, &initiative, "Retried", &[&tag]).await;
    let first = first["id"].as_str().unwrap().to_string();
    marked_but_never_queued(&stack, &staff.tenant_id, &first).await;
    let (status, _) = staff.delete(&stack, &format!("/campaign/delete/{first}"), None).await;
    assert_eq!(status, StatusCode::OK, "a campaign already marked deleting is queued again");
    drain(&stack).await;
    let gone: Option<CampaignRecord> = store.get(&keys::campaign(&staff.tenant_id, &first)).await.unwrap();
    assert!(gone.is_none(), "the retried delete finished");

    // Never retried: the worker's sweep finds the pending job and sends it again.
    let second = staff.campaign(&stack, &initiative, "Swept", &[&tag]).await;
    let second = second["id"].as_str().unwrap().to_string();
    let job = marked_but_never_queued(&stack, &staff.tenant_id, &second).await;
    let resent = cascade_worker(&stack).sweep(model::now().unix_timestamp()).await.unwrap();
    assert!(resent >= 1);
    drain(&stack).await;
    let gone: Option<CampaignRecord> = store.get(&keys::campaign(&staff.tenant_id, &second)).await.unwrap();
    assert!(gone.is_none(), "the swept delete finished");
    let still_pending: Option<cascade::PendingCascade> = store.get(&keys::pending_cascade(&job.id())).await.unwrap();
    assert!(still_pending.is_none(), "a finished job is no longer pending");

    // An initiative marked deleting is queued again by a retried delete too.
    let initiative_record: InitiativeRecord =
        store.get(&keys::initiative(&staff.tenant_id, &initiative)).await.unwrap().unwrap();
    store
        .update::<InitiativeRecord>(&initiative_record.key(), |u| {
            u.update_expression("SET #s = :deleting")
                .expression_attribute_names("#s", "status")
                .expression_attribute_values(":deleting", AttributeValue::S("deleting".into()))
        })
        .await
        .unwrap();
    let (status, _) = staff.delete(&stack, &format!("/initiative/delete?deleteInitiative={initiative}"), None).await;
    assert_eq!(status, StatusCode::OK);
    drain(&stack).await;
    let gone: Option<InitiativeRecord> = store.get(&initiative_record.key()).await.unwrap();
    assert!(gone.is_none(), "the retried initiative delete finished");
}

#[tokio::test]
async fn two_questions_added_at_the_same_moment_never_share_a_sequence() {
    let tap = DynamoTap::in_front_of_dynamodb().await;
    let stack = tapped_stack("QuestionsFunction", storyhive_questions::router, &tap).await;
    let staff = organisation(&stack).await;
    let initiative = staff.initiative(&stack, &unique("Race")).await;
    let tag = staff.tag(&stack, &unique("r")[..10]).await;
    let campaign = staff.campaign(&stack, &initiative, "Racing questions", &[&tag]).await;
    let id = campaign["id"].as_str().unwrap().to_string();
    staff.question(&stack, &id, "First?").await;

    // Just before the first add writes, another add of the same campaign commits.
    let (url, token, campaign_id) = (stack.base_url.clone(), staff.token.clone(), id.clone());
    tap.inject(
        "TransactWriteItems",
        1,
        DynamoTap::hook(move |_| {
            let (url, token, campaign_id) = (url.clone(), token.clone(), campaign_id.clone());
            async move {
                let response = reqwest::Client::new()
                    .post(format!("{url}/question/add"))
                    .bearer_auth(token)
                    .json(&json!({"campaignId": campaign_id, "question": "Racer?"}))
                    .send()
                    .await
                    .unwrap();
                assert_eq!(response.status(), StatusCode::CREATED);
            }
        }),
    );
    let (status, body) = staff.post(&stack, "/question/add", json!({"campaignId": id, "question": "Late?"})).await;
    assert_eq!(status, StatusCode::CONFLICT, "the slower add is refused, not numbered twice: {body}");
    let questions: Vec<QuestionRecord> = stack
        .context
        .store
        .query(Query::table(keys::campaign_partition(&staff.tenant_id, &id), keys::QUESTION_PREFIX))
        .await
        .unwrap();
    let mut sequences: Vec<u32> = questions.iter().map(|q| q.sequence).collect();
    sequences.sort();
    assert_eq!(sequences, vec![1, 2], "dense and unique");
}

#[tokio::test]
async fn a_tag_deleted_while_a_campaign_is_saved_is_not_linked_to_it() {
    let tap = DynamoTap::in_front_of_dynamodb().await;
    let stack = tapped_stack("CampaignsFunction", storyhive_campaigns::router, &tap).await;
    let staff = organisation(&stack).await;
    let initiative = staff.initiative(&stack, &unique("Tags")).await;
    let kept = staff.tag(&stack, &unique("k")[..10]).await;
    let doomed = staff.tag(&stack, &unique("d")[..10]).await;
    let campaign = staff.campaign(&stack, &initiative, "Tagged", &[&kept]).await;
    let id = campaign["id"].as_str().unwrap().to_string();

    let (url, token, tag_id) = (stack.base_url.clone(), staff.token.clone(), doomed.clone());
    tap.inject(
        "TransactWriteItems",
        1,
        DynamoTap::hook(move |_| {
            let (url, token, tag_id) = (url.clone(), token.clone(), tag_id.clone());
            async move {
                let response = reqwest::Client::new()
                    .delete(format!("{url}/tags/delete"))
                    .bearer_auth(token)
                    .json(&json!({"id": tag_id}))
                    .send()
                    .await
                    .unwrap();
                assert_eq!(response.status(), StatusCode::OK);
            }
        }),
    );
    let (status, _) = staff
        .put(&stack, "/campaign/update", json!({"id": id, "version": campaign["version"], "tags": [kept, doomed]}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    let stored: CampaignRecord =
        stack.context.store.get(&keys::campaign(&staff.tenant_id, &id)).await.unwrap().unwrap();
    assert_eq!(stored.tag_ids, vec![kept.clone()], "no dangling tag");
    let links = stack
        .context
        .store
        .query_items(Query::partition(keys::tag_links_partition(&staff.tenant_id, &doomed)))
        .await
        .unwrap();
    assert!(links.is_empty(), "no link to a deleted tag");
    let tag: Option<TagRecord> = stack.context.store.get(&keys::tag(&staff.tenant_id, &doomed)).await.unwrap();
    assert!(tag.is_none());
}

#[tokio::test]
async fn reads_that_decide_a_write_are_consistent() {
    let tap = DynamoTap::in_front_of_dynamodb().await;
    let stack = tapped_stack("CampaignsFunction", storyhive_campaigns::router, &tap).await;
    let staff = organisation(&stack).await;
    let initiative = staff.initiative(&stack, &unique("Saves")).await;
    let tag = staff.tag(&stack, &unique("s")[..10]).await;
    let campaign = staff.campaign(&stack, &initiative, "Auto-saved", &[&tag]).await;
    let id = campaign["id"].as_str().unwrap().to_string();
    tap.clear();
    // Two auto-saves in a row, each sending the version the previous one answered.
    let (status, saved) = staff
        .post(
            &stack,
            "/campaign/auto-save-brief",
            json!({"campaignId": id, "version": campaign["version"], "brief": "<p>One</p>"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = staff
        .post(
            &stack,
            "/campaign/auto-save-brief",
            json!({"campaignId": id, "version": saved["version"], "brief": "<p>Two</p>"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let table_reads: Vec<_> = tap
        .exchanges()
        .into_iter()
        .filter(|e| matches!(e.operation.as_str(), "Query" | "GetItem"))
        .filter(|e| e.request.get("IndexName").is_none())
        .collect();
    assert!(!table_reads.is_empty());
    for read in &table_reads {
        assert_eq!(read.request["ConsistentRead"], Value::Bool(true), "{} {}", read.operation, read.request);
    }
    let batch_reads = tap.exchanges().into_iter().filter(|e| e.operation == "BatchGetItem").collect::<Vec<_>>();
    for read in &batch_reads {
        let consistent =
            read.request["RequestItems"].as_object().unwrap().values().all(|t| t["ConsistentRead"] == true);
        assert!(consistent, "{}", read.request);
    }
}

#[tokio::test]
async fn ids_and_bodies_are_checked_before_any_lookup() {
    let stack = stack().await;
    let staff = organisation(&stack).await;
    let long = "a".repeat(1100);
    for (method, path, body) in [
        (Method::DELETE, format!("/initiative/delete?deleteInitiative={long}"), None),
        (Method::PUT, "/initiative/update".to_string(), Some(json!({"id": long, "name": "Renamed"}))),
        (Method::DELETE, "/tags/delete".to_string(), Some(json!({"id": long}))),
        (Method::GET, format!("/campaign/{long}"), None),
        (Method::GET, format!("/question/list/{long}"), None),
        (Method::POST, "/campaign/add".to_string(), Some(json!({"initiativeId": long, "title": "t"}))),
    ] {
        let (status, response) = call(&stack, method.clone(), &path, Some(&staff.token), body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{method} {}: {response}", &path[..40.min(path.len())]);
        assert_eq!(response["detail"], "This id is not valid", "{response}");
    }
    // A body that is not an object changes nothing and says so.
    for body in [json!([]), json!("x"), json!(42)] {
        let (status, response) = call(&stack, Method::PUT, "/initiative/update", Some(&staff.token), Some(body)).await;
        assert_eq!((status, detail(&response)), (StatusCode::BAD_REQUEST, "The request body must be a JSON object."));
    }
    // A field of the wrong type names the field.
    let (status, response) = staff.post(&stack, "/campaign/add", json!({"title": 7})).await;
    assert_eq!((status, response["errors"][0]["field"].as_str()), (StatusCode::BAD_REQUEST, Some("title")));
}

#[tokio::test]
async fn every_error_is_json_with_the_request_id_of_its_answer() {
    let stack = stack().await;
    let staff = organisation(&stack).await;
    for (method, path, expected) in [
        (Method::POST, "/initiative/list", StatusCode::METHOD_NOT_ALLOWED),
        (Method::GET, "/tags/delete", StatusCode::METHOD_NOT_ALLOWED),
        (Method::GET, "/no/such/route", StatusCode::NOT_FOUND),
        (Method::GET, "/initiative/list-of-everything", StatusCode::NOT_FOUND),
    ] {
        let response =
            stack.http.request(method.clone(), stack.url(path)).bearer_auth(&staff.token).send().await.unwrap();
        assert_eq!(response.status(), expected, "{method} {path}");
        let header = response.headers().get("x-request-id").map(|v| v.to_str().unwrap().to_string());
        let body: Value = response.json().await.expect("a JSON body");
        assert!(body["detail"].as_str().is_some_and(|d| !d.is_empty()), "{body}");
        assert_eq!(body["requestId"].as_str().map(String::from), header, "the body shows the answer's id");
    }
    let response = stack.http.get(stack.url("/initiative/list")).bearer_auth(&staff.token).send().await.unwrap();
    assert!(response.headers().get("x-request-id").is_some(), "every answer carries its id");
}

#[tokio::test]
async fn a_page_of_the_campaign_list_reads_a_page_however_many_campaigns_there_are() {
    let tap = DynamoTap::in_front_of_dynamodb().await;
    let stack = tapped_stack("CampaignsFunction", storyhive_campaigns::router, &tap).await;
    let staff = organisation(&stack).await;
    let initiative = staff.initiative(&stack, &unique("Many")).await;
    let tag = staff.tag(&stack, &unique("m")[..10]).await;
    let measure = |path: &'static str| {
        let (tap, stack, staff) = (&tap, &stack, &staff);
        async move {
            tap.clear();
            let (status, body) = staff.get(stack, path).await;
            assert_eq!(status, StatusCode::OK, "{body}");
            let exchanges = tap.exchanges();
            (exchanges.len(), exchanges.iter().map(|e| e.items_read()).sum::<usize>(), body)
        }
    };
    for i in 0..12 {
        staff.campaign(&stack, &initiative, &format!("Campaign {i:02}"), &[&tag]).await;
    }
    let (calls_12, read_12, page) = measure("/campaign/all-campaigns?sort=az").await;
    assert_eq!((page["total"].as_u64(), page["items"].as_array().unwrap().len()), (Some(12), 10));
    for i in 12..40 {
        staff.campaign(&stack, &initiative, &format!("Campaign {i:02}"), &[&tag]).await;
    }
    let (calls_40, read_40, page) = measure("/campaign/all-campaigns?sort=az").await;
    assert_eq!((page["total"].as_u64(), page["counts"]["draft"].as_u64()), (Some(40), Some(40)));
    assert_eq!((calls_12, read_12), (calls_40, read_40), "round trips and items read of page 1");
    assert!(read_40 < 30, "a page of 10 reads tens of items, not the organisation: {read_40}");
    // The next page through its cursor, and a search, read what they show too.
    let cursor = page["nextCursor"].as_str().unwrap().to_string();
    let (status, next) = staff.get(&stack, &format!("/campaign/all-campaigns?sort=az&page=2&cursor={cursor}")).await;
    assert_eq!((status, next["items"][0]["title"].as_str()), (StatusCode::OK, Some("Campaign 10")));
    let (_, found) = staff.get(&stack, "/campaign/all-campaigns?search=campaign%2033").await;
    assert_eq!((found["total"].as_u64(), found["items"][0]["title"].as_str()), (Some(1), Some("Campaign 33")));
}
