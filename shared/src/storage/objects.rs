//! Every S3 object key the product makes is built (and, where it is read back from a
//! key, parsed) here, and every presigned URL is signed here: the object counterpart of
//! `keys.rs`. Call sites never `format!` a key or presign a request themselves.
//!
//! The video bucket holds:
//! - takes, at the spec's layout `<tenant>/<initiative>/<campaign>/<contributor>/<ms>-recorded_video.<ext>`
//!   ([`TakeKey`]); only these wake the upload worker (the template's notification
//!   filters on [`TAKE_SUFFIXES`]);
//! - what the media worker derives, under [`DERIVED_PREFIX`] followed by the take's
//!   folder: a take's web copy, poster and transcription output ([`Derived`]), and
//!   generated videos ([`generated_video`]);
//! - the video test page's uploads and results under [`TEMP_PREFIX`] (expired after a day).
//!
//! The media bucket holds the organisation's files ([`pending_file`], [`stored_file`]).

use std::time::Duration;

use aws_sdk_s3::{config::ProvideCredentials, presigning::PresigningConfig};

use crate::presigned_post::{presign_post, PostPolicy, PresignedPost, SigningCredentials};

/// A kind of organisation file as this module lays it out (`organisation::files::FileKind`,
/// which knows what each kind accepts): its folder and the extensions it keeps.
pub trait FileFolder: Copy {
    fn folder(self) -> &'static str;
    fn extension_is_known(self, extension: &str) -> bool;
}

/// What signing needs from a function's context (`AppContext`): its S3 client and the
/// deployment's bucket names.
pub trait ObjectStore {
    fn s3_client(&self) -> anyhow::Result<&aws_sdk_s3::Client>;
    fn bucket_name(&self, bucket: Bucket) -> anyhow::Result<&str>;
}

// ------------------------------------------------------------------- video bucket

/// The video test page's uploads and results (the bucket's lifecycle expires them).
pub const TEMP_PREFIX: &str = "Temp/";
/// Everything the media worker makes from takes. Not under a tenant's prefix, so the
/// upload notification never sees it and IAM grants the media worker this prefix only.
pub const DERIVED_PREFIX: &str = "derived/";

/// The public copies of published videos (their own bucket; CloudFront serves it at
/// `/published/`).
pub const PUBLISHED_PREFIX: &str = "published/";
/// What a take's file name is after its timestamp.
const TAKE_NAME: &str = "-recorded_video.";
/// The extensions a take is stored with (`contributors::rules::video_extension`).
pub const TAKE_EXTENSIONS: [&str; 4] = ["mp4", "webm", "mov", "mkv"];
/// The key endings of takes: the upload notification's suffix filters (one
/// configuration each). S3 filters can only include keys, and takes start with the
/// tenant's id, so a prefix cannot single them out; their name can.
pub const TAKE_SUFFIXES: [&str; 4] =
    ["-recorded_video.mp4", "-recorded_video.webm", "-recorded_video.mov", "-recorded_video.mkv"];

/// A contributor's take (the spec's object key layout).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TakeKey {
    pub tenant_id: String,
    pub initiative_id: String,
    pub campaign_id: String,
    pub contributor_id: String,
    pub taken_at_ms: i64,
    pub extension: String,
}

impl TakeKey {
    pub fn key(&self) -> String {
        format!(
            "{}{}{TAKE_NAME}{}",
            contributor_folder(&self.tenant_id, &self.initiative_id, &self.campaign_id, &self.contributor_id),
            self.taken_at_ms,
            self.extension
        )
    }

    /// The parts of a take's key, if `key` is one. The upload worker reads a take's
    /// answer from them.
    pub fn parse(key: &str) -> Option<Self> {
        let parts: Vec<&str> = key.split('/').collect();
        let [tenant, initiative, campaign, contributor, file] = parts.as_slice() else { return None };
        let (stamp, extension) = file.split_once(TAKE_NAME)?;
        let id_ok = |s: &str| !s.is_empty() && crate::ids::is_valid(s);
        if ![tenant, initiative, campaign, contributor].iter().all(|s| id_ok(s))
            || stamp.is_empty()
            || !stamp.bytes().all(|b| b.is_ascii_digit())
            || extension.is_empty()
            || !extension.bytes().all(|b| b.is_ascii_alphanumeric())
        {
            return None;
        }
        Some(Self {
            tenant_id: tenant.to_string(),
            initiative_id: initiative.to_string(),
            campaign_id: campaign.to_string(),
            contributor_id: contributor.to_string(),
            taken_at_ms: stamp.parse().ok()?,
            extension: extension.to_string(),
        })
    }
}

