//! SQS adapter: the API hands work to workers through queues, and the messages they carry
//! (plain data; the modules that act on them add their behaviour).

use anyhow::Context;
use serde::{Deserialize, Serialize};

use crate::{aws::LazyClient, mail::MailMessage};

/// A queue of JSON messages of type `T`.
#[derive(Clone, Debug)]
pub struct JsonQueue<T> {
    /// The client and the queue's URL; `None` when this function's environment does not
    /// name the queue (the function then builds no SQS client for it).
    target: Option<(LazyClient<aws_sdk_sqs::Client>, String)>,
    /// The environment variable that names it (for the error when it is missing).
    setting: &'static str,
    _message: std::marker::PhantomData<fn(T)>,
}

impl<T: Serialize> JsonQueue<T> {
    /// The queue at `url` (`None`: not given to this function), sent to with `client`.
    pub fn new(client: Option<LazyClient<aws_sdk_sqs::Client>>, url: Option<String>, setting: &'static str) -> Self {
        Self { target: client.zip(url), setting, _message: std::marker::PhantomData }
    }

    /// Queues one message. Once this returns it is durable: the worker retries it and,
    /// after repeated failures, the dead-letter queue keeps it.
    pub async fn send(&self, message: &T) -> anyhow::Result<()> {
        let (client, url) = self.target.as_ref().ok_or(crate::config::ConfigError(self.setting))?;
        let body = serde_json::to_string(message)?;
        client
            .send_message()
            .queue_url(url)
            .message_body(body)
            .send()
            .await
            .with_context(|| format!("SendMessage to {url}"))?;
        Ok(())
    }

    /// Queues one message that becomes visible after `delay_seconds` (SQS allows up to
    /// 900; longer waits are the receiver's to chain).
    pub async fn send_delayed(&self, message: &T, delay_seconds: u32) -> anyhow::Result<()> {
        let (client, url) = self.target.as_ref().ok_or(crate::config::ConfigError(self.setting))?;
        let body = serde_json::to_string(message)?;
        client
            .send_message()
            .queue_url(url)
            .message_body(body)
            .delay_seconds(delay_seconds.min(MAX_DELAY_SECONDS) as i32)
            .send()
            .await
            .with_context(|| format!("SendMessage to {url}"))?;
        Ok(())
    }
}

/// The longest delay SQS gives one message (15 minutes).
pub const MAX_DELAY_SECONDS: u32 = 900;

/// The queue the mail worker consumes.
pub type MailQueue = JsonQueue<MailMessage>;
/// The queue the cascade worker consumes.
pub type CascadeQueue = JsonQueue<CascadeJob>;
/// The queue the media worker consumes.
pub type MediaQueue = JsonQueue<MediaJob>;
/// The queue the webhook worker consumes.
pub type WebhookQueue = JsonQueue<WebhookJob>;

// ------------------------------------------------------------------- messages

/// Removal work for the cascade worker (`cascade`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum CascadeJob {
    /// An initiative with all its campaigns and their videos.
    DeleteInitiative { tenant_id: String, initiative_id: String },
    /// One campaign with its questions, participants, texts and videos.
    DeleteCampaign { tenant_id: String, campaign_id: String },
    /// A deleted question's answers and their videos.
    DeleteQuestionAnswers { tenant_id: String, campaign_id: String, question_id: String },
    /// Files of the media bucket whose owner is gone: a deleted staff member's avatar
    /// and encouragement video, or (`user_id: None`) every file of a closed
    /// organisation (logo, terms, encouragement videos, avatars, unchecked uploads).
    DeleteFiles {
        tenant_id: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        user_id: Option<String>,
    },
    /// A collaborator withdrew their consent: every live published item holding their
    /// clips is taken down.
    ConsentWithdrawn { tenant_id: String, contributor_id: String },
}

impl CascadeJob {
    /// A stable name of the job: the same deletion asked twice is one pending job.
    pub fn id(&self) -> String {
        match self {
            Self::DeleteInitiative { tenant_id, initiative_id } => format!("initiative#{tenant_id}#{initiative_id}"),
            Self::DeleteCampaign { tenant_id, campaign_id } => format!("campaign#{tenant_id}#{campaign_id}"),
            Self::DeleteQuestionAnswers { tenant_id, campaign_id, question_id } => {
                format!("question#{tenant_id}#{campaign_id}#{question_id}")
            }
            Self::DeleteFiles { tenant_id, user_id } => {
                format!("files#{tenant_id}#{}", user_id.as_deref().unwrap_or("organisation"))
            }
            Self::ConsentWithdrawn { tenant_id, contributor_id } => format!("consent#{tenant_id}#{contributor_id}"),
        }
    }
}

/// Work for the media worker.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum MediaJob {
    /// Convert, poster and transcribe a recorded take.
    #[serde(rename_all = "camelCase")]
    Take { tenant_id: String, campaign_id: String, contributor_id: String, question_id: String, take_key: String },
    /// Render a generated video (`generated::GeneratedVideoRecord`).
    #[serde(rename_all = "camelCase")]
    GeneratedVideo { tenant_id: String, campaign_id: String, video_id: String },
    /// Render a story in one format (`stories::StoryRenderRecord`; `format` is its key name).
    #[serde(rename_all = "camelCase")]
    StoryRender { tenant_id: String, campaign_id: String, story_id: String, format: String },
    /// Cut the pauses of a video test page's upload (`generated::VideoTestJobRecord`).
    #[serde(rename_all = "camelCase")]
    VideoTest { job_id: String },
}

/// Work for the webhook worker (`webhooks`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum WebhookJob {
    /// An event was recorded: hand it to the organisation's endpoints subscribed to it.
    FanOut { tenant_id: String, event_id: String },
    /// One attempt of an event's delivery to one endpoint. `attempt` is the number of
    /// attempts already made (a duplicate message of the same attempt is dropped);
    /// `due_at` (Unix seconds) is when it may be made, for waits longer than SQS's delay.
    /// `manual`: a redelivery asked by hand, one attempt outside the schedule.
    Deliver {
        tenant_id: String,
        event_id: String,
        endpoint_id: String,
        attempt: u32,
        #[serde(default)]
        due_at: i64,
        #[serde(default)]
        manual: bool,
    },
}
