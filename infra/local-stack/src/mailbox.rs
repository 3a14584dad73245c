//! Reads what SES was asked to send. Moto records every message; its
//! `/moto-api/data.json` exposes them. Dev and test only.

use anyhow::Context;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SentMail {
    pub id: String,
    pub source: String,
    pub subject: String,
    /// The HTML body when the message had one, else the text body.
    pub body: String,
    pub to: Vec<String>,
    /// The message's headers as sent (raw messages), name and value, in order.
    #[serde(default)]
    pub headers: Vec<(String, String)>,
}

impl SentMail {
    /// The first value of a header (case-blind name), unfolded.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    /// Every `href` of the body, unescaped, in order.
    pub fn links(&self) -> Vec<String> {
        let mut links = Vec::new();
        let mut rest = self.body.as_str();
        while let Some(start) = rest.find("href=\"") {
            rest = &rest[start + 6..];
            let Some(end) = rest.find('"') else { break };
            links.push(rest[..end].replace("&amp;", "&").replace("&quot;", "\"").replace("&#39;", "'"));
            rest = &rest[end..];
        }
        links
    }
}

#[derive(Deserialize)]
struct MotoMessage {
    id: String,
    source: String,
    subject: Option<String>,
    body: Option<String>,
    destinations: Destinations,
}

#[derive(Deserialize)]
struct MotoRawMessage {
    id: String,
    source: String,
    raw_data: String,
    #[serde(default)]
    destinations: Vec<String>,
}

impl MotoRawMessage {
    fn read(self) -> SentMail {
        let parsed = mail_parser::MessageParser::default().parse(self.raw_data.as_bytes());
        let headers = raw_headers(&self.raw_data);
        let (subject, body) = match &parsed {
            Some(message) => (
                message.subject().unwrap_or_default().to_string(),
                message.body_html(0).or_else(|| message.body_text(0)).map(|b| b.into_owned()).unwrap_or_default(),
            ),
            None => (String::new(), String::new()),
        };
        let mut to = self.destinations;
        to.dedup();
        SentMail { id: self.id, source: self.source, subject, body, to, headers }
    }
}

/// The header block of a raw message, folded lines joined.
fn raw_headers(raw: &str) -> Vec<(String, String)> {
    let block = raw.split("\r\n\r\n").next().unwrap_or_default();
    let mut headers: Vec<(String, String)> = Vec::new();
    for line in block.split("\r\n") {
        if line.starts_with([' ', '\t']) {
            if let Some((_, value)) = headers.last_mut() {
                value.push(' ');
                value.push_str(line.trim());
            }
        } else if let Some((name, value)) = line.split_once(':') {
            headers.push((name.trim().to_string(), value.trim().to_string()));
        }
    }
    headers
}

#[derive(Deserialize)]
struct Destinations {
    #[serde(rename = "ToAddresses", default)]
    to: Vec<String>,
}

/// The moto endpoint SES calls go to.
pub fn ses_endpoint() -> Option<String> {
    std::env::var("AWS_ENDPOINT_URL_SES").or_else(|_| std::env::var("AWS_ENDPOINT_URL")).ok()
}

/// Every message sent so far, newest first.
pub async fn sent_mail(http: &reqwest::Client, moto_endpoint: &str) -> anyhow::Result<Vec<SentMail>> {
    // SES only (infra/emulators/moto_server.py): the whole dump grows with every object stored.
    let url = format!("{}/moto-api/data.json?service=ses", moto_endpoint.trim_end_matches('/'));
    let data: serde_json::Value =
        http.get(&url).send().await.with_context(|| format!("reading {url}"))?.error_for_status()?.json().await?;
    let messages: Vec<MotoMessage> = serde_json::from_value(data["ses"]["Message"].clone()).unwrap_or_default();
    // Every e-mail is sent raw (`SesMailer`); simple messages are read too.
    let raw: Vec<MotoRawMessage> = serde_json::from_value(data["ses"]["RawMessage"].clone()).unwrap_or_default();
    Ok(raw
        .into_iter()
        .rev()
        .map(MotoRawMessage::read)
        .chain(messages.into_iter().rev().map(|m| SentMail {
            id: m.id,
            source: m.source,
            subject: m.subject.unwrap_or_default(),
            body: m.body.unwrap_or_default(),
            to: m.destinations.to,
            headers: Vec::new(),
        }))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_are_read_from_the_html_body() {
        let mail = SentMail {
            id: "1".into(),
            source: "s".into(),
            subject: "x".into(),
            body: r#"<p><a href="http://h/a?x=1&amp;y=2">A</a></p><a href="http://h/b">B</a>"#.into(),
            to: vec![],
            headers: vec![],
        };
        assert_eq!(mail.links(), vec!["http://h/a?x=1&y=2".to_string(), "http://h/b".to_string()]);
    }
}
