//! Stories of many voices: saved, read, changed and deleted by staff; the story editor's
//! library of a campaign's answers with their words; a speaker's stories.
use std::collections::{HashMap, HashSet};

use axum::{extract::State, http::StatusCode};
use storyhive_shared::{
    auth::Principal,
    campaigns::repo::CampaignParts,
    contributors::{
        records::{JourneyRecord, ReviewStatus},
        rules,
    },
    error::ErrorBody,
    http::{Json, Message, PageParams, Path, Query},
    media::{generated::GeneratedVideoStatus, MediaStatus, TranscriptRecord},
    model,
    permissions::Permission,
    publishing::takedown,
    storage::{
        from_item, keys,
        objects::{self, Bucket},
        Item, Query as TableQuery,
    },
    stories::{self, repo, StoryContent, StoryRecord, StoryRenderRecord},
    ApiError, ApiResult, AppContext,
};

use crate::dto::*;

const TAG: &str = "stories";

pub const STORY_NOT_FOUND: &str = "Story not found";
pub const STORY_CHANGED: &str = "This story was changed meanwhile. Open it again to see the latest version.";
pub const STORY_DELETED: &str = "Story deleted successfully";
pub const RE_RECORDED_WARNING: &str = "This answer was recorded again since: choose its words again";
pub const ANSWER_GONE_WARNING: &str = "This answer no longer exists";

async fn presign(context: &AppContext, key: &str, download_name: Option<&str>) -> ApiResult<String> {
    Ok(objects::get_url(context, Bucket::Videos, key, rules::PLAYBACK_URL_SECONDS, download_name).await?)
}

/// The campaign, if the caller may see it.
async fn visible_campaign(context: &AppContext, principal: &Principal, campaign_id: &str) -> ApiResult<CampaignParts> {
    principal.require(Permission::UseStaffApp)?;
    if !storyhive_shared::ids::is_valid(campaign_id) || campaign_id.is_empty() {
        return Err(ApiError::field("campaignId", rules::INVALID_PARAMS));
    }
    Ok(CampaignParts::require_visible(&context.store, &principal.tenant_id, campaign_id).await?.0)
}

fn typed<T: serde::de::DeserializeOwned>(
    found: &HashMap<(String, String), Item>,
    key: &keys::Key,
) -> ApiResult<Option<T>> {
    Ok(found.get(&(key.pk.clone(), key.sk.clone())).cloned().map(from_item).transpose()?)
}

/// A story's content checked against the campaign's answers: its title and stored clips,
/// or 400 with every field's problem.
pub async fn checked(
    context: &AppContext,
    tenant_id: &str,
    campaign_id: &str,
    content: &StoryContent,
) -> ApiResult<(String, Vec<stories::StoryClip>)> {
    let pairs: Vec<(String, String)> = content
        .clips
        .iter()
        .take(stories::MAX_CLIPS)
        .filter(|c| !c.contributor_id.is_empty() && !c.question_id.is_empty())
        .map(|c| (c.contributor_id.to_string(), c.question_id.to_string()))
        .collect();
    let answers = stories::answers::of(&context.store, tenant_id, campaign_id, &pairs).await?;
    stories::check(content, |k, q| answers.get(&(k.to_string(), q.to_string())).cloned()).map_err(ApiError::Validation)
}

fn render_view_urls_needed(render: &StoryRenderRecord) -> bool {
    render.status == GeneratedVideoStatus::Ready
}

fn download_name(title: &str, format: &str) -> String {
    let name: String = title
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect::<String>()
        .split('-')
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join("-")
        .chars()
        .take(80)
        .collect();
    format!("{}-{format}.mp4", if name.is_empty() { "story" } else { &name })
}

