use std::{sync::Arc, time::Duration};

pub use storyhive_local_stack::testkit::{
    client::*,
    collaborators::*,
    media::{download, exists, ffprobe, top_level_boxes, video, Container},
};
use storyhive_local_stack::{
    provision::{CASCADE_QUEUE, MEDIA_QUEUE, UPLOAD_QUEUE},
    testkit::{media::asr_python, TestStack},
    worker,
};
use storyhive_media_worker::{transcribe::PocketSphinx, MediaWorker};

pub async fn stack() -> TestStack {
    let stack = TestStack::start("ContributorsFunction", storyhive_contributors::router)
        .await
        .with_function("AccountsFunction", storyhive_accounts::router)
        .with_function("InitiativesFunction", storyhive_initiatives::router)
        .with_function("TagsFunction", storyhive_tags::router)
        .with_function("CampaignsFunction", storyhive_campaigns::router)
        .with_function("QuestionsFunction", storyhive_questions::router)
        .with_function("GeneratedVideosFunction", storyhive_generated_videos::router);
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

/// The media worker as the local stack runs it: PocketSphinx from the project's .venv.
pub fn media_worker(stack: &TestStack) -> MediaWorker {
    let engine = PocketSphinx { python: asr_python(), time_limit: Duration::from_secs(120) };
    MediaWorker::new(&stack.function_context("MediaWorkerFunction"), Arc::new(engine)).unwrap()
}
