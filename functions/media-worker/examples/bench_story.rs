//! Measures the story render on this machine, through the engine itself
//! (`story_render::render_story`): a 60-second story of six clips of six takes (a title
//! card, lower thirds, burned-in captions, an end card with a logo, the corner logo) in
//! each format, as a multiple of real time. Run by `infra/scripts/bench-story.sh`, which
//! makes the takes.
//!
//!     cargo run -p storyhive-media-worker --example bench_story -- LOGO TAKE...

use std::{path::PathBuf, time::Instant};

use storyhive_media_worker::story_render::{
    render_story, Framing, PlanCard, PlanClip, PlanEndCard, StoryFormat, StoryPlan, TimedWord,
};
use storyhive_shared::stories::theme::{BrandTheme, LogoPosition};

/// Six clips of 9 s and two cards of 3 s: 60 s.
const CLIP_SECONDS: f64 = 9.0;
const CARD_SECONDS: f64 = 3.0;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let logo = PathBuf::from(args.next().expect("usage: bench_story LOGO TAKE..."));
    let takes: Vec<PathBuf> = args.map(PathBuf::from).collect();
    assert_eq!(takes.len(), 6, "six takes");
    let clips: Vec<PlanClip> = takes
        .iter()
        .enumerate()
        .map(|(i, source)| {
            let (start, end) = (1.0, 1.0 + CLIP_SECONDS);
            // A word every 0.4 s, as espeak-ng speaks at 150 words a minute.
            let words = (0..(CLIP_SECONDS / 0.4) as usize)
                .map(|w| TimedWord {
                    text: format!("word{w}"),
                    start: start + w as f64 * 0.4,
                    end: start + w as f64 * 0.4 + 0.3,
                })
                .collect();
            PlanClip { source: source.clone(), start, end, lower_third: Some(format!("Speaker {}", i + 1)), words }
        })
        .collect();
    let dir = std::env::temp_dir().join(format!("storyhive-bench-story-{}", std::process::id()));
    let cases = [
        (StoryFormat::Landscape, Framing::Crop),
        (StoryFormat::Portrait, Framing::Crop),
        (StoryFormat::Portrait, Framing::BlurredFit),
        (StoryFormat::Square, Framing::Crop),
    ];
    println!("| format | framing | story | render | speed |");
    println!("|---|---|---|---|---|");
    for (format, framing) in cases {
        std::fs::create_dir_all(&dir)?;
        let plan = StoryPlan {
            clips: clips.clone(),
            title_card: Some(PlanCard { text: "Voices of our community".into(), seconds: CARD_SECONDS }),
            end_card: Some(PlanEndCard {
                text: Some("Thank you".into()),
                logo: Some(logo.clone()),
                seconds: CARD_SECONDS,
            }),
            theme: BrandTheme { logo_position: LogoPosition::TopRight, ..BrandTheme::default() },
            format,
            framing,
            burn_captions: true,
            corner_logo: Some(logo.clone()),
        };
        let started = Instant::now();
        let rendered = render_story(&dir, &plan, std::time::Duration::from_secs(3600), |_| {})
            .await
            .map_err(|e| anyhow::anyhow!("{e:?}"))?;
        let took = started.elapsed().as_secs_f64();
        let (width, height) = format.frame();
        println!(
            "| {format:?} {width}x{height} | {framing:?} | {:.1} s | {took:.1} s | {:.2}x real time |",
            rendered.duration_seconds,
            rendered.duration_seconds / took
        );
        std::fs::remove_dir_all(&dir).ok();
    }
    Ok(())
}
