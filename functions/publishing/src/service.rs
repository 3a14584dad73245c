//! Publishing's logic: what may be published (approved, every speaker's consent), the
//! public copies of its media, and the reads of published items, walls and consent.

use storyhive_shared::{
    answers,
    campaigns::{records::CampaignRecord, repo::CampaignParts},
    contributors::{
        records::{ContributorRecord, ReviewStatus},
        rules,
    },
    media::{
        captions::{self, cues_for, srt, webvtt, Cue},
        generated::{GeneratedVideoRecord, GeneratedVideoStatus},
        MediaStatus,
    },
    model::{self, TenantRecord},
    organisation::terms,
    publishing::{
        self,
        public::PublicCue,
        stats::{self, Scope},
        takedown, write, PublicationKind, PublicationRecord, PublicationStatus, PublishedObjects, Speaker,
    },
    search::AnswerRef,
    storage::{keys, Query},
    stories::{self, StoryFormat},
    ApiError, ApiResult, AppContext,
};

use crate::dto::*;

pub const TITLE_TOO_LONG: &str = "Title must be at most 250 characters";
pub const NOT_FOUND: &str = "This published video does not exist";
pub const ANSWER_REQUIRED: &str = "Please choose the answer to publish";
pub const VIDEO_REQUIRED: &str = "Please choose the video to publish";
pub const ANSWER_NOT_FOUND: &str = "This answer does not exist";
pub const VIDEO_NOT_FOUND: &str = "This video does not exist";
pub const MAX_TITLE_CHARS: usize = 250;
pub const KIND_REQUIRED: &str = "Please choose what to publish: an answer, a video or a story";

fn copies(context: &AppContext) -> ApiResult<takedown::Copies<'_>> {
    Ok(takedown::Copies { s3: context.s3()?, bucket: context.config.published_bucket()?, edge: &context.edge })
}

/// How staff are named in takedown reasons: their name, else their address.
fn staff_name(user: &storyhive_shared::model::UserRecord) -> String {
    user.display_name()
}

/// The app's address, for the links staff copy.
pub fn origin(context: &AppContext) -> &str {
    &context.config.app_base_url
}

/// What a source gives a publication, before the copies are made.
struct Source {
    kind: PublicationKind,
    key: String,
    contributor_id: String,
    question_id: Option<String>,
    video_id: Option<String>,
    title: String,
    mp4: String,
    poster: String,
    duration_seconds: f64,
    width: u32,
    height: u32,
    cues: Vec<Cue>,
    /// For a story: its speakers (every one consents), its format, and its captions as
    /// rendered (copied rather than written again).
    story: Option<StorySource>,
}

struct StorySource {
    story_id: String,
    format: StoryFormat,
    speakers: Vec<String>,
    srt: String,
    vtt: String,
}

async fn answer_source(
    context: &AppContext,
    parts: &CampaignParts,
    tenant_id: &str,
    contributor_id: &str,
    question_id: &str,
) -> ApiResult<Source> {
    let campaign_id = &parts.campaign.campaign_id;
    let answer = answers::get(&context.store, &AnswerRef::new(tenant_id, campaign_id, contributor_id, question_id))
        .await?
        .filter(|a| a.s3_video_key.is_some())
        .ok_or_else(|| ApiError::NotFound(ANSWER_NOT_FOUND.into()))?;
    if answer.review_status != Some(ReviewStatus::Approved) {
        return Err(ApiError::BadRequest(publishing::NOT_APPROVED.into()));
    }
    let media = answer
        .media
        .filter(|m| m.status == MediaStatus::Ready && Some(&m.take_key) == answer.s3_video_key.as_ref())
        .ok_or_else(|| ApiError::BadRequest(publishing::VIDEO_NOT_READY.into()))?;
    let (Some(mp4), Some(poster)) = (media.mp4_key.clone(), media.poster_key.clone()) else {
        return Err(ApiError::BadRequest(publishing::VIDEO_NOT_READY.into()));
    };
    let duration = media.duration_seconds.unwrap_or(0.0);
    let (heard, _) =
        captions::answer_words(&context.store, tenant_id, campaign_id, contributor_id, question_id, &media.take_key)
            .await?;
    let question = parts.questions.iter().find(|q| q.question_id == question_id);
    Ok(Source {
        kind: PublicationKind::Answer,
        key: takedown::answer_source(campaign_id, contributor_id, question_id),
        contributor_id: contributor_id.into(),
        question_id: Some(question_id.into()),
        video_id: None,
        title: question.map(|q| q.question.clone()).unwrap_or_else(|| parts.campaign.title.clone()),
        mp4,
        poster,
        duration_seconds: duration,
        width: media.width.unwrap_or(1280),
        height: media.height.unwrap_or(720),
        cues: cues_for(&heard, 0.0, duration.max(f64::EPSILON) + 1.0),
        story: None,
    })
}

