//! The `/openai` calls. Order of checks in each: who is calling (401/403), the body (400),
//! the campaign (404, also for another organisation's), the provider (503), the limits
//! (429), then the model (502/504). Nothing is saved unless the model's answer was usable.
use std::time::Instant;

use axum::{extract::State, Extension};
use storyhive_shared::{
    auth::Principal,
    campaigns::{
        records::{CampaignTextRecord, QuestionRecord},
        repo::{self, CampaignParts},
        rules as campaign_rules,
    },
    contributors::{
        access::{self, InviteKey},
        records::MembershipRecord,
    },
    error::ErrorBody,
    http::Json,
    permissions::Permission,
    ratelimit::{self, Limit},
    storage::keys,
    validation::Errors,
    ApiError, ApiResult, AppContext,
};
use time::Duration;

use crate::dto::*;
use crate::service::{
    prompts::{self, CampaignContext, GeneratorFields, ParagraphKind},
    provider::{ChatAnswer, ChatRequest, Provider, ProviderError},
};

const TAG: &str = "ai";

pub const NOT_CONFIGURED: &str =
    "AI writing help is not available: no AI provider is configured for this installation.";
pub const TIMED_OUT: &str = "The AI did not answer in time. Nothing was changed; please try again.";
pub const UNUSABLE: &str = "The AI answered with something we could not use. Nothing was changed; please try again.";
pub const PROVIDER_FAILED: &str =
    "The AI service is not available right now. Nothing was changed; please try again later.";
pub const ONLY_REPEATS: &str = "The AI only suggested questions that are already on screen or in the campaign. \
Nothing was changed; please try again or write the question yourself.";
/// The log's reason for an answer that only repeated questions (mapped to [`ONLY_REPEATS`]).
const ONLY_REPEATS_REASON: &str = "only questions already on screen";
pub const PROMPT_REQUIRED: &str = "Please enter a prompt to generate the script.";
pub const KEY_LIMITED: &str = "You have asked for many scripts in a short time. Please wait a little and try again.";
pub const FIELD_MAX: usize = 200;
pub const PROMPT_MAX: usize = 2000;

fn org_quota_message(max: i64) -> String {
    format!("Your organisation has used today's AI allowance ({max} requests). It renews at midnight UTC.")
}

fn org_quota(context: &AppContext) -> Limit {
    Limit { scope: "ai-org-day", max: context.config.ai.daily_quota_per_org, window: Duration::days(1) }
}

/// Collaborators' script help: its own day per organisation, apart from staff's, so an
/// open campaign's registrations cannot spend the organisation's allowance.
fn collaborator_org_quota(context: &AppContext) -> Limit {
    Limit {
        scope: "ai-collab-org-day",
        max: context.config.ai.collaborator_daily_quota_per_org,
        window: Duration::days(1),
    }
}

fn collaborator_quota(context: &AppContext) -> Limit {
    Limit { scope: "ai-collab-day", max: context.config.ai.scripts_per_collaborator_per_day, window: Duration::days(1) }
}

pub const COLLABORATORS_QUOTA: &str = "Script help for this organisation's collaborators has been used up for today. \
It renews at midnight UTC; you can still write your script yourself.";

fn collaborator_quota_message(max: i64) -> String {
    format!("You have used today's script help ({max} scripts). It renews at midnight UTC.")
}

/// Whose allowance a model call spends.
enum Budget<'a> {
    /// The organisation's staff: the organisation's daily allowance.
    Staff,
    /// A collaborator (`tenant#campaign#contributor`): the collaborators' own daily budget of
    /// the organisation, and theirs.
    Collaborator(&'a str),
}

/// The limits a call counts against, each with its subject and the message of its 429.
fn budget_limits(context: &AppContext, tenant_id: &str, budget: &Budget<'_>) -> Vec<(Limit, String, String)> {
    match budget {
        Budget::Staff => {
            let quota = org_quota(context);
            vec![(quota, tenant_id.to_string(), org_quota_message(quota.max))]
        }
        Budget::Collaborator(subject) => {
            let own = collaborator_quota(context);
            vec![
                (own, subject.to_string(), collaborator_quota_message(own.max)),
                (collaborator_org_quota(context), tenant_id.to_string(), COLLABORATORS_QUOTA.to_string()),
            ]
        }
    }
}

