//! Video search against the real emulators: filters, words said / question texts /
//! contributor names, paging newest first, the index kept right after a correction, a
//! new take, a question edit, a rename and a removal, tenant isolation, bad input.
//!
//! Takes are stored as the upload and media workers store them (a journey record with
//! its take and media state, a transcript) and indexed as they index them; the changes
//! staff make go through the real calls.

use reqwest::StatusCode;
use serde_json::{json, Value};
use storyhive_local_stack::testkit::{client::*, collaborators::add_collaborator, TestStack};
use storyhive_shared::{
    contributors::records::{ContributorRecord, JourneyRecord, UploadStatus},
    media::{MediaStatus, TakeMedia, TranscriptRecord, TranscriptStatus, TranscriptWord},
    model,
    search::{self, AnswerRef},
    storage::{keys, objects::Derived},
};

async fn stack() -> TestStack {
    TestStack::start("SearchFunction", storyhive_search::router)
        .await
        .with_function("AccountsFunction", storyhive_accounts::router)
        .with_function("InitiativesFunction", storyhive_initiatives::router)
        .with_function("TagsFunction", storyhive_tags::router)
        .with_function("CampaignsFunction", storyhive_campaigns::router)
        .with_function("QuestionsFunction", storyhive_questions::router)
        .with_function("ContributorsFunction", storyhive_contributors::router)
}

struct World {
    staff: Staff,
    initiative_id: String,
    tag_id: String,
    campaign_id: String,
    questions: Vec<String>,
    contributors: Vec<String>,
}

async fn world(stack: &TestStack, staff: Staff, questions: &[&str], people: &[(&str, &str)]) -> World {
    let initiative_id = staff.initiative(stack, &unique("Voices")).await;
    let tag_id = staff.tag(stack, &unique("t")[..12]).await;
    let campaign = staff.campaign(stack, &initiative_id, &unique("Harbour stories"), &[&tag_id]).await;
    let campaign_id = campaign["id"].as_str().unwrap().to_string();
    let mut question_ids = Vec::new();
    for text in questions {
        let q = staff.question(stack, &campaign_id, text).await;
        question_ids.push(q["questionId"].as_str().unwrap().to_string());
    }
    let mut contributors = Vec::new();
    for (first, last) in people {
        contributors.push(add_collaborator(stack, &staff, &campaign_id, first, last).await.contributor_id);
    }
    World { staff, initiative_id, tag_id, campaign_id, questions: question_ids, contributors }
}

fn said(text: &str) -> Vec<TranscriptWord> {
    text.split_whitespace()
        .enumerate()
        .map(|(i, w)| TranscriptWord {
            text: w.into(),
            start: i as f64 * 0.5,
            end: i as f64 * 0.5 + 0.4,
            edited: false,
        })
        .collect()
}

/// Stores a take as the upload worker and the media worker leave it, and indexes it as
/// they do.
async fn take(stack: &TestStack, w: &World, contributor: usize, question: usize, at_ms: i64, words: &str) {
    let store = &stack.context.store;
    let (tenant, campaign) = (&w.staff.tenant_id, &w.campaign_id);
    let (contributor_id, question_id) = (&w.contributors[contributor], &w.questions[question]);
    let take_key = format!("{tenant}/{}/{campaign}/{contributor_id}/{at_ms}-recorded_video.webm", w.initiative_id);
    let mut journey = store
        .get::<JourneyRecord>(&keys::journey(tenant, campaign, contributor_id, question_id))
        .await
        .unwrap()
        .unwrap_or_else(|| {
            JourneyRecord::new(tenant, campaign, contributor_id, question_id, model::timestamp(model::now()))
        });
    if let Some(old) = journey.s3_video_key.take() {
        journey.previous_takes.push(old);
    }
    journey.s3_video_key = Some(take_key.clone());
    journey.video_taken_at = Some(at_ms);
    journey.upload_status = UploadStatus::Stored;
    journey.duration_seconds = Some(12.5);
    let mut state = TakeMedia::processing(&take_key);
    state.status = MediaStatus::Ready;
    state.poster_key = Some(Derived::Poster.of(&take_key));
    state.mp4_key = Some(Derived::WebMp4.of(&take_key));
    state.duration_seconds = Some(12.4);
    state.transcript_status = TranscriptStatus::Ready;
    journey.media = Some(state);
    store.put(&journey).await.unwrap();
    let transcript = TranscriptRecord::new(
        tenant,
        campaign,
        contributor_id,
        question_id,
        &take_key,
        "pocketsphinx",
        said(words),
        model::timestamp(model::now()),
    );
    store.put(&transcript).await.unwrap();
    search::index_answer(store, &AnswerRef::new(tenant, campaign, contributor_id, question_id)).await.unwrap();
}

