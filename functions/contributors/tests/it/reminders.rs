//! Reminders with an injected clock, one-click unsubscribe, staff's remind-now, and the
//! collaborators' e-mails in the campaign's language.

use reqwest::{Method, StatusCode};
use serde_json::json;
use storyhive_local_stack::testkit::{unique_email, TestStack};
use storyhive_shared::{
    campaigns::records::CampaignRecord,
    contributors::reminders::{self, ReminderRecord},
    model,
    storage::{keys, owner},
};

use crate::common::*;

/// Arranges that the collaborator was invited `days` days (and a minute) ago: the
/// reminder item's invitation time, rescheduled by the campaign's own rules.
async fn invited_days_ago(stack: &TestStack, tenant_id: &str, campaign_id: &str, contributor_id: &str, days: i64) {
    let store = &stack.context.store;
    let key = keys::reminder(tenant_id, campaign_id, contributor_id);
    let mut reminder: ReminderRecord = store.get(&key).await.unwrap().expect("a reminder item per invitation");
    let at = model::now() - time::Duration::days(days) - time::Duration::minutes(1);
    reminder.invited_at = model::timestamp(at.replace_nanosecond(0).unwrap());
    owner::writing_as(storyhive_shared::contributors::write::WRITER, store.put(&reminder)).await.unwrap();
    let campaign: CampaignRecord = store.get(&keys::campaign(tenant_id, campaign_id)).await.unwrap().unwrap();
    reminders::rescheduled(store, &campaign).await.unwrap();
}

fn reminders_to(mail: &[storyhive_local_stack::mailbox::SentMail]) -> usize {
    mail.iter().filter(|m| m.subject.starts_with("A reminder")).count()
}