/// The folder of a contributor's takes in a campaign (with its trailing `/`).
pub fn contributor_folder(tenant_id: &str, initiative_id: &str, campaign_id: &str, contributor_id: &str) -> String {
    format!("{}{contributor_id}/", campaign_folder(tenant_id, initiative_id, campaign_id))
}

/// The folder of a campaign's takes (with its trailing `/`).
pub fn campaign_folder(tenant_id: &str, initiative_id: &str, campaign_id: &str) -> String {
    format!("{}{campaign_id}/", initiative_folder(tenant_id, initiative_id))
}

/// The folder of an initiative's takes (with its trailing `/`).
pub fn initiative_folder(tenant_id: &str, initiative_id: &str) -> String {
    format!("{tenant_id}/{initiative_id}/")
}

/// Every prefix of the video bucket holding a campaign's objects: its takes, and what
/// was derived from them (now, and before derived media had their own prefix: they sat
/// in the takes' folder then). Removing a campaign empties them all.
pub fn campaign_prefixes(tenant_id: &str, initiative_id: &str, campaign_id: &str) -> [String; 2] {
    let takes = campaign_folder(tenant_id, initiative_id, campaign_id);
    [format!("{DERIVED_PREFIX}{takes}"), takes]
}

/// [`campaign_prefixes`] of an initiative.
pub fn initiative_prefixes(tenant_id: &str, initiative_id: &str) -> [String; 2] {
    let takes = initiative_folder(tenant_id, initiative_id);
    [format!("{DERIVED_PREFIX}{takes}"), takes]
}

/// What the media worker derives from a take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Derived {
    /// The web-playable H.264/AAC copy.
    WebMp4,
    Poster,
    /// Where Amazon Transcribe writes its result.
    TranscriptionOutput,
    /// The take's speech (16 kHz mono WAV) that Amazon Transcribe reads.
    SpeechAudio,
}

impl Derived {
    pub const ALL: [Derived; 4] =
        [Derived::WebMp4, Derived::Poster, Derived::TranscriptionOutput, Derived::SpeechAudio];
    /// What deployments wrote beside the take (in `media/`) before [`DERIVED_PREFIX`].
    const LEGACY: [Derived; 3] = [Derived::WebMp4, Derived::Poster, Derived::TranscriptionOutput];

    fn suffix(self) -> &'static str {
        match self {
            Derived::WebMp4 => ".web.mp4",
            Derived::Poster => ".poster.jpg",
            Derived::TranscriptionOutput => ".transcribe.json",
            Derived::SpeechAudio => ".speech.wav",
        }
    }

    /// Its key for the take `take_key`: `derived/<take's folder>/<take's name without extension><suffix>`.
    pub fn of(self, take_key: &str) -> String {
        let (folder, stem) = folder_and_stem(take_key);
        format!("{DERIVED_PREFIX}{folder}{stem}{}", self.suffix())
    }

    /// Where it was written before derived media had their own prefix: a `media/`
    /// folder beside the take. Kept only to remove those objects with their take.
    fn legacy_of(self, take_key: &str) -> String {
        let (folder, stem) = folder_and_stem(take_key);
        format!("{folder}media/{stem}{}", self.suffix())
    }
}

/// A take key's folder (with its trailing `/`, empty for a bare name) and its file name
/// up to the first dot.
fn folder_and_stem(take_key: &str) -> (&str, &str) {
    let (folder, file) = match take_key.rfind('/') {
        Some(at) => take_key.split_at(at + 1),
        None => ("", take_key),
    };
    (folder, file.split('.').next().unwrap_or(file))
}

/// Every object a take may leave in the video bucket: the original, what the media
/// worker derived from it, and the same at the layout of deployments before
/// [`DERIVED_PREFIX`] (removing missing objects is no error). Removing a take removes
/// all of them. The original and the current derived keys come first.
pub fn objects_of_take(take_key: &str) -> Vec<String> {
    std::iter::once(take_key.to_string())
        .chain(Derived::ALL.map(|d| d.of(take_key)))
        .chain(Derived::LEGACY.map(|d| d.legacy_of(take_key)))
        .collect()
}