async fn refund_all(context: &AppContext, hits: &[(Limit, String, String)]) {
    for (limit, subject, _) in hits {
        if let Err(error) = ratelimit::refund(&context.store, limit, subject).await {
            tracing::warn!(error = ?error, "could not give back an AI quota use");
        }
    }
}

fn key_limit(context: &AppContext) -> Limit {
    Limit { scope: "ai-script-key", max: context.config.ai.scripts_per_key_per_hour, window: Duration::hours(1) }
}

/// Whether AI writing help is configured: the web app disables its AI controls and shows
/// the message when it is not. Says nothing else about the installation.
#[utoipa::path(get, path = "/openai/status", tag = TAG, responses((status = 200, body = AiStatus)))]
pub async fn status(Extension(provider): Extension<Provider>) -> Json<AiStatus> {
    let available = provider.is_ready();
    Json(AiStatus { available, message: (!available).then(|| NOT_CONFIGURED.to_string()) })
}

fn required_field(errors: &mut Errors, field: &str, label: &str, value: &str) -> String {
    let value = value.trim();
    if value.is_empty() {
        errors.add(field, format!("{label} is a required field"));
    } else if value.chars().count() > FIELD_MAX {
        errors.add(field, format!("{label} must be at most {FIELD_MAX} characters"));
    }
    value.to_string()
}

fn generator_fields(
    errors: &mut Errors,
    location: &str,
    keywords: &str,
    tone_of_voice: &str,
    scene_request: &str,
) -> GeneratorFields {
    GeneratorFields {
        location: required_field(errors, "location", "Location", location),
        keywords: required_field(errors, "keywords", "Keywords", keywords),
        tone_of_voice: required_field(errors, "toneOfVoice", "Tone of voice", tone_of_voice),
        scene_request: required_field(errors, "sceneRequest", "Scene request", scene_request),
    }
}

fn campaign_context(parts: &CampaignParts) -> CampaignContext {
    CampaignContext {
        title: parts.campaign.title.clone(),
        description: parts.campaign.description.clone(),
        brief: prompts::html_to_text(&parts.brief_text()),
    }
}

/// A staff member's campaign: their permission, then the campaign as they may see it.
async fn staff_campaign(context: &AppContext, principal: &Principal, campaign_id: &str) -> ApiResult<CampaignParts> {
    Ok(CampaignParts::require_visible(&context.store, &principal.tenant_id, campaign_id).await?.0)
}

fn ready(provider: &Provider) -> ApiResult<()> {
    if provider.is_ready() {
        Ok(())
    } else {
        Err(ApiError::Unavailable(NOT_CONFIGURED.into()))
    }
}

/// What one model call is, for the log line (ids and sizes, never text or names).
struct Call<'a> {
    task: &'static str,
    tenant_id: &'a str,
    campaign_id: &'a str,
    budget: Budget<'a>,
}

