//! Generated videos of a campaign's collaborators: save (queue a render), list, approve, delete.
use crate::dto::*;
use axum::{extract::State, http::StatusCode};
use storyhive_shared::{
    answers,
    auth::Principal,
    campaigns::{records::RecordingMode, repo::CampaignParts},
    contributors::rules,
    error::ErrorBody,
    http::{Json, Message, PageParams, Path, Query},
    media::{
        captions::{self, CaptionFiles},
        generated::{self, Captions, GeneratedVideoRecord, GeneratedVideoStatus, SourceClip},
        renders, MediaJob, MediaStatus,
    },
    model::{self},
    permissions::Permission,
    publishing::takedown,
    search::AnswerRef,
    storage::{
        keys,
        objects::{self, Bucket},
        Query as TableQuery,
    },
    stories::{
        self, generated::with_render, repo as story_repo, Framing, StoryContent, StoryFormat, StoryRecord,
        StoryRenderRecord,
    },
    ApiError, ApiResult, AppContext,
};

const TAG: &str = "generated-videos";

pub const VIDEO_NOT_FOUND: &str = "Generated video not found";
pub const NOT_READY_TO_APPROVE: &str = "Only a video that is ready can be approved";
pub const DELETED: &str = "Generated video deleted successfully";
pub const ANSWER_NOT_READY: &str = "is still being prepared. Please try again in a few minutes.";
pub const ONLY_FAILED_RETRIED: &str = "Only a video that failed can be retried";
pub const NO_ANSWER_VIDEO: &str = "This answer has no video yet";
pub const ANSWER_RETRIED: &str = "The answer's video is being prepared again";

async fn presign(context: &AppContext, key: &str, download_name: Option<&str>) -> ApiResult<String> {
    Ok(objects::get_url(context, Bucket::Videos, key, rules::PLAYBACK_URL_SECONDS, download_name).await?)
}

/// A file name from a title: letters, digits, dashes and underscores.
fn download_name(title: &str) -> String {
    let name: String = title
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || c == '-' || c == '_' { c } else { '-' })
        .collect::<String>()
        .split('-')
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join("-");
    let name: String = name.chars().take(80).collect();
    format!("{}.mp4", if name.is_empty() { "video" } else { &name })
}

/// The staff view of a video as [`with_render`] resolved it (a story's video shows its render).
pub async fn view(context: &AppContext, record: GeneratedVideoRecord) -> ApiResult<GeneratedVideo> {
    let ready = record.status == GeneratedVideoStatus::Ready;
    let (url, download_url, poster_url, captions_url) = if ready {
        (
            Some(presign(context, &record.mp4_key, None).await?),
            Some(presign(context, &record.mp4_key, Some(&download_name(&record.title))).await?),
            Some(presign(context, &record.poster_key, None).await?),
            match &record.captions_key {
                Some(key) => Some(presign(context, key, None).await?),
                None => None,
            },
        )
    } else {
        (None, None, None, None)
    };
    Ok(GeneratedVideo {
        video_id: record.video_id,
        campaign_id: record.campaign_id,
        contributor_id: record.contributor_id,
        title: record.title,
        progress: record.progress.filter(|_| record.status == GeneratedVideoStatus::Processing),
        status: record.status,
        failure_reason: record.failure_reason,
        approved: record.approved,
        approved_at: record.approved_at,
        edit: record.edit,
        duration_seconds: record.duration_seconds,
        width: record.width,
        height: record.height,
        url,
        download_url,
        poster_url,
        captions_url,
        created_at: record.created_at,
        updated_at: record.updated_at,
        created_by: record.created_by,
    })
}

async fn page(context: &AppContext, query: TableQuery, params: &PageParams) -> ApiResult<Json<GeneratedVideoPage>> {
    let (records, next_cursor) =
        context.store.query_page::<GeneratedVideoRecord>(query.limit(params.limit()?), params.cursor()).await?;
    let records = stories::generated::resolved_all(&context.store, records).await?;
    let mut items = Vec::with_capacity(records.len());
    for record in records {
        items.push(view(context, record).await?);
    }
    Ok(Json(GeneratedVideoPage { items, next_cursor }))
}