async fn video_source(context: &AppContext, tenant_id: &str, campaign_id: &str, video_id: &str) -> ApiResult<Source> {
    let video = context
        .store
        .get::<GeneratedVideoRecord>(&keys::generated_video(tenant_id, campaign_id, video_id))
        .await?
        .ok_or_else(|| ApiError::NotFound(VIDEO_NOT_FOUND.into()))?;
    // A story's video is its render (status, files, captions on the render's clock).
    let render = stories::generated::render_of(&context.store, &video).await?;
    let video = stories::generated::with_render(video, render.as_ref());
    if !video.approved {
        return Err(ApiError::BadRequest(publishing::NOT_APPROVED.into()));
    }
    if video.status != GeneratedVideoStatus::Ready {
        return Err(ApiError::BadRequest(publishing::VIDEO_NOT_READY.into()));
    }
    let (cues, _) = match &render {
        Some(render) => stories::generated::captions_of(&context.store, render).await?,
        None => captions::of_generated_video(&context.store, &video).await?,
    };
    let offset = video.edit.title_card.as_ref().map_or(0.0, |c| c.seconds)
        + video.sources.iter().map(|c| c.end - c.start).sum::<f64>();
    Ok(Source {
        kind: PublicationKind::Video,
        key: takedown::video_source(campaign_id, video_id),
        contributor_id: video.contributor_id.clone(),
        question_id: None,
        video_id: Some(video_id.into()),
        title: video.title.clone(),
        mp4: video.mp4_key.clone(),
        poster: video.poster_key.clone(),
        duration_seconds: video.duration_seconds.unwrap_or(offset),
        width: video.width.unwrap_or(1280),
        height: video.height.unwrap_or(720),
        cues,
        story: None,
    })
}

pub const STORY_REQUIRED: &str = "Please choose the story to publish";
pub const STORY_NOT_FOUND: &str = "This story does not exist";
pub const STORY_NOT_RENDERED: &str = "This story has no ready render to publish yet";

/// A story's ready render (the format asked, else landscape, portrait, square): its files,
/// every speaker, and one cue per clip on the story's timeline (the public transcript).
async fn story_source(
    context: &AppContext,
    tenant_id: &str,
    campaign_id: &str,
    story_id: &str,
    format: Option<StoryFormat>,
) -> ApiResult<Source> {
    let story = stories::repo::get(&context.store, tenant_id, campaign_id, story_id)
        .await?
        .ok_or_else(|| ApiError::NotFound(STORY_NOT_FOUND.into()))?;
    let renders = stories::repo::renders_of(&context.store, tenant_id, campaign_id, story_id).await?;
    let ready = |f: StoryFormat| renders.iter().find(|r| r.format == f && r.status == GeneratedVideoStatus::Ready);
    let render = match format {
        Some(format) => ready(format),
        None => StoryFormat::ALL.into_iter().find_map(ready),
    }
    .ok_or_else(|| ApiError::BadRequest(STORY_NOT_RENDERED.into()))?;
    let cues = render
        .clips
        .iter()
        .zip(render.timeline())
        .map(|(clip, (start, end))| Cue { start, end, text: clip.text.clone() })
        .collect();
    Ok(Source {
        kind: PublicationKind::Story,
        key: takedown::story_source(campaign_id, story_id),
        contributor_id: render.speakers.first().cloned().unwrap_or_default(),
        question_id: None,
        video_id: None,
        title: story.title.clone(),
        mp4: render.objects.mp4.clone(),
        poster: render.objects.poster.clone(),
        duration_seconds: render.duration_seconds.unwrap_or_else(|| story.duration_seconds()),
        width: render.width.unwrap_or(1280),
        height: render.height.unwrap_or(720),
        cues,
        story: Some(StorySource {
            story_id: story_id.into(),
            format: render.format,
            speakers: render.speakers.clone(),
            srt: render.objects.srt.clone(),
            vtt: render.objects.vtt.clone(),
        }),
    })
}

