//! E-mails: what the API queues ([`MailMessage`]), how each one reads, and the SES
//! adapter the mail worker sends them with.

use anyhow::Context;
use aws_sdk_ses::types::{Body, Content, Destination, Message};
use serde::{Deserialize, Serialize};

/// One e-mail to send, as queued by the API. Rendering happens in the worker so
/// the queue carries only facts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    tag = "kind",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum MailMessage {
    VerifyEmail {
        to: String,
        link: String,
    },
    ResetPassword {
        to: String,
        link: String,
    },
    OrganisationClosed {
        to: String,
        company_name: Option<String>,
    },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RenderedMail {
    pub to: String,
    pub subject: String,
    pub text: String,
    pub html: String,
}

impl MailMessage {
    pub fn to(&self) -> &str {
        match self {
            Self::VerifyEmail { to, .. }
            | Self::ResetPassword { to, .. }
            | Self::OrganisationClosed { to, .. } => to,
        }
    }

    pub fn render(&self) -> RenderedMail {
        let (subject, paragraphs, action): (&str, Vec<String>, Option<(&str, &str)>) = match self {
            Self::VerifyEmail { link, .. } => (
                "Verify your Storyhive e-mail address",
                vec![
                    "Welcome to Storyhive.".into(),
                    "Please confirm your e-mail address to activate your account. The link works once and expires in 24 hours.".into(),
                ],
                Some(("Verify e-mail address", link)),
            ),
            Self::ResetPassword { link, .. } => (
                "Reset your Storyhive password",
                vec![
                    "Someone asked to reset the password of your Storyhive account.".into(),
                    "If it was you, choose a new password with the link below. It works once and expires in 1 hour. If it was not you, ignore this e-mail: your password stays as it is.".into(),
                ],
                Some(("Reset password", link)),
            ),
            Self::OrganisationClosed { company_name, .. } => (
                "Your Storyhive organisation has been closed",
                vec![format!(
                    "The organisation {} has been closed by its super admin. Its accounts can no longer sign in.",
                    company_name.as_deref().unwrap_or("you belonged to")
                )],
                None,
            ),
        };
        let mut text = paragraphs.join("\n\n");
        let mut html = paragraphs
            .iter()
            .map(|p| format!("<p>{}</p>", escape_html(p)))
            .collect::<String>();
        if let Some((label, link)) = action {
            text.push_str(&format!("\n\n{label}: {link}\n"));
            html.push_str(&format!(
                "<p><a href=\"{href}\">{label}</a></p><p>Or paste this address into your browser: {href}</p>",
                href = escape_html(link),
                label = escape_html(label)
            ));
        }
        RenderedMail {
            to: self.to().to_string(),
            subject: subject.into(),
            text,
            html,
        }
    }
}

pub fn escape_html(value: &str) -> String {
    value
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

/// Sends rendered mail through SES.
#[derive(Clone, Debug)]
pub struct SesMailer {
    client: aws_sdk_ses::Client,
    sender: String,
}

impl SesMailer {
    pub fn new(client: aws_sdk_ses::Client, sender: impl Into<String>) -> Self {
        Self {
            client,
            sender: sender.into(),
        }
    }

    pub async fn send(&self, mail: &RenderedMail) -> anyhow::Result<String> {
        let content = |data: &str| Content::builder().data(data).charset("UTF-8").build();
        let message = Message::builder()
            .subject(content(&mail.subject)?)
            .body(
                Body::builder()
                    .text(content(&mail.text)?)
                    .html(content(&mail.html)?)
                    .build(),
            )
            .build();
        let output = self
            .client
            .send_email()
            .source(&self.sender)
            .destination(Destination::builder().to_addresses(&mail.to).build())
            .message(message)
            .send()
            .await
            .context("SES SendEmail")?;
        Ok(output.message_id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_keep_their_shape_on_the_queue() {
        let message = MailMessage::VerifyEmail {
            to: "a@b.org".into(),
            link: "http://x/login?verifyToken=t".into(),
        };
        let json = serde_json::to_value(&message).unwrap();
        assert_eq!(json["kind"], "verifyEmail");
        assert_eq!(
            serde_json::from_value::<MailMessage>(json).unwrap(),
            message
        );
        let closed = MailMessage::OrganisationClosed {
            to: "a@b.org".into(),
            company_name: Some("Acme".into()),
        };
        assert_eq!(
            serde_json::to_value(&closed).unwrap()["companyName"],
            "Acme"
        );
    }

    #[test]
    fn rendered_mail_carries_the_link_in_text_and_html() {
        let link = "http://localhost:3000/reset-password?token=abc&email=a%40b.org";
        let mail = MailMessage::ResetPassword {
            to: "a@b.org".into(),
            link: link.into(),
        }
        .render();
        assert!(mail.text.contains(link));
        assert!(mail.html.contains(
            "href=\"http://localhost:3000/reset-password?token=abc&amp;email=a%40b.org\""
        ));
        assert_eq!(mail.to, "a@b.org");
    }
}
