use std::{sync::Arc, time::Duration};

pub use storyhive_local_stack::testkit::{
    client::*,
    collaborators::*,
    media::{ffprobe, top_level_boxes, video, Container},
};
use storyhive_local_stack::{
    provision::{CASCADE_QUEUE, MEDIA_QUEUE, UPLOAD_QUEUE},
    testkit::{media::asr_python, TestStack},
    worker,
};
use storyhive_media_worker::{transcribe::PocketSphinx, MediaWorker};

pub async fn stack() -> TestStack {
    // Generated videos are rendered by the media worker from takes it converted.
    let stack = TestStack::start("GeneratedVideosFunction", |context| {
        storyhive_generated_videos::router(context).layer(axum::Extension(run_limits()))
    })
    .await
    .with_function("ContributorsFunction", storyhive_contributors::router)
    .with_function("AccountsFunction", storyhive_accounts::router)
    .with_function("InitiativesFunction", storyhive_initiatives::router)
    .with_function("TagsFunction", storyhive_tags::router)
    .with_function("CampaignsFunction", storyhive_campaigns::router)
    .with_function("QuestionsFunction", storyhive_questions::router);
    let uploads = storyhive_upload_worker::UploadWorker::new(&stack.function_context("UploadWorkerFunction")).unwrap();
    let media = media_worker(&stack);
    // Deleting a question removes its answers through the cascade worker.
    let cascade = storyhive_cascade_worker::Cascade::new(&stack.function_context("CascadeWorkerFunction")).unwrap();
    stack
        .with_worker(
            CASCADE_QUEUE,
            worker::handler(move |event| {
                let cascade = cascade.clone();
                async move { storyhive_cascade_worker::handle(&cascade, event).await }
            }),
        )
        .with_worker(
            UPLOAD_QUEUE,
            worker::handler(move |event| {
                let uploads = uploads.clone();
                async move { storyhive_upload_worker::handle(&uploads, event).await }
            }),
        )
        .with_worker(
            MEDIA_QUEUE,
            worker::handler(move |event| {
                let media = media.clone();
                async move { storyhive_media_worker::handle(&media, event).await }
            }),
        )
}

/// The test page's limits as deployed, on counters of this test run's own: the table (and
/// so the hourly counters) is shared by every run on the machine, and the limits' own test
/// spends a budget of its own.
pub fn run_limits() -> storyhive_generated_videos::videotest::VideoTestLimits {
    static RUN: std::sync::OnceLock<storyhive_generated_videos::videotest::VideoTestLimits> =
        std::sync::OnceLock::new();
    RUN.get_or_init(|| {
        let run = storyhive_shared::model::new_id();
        let scoped = |limit: storyhive_shared::ratelimit::Limit| storyhive_shared::ratelimit::Limit {
            scope: Box::leak(format!("{}-{run}", limit.scope).into_boxed_str()),
            ..limit
        };
        let deployed = storyhive_generated_videos::videotest::VideoTestLimits::default();
        storyhive_generated_videos::videotest::VideoTestLimits {
            deployment: deployed.deployment,
            uploads_per_client: scoped(deployed.uploads_per_client),
            uploads_per_deployment: scoped(deployed.uploads_per_deployment),
            processing_per_client: scoped(deployed.processing_per_client),
            processing_per_deployment: scoped(deployed.processing_per_deployment),
        }
    })
    .clone()
}

/// The media worker as the local stack runs it: PocketSphinx from the project's .venv.
pub fn media_worker(stack: &TestStack) -> MediaWorker {
    let engine = PocketSphinx { python: asr_python(), time_limit: Duration::from_secs(120) };
    MediaWorker::new(&stack.function_context("MediaWorkerFunction"), Arc::new(engine)).unwrap()
}