async fn find(stack: &TestStack, staff: &Staff, filter: Value) -> Value {
    let (status, body) = staff.post(stack, "/search/videos", filter).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

fn pairs(page: &Value) -> Vec<(String, String)> {
    page["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| (i["contributorId"].as_str().unwrap().into(), i["journeyId"].as_str().unwrap().into()))
        .collect()
}

const DAY: i64 = 86_400_000;
const JAN_10: i64 = 1_767_225_600_000 + 9 * DAY; // 2026-01-10T00:00Z

#[tokio::test]
async fn staff_find_answers_by_what_was_said_with_the_word_and_its_time() {
    let stack = stack().await;
    let staff = organisation(&stack).await;
    let w = world(
        &stack,
        staff,
        &["What does the harbour mean to you?", "Who taught you to sail?"],
        &[("Amara", "Okafor"), ("Linus", "Berg")],
    )
    .await;
    take(&stack, &w, 0, 0, JAN_10, "every morning the lighthouse keeper waved at the fishing boats").await;
    take(&stack, &w, 1, 0, JAN_10 + 1000, "my grandmother sold bread near the pier").await;

    let page = find(&stack, &w.staff, json!({"text": "Lighthouse"})).await;
    assert_eq!(pairs(&page), vec![(w.contributors[0].clone(), w.questions[0].clone())]);
    let item = &page["items"][0];
    assert_eq!(item["campaignId"], w.campaign_id.as_str());
    assert_eq!(item["contributorName"], "Amara Okafor");
    assert_eq!(item["question"], "What does the harbour mean to you?");
    assert_eq!(item["initiativeId"], w.initiative_id.as_str());
    assert_eq!(item["mediaStatus"], "ready");
    assert_eq!(item["durationSeconds"], 12.4);
    assert!(item["posterUrl"].as_str().unwrap().contains("poster.jpg"), "{item}");
    assert_eq!(item["match"]["inTranscript"], true);
    assert_eq!(item["match"]["snippet"]["word"], "lighthouse");
    assert_eq!(item["match"]["snippet"]["start"], 1.5);
    assert_eq!(item["match"]["snippet"]["before"], "every morning the");
    assert!(item["match"]["snippet"]["after"].as_str().unwrap().starts_with("keeper waved"));

    // All words must occur; question texts and contributor names are found too.
    assert!(pairs(&find(&stack, &w.staff, json!({"text": "lighthouse bread"})).await).is_empty());
    assert_eq!(pairs(&find(&stack, &w.staff, json!({"text": "bread pier"})).await).len(), 1);
    let by_question = find(&stack, &w.staff, json!({"text": "harbour"})).await;
    assert_eq!(pairs(&by_question).len(), 2);
    assert_eq!(by_question["items"][0]["match"]["inQuestion"], true);
    assert_eq!(by_question["items"][0]["match"]["inTranscript"], false);
    let by_name = find(&stack, &w.staff, json!({"text": "berg"})).await;
    assert_eq!(pairs(&by_name), vec![(w.contributors[1].clone(), w.questions[0].clone())]);
    assert_eq!(by_name["items"][0]["match"]["inContributorName"], true);
    assert!(pairs(&find(&stack, &w.staff, json!({"text": "submarine"})).await).is_empty());
    stack.assert_permissions();
}

#[tokio::test]
async fn filters_narrow_results_and_pages_run_newest_first() {
    let stack = stack().await;
    let staff = organisation(&stack).await;
    let people = [("Amara", "Okafor"), ("Linus", "Berg"), ("Mia", "Chen"), ("Omar", "Said")];
    let w = world(&stack, staff.clone(), &["First question", "Second question", "Third question"], &people).await;
    let other = world(&stack, staff, &["Elsewhere"], &[("Noor", "Haddad")]).await;
    // 12 answers (4 contributors, 3 questions) over 12 days in the first campaign, one in the other.
    for day in 0..12 {
        take(&stack, &w, (day % 4) as usize, (day / 4) as usize, JAN_10 + day * DAY, "hello harbour").await;
    }
    take(&stack, &other, 0, 0, JAN_10 + 20 * DAY, "hello harbour").await;

    let first = find(&stack, &w.staff, json!({})).await;
    assert_eq!(first["items"].as_array().unwrap().len(), 10);
    let times: Vec<String> =
        first["items"].as_array().unwrap().iter().map(|i| i["takenAt"].as_str().unwrap().to_string()).collect();
    let mut sorted = times.clone();
    sorted.sort_by(|a, b| b.cmp(a));
    assert_eq!(times, sorted, "newest first");
    assert_eq!(first["items"][0]["campaignId"], other.campaign_id.as_str());
    let cursor = first["nextCursor"].as_str().expect("a second page").to_string();
    // That cursor stopped on 2026-01-12: with a start date after it, the page link
    // belongs to other dates (once a DynamoDB range whose end is before its start, a 500).
    let (status, body) = w.staff.post(&stack, "/search/videos", json!({"cursor": cursor, "from": "2026-01-20"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["errors"][0]["field"], "cursor", "{body}");
    assert_eq!(first_message(&body), storyhive_search::CURSOR_BEFORE_FROM, "{body}");
    let second = find(&stack, &w.staff, json!({"cursor": cursor})).await;
    assert_eq!(second["items"].as_array().unwrap().len(), 3);
    assert!(second["nextCursor"].is_null());
    assert!(second["items"][2]["takenAt"].as_str().unwrap().starts_with("2026-01-10"));

    let campaign = find(&stack, &w.staff, json!({"campaignId": w.campaign_id, "limit": 50})).await;
    assert_eq!(pairs(&campaign).len(), 12);
    let contributor = find(&stack, &w.staff, json!({"contributorId": w.contributors[1], "limit": 50})).await;
    assert_eq!(pairs(&contributor).len(), 3);
    assert!(pairs(&contributor).iter().all(|(c, _)| c == &w.contributors[1]));
    let tag = find(&stack, &w.staff, json!({"tagId": other.tag_id})).await;
    assert_eq!(pairs(&tag), vec![(other.contributors[0].clone(), other.questions[0].clone())]);
    let initiative = find(&stack, &w.staff, json!({"initiativeId": w.initiative_id, "limit": 50})).await;
    assert_eq!(pairs(&initiative).len(), 12);
    let days = find(&stack, &w.staff, json!({"from": "2026-01-12", "to": "2026-01-14", "limit": 50})).await;
    assert_eq!(pairs(&days).len(), 3);
    let combined = find(
        &stack,
        &w.staff,
        json!({"campaignId": w.campaign_id, "contributorId": w.contributors[0], "text": "harbour", "status": "ready", "to": "2026-01-13"}),
    )
    .await;
    assert_eq!(pairs(&combined), vec![(w.contributors[0].clone(), w.questions[0].clone())], "{combined}");
    assert!(pairs(&find(&stack, &w.staff, json!({"status": "failed"})).await).is_empty());

    let (status, body) = w.staff.post(&stack, "/search/campaignVideos", json!({"campaignId": other.campaign_id})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(pairs(&body).len(), 1);
    let (status, body) = w.staff.post(&stack, "/search/campaignVideos", json!({})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(first_message(&body), storyhive_search::CAMPAIGN_REQUIRED);
    let (status, _) = w.staff.post(&stack, "/search/campaignVideos", json!({"campaignId": "nope"})).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    let (status, data) = w.staff.get(&stack, "/search/initialData").await;
    assert_eq!(status, StatusCode::OK, "{data}");
    assert_eq!(data["campaigns"]["items"].as_array().unwrap().len(), 2);
    assert_eq!(data["contributors"]["items"].as_array().unwrap().len(), 5);
    assert_eq!(data["initiatives"].as_array().unwrap().len(), 2);
    assert_eq!(data["tags"].as_array().unwrap().len(), 2);
    stack.assert_permissions();
}

#[tokio::test]
async fn the_index_follows_corrections_new_takes_edits_renames_and_removals() {
    let stack = stack().await;
    let staff = organisation(&stack).await;
    let w = world(&stack, staff, &["Tell us about the ferry"], &[("Amara", "Okafor")]).await;
    take(&stack, &w, 0, 0, JAN_10, "the ferry left at noon").await;
    assert_eq!(pairs(&find(&stack, &w.staff, json!({"text": "noon"})).await).len(), 1);

    // A staff correction: "noon" was "moon".
    let (status, body) = w
        .staff
        .post(
            &stack,
            "/campaign/transcription/save",
            json!({"campaignId": w.campaign_id, "contributorId": w.contributors[0], "journeyId": w.questions[0],
                   "version": 1, "edits": [{"index": 4, "text": "moon"}]}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(pairs(&find(&stack, &w.staff, json!({"text": "noon"})).await).is_empty());
    let corrected = find(&stack, &w.staff, json!({"text": "moon"})).await;
    assert_eq!(corrected["items"][0]["match"]["snippet"]["word"], "moon");
    assert_eq!(corrected["items"][0]["match"]["snippet"]["start"], 2.0);

    // A new take replaces the old one's words and date.
    take(&stack, &w, 0, 0, JAN_10 + 5 * DAY, "we crossed in the storm").await;
    assert!(pairs(&find(&stack, &w.staff, json!({"text": "moon"})).await).is_empty());
    let all = find(&stack, &w.staff, json!({})).await;
    assert_eq!(pairs(&all).len(), 1, "one answer, not one per take");
    assert!(all["items"][0]["takenAt"].as_str().unwrap().starts_with("2026-01-15"));

    // A question edit.
    let (status, body) = w
        .staff
        .put(
            &stack,
            &format!("/question/{}", w.questions[0]),
            json!({"campaignId": w.campaign_id, "question": "Tell us about the lighthouse"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(pairs(&find(&stack, &w.staff, json!({"text": "ferry"})).await).is_empty());
    assert_eq!(
        find(&stack, &w.staff, json!({"text": "lighthouse"})).await["items"][0]["question"],
        "Tell us about the lighthouse"
    );

    // A rename (as the contributor's details save does it).
    let store = &stack.context.store;
    let key = keys::contributor(&w.staff.tenant_id, &w.contributors[0]);
    let mut record = store.get::<ContributorRecord>(&key).await.unwrap().unwrap();
    record.last_name = "Mensah".into();
    store.put(&record).await.unwrap();
    search::contributor_changed(store, &w.staff.tenant_id, &w.contributors[0]).await.unwrap();
    assert!(pairs(&find(&stack, &w.staff, json!({"text": "okafor"})).await).is_empty());
    assert_eq!(find(&stack, &w.staff, json!({"text": "mensah"})).await["items"][0]["contributorName"], "Amara Mensah");

    // Staff delete the collaborator's videos: the answer leaves search, every axis.
    let (status, body) = w
        .staff
        .delete(
            &stack,
            &format!("/contributor/{}/{}/{}/videos", w.initiative_id, w.campaign_id, w.contributors[0]),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    for filter in [
        json!({}),
        json!({"text": "storm"}),
        json!({"campaignId": w.campaign_id}),
        json!({"contributorId": w.contributors[0]}),
    ] {
        assert!(pairs(&find(&stack, &w.staff, filter.clone()).await).is_empty(), "{filter}");
    }
    let documents = store
        .query_items(storyhive_shared::storage::Query::partition(keys::search_documents_partition(&w.staff.tenant_id)))
        .await
        .unwrap();
    assert!(documents.is_empty(), "no document left behind");
    stack.assert_permissions();
}

#[tokio::test]
async fn another_organisation_finds_nothing_and_bad_filters_are_refused() {
    let stack = stack().await;
    let staff = organisation(&stack).await;
    let w = world(&stack, staff, &["Question"], &[("Amara", "Okafor")]).await;
    take(&stack, &w, 0, 0, JAN_10, "secret recipe").await;
    let outsider = organisation(&stack).await;
    assert!(pairs(&find(&stack, &outsider, json!({"text": "secret"})).await).is_empty());
    for filter in [
        json!({"campaignId": w.campaign_id}),
        json!({"contributorId": w.contributors[0]}),
        json!({"initiativeId": w.initiative_id}),
        json!({"tagId": w.tag_id}),
    ] {
        for path in ["/search/videos", "/search/campaignVideos"] {
            let (status, body) = outsider.post(&stack, path, filter.clone()).await;
            let expected = if path.ends_with("campaignVideos") && filter.get("campaignId").is_none() {
                StatusCode::BAD_REQUEST
            } else {
                StatusCode::NOT_FOUND
            };
            assert_eq!(status, expected, "{path} {filter}: {body}");
        }
    }

    for (filter, field, message) in [
        (json!({"status": "lost"}), "status", storyhive_search::STATUS_INVALID),
        (json!({"review": "rejected"}), "review", storyhive_search::REVIEW_INVALID),
        (json!({"from": "2026-13-01"}), "from", storyhive_search::DATE_INVALID),
        (json!({"from": "2026-02-01", "to": "2026-01-01"}), "to", storyhive_search::DATES_REVERSED),
        (json!({"text": "x".repeat(201)}), "text", storyhive_search::TEXT_TOO_LONG),
        (json!({"text": "?!"}), "text", storyhive_search::TEXT_NO_WORDS),
        (json!({"text": "a b c d e f"}), "text", storyhive_search::TEXT_TOO_MANY_WORDS),
        (json!({"campaignId": "a#b"}), "campaignId", storyhive_shared::ids::INVALID_ID),
        (json!({"limit": 0}), "limit", "The page size must be between 1 and 50"),
        (
            json!({"cursor": "not-a-cursor"}),
            "cursor",
            "This page link is no longer valid. Please start from the first page.",
        ),
    ] {
        let (status, body) = w.staff.post(&stack, "/search/videos", filter.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{filter}: {body}");
        assert_eq!(body["errors"][0]["field"], field, "{body}");
        assert_eq!(first_message(&body), message, "{body}");
    }
    let (status, _) =
        stack.http.post(stack.url("/search/videos")).json(&json!({})).send().await.map(|r| (r.status(), ())).unwrap();
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    // Nothing changed: the answer is still found.
    assert_eq!(pairs(&find(&stack, &w.staff, json!({"text": "recipe"})).await).len(), 1);
}

/// The responses inbox: staff's review of each answer shows on it and filters it, and
/// follows an approval, an undo, a send-back and the new take that answers it.
#[tokio::test]
async fn the_review_of_each_answer_shows_and_filters_and_follows_staff() {
    let stack = stack().await;
    let staff = organisation(&stack).await;
    let w = world(&stack, staff, &["First", "Second"], &[("Amara", "Okafor"), ("Leila", "Haddad")]).await;
    take(&stack, &w, 0, 0, JAN_10, "one").await;
    take(&stack, &w, 0, 1, JAN_10 + 1_000, "two").await;
    take(&stack, &w, 1, 0, JAN_10 + 2_000, "three").await;
    let reviews = |page: &Value| -> Vec<(String, String, String)> {
        page["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| {
                let c = i["contributorId"].as_str().unwrap();
                let who = if c == w.contributors[0] { "amara" } else { "leila" };
                let q = if i["journeyId"] == w.questions[0].as_str() { "first" } else { "second" };
                (who.to_string(), q.to_string(), i["review"].as_str().unwrap().to_string())
            })
            .collect()
    };
    let of = |review: &str| json!({"campaignId": w.campaign_id, "review": review});
    let triple = |a: &str, b: &str, c: &str| (a.to_string(), b.to_string(), c.to_string());
    let all = find(&stack, &w.staff, json!({"campaignId": w.campaign_id})).await;
    assert_eq!(
        reviews(&all),
        [triple("leila", "first", "new"), triple("amara", "second", "new"), triple("amara", "first", "new")]
    );

    let review = |contributor: usize, question: usize, status: &str| {
        json!({"campaignId": w.campaign_id, "contributorId": w.contributors[contributor],
               "journeyId": w.questions[question], "status": status})
    };
    let (status, body) = w.staff.put(&stack, "/campaign/answer-review", review(0, 1, "approved")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = w
        .staff
        .post(
            &stack,
            "/contributor-journey/re-record",
            json!({"campaignId": w.campaign_id, "contributorId": w.contributors[1], "campaignQuestionIds": [w.questions[0]]}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(reviews(&find(&stack, &w.staff, of("approved")).await), [triple("amara", "second", "approved")]);
    assert_eq!(reviews(&find(&stack, &w.staff, of("sentBack")).await), [triple("leila", "first", "sentBack")]);
    assert_eq!(reviews(&find(&stack, &w.staff, of("new")).await), [triple("amara", "first", "new")]);
    // Across campaigns too.
    assert_eq!(
        reviews(&find(&stack, &w.staff, json!({"review": "approved"})).await),
        [triple("amara", "second", "approved")]
    );

    // Back to new; the sent-back answer's new take is new again.
    let (status, body) = w.staff.put(&stack, "/campaign/answer-review", review(0, 1, "new")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(reviews(&find(&stack, &w.staff, of("approved")).await).is_empty());
    let mut journey = stack
        .context
        .store
        .get::<JourneyRecord>(&keys::journey(&w.staff.tenant_id, &w.campaign_id, &w.contributors[1], &w.questions[0]))
        .await
        .unwrap()
        .unwrap();
    // As the upload worker stores a re-recorded take.
    journey.sent_for_re_recording = false;
    journey.review_status = Some(storyhive_shared::contributors::records::ReviewStatus::New);
    stack.context.store.put(&journey).await.unwrap();
    take(&stack, &w, 1, 0, JAN_10 + 3_000, "three again").await;
    assert!(reviews(&find(&stack, &w.staff, of("sentBack")).await).is_empty());
    assert_eq!(reviews(&find(&stack, &w.staff, of("new")).await).len(), 3);
}
