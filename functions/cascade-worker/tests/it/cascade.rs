use reqwest::StatusCode;
use serde_json::json;
use storyhive_local_stack::testkit::TestStack;
use storyhive_shared::{
    cascade::CascadeJob,
    storage::{
        keys,
        objects::{self, Derived, TakeKey},
        Query,
    },
};

use crate::common::*;

async fn put_video(stack: &TestStack, key: &str) {
    stack
        .clients
        .s3
        .put_object()
        .bucket(stack.context.config.video_bucket().unwrap())
        .key(key)
        .body(b"not really a video".to_vec().into())
        .send()
        .await
        .unwrap();
}

async fn objects_under(stack: &TestStack, prefix: &str) -> usize {
    let listing = stack
        .clients
        .s3
        .list_objects_v2()
        .bucket(stack.context.config.video_bucket().unwrap())
        .prefix(prefix)
        .send()
        .await
        .unwrap();
    listing.contents.unwrap_or_default().len()
}

async fn items_in_partition(stack: &TestStack, pk: String) -> usize {
    stack.context.store.query_items(Query::partition(pk)).await.unwrap().len()
}

/// Runs the workers until the cascade queue is drained.
async fn drain(stack: &TestStack) {
    for _ in 0..20 {
        if stack.run_workers().await.unwrap() == 0 {
            return;
        }
    }
}

#[tokio::test]
async fn deleting_a_campaign_removes_its_items_links_and_videos() {
    let stack = stack().await;
    let staff = organisation(&stack).await;
    let (id, initiative) = staff.live_campaign(&stack, &unique("Doomed")).await;
    let prefixes = objects::campaign_prefixes(&staff.tenant_id, &initiative, &id);
    let take = |contributor: &str, at: i64| {
        TakeKey {
            tenant_id: staff.tenant_id.clone(),
            initiative_id: initiative.clone(),
            campaign_id: id.clone(),
            contributor_id: contributor.into(),
            taken_at_ms: at,
            extension: "mp4".into(),
        }
        .key()
    };
    put_video(&stack, &take("contributor1", 1_700_000_000)).await;
    put_video(&stack, &take("contributor2", 1_700_000_001)).await;
    // What the media worker made of a take goes with the campaign.
    put_video(&stack, &Derived::WebMp4.of(&take("contributor1", 1_700_000_000))).await;
    assert_eq!(objects_under(&stack, &prefixes[0]).await, 1);
    let (_, before) = staff.get(&stack, &format!("/campaign/{id}")).await;
    let tag_id = before["tags"][0]["id"].as_str().unwrap().to_string();

    let (status, body) = staff.delete(&stack, &format!("/campaign/delete/{id}"), None).await;
    assert_eq!((status, body["message"].as_str()), (StatusCode::OK, Some("Campaign deleted successfully")));
    // Gone at once for everyone.
    let (status, _) = staff.get(&stack, &format!("/campaign/{id}")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, list) = staff.get(&stack, "/campaign/all-campaigns").await;
    assert_eq!(list["total"], 0);
    let (status, _) =
        call(&stack, reqwest::Method::GET, &format!("/campaign/preview/{}/{id}", staff.tenant_id), None, None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, initiatives) = staff.get(&stack, "/initiative/list").await;
    assert_eq!(initiatives[0]["campaignCount"], 0);
    // Asked again before the worker is done (a lost message, a double click): sent again.
    // (Another test's worker may already have finished it: the queue is shared.)
    let (status, _) = staff.delete(&stack, &format!("/campaign/delete/{id}"), None).await;
    assert!(status == StatusCode::OK || status == StatusCode::NOT_FOUND, "a retried delete is accepted: {status}");

    drain(&stack).await;
    let (status, _) = staff.delete(&stack, &format!("/campaign/delete/{id}"), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "once it is gone");
    for prefix in &prefixes {
        assert_eq!(objects_under(&stack, prefix).await, 0, "{prefix}");
    }
    assert_eq!(items_in_partition(&stack, keys::campaign_partition(&staff.tenant_id, &id)).await, 0);
    assert_eq!(items_in_partition(&stack, keys::tag_links_partition(&staff.tenant_id, &tag_id)).await, 0);
}