/// The speaker's consent as publishing needs it: the terms version they accepted, or the
/// refusal staff read.
async fn speaker(context: &AppContext, tenant: &TenantRecord, contributor_id: &str) -> ApiResult<Speaker> {
    let store = &context.store;
    let contributor_key = keys::contributor(&tenant.tenant_id, contributor_id);
    let (contributor, latest, withdrawn) = tokio::try_join!(
        store.get::<ContributorRecord>(&contributor_key),
        terms::latest_acceptance(store, &tenant.tenant_id, contributor_id),
        terms::consent_withdrawn(store, &tenant.tenant_id, contributor_id),
    )?;
    let contributor = contributor.ok_or_else(|| ApiError::NotFound(ANSWER_NOT_FOUND.into()))?;
    let name = publishing::display_name(&contributor.first_name, &contributor.last_name);
    if withdrawn {
        return Err(ApiError::BadRequest(publishing::consent_withdrawn(&name)));
    }
    if terms::needs_acceptance(tenant, latest.as_ref(), false) {
        return Err(ApiError::BadRequest(publishing::terms_not_accepted(&name)));
    }
    Ok(Speaker { contributor_id: contributor_id.into(), name, terms_version: latest.map_or(0, |a| a.version) })
}

fn extension(key: &str) -> Option<&str> {
    key.rsplit_once('.').map(|(_, ext)| ext).filter(|e| e.len() <= 5 && e.chars().all(|c| c.is_ascii_alphanumeric()))
}

async fn copy(context: &AppContext, from_bucket: &str, from: &str, to: &str) -> ApiResult<()> {
    let published_bucket = context.config.published_bucket()?;
    context
        .s3()?
        .copy_object()
        .copy_source(format!("{from_bucket}/{}", percent_path(from)))
        .bucket(published_bucket)
        .key(to)
        .send()
        .await
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("CopyObject {from}: {e:?}")))?;
    Ok(())
}

/// An object key in a copy source: every byte but unreserved ones and `/` escaped.
fn percent_path(key: &str) -> String {
    key.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' | b'/' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

async fn put_text(context: &AppContext, key: &str, text: String, content_type: &str) -> ApiResult<()> {
    context
        .s3()?
        .put_object()
        .bucket(context.config.published_bucket()?)
        .key(key)
        .content_type(content_type)
        .body(text.into_bytes().into())
        .send()
        .await
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("PutObject {key}: {e:?}")))?;
    Ok(())
}

