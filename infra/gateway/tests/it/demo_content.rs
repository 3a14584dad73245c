//! The demo content (`storyhive-local seed-content`) against the test emulators: the
//! whole API (each function with its own context and IAM check) and the real upload,
//! media and mail workers polling their queues, as the gateway runs them. The seed runs
//! twice (the second run must change nothing), then once more after the video bucket
//! lost one collaborator's files (as the local S3 does when the stack restarts), and
//! what a newcomer sees is checked through the API: every screen has content, the
//! dashboard's figures are those of the videos uploaded, every take plays, has a poster
//! and a transcript with the words spoken, and search finds them.

use std::{collections::HashMap, process::Command, sync::Arc, time::Duration};

use reqwest::StatusCode;
use serde_json::{json, Value};
use storyhive_gateway::{
    demo::{self, world, Report},
    seed, HTTP_FUNCTIONS,
};
use storyhive_local_stack::{
    provision::{MAIL_QUEUE, MEDIA_QUEUE, UPLOAD_QUEUE},
    testkit::{client::call, fake_llm::FakeLlm, workspace_root, TestStack},
    worker::{self, Handler, Worker},
};
use storyhive_shared::{
    campaigns::records::{CampaignStatus, RecordingMode},
    config::{AiConfig, AiProviderKind},
    mail::SesMailer,
    permissions::Role,
    AppContext,
};

/// Every HTTP function, the AI function answering from the fake model (as the gateway
/// does with `STORYHIVE_AI_PROVIDER=fake`, which start.sh sets unless another is chosen).
async fn whole_api(fake: &FakeLlm) -> TestStack {
    let first = &HTTP_FUNCTIONS[0];
    let mut stack = TestStack::start(first.logical_id, first.router).await;
    for function in &HTTP_FUNCTIONS[1..] {
        if function.logical_id == "AiFunction" {
            let ai = AiConfig {
                provider: AiProviderKind::OpenAi,
                base_url: Some(fake.openai_base_url()),
                model: Some("fake".into()),
                // A loaded machine must not turn the fake's answers into timeouts.
                timeout_secs: 60,
                ..AiConfig::default()
            };
            stack = stack.with_function(function.logical_id, move |context: AppContext| {
                let mut config = (*context.config).clone();
                config.ai = ai.clone();
                storyhive_ai::router(AppContext { config: Arc::new(config), ..context })
            });
        } else {
            stack = stack.with_function(function.logical_id, function.router);
        }
    }
    stack
}

/// The workers, polling their queues all along as the gateway runs them (each with its
/// function's own context, so their AWS calls are checked against their grants).
fn start_workers(stack: &TestStack) -> Vec<tokio::task::JoinHandle<()>> {
    let uploads = storyhive_upload_worker::UploadWorker::new(&stack.function_context("UploadWorkerFunction")).unwrap();
    let python = std::env::var_os("STORYHIVE_ASR_PYTHON")
        .map(Into::into)
        .unwrap_or_else(|| workspace_root().join(".venv-whisper/bin/python"));
    let media = storyhive_media_worker::MediaWorker::new(
        &stack.function_context("MediaWorkerFunction"),
        Arc::new(storyhive_media_worker::transcribe::Whisper::new(python, storyhive_media_worker::TRANSCODE_LIMIT)),
    )
    .unwrap();
    let mailer = SesMailer::new(
        stack.function_clients("MailWorkerFunction").ses,
        stack.function_context("MailWorkerFunction").config.ses_sender().unwrap().to_string(),
    );
    let handlers: [(&str, Handler); 3] = [
        (
            UPLOAD_QUEUE,
            worker::handler(move |event| {
                let uploads = uploads.clone();
                async move { storyhive_upload_worker::handle(&uploads, event).await }
            }),
        ),
        (
            MEDIA_QUEUE,
            worker::handler(move |event| {
                let media = media.clone();
                async move { storyhive_media_worker::handle(&media, event).await }
            }),
        ),
        (
            MAIL_QUEUE,
            worker::handler(move |event| {
                let mailer = mailer.clone();
                async move { storyhive_mail_worker::handle(&mailer, event).await }
            }),
        ),
    ];
    handlers
        .into_iter()
        .map(|(queue, handler)| {
            let queue = stack.resources.queue(queue).unwrap().clone();
            let worker = Worker {
                name: queue.url.clone(),
                queue_url: queue.url,
                queue_arn: queue.arn,
                handler,
                receive_visibility_seconds: None,
            };
            tokio::spawn(worker.run(stack.clients.sqs.clone()))
        })
        .collect()
}

