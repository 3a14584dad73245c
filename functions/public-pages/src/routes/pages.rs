//! The HTML of the public pages: a small shell per page, rendered on the server so that a
//! link pasted into LinkedIn, Slack or Teams shows its preview (Open Graph, Twitter card,
//! oEmbed discovery) and the video is on screen before any script runs. The script
//! (`/p/*.js`) only adds what needs one: the transcript that follows playback, copying,
//! counting, the wall's lightbox. No inline script runs (the data rides as JSON).

use maud::{html, Markup, PreEscaped, DOCTYPE};
use storyhive_shared::publishing::public::{PublicStory, PublicWall};

/// The fixed asset names of the public pages (built into the web app's `dist/p/`).
pub const STYLESHEET: &str = "/p/public.css";
pub const SHARE_SCRIPT: &str = "/p/share.js";
pub const WALL_SCRIPT: &str = "/p/wall.js";

/// JSON for a `<script type="application/json">`: `<`, `>` and `&` as escapes, so that a
/// title holding `</script>` or `<!--` cannot end the element.
pub fn inline_json(value: &impl serde::Serialize) -> PreEscaped<String> {
    let text = serde_json::to_string(value).unwrap_or_else(|_| "null".into());
    PreEscaped(text.replace('<', "\\u003c").replace('>', "\\u003e").replace('&', "\\u0026"))
}

fn speakers_line(story: &PublicStory) -> String {
    story.speakers.iter().map(|s| s.name.as_str()).collect::<Vec<_>>().join(", ")
}

/// "Amal K. on Why we volunteer, for Harbour Trust".
fn description(story: &PublicStory) -> String {
    let speakers = speakers_line(story);
    let by = if speakers.is_empty() { String::new() } else { format!("{speakers} on ") };
    format!("{by}{}, for {}", story.campaign_title, story.organisation.name)
}

fn absolute(origin: &str, path: &str) -> String {
    if path.starts_with("http://") || path.starts_with("https://") {
        path.to_string()
    } else {
        format!("{origin}{path}")
    }
}

fn head(title: &str, extra: Markup) -> Markup {
    html! {
        meta charset="utf-8";
        meta name="viewport" content="width=device-width, initial-scale=1";
        meta name="color-scheme" content="light dark";
        title { (title) }
        link rel="stylesheet" href=(STYLESHEET);
        (extra)
    }
}

/// The video element both the share page and the embed show: poster, MP4, captions on.
fn player(story: &PublicStory, class: &str) -> Markup {
    html! {
        video class=(class) id="story-video" controls playsinline preload="metadata"
            poster=(story.poster_url) width=(story.width) height=(story.height)
            aria-label=(format!("{} (video)", story.title)) {
            source src=(story.video_url) type="video/mp4";
            track kind="captions" srclang="en" label="Captions" src=(story.captions_vtt_url) default;
        }
    }
}

fn meta_tags(story: &PublicStory, origin: &str) -> Markup {
    let poster = absolute(origin, &story.poster_url);
    let video = absolute(origin, &story.video_url);
    let oembed = format!(
        "{origin}/api/public/oembed?format=json&url={}",
        form_urlencoded::byte_serialize(story.share_url.as_bytes()).collect::<String>()
    );
    let description = description(story);
    html! {
        meta name="description" content=(description);
        link rel="canonical" href=(story.share_url);
        meta property="og:type" content="video.other";
        meta property="og:site_name" content=(story.organisation.name);
        meta property="og:title" content=(story.title);
        meta property="og:description" content=(description);
        meta property="og:url" content=(story.share_url);
        meta property="og:image" content=(poster);
        meta property="og:image:width" content=(story.width);
        meta property="og:image:height" content=(story.height);
        meta property="og:video" content=(video);
        meta property="og:video:secure_url" content=(video);
        meta property="og:video:type" content="video/mp4";
        meta property="og:video:width" content=(story.width);
        meta property="og:video:height" content=(story.height);
        meta name="twitter:card" content="player";
        meta name="twitter:title" content=(story.title);
        meta name="twitter:description" content=(description);
        meta name="twitter:image" content=(poster);
        meta name="twitter:player" content=(story.embed_url);
        meta name="twitter:player:width" content=(story.width);
        meta name="twitter:player:height" content=(story.height);
        link rel="alternate" type="application/json+oembed" href=(oembed) title=(story.title);
    }
}