/// Publishes an approved answer or generated video: 201 with the new item, 200 with the
/// live one when it is already published.
pub async fn publish(
    context: &AppContext,
    principal: &storyhive_shared::auth::Principal,
    body: PublishRequest,
) -> ApiResult<(bool, Publication)> {
    let tenant_id = principal.tenant_id.clone();
    let title = match body.title.as_deref().map(str::trim) {
        Some(t) if t.chars().count() > MAX_TITLE_CHARS => return Err(ApiError::field("title", TITLE_TOO_LONG)),
        Some(t) if !t.is_empty() => Some(t.to_string()),
        _ => None,
    };
    let campaign_id = body.campaign_id.as_str();
    if campaign_id.is_empty() {
        return Err(ApiError::field("campaignId", rules::INVALID_PARAMS));
    }
    let (parts, _) = CampaignParts::require_visible(&context.store, &tenant_id, campaign_id).await?;
    let Some(kind) = body.kind else {
        return Err(ApiError::field("kind", KIND_REQUIRED));
    };
    let source = match kind {
        PublicationKind::Answer => {
            let (Some(contributor), Some(question)) = (&body.contributor_id, &body.question_id) else {
                return Err(ApiError::field("questionId", ANSWER_REQUIRED));
            };
            answer_source(context, &parts, &tenant_id, contributor.as_str(), question.as_str()).await?
        }
        PublicationKind::Video => {
            let Some(video) = body.video_id.as_ref().filter(|v| !v.as_str().is_empty()) else {
                return Err(ApiError::field("videoId", VIDEO_REQUIRED));
            };
            video_source(context, &tenant_id, campaign_id, video.as_str()).await?
        }
        PublicationKind::Story => {
            let Some(story) = body.story_id.as_ref().filter(|v| !v.as_str().is_empty()) else {
                return Err(ApiError::field("storyId", STORY_REQUIRED));
            };
            story_source(context, &tenant_id, campaign_id, story.as_str(), body.story_format).await?
        }
    };
    if let Some(live) = live_of_source(context, &tenant_id, &source.key).await? {
        return Ok((false, publication(context, &live).await?));
    }
    let tenant = &principal.tenant;
    // Every speaker's consent: a story holds many.
    let speaker_ids = match &source.story {
        Some(story) => story.speakers.clone(),
        None => vec![source.contributor_id.clone()],
    };
    let mut speakers = Vec::with_capacity(speaker_ids.len());
    for id in &speaker_ids {
        speakers.push(speaker(context, tenant, id).await?);
    }

    let slug = publishing::new_slug();
    let logo = tenant.company_logo.as_deref().filter(|k| !k.is_empty());
    let objects = PublishedObjects::of(&slug, logo.and_then(extension));
    let video_bucket = context.config.video_bucket()?.to_string();
    copy(context, &video_bucket, &source.mp4, &objects.video).await?;
    copy(context, &video_bucket, &source.poster, &objects.poster).await?;
    if let (Some(logo), Some(to)) = (logo, &objects.logo) {
        let media_bucket = context.config.media_bucket()?.to_string();
        copy(context, &media_bucket, logo, to).await?;
    }
    match &source.story {
        // A story's captions as its render made them (words, not clips).
        Some(story) => {
            copy(context, &video_bucket, &story.vtt, &objects.vtt).await?;
            copy(context, &video_bucket, &story.srt, &objects.srt).await?;
        }
        None => {
            put_text(context, &objects.vtt, webvtt(&source.cues), "text/vtt; charset=utf-8").await?;
            put_text(context, &objects.srt, srt(&source.cues), "application/x-subrip; charset=utf-8").await?;
        }
    }

    let now = model::timestamp(model::now());
    let publisher = staff_name(&principal.user);
    let record = PublicationRecord {
        pk: keys::publication(&slug).pk,
        sk: keys::publication(&slug).sk,
        gsi1pk: keys::publications_of_tenant_gsi1(&tenant_id),
        gsi1sk: format!("{now}#{slug}"),
        gsi2pk: Some(keys::live_publications_of_campaign_gsi2(&tenant_id, campaign_id)),
        gsi2sk: Some(format!("{now}#{slug}")),
        entity_type: PublicationRecord::ENTITY.into(),
        tenant_id: tenant_id.clone(),
        slug: slug.clone(),
        kind: source.kind,
        source: source.key.clone(),
        campaign_id: campaign_id.into(),
        contributor_id: source.contributor_id.clone(),
        question_id: source.question_id.clone(),
        video_id: source.video_id.clone(),
        story_id: source.story.as_ref().map(|s| s.story_id.clone()),
        story_format: source.story.as_ref().map(|s| s.format),
        title: title.unwrap_or(source.title),
        campaign_title: parts.campaign.title.clone(),
        organisation_name: tenant.company_name.clone().unwrap_or_default(),
        speakers,
        objects,
        duration_seconds: source.duration_seconds,
        width: source.width,
        height: source.height,
        transcript: source.cues.into_iter().map(|c| PublicCue { start: c.start, end: c.end, text: c.text }).collect(),
        status: PublicationStatus::Live,
        published_at: now,
        published_by: publisher,
        published_by_id: principal.user_id.clone(),
        taken_down_at: None,
        takedown_reason: None,
    };
    let remove_copies = || async {
        storyhive_shared::campaigns::repo::delete_keys(
            context.s3()?,
            context.config.published_bucket()?,
            &record.objects.all(),
        )
        .await
        .map_err(ApiError::Internal)
    };
    match write::create(&context.store, &record).await? {
        write::Created::Live => {
            let published = Publication::of(&record, origin(context), Default::default());
            tell_webhooks(context, &record.tenant_id, &published, true).await;
            Ok((true, published))
        }
        write::Created::AlreadyLive(existing) => {
            remove_copies().await?;
            let live = takedown::by_slug(&context.store, &existing)
                .await?
                .ok_or_else(|| ApiError::NotFound(NOT_FOUND.into()))?;
            Ok((false, publication(context, &live).await?))
        }
        write::Created::Withdrawn(name) => {
            remove_copies().await?;
            Err(ApiError::BadRequest(publishing::consent_withdrawn(&name)))
        }
    }
}