/// A generated video's objects: its MP4, its poster and, with WebVTT captions, its captions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GeneratedVideoObjects {
    pub mp4: String,
    pub poster: String,
    pub captions: Option<String>,
}

/// The objects of the generated video `video_id`, made from the takes of the contributor
/// whose take `source_take_key` is: in the contributor's derived folder (so they go with
/// the campaign), under `generated/`.
pub fn generated_video(source_take_key: &str, video_id: &str, webvtt: bool) -> GeneratedVideoObjects {
    let (folder, _) = folder_and_stem(source_take_key);
    let base = format!("{DERIVED_PREFIX}{folder}generated/{video_id}");
    GeneratedVideoObjects {
        mp4: format!("{base}.mp4"),
        poster: format!("{base}.poster.jpg"),
        captions: webvtt.then(|| format!("{base}.vtt")),
    }
}

/// A story render's objects: the MP4, its poster, its captions as SRT and WebVTT, and its
/// provenance sidecar (a JSON object naming every clip's speaker, answer and seconds).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StoryRenderObjects {
    pub mp4: String,
    pub poster: String,
    pub srt: String,
    pub vtt: String,
    pub provenance: String,
}

impl StoryRenderObjects {
    pub fn all(&self) -> Vec<String> {
        vec![self.mp4.clone(), self.poster.clone(), self.srt.clone(), self.vtt.clone(), self.provenance.clone()]
    }
}

/// The objects of one render (`render_id`) of the story `story_id` in `format`, in the
/// derived folder of the campaign of the take `any_take_key` (one of the story's clips'
/// takes: `<tenant>/<initiative>/<campaign>/<contributor>/...`), so they go with the campaign.
pub fn story_render(any_take_key: &str, story_id: &str, format: &str, render_id: &str) -> StoryRenderObjects {
    let (folder, _) = folder_and_stem(any_take_key);
    let contributor_folder = folder.trim_end_matches('/');
    let campaign_folder = match contributor_folder.rfind('/') {
        Some(at) => &contributor_folder[..=at],
        None => "",
    };
    let base = format!("{DERIVED_PREFIX}{campaign_folder}stories/{story_id}/{format}-{render_id}");
    StoryRenderObjects {
        mp4: format!("{base}.mp4"),
        poster: format!("{base}.poster.jpg"),
        srt: format!("{base}.srt"),
        vtt: format!("{base}.vtt"),
        provenance: format!("{base}.provenance.json"),
    }
}

/// Where the video test page's upload goes: `Temp/<lower-case id>/<safe file name>`.
pub fn video_test_upload(id: &str, file_name: &str) -> String {
    format!("{TEMP_PREFIX}{}/{}", id.to_lowercase(), safe_file_name(file_name))
}

/// Whether `key` has the shape of a video test upload ([`video_test_upload`]); whether
/// it was handed out is the upload record's to say.
pub fn is_video_test_upload(key: &str) -> bool {
    key.starts_with(TEMP_PREFIX)
        && key.len() <= 300
        && !key.contains("..")
        && key.split('/').count() == 3
        && !key.split('/').any(str::is_empty)
}

/// Where the video test page's job writes its result.
pub fn video_test_output(job_id: &str) -> String {
    format!("{TEMP_PREFIX}{job_id}/processed.mp4")
}

/// A file name safe in a key and a URL: the last path part, ASCII letters, digits, `.`,
/// `_` and `-` only (anything else becomes `_`), no leading dot, at most 100 characters.
pub fn safe_file_name(name: &str) -> String {
    let base = name.rsplit(['/', '\\']).next().unwrap_or(name);
    let cleaned: String =
        base.chars().map(|c| if c.is_ascii_alphanumeric() || "._-".contains(c) { c } else { '_' }).collect();
    let cleaned = cleaned.trim_start_matches('.').to_string();
    let cleaned: String = cleaned.chars().rev().take(100).collect::<Vec<_>>().into_iter().rev().collect();
    if cleaned.trim_matches(['_', '.']).is_empty() {
        "video".into()
    } else {
        cleaned
    }
}

