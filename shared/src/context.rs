//! The state every HTTP function shares: config and the adapters built from it.

use std::sync::Arc;

use crate::{
    aws::AwsClients,
    queue::{CascadeQueue, MailQueue, MediaQueue},
    storage::Store,
    Config,
};

/// Built once in `main` (outside the handler) and shared by every request.
#[derive(Clone, Debug)]
pub struct AppContext {
    pub config: Arc<Config>,
    pub store: Store,
    pub mail: MailQueue,
    pub cascade: CascadeQueue,
    pub s3: aws_sdk_s3::Client,
    /// The media worker's queue (the upload worker hands it recorded takes).
    pub media: MediaQueue,
}

impl AppContext {
    pub fn new(config: Config, clients: &AwsClients) -> Self {
        Self {
            store: Store::new(clients.dynamodb.clone(), config.table_name.clone()),
            mail: MailQueue::new(clients.sqs.clone(), config.mail_queue_url.clone(), "MAIL_QUEUE_URL"),
            cascade: CascadeQueue::new(clients.sqs.clone(), config.cascade_queue_url.clone(), "CASCADE_QUEUE_URL"),
            s3: clients.s3.clone(),
            media: MediaQueue::new(clients.sqs.clone(), config.media_queue_url.clone(), "MEDIA_QUEUE_URL"),
            config: Arc::new(config),
        }
    }
}
