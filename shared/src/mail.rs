//! E-mails: what the API queues ([`MailMessage`]), how each one reads, and the SES
//! adapter the mail worker sends them with.

mod collaborator;

use anyhow::Context;
use aws_sdk_ses::{primitives::Blob, types::RawMessage};
pub use collaborator::MailLanguage;
use collaborator::{fill, Words};
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
        /// The campaign's language.
        #[serde(default)]
        language: MailLanguage,
        /// The collaborator's one-click unsubscribe address (RFC 8058).
        #[serde(default)]
        unsubscribe: Option<String>,
    },
    /// Staff sent answers back to be recorded again.
    ReRecordRequest {
        to: String,
        first_name: String,
        campaign_title: String,
        questions: Vec<String>,
        link: String,
        #[serde(default)]
        language: MailLanguage,
        #[serde(default)]
        unsubscribe: Option<String>,
    },
    /// A collaborator who has not submitted yet is reminded, with a fresh personal link.
    Reminder {
        to: String,
        first_name: String,
        campaign_title: String,
        company_name: Option<String>,
        link: String,
        /// The campaign's deadline (`YYYY-MM-DD`), when it has one.
        deadline: Option<String>,
        language: MailLanguage,
        unsubscribe: Option<String>,
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
    /// A webhook endpoint was disabled after its deliveries kept failing (to each admin).
    WebhookDisabled {
        to: String,
        endpoint_url: String,
        reason: String,
        link: String,
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
    /// The one-click unsubscribe address (`List-Unsubscribe`), on e-mails to collaborators.
    pub unsubscribe: Option<String>,
}

impl MailMessage {
    pub fn to(&self) -> &str {
        match self {
            Self::VerifyEmail { to, .. }
            | Self::ResetPassword { to, .. }
            | Self::OrganisationClosed { to, .. }
            | Self::Invitation { to, .. }
            | Self::ReRecordRequest { to, .. }
            | Self::Reminder { to, .. }
            | Self::StaffInvitation { to, .. }
            | Self::HelpRequest { to, .. }
            | Self::EditorRequest { to, .. }
            | Self::WebhookDisabled { to, .. } => to,
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
            Self::Invitation { .. } | Self::ReRecordRequest { .. } | Self::Reminder { .. } => {
                return self.to_collaborator()
            }
            Self::WebhookDisabled { endpoint_url, reason, link, .. } => (
                "A Storyhive webhook endpoint was disabled",
                vec![
                    format!("Storyhive stopped sending events to {endpoint_url}. {reason}"),
                    "Check that the address answers with a 2xx status, then enable it again in Settings, Integrations. Events that happened while it was disabled are not sent.".into(),
                ],
                Some(("Open Integrations", link)),
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

    /// A collaborator's e-mail, in the campaign's language. An invitation says what they
    /// decide on: who asks (the organisation, in the subject and as the sender's name), by
    /// when, and how long it takes; a reminder says it again with a fresh link.
    fn to_collaborator(&self) -> RenderedMail {
        let (first_name, title, company, language, unsubscribe) = match self {
            Self::Invitation { first_name, campaign_title, company_name, language, unsubscribe, .. }
            | Self::Reminder { first_name, campaign_title, company_name, language, unsubscribe, .. } => (
                first_name,
                campaign_title,
                company_name.as_deref().map(str::trim).filter(|c| !c.is_empty()),
                *language,
                unsubscribe,
            ),
            Self::ReRecordRequest { first_name, campaign_title, language, unsubscribe, .. } => {
                (first_name, campaign_title, None, *language, unsubscribe)
            }
            _ => unreachable!("only collaborators' e-mails are rendered here"),
        };
        let words: &Words = language.words();
        let base =
            [("name", first_name.as_str()), ("title", title.as_str()), ("company", company.unwrap_or(words.someone))];
        let fill_all = |template: &str, extra: &[(&str, &str)]| fill(&fill(template, extra), &base);
        let deadline_sentence = |deadline: &Option<String>| {
            deadline.as_deref().and_then(|d| language.long_date(d)).map(|day| fill(words.answer_by, &[("date", &day)]))
        };
        let mut paragraphs = vec![fill_all(words.hello, &[])];
        let (subject, action, link) = match self {
            Self::Invitation { link, deadline, minutes, .. } => {
                paragraphs.push(fill_all(words.invite_body, &[]));
                let mut facts = Vec::new();
                if *minutes > 0 {
                    let minutes_text = minutes.to_string();
                    let template = if *minutes == 1 { words.minutes_one } else { words.minutes_many };
                    facts.push(fill(template, &[("minutes", &minutes_text)]));
                }
                facts.extend(deadline_sentence(deadline));
                if !facts.is_empty() {
                    paragraphs.push(facts.join(" "));
                }
                paragraphs.push(words.personal.into());
                let subject = match company {
                    Some(company) => fill(words.invite_subject_company, &[("company", company)]),
                    None => words.invite_subject.into(),
                };
                (subject, words.open_invitation, link)
            }
            Self::ReRecordRequest { questions, link, .. } => {
                let listed = questions.join("; ");
                paragraphs.push(fill_all(words.re_record_body, &[("questions", &listed)]));
                (words.re_record_subject.to_string(), words.record_again, link)
            }
            Self::Reminder { link, deadline, .. } => {
                paragraphs.push(fill_all(words.reminder_body, &[]));
                paragraphs.extend(deadline_sentence(deadline));
                paragraphs.push(words.personal.into());
                (fill_all(words.reminder_subject, &[]), words.continue_answers, link)
            }
            _ => unreachable!("only collaborators' e-mails are rendered here"),
        };
        let sender_name = company.map(|c| format!("{c} via Storyhive"));
        let mut mail = RenderedMail::new(self.to(), subject, sender_name, &paragraphs, Some((action, link)));
        mail.set_paste_label(words.paste);
        if let Some(address) = unsubscribe {
            let why = fill_all(words.why, &[]);
            mail.text.push_str(&format!("\n--\n{why}\n{}: {address}\n", words.unsubscribe));
            mail.html.push_str(&format!(
                "<hr><p style=\"font-size:small\">{}<br><a href=\"{}\">{}</a></p>",
                escape_html(&why),
                escape_html(address),
                escape_html(words.unsubscribe)
            ));
            mail.unsubscribe = Some(address.clone());
        }
        mail.html = format!(
            "<!DOCTYPE html><html lang=\"{code}\" dir=\"{dir}\"><head><meta charset=\"utf-8\"></head><body dir=\"{dir}\">{body}</body></html>",
            code = language.code(),
            dir = if language.is_right_to_left() { "rtl" } else { "ltr" },
            body = mail.html
        );
        mail
    }
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
                "<p><a href=\"{href}\">{label}</a></p><p>{PASTE_LABEL} {href}</p>",
                href = escape_html(link),
                label = escape_html(label)
            ));
        }
        RenderedMail { to: to.to_string(), subject, sender_name, text, html, unsubscribe: None }
    }

    /// The words before the address to paste, in the e-mail's language.
    fn set_paste_label(&mut self, label: &str) {
        self.html = self.html.replace(PASTE_LABEL, &escape_html(label));
    }
}

