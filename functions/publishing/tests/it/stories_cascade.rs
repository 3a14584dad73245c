//! Removing a collaborator's answers cuts their clips out of the campaign's stories: a
//! story of three voices whose middle speaker is deleted keeps the other two, loses its
//! render (files too: the deleted person is in its picture) and comes down if it was
//! published; a story of theirs alone is deleted. Then the same for a collaborator whose
//! videos are deleted, and for a deleted question (through the cascade worker). Every
//! removal can be repeated without changing anything.

use reqwest::StatusCode;
use serde_json::{json, Value};
use storyhive_local_stack::testkit::{collaborators::*, TestStack};
use storyhive_shared::{
    cascade::{stories_lose_answers, RemovedAnswers, StoriesCut},
    publishing::takedown::Copies,
    storage::{keys, Query},
};

use crate::{
    public, published_copy_exists,
    stories::{voice, words_of},
};

async fn story_of(stack: &TestStack, staff: &storyhive_local_stack::testkit::client::Staff, path: &str) -> Value {
    let (status, story) = staff.get(stack, path).await;
    assert_eq!(status, StatusCode::OK, "{story}");
    story
}

/// The speakers of a story as staff read it, by contributor id.
fn speakers(story: &Value) -> Vec<String> {
    story["speakers"].as_array().unwrap().iter().map(|s| s["contributorId"].as_str().unwrap().to_string()).collect()
}

fn clip_owners(story: &Value) -> Vec<String> {
    story["clips"].as_array().unwrap().iter().map(|c| c["contributorId"].as_str().unwrap().to_string()).collect()
}

/// The stories `speaker` is linked to, read straight from the table (a deleted collaborator
/// has no route left to ask).
async fn links_of(stack: &TestStack, tenant_id: &str, contributor_id: &str) -> usize {
    let links: Vec<Value> =
        stack.context.store.query(Query::partition(keys::stories_of_speaker(tenant_id, contributor_id))).await.unwrap();
    links.len()
}

async fn status_of(stack: &TestStack, url: &str) -> StatusCode {
    stack.http.get(url).send().await.unwrap().status()
}

/// The cut a retried removal makes: none.
async fn cut_again(stack: &TestStack, tenant_id: &str, campaign_id: &str, removed: RemovedAnswers<'_>) -> StoriesCut {
    let context = &stack.context;
    let copies =
        Copies { s3: context.s3().unwrap(), bucket: context.config.published_bucket().unwrap(), edge: &context.edge };
    stories_lose_answers(
        &context.store,
        copies,
        context.config.video_bucket().unwrap(),
        tenant_id,
        campaign_id,
        removed,
    )
    .await
    .unwrap()
}

