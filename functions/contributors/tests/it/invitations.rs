use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::common::*;

#[tokio::test]
async fn inviting_the_first_collaborator_makes_the_campaign_live_and_mails_a_working_link() {
    let stack = stack().await;
    let staff = organisation(&stack).await;
    let initiative = staff.initiative(&stack, "Invites").await;
    let tag = staff.tag(&stack, "inv").await;
    let campaign = staff.campaign(&stack, &initiative, "First day", &[&tag]).await;
    let id = campaign["id"].as_str().unwrap();
    let email = storyhive_local_stack::testkit::unique_email("first");
    let invite = |email: &str, first: &str, last: &str| {
        staff.post(
            &stack,
            "/campaign/add-contributor",
            json!({"campaignId": id, "email": email, "firstName": first, "lastName": last}),
        )
    };

    for (first, last, message) in [
        ("", "Okafor", "First name is a required field"),
        ("Al", "Okafor", "First name must be at least 3 characters"),
        ("Amara", "Ok😀fo", "Last name must not contain special characters or emojis"),
    ] {
        let (status, body) = invite(&email, first, last).await;
        assert_eq!((status, first_message(&body)), (StatusCode::BAD_REQUEST, message));
    }
    // Not ready to go live yet: no question.
    let (status, body) = invite(&email, "Amara", "Okafor").await;
    assert_eq!((status, detail(&body)), (StatusCode::BAD_REQUEST, "Add at least one question before publishing"));
    let (_, list) = staff.get(&stack, &format!("/contributor/campaignContributorList/{id}")).await;
    assert_eq!(list, json!({"items": [], "nextCursor": null}), "nothing was invited");

    staff.question(&stack, id, "How did it start?").await;
    let (status, body) = invite(&email, "Amara", "Okafor").await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["message"], "Collaborator successfully invited, and the campaign is now live");
    assert_eq!((body["campaignLive"].as_bool(), body["contributor"]["status"].as_str()), (Some(true), Some("invited")));
    let shown_once = body["contributor"]["inviteLink"].as_str().unwrap().to_string();
    let (_, campaign) = staff.get(&stack, &format!("/campaign/{id}")).await;
    assert_eq!((campaign["status"].as_str(), campaign["madeLive"].as_bool()), (Some("live"), Some(true)));

    let (status, body) = invite(&email.to_uppercase(), "Amara", "Okafor").await;
    assert_eq!(
        (status, detail(&body)),
        (StatusCode::CONFLICT, "This collaborator is already invited to this campaign")
    );
    let second = storyhive_local_stack::testkit::unique_email("second");
    let (status, body) = invite(&second, "Bruno", "Silva").await;
    assert_eq!((status, body["message"].as_str()), (StatusCode::CREATED, Some("Collaborator successfully invited")));

    // The e-mail carries the personal link, and the link opens the campaign.
    let mail = stack.wait_for_mail(&email, 1).await.unwrap();
    // Who asks, by when and how long it takes: what people decide on.
    assert_eq!(mail[0].subject, "Acme Films invites you to share your story");
    assert_eq!(
        mail[0].source,
        format!("\"Acme Films via Storyhive\" <{}>", storyhive_local_stack::testkit::TEST_SES_SENDER)
    );
    assert!(mail[0].body.contains("It takes about "), "{}", mail[0].body);
    let link = &mail[0].links()[0];
    assert_eq!(link, &shown_once, "the answer showed the e-mailed link");
    let expected = format!(
        "{}/contributor/{}/{id}?contributorId=",
        storyhive_local_stack::testkit::TEST_APP_BASE_URL,
        staff.tenant_id
    );
    assert!(link.starts_with(&expected), "{link}");
    let contributor_id = query_param(link, "contributorId");
    let path = format!("/contributor/{}/{id}/{contributor_id}", staff.tenant_id);
    let (status, view) = call_with_key(&stack, Method::GET, &path, Some(&query_param(link, "key")), None).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    assert_eq!(
        (view["campaign"]["title"].as_str(), view["contributor"]["email"].as_str()),
        (Some("First day"), Some(email.as_str()))
    );
    assert_eq!(view["videoConfig"], json!({"speed": 20, "contrast": 50, "fontSize": null}));
    assert!(view["campaign"]["estimatedMinutes"].as_u64().is_some_and(|m| m >= 1), "{view}");
    assert!(view["campaign"]["script"].is_string(), "the invited collaborator's view has what to prepare: {view}");

    let (_, list) = staff.get(&stack, &format!("/contributor/campaignContributorList/{id}")).await;
    assert_eq!(list["items"].as_array().unwrap().len(), 2);
    assert!(
        list["items"].as_array().unwrap().iter().all(|c| c["inviteLink"].is_null()),
        "lists never show a link: only its key's hash is kept"
    );
    let (_, one) = staff.get(&stack, &format!("/contributor/campaignContributorList/{id}?limit=1")).await;
    let cursor = one["nextCursor"].as_str().expect("a second page").to_string();
    let (_, two) =
        staff.get(&stack, &format!("/contributor/campaignContributorList/{id}?limit=1&cursor={cursor}")).await;
    assert_eq!((one["items"].as_array().unwrap().len(), two["items"].as_array().unwrap().len()), (1, 1));
    assert_ne!(one["items"][0]["contributorId"], two["items"][0]["contributorId"]);
    assert!(two["nextCursor"].is_null());
    let (_, everyone) = staff.get(&stack, "/contributor/all?searchVal=okaf").await;
    assert_eq!(
        (everyone["items"].as_array().unwrap().len(), everyone["items"][0]["campaignCount"].as_i64()),
        (1, Some(1))
    );
    let (_, by_address) = staff.get(&stack, &format!("/contributor/all?searchVal={}", &second[..8])).await;
    assert_eq!(by_address["items"][0]["email"], second.as_str());
}