/// The campaign, if the caller may see it.
async fn visible_campaign(context: &AppContext, principal: &Principal, campaign_id: &str) -> ApiResult<CampaignParts> {
    principal.require(Permission::UseStaffApp)?;
    if !storyhive_shared::ids::is_valid(campaign_id) || campaign_id.is_empty() {
        return Err(ApiError::field("campaignId", rules::INVALID_PARAMS));
    }
    Ok(CampaignParts::require_visible(&context.store, &principal.tenant_id, campaign_id).await?.0)
}

fn check_title(title: &str) -> Result<String, storyhive_shared::error::FieldError> {
    let title = title.trim();
    if title.is_empty() {
        return Err(storyhive_shared::error::FieldError::new("title", generated::TITLE_REQUIRED));
    }
    if title.chars().count() > generated::MAX_TITLE_CHARS {
        return Err(storyhive_shared::error::FieldError::new("title", generated::TITLE_TOO_LONG));
    }
    Ok(title.to_string())
}

/// Renders an edit of a collaborator's answers: the clips in playing order (seconds of
/// each answer's take), an optional title card, captions. Answers 202 with the video
/// "processing"; the media worker makes it "ready" (or "failed" with a reason). Every
/// clip's answer must have its web-playable video ready (409 otherwise, naming it).
#[utoipa::path(post, path = "/generated-videos/save", tag = TAG, security(("staffToken" = ["UseStaffApp"])),
    request_body = SaveGeneratedVideo,
    responses(
        (status = 202, description = "Saved; rendering", body = GeneratedVideo),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "No such campaign or collaborator", body = ErrorBody),
        (status = 409, description = "An answer's video is not ready (or failed)", body = ErrorBody),
    ))]