/// `/v/{slug}`: the share page.
pub fn share_page(story: &PublicStory, origin: &str) -> Markup {
    let (width, height) = fit(story.width, story.height, 640);
    let iframe = iframe_snippet(&story.embed_url, &story.title, width, height);
    html! {
        (DOCTYPE)
        html lang="en" {
            head { (head(&story.title, meta_tags(story, origin))) }
            body class="public share" {
                main class="story" {
                    header class="story-header" {
                        @if let Some(logo) = &story.organisation.logo_url {
                            img class="logo" src=(logo) alt=(format!("{} logo", story.organisation.name));
                        }
                        p class="organisation" { (story.organisation.name) }
                    }
                    h1 { (story.title) }
                    p class="campaign" { (story.campaign_title) }
                    @if !story.speakers.is_empty() {
                        p class="speakers" { (speakers_line(story)) }
                    }
                    (player(story, "story-video"))
                    section class="actions" aria-label="Share and download" {
                        button type="button" class="copy" data-copy=(story.share_url) { "Copy link" }
                        button type="button" class="copy" data-copy=(iframe) { "Copy embed code" }
                        a href=(story.captions_srt_url) download { "Captions (SRT)" }
                        a href=(story.captions_vtt_url) download { "Captions (WebVTT)" }
                    }
                    @if !story.transcript.is_empty() {
                        section class="transcript" aria-labelledby="transcript-title" {
                            h2 id="transcript-title" { "Transcript" }
                            ol id="transcript" {
                                @for cue in &story.transcript {
                                    li data-start=(cue.start) data-end=(cue.end) {
                                        button type="button" class="cue" { (cue.text) }
                                    }
                                }
                            }
                        }
                    }
                }
                script id="storyhive-data" type="application/json" { (inline_json(story)) }
                script type="module" src=(SHARE_SCRIPT) {}
            }
        }
    }
}

/// `/embed/{slug}`: the player alone, for an iframe on another site.
pub fn embed_page(story: &PublicStory, origin: &str) -> Markup {
    html! {
        (DOCTYPE)
        html lang="en" {
            head { (head(&story.title, meta_tags(story, origin))) }
            body class="public embed" data-embed="1" {
                (player(story, "embed-video"))
                a class="embed-link" href=(story.share_url) target="_blank" rel="noopener" {
                    (story.title) " · " (story.organisation.name)
                }
                script id="storyhive-data" type="application/json" { (inline_json(story)) }
                script type="module" src=(SHARE_SCRIPT) {}
            }
        }
    }
}

/// `/wall/{wallId}`: a gallery of published stories; `?embed=1` inside an iframe.
pub fn wall_page(wall: &PublicWall, embedded: bool) -> Markup {
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                (head(&wall.title, html! {
                    meta property="og:type" content="website";
                    meta property="og:title" content=(wall.title);
                    meta property="og:site_name" content=(wall.organisation.name);
                    @if let Some(first) = wall.items.first() { meta property="og:image" content=(first.poster_url); }
                }))
            }
            body class="public wall" data-embed=[embedded.then_some("1")] {
                main {
                    header class="story-header" {
                        @if let Some(logo) = &wall.organisation.logo_url {
                            img class="logo" src=(logo) alt=(format!("{} logo", wall.organisation.name));
                        }
                        p class="organisation" { (wall.organisation.name) }
                    }
                    h1 { (wall.title) }
                    @if wall.items.is_empty() {
                        p class="empty" { "No stories here yet." }
                    } @else {
                        ul class="wall-grid" id="wall" {
                            @for item in &wall.items {
                                li {
                                    a class="wall-item" href=(format!("/v/{}", item.slug)) data-slug=(item.slug) {
                                        img src=(item.poster_url) alt="" width=(item.width) height=(item.height) loading="lazy";
                                        span class="wall-title" { (item.title) }
                                        span class="wall-speakers" {
                                            (item.speakers.iter().map(|s| s.name.as_str()).collect::<Vec<_>>().join(", "))
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
                script id="storyhive-data" type="application/json" { (inline_json(wall)) }
                script type="module" src=(WALL_SCRIPT) {}
            }
        }
    }
}

/// The page of a story or wall that is gone or never was.
pub fn message_page(message: &str) -> Markup {
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                (head(message, html! { meta name="robots" content="noindex"; }))
            }
            body class="public message" {
                main { h1 { (message) } }
            }
        }
    }
}

/// The `<iframe>` to paste for a story, `w` by `h` pixels.
pub fn iframe_snippet(embed_url: &str, title: &str, w: u32, h: u32) -> String {
    let title = maud::html! { (title) }.into_string();
    format!(
        "<iframe src=\"{embed_url}\" width=\"{w}\" height=\"{h}\" title=\"{title}\" frameborder=\"0\" \
         allow=\"autoplay; fullscreen; picture-in-picture\" allowfullscreen></iframe>"
    )
}

/// A frame at most `max_width` wide with the video's proportions.
pub fn fit(width: u32, height: u32, max_width: u32) -> (u32, u32) {
    let (width, height) = (width.max(1), height.max(1));
    let w = width.min(max_width).max(1);
    (w, ((w as u64 * height as u64) / width as u64).max(1) as u32)
}