/// Counts the call against the organisation's day, asks the model, and reads its answer
/// with `parse`. A model that fails, times out or answers garbage gives the use back.
async fn ask<T>(
    context: &AppContext,
    provider: &Provider,
    call: Call<'_>,
    request: ChatRequest,
    parse: impl FnOnce(&str) -> Result<T, prompts::Unusable>,
) -> ApiResult<T> {
    let Provider::Ready { model, timeout } = provider else {
        return Err(ApiError::Unavailable(NOT_CONFIGURED.into()));
    };
    let limits = budget_limits(context, call.tenant_id, &call.budget);
    let mut counted = Vec::new();
    for (limit, subject, message) in limits {
        let verdict = ratelimit::hit(&context.store, &limit, &subject).await?;
        counted.push((limit, subject, message.clone()));
        if verdict.is_limited() {
            tracing::info!(target: "ai", task = call.task, tenant = call.tenant_id, outcome = "quota", "ai call refused");
            // A refused call spends none of the budgets it was counted against.
            refund_all(context, &counted).await;
            return Err(ratelimit::too_many(&message, verdict));
        }
    }
    let started = Instant::now();
    let answer: Result<ChatAnswer, ProviderError> = match tokio::time::timeout(*timeout, model.chat(&request)).await {
        Ok(result) => result,
        Err(_) => Err(ProviderError::Timeout),
    };
    let elapsed_ms = started.elapsed().as_millis() as u64;
    let prompt_chars = request.system.chars().count() + request.user.chars().count();
    let outcome = match answer {
        Ok(answer) => match parse(&answer.text) {
            Ok(parsed) => {
                log(&call, model.name(), prompt_chars, Some(&answer), elapsed_ms, "ok");
                return Ok(parsed);
            }
            Err(prompts::Unusable(why)) => {
                log(&call, model.name(), prompt_chars, Some(&answer), elapsed_ms, why);
                let message = match why {
                    ONLY_REPEATS_REASON => ONLY_REPEATS,
                    NO_CLIP_MATCHED_REASON => NO_CLIP_MATCHED,
                    _ => UNUSABLE,
                };
                ApiError::BadGateway(message.into())
            }
        },
        Err(error) => {
            tracing::warn!(target: "ai", task = call.task, error = %error, "ai provider error");
            log(&call, model.name(), prompt_chars, None, elapsed_ms, outcome_of(&error));
            match error {
                ProviderError::Timeout => ApiError::GatewayTimeout(TIMED_OUT.into()),
                ProviderError::Garbage(_) => ApiError::BadGateway(UNUSABLE.into()),
                ProviderError::Failed(_) => ApiError::BadGateway(PROVIDER_FAILED.into()),
            }
        }
    };
    // Nothing usable came back: nobody pays for it.
    refund_all(context, &counted).await;
    Err(outcome)
}

fn outcome_of(error: &ProviderError) -> &'static str {
    match error {
        ProviderError::Timeout => "timeout",
        ProviderError::Failed(_) => "provider error",
        ProviderError::Garbage(_) => "garbage",
    }
}

fn log(
    call: &Call<'_>,
    provider: &str,
    prompt_chars: usize,
    answer: Option<&ChatAnswer>,
    elapsed_ms: u64,
    outcome: &str,
) {
    tracing::info!(
        target: "ai",
        task = call.task,
        tenant = call.tenant_id,
        campaign = call.campaign_id,
        provider,
        prompt_chars,
        answer_chars = answer.map(|a| a.text.chars().count()),
        input_tokens = answer.and_then(|a| a.input_tokens),
        output_tokens = answer.and_then(|a| a.output_tokens),
        elapsed_ms,
        outcome,
        "ai call"
    );
}

/// Questions for a campaign from its title, description and brief and the generator's four
/// required fields. Nothing is saved: the editor adds the ones staff keep with
/// `POST /question/add`.
#[utoipa::path(post, path = "/openai/generateQuestions", tag = TAG, security(("staffToken" = ["UseStaffApp"])),
    request_body = GenerateQuestions,
    responses(
        (status = 200, body = GeneratedQuestions),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "No such campaign in the caller's organisation", body = ErrorBody),
        (status = 429, description = "The organisation's daily AI quota is used up (Retry-After)", body = ErrorBody),
        (status = 502, description = "The model failed or answered something unusable", body = ErrorBody),
        (status = 503, description = "No AI provider is configured", body = ErrorBody),
        (status = 504, description = "The model did not answer in time", body = ErrorBody),
    ))]
pub async fn generate_questions(
    State(context): State<AppContext>,
    Extension(provider): Extension<Provider>,
    principal: Principal,
    Json(body): Json<GenerateQuestions>,
) -> ApiResult<Json<GeneratedQuestions>> {
    principal.require(Permission::UseStaffApp)?;
    let mut errors = Errors::default();
    let fields =
        generator_fields(&mut errors, &body.location, &body.keywords, &body.tone_of_voice, &body.scene_request);
    let count = body.count.unwrap_or(prompts::QUESTIONS_DEFAULT as u32) as usize;
    if !(1..=prompts::QUESTIONS_MAX).contains(&count) {
        errors.add("count", format!("Count must be between 1 and {}", prompts::QUESTIONS_MAX));
    }
    errors.finish()?;
    let parts = staff_campaign(&context, &principal, &body.campaign_id).await?;
    ready(&provider)?;
    let existing: Vec<String> = parts.questions.iter().map(|q| q.question.clone()).collect();
    let request = prompts::questions_request(&campaign_context(&parts), &fields, &existing, count);
    let call = Call {
        task: "generateQuestions",
        tenant_id: &principal.tenant_id,
        campaign_id: &parts.campaign.campaign_id,
        budget: Budget::Staff,
    };
    let parse = |answer: &str| {
        let mut questions = prompts::parse_questions(answer)?;
        questions.retain(|q| !existing.iter().any(|e| e.trim().eq_ignore_ascii_case(q)));
        questions.truncate(count);
        if questions.is_empty() {
            return Err(prompts::Unusable("only questions the campaign already has"));
        }
        Ok(questions)
    };
    let questions = ask(&context, &provider, call, request, parse).await?;
    Ok(Json(GeneratedQuestions { questions }))
}