#[tokio::test]
async fn deleting_an_initiative_cascades_to_campaigns_and_videos_even_when_interrupted() {
    let stack = stack().await;
    let staff = organisation(&stack).await;
    let name = unique("Ending");
    let initiative = staff.initiative(&stack, &name).await;
    let tag = staff.tag(&stack, "cascade").await;
    let mut campaigns = Vec::new();
    for title in ["One", "Two", "Three"] {
        let campaign = staff.campaign(&stack, &initiative, title, &[&tag]).await;
        let id = campaign["id"].as_str().unwrap().to_string();
        staff.question(&stack, &id, "Tell us").await;
        let take = TakeKey {
            tenant_id: staff.tenant_id.clone(),
            initiative_id: initiative.clone(),
            campaign_id: id.clone(),
            contributor_id: "c".into(),
            taken_at_ms: 1,
            extension: "mp4".into(),
        }
        .key();
        put_video(&stack, &take).await;
        put_video(&stack, &Derived::Poster.of(&take)).await;
        campaigns.push(id);
    }
    let other = staff.initiative(&stack, &unique("Staying")).await;
    let survivor = staff.campaign(&stack, &other, "Survivor", &[&tag]).await;

    let (status, body) = staff.delete(&stack, &format!("/initiative/delete?deleteInitiative={initiative}"), None).await;
    assert_eq!((status, body["message"].as_str()), (StatusCode::OK, Some("Initiative deleted successfully")));
    let (_, list) = staff.get(&stack, "/initiative/list").await;
    assert_eq!(list.as_array().unwrap().len(), 1, "the initiative disappears at once");
    let (_, all) = staff.get(&stack, "/campaign/all-campaigns").await;
    assert_eq!(
        (all["total"].as_u64(), all["items"][0]["id"].as_str()),
        (Some(1), survivor["id"].as_str()),
        "its campaigns too"
    );
    let (status, body) = staff.post(&stack, "/campaign/add", campaign_body(&initiative, "Late", &[&tag])).await;
    assert_eq!((status, first_message(&body)), (StatusCode::BAD_REQUEST, "Please select an initiative from the list"));

    // The worker dies after the first campaign: that campaign is purged, nothing else.
    let worker = stack.function_context("CascadeWorkerFunction");
    storyhive_shared::cascade::purge_campaign(
        &worker.store,
        worker.s3().unwrap(),
        worker.config.video_bucket().unwrap(),
        &staff.tenant_id,
        &campaigns[0],
    )
    .await
    .unwrap();
    // SQS then delivers the job (twice, as at-least-once delivery may).
    let job = CascadeJob::DeleteInitiative { tenant_id: staff.tenant_id.clone(), initiative_id: initiative.clone() };
    stack.context.cascade.send(&job).await.unwrap();
    drain(&stack).await;

    for prefix in objects::initiative_prefixes(&staff.tenant_id, &initiative) {
        assert_eq!(objects_under(&stack, &prefix).await, 0, "{prefix}");
    }
    for id in &campaigns {
        assert_eq!(
            items_in_partition(&stack, keys::campaign_partition(&staff.tenant_id, id)).await,
            0,
            "campaign {id} left items"
        );
    }
    let leftovers: Vec<storyhive_shared::campaigns::records::CampaignRecord> = stack
        .context
        .store
        .query(Query::gsi2(keys::campaigns_of_initiative_gsi2(&staff.tenant_id, &initiative)))
        .await
        .unwrap();
    assert!(leftovers.is_empty());
    assert!(stack
        .context
        .store
        .get::<serde_json::Value>(&keys::initiative(&staff.tenant_id, &initiative))
        .await
        .unwrap()
        .is_none());
    // The name can be used again, and the other initiative is untouched.
    staff.initiative(&stack, &name).await;
    let (status, _) = staff.get(&stack, &format!("/campaign/{}", survivor["id"].as_str().unwrap())).await;
    assert_eq!(status, StatusCode::OK);
    let (_, links) = staff.get(&stack, "/tags/all-tags").await;
    assert_eq!(links.as_array().unwrap().len(), 1);
    let remaining = items_in_partition(&stack, keys::tag_links_partition(&staff.tenant_id, &tag)).await;
    assert_eq!(remaining, 1, "only the survivor's tag link remains");
    let _ = json!(null);
}

#[tokio::test]
async fn closing_an_organisation_removes_its_campaigns_and_videos() {
    let stack = stack().await;
    let owner = organisation(&stack).await;
    let (campaign_id, initiative_id) = owner.live_campaign(&stack, &unique("Closing")).await;
    let prefix = objects::campaign_folder(&owner.tenant_id, &initiative_id, &campaign_id);
    put_video(&stack, &format!("{prefix}someone/1-recorded_video.mp4")).await;
    let (_, me) = owner.get(&stack, "/user/me").await;
    let (status, body) =
        owner.delete(&stack, "/user/me", Some(json!({"email": me["email"], "password": PASSWORD}))).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    drain(&stack).await;
    for prefix in objects::initiative_prefixes(&owner.tenant_id, &initiative_id) {
        assert_eq!(objects_under(&stack, &prefix).await, 0, "{prefix}");
    }
    assert_eq!(items_in_partition(&stack, keys::campaign_partition(&owner.tenant_id, &campaign_id)).await, 0);
    assert!(stack
        .context
        .store
        .get::<serde_json::Value>(&keys::initiative(&owner.tenant_id, &initiative_id))
        .await
        .unwrap()
        .is_none());
}