#[tokio::test]
async fn reminders_go_once_to_those_who_have_not_submitted_and_their_link_opens_the_campaign() {
    let stack = stack().await;
    let invited = invited(&stack, &["What changed for you?"]).await;
    let (tenant, campaign_id) = (invited.staff.tenant_id.clone(), invited.campaign_id.clone());
    let suspended = add_collaborator(&stack, &invited.staff, &campaign_id, "Bruno", "Silva").await;
    let submitted = add_collaborator(&stack, &invited.staff, &campaign_id, "Chen", "Wei").await;
    let unsubscribed = add_collaborator(&stack, &invited.staff, &campaign_id, "Dana", "Levi").await;
    let recent = add_collaborator(&stack, &invited.staff, &campaign_id, "Eero", "Virtanen").await;

    let (status, body) = invited
        .staff
        .put(&stack, &format!("/contributor/update/{}", suspended.contributor_id), json!({"isSuspended": true}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let submitted_key = keys::membership(&tenant, &campaign_id, &submitted.contributor_id);
    let membership: storyhive_shared::contributors::records::MembershipRecord =
        stack.context.store.get(&submitted_key).await.unwrap().unwrap();
    assert!(storyhive_shared::contributors::write::submitted(&stack.context.store, &membership).await.unwrap());

    // Unsubscribing takes no sign-in: the link in the e-mail's List-Unsubscribe header.
    let mail = stack.wait_for_mail(&unsubscribed.email, 1).await.unwrap();
    let header = mail[0].header("List-Unsubscribe").expect("List-Unsubscribe on the invitation").to_string();
    assert_eq!(mail[0].header("List-Unsubscribe-Post"), Some("List-Unsubscribe=One-Click"));
    let address = header.trim_start_matches('<').trim_end_matches('>');
    let path = &address[address.find("/api/").unwrap() + 4..];
    // A browser (or a mail scanner) following the link gets a page with a button; nothing changes.
    let page = stack.http.get(stack.url(path)).send().await.unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    assert!(page.text().await.unwrap().contains("<form method=\"post\""));
    let (_, list) = invited.staff.get(&stack, &format!("/contributor/campaignContributorList/{campaign_id}")).await;
    let row = |list: &serde_json::Value, id: &str| {
        list["items"].as_array().unwrap().iter().find(|i| i["contributorId"] == id).unwrap().clone()
    };
    assert_eq!(row(&list, &unsubscribed.contributor_id)["unsubscribed"], false, "a GET unsubscribes nobody");
    for _ in 0..2 {
        let done = stack
            .http
            .post(stack.url(path))
            .header("content-type", "application/x-www-form-urlencoded")
            .body("List-Unsubscribe=One-Click")
            .send()
            .await
            .unwrap();
        assert_eq!(done.status(), StatusCode::OK, "one click, and again: the same");
    }
    let wrong = path.replace("token=", "token=x");
    let refused = stack.http.post(stack.url(&wrong)).body("List-Unsubscribe=One-Click").send().await.unwrap();
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST, "another token unsubscribes nobody");
    let (_, list) = invited.staff.get(&stack, &format!("/contributor/campaignContributorList/{campaign_id}")).await;
    assert_eq!(row(&list, &unsubscribed.contributor_id)["unsubscribed"], true, "staff see it");

    for who in
        [&invited.contributor_id, &suspended.contributor_id, &submitted.contributor_id, &unsubscribed.contributor_id]
    {
        invited_days_ago(&stack, &tenant, &campaign_id, who, 3).await;
    }
    // Invited just now: nothing due yet.
    invited_days_ago(&stack, &tenant, &campaign_id, &recent.contributor_id, 0).await;

    let worker = stack.function_context("ReminderWorkerFunction");
    reminders::send_due(&worker, model::now()).await.unwrap();
    reminders::send_due(&worker, model::now()).await.unwrap();
    let mail = stack.wait_for_mail(&invited.email, 2).await.unwrap();
    let reminder = &mail[0];
    assert_eq!(reminder.subject, format!("A reminder: your story for \"{}\"", invited.title));
    assert!(reminder.header("List-Unsubscribe").is_some() && reminder.header("List-Unsubscribe-Post").is_some());
    // The job ran twice and sent once; the others got none.
    tokio::time::sleep(std::time::Duration::from_secs(2)).await;
    assert_eq!(reminders_to(&stack.mail_to(&invited.email).await.unwrap()), 1);
    for other in [&suspended.email, &submitted.email, &unsubscribed.email, &recent.email] {
        assert_eq!(reminders_to(&stack.mail_to(other).await.unwrap()), 0, "{other} is not reminded");
    }

    // The reminder's link opens the campaign, and so does the invitation's (another device).
    let link = &reminder.links()[0];
    let path = format!("/contributor/{tenant}/{campaign_id}/{}", invited.contributor_id);
    let (status, view) = call_with_key(&stack, Method::GET, &path, Some(&query_param(link, "key")), None).await;
    assert_eq!((status, view["campaign"]["title"].as_str()), (StatusCode::OK, Some(invited.title.as_str())), "{view}");
    let (status, _) = call_with_key(&stack, Method::GET, &path, Some(&invited.key), None).await;
    assert_eq!(status, StatusCode::OK);
    // Revoking voids every key, the reminder's too.
    let (status, _) = invited
        .staff
        .post(
            &stack,
            "/contributor/revoke",
            json!({"campaignId": campaign_id, "contributorId": invited.contributor_id}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = call_with_key(&stack, Method::GET, &path, Some(&query_param(link, "key")), None).await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    // Staff's own e-mails honour the unsubscribe too: a new link, a re-record request and an
    // invitation to another campaign are not e-mailed, and the answers say so.
    let before = stack.mail_to(&unsubscribed.email).await.unwrap().len();
    let staff = &invited.staff;
    let (status, again) = staff
        .post(
            &stack,
            "/contributor/reinvite",
            json!({"campaignId": campaign_id, "contributorId": unsubscribed.contributor_id}),
        )
        .await;
    assert_eq!((status, again["mailed"].as_bool()), (StatusCode::OK, Some(false)), "{again}");
    assert!(again["message"].as_str().unwrap().contains("unsubscribed from this organisation's e-mails"), "{again}");
    assert!(again["inviteLink"].as_str().is_some_and(|l| l.contains("key=")), "staff get the link to share: {again}");
    let (status, other) = staff
        .post(&stack, "/campaign/add-contributor", json!({"campaignId": invited_elsewhere(&stack, staff).await, "email": unsubscribed.email, "firstName": "Dana", "lastName": "Levi"}))
        .await;
    assert_eq!((status, other["mailed"].as_bool()), (StatusCode::CREATED, Some(false)), "{other}");
    assert_eq!(other["contributor"]["unsubscribed"], true);
    tokio::time::sleep(std::time::Duration::from_secs(2)).await;
    assert_eq!(stack.mail_to(&unsubscribed.email).await.unwrap().len(), before, "no e-mail went to them");
}

/// A second live campaign of `staff`'s organisation, for an invitation elsewhere.
async fn invited_elsewhere(stack: &TestStack, staff: &Staff) -> String {
    staff.live_campaign(stack, &unique("Elsewhere")).await.0
}

#[tokio::test]
async fn staff_remind_everyone_who_has_not_submitted_once_an_hour() {
    let stack = stack().await;
    let invited = invited(&stack, &["Who helped you?"]).await;
    let second = add_collaborator(&stack, &invited.staff, &invited.campaign_id, "Bruno", "Silva").await;
    let submitted_key = keys::membership(&invited.staff.tenant_id, &invited.campaign_id, &second.contributor_id);
    let membership: storyhive_shared::contributors::records::MembershipRecord =
        stack.context.store.get(&submitted_key).await.unwrap().unwrap();
    assert!(storyhive_shared::contributors::write::submitted(&stack.context.store, &membership).await.unwrap());

    let (status, body) =
        invited.staff.post(&stack, "/contributor/remind-all", json!({"campaignId": invited.campaign_id})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!((body["reminded"].as_u64(), body["message"].as_str()), (Some(1), Some("1 collaborator was reminded")));
    let mail = stack.wait_for_mail(&invited.email, 2).await.unwrap();
    assert!(mail[0].subject.starts_with("A reminder"), "{}", mail[0].subject);
    let (status, body) =
        invited.staff.post(&stack, "/contributor/remind-all", json!({"campaignId": invited.campaign_id})).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert!(detail(&body).contains("less than an hour ago"), "{body}");
}

#[tokio::test]
async fn reminder_settings_are_checked_and_kept() {
    let stack = stack().await;
    let invited = invited(&stack, &["Where were you?"]).await;
    let (_, campaign) = invited.staff.get(&stack, &format!("/campaign/{}", invited.campaign_id)).await;
    assert_eq!(campaign["reminders"], json!({"enabled": true, "daysAfterInvitation": 3, "daysBeforeDeadline": 2}));
    let update = |reminders: serde_json::Value, version: u64| {
        invited.staff.put(
            &stack,
            "/campaign/update",
            json!({"id": invited.campaign_id, "version": version, "reminders": reminders}),
        )
    };
    let version = campaign["version"].as_u64().unwrap();
    let (status, body) =
        update(json!({"enabled": true, "daysAfterInvitation": 0, "daysBeforeDeadline": 31}), version).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let text = body.to_string();
    assert!(text.contains("Remind between 1 and 30 days after the invitation"), "{text}");
    assert!(text.contains("Remind between 1 and 30 days before the deadline"), "{text}");
    let (status, body) =
        update(json!({"enabled": false, "daysAfterInvitation": 5, "daysBeforeDeadline": 1}), version).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["reminders"], json!({"enabled": false, "daysAfterInvitation": 5, "daysBeforeDeadline": 1}));
    // Off: nothing is due for the collaborator any more.
    let reminder: ReminderRecord = stack
        .context
        .store
        .get(&keys::reminder(&invited.staff.tenant_id, &invited.campaign_id, &invited.contributor_id))
        .await
        .unwrap()
        .unwrap();
    assert_eq!((reminder.due_at, reminder.gsi2pk), (None, None));
    // The switch governs the schedule; staff asking now are not held by it.
    let (status, body) =
        invited.staff.post(&stack, "/contributor/remind-all", json!({"campaignId": invited.campaign_id})).await;
    assert_eq!((status, body["reminded"].as_u64()), (StatusCode::OK, Some(1)), "{body}");
}

#[tokio::test]
async fn invitations_are_written_in_the_campaigns_language() {
    let stack = stack().await;
    let staff = organisation(&stack).await;
    for (language, subject, words, direction) in [
        ("es", "Acme Films te invita a compartir tu historia", "Abrir mi invitación", "dir=\"ltr\""),
        ("ar", "Acme Films تدعوك لمشاركة قصتك", "فتح دعوتي", "dir=\"rtl\""),
    ] {
        let initiative = staff.initiative(&stack, &unique("Lang")).await;
        let tag = staff.tag(&stack, &unique("l")[..12]).await;
        let mut body = storyhive_local_stack::testkit::client::campaign_body(&initiative, &unique("Voces"), &[&tag]);
        body["language"] = json!(language);
        let (status, campaign) = staff.post(&stack, "/campaign/add", body).await;
        assert_eq!(status, StatusCode::CREATED, "{campaign}");
        let id = campaign["id"].as_str().unwrap();
        staff.question(&stack, id, "¿Cómo empezó?").await;
        let email = unique_email(language);
        let (status, body) = staff
            .post(
                &stack,
                "/campaign/add-contributor",
                json!({"campaignId": id, "email": email, "firstName": "Amara", "lastName": "Okafor"}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let mail = stack.wait_for_mail(&email, 1).await.unwrap();
        assert_eq!(mail[0].subject, subject);
        assert!(mail[0].body.contains(words), "{}", mail[0].body);
        assert!(mail[0].body.contains(&format!("lang=\"{language}\" {direction}")), "{}", mail[0].body);
        assert!(mail[0].header("List-Unsubscribe").is_some_and(|h| h.contains("/api/contributor/unsubscribe?")));
    }
}
