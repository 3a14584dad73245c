//! E-mails: what the API queues ([`MailMessage`]), how each one reads, and the SES
//! adapter the mail worker sends them with.

use anyhow::Context;
use aws_sdk_ses::types::{Body, Content, Destination, Message};
use serde::{Deserialize, Serialize};

/// One e-mail to send, as queued by the API. Rendering happens in the worker so
/// the queue carries only facts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
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
    /// A collaborator's personal link to a campaign.
    Invitation {
        to: String,
        first_name: String,
        campaign_title: String,
        company_name: Option<String>,
        link: String,
        /// The campaign's deadline (`YYYY-MM-DD`), when it has one.
        #[serde(default)]
        deadline: Option<String>,
        /// How long answering takes (`CampaignParts::estimated_minutes`); 0 when unknown.
        #[serde(default)]
        minutes: u32,
    },
    /// Staff sent answers back to be recorded again.
    ReRecordRequest {
        to: String,
        first_name: String,
        campaign_title: String,
        questions: Vec<String>,
        link: String,
    },
    /// A staff member invited to join an organisation with a role.
    StaffInvitation {
        to: String,
        inviter_name: String,
        company_name: Option<String>,
        role_label: String,
        link: String,
    },
    /// A staff member's help request: to the support address, or the sender's copy.
    HelpRequest {
        to: String,
        /// The sender's copy (worded for them) rather than support's.
        copy: bool,
        reference: String,
        category: String,
        sender_name: String,
        sender_email: String,
        company_name: Option<String>,
        message: String,
    },
    /// A request for a professional editor for a campaign's videos (or its withdrawal).
    EditorRequest {
        to: String,
        copy: bool,
        reference: String,
        campaign_title: String,
        sender_name: String,
        sender_email: String,
        company_name: Option<String>,
        message: String,
        cancelled: bool,
    },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RenderedMail {
    pub to: String,
    pub subject: String,
    /// Shown as the sender's name ("Acme Films via Storyhive"); the address stays the
    /// configured sender.
    pub sender_name: Option<String>,
    pub text: String,
    pub html: String,
}

impl MailMessage {
    pub fn to(&self) -> &str {
        match self {
            Self::VerifyEmail { to, .. }
            | Self::ResetPassword { to, .. }
            | Self::OrganisationClosed { to, .. }
            | Self::Invitation { to, .. }
            | Self::ReRecordRequest { to, .. }
            | Self::StaffInvitation { to, .. }
            | Self::HelpRequest { to, .. }
            | Self::EditorRequest { to, .. } => to,
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
            // Its subject and sender name are the organisation's: rendered on its own.
            Self::Invitation { first_name, campaign_title, company_name, link, deadline, minutes, .. } => {
                return self.invitation(
                    first_name,
                    campaign_title,
                    company_name.as_deref(),
                    link,
                    deadline.as_deref(),
                    *minutes,
                )
            }
            Self::ReRecordRequest { first_name, campaign_title, questions, link, .. } => (
                "Please record a few answers again",
                vec![
                    format!("Hello {first_name},"),
                    format!("The team behind \"{campaign_title}\" would like you to record these answers again: {}.", questions.join("; ")),
                ],
                Some(("Record again", link)),
            ),
            Self::StaffInvitation { inviter_name, company_name, role_label, link, .. } => (
                "You are invited to join your team on Storyhive",
                vec![
                    format!(
                        "{inviter_name} invites you to join {} on Storyhive as {role_label}.",
                        company_name.as_deref().unwrap_or("their organisation")
                    ),
                    "Choose your password with the link below to activate your account. The link works once and expires in 7 days; a newer invitation replaces it.".into(),
                ],
                Some(("Accept the invitation", link)),
            ),
            Self::HelpRequest {
                copy, reference, category, sender_name, sender_email, company_name, message, ..
            } => {
                let organisation = company_name.as_deref().unwrap_or("an organisation without a name");
                let mut paragraphs = if *copy {
                    vec![
                        format!("Hello {sender_name},"),
                        format!("We received your help request ({category}). Our support team will answer you at {sender_email}. Your reference is {reference}."),
                    ]
                } else {
                    vec![format!("{sender_name} <{sender_email}> of {organisation} asks for help ({category}). Reference {reference}; reply to {sender_email}.")]
                };
                paragraphs.push(format!("Message: {message}"));
                (if *copy { "We received your help request" } else { "Help request" }, paragraphs, None)
            }
            Self::EditorRequest {
                copy, reference, campaign_title, sender_name, sender_email, company_name, message, cancelled, ..
            } => {
                let organisation = company_name.as_deref().unwrap_or("an organisation without a name");
                let (subject, mut paragraphs) = match (*copy, *cancelled) {
                    (true, false) => ("We received your request for a professional editor", vec![
                        format!("Hello {sender_name},"),
                        format!("We received your request for a professional editor for the videos of \"{campaign_title}\". Our team will contact you at {sender_email}. Your reference is {reference}."),
                    ]),
                    (true, true) => ("Your request for a professional editor was withdrawn", vec![
                        format!("Hello {sender_name},"),
                        format!("You withdrew your request {reference} for a professional editor for \"{campaign_title}\"."),
                    ]),
                    (false, false) => ("Professional editor requested", vec![format!(
                        "{sender_name} <{sender_email}> of {organisation} asks for a professional editor for the videos of \"{campaign_title}\". Reference {reference}; reply to {sender_email}."
                    )]),
                    (false, true) => ("Professional editor request withdrawn", vec![format!(
                        "{sender_name} <{sender_email}> of {organisation} withdrew the request {reference} for a professional editor for \"{campaign_title}\"."
                    )]),
                };
                paragraphs.push(format!("Message: {message}"));
                (subject, paragraphs, None)
            }
        };
        RenderedMail::new(self.to(), subject.into(), None, &paragraphs, action)
    }