/// One generated question written again, in other words.
#[utoipa::path(post, path = "/openai/regenerate", tag = TAG, security(("staffToken" = ["UseStaffApp"])),
    request_body = RegenerateQuestion,
    responses(
        (status = 200, body = RegeneratedQuestion),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "No such campaign in the caller's organisation", body = ErrorBody),
        (status = 429, description = "The organisation's daily AI quota is used up (Retry-After)", body = ErrorBody),
        (status = 502, description = "The model failed or answered something unusable", body = ErrorBody),
        (status = 503, description = "No AI provider is configured", body = ErrorBody),
        (status = 504, description = "The model did not answer in time", body = ErrorBody),
    ))]
pub async fn regenerate_question(
    State(context): State<AppContext>,
    Extension(provider): Extension<Provider>,
    principal: Principal,
    Json(body): Json<RegenerateQuestion>,
) -> ApiResult<Json<RegeneratedQuestion>> {
    principal.require(Permission::UseStaffApp)?;
    let mut errors = Errors::default();
    let fields =
        generator_fields(&mut errors, &body.location, &body.keywords, &body.tone_of_voice, &body.scene_request);
    let replaced = errors.check(
        "question",
        campaign_rules::bounded(
            &body.question,
            campaign_rules::QUESTION_MAX,
            campaign_rules::QUESTION_REQUIRED,
            campaign_rules::QUESTION_TOO_LONG,
        ),
    );
    if body.other_questions.len() > 50 {
        errors.add("otherQuestions", "At most 50 other questions");
    }
    errors.finish()?;
    let replaced = replaced.unwrap_or_default();
    let parts = staff_campaign(&context, &principal, &body.campaign_id).await?;
    ready(&provider)?;
    let mut others: Vec<String> = parts.questions.iter().map(|q| q.question.clone()).collect();
    others
        .extend(body.other_questions.iter().map(|q| q.chars().take(campaign_rules::QUESTION_MAX).collect::<String>()));
    let request = prompts::regenerate_request(&campaign_context(&parts), &fields, &replaced, &others);
    // Everything on screen or in the campaign, the question replaced included: the model
    // is told not to repeat them, but may; a repeat is no answer.
    let on_screen: Vec<String> =
        others.iter().chain(std::iter::once(&replaced)).map(|q| q.trim().to_string()).collect();
    let fresh = |answer: &str| {
        prompts::parse_questions(answer)?
            .into_iter()
            .find(|q| !on_screen.iter().any(|seen| seen.eq_ignore_ascii_case(q)))
            .ok_or(prompts::Unusable(ONLY_REPEATS_REASON))
    };
    // One more try when the model only repeated: each try counts (and a repeat is given back) like any call.
    let mut tries = 0;
    let question = loop {
        tries += 1;
        let call = Call {
            task: "regenerate",
            tenant_id: &principal.tenant_id,
            campaign_id: &parts.campaign.campaign_id,
            budget: Budget::Staff,
        };
        match ask(&context, &provider, call, request.clone(), fresh).await {
            Err(ApiError::BadGateway(message)) if message == ONLY_REPEATS && tries < 2 => continue,
            other => break other?,
        }
    };
    Ok(Json(RegeneratedQuestion { question }))
}

