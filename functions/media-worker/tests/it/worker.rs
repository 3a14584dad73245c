use aws_lambda_events::event::sqs::{SqsEvent, SqsMessage};
use serde_json::Value;
use storyhive_media_worker::{ffmpeg, Outcome};
use storyhive_shared::{
    contributors::records::{JourneyRecord, UploadStatus},
    media::{MediaJob, MediaStatus, TakeMedia, TranscriptRecord, TranscriptStatus},
    model,
    storage::{keys, objects::Derived},
};

use crate::common::*;

fn job(answering: &Invited, take: &str) -> MediaJob {
    MediaJob::Take {
        tenant_id: answering.staff.tenant_id.clone(),
        campaign_id: answering.campaign_id.clone(),
        contributor_id: answering.contributor_id.clone(),
        question_id: answering.question_id().to_string(),
        take_key: take.into(),
    }
}

fn message(id: &str, body: &str) -> SqsMessage {
    let mut message = SqsMessage::default();
    message.message_id = Some(id.into());
    message.body = Some(body.into());
    message
}

#[tokio::test]
async fn a_take_becomes_a_web_playable_mp4_and_a_poster_in_the_campaigns_orientation() {
    let stack = stack().await;
    // A portrait WebM (as a phone records it) for a landscape campaign, and a landscape
    // MP4 for a portrait one: both are fitted and padded to the campaign's shape (16:9 or
    // 9:16) at their own size, not enlarged.
    for (mode, kind, source, frame) in
        [("landscape", "webm", (240, 320), (568, 320)), ("portrait", "mp4", (320, 240), (320, 568))]
    {
        let answering = answering(&stack, mode).await;
        let take = answering
            .record(&stack, video(Container::of_extension(kind), 2.0).size(source.0, source.1).make(), kind)
            .await;
        // The upload worker records it and hands it on; the media worker converts it.
        let media = answering.settle(&stack, &take).await;
        assert_eq!(media.status, MediaStatus::Ready, "{media:?}");
        assert_eq!((media.width, media.height), (Some(frame.0), Some(frame.1)));
        assert!((media.duration_seconds.unwrap() - 2.0).abs() < 0.2, "{media:?}");
        assert_eq!(media.mp4_key.as_deref(), Some(Derived::WebMp4.of(&take).as_str()));

        let (mp4, bytes) = download(&stack, media.mp4_key.as_deref().unwrap()).await;
        let (streams, duration) = ffprobe(&mp4);
        assert!((duration - 2.0).abs() < 0.2, "{duration}");
        assert!(streams.contains(&("video".into(), "h264".into(), frame.0 as u64, frame.1 as u64)), "{streams:?}");
        assert!(streams.iter().any(|s| s.0 == "audio" && s.1 == "aac"), "{streams:?}");
        let boxes = top_level_boxes(&bytes);
        let (moov, mdat) =
            (boxes.iter().position(|b| b == "moov").unwrap(), boxes.iter().position(|b| b == "mdat").unwrap());
        assert!(moov < mdat, "faststart: the index comes first ({boxes:?})");

        let (poster, _) = download(&stack, media.poster_key.as_deref().unwrap()).await;
        let (streams, _) = ffprobe(&poster);
        assert_eq!(streams, vec![("video".into(), "mjpeg".into(), frame.0 as u64, frame.1 as u64)]);

        // The original is kept, and staff see the state where they read the answer.
        let (_, original) = download(&stack, &take).await;
        assert!(!original.is_empty());
        let answer = answering.staff_answer(&stack).await;
        assert_eq!(answer["media"]["status"], "ready", "{answer}");
        assert_eq!(answer["uploadStatus"], "stored");
        std::fs::remove_file(mp4).ok();
        std::fs::remove_file(poster).ok();
    }
}

/// The stored transcript of the answer.
async fn transcript_of(stack: &storyhive_local_stack::testkit::TestStack, answering: &Invited) -> TranscriptRecord {
    stack
        .context
        .store
        .get(&keys::transcript(
            &answering.staff.tenant_id,
            &answering.campaign_id,
            &answering.contributor_id,
            answering.question_id(),
        ))
        .await
        .unwrap()
        .expect("a transcript")
}