    /// A collaborator's invitation says what they decide on: who asks (the organisation,
    /// in the subject and as the sender's name), by when, and how long it takes.
    fn invitation(
        &self,
        first_name: &str,
        campaign_title: &str,
        company_name: Option<&str>,
        link: &str,
        deadline: Option<&str>,
        minutes: u32,
    ) -> RenderedMail {
        let company = company_name.map(str::trim).filter(|c| !c.is_empty());
        let subject = match company {
            Some(company) => format!("{company} invites you to share your story"),
            None => "You are invited to share your story".into(),
        };
        let mut paragraphs = vec![
            format!("Hello {first_name},"),
            format!(
                "{} invites you to answer a few questions on video for \"{campaign_title}\". You can record on your phone or computer, with a teleprompter to help you, and practise first.",
                company.unwrap_or("A Storyhive organisation")
            ),
        ];
        let mut facts = Vec::new();
        if minutes > 0 {
            facts.push(format!("It takes about {minutes} minute{}.", if minutes == 1 { "" } else { "s" }));
        }
        if let Some(day) = deadline.and_then(long_date) {
            facts.push(format!("Please send your answers by {day}."));
        }
        if !facts.is_empty() {
            paragraphs.push(facts.join(" "));
        }
        paragraphs.push("This link is personal: it opens your own answers, so please do not share it.".into());
        let sender_name = company.map(|c| format!("{c} via Storyhive"));
        RenderedMail::new(self.to(), subject, sender_name, &paragraphs, Some(("Open my invitation", link)))
    }
}

/// `2030-06-01` as "1 June 2030".
fn long_date(day: &str) -> Option<String> {
    let date = time::Date::parse(day.trim(), &time::macros::format_description!("[year]-[month]-[day]")).ok()?;
    date.format(&time::macros::format_description!("[day padding:none] [month repr:long] [year]")).ok()
}

impl RenderedMail {
    fn new(
        to: &str,
        subject: String,
        sender_name: Option<String>,
        paragraphs: &[String],
        action: Option<(&str, &str)>,
    ) -> Self {
        let mut text = paragraphs.join("\n\n");
        let mut html = paragraphs.iter().map(|p| format!("<p>{}</p>", escape_html(p))).collect::<String>();
        if let Some((label, link)) = action {
            text.push_str(&format!("\n\n{label}: {link}\n"));
            html.push_str(&format!(
                "<p><a href=\"{href}\">{label}</a></p><p>Or paste this address into your browser: {href}</p>",
                href = escape_html(link),
                label = escape_html(label)
            ));
        }
        RenderedMail { to: to.to_string(), subject, sender_name, text, html }
    }
}

/// The SES `Source`: the configured address, with a display name when there is one
/// (quoted; RFC 2047 encoded when it is not plain ASCII, as SES requires). Line breaks
/// never reach a header.
pub fn mailbox(name: Option<&str>, address: &str) -> String {
    let Some(name) = name.map(|n| n.replace(['\r', '\n'], " ")).filter(|n| !n.trim().is_empty()) else {
        return address.to_string();
    };
    let name = name.trim();
    if name.chars().all(|c| c.is_ascii() && !c.is_ascii_control()) {
        format!("\"{}\" <{address}>", name.replace('\\', "\\\\").replace('"', "\\\""))
    } else {
        use base64::Engine;
        format!("=?UTF-8?B?{}?= <{address}>", base64::engine::general_purpose::STANDARD.encode(name))
    }
}