fn options(stack: &TestStack) -> demo::Options {
    demo::Options {
        api_url: stack.base_url.clone(),
        campaigns: stack.function_context("CampaignsFunction"),
        published_copies: (stack.clients.s3.clone(), stack.context.config.published_bucket().unwrap().to_string()),
        // Real work: ffmpeg and PocketSphinx on a shared machine.
        wait: Duration::from_secs(15 * 60),
        progress: |line| eprintln!("seed-content: {line}"),
    }
}

async fn sign_in(stack: &TestStack, role: Role) -> String {
    let email = seed::DEMO_USERS.iter().find(|u| u.role == role).unwrap().email;
    let (status, body) = call(
        stack,
        reqwest::Method::POST,
        "/auth/login",
        None,
        Some(json!({"email": email, "password": seed::DEMO_PASSWORD})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["accessToken"].as_str().unwrap().to_string()
}

async fn get(stack: &TestStack, token: &str, path: &str) -> Value {
    let (status, body) = call(stack, reqwest::Method::GET, path, Some(token), None).await;
    assert_eq!(status, StatusCode::OK, "GET {path}: {body}");
    body
}

async fn download(stack: &TestStack, url: &str) -> Vec<u8> {
    let response = stack.http.get(url).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK, "{url}");
    response.bytes().await.unwrap().to_vec()
}

/// ffprobe of bytes: the first video stream's (codec, width, height) and the duration.
fn ffprobe(bytes: &[u8]) -> ((String, u64, u64), f64) {
    let file = std::env::temp_dir().join(format!("storyhive-demo-test-{}", storyhive_shared::model::new_id()));
    std::fs::write(&file, bytes).unwrap();
    let output = Command::new("ffprobe")
        .args(["-v", "error", "-print_format", "json", "-show_streams", "-show_format"])
        .arg(&file)
        .output()
        .expect("ffprobe is installed");
    std::fs::remove_file(&file).ok();
    assert!(output.status.success(), "ffprobe: {}", String::from_utf8_lossy(&output.stderr));
    let probed: Value = serde_json::from_slice(&output.stdout).unwrap();
    let video = probed["streams"].as_array().unwrap().iter().find(|s| s["codec_type"] == "video").cloned().unwrap();
    let duration = probed["format"]["duration"].as_str().and_then(|d| d.parse().ok()).unwrap();
    (
        (
            video["codec_name"].as_str().unwrap().to_string(),
            video["width"].as_u64().unwrap(),
            video["height"].as_u64().unwrap(),
        ),
        duration,
    )
}

fn ids(report: &Report) -> Vec<(String, String, String)> {
    let mut ids: Vec<_> = report
        .answers
        .iter()
        .map(|a| (a.campaign_id.clone(), a.contributor_id.clone(), a.journey_id.clone()))
        .collect();
    ids.sort();
    ids
}

/// Every campaign of the list as the campaign screen pages it (10 a page, by cursor).
async fn campaign_list(stack: &TestStack, token: &str) -> (Vec<Value>, Value) {
    let first = get(stack, token, "/campaign/all-campaigns?page=1").await;
    assert_eq!(first["items"].as_array().unwrap().len(), 10, "a full first page");
    let cursor = first["nextCursor"].as_str().expect("a second page");
    let cursor: String = url_encode(cursor);
    let second = get(stack, token, &format!("/campaign/all-campaigns?page=2&cursor={cursor}")).await;
    assert!(second["nextCursor"].is_null());
    let mut items = first["items"].as_array().unwrap().clone();
    items.extend(second["items"].as_array().unwrap().iter().cloned());
    (items, first["counts"].clone())
}

fn url_encode(value: &str) -> String {
    form_urlencoded::byte_serialize(value.as_bytes()).collect()
}

/// What the demo's figures must be, from the world and the uploaded files.
async fn check_what_a_newcomer_sees(stack: &TestStack, report: &Report) {
    let admin = sign_in(stack, Role::Admin).await;

    // The campaign list: more than a page, every status, each campaign as the demo has it.
    let (items, counts) = campaign_list(stack, &admin).await;
    assert_eq!(items.len(), world::CAMPAIGNS.len(), "{items:#?}");
    let status_of = |title: &str| items.iter().find(|c| c["title"] == title).map(|c| c["status"].clone());
    let mut by_status: HashMap<String, usize> = HashMap::new();
    for spec in &world::CAMPAIGNS {
        let wanted = serde_json::to_value(spec.status).unwrap();
        assert_eq!(status_of(spec.title), Some(wanted.clone()), "{}", spec.title);
        *by_status.entry(wanted.as_str().unwrap().to_string()).or_default() += 1;
    }
    for status in ["draft", "live", "expired"] {
        assert!(by_status[status] > 0);
        assert_eq!(counts[status].as_u64(), Some(by_status[status] as u64), "{counts}");
    }

    // The takes as the collaborators panel lists them, with the length the upload
    // worker measured.
    let mut stored: HashMap<(String, String), f64> = HashMap::new();
    for campaign_id in report.answers.iter().map(|a| a.campaign_id.clone()).collect::<std::collections::BTreeSet<_>>() {
        let page = get(stack, &admin, &format!("/contributor/{campaign_id}/all?limit=50")).await;
        for row in page["items"].as_array().unwrap() {
            for answer in row["answers"].as_array().unwrap().iter().filter(|a| !a["video"].is_null()) {
                let key = (
                    row["contributor"]["contributorId"].as_str().unwrap().to_string(),
                    answer["campaignQuestionId"].as_str().unwrap().to_string(),
                );
                stored.insert(key, answer["video"]["durationSeconds"].as_f64().unwrap());
            }
        }
    }

    // Every seeded take: a playable MP4 in the campaign's frame, a poster, a transcript
    // with words that were said; the original is the file uploaded.
    let mut stored_seconds = 0.0;
    let mut devices: HashMap<&str, i64> = HashMap::new();
    let mut per_campaign: HashMap<&str, i64> = HashMap::new();
    let total: usize = world::CAMPAIGNS.iter().flat_map(|c| c.collaborators).map(|c| c.answers.len()).sum();
    assert_eq!(report.answers.len(), total);
    for seeded in &report.answers {
        let path =
            format!("/campaign/video-info/{}/{}/{}", seeded.campaign_id, seeded.contributor_id, seeded.journey_id);
        let info = get(stack, &admin, &path).await;
        let who = format!("{} answering {}", seeded.collaborator.email, info["question"]);
        assert_eq!(info["status"], "ready", "{who}: {info}");
        let mp4 = download(stack, info["url"].as_str().unwrap()).await;
        assert_eq!(&mp4[4..8], b"ftyp", "{who}: an MP4");
        let ((codec, width, height), mp4_seconds) = ffprobe(&mp4);
        let spec = world::campaign(seeded.campaign);
        // The demo's takes are 640x360 (360x640): copied or converted, never enlarged.
        let frame = if spec.mode == RecordingMode::Portrait { (360, 640) } else { (640, 360) };
        assert_eq!((codec.as_str(), width, height), ("h264", frame.0, frame.1), "{who}");
        let poster = download(stack, info["posterUrl"].as_str().unwrap()).await;
        assert_eq!(&poster[..3], &[0xFF, 0xD8, 0xFF], "{who}: a JPEG poster");
        assert_eq!(info["transcript"]["status"], "ready", "{who}");
        let words: Vec<String> = info["transcript"]["words"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|w| storyhive_shared::search::text::words(w["text"].as_str().unwrap()))
            .collect();
        assert!(
            seeded.answer.heard.iter().any(|heard| words.iter().any(|w| w == heard)),
            "{who}: the transcript {words:?} has none of {:?}",
            seeded.answer.heard
        );
        let original = download(stack, info["originalUrl"].as_str().unwrap()).await;
        let (_, seconds) = ffprobe(&original);
        assert!((4.0..=15.0).contains(&seconds), "{who}: a short take ({seconds} s)");
        assert!((mp4_seconds - seconds).abs() < 0.5, "{who}: the MP4 lasts as the take ({mp4_seconds} s, {seconds} s)");
        let measured = stored[&(seeded.contributor_id.clone(), seeded.journey_id.clone())];
        assert!((measured - seconds).abs() < 0.1, "{who}: stored as {measured} s, uploaded {seconds} s");
        stored_seconds += measured;
        *devices.entry(seeded.answer.device.label()).or_default() += 1;
        *per_campaign.entry(seeded.campaign).or_default() += 1;
    }

    // The dashboard's figures are those of the videos uploaded.
    let dashboard = get(stack, &admin, "/dashboard/details").await;
    let reviewed = report.answers.iter().filter(|a| a.answer.approved || a.sent_back).count();
    assert_eq!(report.answers.iter().filter(|a| a.sent_back).count(), 1, "one answer is sent back");
    assert_eq!(dashboard["pendingVideoResponses"].as_u64(), Some((total - reviewed) as u64), "{dashboard}");
    assert_eq!(stored.len(), total, "no other takes in the demo organisation");
    let hours = (stored_seconds / 3600.0 * 100.0).round() / 100.0;
    assert_eq!(dashboard["hoursOfVideoSubmitted"].as_f64(), Some(hours), "{dashboard} ({stored_seconds} s stored)");
    let shown: HashMap<String, i64> = dashboard["deviceType"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| (d["deviceType"].as_str().unwrap().to_string(), d["count"].as_i64().unwrap()))
        .filter(|(_, count)| *count > 0)
        .collect();
    let wanted: HashMap<String, i64> = devices.iter().map(|(d, n)| (d.to_string(), *n)).collect();
    assert_eq!(shown, wanted, "{dashboard}");
    for (title, videos) in &per_campaign {
        let row = dashboard["campaignAndVideo"].as_array().unwrap().iter().find(|c| c["title"] == *title);
        assert_eq!(row.map(|c| c["videoCount"].as_i64()), Some(Some(*videos)), "{title}: {dashboard}");
    }
    let expiring: Vec<&str> =
        dashboard["expiringIn7Days"].as_array().unwrap().iter().map(|c| c["title"].as_str().unwrap()).collect();
    assert_eq!(expiring, ["Youth Mentoring Circle"]);

    // The collaborators panel shows every stage.
    let spotlight = report.answers.iter().find(|a| a.campaign == "Volunteer Spotlight").unwrap().campaign_id.clone();
    let panel = get(stack, &admin, &format!("/contributor/campaignContributorList/{spotlight}")).await;
    let row = |email: &str| {
        panel["items"].as_array().unwrap().iter().find(|c| c["email"] == email).cloned().unwrap_or(Value::Null)
    };
    assert_eq!(panel["items"].as_array().unwrap().len(), 5, "{panel}");
    let maya = row("maya.thompson@example.org");
    assert_eq!(
        (maya["status"].as_str(), maya["submittedAt"].is_string(), maya["answeredCount"].as_u64()),
        (Some("activated"), true, Some(3))
    );
    let daniel = row("daniel.okafor@example.org");
    assert_eq!(
        (daniel["status"].as_str(), daniel["submittedAt"].is_null()),
        (Some("activated"), true),
        "sent back: {daniel}"
    );
    let priya = row("priya.nair@example.org");
    assert_eq!(
        (priya["status"].as_str(), priya["submittedAt"].is_null(), priya["answeredCount"].as_u64()),
        (Some("activated"), true, Some(1))
    );
    assert_eq!(row("sam.keller@example.org")["status"], "suspended");
    assert_eq!(row("jamie.rivera@example.org")["status"], "invited");

    // Search finds answers by a word said in them.
    for seeded in report.answers.iter().filter(|a| a.collaborator.email == "maya.thompson@example.org") {
        let word = seeded.answer.heard[0];
        let (status, found) =
            call(stack, reqwest::Method::POST, "/search/videos", Some(&admin), Some(json!({"text": word}))).await;
        assert_eq!(status, StatusCode::OK, "{found}");
        let hit = found["items"].as_array().unwrap().iter().find(|r| r["journeyId"] == seeded.journey_id.as_str());
        let hit = hit.unwrap_or_else(|| panic!("searching {word:?} finds Maya's answer: {found}"));
        assert!(hit["match"]["inTranscript"].as_bool().unwrap(), "{hit}");
    }

    // A generated video, rendered by the media worker and approved.
    let [video] = report.generated_videos.as_slice() else { panic!("one generated video") };
    let approved = get(stack, &admin, &format!("/generated-videos/approved/{}", video.campaign_id)).await;
    let listed = approved["items"].as_array().unwrap().iter().find(|v| v["videoId"] == video.video_id.as_str());
    let listed = listed.unwrap_or_else(|| panic!("the generated video is approved: {approved}"));
    assert_eq!(listed["status"], "ready");
    let rendered = download(stack, listed["url"].as_str().unwrap()).await;
    let ((codec, width, height), seconds) = ffprobe(&rendered);
    assert_eq!((codec.as_str(), width, height), ("h264", 1280, 720));
    let clips: f64 = listed["edit"]["clips"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["end"].as_f64().unwrap() - c["start"].as_f64().unwrap())
        .sum();
    assert!((seconds - (clips + 3.0)).abs() < 0.5, "the title card and both answers: {seconds} s");

    // A story of many voices, drafted by the (fake) AI from the campaign's transcripts: one,
    // with clips of at least two collaborators, each clip's words said in its answer, and a
    // ready landscape render that plays for as long as the story lasts.
    let seeded = report.story.as_ref().expect("the demo's story (the fake model drafts it)");
    let stories = get(stack, &admin, &format!("/generated-videos/stories/{}?limit=50", seeded.campaign_id)).await;
    // (The generated video is a one-speaker story of the same campaign.)
    let stories: Vec<&Value> =
        stories["items"].as_array().unwrap().iter().filter(|s| s["title"] == world::STORY.title).collect();
    assert_eq!(stories.len(), 1, "one story: {stories:?}");
    let story = stories[0];
    assert_eq!(
        (story["storyId"].as_str(), story["title"].as_str()),
        (Some(seeded.story_id.as_str()), Some(seeded.title))
    );
    let clips = story["clips"].as_array().unwrap();
    let speakers: std::collections::BTreeSet<&str> =
        clips.iter().map(|c| c["contributorId"].as_str().unwrap()).collect();
    assert!(speakers.len() >= 2, "clips of at least two collaborators: {story}");
    // Every citation of the fake's matched what was said: only length may leave one out.
    let length = storyhive_shared::stories::draft::Dropped::TooLong.reason();
    let dropped = story["draft"]["dropped"].as_array().unwrap();
    assert!(dropped.iter().all(|d| d["reason"] == length.as_str()), "every citation checked: {story}");
    let target = f64::from(world::STORY.target_seconds);
    let seconds = story["draft"]["seconds"].as_f64().unwrap();
    assert!(seconds <= target * 1.15, "within 15 % of the target: {seconds} s");
    for clip in clips {
        let info = get(
            stack,
            &admin,
            &format!(
                "/campaign/video-info/{}/{}/{}",
                seeded.campaign_id,
                clip["contributorId"].as_str().unwrap(),
                clip["questionId"].as_str().unwrap()
            ),
        )
        .await;
        let said: Vec<&str> =
            info["transcript"]["words"].as_array().unwrap().iter().map(|w| w["text"].as_str().unwrap()).collect();
        let (first, last) = (clip["firstWord"].as_u64().unwrap() as usize, clip["lastWord"].as_u64().unwrap() as usize);
        assert!(last < said.len(), "{clip}");
        assert_eq!(clip["text"].as_str().unwrap(), said[first..=last].join(" "), "the clip's words are the answer's");
        assert!(clip["warning"].is_null() || clip["warning"] == "This answer is not approved yet", "{clip}");
    }
    let render = story["renders"].as_array().unwrap().iter().find(|r| r["format"] == "landscape");
    let render = render.unwrap_or_else(|| panic!("a landscape render: {story}"));
    assert_eq!((render["status"].as_str(), render["current"].as_bool()), (Some("ready"), Some(true)), "{render}");
    let rendered = download(stack, render["url"].as_str().unwrap()).await;
    let ((codec, width, height), seconds) = ffprobe(&rendered);
    assert_eq!((codec.as_str(), width, height), ("h264", 1280, 720));
    let expected = story["durationSeconds"].as_f64().unwrap();
    assert!((seconds - expected).abs() < 0.5, "the story's render lasts {seconds} s, the story {expected} s");

    // Published for the public: the generated video and the approved answers, each on its
    // page, all on the demo's wall in that order.
    let published = &report.published;
    assert_eq!(published.share_urls.len(), 3, "the generated video and both approved answers: {published:?}");
    let path = |url: &str| url.strip_prefix(&stack.context.config.app_base_url).unwrap().to_string();
    let mut slugs = Vec::new();
    for url in &published.share_urls {
        let response = stack.http.get(stack.url(&path(url))).header("user-agent", "Mozilla/5.0").send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{url}");
        slugs.push(path(url).trim_start_matches("/v/").to_string());
    }
    let wall = path(&published.wall_url).replace("/wall/", "/public/walls/");
    let wall: Value = stack.http.get(stack.url(&wall)).send().await.unwrap().json().await.unwrap();
    let on_wall: Vec<String> =
        wall["items"].as_array().unwrap().iter().map(|i| i["slug"].as_str().unwrap().to_string()).collect();
    assert_eq!(on_wall, slugs, "{wall}");
    assert_eq!(wall["title"], demo::WALL_TITLE);

    // The printed link opens the demo contributor's journey.
    let link = demo::api::Link::parse(&report.contributor.link).unwrap();
    let (status, opened) = call_with_key(stack, &link).await;
    assert_eq!(status, StatusCode::OK, "{opened}");
    assert_eq!(opened["campaign"]["title"], "Volunteer Spotlight");
}

async fn call_with_key(stack: &TestStack, link: &demo::api::Link) -> (StatusCode, Value) {
    let response = stack
        .http
        .get(stack.url(&format!("/contributor/{}/{}/{}", link.tenant_id, link.campaign_id, link.contributor_id)))
        .header("X-Invite-Key", &link.key)
        .send()
        .await
        .unwrap();
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_demo_has_content_in_every_screen_and_seeding_again_adds_nothing() {
    let fake = FakeLlm::start().await;
    let stack = whole_api(&fake).await;
    let workers = start_workers(&stack);
    seed::seed(&stack.function_context("AccountsFunction")).await.unwrap();
    let options = options(&stack);

    let first = demo::seed_content(&options).await.unwrap();
    check_what_a_newcomer_sees(&stack, &first).await;

    // Again: nothing is made twice, nothing is recorded again; only the printed link is new.
    let second = demo::seed_content(&options).await.unwrap();
    assert_eq!(
        second.story.as_ref().map(|s| &s.story_id),
        first.story.as_ref().map(|s| &s.story_id),
        "the story is drafted once"
    );
    assert!(second.remade.is_empty(), "nothing to record again: {:?}", second.remade);
    assert_eq!(ids(&second), ids(&first));
    let old = demo::api::Link::parse(&first.contributor.link).unwrap();
    assert_eq!(call_with_key(&stack, &old).await.0, StatusCode::FORBIDDEN, "the previous link stopped working");
    check_what_a_newcomer_sees(&stack, &second).await;

    // The local S3 keeps objects in memory: after a restart DynamoDB still lists the
    // takes but their files are gone. The seed records those collaborators again, and
    // their expired campaign ends again.
    let omar = second.answers.iter().find(|a| a.collaborator.email == "omar.haddad@example.org").unwrap();
    let bucket = stack.context.config.video_bucket().unwrap();
    let listed = stack.clients.s3.list_objects_v2().bucket(bucket).prefix(&second.tenant_id).send().await.unwrap();
    let lost: Vec<String> = listed
        .contents()
        .iter()
        .filter_map(|o| o.key())
        .filter(|key| key.contains(&format!("/{}/{}/", omar.campaign_id, omar.contributor_id)))
        .map(str::to_string)
        .collect();
    assert!(!lost.is_empty());
    for key in &lost {
        stack.clients.s3.delete_object().bucket(bucket).key(key).send().await.unwrap();
    }
    // The same for a published story's copy: it is published again, at a new address.
    assert_eq!(second.published.share_urls, first.published.share_urls, "published once");
    let gone = second.published.share_urls[1].rsplit('/').next().unwrap().to_string();
    let copies = stack.context.config.published_bucket().unwrap();
    stack.clients.s3.delete_object().bucket(copies).key(format!("published/{gone}/poster.jpg")).send().await.unwrap();
    // And the story's render: it is rendered again.
    let story = second.story.as_ref().unwrap();
    let admin = sign_in(&stack, Role::Admin).await;
    let read =
        get(&stack, &admin, &format!("/generated-videos/stories/{}/{}", story.campaign_id, story.story_id)).await;
    let mp4 = read["renders"][0]["url"].as_str().unwrap();
    let listed = stack
        .clients
        .s3
        .list_objects_v2()
        .bucket(bucket)
        .prefix(format!("derived/{}/", second.tenant_id))
        .send()
        .await
        .unwrap();
    let rendered: Vec<String> = listed
        .contents()
        .iter()
        .filter_map(|o| o.key())
        .filter(|key| key.contains(&format!("/stories/{}/", story.story_id)) && key.ends_with(".mp4"))
        .map(str::to_string)
        .collect();
    assert_eq!(rendered.len(), 1, "{rendered:?}");
    stack.clients.s3.delete_object().bucket(bucket).key(&rendered[0]).send().await.unwrap();
    assert_eq!(stack.http.get(mp4).send().await.unwrap().status(), StatusCode::NOT_FOUND);
    let third = demo::seed_content(&options).await.unwrap();
    let again = third.story.as_ref().unwrap();
    assert_eq!(again.story_id, story.story_id, "the same story, rendered again");
    assert_eq!(third.remade, ["Omar Haddad"]);
    assert_ne!(third.published.share_urls[1], second.published.share_urls[1], "published again");
    assert_eq!(third.published.share_urls[0], second.published.share_urls[0]);
    check_what_a_newcomer_sees(&stack, &third).await;
    let admin = sign_in(&stack, Role::Admin).await;
    let winter = get(&stack, &admin, &format!("/campaign/{}", omar.campaign_id)).await;
    assert_eq!(winter["status"], serde_json::to_value(CampaignStatus::Expired).unwrap());

    for worker in workers {
        worker.abort();
    }
}