#[tokio::test]
async fn the_path_variant_checks_its_ids() {
    let stack = stack().await;
    let staff = organisation(&stack).await;
    let (campaign_id, initiative_id) = staff.live_campaign(&stack, "Path invite").await;
    let body = json!({"email": storyhive_local_stack::testkit::unique_email("path"), "firstName": "Chidi", "lastName": "Anagonye"});
    for path in [
        format!("/contributor/undefined/{initiative_id}/{campaign_id}/add"),
        format!("/contributor/{}/null/{campaign_id}/add", staff.tenant_id),
        format!("/contributor/{}/{initiative_id}/undefined/add", staff.tenant_id),
    ] {
        let (status, response) = staff.post(&stack, &path, body.clone()).await;
        assert_eq!((status, detail(&response)), (StatusCode::BAD_REQUEST, "invalid params"), "{path}");
    }
    let (status, _) = staff
        .post(&stack, &format!("/contributor/{}/WRONGINITIATIVE/{campaign_id}/add", staff.tenant_id), body.clone())
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, response) = staff
        .post(&stack, &format!("/contributor/{}/{initiative_id}/{campaign_id}/add", staff.tenant_id), body.clone())
        .await;
    assert_eq!(
        (status, response["message"].as_str()),
        (StatusCode::CREATED, Some("Collaborator successfully invited"))
    );

    // Another organisation's staff get nothing.
    let stranger = organisation(&stack).await;
    let (status, _) = stranger
        .post(&stack, &format!("/contributor/{}/{initiative_id}/{campaign_id}/add", staff.tenant_id), body.clone())
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = stranger
        .post(
            &stack,
            "/campaign/add-contributor",
            json!({"campaignId": campaign_id, "email": "x@acme.org", "firstName": "Chidi", "lastName": "Anagonye"}),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    for path in
        [format!("/contributor/campaignContributorList/{campaign_id}"), format!("/contributor/{campaign_id}/all")]
    {
        let (status, _) = stranger.get(&stack, &path).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
    }
    let (_, theirs) = stranger.get(&stack, "/contributor/all").await;
    assert_eq!(theirs, json!({"items": [], "nextCursor": null}));
}

