//! Publishing against the local stack: real takes (ffmpeg, espeak-ng speech) converted and
//! transcribed by the media worker, published through the staff API, read through the
//! public pages' function, taken down by staff, by a withdrawal of consent (the cascade
//! worker) and counted by concurrent beacons.

#[path = "../../../media-worker/tests/it/common.rs"]
#[allow(dead_code, unused_imports)]
mod media_common;
mod stories;
mod stories_cascade;

use reqwest::StatusCode;
use serde_json::{json, Value};
use storyhive_local_stack::testkit::{
    collaborators::*,
    media::{video, Container},
    pending_webhook_events, TestStack,
};
use storyhive_shared::{
    media::MediaStatus,
    publishing::{public::STORY_KEYS, GONE},
};

const SENTENCE: &str = "Hello. My name is Peter. I live in London. I love my family.";
const BROWSER: &str =
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

async fn stack() -> TestStack {
    media_common::take_pipeline(
        TestStack::start("PublishingFunction", storyhive_publishing::router)
            .await
            .with_function("ContributorsFunction", storyhive_contributors::router)
            .with_function("PublicPagesFunction", storyhive_public_pages::router),
    )
}

/// A collaborator whose answer holds a converted, transcribed take, approved by staff.
async fn approved(stack: &TestStack, answering: &Invited) {
    let take = answering.record(stack, video(Container::Webm, 3.0).speech(SENTENCE).make(), "webm").await;
    let media = answering.settle(stack, &take).await;
    assert_eq!(media.status, MediaStatus::Ready, "{media:?}");
    let (status, body) = answering.staff.put(stack, "/campaign/answer-review", review(answering, "approved")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

fn review(answering: &Invited, status: &str) -> Value {
    json!({"campaignId": answering.campaign_id, "contributorId": answering.contributor_id,
           "journeyId": answering.question_id(), "status": status})
}

fn answer(answering: &Invited) -> Value {
    json!({"kind": "answer", "campaignId": answering.campaign_id, "contributorId": answering.contributor_id,
           "questionId": answering.question_id()})
}

async fn public(stack: &TestStack, path: &str) -> (StatusCode, String) {
    let response = stack.http.get(stack.url(path)).header("user-agent", BROWSER).send().await.unwrap();
    (response.status(), response.text().await.unwrap())
}

async fn published_copy_exists(stack: &TestStack, key: &str) -> bool {
    let bucket = stack.context.config.published_bucket().unwrap();
    stack.clients.s3.head_object().bucket(bucket).key(key).send().await.is_ok()
}

/// Every path the edge cache was told to drop (moto's CloudFront keeps the invalidations).
async fn invalidated(stack: &TestStack) -> Vec<String> {
    let distribution = stack.context.config.edge_distribution_id.clone().expect("the stack has a distribution");
    let cloudfront = &stack.clients.cloudfront;
    let listed = cloudfront.list_invalidations().distribution_id(&distribution).send().await.unwrap();
    let mut paths = Vec::new();
    for summary in listed.invalidation_list.and_then(|l| l.items).unwrap_or_default() {
        let one = cloudfront.get_invalidation().distribution_id(&distribution).id(summary.id).send().await.unwrap();
        let batch = one.invalidation.expect("an invalidation").invalidation_batch;
        paths.extend(batch.and_then(|b| b.paths).and_then(|p| p.items).unwrap_or_default());
    }
    paths
}

#[tokio::test]
async fn an_approved_answer_gets_a_public_page_and_unpublishing_takes_it_down_at_once() {
    let stack = stack().await;
    let answering = answering(&stack, "landscape").await;
    let take = answering.record(&stack, video(Container::Webm, 3.0).speech(SENTENCE).make(), "webm").await;
    answering.settle(&stack, &take).await;

    // Not approved yet: refused, nothing published.
    let (status, body) = answering.staff.post(&stack, "/publications", answer(&answering)).await;
    assert_eq!(
        (status, body["detail"].as_str()),
        (StatusCode::BAD_REQUEST, Some("Only approved videos can be published"))
    );
    answering.staff.put(&stack, "/campaign/answer-review", review(&answering, "approved")).await;

    let title = "Harbour </script><script>alert(1)</script> \"quoted\" 100% \\ 🌊 مرحبا";
    let mut request = answer(&answering);
    request["title"] = json!(title);
    let (status, published) = answering.staff.post(&stack, "/publications", request.clone()).await;
    assert_eq!(status, StatusCode::CREATED, "{published}");
    let slug = published["slug"].as_str().unwrap().to_string();
    assert_eq!(slug.len(), 22);
    assert_eq!(published["status"], "live");
    assert_eq!(published["speakers"][0]["name"], "Amara O.");
    assert!(published["iframeSnippet"].as_str().unwrap().contains(&format!("/embed/{slug}")));
    // Publishing again is the same item.
    let (status, again) = answering.staff.post(&stack, "/publications", request).await;
    assert_eq!((status, again["slug"].as_str()), (StatusCode::OK, Some(slug.as_str())));

    // The public JSON holds exactly its allow-list, with the captions of the words said.
    let (status, text) = public(&stack, &format!("/public/stories/{slug}")).await;
    assert_eq!(status, StatusCode::OK, "{text}");
    let story: Value = serde_json::from_str(&text).unwrap();
    let mut keys: Vec<&str> = story.as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort();
    let mut allowed = STORY_KEYS.to_vec();
    allowed.sort();
    assert_eq!(keys, allowed);
    assert_eq!(story["title"], title);
    assert_eq!(story["organisation"]["name"], "Acme Films");
    assert!(!text.contains(&answering.contributor_id) && !text.contains(&answering.email), "{text}");
    let said: String = story["transcript"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["text"].as_str().unwrap())
        .collect::<Vec<_>>()
        .join(" ");
    assert!(!said.trim().is_empty(), "the transcript is on the page: {story}");
    for key in ["video.mp4", "poster.jpg", "captions.vtt", "captions.srt"] {
        assert!(published_copy_exists(&stack, &format!("published/{slug}/{key}")).await, "{key}");
    }
    let vtt = stack
        .clients
        .s3
        .get_object()
        .bucket(stack.context.config.published_bucket().unwrap())
        .key(format!("published/{slug}/captions.vtt"))
        .send()
        .await
        .unwrap();
    let vtt = String::from_utf8(vtt.body.collect().await.unwrap().to_vec()).unwrap();
    let first_cue = story["transcript"][0]["text"].as_str().unwrap();
    assert!(vtt.starts_with("WEBVTT\n\n") && vtt.contains(first_cue), "{vtt}");

    // The share page: the preview tags, and a title that cannot break out of its elements.
    let (status, html) = public(&stack, &format!("/v/{slug}")).await;
    assert_eq!(status, StatusCode::OK);
    for tag in ["og:title", "og:image", "og:video", "twitter:card", "application/json+oembed"] {
        assert!(html.contains(tag), "{tag} missing");
    }
    assert!(!html.contains("<script>alert(1)"), "the title broke out: {html}");
    assert_eq!(html.matches("</script>").count(), 2, "only the page's own two script elements close");
    let (status, oembed) =
        public(&stack, &format!("/public/oembed?url=http://app.storyhive.test/v/{slug}&format=json")).await;
    assert_eq!(status, StatusCode::OK, "{oembed}");
    let oembed: Value = serde_json::from_str(&oembed).unwrap();
    assert_eq!((oembed["version"].as_str(), oembed["type"].as_str()), (Some("1.0"), Some("video")));
    assert!(oembed["html"].as_str().unwrap().starts_with("<iframe"));
    let (status, _) =
        public(&stack, &format!("/public/oembed?url=http://app.storyhive.test/v/{slug}&format=xml")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    // Unpublished: the page, embed and JSON answer 410 at once and the copies are gone.
    let (status, down) = answering.staff.delete(&stack, &format!("/publications/{slug}"), None).await;
    assert_eq!((status, down["status"].as_str()), (StatusCode::OK, Some("unpublished")), "{down}");
    assert!(down["takedownReason"].as_str().unwrap().starts_with("Unpublished by "), "{down}");
    for path in [format!("/public/stories/{slug}"), format!("/v/{slug}"), format!("/embed/{slug}")] {
        let (status, text) = public(&stack, &path).await;
        assert_eq!(status, StatusCode::GONE, "{path}");
        assert!(text.contains(GONE), "{path}: {text}");
    }
    assert!(!published_copy_exists(&stack, &format!("published/{slug}/video.mp4")).await);
    // ...and CloudFront is told to drop what it kept of them, by both of their URIs.
    let dropped = invalidated(&stack).await;
    for path in [
        format!("/v/{slug}"),
        format!("/embed/{slug}"),
        format!("/api/public/stories/{slug}"),
        format!("/public/stories/{slug}"),
        format!("/published/{slug}/*"),
        "/wall/*".to_string(),
    ] {
        assert!(dropped.contains(&path), "{path} not invalidated: {dropped:?}");
    }
    let (status, _) = answering.staff.delete(&stack, &format!("/publications/{slug}"), None).await;
    assert_eq!(status, StatusCode::OK, "unpublishing again changes nothing");
    // The organisation's webhooks hear of each fact once (issue 26): the take stored and
    // ready, the item published (twice asked, one event) and taken down (twice asked).
    let events = pending_webhook_events(&stack, &answering.staff.tenant_id).await;
    let types: Vec<&str> = events.iter().map(|e| e.data.event_type().name()).collect();
    assert_eq!(types, ["answer.stored", "answer.ready", "video.published", "video.unpublished"], "{events:?}");
    let payload = events[2].payload("http://app.storyhive.test");
    assert_eq!(
        (payload["data"]["slug"].as_str(), payload["data"]["title"].as_str()),
        (Some(slug.as_str()), Some(title))
    );
    assert_eq!(payload["data"]["kind"], "answer");
    assert!(payload["data"]["shareUrl"].as_str().unwrap().ends_with(&format!("/v/{slug}")), "{payload}");
    let (status, _) = public(&stack, &format!("/v/{}", storyhive_shared::publishing::new_slug())).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_withdrawal_of_consent_takes_down_that_collaborators_videos_only() {
    let stack = stack().await;
    let amara = answering(&stack, "landscape").await;
    let other = add_collaborator(&stack, &amara.staff, &amara.campaign_id, "Noor", "Haddad").await;
    let noor = Invited { contributor_id: other.contributor_id, email: other.email, key: other.key, ..amara.clone() };
    approved(&stack, &amara).await;
    approved(&stack, &noor).await;
    let (_, amaras) = amara.staff.post(&stack, "/publications", answer(&amara)).await;
    let (_, noors) = amara.staff.post(&stack, "/publications", answer(&noor)).await;
    let (amaras, noors) = (amaras["slug"].as_str().unwrap().to_string(), noors["slug"].as_str().unwrap().to_string());

    // Amara withdraws from her link; the cascade worker takes her video down.
    let (status, body) =
        amara.call(&stack, reqwest::Method::POST, "/contributor/withdraw-consent", Some(amara.ids())).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Your consent is withdrawn. Your published videos were taken down.");
    for _ in 0..20 {
        stack.run_workers().await.unwrap();
        let (_, item) = amara.staff.get(&stack, &format!("/publications/{amaras}")).await;
        if item["status"] != "live" {
            break;
        }
    }
    let (_, item) = amara.staff.get(&stack, &format!("/publications/{amaras}")).await;
    assert_eq!(
        (item["status"].as_str(), item["takedownReason"].as_str()),
        (Some("withdrawn"), Some("Amara O. withdrew their consent")),
        "{item}"
    );
    assert_eq!(public(&stack, &format!("/v/{amaras}")).await.0, StatusCode::GONE);
    let dropped = invalidated(&stack).await;
    assert!(dropped.contains(&format!("/v/{amaras}")), "the edge drops her page: {dropped:?}");
    assert!(!dropped.contains(&format!("/v/{noors}")), "and keeps Noor's: {dropped:?}");
    assert_eq!(public(&stack, &format!("/v/{noors}")).await.0, StatusCode::OK, "another collaborator's video stays");
    let (_, consent) = amara.staff.get(&stack, &format!("/consent/{}", amara.contributor_id)).await;
    assert_eq!(consent["withdrawn"], true);
    // One `consent.withdrawn` event, however often the cascade ran (issue 26's webhooks).
    stack.run_workers().await.unwrap();
    let withdrawn: Vec<_> = pending_webhook_events(&stack, &amara.staff.tenant_id)
        .await
        .into_iter()
        .filter(|e| e.data.event_type().name() == "consent.withdrawn")
        .collect();
    assert_eq!(withdrawn.len(), 1, "{withdrawn:?}");
    let payload = withdrawn[0].payload("http://app.storyhive.test");
    assert_eq!(payload["data"]["collaboratorId"], amara.contributor_id.as_str());
    assert_eq!(consent["takenDown"][0]["publicationId"], amaras.as_str());

    // While withdrawn nothing of hers is published, and her link asks for consent again.
    let (status, body) = amara.staff.post(&stack, "/publications", answer(&amara)).await;
    assert_eq!(
        (status, body["detail"].as_str()),
        (StatusCode::BAD_REQUEST, Some("Amara O. has withdrawn their consent"))
    );
    let (_, landing) = amara.call(&stack, reqwest::Method::GET, &amara.path("/contributor"), None).await;
    assert_eq!(landing["organisation"]["consentWithdrawn"], true, "{landing}");
    // She gives it again (no terms here: version 0), and can be published again.
    let mut accept = amara.ids();
    accept["version"] = json!(0);
    let (status, body) = amara.call(&stack, reqwest::Method::POST, "/contributor/accept-terms", Some(accept)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["consentWithdrawn"], false);
    let (status, _) = amara.staff.post(&stack, "/publications", answer(&amara)).await;
    assert_eq!(status, StatusCode::CREATED);
}

#[tokio::test]
async fn concurrent_beacons_are_each_counted_once_and_robots_not_at_all() {
    let stack = stack().await;
    let answering = answering(&stack, "landscape").await;
    approved(&stack, &answering).await;
    let (_, published) = answering.staff.post(&stack, "/publications", answer(&answering)).await;
    let slug = published["slug"].as_str().unwrap().to_string();
    let beacon = |event: &str, agent: &str| {
        stack
            .http
            .post(stack.url("/public/beacons"))
            .header("user-agent", agent)
            .header("content-type", "text/plain;charset=UTF-8")
            .body(json!({"slug": slug, "event": event}).to_string())
            .send()
    };
    // 200 at once from this machine (bounded: one burst, loopback).
    let views = futures_join(200, || beacon("view", BROWSER)).await;
    assert!(views.iter().all(|s| *s == StatusCode::ACCEPTED), "{views:?}");
    beacon("play", BROWSER).await.unwrap();
    beacon("view", "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)").await.unwrap();
    beacon("view", "").await.unwrap();
    let (_, item) = answering.staff.get(&stack, &format!("/publications/{slug}")).await;
    assert_eq!((item["stats"]["views"].as_u64(), item["stats"]["plays"].as_u64()), (Some(200), Some(1)), "{item}");
    let (_, campaign) =
        answering.staff.get(&stack, &format!("/publications/stats?campaignId={}", answering.campaign_id)).await;
    assert_eq!(campaign["views"], 200);
    let (_, organisation) = answering.staff.get(&stack, "/publications/stats").await;
    assert_eq!(organisation["views"], 200);
    // A taken-down item counts nothing more.
    answering.staff.delete(&stack, &format!("/publications/{slug}"), None).await;
    beacon("view", BROWSER).await.unwrap();
    let (_, organisation) = answering.staff.get(&stack, "/publications/stats").await;
    assert_eq!(organisation["views"], 200);
}

async fn futures_join<F, Fut>(count: usize, make: F) -> Vec<StatusCode>
where
    F: Fn() -> Fut,
    Fut: std::future::Future<Output = reqwest::Result<reqwest::Response>>,
{
    let all = (0..count).map(|_| make());
    let mut statuses = Vec::new();
    for response in futures::future::join_all(all).await {
        statuses.push(response.unwrap().status());
    }
    statuses
}

#[tokio::test]
async fn walls_show_live_items_in_their_order_and_drop_taken_down_ones() {
    let stack = stack().await;
    let amara = answering(&stack, "landscape").await;
    let other = add_collaborator(&stack, &amara.staff, &amara.campaign_id, "Noor", "Haddad").await;
    let noor = Invited { contributor_id: other.contributor_id, email: other.email, key: other.key, ..amara.clone() };
    approved(&stack, &amara).await;
    approved(&stack, &noor).await;
    let (_, first) = amara.staff.post(&stack, "/publications", answer(&amara)).await;
    let (_, second) = amara.staff.post(&stack, "/publications", answer(&noor)).await;
    let (first, second) = (first["slug"].as_str().unwrap(), second["slug"].as_str().unwrap());

    let (status, body) = amara.staff.post(&stack, "/walls", json!({"title": " "})).await;
    assert_eq!((status, body["detail"].as_str()), (StatusCode::BAD_REQUEST, Some("Title is a required field")));
    let (status, body) = amara.staff.post(&stack, "/walls", json!({"title": "Ours", "publicationIds": ["nope"]})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (status, wall) = amara
        .staff
        .post(&stack, "/walls", json!({"title": "Voices of the harbour", "publicationIds": [second, first]}))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{wall}");
    let wall_id = wall["wallId"].as_str().unwrap().to_string();
    assert!(wall["scriptSnippet"].as_str().unwrap().contains("wall-embed.js"));
    let order = |wall: &Value| -> Vec<String> {
        wall["items"].as_array().unwrap().iter().map(|i| i["slug"].as_str().unwrap().to_string()).collect()
    };
    let (status, text) = public(&stack, &format!("/public/walls/{wall_id}")).await;
    assert_eq!(status, StatusCode::OK, "{text}");
    assert_eq!(order(&serde_json::from_str(&text).unwrap()), [second, first]);
    let (status, html) = public(&stack, &format!("/wall/{wall_id}")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("Voices of the harbour") && html.contains(first));

    // A campaign's wall: its live items, newest first.
    let (_, campaign_wall) =
        amara.staff.post(&stack, "/walls", json!({"title": "Campaign", "campaignId": amara.campaign_id})).await;
    let (_, text) = public(&stack, &format!("/public/walls/{}", campaign_wall["wallId"].as_str().unwrap())).await;
    assert_eq!(order(&serde_json::from_str(&text).unwrap()), [second, first]);

    amara.staff.delete(&stack, &format!("/publications/{second}"), None).await;
    let (_, text) = public(&stack, &format!("/public/walls/{wall_id}")).await;
    assert_eq!(order(&serde_json::from_str(&text).unwrap()), [first]);
    let (status, _) = amara.staff.delete(&stack, &format!("/walls/{wall_id}"), None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(public(&stack, &format!("/public/walls/{wall_id}")).await.0, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn an_approved_generated_video_is_published_and_stays_when_another_collaborator_withdraws() {
    let stack = stack().await.with_function("GeneratedVideosFunction", |context| {
        storyhive_generated_videos::router(context)
            .layer(axum::Extension(storyhive_generated_videos::videotest::VideoTestLimits::default()))
    });
    let amara = answering(&stack, "landscape").await;
    let other = add_collaborator(&stack, &amara.staff, &amara.campaign_id, "Noor", "Haddad").await;
    let noor = Invited { contributor_id: other.contributor_id, email: other.email, key: other.key, ..amara.clone() };
    approved(&stack, &amara).await;
    approved(&stack, &noor).await;
    let (_, amaras) = amara.staff.post(&stack, "/publications", answer(&amara)).await;
    let amaras = amaras["slug"].as_str().unwrap().to_string();

    // Staff cut Noor's answer into a video; the media worker renders it.
    let edit = json!({"clips": [{"journeyId": noor.question_id(), "start": 0.2, "end": 2.4}], "captions": "webvtt"});
    let (status, saved) = noor
        .staff
        .post(
            &stack,
            "/generated-videos/save",
            json!({"campaignId": noor.campaign_id, "contributorId": noor.contributor_id, "title": "Noor's harbour", "edit": edit}),
        )
        .await;
    assert_eq!(status, StatusCode::ACCEPTED, "{saved}");
    let video_id = saved["videoId"].as_str().unwrap().to_string();
    let list = format!("/generated-videos/{}/{}?limit=50", noor.campaign_id, noor.contributor_id);
    let mut ready = false;
    for _ in 0..120 {
        stack.run_workers().await.unwrap();
        let (_, page) = noor.staff.get(&stack, &list).await;
        let status = page["items"].as_array().unwrap().iter().find(|v| v["videoId"] == video_id.as_str()).unwrap()
            ["status"]
            .clone();
        if status != "processing" {
            assert_eq!(status, "ready", "{page}");
            ready = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(250)).await;
    }
    assert!(ready, "the video was rendered");
    let video = json!({"kind": "video", "campaignId": noor.campaign_id, "videoId": video_id});

    // Rendered but not approved: refused, and nothing is published.
    let (status, body) = noor.staff.post(&stack, "/publications", video.clone()).await;
    assert_eq!(
        (status, body["detail"].as_str()),
        (StatusCode::BAD_REQUEST, Some("Only approved videos can be published"))
    );
    let approve = format!("/generated-videos/approval/{}/{video_id}", noor.campaign_id);
    let (status, body) = noor.staff.put(&stack, &approve, json!({"approved": true})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, published) = noor.staff.post(&stack, "/publications", video.clone()).await;
    assert_eq!(status, StatusCode::CREATED, "{published}");
    assert_eq!((published["kind"].as_str(), published["title"].as_str()), (Some("video"), Some("Noor's harbour")));
    assert_eq!(published["speakers"], json!([{"contributorId": noor.contributor_id, "name": "Noor H."}]));
    let slug = published["slug"].as_str().unwrap().to_string();
    assert!(published_copy_exists(&stack, &format!("published/{slug}/video.mp4")).await);
    let (status, html) = public(&stack, &format!("/v/{slug}")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("Noor&#39;s harbour") || html.contains("Noor's harbour"), "the title is on the page");

    // Amara withdraws: her answer goes down, Noor's video (none of Amara's clips) stays.
    let (status, body) =
        amara.call(&stack, reqwest::Method::POST, "/contributor/withdraw-consent", Some(amara.ids())).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    for _ in 0..20 {
        stack.run_workers().await.unwrap();
        if public(&stack, &format!("/v/{amaras}")).await.0 == StatusCode::GONE {
            break;
        }
    }
    assert_eq!(public(&stack, &format!("/v/{amaras}")).await.0, StatusCode::GONE);
    assert_eq!(public(&stack, &format!("/v/{slug}")).await.0, StatusCode::OK, "Noor's video stays");

    // Deleting the video takes its page down with the reason, and its public copy with it.
    let (status, body) =
        noor.staff.delete(&stack, &format!("/generated-videos/delete/{}/{video_id}", noor.campaign_id), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, item) = noor.staff.get(&stack, &format!("/publications/{slug}")).await;
    assert_eq!(
        (item["status"].as_str(), item["takedownReason"].as_str()),
        (Some("deleted"), Some("The video was deleted")),
        "{item}"
    );
    assert_eq!(public(&stack, &format!("/v/{slug}")).await.0, StatusCode::GONE);
    assert!(!published_copy_exists(&stack, &format!("published/{slug}/video.mp4")).await);
    assert!(invalidated(&stack).await.contains(&format!("/v/{slug}")));
}