/// The campaign's brief or script written as paragraphs. Nothing is saved: the editor
/// shows it and saves it as any edit (emoji escaped on save).
#[utoipa::path(post, path = "/openai/generateParagraphs", tag = TAG, security(("staffToken" = ["UseStaffApp"])),
    request_body = GenerateParagraphs,
    responses(
        (status = 200, body = VideoScript),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "No such campaign in the caller's organisation", body = ErrorBody),
        (status = 429, description = "The organisation's daily AI quota is used up (Retry-After)", body = ErrorBody),
        (status = 502, description = "The model failed or answered something unusable", body = ErrorBody),
        (status = 503, description = "No AI provider is configured", body = ErrorBody),
        (status = 504, description = "The model did not answer in time", body = ErrorBody),
    ))]
pub async fn generate_paragraphs(
    State(context): State<AppContext>,
    Extension(provider): Extension<Provider>,
    principal: Principal,
    Json(body): Json<GenerateParagraphs>,
) -> ApiResult<Json<VideoScript>> {
    principal.require(Permission::UseStaffApp)?;
    let mut errors = Errors::default();
    if body.prompt.chars().count() > PROMPT_MAX {
        errors.add("prompt", format!("Prompt must be at most {PROMPT_MAX} characters"));
    }
    errors.check("currentText", campaign_rules::check_editor_text(&body.current_text));
    errors.finish()?;
    let parts = staff_campaign(&context, &principal, &body.campaign_id).await?;
    ready(&provider)?;
    let kind = match body.kind {
        TextKind::Brief => ParagraphKind::Brief,
        TextKind::Script => ParagraphKind::Script,
    };
    let current = prompts::html_to_text(&body.current_text);
    let request = prompts::paragraphs_request(&campaign_context(&parts), kind, &body.prompt, &current);
    let call = Call {
        task: "generateParagraphs",
        tenant_id: &principal.tenant_id,
        campaign_id: &parts.campaign.campaign_id,
        budget: Budget::Staff,
    };
    let paragraphs = ask(&context, &provider, call, request, prompts::parse_paragraphs).await?;
    Ok(Json(VideoScript { video_script: paragraphs.join("\n\n"), paragraphs }))
}

/// The collaborator's script for one question, written from their notes (or from their
/// own first answer), and saved as their script of that question. Open to collaborators
/// through their invitation key; never anonymous.
#[utoipa::path(post, path = "/openai/generate-script", tag = TAG, security(("inviteKey" = [])),
    request_body = GenerateScript,
    responses(
        (status = 200, body = GeneratedScript),
        (status = 400, description = "Missing or malformed ids ('This id is not valid'), or no prompt: 'Please enter a prompt to generate the script.'", body = ErrorBody),
        (status = 403, description = "No valid invitation key for this collaborator and campaign", body = ErrorBody),
        (status = 404, description = "No such question in the campaign", body = ErrorBody),
        (status = 429, description = "Too many scripts for this key this hour or this collaborator today, or the organisation's collaborators' daily script budget (apart from staff's) is used up (Retry-After)", body = ErrorBody),
        (status = 502, description = "The model failed or answered something unusable; nothing saved", body = ErrorBody),
        (status = 503, description = "No AI provider is configured", body = ErrorBody),
        (status = 504, description = "The model did not answer in time; nothing saved", body = ErrorBody),
    ))]
