//! The harness's permission check against the test emulators: each function's own
//! clients record what it does (presigned requests too), and a grant missing from
//! `template.yaml` fails the test that exercised it, naming function, action, resource.

use std::time::Duration;

use aws_sdk_s3::presigning::PresigningConfig;
use storyhive_local_stack::{recorder::Target, testkit::TestStack};

fn router(_: storyhive_shared::AppContext) -> axum::Router {
    axum::Router::new()
}

#[tokio::test]
async fn what_a_function_does_is_recorded_and_checked_against_its_grants() {
    let stack = TestStack::start("DashboardFunction", router).await;
    let dashboard = stack.function_context("DashboardFunction");
    // A read the dashboard is granted.
    dashboard.store.get::<serde_json::Value>(&storyhive_shared::storage::keys::tenant("nobody")).await.unwrap();
    stack.assert_permissions();

    // A write it is not granted, and a bucket it is not even given.
    let clients = stack.function_clients("DashboardFunction");
    let table = dashboard.config.table_name.clone();
    clients
        .dynamodb
        .delete_item()
        .table_name(&table)
        .key("PK", aws_sdk_dynamodb::types::AttributeValue::S("nobody".into()))
        .key("SK", aws_sdk_dynamodb::types::AttributeValue::S("nothing".into()))
        .send()
        .await
        .unwrap();
    let bucket = stack.resources.buckets["VideoBucket"].clone();
    clients
        .s3
        .get_object()
        .bucket(&bucket)
        .key("a/b.mp4")
        .presigned(PresigningConfig::expires_in(Duration::from_secs(60)).unwrap())
        .await
        .unwrap();
    let failure = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| stack.assert_permissions()))
        .expect_err("the dashboard only reads");
    let message = failure.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(message.contains("DashboardFunction: dynamodb:DeleteItem on AppTable"), "{message}");
    assert!(message.contains("DashboardFunction: s3:GetObject on VideoBucket objects (S3.GetObject"), "{message}");
    // The stack's Drop would check again and fail this test: forget the bad calls.
    std::mem::forget(stack);
}

#[tokio::test]
async fn presigned_parts_and_missing_objects_need_their_own_grants() {
    let stack = TestStack::start("ContributorsFunction", router).await;
    let contributors = stack.function_clients("ContributorsFunction");
    let bucket = stack.resources.buckets["VideoBucket"].clone();
    contributors
        .s3
        .upload_part()
        .bucket(&bucket)
        .key("t/i/c/k/part.webm")
        .upload_id("u")
        .part_number(1)
        .presigned(PresigningConfig::expires_in(Duration::from_secs(60)).unwrap())
        .await
        .unwrap();
    let missing = contributors.s3.head_object().bucket(&bucket).key("t/i/c/k/not-there.webm").send().await;
    assert!(missing.is_err());
    let accesses = stack.recorded("ContributorsFunction");
    let actions: Vec<(String, Target)> = accesses.into_iter().map(|a| (a.action, a.target)).collect();
    assert!(actions.contains(&(
        "s3:PutObject".into(),
        Target::Object { bucket: bucket.clone(), key: "t/i/c/k/part.webm".into() }
    )));
    assert!(actions.contains(&("s3:ListBucket".into(), Target::Bucket(bucket.clone()))), "{actions:?}");
    // The contributors function is granted all of that.
    stack.assert_permissions();
}