#[tokio::test]
async fn speech_is_transcribed_with_word_timings() {
    let stack = stack().await;
    let answering = answering(&stack, "landscape").await;
    let sentence = "Hello. My name is Peter. I live in London. I love my family.";
    let take = answering.record(&stack, video(Container::Webm, 7.0).speech(sentence).make(), "webm").await;
    let media = answering.settle(&stack, &take).await;
    assert_eq!((media.status, media.transcript_status), (MediaStatus::Ready, TranscriptStatus::Ready), "{media:?}");
    let transcript = transcript_of(&stack, &answering).await;
    assert_eq!((transcript.take_key.as_str(), transcript.engine.as_str()), (take.as_str(), "whisper"));
    assert_eq!(transcript.language.as_deref(), Some("en"));
    // The words as search reads them (Whisper writes "London." with its capital and stop).
    let texts: Vec<String> =
        transcript.words.iter().map(|w| storyhive_shared::search::text::words(&w.text).join(" ")).collect();
    for known in ["live", "london"] {
        assert!(texts.iter().any(|t| t == known), "'{known}' was said: {texts:?}");
    }
    // Word times lie within the take, in order, each word after the one before it.
    let mut last_end = 0.0;
    for word in &transcript.words {
        assert!(word.start >= last_end - 1e-6 && word.end > word.start && word.end <= 7.2, "{word:?}");
        last_end = word.end;
    }
    // "London" is said after "live".
    let at = |t: &str| transcript.words[texts.iter().position(|w| w == t).unwrap()].start;
    assert!(at("london") > at("live"));
}

#[tokio::test]
async fn the_same_message_delivered_twice_processes_once() {
    let stack = stack().await;
    let answering = answering(&stack, "portrait").await;
    let take = answering.record(&stack, video(Container::Mp4, 1.0).make(), "mp4").await;
    let media = answering.settle(&stack, &take).await;
    assert_eq!(media.status, MediaStatus::Ready);
    let bucket = stack.context.config.video_bucket().unwrap().to_string();
    let mp4 = media.mp4_key.clone().unwrap();
    let before = stack.clients.s3.head_object().bucket(&bucket).key(&mp4).send().await.unwrap();

    // Delivered again after it was done: nothing is converted or written.
    let worker = media_worker(&stack);
    assert_eq!(worker.process(&job(&answering, &take)).await.unwrap(), Outcome::AlreadyDone);
    let after = stack.clients.s3.head_object().bucket(&bucket).key(&mp4).send().await.unwrap();
    assert_eq!(before.last_modified, after.last_modified);
    assert_eq!(answering.journey(&stack).await.media, Some(media.clone()));

    // Two deliveries at the same moment (a fresh take): one converts, the other finds it claimed.
    let second = answering.record(&stack, video(Container::Mp4, 1.0).make(), "mp4").await;
    let upload = storyhive_upload_worker::UploadWorker::new(&stack.function_context("UploadWorkerFunction")).unwrap();
    assert_eq!(upload.process(&second).await.unwrap(), storyhive_upload_worker::Outcome::Recorded);
    let twice = job(&answering, &second);
    let (a, b) = tokio::join!(worker.process(&twice), worker.process(&twice));
    let outcomes = [a.unwrap(), b.unwrap()];
    // (Another test's worker, sharing the queues, may be the one that converts it.)
    assert!(outcomes.contains(&Outcome::Claimed), "{outcomes:?}");
    assert!(
        outcomes.iter().all(|o| matches!(o, Outcome::Claimed | Outcome::Ready(TranscriptStatus::Failed))),
        "a tone has no words: {outcomes:?}"
    );
    let media = answering.settle(&stack, &second).await;
    assert_eq!((media.take_key.as_str(), media.status), (second.as_str(), MediaStatus::Ready));
    assert_eq!(media.transcript_failure_reason.as_deref(), Some(storyhive_media_worker::transcribe::NOTHING_HEARD));
    // The message of the older take, delivered late, leaves the newer take alone.
    assert_eq!(worker.process(&job(&answering, &take)).await.unwrap(), Outcome::Superseded);
}