pub async fn save(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<SaveGeneratedVideo>,
) -> ApiResult<(StatusCode, Json<GeneratedVideo>)> {
    principal.require(Permission::UseStaffApp)?;
    let mut errors = Vec::new();
    if body.campaign_id.is_empty() {
        errors.push(storyhive_shared::error::FieldError::new("campaignId", "Campaign is a required field"));
    }
    if body.contributor_id.is_empty() {
        errors.push(storyhive_shared::error::FieldError::new("contributorId", "Collaborator is a required field"));
    }
    let title = check_title(&body.title).map_err(|e| errors.push(e)).unwrap_or_default();
    if body.edit.is_none() {
        errors.push(storyhive_shared::error::FieldError::new("edit.clips", generated::CLIPS_REQUIRED));
    }
    if !errors.is_empty() {
        return Err(ApiError::Validation(errors));
    }
    let edit = body.edit.expect("checked above");
    let parts = visible_campaign(&context, &principal, &body.campaign_id).await?;
    let tenant_id = &principal.tenant_id;
    storyhive_shared::contributors::repo::membership(
        &context.store,
        tenant_id,
        &body.campaign_id,
        &body.contributor_id,
    )
    .await?
    .ok_or_else(|| ApiError::NotFound(rules::CONTRIBUTOR_NOT_FOUND.into()))?;
    let journeys = storyhive_shared::contributors::repo::journeys_of(
        &context.store,
        tenant_id,
        &body.campaign_id,
        &body.contributor_id,
    )
    .await?;
    let answer =
        |journey_id: &str| journeys.iter().find(|j| j.campaign_question_id == journey_id && j.s3_video_key.is_some());
    let errors = edit.check(|journey_id| {
        answer(journey_id).map(|j| {
            j.media
                .as_ref()
                .filter(|m| Some(&m.take_key) == j.s3_video_key.as_ref())
                .and_then(|m| m.duration_seconds)
                .or(j.duration_seconds)
                .unwrap_or(f64::MAX)
        })
    });
    if !errors.is_empty() {
        return Err(ApiError::Validation(errors));
    }
    let mut sources = Vec::with_capacity(edit.clips.len());
    for clip in &edit.clips {
        let journey = answer(&clip.journey_id).expect("checked above");
        let take = journey.s3_video_key.clone().expect("checked above");
        let media = journey.media.as_ref().filter(|m| m.take_key == take);
        let ready = media.filter(|m| m.status == MediaStatus::Ready).and_then(|m| m.mp4_key.clone());
        let Some(source_key) = ready else {
            let question = parts
                .questions
                .iter()
                .find(|q| q.question_id == clip.journey_id)
                .map(|q| format!("\"{}\"", q.question))
                .unwrap_or_else(|| "this question".into());
            return Err(ApiError::Conflict(match media.and_then(|m| m.failure_reason.clone()) {
                Some(reason) => format!("The video of the answer to {question} could not be prepared: {reason}"),
                None => format!("The video of the answer to {question} {ANSWER_NOT_READY}"),
            }));
        };
        sources.push(SourceClip {
            journey_id: clip.journey_id.clone(),
            source_key,
            take_key: take,
            start: clip.start,
            end: clip.end,
        });
    }
    // One speaker's story when every clip is a range of its answer's words (the answers'
    // transcripts of the takes cut from); else it renders by itself, as before stories.
    let questions: Vec<(String, String)> =
        sources.iter().map(|c| (body.contributor_id.to_string(), c.journey_id.clone())).collect();
    let words = stories::answers::of(&context.store, tenant_id, &body.campaign_id, &questions).await?;
    let story_clips = stories::generated::clips_of(&body.contributor_id, &sources, |question| {
        words.get(&(body.contributor_id.to_string(), question.to_string())).cloned()
    });
    let video_id = model::new_id();
    // Its objects go in the derived folder of the collaborator's takes.
    let source_take = sources[0].take_key.clone();
    let at = model::timestamp(model::now());
    let mut record = GeneratedVideoRecord::new(
        tenant_id,
        &body.campaign_id,
        &body.contributor_id,
        &video_id,
        &title,
        edit,
        sources,
        parts.campaign.mode == RecordingMode::Portrait,
        &source_take,
        &principal.user_id,
        at.clone(),
    );
    let Some(clips) = story_clips else {
        renders::made(&context.store, &record).await?;
        let job = MediaJob::GeneratedVideo {
            tenant_id: tenant_id.clone(),
            campaign_id: body.campaign_id.to_string(),
            video_id: video_id.clone(),
        };
        if let Err(error) = context.media.send(&job).await {
            // Not queued: nothing would ever render it, so it is not kept either.
            renders::unmade(&context.store, &record).await.ok();
            return Err(ApiError::Internal(error));
        }
        return Ok((StatusCode::ACCEPTED, Json(view(&context, record).await?)));
    };
    let content = StoryContent {
        title: title.clone(),
        clips: Vec::new(),
        title_card: record.edit.title_card.clone(),
        end_card: None,
        lower_thirds: Some(false),
    };
    // The story has the video's id: one record each, under their own prefixes.
    let mut story = StoryRecord::new(
        tenant_id,
        &body.campaign_id,
        &video_id,
        title,
        clips,
        content,
        None,
        &principal.user_id,
        at.clone(),
    );
    story.generated_video_id = Some(video_id.clone());
    let format = if record.portrait { StoryFormat::Portrait } else { StoryFormat::Landscape };
    let render = StoryRenderRecord::new(
        &story,
        format,
        // The whole picture, as a video rendered by itself shows it (padded, there).
        Framing::BlurredFit,
        record.edit.captions == Captions::BurnedIn,
        &model::new_id(),
        &principal.user_id,
        at,
    );
    record.story_id = Some(story.story_id.clone());
    record.mp4_key = render.objects.mp4.clone();
    record.poster_key = render.objects.poster.clone();
    record.captions_key = (record.edit.captions == Captions::Webvtt).then(|| render.objects.vtt.clone());
    let with = story_repo::made_with_render_ops(&context.store, &story, &render)?;
    renders::made_with(&context.store, &record, with).await?;
    let job = MediaJob::StoryRender {
        tenant_id: tenant_id.clone(),
        campaign_id: body.campaign_id.to_string(),
        story_id: story.story_id.clone(),
        format: format.name().to_string(),
    };
    if let Err(error) = context.media.send(&job).await {
        // Not queued: nothing would ever render it, so none of it is kept.
        story_repo::removed_with_renders(&context.store, tenant_id, &body.campaign_id, &story.story_id).await.ok();
        renders::unmade(&context.store, &record).await.ok();
        return Err(ApiError::Internal(error));
    }
    let shown = with_render(record, Some(&render));
    Ok((StatusCode::ACCEPTED, Json(view(&context, shown).await?)))
}

