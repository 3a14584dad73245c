pub use crate::media_common::{media_worker, take_pipeline};
use storyhive_local_stack::testkit::TestStack;
pub use storyhive_local_stack::testkit::{
    client::*,
    collaborators::*,
    media::{ffprobe, top_level_boxes, video, Container},
};

pub async fn stack() -> TestStack {
    // Generated videos are rendered by the media worker from takes it converted.
    take_pipeline(
        TestStack::start("GeneratedVideosFunction", |context| {
            storyhive_generated_videos::router(context).layer(axum::Extension(run_limits()))
        })
        .await
        .with_function("ContributorsFunction", storyhive_contributors::router),
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

/// GETs `url` (a presigned URL).
pub async fn fetch(stack: &storyhive_local_stack::testkit::TestStack, url: &str) -> (reqwest::StatusCode, Vec<u8>) {
    let response = stack.http.get(url).send().await.unwrap();
    (response.status(), response.bytes().await.unwrap().to_vec())
}

pub fn temp_file(bytes: &[u8], ext: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("storyhive-generated-{}.{ext}", storyhive_shared::model::new_id()));
    std::fs::write(&path, bytes).unwrap();
    path
}