#[tokio::test]
async fn a_corrupt_take_fails_with_a_reason_and_does_not_block_the_batch() {
    let stack = stack().await;
    let good = answering(&stack, "landscape").await;
    let good_take = good.record(&stack, video(Container::Webm, 1.0).make(), "webm").await;
    let upload = storyhive_upload_worker::UploadWorker::new(&stack.function_context("UploadWorkerFunction")).unwrap();
    // (Another test's worker, polling the shared upload queue, may record it first.)
    let recorded = upload.process(&good_take).await.unwrap();
    assert!(
        matches!(
            recorded,
            storyhive_upload_worker::Outcome::Recorded | storyhive_upload_worker::Outcome::AlreadyRecorded
        ),
        "{recorded:?}"
    );

    // A stored take whose bytes are not a video any more (damaged in storage, say): the
    // answer was recorded, the object is garbage.
    let broken = invited_in(&stack, good.staff.clone(), "landscape", &["Where do you live?"]).await;
    let broken_take = broken.take_key("webm");
    let bucket = stack.context.config.video_bucket().unwrap().to_string();
    let mut garbage = video(Container::Webm, 1.0).make();
    for byte in garbage.iter_mut().skip(4) {
        *byte = byte.wrapping_mul(31).wrapping_add(7);
    }
    stack.clients.s3.put_object().bucket(&bucket).key(&broken_take).body(garbage.into()).send().await.unwrap();
    let mut record = JourneyRecord::new(
        &broken.staff.tenant_id,
        &broken.campaign_id,
        &broken.contributor_id,
        broken.question_id(),
        model::timestamp(model::now()),
    );
    record.s3_video_key = Some(broken_take.clone());
    record.upload_status = UploadStatus::Stored;
    record.media = Some(TakeMedia::processing(&broken_take));
    stack.context.store.put(&record).await.unwrap();

    let worker = media_worker(&stack);
    let mut event = SqsEvent::default();
    event.records = vec![
        message("broken", &serde_json::to_string(&job(&broken, &broken_take)).unwrap()),
        message("poison", "not json"),
        message("good", &serde_json::to_string(&job(&good, &good_take)).unwrap()),
    ];
    let response = storyhive_media_worker::handle(&worker, event).await;
    let failed: Vec<&str> = response.batch_item_failures.iter().map(|f| f.item_identifier.as_str()).collect();
    assert_eq!(failed, vec!["poison"], "only the unreadable message is retried");

    let media = broken.journey(&stack).await.media.unwrap();
    assert_eq!((media.status, media.failure_reason.as_deref()), (MediaStatus::Failed, Some(ffmpeg::UNREADABLE)));
    assert_eq!(broken.staff_answer(&stack).await["media"]["failureReason"], ffmpeg::UNREADABLE);
    // (Other tests' workers share the queues and may hold the good take for a moment.)
    assert_eq!(good.settle(&stack, &good_take).await.status, MediaStatus::Ready);

    // A failed take stays failed when its message comes again.
    assert_eq!(worker.process(&job(&broken, &broken_take)).await.unwrap(), Outcome::AlreadyDone);

    // Poison messages end in the dead-letter queue after 5 receipts.
    let queue = stack.resources.queue("MediaQueue").unwrap();
    let dead = stack.resources.queue("MediaDeadLetterQueue").unwrap();
    let attributes = stack
        .clients
        .sqs
        .get_queue_attributes()
        .queue_url(&queue.url)
        .attribute_names(aws_sdk_sqs::types::QueueAttributeName::RedrivePolicy)
        .send()
        .await
        .unwrap();
    let policy: Value = serde_json::from_str(attributes.attributes.unwrap().values().next().unwrap()).unwrap();
    assert_eq!(
        (policy["deadLetterTargetArn"].as_str(), policy["maxReceiveCount"].as_i64()),
        (Some(dead.arn.as_str()), Some(5))
    );
}