async fn render_view(
    context: &AppContext,
    story: &StoryRecord,
    render: StoryRenderRecord,
    questions: &HashMap<String, String>,
) -> ApiResult<StoryRender> {
    let ready = render_view_urls_needed(&render);
    let objects = &render.objects;
    let url = |key: String, download: Option<String>| async move {
        if ready {
            presign(context, &key, download.as_deref()).await.map(Some)
        } else {
            Ok(None)
        }
    };
    let provenance = ready.then(|| render.provenance(|q| questions.get(q).cloned().unwrap_or_default()));
    Ok(StoryRender {
        format: render.format,
        framing: render.framing,
        burn_captions: render.burn_captions,
        status: render.status,
        failure_reason: render.failure_reason.clone(),
        progress: render.progress.filter(|_| render.status == GeneratedVideoStatus::Processing),
        story_version: render.story_version,
        current: render.story_version == story.version,
        duration_seconds: render.duration_seconds,
        width: render.width,
        height: render.height,
        url: url(objects.mp4.clone(), None).await?,
        download_url: url(objects.mp4.clone(), Some(download_name(&render.title, render.format.name()))).await?,
        poster_url: url(objects.poster.clone(), None).await?,
        srt_url: url(objects.srt.clone(), None).await?,
        vtt_url: url(objects.vtt.clone(), None).await?,
        provenance_url: url(objects.provenance.clone(), None).await?,
        provenance,
        created_at: render.created_at.clone(),
        updated_at: render.updated_at.clone(),
    })
}

/// The staff view of a story: its clips with their warnings, speakers, renders.
pub async fn view(context: &AppContext, story: StoryRecord) -> ApiResult<Story> {
    let pairs: Vec<(String, String)> =
        story.clips.iter().map(|c| (c.contributor_id.clone(), c.question_id.clone())).collect();
    let answers = stories::answers::of(&context.store, &story.tenant_id, &story.campaign_id, &pairs).await?;
    let clips = story
        .clips
        .iter()
        .map(|clip| {
            let warning = match answers.get(&(clip.contributor_id.clone(), clip.question_id.clone())) {
                None => Some(ANSWER_GONE_WARNING),
                Some(answer) if answer.take_key != clip.take_key => Some(RE_RECORDED_WARNING),
                Some(answer) if !answer.approved => Some(stories::NOT_APPROVED_WARNING),
                Some(_) => None,
            };
            StoryClipView { clip: clip.clone(), warning: warning.map(str::to_string) }
        })
        .collect();
    let speakers = story
        .speakers
        .iter()
        .map(|id| StorySpeaker {
            contributor_id: id.clone(),
            name: story.clips.iter().find(|c| &c.contributor_id == id).map(|c| c.speaker.clone()).unwrap_or_default(),
        })
        .collect();
    let renders = repo::renders_of(&context.store, &story.tenant_id, &story.campaign_id, &story.story_id).await?;
    let questions: HashMap<String, String> = if renders.is_empty() {
        HashMap::new()
    } else {
        storyhive_shared::campaigns::repo::questions(&context.store, &story.tenant_id, &story.campaign_id)
            .await?
            .into_iter()
            .map(|q| (q.question_id, q.question))
            .collect()
    };
    let mut render_views = Vec::with_capacity(renders.len());
    for render in renders {
        render_views.push(render_view(context, &story, render, &questions).await?);
    }
    Ok(Story {
        duration_seconds: story.duration_seconds(),
        story_id: story.story_id,
        campaign_id: story.campaign_id,
        title: story.title,
        clips,
        title_card: story.title_card,
        end_card: story.end_card,
        lower_thirds: story.lower_thirds,
        speakers,
        version: story.version,
        draft: story.draft,
        renders: render_views,
        created_at: story.created_at,
        updated_at: story.updated_at,
        created_by: story.created_by,
    })
}

/// Saves a new story: an ordered list of clips of any answers of the campaign (any
/// collaborators), each a range of its transcript's words, with optional title and end
/// cards and lower thirds. Every problem is a 400 naming its field, and nothing is saved.
#[utoipa::path(post, path = "/generated-videos/stories/save", operation_id = "save_story", tag = TAG, security(("staffToken" = ["UseStaffApp"])),
    request_body = SaveStory,
    responses(
        (status = 201, description = "Saved", body = Story),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "No such campaign", body = ErrorBody),
    ))]
