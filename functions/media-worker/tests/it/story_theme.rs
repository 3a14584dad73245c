//! A story rendered by the media worker in its organisation's brand theme: the title card
//! is drawn in the default theme's background until an admin saves a theme, and in the
//! saved theme's background once one is saved.

use reqwest::StatusCode;
use serde_json::{json, Value};
use storyhive_local_stack::testkit::TestStack;
use storyhive_shared::{media::MediaStatus, stories::theme::BrandTheme};

use crate::{
    common::*,
    story::{count_colour, frame},
};

/// A background no default draws: a deep green.
const BRAND_BACKGROUND: (u8, u8, u8) = (0x0b, 0x7a, 0x3e);

/// Renders the story in landscape through the API and waits for the media worker: the MP4.
async fn rendered(stack: &TestStack, staff: &Staff, campaign_id: &str, story_id: &str) -> std::path::PathBuf {
    let (status, render) = staff
        .post(
            stack,
            &format!("/generated-videos/stories/render/{campaign_id}/{story_id}"),
            json!({"format": "landscape", "framing": "crop", "burnCaptions": false}),
        )
        .await;
    assert_eq!(status, StatusCode::ACCEPTED, "{render}");
    let path = format!("/generated-videos/stories/{campaign_id}/{story_id}");
    let mut done = Value::Null;
    for _ in 0..240 {
        stack.run_workers().await.unwrap();
        let (_, story) = staff.get(stack, &path).await;
        let render = story["renders"][0].clone();
        if render["status"] != "processing" {
            done = render;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(250)).await;
    }
    assert_eq!(done["status"], "ready", "{done}");
    let response = stack.http.get(done["url"].as_str().unwrap()).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let file = std::env::temp_dir().join(format!("storyhive-themed-{}.mp4", storyhive_shared::model::new_id()));
    std::fs::write(&file, response.bytes().await.unwrap()).unwrap();
    file
}

/// Pixels of the title card (1 s in) near `colour`, and the frame's size in pixels.
fn title_card_pixels(mp4: &std::path::Path, colour: (u8, u8, u8)) -> (usize, usize) {
    let (width, height) = storyhive_media_worker::story_render::StoryFormat::Landscape.frame();
    let picture = frame(mp4, 1.0);
    (count_colour(&picture, width, (0, 0, width, height), colour, 12), (width * height) as usize)
}

#[tokio::test]
async fn a_story_is_rendered_in_its_organisations_saved_theme() {
    let stack = stack().await.with_function("OrganisationFunction", storyhive_organisation::router);
    let amara = answering(&stack, "landscape").await;
    let take = amara
        .record(&stack, video(Container::Webm, 4.0).speech("We planted forty trees along the river.").make(), "webm")
        .await;
    assert_eq!(amara.settle(&stack, &take).await.status, MediaStatus::Ready);
    let staff = &amara.staff;
    let (status, story) = staff
        .post(
            &stack,
            "/generated-videos/stories/save",
            json!({"campaignId": amara.campaign_id, "title": "Trees",
                   "clips": [{"contributorId": amara.contributor_id, "questionId": amara.question_id(),
                              "firstWord": 0, "lastWord": 2}],
                   "titleCard": {"text": "Our river", "seconds": 2}}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{story}");
    let story_id = story["storyId"].as_str().unwrap().to_string();

    // No theme saved: the default theme's card background.
    let default = storyhive_shared::stories::theme::rgb(&BrandTheme::default().background).unwrap();
    assert_ne!(default, BRAND_BACKGROUND);
    let plain = rendered(&stack, staff, &amara.campaign_id, &story_id).await;
    let (defaults, whole) = title_card_pixels(&plain, default);
    assert!(defaults > whole / 2, "the default background fills the title card ({defaults} of {whole})");
    assert_eq!(title_card_pixels(&plain, BRAND_BACKGROUND).0, 0);

    // An admin saves the organisation's theme; the next render is drawn in it.
    let (status, saved) = staff
        .put(
            &stack,
            "/organisation/theme",
            json!({"background": "#0B7A3E", "text": "#ffffff", "accent": "#f59e0b", "font": "lato",
                   "logoPosition": "endCardOnly", "captionSize": "medium", "captionBox": true}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    let themed = rendered(&stack, staff, &amara.campaign_id, &story_id).await;
    let (branded, whole) = title_card_pixels(&themed, BRAND_BACKGROUND);
    assert!(branded > whole / 2, "the theme's background fills the title card ({branded} of {whole})");
    assert_eq!(title_card_pixels(&themed, default).0, 0, "nothing of the default background is left");
    std::fs::remove_file(plain).ok();
    std::fs::remove_file(themed).ok();
}