#[tokio::test]
async fn revoking_suspending_reinviting_and_removing() {
    let stack = stack().await;
    let invited = invited(&stack, &["Why?"]).await;
    let staff = &invited.staff;
    let view = invited.path("/contributor");
    let (status, _) = invited.call(&stack, Method::GET, &view, None).await;
    assert_eq!(status, StatusCode::OK);
    let refs = json!({"campaignId": invited.campaign_id, "contributorId": invited.contributor_id});

    // Ids alone open nothing; another campaign's key opens nothing here.
    let (status, body) = call_with_key(&stack, Method::GET, &view, None, None).await;
    assert_eq!(
        (status, detail(&body)),
        (StatusCode::FORBIDDEN, "This invitation link is no longer valid. Please ask the campaign team for a new one.")
    );
    let other = crate::common::invited(&stack, &["Other?"]).await;
    let (status, _) = call_with_key(&stack, Method::GET, &view, Some(&other.key), None).await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    let (status, body) = staff.post(&stack, "/contributor/revoke", refs.clone()).await;
    assert_eq!((status, body["message"].as_str()), (StatusCode::OK, Some("Invitation revoked successfully")));
    let (status, _) = invited.call(&stack, Method::GET, &view, None).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "a revoked link stops working at once");
    let (_, list) = staff.get(&stack, &format!("/contributor/campaignContributorList/{}", invited.campaign_id)).await;
    assert_eq!(
        (list["items"][0]["linkRevoked"].as_bool(), list["items"][0]["inviteLink"].is_null()),
        (Some(true), true)
    );

    let (status, body) = staff.post(&stack, "/contributor/reinvite", refs.clone()).await;
    assert_eq!((status, body["message"].as_str()), (StatusCode::OK, Some("Invitation sent again successfully")));
    let mail = stack.wait_for_mail(&invited.email, 2).await.unwrap();
    let new_key = query_param(&mail[0].links()[0], "key");
    assert_ne!(new_key, invited.key);
    assert_eq!(body["contributor"]["inviteLink"].as_str(), Some(mail[0].links()[0].as_str()), "shown once, here");
    // What is stored is not the key: a leaked table opens nothing.
    let membership: storyhive_shared::contributors::records::MembershipRecord = stack
        .context
        .store
        .get(&storyhive_shared::storage::keys::membership(
            &staff.tenant_id,
            &invited.campaign_id,
            &invited.contributor_id,
        ))
        .await
        .unwrap()
        .unwrap();
    let stored = membership.invite_key_hash.unwrap();
    assert_ne!(stored, new_key);
    let (status, _) = call_with_key(&stack, Method::GET, &view, Some(&stored), None).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "the stored hash is not a key");
    let (status, _) = call_with_key(&stack, Method::GET, &view, Some(&new_key), None).await;
    assert_eq!(status, StatusCode::OK, "the new link works");

    let (status, body) = staff
        .put(&stack, &format!("/contributor/update/{}", invited.contributor_id), json!({"isSuspended": true}))
        .await;
    assert_eq!((status, body["message"].as_str()), (StatusCode::OK, Some("Collaborator suspended successfully")));
    let (status, body) = call_with_key(&stack, Method::GET, &view, Some(&new_key), None).await;
    assert_eq!((status, detail(&body)), (StatusCode::FORBIDDEN, "Your access to this campaign has been suspended."));
    let (_, list) = staff.get(&stack, &format!("/contributor/campaignContributorList/{}", invited.campaign_id)).await;
    assert_eq!(list["items"][0]["status"], "suspended");
    let (status, body) = staff
        .put(&stack, &format!("/contributor/update/{}", invited.contributor_id), json!({"isSuspended": false}))
        .await;
    assert_eq!((status, body["message"].as_str()), (StatusCode::OK, Some("Collaborator resumed successfully")));
    let (status, _) = call_with_key(&stack, Method::GET, &view, Some(&new_key), None).await;
    assert_eq!(status, StatusCode::OK);

    let (status, body) = staff
        .delete(
            &stack,
            &format!("/campaign/remove-contributor/{}/{}", invited.campaign_id, invited.contributor_id),
            None,
        )
        .await;
    assert_eq!((status, body["message"].as_str()), (StatusCode::OK, Some("Collaborator removed successfully")));
    let (status, _) = call_with_key(&stack, Method::GET, &view, Some(&new_key), None).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (_, list) = staff.get(&stack, &format!("/contributor/campaignContributorList/{}", invited.campaign_id)).await;
    assert_eq!(list["items"], json!([]));
    let (_, everyone) = staff.get(&stack, "/contributor/all").await;
    assert_eq!(everyone["items"][0]["campaignCount"], 0);
    // Suspending or deleting someone who is gone is a 404, not a server error.
    let (status, _) = staff
        .put(
            &stack,
            &format!("/contributor/update/{}", storyhive_shared::model::new_id()),
            json!({"isSuspended": true}),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    let (status, body) = staff
        .delete(&stack, &format!("/contributor/delete/{}/{}", staff.tenant_id, invited.contributor_id), None)
        .await;
    assert_eq!((status, body["message"].as_str()), (StatusCode::OK, Some("Collaborator deleted successfully")));
    let (_, everyone) = staff.get(&stack, "/contributor/all").await;
    assert_eq!(everyone["items"], json!([]));
    let (_, found) = staff.get(&stack, "/contributor/all?searchVal=amara").await;
    assert_eq!(found["items"], json!([]), "a deleted collaborator is not found by name any more");
}

