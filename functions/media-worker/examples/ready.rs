//! Time to ready (issue 27): from the moment a take's upload completes (its object is in
//! the bucket) to the moment its answer says "ready" with its transcript, through the
//! workers' own code against the test emulators: the bucket's notification wakes the
//! upload worker, which records the take and queues it; the media worker makes the web
//! copy and the poster and hears the words (Whisper, as the local stack runs it).
//! Run by `infra/scripts/bench-ready.sh`, which makes the takes and starts the emulators.
//!
//!     cargo run -p storyhive-media-worker --example ready -- PYTHON MODE:FILE...
//!
//! MODE is the campaign's orientation (landscape or portrait); FILE's extension is the take's.
//! One media worker hears every take, as the local stack's does: its Whisper process is
//! started for the first take and kept for the next ones (the "Whisper" column says which).

use std::{sync::Arc, time::Duration, time::Instant};

use storyhive_local_stack::{
    provision::{MEDIA_QUEUE, UPLOAD_QUEUE},
    testkit::{collaborators::answering, TestStack},
};
use storyhive_media_worker::{ffmpeg, transcribe::Whisper, MediaWorker};
use storyhive_shared::{
    contributors::records::JourneyRecord,
    media::{MediaStatus, TakeMedia, TranscriptStatus},
};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let python = args.next().expect("usage: ready PYTHON MODE:FILE...");
    let takes: Vec<String> = args.collect();
    let stack = TestStack::start("ContributorsFunction", storyhive_contributors::router)
        .await
        .with_function("AccountsFunction", storyhive_accounts::router)
        .with_function("InitiativesFunction", storyhive_initiatives::router)
        .with_function("TagsFunction", storyhive_tags::router)
        .with_function("CampaignsFunction", storyhive_campaigns::router)
        .with_function("QuestionsFunction", storyhive_questions::router);
    let uploads = storyhive_upload_worker::UploadWorker::new(&stack.function_context("UploadWorkerFunction"))?;
    let engine = Whisper::new(python, Duration::from_secs(1800));
    // A clone shares the engine's processes: it tells whether one was waiting for a take.
    let media = MediaWorker::new(&stack.function_context("MediaWorkerFunction"), Arc::new(engine.clone()))?;
    let stack = stack
        .with_worker(UPLOAD_QUEUE, storyhive_local_stack::worker_handler!(uploads, storyhive_upload_worker::handle))
        .with_worker(MEDIA_QUEUE, storyhive_local_stack::worker_handler!(media, storyhive_media_worker::handle));

    // Messages left on the queues by an earlier run (stopped halfway, or another user of
    // the prefix) would be worked before the takes measured here: purged first.
    for queue in [UPLOAD_QUEUE, MEDIA_QUEUE] {
        if let Some(queue) = stack.resources.queues.get(queue) {
            stack.clients.sqs.purge_queue().queue_url(&queue.url).send().await?;
        }
    }

    println!(
        "{:<44} {:>8} {:>10} {:>11} {:>9} {:>8} {:>8}",
        "take", "length", "web copy", "ready after", "x length", "Whisper", "load"
    );
    for take in takes {
        let (mode, file) = take.split_once(':').expect("MODE:FILE");
        let path = std::path::Path::new(file);
        let probed = ffmpeg::probe(path).await.map_err(|e| anyhow::anyhow!("{file}: {e:?}"))?;
        let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("mp4");
        let bytes = std::fs::read(path)?;
        let answering = answering(&stack, mode).await;
        let whisper = if engine.idle_process_ids().is_empty() { "started" } else { "running" };
        let key = answering.record(&stack, bytes, extension).await;
        // The upload is complete: the object is in the bucket.
        let uploaded = Instant::now();
        let ready = loop {
            stack.run_workers().await?;
            let journey: Option<JourneyRecord> = stack.context.store.get(&answering.journey_key()).await?;
            if let Some(media) = journey.and_then(|j| j.media).filter(|m| m.take_key == key) {
                match (media.status, media.transcript_status) {
                    (MediaStatus::Failed, _) => anyhow::bail!("{file}: {:?}", media.failure_reason),
                    (MediaStatus::Ready, TranscriptStatus::Ready | TranscriptStatus::Failed) => break media,
                    _ => {}
                }
            }
            anyhow::ensure!(uploaded.elapsed() < Duration::from_secs(3600), "{file} was not ready within an hour");
        };
        let took = uploaded.elapsed().as_secs_f64();
        let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
        println!(
            "{:<44} {:>6.1} s {:>10} {:>9.1} s {:>8.2}x {:>8} {:>8}",
            format!("{} ({mode})", path.file_name().unwrap_or_default().to_string_lossy()),
            probed.duration_seconds,
            copy_kind(&probed, &ready, mode == "portrait"),
            took,
            took / probed.duration_seconds.max(0.001),
            whisper,
            load.split_whitespace().next().unwrap_or("?"),
        );
    }
    Ok(())
}

/// "copied WxH" or "encoded WxH": what the worker did to the take.
fn copy_kind(source: &ffmpeg::Probed, media: &TakeMedia, portrait: bool) -> String {
    let how = if ffmpeg::web_playable(source, portrait) { "copied" } else { "encoded" };
    format!("{how} {}x{}", media.width.unwrap_or(0), media.height.unwrap_or(0))
}