pub async fn generate_script(
    State(context): State<AppContext>,
    Extension(provider): Extension<Provider>,
    key: InviteKey,
    Json(body): Json<GenerateScript>,
) -> ApiResult<Json<GeneratedScript>> {
    // Ids passed the shared id check while the body was read (400 'This id is not valid').
    let (tenant_id, campaign_id, contributor_id) =
        (body.tenant_id.as_str(), body.campaign_id.as_str(), body.contributor_id.as_str());
    let missing: Vec<&str> = [
        ("Tenant ID", tenant_id),
        ("Campaign ID", campaign_id),
        ("Contributor Details", contributor_id),
        ("campaignQuestionId", body.campaign_question_id.as_str()),
    ]
    .iter()
    .filter(|(_, value)| value.is_empty())
    .map(|(label, _)| *label)
    .collect();
    if !missing.is_empty() {
        return Err(ApiError::BadRequest(format!(
            "Error: {} is missing. Please check your details.",
            missing.join(", ")
        )));
    }
    let access = access::verify(&context.store, tenant_id, campaign_id, contributor_id, &key).await?;
    let prompt = body.prompt.trim();
    if prompt.chars().count() > PROMPT_MAX {
        return Err(ApiError::field("prompt", format!("Prompt must be at most {PROMPT_MAX} characters")));
    }
    let store = &context.store;
    let question_key = keys::question(tenant_id, campaign_id, &body.campaign_question_id);
    let question = store
        .get::<QuestionRecord>(&question_key)
        .await?
        .ok_or_else(|| ApiError::NotFound("Question not found".into()))?;
    let notes = if !prompt.is_empty() {
        prompt.to_string()
    } else if body.from_first_answer {
        first_answer(&context, tenant_id, campaign_id, contributor_id).await?.unwrap_or_default()
    } else {
        String::new()
    };
    if notes.trim().is_empty() {
        return Err(ApiError::field("prompt", PROMPT_REQUIRED));
    }
    ready(&provider)?;
    // The key's own limit first: a hammering link does not use up the organisation's day.
    let limit = key_limit(&context);
    let subject = format!("{tenant_id}#{campaign_id}#{contributor_id}");
    let verdict = ratelimit::hit(store, &limit, &subject).await?;
    if verdict.is_limited() {
        tracing::info!(target: "ai", task = "generateScript", tenant = tenant_id, outcome = "key limit", "ai call refused");
        return Err(ratelimit::too_many(KEY_LIMITED, verdict));
    }
    let brief = store
        .get::<CampaignTextRecord>(&keys::campaign_text(tenant_id, campaign_id, CampaignTextRecord::BRIEF))
        .await?;
    let campaign = CampaignContext {
        title: access.campaign.title.clone(),
        description: access.campaign.description.clone(),
        brief: brief.map(|b| prompts::html_to_text(&b.text)).unwrap_or_default(),
    };
    let request = prompts::script_request(&campaign, &question.question, question.tips.as_deref(), &notes);
    let call = Call { task: "generateScript", tenant_id, campaign_id, budget: Budget::Collaborator(&subject) };
    let paragraphs = ask(&context, &provider, call, request, prompts::parse_paragraphs).await?;
    let video_script = paragraphs.join("\n\n");
    save_script(&context, &access.membership, &question.question_id, &video_script).await?;
    Ok(Json(GeneratedScript { campaign_question_id: question.question_id, video_script, paragraphs }))
}

/// The collaborator's own script of the first question (by sequence) that has one.
async fn first_answer(
    context: &AppContext,
    tenant_id: &str,
    campaign_id: &str,
    contributor_id: &str,
) -> ApiResult<Option<String>> {
    let store = &context.store;
    let (questions, journeys) = tokio::try_join!(
        repo::questions(store, tenant_id, campaign_id),
        storyhive_shared::contributors::repo::journeys_of(store, tenant_id, campaign_id, contributor_id),
    )?;
    Ok(questions.iter().find_map(|question| {
        journeys
            .iter()
            .find(|j| j.campaign_question_id == question.question_id)
            .and_then(|j| j.contributor_script.as_deref())
            .map(campaign_rules::restore_emoji)
            .filter(|s| !s.trim().is_empty())
    }))
}

/// Saves the script as the collaborator's script of the question, emoji escaped as every
/// script is (restored on load).
async fn save_script(
    context: &AppContext,
    membership: &MembershipRecord,
    question_id: &str,
    script: &str,
) -> ApiResult<()> {
    let answer = storyhive_shared::search::AnswerRef::new(
        &membership.tenant_id,
        &membership.campaign_id,
        &membership.contributor_id,
        question_id,
    );
    let details =
        storyhive_shared::answers::Details { script: Some(campaign_rules::escape_emoji(script)), ..Default::default() };
    storyhive_shared::answers::details_saved(&context.store, &answer, &details).await?;
    Ok(())
}