pub async fn save(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<SaveStory>,
) -> ApiResult<(StatusCode, Json<Story>)> {
    principal.require(Permission::UseStaffApp)?;
    if body.campaign_id.is_empty() {
        return Err(ApiError::field("campaignId", "Campaign is a required field"));
    }
    visible_campaign(&context, &principal, &body.campaign_id).await?;
    let tenant_id = &principal.tenant_id;
    let (title, clips) = checked(&context, tenant_id, &body.campaign_id, &body.content).await?;
    let record = StoryRecord::new(
        tenant_id,
        &body.campaign_id,
        &model::new_id(),
        title,
        clips,
        body.content,
        None,
        &principal.user_id,
        model::timestamp(model::now()),
    );
    repo::made(&context.store, &record).await?;
    Ok((StatusCode::CREATED, Json(view(&context, record).await?)))
}

async fn story_of(context: &AppContext, tenant_id: &str, campaign_id: &str, story_id: &str) -> ApiResult<StoryRecord> {
    repo::get(&context.store, tenant_id, campaign_id, story_id)
        .await?
        .ok_or_else(|| ApiError::NotFound(STORY_NOT_FOUND.into()))
}

/// A story with its clips (and their warnings), speakers and renders (playable URLs and
/// provenance when ready).
#[utoipa::path(get, path = "/generated-videos/stories/{campaignId}/{storyId}", operation_id = "get_story", tag = TAG,
    security(("staffToken" = ["UseStaffApp"])),
    params(("campaignId" = String, Path), ("storyId" = String, Path)),
    responses(
        (status = 200, body = Story),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "No such campaign or story", body = ErrorBody),
    ))]
pub async fn get(
    State(context): State<AppContext>,
    principal: Principal,
    Path((campaign_id, story_id)): Path<(String, String)>,
) -> ApiResult<Json<Story>> {
    visible_campaign(&context, &principal, &campaign_id).await?;
    let story = story_of(&context, &principal.tenant_id, &campaign_id, &story_id).await?;
    Ok(Json(view(&context, story).await?))
}

/// The campaign's stories, newest first.
#[utoipa::path(get, path = "/generated-videos/stories/{campaignId}", operation_id = "list_stories", tag = TAG,
    security(("staffToken" = ["UseStaffApp"])),
    params(("campaignId" = String, Path), PageParams),
    responses(
        (status = 200, body = StoryPage),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "No such campaign", body = ErrorBody),
    ))]
pub async fn list(
    State(context): State<AppContext>,
    principal: Principal,
    Path(campaign_id): Path<String>,
    Query(params): Query<PageParams>,
) -> ApiResult<Json<StoryPage>> {
    visible_campaign(&context, &principal, &campaign_id).await?;
    let query = TableQuery::table(keys::campaign_partition(&principal.tenant_id, &campaign_id), keys::STORY_PREFIX)
        .newest_first()
        .limit(params.limit()?);
    let (records, next_cursor) = context.store.query_page::<StoryRecord>(query, params.cursor()).await?;
    let mut items = Vec::with_capacity(records.len());
    for record in records {
        items.push(view(&context, record).await?);
    }
    Ok(Json(StoryPage { items, next_cursor }))
}

/// Replaces a story's content (title, clips, cards, lower thirds) over the version the
/// editor read: 409 when it changed meanwhile; 400 naming every bad field, nothing changed.
/// Its renders stay, marked not current, until rendered again.
#[utoipa::path(put, path = "/generated-videos/stories/{campaignId}/{storyId}", operation_id = "update_story", tag = TAG,
    security(("staffToken" = ["UseStaffApp"])),
    params(("campaignId" = String, Path), ("storyId" = String, Path)),
    request_body = UpdateStory,
    responses(
        (status = 200, body = Story),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "No such campaign or story", body = ErrorBody),
        (status = 409, description = "The story changed since it was read", body = ErrorBody),
    ))]