async fn live_of_source(context: &AppContext, tenant_id: &str, source: &str) -> ApiResult<Option<PublicationRecord>> {
    let Some(lock) =
        context.store.get::<publishing::PublishedSourceRecord>(&keys::published_source(tenant_id, source)).await?
    else {
        return Ok(None);
    };
    Ok(takedown::by_slug(&context.store, &lock.slug).await?.filter(|r| r.is_live()))
}

/// A published item of the caller's organisation (404 for another's or a bad id).
pub async fn of_tenant(context: &AppContext, tenant_id: &str, slug: &str) -> ApiResult<PublicationRecord> {
    if !publishing::is_slug(slug) {
        return Err(ApiError::NotFound(NOT_FOUND.into()));
    }
    takedown::by_slug(&context.store, slug)
        .await?
        .filter(|r| r.tenant_id == tenant_id)
        .ok_or_else(|| ApiError::NotFound(NOT_FOUND.into()))
}

/// The staff view of an item, with its figures.
pub async fn publication(context: &AppContext, record: &PublicationRecord) -> ApiResult<Publication> {
    let figures = stats::read(
        &context.store,
        &Scope::Publication { tenant_id: record.tenant_id.clone(), slug: record.slug.clone() },
    )
    .await?;
    Ok(Publication::of(record, origin(context), figures))
}

/// Staff unpublish: the page, embeds and walls stop showing it at once.
pub async fn unpublish(
    context: &AppContext,
    principal: &storyhive_shared::auth::Principal,
    slug: &str,
) -> ApiResult<Publication> {
    let record = of_tenant(context, &principal.tenant_id, slug).await?;
    let reason = takedown::unpublished_by(&staff_name(&principal.user));
    let done =
        takedown::take_down(&context.store, copies(context)?, &record, PublicationStatus::Unpublished, &reason).await?;
    let unpublished = publication(context, &done).await?;
    tell_webhooks(context, &done.tenant_id, &unpublished, false).await;
    Ok(unpublished)
}

/// `video.published` or `video.unpublished`, once per item (its slug is the fact). The
/// item is published (or taken down) whatever becomes of this: a failure is logged.
async fn tell_webhooks(context: &AppContext, tenant_id: &str, item: &Publication, published: bool) {
    use storyhive_shared::webhooks::{self, EventData, VideoPublicationData};
    let data = VideoPublicationData {
        slug: item.slug.clone(),
        kind: serde_json::to_value(item.kind).ok().and_then(|k| k.as_str().map(str::to_string)).unwrap_or_default(),
        campaign_id: item.campaign_id.clone(),
        title: item.title.clone(),
        share_url: item.share_url.clone(),
    };
    let (fact, data) = if published {
        (format!("published#{}", item.slug), EventData::VideoPublished(data))
    } else {
        (format!("unpublished#{}", item.slug), EventData::VideoUnpublished(data))
    };
    if let Err(error) = webhooks::emit(&context.store, &context.webhooks, tenant_id, &fact, data).await {
        tracing::warn!(?error, slug = %item.slug, "could not record the webhook event of a publication");
    }
}

