//! Takes whose transactions conflict on the organisation's totals (a burst of uploads).
//! Its own test binary: no other test's upload worker drains the shared queue meanwhile.

#[path = "../../contributors/tests/it/common.rs"]
#[allow(dead_code, unused_imports)]
mod common;

use storyhive_local_stack::testkit::{
    tap::{DynamoTap, Fault},
    TestStack,
};
use storyhive_shared::{
    contributors::{records::MembershipRecord, stats::TenantStats},
    storage::keys,
};

use crate::common::*;

async fn stats(stack: &TestStack, tenant_id: &str) -> TenantStats {
    stack.context.store.get(&keys::tenant_stats(tenant_id)).await.unwrap().unwrap_or_default()
}

#[tokio::test]
async fn takes_that_conflict_on_the_totals_are_all_recorded() {
    // Every take updates the organisation's totals in its transaction; a burst of takes
    // conflicts there. DynamoDB Local never raises TransactionConflict: the tap does.
    let stack = stack().await;
    let invited = invited(&stack, &["A?", "B?", "C?", "D?"]).await;
    let mut keys_uploaded = Vec::new();
    for q in &invited.question_ids {
        keys_uploaded.push(invited.upload(&stack, q, &video(Container::Mp4, 1).make(), "video/mp4").await);
    }
    let tap = DynamoTap::in_front_of_dynamodb().await;
    let tapped = stack.function_context_through("UploadWorkerFunction", &tap);
    let worker = storyhive_upload_worker::UploadWorker::new(&tapped).unwrap();
    tap.inject("TransactWriteItems", 6, Fault::TransactionConflict);
    let results = futures::future::join_all(keys_uploaded.iter().map(|key| worker.process(key))).await;
    for result in results {
        assert_eq!(result.unwrap(), storyhive_upload_worker::Outcome::Recorded);
    }
    assert_eq!(tap.injected(), 6, "the conflicts happened");
    let totals = stats(&stack, &invited.staff.tenant_id).await;
    assert_eq!((totals.video_count, totals.pending_video_responses), (4, 4), "counted once each: {totals:?}");
    let membership: MembershipRecord = stack
        .context
        .store
        .get(&keys::membership(&invited.staff.tenant_id, &invited.campaign_id, &invited.contributor_id))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(membership.answered_count, 4);
}