// ------------------------------------------------------------------- media bucket

/// Uploads of organisation files wait here for their check (expired after a day).
pub const PENDING_PREFIX: &str = "pending/";

/// Where an upload of `kind` by `owner` waits for its check:
/// `pending/<tenant>/<kind>/<owner>/<id>.<extension>`.
pub fn pending_file(tenant_id: &str, kind: impl FileFolder, owner: &str, id: &str, extension: &str) -> String {
    format!("{PENDING_PREFIX}{}", stored_file(tenant_id, kind, owner, id, extension))
}

/// Where a checked file is kept: `<tenant>/<kind>/<owner>/<id>.<extension>`.
pub fn stored_file(tenant_id: &str, kind: impl FileFolder, owner: &str, id: &str, extension: &str) -> String {
    format!("{}{id}.{extension}", files_folder(tenant_id, kind, owner))
}

fn files_folder(tenant_id: &str, kind: impl FileFolder, owner: &str) -> String {
    format!("{tenant_id}/{}/{owner}/", kind.folder())
}

/// The parts of a pending key, if it is one of `kind` by `owner` in this organisation:
/// `(id, extension)`. Anything else (another organisation's, another person's, a kept
/// file, a made-up path) is `None`.
pub fn parse_pending_file<'a>(
    key: &'a str,
    tenant_id: &str,
    kind: impl FileFolder,
    owner: &str,
) -> Option<(&'a str, &'a str)> {
    let rest = key.strip_prefix(PENDING_PREFIX)?;
    let rest = rest.strip_prefix(tenant_id)?.strip_prefix('/')?;
    let rest = rest.strip_prefix(kind.folder())?.strip_prefix('/')?;
    let file = rest.strip_prefix(owner)?.strip_prefix('/')?;
    let (id, extension) = file.split_once('.')?;
    (crate::ids::is_valid(id) && !id.is_empty() && kind.extension_is_known(extension)).then_some((id, extension))
}

/// The media bucket prefixes of an organisation's files (kept and pending).
pub fn organisation_file_prefixes(tenant_id: &str) -> [String; 2] {
    [format!("{tenant_id}/"), format!("{PENDING_PREFIX}{tenant_id}/")]
}

/// The media bucket prefixes of one staff member's own files of `kinds` (kept and pending).
pub fn user_file_prefixes<K: FileFolder>(tenant_id: &str, user_id: &str, kinds: &[K]) -> Vec<String> {
    kinds
        .iter()
        .copied()
        .flat_map(|kind| {
            let folder = files_folder(tenant_id, kind, user_id);
            [format!("{PENDING_PREFIX}{folder}"), folder]
        })
        .collect()
}

// ------------------------------------------------------------------- presigned URLs

/// The two buckets of a deployment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bucket {
    Videos,
    Media,
}

impl Bucket {
    pub fn name(self, context: &impl ObjectStore) -> anyhow::Result<&str> {
        context.bucket_name(self)
    }
}

/// A URL to GET an object for `seconds` (signed locally: no request to S3). With a
/// download name, the browser saves it under that name.
pub async fn get_url(
    context: &impl ObjectStore,
    bucket: Bucket,
    key: &str,
    seconds: u64,
    download_name: Option<&str>,
) -> anyhow::Result<String> {
    let mut request = context.s3_client()?.get_object().bucket(bucket.name(context)?).key(key);
    if let Some(name) = download_name {
        request = request.response_content_disposition(format!("attachment; filename=\"{name}\""));
    }
    Ok(request.presigned(PresigningConfig::expires_in(Duration::from_secs(seconds))?).await?.uri().to_string())
}

/// A URL to read a kept file of the media bucket, the same within each period of
/// `period_seconds` (signed as of the period's start, valid for two periods) and cached
/// by the browser for one: the logo and encouragement video on every screen of a visit
/// are downloaded once, not once per fresh signature.
pub async fn cached_read_url(context: &impl ObjectStore, key: &str, period_seconds: u64) -> anyhow::Result<String> {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH)?.as_secs();
    let period_start = std::time::UNIX_EPOCH + Duration::from_secs(now - now % period_seconds);
    let config = PresigningConfig::builder()
        .start_time(period_start)
        .expires_in(Duration::from_secs(2 * period_seconds))
        .build()?;
    Ok(context
        .s3_client()?
        .get_object()
        .bucket(Bucket::Media.name(context)?)
        .key(key)
        .response_cache_control(format!("private, max-age={period_seconds}"))
        .presigned(config)
        .await?
        .uri()
        .to_string())
}