#[tokio::test]
async fn removing_a_collaborators_answers_cuts_their_clips_renders_and_publication_out_of_stories() {
    let stack = crate::stack().await.with_function("GeneratedVideosFunction", |context| {
        storyhive_generated_videos::router(context)
            .layer(axum::Extension(storyhive_generated_videos::videotest::VideoTestLimits::default()))
    });
    let amara = answering(&stack, "landscape").await;
    let mut voices = vec![amara.clone()];
    for (first, last) in [("Ben", "Kowalski"), ("Chloe", "Dubois")] {
        let added = add_collaborator(&stack, &amara.staff, &amara.campaign_id, first, last).await;
        voices.push(Invited {
            contributor_id: added.contributor_id,
            email: added.email,
            key: added.key,
            ..amara.clone()
        });
    }
    let sentences = [
        "I came for a month and stayed for ten years.",
        "Every Saturday we cook together for the whole street.",
        "Come and join us, there is a place for you.",
    ];
    for (speaker, sentence) in voices.iter().zip(sentences) {
        voice(&stack, speaker, sentence).await;
    }
    let clip = |speaker: &Invited, last: usize| {
        json!({"contributorId": speaker.contributor_id, "questionId": speaker.question_id(),
               "firstWord": 0, "lastWord": last})
    };
    let mut clips = Vec::new();
    for speaker in &voices {
        clips.push(clip(speaker, (words_of(&stack, speaker).await.len() - 1).min(4)));
    }
    let (amara_id, ben_id, chloe_id) =
        (voices[0].contributor_id.clone(), voices[1].contributor_id.clone(), voices[2].contributor_id.clone());
    let (staff, tenant_id, campaign_id) = (&amara.staff, amara.staff.tenant_id.clone(), amara.campaign_id.clone());
    let save = |title: &str, clips: Vec<Value>| {
        json!({"campaignId": campaign_id, "title": title, "clips": clips,
               "titleCard": {"text": title, "seconds": 1}})
    };
    // Three voices, Ben in the middle; and a story of Ben's alone.
    let (status, story) = staff.post(&stack, "/generated-videos/stories/save", save("Why we stay", clips)).await;
    assert_eq!(status, StatusCode::CREATED, "{story}");
    let story_id = story["storyId"].as_str().unwrap().to_string();
    let path = format!("/generated-videos/stories/{campaign_id}/{story_id}");
    let (status, bens) =
        staff.post(&stack, "/generated-videos/stories/save", save("Saturdays", vec![clip(&voices[1], 2)])).await;
    assert_eq!(status, StatusCode::CREATED, "{bens}");
    let bens_path = format!("/generated-videos/stories/{campaign_id}/{}", bens["storyId"].as_str().unwrap());

    // Rendered and published.
    let (status, render) = staff
        .post(
            &stack,
            &format!("/generated-videos/stories/render/{campaign_id}/{story_id}"),
            json!({"format": "landscape", "framing": "crop", "burnCaptions": false}),
        )
        .await;
    assert_eq!(status, StatusCode::ACCEPTED, "{render}");
    let mut rendered = Value::Null;
    for _ in 0..240 {
        stack.run_workers().await.unwrap();
        let render = story_of(&stack, staff, &path).await["renders"][0].clone();
        if render["status"] != "processing" {
            rendered = render;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(250)).await;
    }
    assert_eq!(rendered["status"], "ready", "{rendered}");
    let files: Vec<String> = ["url", "posterUrl", "srtUrl", "vttUrl", "provenanceUrl"]
        .iter()
        .map(|f| rendered[*f].as_str().unwrap_or_else(|| panic!("{f}: {rendered}")).to_string())
        .collect();
    for url in &files {
        assert_eq!(status_of(&stack, url).await, StatusCode::OK, "{url}");
    }
    let (status, published) = staff
        .post(&stack, "/publications", json!({"kind": "story", "campaignId": campaign_id, "storyId": story_id}))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{published}");
    let slug = published["slug"].as_str().unwrap().to_string();
    assert_eq!(public(&stack, &format!("/v/{slug}")).await.0, StatusCode::OK);

    // Ben is deleted from the organisation.
    let (status, body) = staff.delete(&stack, &format!("/contributor/delete/{tenant_id}/{ben_id}"), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // The story keeps Amara's and Chloe's clips, at its next version, without a render.
    let after = story_of(&stack, staff, &path).await;
    assert_eq!(clip_owners(&after), [amara_id.clone(), chloe_id.clone()], "{after}");
    assert_eq!(speakers(&after), [amara_id.clone(), chloe_id.clone()]);
    assert_eq!(after["version"], 2);
    assert_eq!(after["renders"], json!([]), "{after}");
    // Its render's files are gone (Ben's face is in them), and its public page.
    for url in &files {
        assert_eq!(status_of(&stack, url).await, StatusCode::NOT_FOUND, "{url}");
    }
    let (_, item) = staff.get(&stack, &format!("/publications/{slug}")).await;
    assert_eq!(item["status"], "deleted", "{item}");
    assert_eq!(public(&stack, &format!("/v/{slug}")).await.0, StatusCode::GONE);
    assert!(!published_copy_exists(&stack, &format!("published/{slug}/video.mp4")).await);
    // Ben's own story is deleted; he is in no story, and no longer a collaborator to ask about.
    assert_eq!(staff.get(&stack, &bens_path).await.0, StatusCode::NOT_FOUND);
    assert_eq!(links_of(&stack, &tenant_id, &ben_id).await, 0);
    let (status, _) = staff.get(&stack, &format!("/generated-videos/stories/speaker/{ben_id}")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, list) = staff.get(&stack, &format!("/generated-videos/stories/{campaign_id}")).await;
    assert_eq!(list["items"].as_array().unwrap().len(), 1, "{list}");
    // The others still find it among theirs.
    for speaker in [&amara_id, &chloe_id] {
        let (_, theirs) = staff.get(&stack, &format!("/generated-videos/stories/speaker/{speaker}")).await;
        assert_eq!(theirs["items"][0]["storyId"], story_id.as_str(), "{theirs}");
    }

    // Deleting him again: he is not found, nothing changes; the cut itself, retried, cuts nothing.
    let (status, _) = staff.delete(&stack, &format!("/contributor/delete/{tenant_id}/{ben_id}"), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let cut = cut_again(&stack, &tenant_id, &campaign_id, RemovedAnswers::OfContributor(&ben_id)).await;
    assert_eq!(cut, StoriesCut::default());
    assert_eq!(story_of(&stack, staff, &path).await, after);

    // Chloe's videos are deleted (she stays invited): her clip goes, and the story is no longer hers.
    let chloe = &voices[2];
    let (status, body) = staff
        .delete(&stack, &format!("/contributor/{}/{campaign_id}/{chloe_id}/videos", chloe.initiative_id), None)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let after = story_of(&stack, staff, &path).await;
    assert_eq!((clip_owners(&after), after["version"].as_u64()), (vec![amara_id.clone()], Some(3)), "{after}");
    let (status, hers) = staff.get(&stack, &format!("/generated-videos/stories/speaker/{chloe_id}")).await;
    assert_eq!((status, &hers["items"]), (StatusCode::OK, &json!([])), "{hers}");

    // The question is deleted: the cascade worker removes Amara's answer, and the story,
    // left with no clip, goes.
    let (status, body) = staff.delete(&stack, &format!("/question/{campaign_id}/{}", amara.question_id()), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    for _ in 0..20 {
        stack.run_workers().await.unwrap();
        if staff.get(&stack, &path).await.0 == StatusCode::NOT_FOUND {
            break;
        }
    }
    assert_eq!(staff.get(&stack, &path).await.0, StatusCode::NOT_FOUND);
    let (_, list) = staff.get(&stack, &format!("/generated-videos/stories/{campaign_id}")).await;
    assert_eq!(list["items"], json!([]));
    let (_, hers) = staff.get(&stack, &format!("/generated-videos/stories/speaker/{amara_id}")).await;
    assert_eq!(hers["items"], json!([]));
    let cut = cut_again(&stack, &tenant_id, &campaign_id, RemovedAnswers::OfQuestion(amara.question_id())).await;
    assert_eq!(cut, StoriesCut::default());
}