/// One collaborator's generated videos of a campaign, newest first.
#[utoipa::path(get, path = "/generated-videos/{campaignId}/{contributorId}", tag = TAG,
    security(("staffToken" = ["UseStaffApp"])),
    params(("campaignId" = String, Path), ("contributorId" = String, Path), PageParams),
    responses(
        (status = 200, body = GeneratedVideoPage),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "No such campaign", body = ErrorBody),
    ))]
pub async fn contributor_videos(
    State(context): State<AppContext>,
    principal: Principal,
    Path((campaign_id, contributor_id)): Path<(String, String)>,
    Query(params): Query<PageParams>,
) -> ApiResult<Json<GeneratedVideoPage>> {
    visible_campaign(&context, &principal, &campaign_id).await?;
    let query = TableQuery::gsi1(keys::generated_videos_of_contributor_gsi1(
        &principal.tenant_id,
        &campaign_id,
        &contributor_id,
    ))
    .newest_first();
    page(&context, query, &params).await
}

/// The campaign's generated videos, newest first.
#[utoipa::path(get, path = "/generated-videos/{campaignId}", tag = TAG, security(("staffToken" = ["UseStaffApp"])),
    params(("campaignId" = String, Path), PageParams),
    responses(
        (status = 200, body = GeneratedVideoPage),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "No such campaign", body = ErrorBody),
    ))]
pub async fn campaign_generated_videos(
    State(context): State<AppContext>,
    principal: Principal,
    Path(campaign_id): Path<String>,
    Query(params): Query<PageParams>,
) -> ApiResult<Json<GeneratedVideoPage>> {
    visible_campaign(&context, &principal, &campaign_id).await?;
    let query =
        TableQuery::table(keys::campaign_partition(&principal.tenant_id, &campaign_id), keys::GENERATED_VIDEO_PREFIX)
            .newest_first();
    page(&context, query, &params).await
}

/// The campaign's approved generated videos, newest first.
#[utoipa::path(get, path = "/generated-videos/approved/{campaignId}", tag = TAG,
    security(("staffToken" = ["UseStaffApp"])),
    params(("campaignId" = String, Path), PageParams),
    responses(
        (status = 200, body = GeneratedVideoPage),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "No such campaign", body = ErrorBody),
    ))]
pub async fn approved_videos(
    State(context): State<AppContext>,
    principal: Principal,
    Path(campaign_id): Path<String>,
    Query(params): Query<PageParams>,
) -> ApiResult<Json<GeneratedVideoPage>> {
    visible_campaign(&context, &principal, &campaign_id).await?;
    let query =
        TableQuery::gsi2(keys::approved_generated_videos_gsi2(&principal.tenant_id, &campaign_id)).newest_first();
    page(&context, query, &params).await
}

/// Deletes a generated video and its files (MP4, poster, captions). A render still
/// running finds it gone and removes what it wrote. Deleting it again is 404.
#[utoipa::path(delete, path = "/generated-videos/delete/{campaignId}/{videoId}", tag = TAG,
    security(("staffToken" = ["UseStaffApp"])),
    params(("campaignId" = String, Path), ("videoId" = String, Path)),
    responses(
        (status = 200, body = Message),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "No such campaign or video", body = ErrorBody),
    ))]