/// A URL to PUT exactly `length` bytes of `content_type` at `key` of the media bucket
/// (both signed: S3 refuses another type or another length).
pub async fn put_url(
    context: &impl ObjectStore,
    key: &str,
    content_type: &str,
    length: i64,
    seconds: u64,
) -> anyhow::Result<String> {
    Ok(context
        .s3_client()?
        .put_object()
        .bucket(Bucket::Media.name(context)?)
        .key(key)
        .content_type(content_type)
        .content_length(length)
        .presigned(PresigningConfig::expires_in(Duration::from_secs(seconds))?)
        .await
        .map_err(|e| anyhow::Error::new(e).context("presigning PutObject"))?
        .uri()
        .to_string())
}

/// A URL to PUT one part of a multipart upload of a take, of exactly `length` bytes
/// (signed: S3 refuses a body of any other length, so a part cannot exceed its size).
pub async fn upload_part_url(
    context: &impl ObjectStore,
    key: &str,
    upload_id: &str,
    part_number: i32,
    length: i64,
    seconds: u64,
) -> anyhow::Result<String> {
    Ok(context
        .s3_client()?
        .upload_part()
        .bucket(Bucket::Videos.name(context)?)
        .key(key)
        .upload_id(upload_id)
        .part_number(part_number)
        .content_length(length)
        .presigned(PresigningConfig::expires_in(Duration::from_secs(seconds))?)
        .await
        .map_err(|e| anyhow::Error::new(e).context("presigning UploadPart"))?
        .uri()
        .to_string())
}

/// A presigned POST (browser upload form) for `key` of the video bucket: exactly this
/// key and content type, 1 to `max_bytes` bytes, for `seconds`. Signed with the
/// function's own credentials, so it uploads with the function's rights.
pub async fn post_form(
    context: &impl ObjectStore,
    key: &str,
    content_type: &str,
    max_bytes: u64,
    seconds: u64,
) -> anyhow::Result<PresignedPost> {
    let credentials = credentials().await?;
    let region = context.s3_client()?.config().region().map(|r| r.to_string()).unwrap_or_else(|| "us-east-1".into());
    presign_post(
        &PostPolicy {
            bucket: Bucket::Videos.name(context)?,
            key,
            content_type,
            min_bytes: 1,
            max_bytes,
            expires_in: time::Duration::seconds(seconds as i64),
        },
        &SigningCredentials {
            access_key_id: credentials.access_key_id().to_string(),
            secret_access_key: credentials.secret_access_key().to_string(),
            session_token: credentials.session_token().map(str::to_string),
        },
        &region,
        crate::clock::now(),
    )
}

