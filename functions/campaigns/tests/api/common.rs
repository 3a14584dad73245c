pub use storyhive_local_stack::testkit::client::*;
use storyhive_local_stack::{provision::CASCADE_QUEUE, testkit::TestStack, worker};

pub async fn stack() -> TestStack {
    let stack = TestStack::start(|context| {
        axum::Router::new()
            .merge(storyhive_accounts::router(context.clone()))
            .merge(storyhive_initiatives::router(context.clone()))
            .merge(storyhive_tags::router(context.clone()))
            .merge(storyhive_campaigns::router(context.clone()))
            .merge(storyhive_questions::router(context))
    })
    .await;
    let cascade = storyhive_cascade_worker::Cascade::new(&stack.context).unwrap();
    stack.with_worker(
        CASCADE_QUEUE,
        worker::handler(move |event| {
            let cascade = cascade.clone();
            async move { storyhive_cascade_worker::handle(&cascade, event).await }
        }),
    )
}
