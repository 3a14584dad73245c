//! The dashboard's figures over HTTP against DynamoDB Local and moto: first steps as the
//! organisation takes them, and the totals and chart as takes are uploaded through the
//! contributors routes and recorded by the upload worker.

use reqwest::StatusCode;
use serde_json::{json, Value};
use storyhive_local_stack::{
    provision::UPLOAD_QUEUE,
    testkit::{
        client::*,
        collaborators::*,
        media::{video, Container},
        TestStack,
    },
    worker,
};
use storyhive_shared::permissions::Role;

async fn stack() -> TestStack {
    // Each router runs as its own function (its own environment and grants), as in AWS.
    let stack = TestStack::start("DashboardFunction", storyhive_dashboard::router)
        .await
        .with_function("AccountsFunction", storyhive_accounts::router)
        .with_function("InitiativesFunction", storyhive_initiatives::router)
        .with_function("TagsFunction", storyhive_tags::router)
        .with_function("CampaignsFunction", storyhive_campaigns::router)
        .with_function("QuestionsFunction", storyhive_questions::router)
        .with_function("ContributorsFunction", storyhive_contributors::router);
    let uploads = storyhive_upload_worker::UploadWorker::new(&stack.function_context("UploadWorkerFunction")).unwrap();
    stack.with_worker(
        UPLOAD_QUEUE,
        worker::handler(move |event| {
            let uploads = uploads.clone();
            async move { storyhive_upload_worker::handle(&uploads, event).await }
        }),
    )
}

async fn dashboard(stack: &TestStack, staff: &Staff, path: &str) -> Value {
    let (status, body) = staff.get(stack, path).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

#[tokio::test]
async fn first_steps_are_done_as_the_organisation_takes_them() {
    let stack = stack().await;
    let staff = organisation(&stack).await;
    let steps = |body: Value| body["firstSteps"].clone();
    let none = json!({"companySetUp": false, "initiativeCreated": false, "campaignCreated": false, "collaboratorInvited": false});
    assert_eq!(steps(dashboard(&stack, &staff, "/dashboard/details").await), none);

    let initiative = staff.initiative(&stack, &unique("Voices")).await;
    let body = dashboard(&stack, &staff, "/dashboard/details").await;
    assert_eq!(
        (body["firstSteps"]["initiativeCreated"].as_bool(), body["firstSteps"]["campaignCreated"].as_bool()),
        (Some(true), Some(false))
    );

    let tag = staff.tag(&stack, &unique("t")[..12]).await;
    staff.campaign(&stack, &initiative, &unique("Our stories"), &[&tag]).await;
    let body = dashboard(&stack, &staff, "/dashboard/details").await;
    assert_eq!(
        (body["firstSteps"]["campaignCreated"].as_bool(), body["firstSteps"]["collaboratorInvited"].as_bool()),
        (Some(true), Some(false))
    );

    // Another organisation's steps are its own.
    let other = organisation(&stack).await;
    assert_eq!(steps(dashboard(&stack, &other, "/dashboard/details").await), none);
}

#[tokio::test]
async fn recorded_takes_count_in_the_totals_and_the_chart_most_videos_first() {
    let stack = stack().await;
    let invited = invited(&stack, &["Who are you?"]).await;
    let staff = invited.staff.clone();
    // A second campaign with no videos, made after the first: newer, yet charted after it.
    let initiative = staff.initiative(&stack, &unique("Quiet")).await;
    let tag = staff.tag(&stack, &unique("t")[..12]).await;
    let quiet = staff.campaign(&stack, &initiative, &unique("Quiet one"), &[&tag]).await;

    let body = dashboard(&stack, &staff, "/dashboard/details").await;
    assert_eq!(body["firstSteps"]["collaboratorInvited"], true);
    assert_eq!((body["pendingVideoResponses"].as_i64(), body["deviceType"].clone()), (Some(0), json!([])));

    invited.upload(&stack, invited.question_id(), &video(Container::Mp4, 2).make(), "video/mp4").await;
    invited.settle_uploads(&stack).await;
    let body = dashboard(&stack, &staff, "/dashboard/details").await;
    assert_eq!(body["pendingVideoResponses"], 1);
    assert_eq!(body["deviceType"], json!([{"deviceType": "Mobile", "count": 1}]));
    assert_eq!(body["hoursOfVideoSubmitted"].as_f64(), Some(0.0), "2 s is 0.00 hours");
    let chart: Vec<(Value, Value)> = body["campaignAndVideo"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["campaignId"].clone(), c["videoCount"].clone()))
        .collect();
    assert_eq!(chart, vec![(json!(invited.campaign_id), json!(1)), (quiet["id"].clone(), json!(0))]);

    // A creator who takes part in no campaign sees the organisation's totals but no chart.
    let creator = member(&stack, &staff.tenant_id, Role::Creator).await;
    let personal = dashboard(&stack, &creator, "/dashboard/details?personalDashboard=true").await;
    assert_eq!(personal["pendingVideoResponses"], 1);
    assert_eq!(personal["campaignAndVideo"], json!([]));
}

#[tokio::test]
async fn the_organisations_published_stories_show_how_they_were_watched_and_no_one_elses() {
    use storyhive_shared::publishing::stats::{count, Event};
    let stack = stack().await;
    let staff = organisation(&stack).await;
    let other = organisation(&stack).await;
    let zero = json!({"views": 0, "embedLoads": 0, "plays": 0, "watchedToTheEnd": 0});
    assert_eq!(dashboard(&stack, &staff, "/dashboard/details").await["publishedStories"], zero);

    // What the public pages' beacons count (two stories of two campaigns), on random shards.
    let store = &stack.context.store;
    for (slug, campaign, event) in [
        ("story-a", "campaign-1", Event::View),
        ("story-a", "campaign-1", Event::View),
        ("story-b", "campaign-2", Event::View),
        ("story-a", "campaign-1", Event::EmbedLoad),
        ("story-a", "campaign-1", Event::Play),
        ("story-b", "campaign-2", Event::Play),
        ("story-b", "campaign-2", Event::Progress100),
    ] {
        count(store, &staff.tenant_id, campaign, slug, event).await.unwrap();
    }
    count(store, &other.tenant_id, "campaign-9", "story-z", Event::View).await.unwrap();

    let body = dashboard(&stack, &staff, "/dashboard/details").await;
    assert_eq!(body["publishedStories"], json!({"views": 3, "embedLoads": 1, "plays": 2, "watchedToTheEnd": 1}));
    // The personal view shows the organisation's totals too (they are not per campaign member).
    let mine = dashboard(&stack, &staff, "/dashboard/details?personalDashboard=true").await;
    assert_eq!(mine["publishedStories"]["views"], 3);
    let theirs = dashboard(&stack, &other, "/dashboard/details").await;
    assert_eq!(theirs["publishedStories"], json!({"views": 1, "embedLoads": 0, "plays": 0, "watchedToTheEnd": 0}));
}