/// The function's own credentials (its role's, in Lambda from its environment): the
/// S3 client does not hand its provider out, so the default chain is read once and asked
/// each time (it refreshes what expires).
async fn credentials() -> anyhow::Result<aws_sdk_s3::config::Credentials> {
    static PROVIDER: tokio::sync::OnceCell<Option<aws_sdk_s3::config::SharedCredentialsProvider>> =
        tokio::sync::OnceCell::const_new();
    let provider = PROVIDER
        .get_or_init(|| async { crate::aws::sdk_config().await.credentials_provider() })
        .await
        .as_ref()
        .ok_or_else(|| anyhow::anyhow!("no AWS credentials to sign the upload with"))?;
    Ok(provider.provide_credentials().await?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::organisation::files::{FileKind, USER_FILE_KINDS};

    fn take(extension: &str) -> TakeKey {
        TakeKey {
            tenant_id: "T1".into(),
            initiative_id: "I1".into(),
            campaign_id: "C1".into(),
            contributor_id: "K1".into(),
            taken_at_ms: 1_763_000_000_123,
            extension: extension.into(),
        }
    }

    /// Whether the upload notification of the template (suffix filters) takes `key`.
    fn notified(key: &str) -> bool {
        TAKE_SUFFIXES.iter().any(|suffix| key.ends_with(suffix))
    }

    #[test]
    fn a_take_key_has_the_spec_layout_and_parses_back() {
        for extension in TAKE_EXTENSIONS {
            let key = take(extension).key();
            assert_eq!(key, format!("T1/I1/C1/K1/1763000000123-recorded_video.{extension}"));
            assert_eq!(TakeKey::parse(&key), Some(take(extension)));
            assert!(notified(&key), "{key} wakes the upload worker");
        }
        // Every id shape `ids` accepts round-trips.
        let odd = TakeKey { tenant_id: "t-1_x".into(), contributor_id: "k".repeat(64), ..take("mov") };
        assert_eq!(TakeKey::parse(&odd.key()), Some(odd.clone()));
        let too_long = TakeKey { contributor_id: "k".repeat(65), ..odd };
        assert_eq!(TakeKey::parse(&too_long.key()), None);
        assert_eq!(contributor_folder("T1", "I1", "C1", "K1"), "T1/I1/C1/K1/");
        assert!(take("mp4").key().starts_with(&campaign_prefixes("T1", "I1", "C1")[1]));
        assert!(take("mp4").key().starts_with(&initiative_prefixes("T1", "I1")[1]));
    }

    #[test]
    fn only_take_keys_parse_as_takes() {
        for bad in [
            "Temp/x.mp4",
            "Temp/01abc/1-recorded_video.mp4",
            "T/I/C/K/abc.mp4",
            "T1/I1/C1/K1/1-other.mp4",
            "T1/I1/C1/K1/abc-recorded_video.mp4",
            "T/I/C/1-recorded_video.mp4",
            "T/I/C/K/x/1-recorded_video.mp4",
            "T/I/C/K/notanumber-recorded_video.mp4",
            "T/I/C/K/+5-recorded_video.mp4",
            "T/I/C/K/5-recorded_video.",
            "T/I/C/K/5-recorded_video.m p4",
            "T/../C/K/1-recorded_video.mp4",
            "T//C/K/1-recorded_video.mp4",
            "T/I.x/C/K/1-recorded_video.mp4",
            "T/I%2F/C/K/1-recorded_video.mp4",
            "T/I\\/C/K/1-recorded_video.mp4",
            "T/I\"/C/K/1-recorded_video.mp4",
            "T/🎥/C/K/1-recorded_video.mp4",
            "T/שלום/C/K/1-recorded_video.mp4",
            "",
        ] {
            assert_eq!(TakeKey::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn derived_media_sit_under_their_own_prefix_and_never_wake_the_upload_worker() {
        let key = take("webm").key();
        assert_eq!(Derived::WebMp4.of(&key), "derived/T1/I1/C1/K1/1763000000123-recorded_video.web.mp4");
        assert_eq!(Derived::Poster.of(&key), "derived/T1/I1/C1/K1/1763000000123-recorded_video.poster.jpg");
        assert_eq!(
            Derived::TranscriptionOutput.of(&key),
            "derived/T1/I1/C1/K1/1763000000123-recorded_video.transcribe.json"
        );
        let video = generated_video(&key, "01V", true);
        assert_eq!(video.mp4, "derived/T1/I1/C1/K1/generated/01V.mp4");
        assert_eq!(video.poster, "derived/T1/I1/C1/K1/generated/01V.poster.jpg");
        assert_eq!(video.captions.as_deref(), Some("derived/T1/I1/C1/K1/generated/01V.vtt"));
        assert_eq!(generated_video(&key, "01V", false).captions, None);
        let made =
            Derived::ALL.map(|d| d.of(&key)).into_iter().chain([video.mp4, video.poster, video.captions.unwrap()]);
        for derived in made {
            assert!(derived.starts_with(DERIVED_PREFIX), "{derived}");
            assert!(derived.starts_with(&campaign_prefixes("T1", "I1", "C1")[0]), "{derived} goes with its campaign");
            assert!(derived.starts_with(&initiative_prefixes("T1", "I1")[0]), "{derived}");
            assert!(!notified(&derived), "{derived} would wake the upload worker");
            assert_eq!(TakeKey::parse(&derived), None);
        }
    }

    #[test]
    fn a_takes_objects_include_its_derived_media_at_both_layouts() {
        let key = "T1/I1/C1/K1/1700000000000-recorded_video.webm";
        assert_eq!(
            objects_of_take(key),
            [
                key,
                "derived/T1/I1/C1/K1/1700000000000-recorded_video.web.mp4",
                "derived/T1/I1/C1/K1/1700000000000-recorded_video.poster.jpg",
                "derived/T1/I1/C1/K1/1700000000000-recorded_video.transcribe.json",
                "derived/T1/I1/C1/K1/1700000000000-recorded_video.speech.wav",
                "T1/I1/C1/K1/media/1700000000000-recorded_video.web.mp4",
                "T1/I1/C1/K1/media/1700000000000-recorded_video.poster.jpg",
                "T1/I1/C1/K1/media/1700000000000-recorded_video.transcribe.json",
            ]
        );
    }

    #[test]
    fn video_test_keys_keep_only_safe_characters_of_the_file_name() {
        let cases = [
            ("My clip (1).mp4", "My_clip__1_.mp4"),
            ("100% done.mp4", "100__done.mp4"),
            ("C:\\Users\\me\\clip.mov", "clip.mov"),
            ("../../etc/passwd", "passwd"),
            ("\"quoted\" 'clip'.webm", "_quoted___clip_.webm"),
            ("🎥 party.mp4", "__party.mp4"),
            ("שלום.mp4", "____.mp4"),
            ("\u{202e}4pm.exe", "_4pm.exe"),
            ("...", "video"),
            ("%%%", "video"),
            ("", "video"),
        ];
        for (name, safe) in cases {
            assert_eq!(safe_file_name(name), safe, "{name}");
            let key = video_test_upload("01ABC", name);
            assert_eq!(key, format!("Temp/01abc/{safe}"));
            assert!(is_video_test_upload(&key), "{key}");
            assert!(!notified(&key) || TakeKey::parse(&key).is_none());
        }
        assert_eq!(safe_file_name(&"a".repeat(150)).len(), 100);
        for bad in ["Temp/a/b/c.mp4", "Temp//c.mp4", "Temp/a/..", "T1/I1/C1/K1/1-recorded_video.mp4", "Temp/a/"] {
            assert!(!is_video_test_upload(bad), "{bad}");
        }
        assert_eq!(video_test_output("01J"), "Temp/01J/processed.mp4");
    }

    #[test]
    fn a_pending_file_opens_only_for_its_organisation_kind_and_owner() {
        let key = pending_file("t1", FileKind::Avatar, "u1", "01J", "png");
        assert_eq!(key, "pending/t1/avatar/u1/01J.png");
        assert_eq!(stored_file("t1", FileKind::Avatar, "u1", "01J", "jpg"), "t1/avatar/u1/01J.jpg");
        assert_eq!(parse_pending_file(&key, "t1", FileKind::Avatar, "u1"), Some(("01J", "png")));
        assert_eq!(parse_pending_file(&key, "t2", FileKind::Avatar, "u1"), None);
        assert_eq!(parse_pending_file(&key, "t1", FileKind::Avatar, "u2"), None);
        assert_eq!(parse_pending_file(&key, "t1", FileKind::CompanyLogo, "u1"), None);
        for bad in [
            "t1/avatar/u1/01J.png",
            "pending/t1/avatar/u1/../x.png",
            "pending/t1/avatar/u1/01J.pdf",
            "pending/t1/avatar/u1/01%4A.png",
            "pending/t1/avatar/u1/01\\J.png",
            "pending/t1/avatar/u1/\"01J\".png",
            "pending/t1/avatar/u1/🎥.png",
            "pending/t1/avatar/u1/שלום.png",
        ] {
            assert_eq!(parse_pending_file(bad, "t1", FileKind::Avatar, "u1"), None, "{bad}");
        }
        for kind in FileKind::ALL {
            let key = pending_file("t1", kind, "o", "01J", "pdf");
            assert!(key.starts_with(&organisation_file_prefixes("t1")[1]));
            assert!(stored_file("t1", kind, "o", "01J", "pdf").starts_with(&organisation_file_prefixes("t1")[0]));
        }
        assert_eq!(
            user_file_prefixes("t1", "u1", &USER_FILE_KINDS),
            [
                "pending/t1/avatar/u1/",
                "t1/avatar/u1/",
                "pending/t1/encouragementVideo/u1/",
                "t1/encouragementVideo/u1/"
            ]
        );
    }
}