#[tokio::test]
async fn open_campaigns_let_visitors_ask_for_their_own_link() {
    let stack = stack().await;
    let staff = organisation(&stack).await;
    let (campaign_id, _) = staff.live_campaign(&stack, "Open door").await;
    let path = format!("/contributor/register/{}/{campaign_id}", staff.tenant_id);
    // The sign-up page (a poster's QR code opens it) reads what the campaign is, without a key.
    let sign_up = format!("/contributor/open/{}/{campaign_id}", staff.tenant_id);
    let (status, page) = call(&stack, Method::GET, &sign_up, None, None).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert_eq!(page["title"], "Open door");
    assert_eq!(page["language"], "en");
    assert!(page["questionCount"].as_u64().unwrap() >= 1 && page["estimatedMinutes"].as_u64().unwrap() >= 1, "{page}");
    assert!(!page.to_string().contains("contributor"), "nothing about who takes part: {page}");
    let unknown = format!("/contributor/open/{}/{}", staff.tenant_id, storyhive_shared::model::new_id());
    let (status, body) = call(&stack, Method::GET, &unknown, None, None).await;
    assert_eq!((status, detail(&body)), (StatusCode::NOT_FOUND, "This campaign is not available"));
    let (status, body) =
        call(&stack, Method::GET, &format!("/contributor/open/{}/not%20an%20id", staff.tenant_id), None, None).await;
    assert_eq!((status, detail(&body)), (StatusCode::BAD_REQUEST, "This id is not valid"));
    let email = storyhive_local_stack::testkit::unique_email("visitor");
    let visitor = json!({"email": email, "firstName": "Dana", "lastName": "Scully"});
    let (status, body) = call(&stack, Method::POST, &path, None, Some(visitor.clone())).await;
    assert_eq!(
        (status, body["message"].as_str()),
        (StatusCode::OK, Some("Check your inbox: we have sent you your personal link to this campaign"))
    );
    assert!(body.get("key").is_none() && !body.to_string().contains("key="), "the link is only e-mailed");
    let (status, again) = call(&stack, Method::POST, &path, None, Some(visitor)).await;
    assert_eq!((status, again), (StatusCode::OK, body), "registering twice answers the same");
    let mail = stack.wait_for_mail(&email, 2).await.unwrap();
    let (newest, first) = (query_param(&mail[0].links()[0], "key"), query_param(&mail[1].links()[0], "key"));
    assert_ne!(newest, first, "asking again sends a new link (only a hash of a key is kept)");
    let contributor = query_param(&mail[0].links()[0], "contributorId");
    let view = format!("/contributor/{}/{campaign_id}/{contributor}", staff.tenant_id);
    assert_eq!(call_with_key(&stack, Method::GET, &view, Some(&newest), None).await.0, StatusCode::OK);
    assert_eq!(call_with_key(&stack, Method::GET, &view, Some(&first), None).await.0, StatusCode::FORBIDDEN);

    // A private or targeted campaign takes no registrations.
    let (status, _) = staff.put(&stack, "/campaign/update", json!({"id": campaign_id, "version": staff.get(&stack, &format!("/campaign/{campaign_id}")).await.1["version"], "visibility": "private"})).await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = call(
        &stack,
        Method::POST,
        &path,
        None,
        Some(json!({"email": "new@acme.org", "firstName": "Dana", "lastName": "Scully"})),
    )
    .await;
    assert_eq!((status, detail(&body)), (StatusCode::NOT_FOUND, "This campaign is not available"));
    let (status, body) = call(&stack, Method::GET, &sign_up, None, None).await;
    assert_eq!(
        (status, detail(&body)),
        (StatusCode::NOT_FOUND, "This campaign is not available"),
        "a private campaign's sign-up page is gone"
    );
}