pub async fn delete(
    State(context): State<AppContext>,
    principal: Principal,
    Path((campaign_id, video_id)): Path<(String, String)>,
) -> ApiResult<Json<Message>> {
    visible_campaign(&context, &principal, &campaign_id).await?;
    let tenant_id = &principal.tenant_id;
    let key = keys::generated_video(tenant_id, &campaign_id, &video_id);
    let bucket = context.config.video_bucket()?;
    // Its public page comes down first: a retry after a failure here still finds the video.
    if let Some(existing) = context.store.get::<GeneratedVideoRecord>(&key).await? {
        let copies =
            takedown::Copies { s3: context.s3()?, bucket: context.config.published_bucket()?, edge: &context.edge };
        let source = takedown::video_source(&campaign_id, &video_id);
        takedown::source_deleted(&context.store, copies, tenant_id, &source).await?;
        // Then its story (published as a story too, perhaps) with every render and their files;
        // a render still running finds its record gone and removes what it wrote.
        if let Some(story_id) = &existing.story_id {
            let source = takedown::story_source(&campaign_id, story_id);
            takedown::source_deleted(&context.store, copies, tenant_id, &source).await?;
            let objects = story_repo::removed_with_renders(&context.store, tenant_id, &campaign_id, story_id).await?;
            storyhive_shared::campaigns::repo::delete_keys(context.s3()?, bucket, &objects).await?;
        }
    }
    let record =
        renders::removed(&context.store, &key).await?.ok_or_else(|| ApiError::NotFound(VIDEO_NOT_FOUND.into()))?;
    for object in record.object_keys() {
        context
            .s3()?
            .delete_object()
            .bucket(bucket)
            .key(&object)
            .send()
            .await
            .map_err(|e| ApiError::Internal(anyhow::anyhow!("DeleteObject {object}: {e:?}")))?;
    }
    Ok(Message::new(DELETED))
}

/// Approves a ready generated video (409 while it is processing or when it failed), or
/// withdraws the approval. Approved videos are listed by `/generated-videos/approved/…`.
#[utoipa::path(put, path = "/generated-videos/approval/{campaignId}/{videoId}", tag = TAG,
    security(("staffToken" = ["UseStaffApp"])),
    params(("campaignId" = String, Path), ("videoId" = String, Path)),
    request_body = Approval,
    responses(
        (status = 200, body = GeneratedVideo),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "No such campaign or video", body = ErrorBody),
        (status = 409, description = "The video is not ready", body = ErrorBody),
    ))]
pub async fn approval(
    State(context): State<AppContext>,
    principal: Principal,
    Path((campaign_id, video_id)): Path<(String, String)>,
    Json(body): Json<Approval>,
) -> ApiResult<Json<GeneratedVideo>> {
    visible_campaign(&context, &principal, &campaign_id).await?;
    let key = keys::generated_video(&principal.tenant_id, &campaign_id, &video_id);
    let record = context
        .store
        .get::<GeneratedVideoRecord>(&key)
        .await?
        .ok_or_else(|| ApiError::NotFound(VIDEO_NOT_FOUND.into()))?;
    // A story's video is ready when its render is.
    let shown = stories::generated::resolved(&context.store, record.clone()).await?;
    if body.approved && shown.status != GeneratedVideoStatus::Ready {
        return Err(ApiError::Conflict(NOT_READY_TO_APPROVE.into()));
    }
    match renders::approval_set(&context.store, &record, body.approved).await? {
        Some(updated) => Ok(Json(view(&context, stories::generated::resolved(&context.store, updated).await?).await?)),
        None => match context.store.get::<GeneratedVideoRecord>(&key).await? {
            None => Err(ApiError::NotFound(VIDEO_NOT_FOUND.into())),
            Some(_) => Err(ApiError::Conflict(NOT_READY_TO_APPROVE.into())),
        },
    }
}

/// A generated video's captions as WebVTT and SRT, made from the transcripts of its clips
/// (corrections included) on its timeline: after the title card, clip after clip. Every
/// staff role; whatever the captions chosen for the render.
#[utoipa::path(get, path = "/generated-videos/captions/{campaignId}/{videoId}", tag = TAG,
    security(("staffToken" = ["UseStaffApp"])),
    params(("campaignId" = String, Path), ("videoId" = String, Path)),
    responses(
        (status = 200, body = CaptionFiles),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "No such campaign or video", body = ErrorBody),
    ))]