pub async fn update(
    State(context): State<AppContext>,
    principal: Principal,
    Path((campaign_id, story_id)): Path<(String, String)>,
    Json(body): Json<UpdateStory>,
) -> ApiResult<Json<Story>> {
    visible_campaign(&context, &principal, &campaign_id).await?;
    let tenant_id = &principal.tenant_id;
    let before = story_of(&context, tenant_id, &campaign_id, &story_id).await?;
    let (title, clips) = checked(&context, tenant_id, &campaign_id, &body.content).await?;
    if body.version != before.version {
        return Err(ApiError::Conflict(STORY_CHANGED.into()));
    }
    let content = body.content;
    let after = StoryRecord {
        title,
        speakers: stories::speakers_of(&clips),
        clips,
        title_card: stories::clean_title_card(content.title_card),
        end_card: stories::clean_end_card(content.end_card),
        lower_thirds: content.lower_thirds.unwrap_or(before.lower_thirds),
        version: before.version + 1,
        updated_at: model::timestamp(model::now()),
        ..before.clone()
    };
    if !repo::changed(&context.store, &before, &after).await? {
        return Err(ApiError::Conflict(STORY_CHANGED.into()));
    }
    Ok(Json(view(&context, after).await?))
}

/// Deletes a story, its renders and their files; a published render comes down first.
#[utoipa::path(delete, path = "/generated-videos/stories/delete/{campaignId}/{storyId}", operation_id = "delete_story", tag = TAG,
    security(("staffToken" = ["UseStaffApp"])),
    params(("campaignId" = String, Path), ("storyId" = String, Path)),
    responses(
        (status = 200, body = Message),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "No such campaign or story", body = ErrorBody),
    ))]
pub async fn delete(
    State(context): State<AppContext>,
    principal: Principal,
    Path((campaign_id, story_id)): Path<(String, String)>,
) -> ApiResult<Json<Message>> {
    visible_campaign(&context, &principal, &campaign_id).await?;
    let tenant_id = &principal.tenant_id;
    let story = story_of(&context, tenant_id, &campaign_id, &story_id).await?;
    // Its public page comes down first: a retry after a failure here still finds the story.
    let copies =
        takedown::Copies { s3: context.s3()?, bucket: context.config.published_bucket()?, edge: &context.edge };
    takedown::source_deleted(&context.store, copies, tenant_id, &takedown::story_source(&campaign_id, &story_id))
        .await?;
    // A generated video's story: the video is this story, and goes with it.
    if let Some(video_id) = &story.generated_video_id {
        takedown::source_deleted(&context.store, copies, tenant_id, &takedown::video_source(&campaign_id, video_id))
            .await?;
    }
    let renders = repo::renders_of(&context.store, tenant_id, &campaign_id, &story_id).await?;
    let bucket = context.config.video_bucket()?;
    for render in &renders {
        storyhive_shared::campaigns::repo::delete_keys(context.s3()?, bucket, &render.objects.all()).await?;
        repo::render_removed(&context.store, render).await?;
    }
    if !repo::removed(&context.store, &story).await? {
        return Err(ApiError::Conflict(STORY_CHANGED.into()));
    }
    if let Some(video_id) = &story.generated_video_id {
        let key = keys::generated_video(tenant_id, &campaign_id, video_id);
        if let Some(video) = storyhive_shared::media::renders::removed(&context.store, &key).await? {
            storyhive_shared::campaigns::repo::delete_keys(context.s3()?, bucket, &video.object_keys()).await?;
        }
    }
    Ok(Message::new(STORY_DELETED))
}

/// The stories holding a collaborator's clips (before withdrawing their consent, for one):
/// one read of their links, whatever the size of the organisation.
#[utoipa::path(get, path = "/generated-videos/stories/speaker/{contributorId}", operation_id = "speaker_stories", tag = TAG,
    security(("staffToken" = ["UseStaffApp"])),
    params(("contributorId" = String, Path)),
    responses(
        (status = 200, body = SpeakerStories),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "No such collaborator", body = ErrorBody),
    ))]
pub async fn speaker_stories(
    State(context): State<AppContext>,
    principal: Principal,
    Path(contributor_id): Path<String>,
) -> ApiResult<Json<SpeakerStories>> {
    principal.require(Permission::UseStaffApp)?;
    let tenant_id = &principal.tenant_id;
    // Another organisation's collaborator (or none) is not found.
    if contributor_id.is_empty()
        || context.store.get::<serde_json::Value>(&keys::contributor(tenant_id, &contributor_id)).await?.is_none()
    {
        return Err(ApiError::NotFound(rules::CONTRIBUTOR_NOT_FOUND.into()));
    }
    let links = repo::of_speaker(&context.store, tenant_id, &contributor_id).await?;
    let mut items = Vec::with_capacity(links.len());
    for chunk in links.chunks(100) {
        let keys: Vec<keys::Key> = chunk.iter().map(|l| keys::story(tenant_id, &l.campaign_id, &l.story_id)).collect();
        let found = context.store.batch_get(&keys).await?;
        for key in &keys {
            if let Some(story) = typed::<StoryRecord>(&found, key)? {
                items.push(SpeakerStory {
                    campaign_id: story.campaign_id,
                    story_id: story.story_id,
                    title: story.title,
                });
            }
        }
    }
    Ok(Json(SpeakerStories { items }))
}

