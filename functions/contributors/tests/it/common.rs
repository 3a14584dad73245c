pub use storyhive_local_stack::testkit::{
    client::*,
    collaborators::*,
    media::{video, Container},
};
use storyhive_local_stack::{
    provision::{CASCADE_QUEUE, MAIL_QUEUE, UPLOAD_QUEUE},
    testkit::TestStack,
};
use storyhive_shared::mail::SesMailer;

pub async fn stack() -> TestStack {
    // Each router runs as its own function (its own environment and grants), as in AWS.
    let stack = TestStack::start("ContributorsFunction", storyhive_contributors::router)
        .await
        .with_function("AccountsFunction", storyhive_accounts::router)
        .with_function("InitiativesFunction", storyhive_initiatives::router)
        .with_function("TagsFunction", storyhive_tags::router)
        .with_function("CampaignsFunction", storyhive_campaigns::router)
        .with_function("QuestionsFunction", storyhive_questions::router)
        .with_function("DashboardFunction", storyhive_dashboard::router);
    let mail_worker = stack.function_context("MailWorkerFunction");
    let mailer = SesMailer::new(
        stack.function_clients("MailWorkerFunction").ses,
        mail_worker.config.ses_sender().expect("the mail worker's SES_SENDER"),
    );
    let uploads = upload_worker(&stack);
    let cascade = storyhive_cascade_worker::Cascade::new(&stack.function_context("CascadeWorkerFunction")).unwrap();
    stack
        .with_worker(MAIL_QUEUE, storyhive_local_stack::worker_handler!(mailer, storyhive_mail_worker::handle))
        .with_worker(UPLOAD_QUEUE, storyhive_local_stack::worker_handler!(uploads, storyhive_upload_worker::handle))
        .with_worker(CASCADE_QUEUE, storyhive_local_stack::worker_handler!(cascade, storyhive_cascade_worker::handle))
}

pub fn upload_worker(stack: &TestStack) -> storyhive_upload_worker::UploadWorker {
    storyhive_upload_worker::UploadWorker::new(&stack.function_context("UploadWorkerFunction")).unwrap()
}
