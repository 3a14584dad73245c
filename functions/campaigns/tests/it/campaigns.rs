use reqwest::StatusCode;
use serde_json::{json, Value};
use storyhive_shared::{
    campaigns::{
        listing,
        records::{CampaignRecord, CampaignTextRecord},
    },
    permissions::Role,
    storage::keys,
};

use crate::common::*;

fn field_message<'a>(body: &'a Value, field: &str) -> &'a str {
    body["errors"]
        .as_array()
        .unwrap_or_else(|| panic!("not a validation failure: {body}"))
        .iter()
        .find(|e| e["field"] == field)
        .and_then(|e| e["message"].as_str())
        .unwrap_or_else(|| panic!("no error for {field}: {body}"))
}

#[tokio::test]
async fn creating_a_campaign_enforces_every_rule_with_the_spec_messages() {
    let stack = stack().await;
    let staff = organisation(&stack).await;

    let (status, body) = staff.post(&stack, "/campaign/add", json!({})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    for (field, message) in [
        ("initiativeId", "Initiative is a required field"),
        ("title", "Title is a required field"),
        ("description", "Description is a required field"),
        ("type", "Please select the campaign type"),
        ("visibility", "Please select the visibility"),
        ("mode", "Please select the mode"),
        ("tags", "Tags must be atleast 1 item"),
    ] {
        assert_eq!(field_message(&body, field), message);
    }

    let initiative = staff.initiative(&stack, "Rules").await;
    let tags: Vec<String> = futures_tags(&staff, &stack, 5).await;
    let mut too_long = campaign_body(&initiative, &"t".repeat(251), &[&tags[0]]);
    too_long["description"] = json!("d".repeat(501));
    let (_, body) = staff.post(&stack, "/campaign/add", too_long).await;
    assert_eq!(field_message(&body, "title"), "Title must be at most 250 characters");
    assert_eq!(field_message(&body, "description"), "Description must be at most 500 characters");

    let five: Vec<&str> = tags.iter().map(String::as_str).collect();
    let (_, body) = staff.post(&stack, "/campaign/add", campaign_body(&initiative, "Too many tags", &five)).await;
    assert_eq!(field_message(&body, "tags"), "Tags must be at most 4 items");

    let mut targeted = campaign_body(&initiative, "Targeted", &[&tags[0]]);
    targeted["type"] = json!("targeted");
    let (_, body) = staff.post(&stack, "/campaign/add", targeted.clone()).await;
    assert_eq!(field_message(&body, "deadline"), "Deadline is required for targeted campaigns");
    assert_eq!(field_message(&body, "expiryDate"), "Expiry date is required for targeted campaigns");
    targeted["deadline"] = json!("2099-06-30");
    targeted["expiryDate"] = json!("2099-06-01");
    let (_, body) = staff.post(&stack, "/campaign/add", targeted.clone()).await;
    assert_eq!(field_message(&body, "expiryDate"), "Expiry date must be on or after the deadline");

    let (_, list) = staff.get(&stack, "/campaign/all-campaigns").await;
    assert_eq!(list["total"], 0, "invalid input created nothing");

    targeted["expiryDate"] = json!("2099-07-31");
    let (status, created) = staff.post(&stack, "/campaign/add", targeted).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    assert_eq!(
        (created["status"].as_str(), created["type"].as_str(), created["madeLive"].as_bool()),
        (Some("draft"), Some("targeted"), Some(false))
    );
    assert_eq!(created["initiativeName"], "Rules");
    assert_eq!(created["version"], 1);
    let (_, initiatives) = staff.get(&stack, "/initiative/list").await;
    assert_eq!(initiatives[0]["campaignCount"], 1);
}

async fn futures_tags(staff: &Staff, stack: &storyhive_local_stack::testkit::TestStack, count: usize) -> Vec<String> {
    let mut tags = Vec::new();
    for i in 0..count {
        tags.push(staff.tag(stack, &format!("tag {i}")).await);
    }
    tags
}

#[tokio::test]
async fn the_list_pages_sorts_filters_and_counts_and_expiry_needs_no_one() {
    let stack = stack().await;
    let staff = organisation(&stack).await;
    let (_, empty) = staff.get(&stack, "/campaign/all-campaigns").await;
    assert_eq!((empty["total"].as_u64(), empty["hasInitiatives"].as_bool()), (Some(0), Some(false)));

    let initiative = staff.initiative(&stack, "Listing").await;
    let tag = staff.tag(&stack, "list").await;
    let mut ids = Vec::new();
    for i in 0..12 {
        let campaign = staff.campaign(&stack, &initiative, &format!("Campaign {i:02}"), &[&tag]).await;
        ids.push(campaign["id"].as_str().unwrap().to_string());
    }
    // Two go live, one passes its expiry date (written directly: the API refuses past dates).
    for id in &ids[0..2] {
        staff.question(&stack, id, "Why?").await;
        let (status, body) = staff.put(&stack, &format!("/campaign/complete/{id}"), json!({})).await;
        assert_eq!((status, body["message"].as_str()), (StatusCode::OK, Some("The campaign is now live")));
    }
    // Time passes: its expiry date is now in the past (written as if it had been set
    // long ago, with the list entries such a campaign has).
    let key = keys::campaign(&staff.tenant_id, &ids[1]);
    let before: CampaignRecord = stack.context.store.get(&key).await.unwrap().unwrap();
    let mut expired = before.clone();
    expired.expiry_date = Some("2020-01-01".into());
    let store = &stack.context.store;
    let mut ops = vec![store.put_op(&expired).unwrap()];
    ops.extend(listing::index_ops(store, Some(&before), Some(&expired)).unwrap());
    store.transact(ops).await.unwrap();

    let (_, page1) = staff.get(&stack, "/campaign/all-campaigns").await;
    assert_eq!(
        (page1["total"].as_u64(), page1["pageSize"].as_u64(), page1["items"].as_array().unwrap().len()),
        (Some(12), Some(10), 10)
    );
    assert_eq!(page1["items"][0]["title"], "Campaign 11", "newest first by default");
    assert_eq!(page1["counts"], json!({"all": 12, "draft": 10, "live": 1, "expired": 1}));
    assert!(page1["hasInitiatives"].as_bool().unwrap());
    let (_, page2) = staff.get(&stack, "/campaign/all-campaigns?page=2&sort=oldest").await;
    let titles: Vec<&str> = page2["items"].as_array().unwrap().iter().map(|c| c["title"].as_str().unwrap()).collect();
    assert_eq!(titles, vec!["Campaign 10", "Campaign 11"]);
    let (_, za) = staff.get(&stack, "/campaign/all-campaigns?sort=za&status=draft").await;
    assert_eq!((za["total"].as_u64(), za["items"][0]["title"].as_str()), (Some(10), Some("Campaign 11")));
    let (_, live) = staff.get(&stack, "/campaign/all-campaigns?status=live").await;
    assert_eq!((live["total"].as_u64(), live["items"][0]["id"].as_str()), (Some(1), Some(ids[0].as_str())));
    let (_, gone) = staff.get(&stack, "/campaign/all-campaigns?status=expired&sort=az").await;
    assert_eq!(
        (gone["items"][0]["id"].as_str(), gone["items"][0]["status"].as_str()),
        (Some(ids[1].as_str()), Some("expired"))
    );
    let (_, search) = staff.get(&stack, "/campaign/all-campaigns?search=campaign%2001").await;
    assert_eq!(search["total"], 1);
    let (status, body) = staff.get(&stack, "/campaign/all-campaigns?sort=sideways").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");

    // An expired campaign is no longer open to contributors.
    let (status, body) =
        call(&stack, reqwest::Method::GET, &format!("/campaign/preview/{}/{}", staff.tenant_id, ids[1]), None, None)
            .await;
    assert_eq!((status, detail(&body)), (StatusCode::NOT_FOUND, "This campaign is not available"));

    let stranger = organisation(&stack).await;
    let (_, theirs) = stranger.get(&stack, "/campaign/all-campaigns").await;
    assert_eq!(theirs["total"], 0);
}

#[tokio::test]
async fn edits_are_versioned_and_texts_keep_their_emoji() {
    let stack = stack().await;
    let staff = organisation(&stack).await;
    let initiative = staff.initiative(&stack, "Editing").await;
    let tag = staff.tag(&stack, "edit").await;
    let other_tag = staff.tag(&stack, "other").await;
    let campaign = staff.campaign(&stack, &initiative, "Before", &[&tag]).await;
    let id = campaign["id"].as_str().unwrap();
    assert_eq!(campaign["language"], "en", "collaborators speak English unless staff say otherwise");

    // A language we do not transcribe is refused and changes nothing.
    let (status, _) =
        staff.put(&stack, "/campaign/update", json!({"id": id, "version": 1, "language": "klingon"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, updated) = staff
        .put(
            &stack,
            "/campaign/update",
            json!({"id": id, "version": 1, "title": "After", "mode": "landscape", "language": "es", "tags": [other_tag, tag]}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{updated}");
    assert_eq!(
        (
            updated["title"].as_str(),
            updated["mode"].as_str(),
            updated["language"].as_str(),
            updated["version"].as_u64()
        ),
        (Some("After"), Some("landscape"), Some("es"), Some(2))
    );
    assert_eq!(updated["tags"].as_array().unwrap().len(), 2);

    // A second editor still holding version 1 cannot overwrite.
    let (status, body) =
        staff.put(&stack, "/campaign/update", json!({"id": id, "version": 1, "title": "Lost edit"})).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(detail(&body).starts_with("This campaign was changed by someone else"));
    let (_, now) = staff.get(&stack, &format!("/campaign/{id}")).await;
    assert_eq!(now["title"], "After");

    let (status, body) = staff.put(&stack, "/campaign/update", json!({"id": id, "version": 2, "tags": []})).await;
    assert_eq!((status, first_message(&body)), (StatusCode::BAD_REQUEST, "Tags must be atleast 1 item"));
    let (status, body) =
        staff.put(&stack, "/campaign/update", json!({"id": id, "version": 2, "type": "targeted"})).await;
    assert_eq!(
        (status, first_message(&body)),
        (StatusCode::BAD_REQUEST, "Deadline is required for targeted campaigns")
    );

    let script = "<p>Welcome 👋 everyone 🎉</p><ul><li>Smile 😊</li></ul>";
    let (status, saved) =
        staff.post(&stack, "/campaign/save-script", json!({"campaignId": id, "version": 2, "script": script})).await;
    assert_eq!((status, saved["script"].as_str(), saved["version"].as_u64()), (StatusCode::OK, Some(script), Some(3)));
    let stored: CampaignTextRecord = stack
        .context
        .store
        .get(&keys::campaign_text(&staff.tenant_id, id, CampaignTextRecord::SCRIPT))
        .await
        .unwrap()
        .unwrap();
    assert!(stored.text.contains("&#x1F44B;") && !stored.text.contains('👋'), "stored escaped: {}", stored.text);
    let (_, reloaded) = staff.get(&stack, &format!("/campaign/{id}")).await;
    assert_eq!(reloaded["script"], script);

    let (status, body) = staff
        .post(&stack, "/campaign/save-script", json!({"campaignId": id, "version": 3, "script": "x".repeat(100_001)}))
        .await;
    assert_eq!((status, first_message(&body)), (StatusCode::BAD_REQUEST, "Maximum character limit reached"));
    let (status, body) =
        staff.post(&stack, "/campaign/add-brief", json!({"campaignId": id, "version": 3, "brief": "<p> </p>"})).await;
    assert_eq!((status, first_message(&body)), (StatusCode::BAD_REQUEST, "Brief is a required field"));
    let (status, body) = staff
        .post(&stack, "/campaign/auto-save-brief", json!({"campaignId": id, "version": 3, "brief": "<p></p>"}))
        .await;
    assert_eq!(status, StatusCode::OK, "auto-save accepts an empty draft: {body}");
    let (status, body) = staff
        .post(
            &stack,
            "/campaign/add-brief",
            json!({"campaignId": id, "version": 4, "brief": "<p>Tell us about your first day</p>"}),
        )
        .await;
    assert_eq!((status, body["brief"].as_str()), (StatusCode::OK, Some("<p>Tell us about your first day</p>")));
    let (status, _) = staff
        .post(&stack, "/campaign/save-script", json!({"campaignId": id, "version": 4, "script": "<p>stale</p>"}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
}

#[tokio::test]
async fn publishing_and_the_contributor_preview() {
    let stack = stack().await;
    let staff = organisation(&stack).await;
    let initiative = staff.initiative(&stack, "Publishing").await;
    let tag = staff.tag(&stack, "pub").await;
    let campaign = staff.campaign(&stack, &initiative, "Going live", &[&tag]).await;
    let id = campaign["id"].as_str().unwrap();
    let preview_path = format!("/campaign/preview/{}/{id}", staff.tenant_id);

    let (status, body) = call(&stack, reqwest::Method::GET, &preview_path, None, None).await;
    assert_eq!(
        (status, detail(&body)),
        (StatusCode::NOT_FOUND, "This campaign is not available"),
        "drafts are not open"
    );
    let (status, body) = staff.put(&stack, &format!("/campaign/complete/{id}"), json!({})).await;
    assert_eq!((status, detail(&body)), (StatusCode::BAD_REQUEST, "Add at least one question before publishing"));

    staff.question(&stack, id, "First?").await;
    staff
        .post(&stack, "/question/add", json!({"campaignId": id, "question": "Second?", "tips": "Take your time"}))
        .await;
    staff
        .post(&stack, "/campaign/add-brief", json!({"campaignId": id, "version": 1, "brief": "<p>Brief 🎬</p>"}))
        .await;
    let (status, body) = staff.put(&stack, &format!("/campaign/complete/{id}"), json!({})).await;
    assert_eq!((status, body["message"].as_str()), (StatusCode::OK, Some("The campaign is now live")));
    assert_eq!(
        (body["campaign"]["status"].as_str(), body["campaign"]["madeLive"].as_bool()),
        (Some("live"), Some(true))
    );

    let (status, preview) = call(&stack, reqwest::Method::GET, &preview_path, None, None).await;
    assert_eq!(status, StatusCode::OK, "{preview}");
    assert_eq!(
        (preview["title"].as_str(), preview["companyName"].as_str(), preview["brief"].as_str()),
        (Some("Going live"), Some("Acme Films"), Some("<p>Brief 🎬</p>"))
    );
    let questions: Vec<&str> =
        preview["questions"].as_array().unwrap().iter().map(|q| q["question"].as_str().unwrap()).collect();
    assert_eq!(questions, vec!["First?", "Second?"]);
    assert_eq!(preview["questions"][1]["tips"], "Take your time");
    for staff_only in ["version", "participants", "script", "madeLive", "videoCount", "tags"] {
        assert!(preview.get(staff_only).is_none(), "preview reveals {staff_only}");
    }
    // The tenant in the address must be the campaign's.
    let stranger = organisation(&stack).await;
    let (status, _) =
        call(&stack, reqwest::Method::GET, &format!("/campaign/preview/{}/{id}", stranger.tenant_id), None, None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // Not an id: refused before any lookup.
    let (status, body) =
        call(&stack, reqwest::Method::GET, &format!("/campaign/preview/{}/..%2F..", staff.tenant_id), None, None).await;
    assert_eq!((status, body["errors"][0]["field"].as_str()), (StatusCode::BAD_REQUEST, Some("campaignId")));
}

#[tokio::test]
async fn participants_are_staff_of_the_organisation_without_the_super_admin() {
    let stack = stack().await;
    let owner = organisation(&stack).await;
    let creator = member(&stack, &owner.tenant_id, Role::Creator).await;
    let coordinator = member(&stack, &owner.tenant_id, Role::Coordinator).await;
    let initiative = creator.initiative(&stack, "People").await;
    let tag = creator.tag(&stack, "people").await;
    let campaign = creator.campaign(&stack, &initiative, "Team stories", &[&tag]).await;
    let id = campaign["id"].as_str().unwrap();
    let ids = |list: &Value| -> Vec<String> {
        list.as_array().unwrap().iter().map(|u| u["id"].as_str().unwrap().to_string()).collect()
    };

    let (status, list) = owner.get(&stack, &format!("/campaign/CampaignParticipantList/{id}")).await;
    assert_eq!(status, StatusCode::OK, "{list}");
    assert_eq!(ids(&list["participants"]), vec![creator.user_id.clone()], "the creator takes part");
    assert_eq!(ids(&list["available"]), vec![coordinator.user_id.clone()], "the super admin is never offered");
    assert_eq!(list["participants"][0]["fullName"], "Test Creator");

    let (status, body) =
        owner.post(&stack, "/campaign/add-participants", json!({"campaignId": id, "userIds": [owner.user_id]})).await;
    assert_eq!(
        (status, first_message(&body)),
        (StatusCode::BAD_REQUEST, "Participants must be staff members of your organisation")
    );
    let stranger = organisation(&stack).await;
    let (status, _) = owner
        .post(&stack, "/campaign/add-participants", json!({"campaignId": id, "userIds": [stranger.user_id]}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, list) = owner
        .post(&stack, "/campaign/add-participants", json!({"campaignId": id, "userIds": [coordinator.user_id]}))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(ids(&list["participants"]).len(), 2);
    assert!(ids(&list["available"]).is_empty());

    let (_, mine) = coordinator.get(&stack, &format!("/campaign/user-campaigns/{}", coordinator.user_id)).await;
    assert_eq!(mine[0]["id"], id);
    let (status, body) =
        owner.delete(&stack, &format!("/campaign/remove-participants/{id}/{}", coordinator.user_id), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, mine) = coordinator.get(&stack, &format!("/campaign/user-campaigns/{}", coordinator.user_id)).await;
    assert_eq!(mine, json!([]));
    let (status, _) =
        owner.delete(&stack, &format!("/campaign/remove-participants/{id}/{}", coordinator.user_id), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    let (status, starters) = owner.get(&stack, &format!("/campaign/journey-starters/{id}")).await;
    assert_eq!((status, starters), (StatusCode::OK, json!({"items": [], "nextCursor": null})));

    // Another organisation's staff get nothing.
    for path in [
        format!("/campaign/{id}"),
        format!("/campaign/CampaignParticipantList/{id}"),
        format!("/campaign/journey-starters/{id}"),
    ] {
        let (status, _) = stranger.get(&stack, &path).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
    }
    let (status, _) = stranger.put(&stack, "/campaign/update", json!({"id": id, "version": 1, "title": "Mine"})).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = stranger.put(&stack, &format!("/campaign/complete/{id}"), json!({})).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = stranger.delete(&stack, &format!("/campaign/delete/{id}"), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) =
        stranger.post(&stack, "/campaign/save-script", json!({"campaignId": id, "version": 1, "script": "x"})).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, still) = owner.get(&stack, &format!("/campaign/{id}")).await;
    assert_eq!(still["title"], "Team stories");
}
