//! Measures the media worker's heavy steps on this machine, through the worker's own
//! code (`ffmpeg::transcode`, `Whisper`, `render::render`): conversion speed as a
//! multiple of real time, transcription seconds per minute of speech, and the render of
//! a generated video (a cut list of the converted take) as a multiple of real time.
//! Run by `infra/scripts/bench-media.sh`, which makes the take.
//!
//!     cargo run -p storyhive-media-worker --example bench_media -- TAKE PYTHON

use std::{path::PathBuf, time::Instant};

use storyhive_media_worker::{
    ffmpeg,
    render::{self, Part, Plan},
    transcribe::{self, Heard, Transcriber},
};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let take = PathBuf::from(args.next().expect("usage: bench TAKE PYTHON"));
    let python = PathBuf::from(args.next().expect("usage: bench TAKE PYTHON"));
    let dir = std::env::temp_dir().join(format!("storyhive-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let source = ffmpeg::probe(&take).await.map_err(|e| anyhow::anyhow!("{e:?}"))?;
    let seconds = source.duration_seconds;

    let mut rows = Vec::new();
    for (label, portrait) in [("landscape 1280x720", false), ("portrait 720x1280", true)] {
        let mp4 = dir.join(format!("{portrait}.mp4"));
        let started = Instant::now();
        ffmpeg::transcode(
            &take,
            &mp4,
            storyhive_shared::media::frame_size(portrait),
            source.audio_codec.is_some(),
            std::time::Duration::from_secs(3600),
        )
        .await
        .map_err(|e| anyhow::anyhow!("{e:?}"))?;
        let took = started.elapsed().as_secs_f64();
        rows.push(format!("| convert to MP4, {label} | {took:.1} s | {:.2}x real time |", seconds / took));
    }

    let wav = dir.join("speech.wav");
    let started = Instant::now();
    ffmpeg::speech_audio(&take, &wav, std::time::Duration::from_secs(3600))
        .await
        .map_err(|e| anyhow::anyhow!("{e:?}"))?;
    let engine = transcribe::Whisper::new(python, std::time::Duration::from_secs(3600));
    let request = transcribe::Request {
        speech_wav: wav,
        bucket: String::new(),
        speech_key: String::new(),
        output_key: String::new(),
        job_name: String::new(),
        language: Default::default(),
    };
    let heard = engine.transcribe(&request).await?;
    let took = started.elapsed().as_secs_f64();
    let words = match heard {
        Heard::Words { words, .. } => words,
        other => anyhow::bail!("nothing transcribed: {other:?}"),
    };
    rows.push(format!(
        "| transcribe (Whisper tiny.en, {} words) | {took:.1} s | {:.1} s per minute of speech |",
        words.len(),
        took / (seconds / 60.0)
    ));

    // A generated video as the editor makes one: a 3 s title card, then every other 5 s
    // of the converted landscape take (half of it, in pieces), captions burned in.
    let heard: Vec<(String, f64, f64)> = words.iter().map(|w| (w.text.clone(), w.start, w.end)).collect();
    let converted = dir.join("false.mp4");
    let mut parts = vec![Part::Title { text: "Our garden, our street".into(), seconds: 3.0 }];
    let mut at = 0.0;
    while at + 5.0 <= seconds {
        parts.push(Part::Clip {
            source: converted.clone(),
            start: at,
            end: at + 5.0,
            has_audio: true,
            cues: render::cues_for(&heard, at, at + 5.0),
        });
        at += 10.0;
    }
    let clips = parts.len() - 1;
    let plan = Plan { parts, frame: storyhive_shared::media::frame_size(false), burn_captions: true };
    let render_dir = dir.join("render");
    std::fs::create_dir_all(&render_dir)?;
    let started = Instant::now();
    let rendered = render::render(&render_dir, &plan, &dir.join("generated.mp4"), std::time::Duration::from_secs(3600))
        .await
        .map_err(|e| anyhow::anyhow!("{e:?}"))?;
    let took = started.elapsed().as_secs_f64();
    rows.push(format!(
        "| render a generated video ({clips} clips + title card, burned-in captions, {:.0} s) | {took:.1} s | {:.2}x real time |",
        rendered.seconds,
        rendered.seconds / took
    ));
    std::fs::remove_dir_all(&dir).ok();

    println!("Take: {}, {seconds:.1} s, {}x{}", take.display(), source.width.unwrap_or(0), source.height.unwrap_or(0));
    println!("| step | wall time | speed |");
    println!("| --- | --- | --- |");
    for row in rows {
        println!("{row}");
    }
    Ok(())
}