/// What the model may read of the transcripts, in characters of the numbered words (about
/// 15 000 tokens: within the context of every model we configure, with room for the answer).
pub const STORY_CONTEXT_CHARS: usize = 60_000;
/// At most this many transcripts of a campaign are read for a draft.
pub const STORY_ANSWERS_READ: i32 = 500;
pub const BRIEF_REQUIRED: &str = "Please write a brief for the story.";
pub const TARGET_RANGE: &str = "The target length must be between 10 and 600 seconds";
pub const NO_TRANSCRIPTS: &str = "This campaign has no transcribed answers to draft a story from yet.";
/// The log's reason when no citation matched (answered as [`NO_CLIP_MATCHED`]).
const NO_CLIP_MATCHED_REASON: &str = "no citation matched the transcripts";
pub const NO_CLIP_MATCHED: &str =
    "The AI proposed no clip whose words match what was said. Nothing was saved; please try again.";

/// Drafts a story from the campaign's transcripts: the model reads them (as many as fit its
/// context: one answer of each collaborator first, approved ones before others, then the
/// longest; the report says what was left out) and answers with clips, each quoting its
/// words and citing an answer and a word range. Every citation is checked against the
/// stored transcript, word for word: those that do not match are dropped and reported, and
/// the story is kept within 15 % of the target. The draft is saved as a story (201).
#[utoipa::path(post, path = "/openai/story-draft", tag = TAG, security(("staffToken" = ["UseStaffApp"])),
    request_body = DraftStory,
    responses(
        (status = 201, description = "Drafted and saved as a story", body = StoryDraft),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "No such campaign in the caller's organisation", body = ErrorBody),
        (status = 409, description = "The campaign has no transcribed answers yet", body = ErrorBody),
        (status = 429, description = "The organisation's daily AI quota is used up (Retry-After)", body = ErrorBody),
        (status = 502, description = "The model failed, or no clip it proposed matched the transcripts", body = ErrorBody),
        (status = 503, description = "No AI provider is configured", body = ErrorBody),
        (status = 504, description = "The model did not answer in time", body = ErrorBody),
    ))]