#[tokio::test]
async fn in_aws_a_transcribe_job_is_started_and_its_completion_event_stores_the_words_once() {
    let stack = stack().await;
    let answering = answering(&stack, "landscape").await;
    // Not through the queues: another test's worker (with PocketSphinx) could take it.
    let take = answering.unnotified_take(&stack, video(Container::Webm, 2.0).make(), "webm").await;
    // The worker as the Lambda function wires it, against moto's Transcribe.
    let context = stack.function_context("MediaWorkerFunction");
    let transcribe = stack.function_transcribe("MediaWorkerFunction");
    let engine = storyhive_media_worker::transcribe::AmazonTranscribe {
        client: storyhive_shared::aws::LazyClient::built(transcribe.clone()),
        s3: context.s3().unwrap().clone(),
    };
    let worker = storyhive_media_worker::MediaWorker::new(&context, std::sync::Arc::new(engine)).unwrap();
    assert_eq!(worker.process(&job(&answering, &take)).await.unwrap(), Outcome::Ready(TranscriptStatus::Pending));
    let media = answering.journey(&stack).await.media.unwrap();
    let job_name = storyhive_media_worker::job_name(&answering.staff.tenant_id, &take);
    assert_eq!((media.status, media.transcription_job.as_deref()), (MediaStatus::Ready, Some(job_name.as_str())));
    let (status, info) = answering
        .staff
        .get(
            &stack,
            &format!(
                "/campaign/video-info/{}/{}/{}",
                answering.campaign_id,
                answering.contributor_id,
                answering.question_id()
            ),
        )
        .await;
    assert_eq!((status, info["transcript"]["status"].as_str()), (reqwest::StatusCode::OK, Some("pending")));

    // Transcribe works on the take's speech, put in the bucket by the worker (made from the
    // original while the web copy was made), and writes its result there (moto's
    // Transcribe keeps the job but writes no file: the test writes Transcribe's JSON).
    let started = transcribe.get_transcription_job().transcription_job_name(&job_name).send().await.unwrap();
    let started = started.transcription_job.unwrap();
    let uri = started.media.unwrap().media_file_uri.unwrap();
    let speech_key = Derived::SpeechAudio.of(&take);
    assert_eq!(uri, format!("s3://{}/{}", context.config.video_bucket().unwrap(), speech_key));
    assert_eq!(started.media_format.map(|f| f.as_str().to_string()).as_deref(), Some("wav"));
    let (wav, _) = download(&stack, &speech_key).await;
    let (streams, seconds) = ffprobe(&wav);
    assert_eq!(streams, vec![("audio".into(), "pcm_s16le".into(), 0, 0)], "16 kHz mono speech");
    assert!((seconds - 2.0).abs() < 0.2, "{seconds}");
    std::fs::remove_file(wav).ok();
    let result = serde_json::json!({"jobName": job_name, "status": "COMPLETED", "results": {
    "transcripts": [{"transcript": "I live in London."}],
    "items": [
        {"type": "pronunciation", "start_time": "0.1", "end_time": "0.2", "alternatives": [{"confidence": "0.9", "content": "I"}]},
        {"type": "pronunciation", "start_time": "0.2", "end_time": "0.5", "alternatives": [{"confidence": "0.9", "content": "live"}]},
        {"type": "pronunciation", "start_time": "0.5", "end_time": "0.6", "alternatives": [{"confidence": "0.9", "content": "in"}]},
        {"type": "pronunciation", "start_time": "0.6", "end_time": "1.1", "alternatives": [{"confidence": "0.9", "content": "London"}]},
        {"type": "punctuation", "alternatives": [{"confidence": "0.0", "content": "."}]}
    ]}});
    stack
        .clients
        .s3
        .put_object()
        .bucket(context.config.video_bucket().unwrap())
        .key(Derived::TranscriptionOutput.of(&take))
        .body(result.to_string().into_bytes().into())
        .send()
        .await
        .unwrap();
    // (moto moves a job on by one state each time it is read: queued, in progress, completed.)
    transcribe.get_transcription_job().transcription_job_name(&job_name).send().await.unwrap();

    // EventBridge's "Transcribe Job State Change" arrives through the media queue.
    let event = serde_json::json!({"version": "0", "id": "e1", "detail-type": "Transcribe Job State Change",
        "source": "aws.transcribe", "account": "000000000000", "time": "2026-11-24T07:00:00Z", "region": "eu-west-1",
        "resources": [], "detail": {"TranscriptionJobName": job_name, "TranscriptionJobStatus": "COMPLETED"}});
    let mut batch = SqsEvent::default();
    batch.records = vec![message("done", &event.to_string())];
    let response = storyhive_media_worker::handle(&worker, batch).await;
    assert!(response.batch_item_failures.is_empty());
    let media = answering.journey(&stack).await.media.unwrap();
    assert_eq!((media.transcript_status, media.transcription_job), (TranscriptStatus::Ready, None));
    let transcript: TranscriptRecord = stack
        .context
        .store
        .get(&keys::transcript(
            &answering.staff.tenant_id,
            &answering.campaign_id,
            &answering.contributor_id,
            answering.question_id(),
        ))
        .await
        .unwrap()
        .unwrap();
    let words: Vec<(&str, f64, f64)> = transcript.words.iter().map(|w| (w.text.as_str(), w.start, w.end)).collect();
    assert_eq!(words, [("I", 0.1, 0.2), ("live", 0.2, 0.5), ("in", 0.5, 0.6), ("London.", 0.6, 1.1)]);
    assert_eq!(transcript.engine, "amazon-transcribe");

    // The event again, or the take's message again: nothing more happens.
    assert!(matches!(worker.transcription_finished(&job_name).await.unwrap(), Outcome::Ignored(_)));
    assert_eq!(worker.process(&job(&answering, &take)).await.unwrap(), Outcome::AlreadyDone);
    // Another stack's job (or any other event) is left alone.
    assert!(matches!(worker.transcription_finished("someone-else.job").await.unwrap(), Outcome::Ignored(_)));
}

#[tokio::test]
async fn a_take_is_heard_in_its_campaigns_language() {
    let stack = stack().await;
    let answering = answering(&stack, "landscape").await;
    let (_, campaign) = answering.staff.get(&stack, &format!("/campaign/{}", answering.campaign_id)).await;
    let (status, body) = answering
        .staff
        .put(
            &stack,
            "/campaign/update",
            serde_json::json!({"id": answering.campaign_id, "version": campaign["version"], "language": "es"}),
        )
        .await;
    assert_eq!(status, reqwest::StatusCode::OK, "{body}");
    let take =
        answering.record(&stack, video(Container::Webm, 4.0).speech("Hola, me llamo Pedro.").make(), "webm").await;
    let media = answering.settle(&stack, &take).await;
    assert_eq!(media.transcript_status, TranscriptStatus::Ready, "{media:?}");
    let transcript = transcript_of(&stack, &answering).await;
    assert_eq!((transcript.engine.as_str(), transcript.language.as_deref()), ("whisper", Some("es")));
}