/// A page of the organisation's items, newest first.
pub async fn list(context: &AppContext, tenant_id: &str, params: &PublicationsParams) -> ApiResult<PublicationPage> {
    let limit = match params.limit {
        None => 10,
        Some(n) if (1..=50).contains(&n) => n as i32,
        Some(_) => return Err(ApiError::field("limit", "The page size must be between 1 and 50")),
    };
    let cursor = params.cursor.as_deref().map(str::trim).filter(|c| !c.is_empty());
    let campaign = params.campaign_id.as_ref().map(|c| c.as_str().to_string()).filter(|c| !c.is_empty());
    let query = match (&campaign, params.status) {
        (Some(campaign), Some(StatusFilter::Live)) => {
            Query::gsi2(keys::live_publications_of_campaign_gsi2(tenant_id, campaign))
        }
        _ => Query::gsi1(keys::publications_of_tenant_gsi1(tenant_id)),
    }
    .newest_first()
    .limit(limit);
    let (records, next_cursor) = context.store.query_page::<PublicationRecord>(query, cursor).await?;
    let records: Vec<PublicationRecord> = records
        .into_iter()
        .filter(|r| campaign.as_ref().is_none_or(|c| &r.campaign_id == c))
        .filter(|r| match params.status {
            Some(StatusFilter::Live) => r.is_live(),
            Some(StatusFilter::TakenDown) => !r.is_live(),
            None => true,
        })
        .collect();
    let scopes: Vec<Scope> =
        records.iter().map(|r| Scope::Publication { tenant_id: r.tenant_id.clone(), slug: r.slug.clone() }).collect();
    let figures = stats::read_many(&context.store, &scopes).await?;
    let items = records.iter().zip(figures).map(|(r, f)| Publication::of(r, origin(context), f)).collect();
    Ok(PublicationPage { items, next_cursor })
}

/// The organisation's figures, or a campaign's.
pub async fn figures(context: &AppContext, tenant_id: &str, campaign_id: Option<&str>) -> ApiResult<stats::Stats> {
    let scope = match campaign_id.filter(|c| !c.is_empty()) {
        Some(campaign_id) => {
            CampaignParts::require_visible(&context.store, tenant_id, campaign_id).await?;
            Scope::Campaign { tenant_id: tenant_id.into(), campaign_id: campaign_id.into() }
        }
        None => Scope::Organisation { tenant_id: tenant_id.into() },
    };
    Ok(stats::read(&context.store, &scope).await?)
}

/// The campaign record, for walls of a campaign.
pub async fn campaign(context: &AppContext, tenant_id: &str, campaign_id: &str) -> ApiResult<CampaignRecord> {
    Ok(CampaignParts::require_visible(&context.store, tenant_id, campaign_id).await?.0.campaign)
}

// ---------------------------------------------------------------------------- walls

pub const WALL_TITLE_REQUIRED: &str = "Title is a required field";
pub const WALL_TOO_MANY: &str = "A wall shows at most 100 videos";
pub const WALL_UNKNOWN_ITEM: &str = "This video is not one of your published videos";
pub const WALL_NOT_FOUND: &str = "This wall does not exist";

fn wall_title(title: &str) -> ApiResult<String> {
    let title = title.trim();
    if title.is_empty() {
        return Err(ApiError::field("title", WALL_TITLE_REQUIRED));
    }
    if title.chars().count() > MAX_TITLE_CHARS {
        return Err(ApiError::field("title", TITLE_TOO_LONG));
    }
    Ok(title.to_string())
}