pub async fn draft_story(
    State(context): State<AppContext>,
    Extension(provider): Extension<Provider>,
    principal: Principal,
    Json(body): Json<DraftStory>,
) -> ApiResult<(axum::http::StatusCode, Json<StoryDraft>)> {
    use std::collections::HashMap;
    use storyhive_shared::stories::{self, draft, DraftReport, DroppedClip, StoryContent, StoryRecord};

    principal.require(Permission::UseStaffApp)?;
    let mut errors = Errors::default();
    let brief = body.brief.trim().to_string();
    if brief.is_empty() {
        errors.add("brief", BRIEF_REQUIRED);
    } else if brief.chars().count() > PROMPT_MAX {
        errors.add("brief", format!("The brief must be at most {PROMPT_MAX} characters"));
    }
    if !(10..=600).contains(&body.target_seconds) {
        errors.add("targetSeconds", TARGET_RANGE);
    }
    let title = body.title.as_deref().map(str::trim).filter(|t| !t.is_empty()).map(str::to_string);
    if title.as_ref().is_some_and(|t| t.chars().count() > stories::MAX_TITLE_CHARS) {
        errors.add("title", stories::TITLE_TOO_LONG);
    }
    if body.campaign_id.is_empty() {
        errors.add("campaignId", "Campaign is a required field");
    }
    errors.finish()?;
    let parts = staff_campaign(&context, &principal, &body.campaign_id).await?;
    ready(&provider)?;
    let tenant_id = &principal.tenant_id;
    let campaign_id = parts.campaign.campaign_id.clone();
    let found = stories::answers::of_campaign(&context.store, tenant_id, &campaign_id, STORY_ANSWERS_READ).await?;
    if found.is_empty() {
        return Err(ApiError::Conflict(NO_TRANSCRIPTS.into()));
    }
    // Speakers are labels in the prompt: no one's name goes to a model.
    let mut labels: HashMap<String, String> = HashMap::new();
    let transcripts: Vec<draft::AnswerTranscript> = found
        .iter()
        .enumerate()
        .map(|(i, answer)| {
            let next = labels.len() + 1;
            let speaker =
                labels.entry(answer.contributor_id.clone()).or_insert_with(|| format!("Speaker {next}")).clone();
            draft::AnswerTranscript {
                reference: format!("A{}", i + 1),
                contributor_id: answer.contributor_id.clone(),
                question_id: answer.question_id.clone(),
                speaker,
                approved: answer.approved,
                words: answer.transcript.words.clone(),
            }
        })
        .collect();
    let questions: HashMap<String, String> =
        parts.questions.iter().map(|q| (q.question_id.clone(), q.question.clone())).collect();
    let selection = draft::select(&transcripts, &questions, STORY_CONTEXT_CHARS);
    let shown: Vec<&draft::AnswerTranscript> =
        transcripts.iter().filter(|t| selection.shown.contains(&t.reference)).collect();
    let rendered: Vec<String> = shown
        .iter()
        .map(|t| draft::render_answer(t, questions.get(&t.question_id).map(String::as_str).unwrap_or("")))
        .collect();
    let request = prompts::story_request(&campaign_context(&parts), &brief, body.target_seconds, &rendered);
    let call = Call { task: "storyDraft", tenant_id, campaign_id: &campaign_id, budget: Budget::Staff };
    let shown_owned: Vec<draft::AnswerTranscript> = shown.into_iter().cloned().collect();
    let target = f64::from(body.target_seconds);
    let parse = |answer: &str| {
        let citations = prompts::parse_citations(answer)?;
        let checked = draft::check(&shown_owned, citations, target, 0.0);
        if checked.clips.is_empty() {
            return Err(prompts::Unusable(NO_CLIP_MATCHED_REASON));
        }
        Ok(checked)
    };
    let checked = ask(&context, &provider, call, request, parse).await?;
    let by_reference: HashMap<&str, &draft::AnswerTranscript> =
        shown_owned.iter().map(|t| (t.reference.as_str(), t)).collect();
    let dropped = checked
        .dropped
        .iter()
        .map(|d| {
            let answer = by_reference.get(d.citation.answer.trim());
            DroppedClip {
                contributor_id: answer.map(|a| a.contributor_id.clone()),
                question_id: answer.map(|a| a.question_id.clone()),
                first_word: d.citation.first_word,
                last_word: d.citation.last_word,
                quote: d.citation.quote.clone(),
                reason: d.why.reason(),
            }
        })
        .collect();
    let report = DraftReport {
        brief: brief.clone(),
        target_seconds: body.target_seconds,
        seconds: checked.seconds,
        short: checked.short,
        selection_note: selection.note(),
        dropped,
    };
    // The verified clips become the story's clips, checked again as staff's would be.
    let content = StoryContent {
        title: title.unwrap_or_else(|| draft_title(&brief)),
        clips: checked
            .clips
            .iter()
            .map(|c| stories::ClipChoice {
                contributor_id: storyhive_shared::ids::Id::from_trusted(c.contributor_id.clone()),
                question_id: storyhive_shared::ids::Id::from_trusted(c.question_id.clone()),
                first_word: c.first_word,
                last_word: c.last_word,
            })
            .collect(),
        ..Default::default()
    };
    let pairs: Vec<(String, String)> =
        checked.clips.iter().map(|c| (c.contributor_id.clone(), c.question_id.clone())).collect();
    let answers = stories::answers::of(&context.store, tenant_id, &campaign_id, &pairs).await?;
    let (story_title, clips) = stories::check(&content, |k, q| answers.get(&(k.to_string(), q.to_string())).cloned())
        .map_err(ApiError::Validation)?;
    let record = StoryRecord::new(
        tenant_id,
        &campaign_id,
        &storyhive_shared::model::new_id(),
        story_title,
        clips,
        content,
        Some(report),
        &principal.user_id,
        storyhive_shared::model::timestamp(storyhive_shared::model::now()),
    );
    stories::repo::made(&context.store, &record).await?;
    let duration_seconds = record.duration_seconds();
    Ok((
        axum::http::StatusCode::CREATED,
        Json(StoryDraft {
            campaign_id: record.campaign_id,
            story_id: record.story_id,
            title: record.title,
            version: record.version,
            clips: record.clips,
            duration_seconds,
            report: record.draft.expect("set above"),
        }),
    ))
}

/// A draft's title from its brief: its first sentence, at most 80 characters.
fn draft_title(brief: &str) -> String {
    let first = brief.split(['.', '\n', '!', '?']).next().unwrap_or(brief).trim();
    let mut title: String = first.chars().take(80).collect();
    if first.chars().count() > 80 {
        title.push('…');
    }
    if title.is_empty() {
        "Story draft".into()
    } else {
        title
    }
}