const PASTE_LABEL: &str = "Or paste this address into your browser:";

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

    /// Sends through `SendRawEmail`: only a raw message carries the one-click
    /// unsubscribe headers (RFC 8058) the e-mails to collaborators need.
    pub async fn send(&self, mail: &RenderedMail) -> anyhow::Result<String> {
        let raw = mime(mail, &self.sender)?;
        let output = self
            .client
            .send_raw_email()
            .source(mailbox(mail.sender_name.as_deref(), &self.sender))
            .destinations(&mail.to)
            .raw_message(RawMessage::builder().data(Blob::new(raw)).build()?)
            .send()
            .await
            .context("SES SendRawEmail")?;
        Ok(output.message_id)
    }
}

/// The MIME message of a rendered e-mail: text and HTML alternatives, and on e-mails to
/// collaborators `List-Unsubscribe` with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`.
pub fn mime(mail: &RenderedMail, sender: &str) -> anyhow::Result<Vec<u8>> {
    use mail_builder::{
        headers::{address::Address, raw::Raw, url::URL},
        MessageBuilder,
    };
    let from = match mail.sender_name.as_deref().map(|n| n.replace(['\r', '\n'], " ")).filter(|n| !n.trim().is_empty())
    {
        Some(name) => Address::new_address(Some(name.trim().to_string()), sender.to_string()),
        None => Address::new_address(None::<String>, sender.to_string()),
    };
    let mut message = MessageBuilder::new()
        .from(from)
        .to(mail.to.as_str())
        .subject(mail.subject.as_str())
        .text_body(mail.text.as_str())
        .html_body(mail.html.as_str());
    if let Some(address) = &mail.unsubscribe {
        message = message
            .header("List-Unsubscribe", URL::new(address.as_str()))
            .header("List-Unsubscribe-Post", Raw::new("List-Unsubscribe=One-Click"));
    }
    Ok(message.write_to_vec()?)
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
            language: MailLanguage::English,
            unsubscribe: None,
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
    fn a_collaborators_mail_carries_one_click_unsubscribe_in_its_language() {
        let reminder = |language| MailMessage::Reminder {
            to: "a@b.org".into(),
            first_name: "Amara".into(),
            campaign_title: "Harbour stories".into(),
            company_name: Some("Acme".into()),
            link: "http://x/contributor/t/c?key=k".into(),
            deadline: Some("2030-06-01".into()),
            language,
            unsubscribe: Some("http://x/api/contributor/unsubscribe?token=u".into()),
        };
        let arabic = reminder(MailLanguage::Arabic).render();
        assert!(arabic.html.starts_with("<!DOCTYPE html><html lang=\"ar\" dir=\"rtl\">"), "{}", arabic.html);
        assert!(arabic.text.contains("1 يونيو 2030"), "{}", arabic.text);
        let raw = String::from_utf8(mime(&reminder(MailLanguage::Spanish).render(), "n@x.org").unwrap()).unwrap();
        assert!(raw.contains("List-Unsubscribe: <http://x/api/contributor/unsubscribe?token=u>"), "{raw}");
        assert!(raw.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"), "{raw}");
        let staff = MailMessage::ResetPassword { to: "a@b.org".into(), link: "http://x".into() }.render();
        assert!(!String::from_utf8(mime(&staff, "n@x.org").unwrap()).unwrap().contains("List-Unsubscribe"));
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