pub async fn video_captions(
    State(context): State<AppContext>,
    principal: Principal,
    Path((campaign_id, video_id)): Path<(String, String)>,
) -> ApiResult<Json<CaptionFiles>> {
    visible_campaign(&context, &principal, &campaign_id).await?;
    let record = context
        .store
        .get::<GeneratedVideoRecord>(&keys::generated_video(&principal.tenant_id, &campaign_id, &video_id))
        .await?
        .ok_or_else(|| ApiError::NotFound(VIDEO_NOT_FOUND.into()))?;
    // A story's video: on its render's clock, as the story engine wrote them beside the MP4.
    let (cues, language) = match stories::generated::render_of(&context.store, &record).await? {
        Some(render) => stories::generated::captions_of(&context.store, &render).await?,
        None => captions::of_generated_video(&context.store, &record).await?,
    };
    Ok(Json(CaptionFiles::of(captions::video_file_name(&record.title), language, &cues)))
}

/// Queues a failed generated video's render again (staff: a render that ran out of time
/// or attempts, or failed on a passing problem). It shows "processing" until the media
/// worker settles it; a video that is not failed is 409.
#[utoipa::path(post, path = "/generated-videos/retry/{campaignId}/{videoId}", tag = TAG,
    security(("staffToken" = ["UseStaffApp"])),
    params(("campaignId" = String, Path), ("videoId" = String, Path)),
    responses(
        (status = 202, description = "Queued again; rendering", body = GeneratedVideo),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "No such campaign or video", body = ErrorBody),
        (status = 409, description = "The video has not failed", body = ErrorBody),
    ))]
pub async fn retry(
    State(context): State<AppContext>,
    principal: Principal,
    Path((campaign_id, video_id)): Path<(String, String)>,
) -> ApiResult<(StatusCode, Json<GeneratedVideo>)> {
    visible_campaign(&context, &principal, &campaign_id).await?;
    let key = keys::generated_video(&principal.tenant_id, &campaign_id, &video_id);
    let stored = context.store.get::<GeneratedVideoRecord>(&key).await?;
    if let Some(video) = stored.filter(|v| v.story_id.is_some()) {
        return retry_story_render(&context, &principal, video).await;
    }
    // Only from "failed": of two retries at once, one queues a render.
    let Some(record) = renders::retried(&context.store, &key).await? else {
        return match context.store.get::<GeneratedVideoRecord>(&key).await? {
            None => Err(ApiError::NotFound(VIDEO_NOT_FOUND.into())),
            Some(_) => Err(ApiError::Conflict(ONLY_FAILED_RETRIED.into())),
        };
    };
    let job = MediaJob::GeneratedVideo {
        tenant_id: principal.tenant_id.clone(),
        campaign_id: campaign_id.clone(),
        video_id: video_id.clone(),
    };
    if let Err(error) = context.media.send(&job).await {
        // Nothing queued: it shows failed again, so staff can retry later.
        renders::retry_unqueued(&context.store, &key, "The retry could not be queued.").await.ok();
        return Err(ApiError::Internal(error));
    }
    Ok((StatusCode::ACCEPTED, Json(view(&context, record).await?)))
}

