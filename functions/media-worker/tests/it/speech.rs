//! What the local engine (Whisper through `.venv-whisper`) hears: how many words it gets
//! wrong on a human recording (Debian's `pocketsphinx-testdata`, LibriVox) and on espeak-ng
//! speech, whether each word's times fall where it was said, that a 3-minute take loses no
//! words where the engine cuts it, and that a Spanish campaign is heard in Spanish.
//! Thresholds, not timings.

use std::{
    path::{Path, PathBuf},
    process::Command,
    time::Duration,
};

use storyhive_local_stack::testkit::media::asr_python;
use storyhive_media_worker::transcribe::{Heard, Request, Transcriber, Whisper};
use storyhive_shared::{campaigns::records::Language, media::TranscriptWord, search::text};

const LIBRIVOX: &str = "/usr/share/pocketsphinx/test/data/librivox";

fn engine() -> Whisper {
    Whisper::new(asr_python(), Duration::from_secs(600))
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("storyhive-speech-{}", storyhive_shared::model::new_id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn request(wav: &Path, language: Language) -> Request {
    Request {
        speech_wav: wav.to_path_buf(),
        bucket: String::new(),
        speech_key: String::new(),
        output_key: String::new(),
        job_name: String::new(),
        language,
    }
}

async fn hear(engine: &Whisper, wav: &Path, language: Language) -> (Vec<TranscriptWord>, String) {
    match engine.transcribe(&request(wav, language)).await.unwrap() {
        Heard::Words { words, language } => (words, language),
        other => panic!("{}: nothing heard: {other:?}", wav.display()),
    }
}

/// The search's words (lower case, no punctuation), "Mr." said as "mister".
fn normalised(text: &str) -> Vec<String> {
    text::words(text).into_iter().map(|w| if w == "mr" { "mister".into() } else { w }).collect()
}

fn said(words: &[TranscriptWord]) -> Vec<String> {
    normalised(&words.iter().map(|w| w.text.as_str()).collect::<Vec<_>>().join(" "))
}

/// Word error rate: the edit distance between the word sequences over the reference's length.
fn word_error_rate(reference: &[String], heard: &[String]) -> f64 {
    let mut previous: Vec<usize> = (0..=heard.len()).collect();
    for (i, expected) in reference.iter().enumerate() {
        let mut row = vec![i + 1; heard.len() + 1];
        for (j, got) in heard.iter().enumerate() {
            let substitution = previous[j] + usize::from(expected != got);
            row[j + 1] = substitution.min(previous[j + 1] + 1).min(row[j] + 1);
        }
        previous = row;
    }
    previous[heard.len()] as f64 / reference.len().max(1) as f64
}

/// espeak-ng reading `text` as the tests' takes speak (en-us, 140 words a minute), as the
/// 16 kHz mono WAV the worker makes of a take.
fn espeak(text: &str, voice: &str, to: &Path) {
    let raw = to.with_extension("raw.wav");
    let status = Command::new("espeak-ng").args(["-v", voice, "-s", "140", "-w"]).arg(&raw).arg(text).status().unwrap();
    assert!(status.success(), "espeak-ng");
    to_speech_wav(&raw, to, &[]);
}

fn to_speech_wav(from: &Path, to: &Path, filters: &[&str]) {
    let mut command = Command::new("ffmpeg");
    command.args(["-hide_banner", "-loglevel", "error", "-y", "-i"]).arg(from);
    if !filters.is_empty() {
        command.arg("-af").arg(filters.join(","));
    }
    let status = command.args(["-ar", "16000", "-ac", "1", "-c:a", "pcm_s16le"]).arg(to).status().unwrap();
    assert!(status.success(), "ffmpeg {}", from.display());
}

fn seconds_of(wav: &Path) -> f64 {
    let out = Command::new("ffprobe")
        .args(["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0"])
        .arg(wav)
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout).trim().parse().unwrap()
}

#[tokio::test]
async fn fewer_than_one_word_in_ten_is_wrong_on_a_human_recording_and_on_espeak() {
    // LibriVox's Sense and Sensibility, read by a person, with its reference text.
    let transcription = std::fs::read_to_string(format!("{LIBRIVOX}/transcription"))
        .expect("Debian's pocketsphinx-testdata (test.sh installs it)");
    let engine = engine();
    let (mut reference, mut heard) = (Vec::new(), Vec::new());
    for line in transcription.lines().filter(|l| !l.trim().is_empty()) {
        let (text, id) = line.rsplit_once(" (").unwrap();
        let id = id.trim_end_matches(')');
        let text = text.replace("<s>", "").replace("</s>", "");
        let (words, language) = hear(&engine, Path::new(&format!("{LIBRIVOX}/{id}.wav")), Language::English).await;
        assert_eq!(language, "en");
        reference.extend(normalised(&text));
        heard.extend(said(&words));
    }
    let human = word_error_rate(&reference, &heard);
    assert!(human < 0.10, "{:.1} % of a person's words wrong: {heard:?}", human * 100.0);

    let sentence = "My manager will be away until Monday, so I will still go to the harbour with my family.";
    let wav = scratch("espeak.wav");
    espeak(sentence, "en-us", &wav);
    let (words, _) = hear(&engine, &wav, Language::English).await;
    let synthetic = word_error_rate(&normalised(sentence), &said(&words));
    assert!(synthetic < 0.10, "{:.1} % of espeak's words wrong: {:?}", synthetic * 100.0, said(&words));
}

#[tokio::test]
async fn each_word_is_timed_within_its_spoken_span() {
    // Words spoken one by one with known silences between them: each word's span is known.
    let spoken = ["Peter", "lives", "near", "London", "with", "his", "family"];
    let dir = scratch("words");
    let mut list = String::new();
    let mut spans = Vec::new();
    let mut at = 0.0;
    for (i, word) in spoken.iter().enumerate() {
        let wav = dir.with_file_name(format!("word-{i}.wav"));
        espeak(word, "en-us", &wav);
        // Trimmed of espeak's own leading and trailing silence, so the span is the word.
        let trimmed = dir.with_file_name(format!("trimmed-{i}.wav"));
        to_speech_wav(
            &wav,
            &trimmed,
            &[
                "silenceremove=start_periods=1:start_threshold=-45dB",
                "areverse",
                "silenceremove=start_periods=1:start_threshold=-45dB",
                "areverse",
            ],
        );
        let length = seconds_of(&trimmed);
        let gap = dir.with_file_name(format!("gap-{i}.wav"));
        let status = Command::new("ffmpeg")
            .args([
                "-hide_banner",
                "-loglevel",
                "error",
                "-y",
                "-f",
                "lavfi",
                "-i",
                "anullsrc=r=16000:cl=mono",
                "-t",
                "0.35",
                "-c:a",
                "pcm_s16le",
            ])
            .arg(&gap)
            .status()
            .unwrap();
        assert!(status.success());
        list.push_str(&format!("file '{}'\nfile '{}'\n", trimmed.display(), gap.display()));
        spans.push((word.to_lowercase(), at, at + length));
        at += length + 0.35;
    }
    let list_file = dir.with_file_name("list.txt");
    std::fs::write(&list_file, list).unwrap();
    let sentence = dir.with_file_name("sentence.wav");
    let status = Command::new("ffmpeg")
        .args(["-hide_banner", "-loglevel", "error", "-y", "-f", "concat", "-safe", "0", "-i"])
        .arg(&list_file)
        .args(["-c:a", "pcm_s16le"])
        .arg(&sentence)
        .status()
        .unwrap();
    assert!(status.success());

    let (words, _) = hear(&engine(), &sentence, Language::English).await;
    let mut found = 0;
    for word in &words {
        let text = text::words(&word.text).join(" ");
        let Some((_, start, end)) = spans.iter().find(|(w, _, _)| *w == text) else { continue };
        found += 1;
        assert!(
            word.start >= start - 0.2 && word.end <= end + 0.2,
            "'{}' heard {:.2}-{:.2} s, said {start:.2}-{end:.2} s",
            word.text,
            word.start,
            word.end
        );
    }
    assert!(found >= spoken.len() - 1, "most words heard: {words:?}");
}

/// Sentences that do not repeat, so a lost or doubled stretch shows.
fn long_text(sentences: usize) -> String {
    const WHO: [&str; 9] = [
        "Maria",
        "the baker",
        "my brother",
        "our neighbour",
        "the teacher",
        "a fisherman",
        "Samuel",
        "the nurse",
        "my aunt",
    ];
    const DID: [&str; 7] = ["painted", "repaired", "carried", "cleaned", "sold", "found", "borrowed"];
    const WHAT: [&str; 8] = [
        "the blue boat",
        "a wooden chair",
        "the garden gate",
        "an old bicycle",
        "the kitchen window",
        "a heavy basket",
        "the red door",
        "a small table",
    ];
    const WHEN: [&str; 5] = [
        "on a windy morning",
        "before the market opened",
        "after the long winter",
        "during the summer festival",
        "late in the evening",
    ];
    (0..sentences)
        .map(|i| format!("{} {} {} {}.", WHO[i % 9], DID[i % 7], WHAT[i % 8], WHEN[i % 5]))
        .collect::<Vec<_>>()
        .join(" ")
}

#[tokio::test]
async fn a_three_minute_take_loses_no_words_where_the_engine_cuts_it() {
    // About 3 minutes at 140 words a minute, with a pause between sentences, as people talk.
    let text = long_text(60);
    let wav = scratch("long.wav");
    espeak(&text, "en-us+m3", &wav);
    let length = seconds_of(&wav);
    assert!(length > 150.0, "{length} s of speech");
    let (words, _) = hear(&engine(), &wav, Language::English).await;
    let reference = normalised(&text);
    let heard = said(&words);
    let rate = word_error_rate(&reference, &heard);
    assert!(rate < 0.10, "{:.1} % wrong over {length:.0} s", rate * 100.0);
    // Every sentence's last word is there (a cut that dropped words drops a stretch).
    let mut from = 0;
    for sentence in text.split('.').filter(|s| !s.trim().is_empty()) {
        let last = normalised(sentence).pop().unwrap();
        let at = heard[from..].iter().position(|w| *w == last);
        assert!(at.is_some(), "'{sentence}' lost its last word after word {from}: {heard:?}");
        from += at.unwrap() + 1;
    }
    // Times only go forward and stay within the take.
    assert!(words.windows(2).all(|w| w[1].start >= w[0].start - 1e-6), "times go forward");
    assert!(words.last().unwrap().end <= length + 0.2);
}

#[tokio::test]
async fn a_spanish_campaign_is_heard_in_spanish() {
    let sentence = "Hola, me llamo Pedro y vivo en Madrid con mi familia.";
    let wav = scratch("es.wav");
    espeak(sentence, "es", &wav);
    let (words, language) = hear(&engine(), &wav, Language::Spanish).await;
    assert_eq!(language, "es");
    let heard = said(&words);
    // (Whisper base hears espeak-ng's Spanish names poorly, and its int8 arithmetic differs a
    // little from one CPU to another: "vivo" is "viven" on some. Its plain words it hears well.)
    for known in ["hola", "llamo", "familia"] {
        assert!(heard.iter().any(|w| w == known), "'{known}' in {heard:?}");
    }
}

#[tokio::test]
async fn whisper_stays_up_between_takes_and_a_take_it_cannot_read_does_not_stop_it() {
    let engine = engine();
    let wav = scratch("first.wav");
    espeak("Peter lives near London with his family.", "en-us", &wav);
    let (words, _) = hear(&engine, &wav, Language::English).await;
    assert!(said(&words).contains(&"london".to_string()), "{words:?}");
    let process = engine.idle_process_ids();
    assert_eq!(process.len(), 1, "one process waits for the next take");

    // A take it cannot read fails with Whisper's reason; the process stays up for the next one.
    let missing = scratch("missing.wav");
    let error = engine.transcribe(&request(&missing, Language::English)).await.unwrap_err();
    assert!(format!("{error:#}").starts_with("Whisper failed: "), "{error:#}");
    assert!(format!("{error:#}").contains("missing.wav"), "the reason names the file: {error:#}");
    assert_eq!(engine.idle_process_ids(), process);

    // The next take, in another language (another model, loaded beside the first), by the same process.
    let spanish = scratch("es.wav");
    espeak("Hola, me llamo Pedro y vivo en Madrid con mi familia.", "es", &spanish);
    let (words, language) = hear(&engine, &spanish, Language::Spanish).await;
    assert_eq!(language, "es");
    assert!(said(&words).contains(&"familia".to_string()), "{words:?}");
    let (words, _) = hear(&engine, &wav, Language::English).await;
    assert!(said(&words).contains(&"london".to_string()), "{words:?}");
    assert_eq!(engine.idle_process_ids(), process, "the same process heard every take");
}

#[tokio::test]
async fn a_whisper_that_died_or_took_too_long_is_replaced_and_the_take_after_is_heard() {
    let wav = scratch("take.wav");
    espeak("Peter lives near London with his family.", "en-us", &wav);
    let engine = engine();
    hear(&engine, &wav, Language::English).await;
    let waiting = engine.idle_process_ids();
    let [died] = waiting[..] else { panic!("one process waits: {waiting:?}") };
    // Killed while waiting (out of memory, an operator): the next take starts another.
    assert!(Command::new("kill").args(["-9", &died.to_string()]).status().unwrap().success());
    tokio::time::sleep(Duration::from_millis(200)).await;
    let (words, _) = hear(&engine, &wav, Language::English).await;
    assert!(said(&words).contains(&"london".to_string()), "{words:?}");
    let waiting = engine.idle_process_ids();
    let [next] = waiting[..] else { panic!("one process waits: {waiting:?}") };
    assert_ne!(next, died);

    // Past its time limit, the take fails and its process is stopped, not kept busy.
    let hurried = Whisper::new(asr_python(), Duration::from_millis(50));
    let error = hurried.transcribe(&request(&wav, Language::English)).await.unwrap_err();
    assert_eq!(error.to_string(), "Whisper took too long");
    assert!(hurried.idle_process_ids().is_empty());
    // The engine's other processes are not affected.
    let (words, _) = hear(&engine, &wav, Language::English).await;
    assert!(said(&words).contains(&"london".to_string()), "{words:?}");
}
