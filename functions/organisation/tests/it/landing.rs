use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use storyhive_shared::{
    organisation::records::TermsAcceptanceRecord,
    permissions::Role,
    storage::{keys, Query},
};

use storyhive_local_stack::testkit::TestStack;

use crate::common::*;

/// The landing page of the collaborator's invitation, as their link opens it.
async fn landing(stack: &TestStack, contributor: &Invited) -> Value {
    let (status, body) = contributor.call(stack, Method::GET, &contributor.path("/contributor"), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

async fn start_upload(stack: &TestStack, contributor: &Invited) -> (StatusCode, Value) {
    let body = contributor.with_ids(
        json!({"campaignQuestionId": contributor.question_id(), "contentType": "video/mp4", "sizeBytes": 1000}),
    );
    contributor.call(stack, Method::POST, "/contributor-upload/start", Some(body)).await
}

async fn accept(stack: &TestStack, contributor: &Invited, version: u32) -> (StatusCode, Value) {
    let body = contributor.with_ids(json!({"version": version}));
    contributor.call(stack, Method::POST, "/contributor/accept-terms", Some(body)).await
}

/// A campaign created by `creator`, with a collaborator invited to it.
async fn invite(stack: &TestStack, creator: &Staff) -> Invited {
    invited_in(stack, creator.clone(), "portrait", &["What brought you here?"]).await
}

#[tokio::test]
async fn the_landing_page_shows_the_logo_and_the_creators_video_else_the_organisations() {
    let stack = stack().await;
    let owner = organisation(&stack).await;
    let creator = member(&stack, &owner.tenant_id, Role::Creator).await;
    let contributor = invite(&stack, &creator).await;

    let bare = landing(&stack, &contributor).await;
    assert_eq!(
        bare["organisation"],
        json!({"companyLogo": null, "encouragementVideo": null, "termsNConditions": null, "termsVersion": 0, "termsAccepted": true, "consentWithdrawn": false, "termsAcceptedAt": null})
    );
    assert_eq!(start_upload(&stack, &contributor).await.0, StatusCode::OK, "no terms: nothing to accept");

    upload(&stack, &owner, "company", "companyLogo", "image/png", png(20, 20)).await;
    let video = mp4(1);
    upload(&stack, &owner, "company", "defaultEncouragementVideo", "video/mp4", video.clone()).await;
    let page = landing(&stack, &contributor).await;
    let logo = fetch(&stack, page["organisation"]["companyLogo"].as_str().unwrap()).await.1;
    image::load_from_memory_with_format(&logo, image::ImageFormat::Jpeg).expect("the logo is a JPEG");
    assert_eq!(page["campaign"]["companyLogo"].as_str().map(|u| u.contains("X-Amz-Signature")), Some(true));
    assert_eq!(fetch(&stack, page["organisation"]["encouragementVideo"].as_str().unwrap()).await.1, video);

    // The campaign's creator recorded their own: contributors see that one.
    let own = mp4(2);
    upload(&stack, &creator, "me", "encouragementVideo", "video/mp4", own.clone()).await;
    let page = landing(&stack, &contributor).await;
    assert_eq!(fetch(&stack, page["organisation"]["encouragementVideo"].as_str().unwrap()).await.1, own);
}

#[tokio::test]
async fn contributors_accept_the_current_terms_before_recording_and_again_after_a_new_version() {
    let stack = stack().await;
    let owner = organisation(&stack).await;
    let contributor = invite(&stack, &owner).await;
    let (status, body) = accept(&stack, &contributor, 1).await;
    assert_eq!(
        (status, body["detail"].as_str()),
        (StatusCode::BAD_REQUEST, Some("This organisation has no terms and conditions to accept"))
    );

    upload(&stack, &owner, "company", "termsNConditions", "application/pdf", pdf("v1")).await;
    let page = landing(&stack, &contributor).await;
    let organisation = &page["organisation"];
    assert_eq!((organisation["termsAccepted"].clone(), organisation["termsVersion"].clone()), (json!(false), json!(1)));
    assert_eq!(fetch(&stack, organisation["termsNConditions"].as_str().unwrap()).await.1, pdf("v1"));

    // Recording waits for the acceptance.
    let refused = "Please accept the terms and conditions before recording";
    let (status, body) = start_upload(&stack, &contributor).await;
    assert_eq!((status, body["detail"].as_str()), (StatusCode::BAD_REQUEST, Some(refused)));
    let save =
        contributor.with_ids(json!({"campaignQuestionId": contributor.question_id(), "contributorScript": "Hello"}));
    let (status, body) = contributor.call(&stack, Method::POST, "/contributor-journey/save", Some(save.clone())).await;
    assert_eq!((status, body["detail"].as_str()), (StatusCode::BAD_REQUEST, Some(refused)));

    // Only the version shown can be accepted; staff keys do not accept for them.
    let (status, body) = accept(&stack, &contributor, 2).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    let (status, _) = call_with_key(
        &stack,
        Method::POST,
        "/contributor/accept-terms",
        Some("wrong-key"),
        Some(contributor.with_ids(json!({"version": 1}))),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    let (status, accepted) = accept(&stack, &contributor, 1).await;
    assert_eq!(status, StatusCode::OK, "{accepted}");
    assert_eq!(accepted["termsAccepted"], true);
    let at = accepted["termsAcceptedAt"].as_str().unwrap().to_string();
    let (_, again) = accept(&stack, &contributor, 1).await;
    assert_eq!(again["termsAcceptedAt"].as_str(), Some(at.as_str()), "the first acceptance is kept");
    assert_eq!(start_upload(&stack, &contributor).await.0, StatusCode::OK);
    let (status, body) = contributor.call(&stack, Method::POST, "/contributor-journey/save", Some(save)).await;
    assert_eq!(status, StatusCode::OK, "{body}");

    // A new upload of the terms is a new version: asked again.
    upload(&stack, &owner, "company", "termsNConditions", "application/pdf", pdf("v2")).await;
    let page = landing(&stack, &contributor).await;
    assert_eq!(
        (page["organisation"]["termsAccepted"].clone(), page["organisation"]["termsVersion"].clone()),
        (json!(false), json!(2))
    );
    assert_eq!(start_upload(&stack, &contributor).await.0, StatusCode::BAD_REQUEST);
    assert_eq!(accept(&stack, &contributor, 2).await.0, StatusCode::OK);

    // Each acceptance is stored with its time and the version accepted.
    let stored: Vec<TermsAcceptanceRecord> = stack
        .context
        .store
        .query(Query::table(
            keys::contributors_partition(&owner.tenant_id),
            keys::terms_acceptances_prefix(&contributor.contributor_id),
        ))
        .await
        .unwrap();
    let versions: Vec<u32> = stored.iter().map(|a| a.version).collect();
    assert_eq!(versions, [1, 2]);
    assert_eq!(stored[0].accepted_at, at);
    assert_eq!(stored[1].campaign_id, contributor.campaign_id);

    // Deleting the collaborator deletes their acceptances with them.
    let (status, body) = owner
        .delete(&stack, &format!("/contributor/delete/{}/{}", owner.tenant_id, contributor.contributor_id), None)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let left: Vec<TermsAcceptanceRecord> = stack
        .context
        .store
        .query(Query::table(
            keys::contributors_partition(&owner.tenant_id),
            keys::terms_acceptances_prefix(&contributor.contributor_id),
        ))
        .await
        .unwrap();
    assert!(left.is_empty(), "{left:?}");
}