/// The story editor's library: a campaign's transcribed answers (their current take), each
/// with its speaker, question, words and their times, and its video to play; paged, by
/// collaborator and question. Filtered by question alone, a page may hold fewer answers
/// than asked while `nextCursor` says more follow (the campaign's answers are read in order
/// of collaborator; a question has no index of its own).
#[utoipa::path(get, path = "/generated-videos/library/{campaignId}", operation_id = "story_library", tag = TAG,
    security(("staffToken" = ["UseStaffApp"])),
    params(("campaignId" = String, Path), LibraryParams),
    responses(
        (status = 200, body = LibraryPage),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "No such campaign", body = ErrorBody),
    ))]
pub async fn library(
    State(context): State<AppContext>,
    principal: Principal,
    Path(campaign_id): Path<String>,
    Query(params): Query<LibraryParams>,
) -> ApiResult<Json<LibraryPage>> {
    let parts = visible_campaign(&context, &principal, &campaign_id).await?;
    let page = PageParams { cursor: params.cursor.clone(), limit: params.limit };
    let limit = page.limit()?;
    let tenant_id = &principal.tenant_id;
    let contributor = params.contributor_id.as_ref().map(|c| c.to_string()).filter(|c| !c.is_empty());
    let question = params.question_id.as_ref().map(|q| q.to_string()).filter(|q| !q.is_empty());
    let (transcripts, next_cursor) = match (&contributor, &question) {
        (Some(k), Some(q)) => {
            let one = context.store.get::<TranscriptRecord>(&keys::transcript(tenant_id, &campaign_id, k, q)).await?;
            (one.into_iter().collect::<Vec<_>>(), None)
        }
        _ => {
            let prefix = match &contributor {
                Some(k) => format!("{}{k}#", keys::TRANSCRIPT_PREFIX),
                None => keys::TRANSCRIPT_PREFIX.to_string(),
            };
            let query = TableQuery::table(keys::campaign_partition(tenant_id, &campaign_id), prefix).limit(limit);
            let (mut found, next) = context.store.query_page::<TranscriptRecord>(query, page.cursor()).await?;
            if let Some(q) = &question {
                found.retain(|t| &t.campaign_question_id == q);
            }
            (found, next)
        }
    };
    let journey_keys: Vec<keys::Key> = transcripts
        .iter()
        .map(|t| keys::journey(tenant_id, &campaign_id, &t.contributor_id, &t.campaign_question_id))
        .collect();
    let journeys =
        if journey_keys.is_empty() { HashMap::new() } else { context.store.batch_get(&journey_keys).await? };
    let contributors: HashSet<String> = transcripts.iter().map(|t| t.contributor_id.clone()).collect();
    let names = stories::answers::names(&context.store, tenant_id, &contributors).await?;
    let questions: HashMap<&str, &str> =
        parts.questions.iter().map(|q| (q.question_id.as_str(), q.question.as_str())).collect();
    let mut items = Vec::with_capacity(transcripts.len());
    for (transcript, key) in transcripts.into_iter().zip(&journey_keys) {
        let Some(journey) = typed::<JourneyRecord>(&journeys, key)? else { continue };
        // Only the words of the answer's current take.
        if journey.s3_video_key.as_deref() != Some(transcript.take_key.as_str()) {
            continue;
        }
        let media =
            journey.media.as_ref().filter(|m| m.take_key == transcript.take_key && m.status == MediaStatus::Ready);
        let url = match media.and_then(|m| m.mp4_key.clone()) {
            Some(key) => Some(presign(&context, &key, None).await?),
            None => None,
        };
        let poster_url = match media.and_then(|m| m.poster_key.clone()) {
            Some(key) => Some(presign(&context, &key, None).await?),
            None => None,
        };
        items.push(LibraryAnswer {
            speaker: names.get(&transcript.contributor_id).cloned().unwrap_or_default(),
            question: questions
                .get(transcript.campaign_question_id.as_str())
                .map(|q| q.to_string())
                .unwrap_or_default(),
            approved: journey.review_status == Some(ReviewStatus::Approved),
            duration_seconds: media.and_then(|m| m.duration_seconds).or(journey.duration_seconds),
            url,
            poster_url,
            language: transcript.language,
            contributor_id: transcript.contributor_id,
            question_id: transcript.campaign_question_id,
            take_key: transcript.take_key,
            words: transcript.words,
        });
    }
    Ok(Json(LibraryPage { items, next_cursor }))
}

