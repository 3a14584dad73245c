pub use storyhive_local_stack::testkit::client::*;
use storyhive_local_stack::{provision::CASCADE_QUEUE, testkit::TestStack};

pub async fn stack() -> TestStack {
    // Each router runs as its own function (its own environment and grants), as in AWS.
    let stack = TestStack::start("QuestionsFunction", storyhive_questions::router)
        .await
        .with_function("AccountsFunction", storyhive_accounts::router)
        .with_function("InitiativesFunction", storyhive_initiatives::router)
        .with_function("TagsFunction", storyhive_tags::router)
        .with_function("CampaignsFunction", storyhive_campaigns::router);
    // Deletions finish in the cascade worker, run as SQS delivers its messages.
    let cascade = storyhive_cascade_worker::Cascade::new(&stack.function_context("CascadeWorkerFunction")).unwrap();
    stack.with_worker(CASCADE_QUEUE, storyhive_local_stack::worker_handler!(cascade, storyhive_cascade_worker::handle))
}
