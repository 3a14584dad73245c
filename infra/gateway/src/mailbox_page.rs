//! `/_dev/mailbox`: every e-mail SES was asked to send, newest first, with its links
//! clickable, so sign-up, reset and invitation flows can be completed locally.

use axum::{extract::State, response::Html, routing::get, Json, Router};
use storyhive_local_stack::mailbox::{self, SentMail};
use storyhive_shared::mail::escape_html;

#[derive(Clone)]
struct Mailbox {
    http: reqwest::Client,
    moto: String,
}

pub fn router(moto_endpoint: String) -> Router {
    Router::new()
        .route("/_dev/mailbox", get(page))
        .route("/_dev/mailbox.json", get(json))
        .with_state(Mailbox { http: reqwest::Client::new(), moto: moto_endpoint })
}

async fn read(mailbox: &Mailbox) -> Result<Vec<SentMail>, String> {
    mailbox::sent_mail(&mailbox.http, &mailbox.moto).await.map_err(|e| format!("{e:#}"))
}

async fn json(State(mailbox): State<Mailbox>) -> Json<serde_json::Value> {
    Json(match read(&mailbox).await {
        Ok(mail) => serde_json::json!(mail),
        Err(error) => serde_json::json!({"error": error}),
    })
}

/// An e-mail's HTML as a part of this page: a whole document (collaborators' e-mails carry
/// their `lang` and `dir`) is shown as its body in a `div` with the same `lang` and `dir`, so
/// one Arabic e-mail does not turn the whole page right to left.
fn inline_body(html: &str) -> String {
    let Some(open) = html.find("<body") else { return html.to_string() };
    let Some(start) = html[open..].find('>').map(|at| open + at + 1) else { return html.to_string() };
    let end = html.rfind("</body>").filter(|end| *end >= start).unwrap_or(html.len());
    let attribute = |name: &str| {
        let needle = format!("{name}=\"");
        let at = html.find(&needle)? + needle.len();
        let value = &html[at..at + html[at..].find('"')?];
        Some(format!(" {name}=\"{}\"", escape_html(value)))
    };
    format!(
        "<div{}{}>{}</div>",
        attribute("lang").unwrap_or_default(),
        attribute("dir").unwrap_or_default(),
        &html[start..end]
    )
}

async fn page(State(mailbox): State<Mailbox>) -> Html<String> {
    let body = match read(&mailbox).await {
        Err(error) => format!("<p class=\"error\">Could not read the mailbox: {}</p>", escape_html(&error)),
        Ok(mail) if mail.is_empty() => "<p>No e-mail has been sent yet.</p>".to_string(),
        Ok(mail) => mail
            .iter()
            .map(|m| {
                // The body is our own rendered HTML (links included); shown as sent.
                format!(
                    "<article class=\"mail\" data-to=\"{to}\"><header><div><b>To:</b> <span class=\"to\">{to}</span></div>\
                     <div><b>From:</b> {from}</div><div><b>Subject:</b> <span class=\"subject\">{subject}</span></div></header>\
                     <section class=\"body\">{body}</section></article>",
                    to = escape_html(&m.to.join(", ")),
                    from = escape_html(&m.source),
                    subject = escape_html(&m.subject),
                    body = inline_body(&m.body),
                )
            })
            .collect(),
    };
    Html(format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Storyhive dev mailbox</title>\
         <style>body{{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1f2937}}\
         .mail{{border:1px solid #d1d5db;border-radius:.5rem;padding:1rem;margin:1rem 0}}header{{color:#4b5563;margin-bottom:.5rem}}\
         .error{{color:#b91c1c}}</style></head><body><h1>Dev mailbox</h1>\
         <p>Every e-mail the local stack sent through SES (moto), newest first. Local development only.</p>{body}</body></html>"
    ))
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_whole_document_is_shown_as_its_body_with_its_language_and_direction() {
        let arabic =
            "<!DOCTYPE html><html lang=\"ar\" dir=\"rtl\"><head></head><body dir=\"rtl\"><p>مرحبًا</p></body></html>";
        assert_eq!(super::inline_body(arabic), "<div lang=\"ar\" dir=\"rtl\"><p>مرحبًا</p></div>");
        assert_eq!(super::inline_body("<p>Hello</p>"), "<p>Hello</p>");
    }
}