pub const RENDER_FORMAT_REQUIRED: &str = "Please choose a format: landscape, portrait or square";
pub const RENDER_RE_RECORDED: &str =
    "An answer in this story was recorded again since its words were chosen: choose its words again before rendering";

/// Renders the story in one format (landscape, portrait or square), as a job of the media
/// worker: 202 with the render "processing"; it ends "ready" (MP4, poster, SRT, WebVTT and
/// the provenance sidecar, with playable URLs in the story) or "failed" with a reason. A new
/// render of a format replaces the previous one (a render still running finds itself replaced
/// and removes what it wrote). A clip whose answer was recorded again since is a 409.
#[utoipa::path(post, path = "/generated-videos/stories/render/{campaignId}/{storyId}", operation_id = "render_story",
    tag = TAG, security(("staffToken" = ["UseStaffApp"])),
    params(("campaignId" = String, Path), ("storyId" = String, Path)),
    request_body = RenderStoryRequest,
    responses(
        (status = 202, description = "Queued; rendering", body = StoryRender),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "No such campaign or story", body = ErrorBody),
        (status = 409, description = "An answer of the story was recorded again since", body = ErrorBody),
    ))]
pub async fn render(
    State(context): State<AppContext>,
    principal: Principal,
    Path((campaign_id, story_id)): Path<(String, String)>,
    Json(body): Json<RenderStoryRequest>,
) -> ApiResult<(StatusCode, Json<StoryRender>)> {
    visible_campaign(&context, &principal, &campaign_id).await?;
    let Some(format) = body.format else {
        return Err(ApiError::field("format", RENDER_FORMAT_REQUIRED));
    };
    let tenant_id = &principal.tenant_id;
    let story = story_of(&context, tenant_id, &campaign_id, &story_id).await?;
    let pairs: Vec<(String, String)> =
        story.clips.iter().map(|c| (c.contributor_id.clone(), c.question_id.clone())).collect();
    let answers = stories::answers::of(&context.store, tenant_id, &campaign_id, &pairs).await?;
    if story.clips.iter().any(|c| {
        answers.get(&(c.contributor_id.clone(), c.question_id.clone())).is_none_or(|a| a.take_key != c.take_key)
    }) {
        return Err(ApiError::Conflict(RENDER_RE_RECORDED.into()));
    }
    let record = StoryRenderRecord::new(
        &story,
        format,
        body.framing,
        body.burn_captions,
        &model::new_id(),
        &principal.user_id,
        model::timestamp(model::now()),
    );
    let previous = repo::render_made(&context.store, &record).await?;
    let job = storyhive_shared::queue::MediaJob::StoryRender {
        tenant_id: tenant_id.clone(),
        campaign_id: campaign_id.clone(),
        story_id: story_id.clone(),
        format: format.name().to_string(),
    };
    if let Err(error) = context.media.send(&job).await {
        // Not queued: nothing would ever render it, so it is not kept either.
        repo::render_unmade(&context.store, &record).await.ok();
        return Err(ApiError::Internal(error));
    }
    if let Some(previous) = previous {
        storyhive_shared::campaigns::repo::delete_keys(
            context.s3()?,
            context.config.video_bucket()?,
            &previous.objects.all(),
        )
        .await?;
    }
    Ok((StatusCode::ACCEPTED, Json(render_view(&context, &story, record, &HashMap::new()).await?)))
}