/// A story's video whose render failed (or is gone): a new render of its story in the same
/// format, framing and captions, queued. 409 unless its render failed; of two retries at
/// once, one renders.
async fn retry_story_render(
    context: &AppContext,
    principal: &Principal,
    video: GeneratedVideoRecord,
) -> ApiResult<(StatusCode, Json<GeneratedVideo>)> {
    let store = &context.store;
    let story_id = video.story_id.clone().expect("a story's video");
    let previous = stories::generated::render_of(store, &video).await?;
    if previous.as_ref().is_some_and(|r| r.status != GeneratedVideoStatus::Failed) {
        return Err(ApiError::Conflict(ONLY_FAILED_RETRIED.into()));
    }
    let story = story_repo::get(store, &video.tenant_id, &video.campaign_id, &story_id)
        .await?
        .ok_or_else(|| ApiError::NotFound(VIDEO_NOT_FOUND.into()))?;
    let format = if video.portrait { StoryFormat::Portrait } else { StoryFormat::Landscape };
    let render = StoryRenderRecord::new(
        &story,
        format,
        previous.as_ref().map_or(Framing::BlurredFit, |r| r.framing),
        previous.as_ref().map_or(video.edit.captions == Captions::BurnedIn, |r| r.burn_captions),
        &model::new_id(),
        &principal.user_id,
        model::timestamp(model::now()),
    );
    if !story_repo::render_replaced(store, &render, previous.as_ref().map(|r| r.render_id.as_str())).await? {
        return Err(ApiError::Conflict(ONLY_FAILED_RETRIED.into()));
    }
    let job = MediaJob::StoryRender {
        tenant_id: video.tenant_id.clone(),
        campaign_id: video.campaign_id.clone(),
        story_id,
        format: format.name().to_string(),
    };
    if let Err(error) = context.media.send(&job).await {
        // Nothing queued: it shows failed again (as before), so staff can retry later.
        match &previous {
            Some(previous) => story_repo::render_restored(store, previous).await.ok(),
            None => story_repo::render_unmade(store, &render).await.ok(),
        };
        return Err(ApiError::Internal(error));
    }
    if let Some(previous) = &previous {
        storyhive_shared::campaigns::repo::delete_keys(
            context.s3()?,
            context.config.video_bucket()?,
            &previous.objects.all(),
        )
        .await?;
    }
    Ok((StatusCode::ACCEPTED, Json(view(context, with_render(video, Some(&render))).await?)))
}

/// Queues the conversion of an answer's failed take again (staff: a take whose
/// conversion ran out of time or attempts, or failed on a passing problem). It shows
/// "processing" until the media worker settles it; a take that has not failed is 409.
/// Here rather than with the answers because this function is the one that hands staff
/// work to the media worker.
#[utoipa::path(post, path = "/generated-videos/answer-retry", tag = TAG, security(("staffToken" = ["UseStaffApp"])),
    request_body = AnswerRetry,
    responses(
        (status = 202, description = "Queued again", body = Message),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "No such campaign or answer video", body = ErrorBody),
        (status = 409, description = "The answer's video has not failed", body = ErrorBody),
    ))]
pub async fn retry_answer(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<AnswerRetry>,
) -> ApiResult<(StatusCode, Json<Message>)> {
    principal.require(Permission::UseStaffApp)?;
    let missing: Vec<&str> =
        [("campaignId", &body.campaign_id), ("contributorId", &body.contributor_id), ("journeyId", &body.journey_id)]
            .into_iter()
            .filter(|(_, id)| rules::present(id).is_none())
            .map(|(name, _)| name)
            .collect();
    if let Some(message) = rules::missing(&missing) {
        return Err(ApiError::BadRequest(message));
    }
    visible_campaign(&context, &principal, &body.campaign_id).await?;
    let tenant_id = &principal.tenant_id;
    let answer = AnswerRef::new(tenant_id, &body.campaign_id, &body.contributor_id, &body.journey_id);
    let journey =
        answers::get(&context.store, &answer).await?.ok_or_else(|| ApiError::NotFound(NO_ANSWER_VIDEO.into()))?;
    let take = journey.s3_video_key.clone().ok_or_else(|| ApiError::NotFound(NO_ANSWER_VIDEO.into()))?;
    if !answers::retry_requested(&context.store, &answer, &take).await? {
        return Err(ApiError::Conflict(ONLY_FAILED_RETRIED.into()));
    }
    let job = MediaJob::Take {
        tenant_id: tenant_id.clone(),
        campaign_id: body.campaign_id.to_string(),
        contributor_id: body.contributor_id.to_string(),
        question_id: body.journey_id.to_string(),
        take_key: take.clone(),
    };
    if let Err(error) = context.media.send(&job).await {
        // Nothing queued: it shows failed again, so staff can retry later.
        answers::retry_not_queued(&context.store, &answer, &take, "The retry could not be queued.").await.ok();
        return Err(ApiError::Internal(error));
    }
    Ok((StatusCode::ACCEPTED, Message::new(ANSWER_RETRIED)))
}
