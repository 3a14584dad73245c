//! Measures the media worker's two heavy steps on this machine, through the worker's
//! own code (`ffmpeg::transcode`, `PocketSphinx`): conversion speed as a multiple of
//! real time, and transcription seconds per minute of speech.
//! Run by `infra/scripts/bench-media.sh`, which makes the take.
//!
//!     cargo run -p storyhive-media-worker --example bench -- TAKE PYTHON

use std::{path::PathBuf, time::Instant};

use storyhive_media_worker::{
    ffmpeg,
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
    let engine = transcribe::PocketSphinx { python, time_limit: std::time::Duration::from_secs(3600) };
    let request = transcribe::Request {
        speech_wav: wav,
        bucket: String::new(),
        mp4_key: String::new(),
        output_key: String::new(),
        job_name: String::new(),
    };
    let heard = engine.transcribe(&request).await?;
    let took = started.elapsed().as_secs_f64();
    let words = match heard {
        Heard::Words(words) => words.len(),
        other => anyhow::bail!("nothing transcribed: {other:?}"),
    };
    rows.push(format!(
        "| transcribe (PocketSphinx 5, {words} words) | {took:.1} s | {:.1} s per minute of speech |",
        took / (seconds / 60.0)
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