/// Hand-picked items: at most 100, each a published item of the organisation, no repeats.
async fn picked(context: &AppContext, tenant_id: &str, ids: &[String]) -> ApiResult<Vec<String>> {
    if ids.len() > publishing::WallRecord::MAX_ITEMS {
        return Err(ApiError::field("publicationIds", WALL_TOO_MANY));
    }
    let mut seen = Vec::new();
    for id in ids {
        if seen.contains(id) {
            continue;
        }
        if !publishing::is_slug(id) {
            return Err(ApiError::field("publicationIds", WALL_UNKNOWN_ITEM));
        }
        seen.push(id.clone());
    }
    let keys: Vec<keys::Key> = seen.iter().map(|s| keys::publication(s)).collect();
    for chunk in keys.chunks(100) {
        let found = context.store.batch_get(chunk).await?;
        for key in chunk {
            let record: Option<PublicationRecord> = found
                .get(&(key.pk.clone(), key.sk.clone()))
                .cloned()
                .map(storyhive_shared::storage::from_item)
                .transpose()?;
            if record.is_none_or(|r| r.tenant_id != tenant_id) {
                return Err(ApiError::field("publicationIds", WALL_UNKNOWN_ITEM));
            }
        }
    }
    Ok(seen)
}

pub async fn create_wall(
    context: &AppContext,
    principal: &storyhive_shared::auth::Principal,
    body: WallRequest,
) -> ApiResult<Wall> {
    let tenant_id = &principal.tenant_id;
    let title = wall_title(&body.title)?;
    let campaign_id = body.campaign_id.as_ref().map(|c| c.as_str().to_string()).filter(|c| !c.is_empty());
    if let Some(campaign_id) = &campaign_id {
        campaign(context, tenant_id, campaign_id).await?;
    }
    let ids = match (&campaign_id, &body.publication_ids) {
        (None, Some(ids)) => picked(context, tenant_id, ids).await?,
        _ => Vec::new(),
    };
    let wall_id = model::new_id();
    let now = model::timestamp(model::now());
    let key = keys::wall(&wall_id);
    let record = publishing::WallRecord {
        pk: key.pk,
        sk: key.sk,
        gsi1pk: keys::walls_of_tenant_gsi1(tenant_id),
        gsi1sk: format!("{now}#{wall_id}"),
        entity_type: publishing::WallRecord::ENTITY.into(),
        tenant_id: tenant_id.clone(),
        wall_id,
        title,
        organisation_name: principal.tenant.company_name.clone().unwrap_or_default(),
        campaign_id,
        publication_ids: ids,
        created_at: now.clone(),
        updated_at: now,
    };
    write::save_wall(&context.store, &record).await?;
    Ok(Wall::of(&record, origin(context)))
}

pub async fn wall_of_tenant(context: &AppContext, tenant_id: &str, wall_id: &str) -> ApiResult<publishing::WallRecord> {
    if !storyhive_shared::ids::is_valid(wall_id) || wall_id.is_empty() {
        return Err(ApiError::NotFound(WALL_NOT_FOUND.into()));
    }
    context
        .store
        .get::<publishing::WallRecord>(&keys::wall(wall_id))
        .await?
        .filter(|w| w.tenant_id == tenant_id)
        .ok_or_else(|| ApiError::NotFound(WALL_NOT_FOUND.into()))
}

pub async fn update_wall(context: &AppContext, tenant_id: &str, wall_id: &str, body: WallUpdate) -> ApiResult<Wall> {
    let mut record = wall_of_tenant(context, tenant_id, wall_id).await?;
    record.title = wall_title(&body.title)?;
    if record.campaign_id.is_none() {
        if let Some(ids) = &body.publication_ids {
            record.publication_ids = picked(context, tenant_id, ids).await?;
        }
    }
    record.updated_at = model::timestamp(model::now());
    write::save_wall(&context.store, &record).await?;
    Ok(Wall::of(&record, origin(context)))
}

pub async fn delete_wall(context: &AppContext, tenant_id: &str, wall_id: &str) -> ApiResult<()> {
    let record = wall_of_tenant(context, tenant_id, wall_id).await?;
    write::delete_wall(&context.store, &record).await?;
    Ok(())
}

