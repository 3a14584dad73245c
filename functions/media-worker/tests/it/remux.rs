//! Issue 27: a take that is already web-playable in the campaign's orientation (what
//! Safari and iPhones record) is copied, not re-encoded; everything else is still
//! converted, turned upright and at most full HD.

use std::{path::Path, process::Command};

use storyhive_shared::media::{MediaStatus, TranscriptRecord, TranscriptStatus};
use storyhive_shared::storage::keys;

use crate::common::*;

/// A file made by ffmpeg from its test picture (and a tone or espeak-ng's speech):
/// `codec_args` choose the codecs and container of `name`.
fn make(name: &str, size: (u32, u32), seconds: f64, speech: Option<&str>, codec_args: &[&str]) -> Vec<u8> {
    let dir = std::env::temp_dir().join(format!("storyhive-remux-{}", storyhive_shared::model::new_id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut command = Command::new("ffmpeg");
    command.args(["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i"]);
    command.arg(format!("testsrc=duration={seconds}:size={}x{}:rate=30", size.0, size.1));
    match speech {
        Some(sentence) => {
            let wav = dir.join("speech.wav");
            let mut said = Command::new("espeak-ng");
            said.args(["-v", "en-us", "-s", "140", "-g", "5", "-w"]).arg(&wav).arg(sentence);
            assert!(said.status().unwrap().success(), "espeak-ng");
            command.arg("-i").arg(&wav).args(["-af", "apad"]);
        }
        None => {
            command.args(["-f", "lavfi", "-i"]).arg(format!("sine=frequency=440:duration={seconds}"));
        }
    }
    // A rotation is written by a second pass that copies the streams: Debian's ffmpeg 5.1
    // writes no display matrix for `-metadata:s:v:0 rotate=` when it encodes.
    let rotate = codec_args.windows(2).position(|pair| pair[0] == "-metadata:s:v:0" && pair[1].starts_with("rotate="));
    let encode_args: Vec<&str> = match rotate {
        Some(at) => codec_args.iter().enumerate().filter(|(i, _)| *i != at && *i != at + 1).map(|(_, a)| *a).collect(),
        None => codec_args.to_vec(),
    };
    let file = dir.join(name);
    let first = if rotate.is_some() { dir.join(format!("unturned-{name}")) } else { file.clone() };
    let status = command.args(&encode_args).args(["-t", &seconds.to_string()]).arg(&first).status().unwrap();
    assert!(status.success(), "ffmpeg made {name}");
    if let Some(at) = rotate {
        let status = Command::new("ffmpeg")
            .args(["-hide_banner", "-loglevel", "error", "-y", "-i"])
            .arg(&first)
            .args(["-c", "copy", "-metadata:s:v:0", codec_args[at + 1]])
            .arg(&file)
            .status()
            .unwrap();
        assert!(status.success(), "ffmpeg turned {name}");
    }
    let bytes = std::fs::read(&file).unwrap();
    std::fs::remove_dir_all(&dir).ok();
    bytes
}

/// H.264 (4:2:0, 8-bit) and AAC in an MP4 with its index at the end: ffmpeg's default
/// layout, as Safari's recorder hands a take over.
const SAFARI: &[&str] =
    &["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "96k", "-f", "mp4"];

/// The size and checksum of each packet of a file's `stream` ("v" or "a"), as they are
/// stored: equal lists mean the stream was copied, not encoded again.
fn packets(file: &Path, stream: &str) -> Vec<(String, String)> {
    let output = Command::new("ffmpeg")
        .args(["-hide_banner", "-loglevel", "error", "-i"])
        .arg(file)
        .args(["-map", &format!("0:{stream}:0"), "-c", "copy", "-f", "framemd5", "-"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.split(',').map(str::trim).collect();
            (fields[fields.len() - 2].to_string(), fields[fields.len() - 1].to_string())
        })
        .collect()
}

/// Whether a file's first video stream says it is turned (a display matrix).
fn turned(file: &Path) -> bool {
    let output = Command::new("ffprobe")
        .args(["-v", "error", "-select_streams", "v:0", "-show_entries", "stream_side_data=rotation", "-of", "csv=p=0"])
        .arg(file)
        .output()
        .unwrap();
    String::from_utf8_lossy(&output.stdout).trim().trim_matches(',').parse::<i32>().is_ok_and(|r| r != 0)
}

fn write_temp(bytes: &[u8], name: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("storyhive-{}-{name}", storyhive_shared::model::new_id()));
    std::fs::write(&path, bytes).unwrap();
    path
}

#[tokio::test]
async fn a_safari_take_is_copied_with_its_index_first_and_still_transcribed() {
    let stack = stack().await;
    let answering = answering(&stack, "landscape").await;
    let source =
        make("take.mp4", (640, 360), 5.0, Some("Hello. My name is Peter. I live in London. I love my family."), SAFARI);
    let boxes = top_level_boxes(&source);
    let index_at_end = boxes.iter().position(|b| b == "moov") > boxes.iter().position(|b| b == "mdat");
    assert!(index_at_end, "the test take has its index at the end, as Safari writes it: {boxes:?}");
    let take = answering.record(&stack, source.clone(), "mp4").await;
    let media = answering.settle(&stack, &take).await;
    assert_eq!((media.status, media.transcript_status), (MediaStatus::Ready, TranscriptStatus::Ready), "{media:?}");
    // Its own size (not padded to a frame), its own length.
    assert_eq!((media.width, media.height), (Some(640), Some(360)));
    assert!((media.duration_seconds.unwrap() - 5.0).abs() < 0.1, "{media:?}");

    let (mp4, bytes) = download(&stack, media.mp4_key.as_deref().unwrap()).await;
    let original = write_temp(&source, "safari.mp4");
    // The same packets, picture and sound: nothing was encoded again.
    assert_eq!(packets(&mp4, "v"), packets(&original, "v"), "the picture is copied");
    assert_eq!(packets(&mp4, "a"), packets(&original, "a"), "the sound is copied");
    let boxes = top_level_boxes(&bytes);
    let (moov, mdat) =
        (boxes.iter().position(|b| b == "moov").unwrap(), boxes.iter().position(|b| b == "mdat").unwrap());
    assert!(moov < mdat, "faststart: the index comes first ({boxes:?})");
    let (streams, duration) = ffprobe(&mp4);
    assert!((duration - 5.0).abs() < 0.1, "{duration}");
    assert!(streams.contains(&("video".into(), "h264".into(), 640, 360)), "{streams:?}");

    let (poster, _) = download(&stack, media.poster_key.as_deref().unwrap()).await;
    assert_eq!(ffprobe(&poster).0, vec![("video".into(), "mjpeg".into(), 640, 360)]);

    // The words are heard from the original, beside the copy.
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
        .expect("a transcript");
    assert_eq!(transcript.take_key, take);
    let said: Vec<String> =
        transcript.words.iter().map(|w| storyhive_shared::search::text::words(&w.text).join(" ")).collect();
    assert!(said.iter().any(|w| w == "london"), "{said:?}");
    for file in [mp4, poster, original] {
        std::fs::remove_file(file).ok();
    }

    // A silent Safari take: its picture copied, a silent sound track added (every web
    // copy has sound to edit), as a converted take gets.
    let silent = invited_in(&stack, answering.staff.clone(), "landscape", &["And you?"]).await;
    let source = make("silent.mp4", (640, 360), 2.0, None, &[&["-an"][..], SAFARI].concat());
    let take = silent.record(&stack, source.clone(), "mp4").await;
    let media = silent.settle(&stack, &take).await;
    assert_eq!((media.status, media.transcript_status), (MediaStatus::Ready, TranscriptStatus::Failed), "{media:?}");
    let (mp4, _) = download(&stack, media.mp4_key.as_deref().unwrap()).await;
    let original = write_temp(&source, "silent.mp4");
    assert_eq!(packets(&mp4, "v"), packets(&original, "v"), "the picture is copied");
    let (streams, duration) = ffprobe(&mp4);
    assert!(streams.iter().any(|s| s.0 == "audio" && s.1 == "aac"), "{streams:?}");
    assert!((duration - 2.0).abs() < 0.15, "{duration}");
    for file in [mp4, original] {
        std::fs::remove_file(file).ok();
    }
}

#[tokio::test]
async fn takes_that_are_not_web_playable_as_they_are_are_still_converted() {
    let stack = stack().await;
    let staff = organisation(&stack).await;
    /// The campaign's orientation, the take, its extension, the frame of its web copy.
    type Case = (&'static str, Vec<u8>, &'static str, (u64, u64));
    let cases: [Case; 4] = [
        // An iPhone's HEVC: to H.264, at its own size in a 16:9 frame.
        ("landscape", video(Container::MovHevc, 1.0).make(), "mov", (426, 240)),
        // A phone held upright: stored 320x240, turned a quarter when shown. Turned
        // upright for a portrait campaign (kept as stored it would be 320 wide).
        (
            "portrait",
            make("turned.mp4", (320, 240), 1.0, None, &[&["-metadata:s:v:0", "rotate=90"][..], SAFARI].concat()),
            "mp4",
            (240, 426),
        ),
        // Web-playable, but landscape for a portrait campaign: in a 9:16 frame as wide as it.
        ("portrait", make("wide.mp4", (640, 360), 1.0, None, SAFARI), "mp4", (640, 1138)),
        // 4K from a phone: at most full HD (720p, the re-encoded frame).
        ("landscape", make("4k.mp4", (3840, 2160), 1.0, None, SAFARI), "mp4", (1280, 720)),
    ];
    for (mode, source, ext, frame) in cases {
        let answering = invited_in(&stack, staff.clone(), mode, &["Where do you live?"]).await;
        let take = answering.record(&stack, source, ext).await;
        let media = answering.settle(&stack, &take).await;
        assert_eq!(media.status, MediaStatus::Ready, "{mode} {ext}: {media:?}");
        assert_eq!((media.width, media.height), (Some(frame.0 as u32), Some(frame.1 as u32)), "{mode} {ext}");
        let (mp4, bytes) = download(&stack, media.mp4_key.as_deref().unwrap()).await;
        let (streams, duration) = ffprobe(&mp4);
        assert!(streams.contains(&("video".into(), "h264".into(), frame.0, frame.1)), "{mode} {ext}: {streams:?}");
        assert!(streams.iter().any(|s| s.0 == "audio" && s.1 == "aac"), "{streams:?}");
        assert!((duration - 1.0).abs() < 0.2, "{duration}");
        assert!(!turned(&mp4), "{mode} {ext}: shown as stored");
        let boxes = top_level_boxes(&bytes);
        assert!(boxes.iter().position(|b| b == "moov") < boxes.iter().position(|b| b == "mdat"), "{boxes:?}");
        std::fs::remove_file(mp4).ok();
    }
}