pub fn escape_html(value: &str) -> String {
    value.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&#39;")
}

/// Sends rendered mail through SES.
#[derive(Clone, Debug)]
pub struct SesMailer {
    client: aws_sdk_ses::Client,
    sender: String,
}

impl SesMailer {
    pub fn new(client: aws_sdk_ses::Client, sender: impl Into<String>) -> Self {
        Self { client, sender: sender.into() }
    }

    pub async fn send(&self, mail: &RenderedMail) -> anyhow::Result<String> {
        let content = |data: &str| Content::builder().data(data).charset("UTF-8").build();
        let message = Message::builder()
            .subject(content(&mail.subject)?)
            .body(Body::builder().text(content(&mail.text)?).html(content(&mail.html)?).build())
            .build();
        let output = self
            .client
            .send_email()
            .source(mailbox(mail.sender_name.as_deref(), &self.sender))
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
        let message = MailMessage::VerifyEmail { to: "a@b.org".into(), link: "http://x/login?verifyToken=t".into() };
        let json = serde_json::to_value(&message).unwrap();
        assert_eq!(json["kind"], "verifyEmail");
        assert_eq!(serde_json::from_value::<MailMessage>(json).unwrap(), message);
        let closed = MailMessage::OrganisationClosed { to: "a@b.org".into(), company_name: Some("Acme".into()) };
        assert_eq!(serde_json::to_value(&closed).unwrap()["companyName"], "Acme");
    }

    #[test]
    fn an_invitation_names_the_organisation_the_deadline_and_the_time_it_takes() {
        let invitation = |company: Option<&str>, deadline: Option<&str>, minutes: u32| MailMessage::Invitation {
            to: "a@b.org".into(),
            first_name: "Amara".into(),
            campaign_title: "Harbour stories".into(),
            company_name: company.map(str::to_string),
            link: "http://x/contributor/t/c?key=k".into(),
            deadline: deadline.map(str::to_string),
            minutes,
        };
        let mail = invitation(Some("Acme Films"), Some("2030-06-01"), 5).render();
        assert_eq!(mail.subject, "Acme Films invites you to share your story");
        assert_eq!(mail.sender_name.as_deref(), Some("Acme Films via Storyhive"));
        assert!(
            mail.text.contains("It takes about 5 minutes. Please send your answers by 1 June 2030."),
            "{}",
            mail.text
        );
        let bare = invitation(None, None, 0).render();
        assert_eq!(bare.subject, "You are invited to share your story");
        assert_eq!(bare.sender_name, None);
        assert!(!bare.text.contains("It takes about") && !bare.text.contains("by "), "{}", bare.text);
        assert!(invitation(None, Some("not a date"), 1).render().text.contains("It takes about 1 minute."));
    }

    #[test]
    fn the_sender_name_is_quoted_or_encoded_and_never_breaks_a_header() {
        assert_eq!(mailbox(None, "no-reply@x.org"), "no-reply@x.org");
        assert_eq!(mailbox(Some("  "), "no-reply@x.org"), "no-reply@x.org");
        assert_eq!(mailbox(Some("Acme via Storyhive"), "n@x.org"), "\"Acme via Storyhive\" <n@x.org>");
        assert_eq!(mailbox(Some(r#"Bob "the" \ Co"#), "n@x.org"), r#""Bob \"the\" \\ Co" <n@x.org>"#);
        assert_eq!(mailbox(Some("Evil\r\nBcc: x@y.z"), "n@x.org"), "\"Evil  Bcc: x@y.z\" <n@x.org>");
        let encoded = mailbox(Some("Café Ünïcode via Storyhive"), "n@x.org");
        assert!(encoded.starts_with("=?UTF-8?B?") && encoded.ends_with("?= <n@x.org>"), "{encoded}");
    }

    #[test]
    fn rendered_mail_carries_the_link_in_text_and_html() {
        let link = "http://localhost:3000/reset-password?token=abc&email=a%40b.org";
        let mail = MailMessage::ResetPassword { to: "a@b.org".into(), link: link.into() }.render();
        assert!(mail.text.contains(link));
        assert!(mail.html.contains("href=\"http://localhost:3000/reset-password?token=abc&amp;email=a%40b.org\""));
        assert_eq!(mail.to, "a@b.org");
    }
}
