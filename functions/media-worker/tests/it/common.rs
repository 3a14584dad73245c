use std::{sync::Arc, time::Duration};

pub use storyhive_local_stack::testkit::{
    client::*,
    collaborators::*,
    media::{download, exists, ffprobe, top_level_boxes, video, Container},
};
use storyhive_local_stack::{
    provision::{CASCADE_QUEUE, MEDIA_QUEUE, UPLOAD_QUEUE},
    testkit::{media::asr_python, TestStack},
};
use storyhive_media_worker::{transcribe::Whisper, MediaWorker};

pub async fn stack() -> TestStack {
    take_pipeline(
        TestStack::start("ContributorsFunction", storyhive_contributors::router)
            .await
            .with_function("GeneratedVideosFunction", storyhive_generated_videos::router),
    )
}

/// What a take passes through, around the functions under test: staff's routes to make a
/// campaign, and the upload, media and cascade workers (deleting a question removes its
/// answers through the cascade worker).
pub fn take_pipeline(stack: TestStack) -> TestStack {
    let stack = stack
        .with_function("AccountsFunction", storyhive_accounts::router)
        .with_function("InitiativesFunction", storyhive_initiatives::router)
        .with_function("TagsFunction", storyhive_tags::router)
        .with_function("CampaignsFunction", storyhive_campaigns::router)
        .with_function("QuestionsFunction", storyhive_questions::router);
    let uploads = storyhive_upload_worker::UploadWorker::new(&stack.function_context("UploadWorkerFunction")).unwrap();
    let media = media_worker(&stack);
    let cascade = storyhive_cascade_worker::Cascade::new(&stack.function_context("CascadeWorkerFunction")).unwrap();
    stack
        .with_worker(CASCADE_QUEUE, storyhive_local_stack::worker_handler!(cascade, storyhive_cascade_worker::handle))
        .with_worker(UPLOAD_QUEUE, storyhive_local_stack::worker_handler!(uploads, storyhive_upload_worker::handle))
        .with_worker(MEDIA_QUEUE, storyhive_local_stack::worker_handler!(media, storyhive_media_worker::handle))
}

/// The media worker as the local stack runs it: Whisper from the project's .venv-whisper.
pub fn media_worker(stack: &TestStack) -> MediaWorker {
    let engine = Whisper::new(asr_python(), Duration::from_secs(120));
    MediaWorker::new(&stack.function_context("MediaWorkerFunction"), Arc::new(engine)).unwrap()
}