pub async fn walls(context: &AppContext, tenant_id: &str, limit: i32, cursor: Option<&str>) -> ApiResult<WallPage> {
    let query = Query::gsi1(keys::walls_of_tenant_gsi1(tenant_id)).newest_first().limit(limit);
    let (records, next_cursor) = context.store.query_page::<publishing::WallRecord>(query, cursor).await?;
    Ok(WallPage { items: records.iter().map(|w| Wall::of(w, origin(context))).collect(), next_cursor })
}

// -------------------------------------------------------------------------- consent

pub const NOTE_TOO_LONG: &str = "The note must be at most 500 characters";
pub const COLLABORATOR_NOT_FOUND: &str = "This collaborator does not exist";

async fn collaborator(context: &AppContext, tenant_id: &str, contributor_id: &str) -> ApiResult<ContributorRecord> {
    if contributor_id.is_empty() || !storyhive_shared::ids::is_valid(contributor_id) {
        return Err(ApiError::NotFound(COLLABORATOR_NOT_FOUND.into()));
    }
    context
        .store
        .get::<ContributorRecord>(&keys::contributor(tenant_id, contributor_id))
        .await?
        .ok_or_else(|| ApiError::NotFound(COLLABORATOR_NOT_FOUND.into()))
}

/// The collaborator's consent, with the items taken down because they withdrew it.
pub async fn consent(context: &AppContext, tenant_id: &str, contributor_id: &str) -> ApiResult<Consent> {
    collaborator(context, tenant_id, contributor_id).await?;
    let withdrawal = context
        .store
        .get::<publishing::ConsentWithdrawalRecord>(&keys::consent_withdrawal(tenant_id, contributor_id))
        .await?;
    // Taken-down items of theirs: the organisation's list holds them; their links went
    // with the takedown. Bounded: the most recent 200 items of the organisation.
    let recent: Vec<PublicationRecord> = context
        .store
        .query(Query::gsi1(keys::publications_of_tenant_gsi1(tenant_id)).newest_first().limit(200))
        .await?;
    let taken_down = recent
        .into_iter()
        .filter(|r| {
            r.status == PublicationStatus::Withdrawn && r.speakers.iter().any(|s| s.contributor_id == contributor_id)
        })
        .map(|r| TakenDown { publication_id: r.slug, title: r.title, taken_down_at: r.taken_down_at })
        .collect();
    Ok(Consent::of(contributor_id, withdrawal.as_ref(), taken_down))
}

/// Staff record a withdrawal received by other means; the cascade worker takes the
/// collaborator's items down within a minute.
pub async fn record_withdrawal(
    context: &AppContext,
    principal: &storyhive_shared::auth::Principal,
    body: WithdrawalRequest,
) -> ApiResult<Consent> {
    let tenant_id = &principal.tenant_id;
    let contributor_id = body.contributor_id.as_str();
    collaborator(context, tenant_id, contributor_id).await?;
    let note = body.note.as_deref().map(str::trim).filter(|n| !n.is_empty()).map(str::to_string);
    if note.as_ref().is_some_and(|n| n.chars().count() > 500) {
        return Err(ApiError::field("note", NOTE_TOO_LONG));
    }
    let job = storyhive_shared::cascade::CascadeJob::ConsentWithdrawn {
        tenant_id: tenant_id.clone(),
        contributor_id: contributor_id.into(),
    };
    let withdrawal = write::withdrawal(
        tenant_id,
        contributor_id,
        publishing::RecordedBy::Staff,
        Some(staff_name(&principal.user)),
        note,
    );
    write::withdraw_consent(
        &context.store,
        withdrawal,
        vec![storyhive_shared::cascade::pending_op(&context.store, &job)?],
    )
    .await?;
    if let Err(error) = storyhive_shared::cascade::send(&context.cascade, &job).await {
        tracing::warn!(?error, "could not queue the takedown of a withdrawn collaborator's videos");
    }
    consent(context, tenant_id, contributor_id).await
}
