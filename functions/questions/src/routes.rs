//! The questions handlers.

use axum::{extract::State, http::StatusCode};
use storyhive_shared::{
    auth::Principal,
    campaigns::{
        dto::Question,
        records::{CampaignRecord, QuestionRecord},
        repo::CampaignParts,
        rules, write,
    },
    cascade::{self, CascadeJob},
    error::ErrorBody,
    http::{Json, Message, Path},
    model,
    permissions::Permission,
    storage::{keys, AttributeValue, StoreError, TransactWriteItem},
    validation::Errors,
    ApiError, ApiResult, AppContext,
};

use crate::dto::*;

const TAG: &str = "questions";
/// Keeps every reorder within one DynamoDB transaction (100 items).
pub const MAX_QUESTIONS: usize = 50;
const QUESTIONS_CHANGED: &str =
    "The questions were changed by someone else in the meantime. Please reload and try again.";
const QUESTION_NOT_FOUND: &str = "Question not found";

/// Puts `moved` (or a new question) at `position` (1-based, clamped) and numbers the
/// list 1..N. Returns the ids in their new order.
pub fn reorder(mut ids: Vec<String>, moved: &str, position: Option<u32>) -> Vec<String> {
    ids.retain(|id| id != moved);
    let index = position.map(|p| (p.max(1) as usize - 1).min(ids.len())).unwrap_or(ids.len());
    ids.insert(index, moved.to_string());
    ids
}

fn tips(raw: Option<&str>, errors: &mut Errors) -> Option<String> {
    let value = raw.map(str::trim).filter(|t| !t.is_empty())?;
    if value.chars().count() > rules::TIPS_MAX {
        errors.add("tips", "Tips must be at most 500 characters");
    }
    Some(value.to_string())
}

fn script(raw: Option<&str>, errors: &mut Errors) -> Option<String> {
    let value = raw.filter(|s| !s.trim().is_empty())?;
    errors.check("script", rules::check_editor_text(value));
    Some(rules::escape_emoji(value))
}

/// Writes that give every question its place in `order`; each write is conditional on
/// the sequence read, so a concurrent change fails the whole transaction.
fn renumber_ops(
    context: &AppContext,
    existing: &[QuestionRecord],
    order: &[String],
    skip: &str,
) -> ApiResult<Vec<TransactWriteItem>> {
    let mut ops = Vec::new();
    for (index, id) in order.iter().enumerate() {
        let sequence = index as u32 + 1;
        let Some(current) = existing.iter().find(|q| &q.question_id == id) else {
            continue;
        };
        if id == skip || current.sequence == sequence {
            continue;
        }
        ops.push(context.store.update_op(&current.key(), |update| {
            update
                .update_expression("SET #sequence = :new")
                .condition_expression("#sequence = :old")
                .expression_attribute_names("#sequence", "sequence")
                .expression_attribute_values(":new", AttributeValue::N(sequence.to_string()))
                .expression_attribute_values(":old", AttributeValue::N(current.sequence.to_string()))
        })?);
    }
    Ok(ops)
}

/// Writes a change of the questions; with `campaign`, it claims the next version of the
/// campaign's questions too (the order changed), so a change made meanwhile from the same
/// read fails.
async fn commit(context: &AppContext, campaign: Option<&CampaignRecord>, ops: Vec<TransactWriteItem>) -> ApiResult<()> {
    let written = match campaign {
        Some(campaign) => write::questions_changed(&context.store, campaign, ops).await,
        None => context.store.transact(ops).await,
    };
    match written {
        Ok(()) => Ok(()),
        Err(StoreError::ConditionFailed) => Err(ApiError::Conflict(QUESTIONS_CHANGED.into())),
        Err(other) => Err(other.into()),
    }
}

/// The campaign's questions, sorted by sequence.
#[utoipa::path(get, path = "/question/list/{campaignId}", tag = TAG, security(("staffToken" = ["UseStaffApp"])),
    params(("campaignId" = String, Path)),
    responses((status = 200, body = [Question]), (status = 404, body = ErrorBody)))]
pub async fn list_questions(
    State(context): State<AppContext>,
    principal: Principal,
    Path(campaign_id): Path<String>,
) -> ApiResult<Json<Vec<Question>>> {
    principal.require(Permission::UseStaffApp)?;
    let parts = CampaignParts::require(&context.store, &principal.tenant_id, &campaign_id).await?;
    Ok(Json(parts.questions.iter().map(Question::from).collect()))
}

/// Add a question (at the end, or at `sequence`).
#[utoipa::path(post, path = "/question/add", tag = TAG, security(("staffToken" = ["UseStaffApp"])), request_body = AddQuestion,
    responses(
        (status = 201, body = Question),
        (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody),
    ))]
pub async fn add_question(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<AddQuestion>,
) -> ApiResult<(StatusCode, Json<Question>)> {
    principal.require(Permission::UseStaffApp)?;
    let mut errors = Errors::default();
    let text = errors.check(
        "question",
        rules::bounded(&body.question, rules::QUESTION_MAX, rules::QUESTION_REQUIRED, rules::QUESTION_TOO_LONG),
    );
    let tips = tips(body.tips.as_deref(), &mut errors);
    let script = script(body.script.as_deref(), &mut errors);
    let time_limit_seconds =
        errors.check("timeLimitSeconds", rules::time_limit(body.time_limit_seconds.unwrap_or(0))).flatten();
    errors.finish()?;
    let parts = CampaignParts::require(&context.store, &principal.tenant_id, &body.campaign_id).await?;
    if parts.questions.len() >= MAX_QUESTIONS {
        return Err(ApiError::BadRequest(format!("A campaign can have at most {MAX_QUESTIONS} questions")));
    }
    let question_id = model::new_id();
    let order = reorder(parts.questions.iter().map(|q| q.question_id.clone()).collect(), &question_id, body.sequence);
    let at = model::timestamp(model::now());
    let key = keys::question(&principal.tenant_id, &parts.campaign.campaign_id, &question_id);
    let record = QuestionRecord {
        pk: key.pk,
        sk: key.sk,
        entity_type: QuestionRecord::ENTITY.into(),
        tenant_id: principal.tenant_id.clone(),
        campaign_id: parts.campaign.campaign_id.clone(),
        question_id: question_id.clone(),
        question: text.unwrap_or_default(),
        tips,
        script,
        sequence: order.iter().position(|id| id == &question_id).unwrap_or(0) as u32 + 1,
        time_limit_seconds,
        created_at: at.clone(),
        updated_at: at,
    };
    let mut ops = vec![context.store.put_new_op(&record)?];
    ops.extend(renumber_ops(&context, &parts.questions, &order, &question_id)?);
    commit(&context, Some(&parts.campaign), ops).await?;
    Ok((StatusCode::CREATED, Json(Question::from(&record))))
}

/// Edit a question, or move it with `sequence`. Only an existing question is updated.
#[utoipa::path(put, path = "/question/{id}", tag = TAG, security(("staffToken" = ["UseStaffApp"])), params(("id" = String, Path)),
    request_body = UpdateQuestion,
    responses(
        (status = 200, body = Question),
        (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody),
    ))]
pub async fn update_question(
    State(context): State<AppContext>,
    principal: Principal,
    Path(question_id): Path<String>,
    Json(body): Json<UpdateQuestion>,
) -> ApiResult<Json<Question>> {
    principal.require(Permission::UseStaffApp)?;
    let parts = CampaignParts::require(&context.store, &principal.tenant_id, &body.campaign_id).await?;
    let mut record = parts
        .questions
        .iter()
        .find(|q| q.question_id == question_id)
        .cloned()
        .ok_or_else(|| ApiError::NotFound(QUESTION_NOT_FOUND.into()))?;
    let before = record.clone();
    let mut errors = Errors::default();
    if let Some(text) = &body.question {
        if let Some(text) = errors.check(
            "question",
            rules::bounded(text, rules::QUESTION_MAX, rules::QUESTION_REQUIRED, rules::QUESTION_TOO_LONG),
        ) {
            record.question = text;
        }
    }
    if body.tips.is_some() {
        record.tips = tips(body.tips.as_deref(), &mut errors);
    }
    if body.script.is_some() {
        record.script = script(body.script.as_deref(), &mut errors);
    }
    if let Some(seconds) = body.time_limit_seconds {
        if let Some(limit) = errors.check("timeLimitSeconds", rules::time_limit(seconds)) {
            record.time_limit_seconds = limit;
        }
    }
    errors.finish()?;
    let order = match body.sequence {
        Some(position) => {
            reorder(parts.questions.iter().map(|q| q.question_id.clone()).collect(), &question_id, Some(position))
        }
        None => parts.questions.iter().map(|q| q.question_id.clone()).collect(),
    };
    record.sequence = order.iter().position(|id| id == &question_id).unwrap_or(0) as u32 + 1;
    record.updated_at = model::timestamp(model::now());
    let put = context.store.update_op(&record.key(), |update| {
        update
            .update_expression(
                "SET #question = :question, #tips = :tips, #script = :script, #sequence = :sequence, timeLimitSeconds = :limit, updatedAt = :at",
            )
            .condition_expression("#sequence = :old AND #question = :old_question")
            .expression_attribute_names("#sequence", "sequence")
            .expression_attribute_names("#question", "question")
            .expression_attribute_names("#tips", "tips")
            .expression_attribute_names("#script", "script")
            .expression_attribute_values(":question", AttributeValue::S(record.question.clone()))
            .expression_attribute_values(
                ":tips",
                record.tips.clone().map(AttributeValue::S).unwrap_or(AttributeValue::Null(true)),
            )
            .expression_attribute_values(
                ":script",
                record.script.clone().map(AttributeValue::S).unwrap_or(AttributeValue::Null(true)),
            )
            .expression_attribute_values(":sequence", AttributeValue::N(record.sequence.to_string()))
            .expression_attribute_values(
                ":limit",
                record.time_limit_seconds.map(|s| AttributeValue::N(s.to_string())).unwrap_or(AttributeValue::Null(true)),
            )
            .expression_attribute_values(":old", AttributeValue::N(before.sequence.to_string()))
            .expression_attribute_values(":old_question", AttributeValue::S(before.question.clone()))
            .expression_attribute_values(":at", AttributeValue::S(record.updated_at.clone()))
    })?;
    let mut ops = vec![put];
    ops.extend(renumber_ops(&context, &parts.questions, &order, &question_id)?);
    let reordered = (record.sequence != before.sequence).then_some(&parts.campaign);
    commit(&context, reordered, ops).await?;
    if record.question != before.question {
        storyhive_shared::search::question_changed(
            &context.store,
            &principal.tenant_id,
            &body.campaign_id,
            &question_id,
        )
        .await?;
    }
    Ok(Json(Question::from(&record)))
}

/// Delete a question; the ones after it move up. Its answers and their videos are
/// removed in the background (with the figures they count in).
#[utoipa::path(delete, path = "/question/{campaignId}/{questionId}", tag = TAG, security(("staffToken" = ["UseStaffApp"])),
    params(("campaignId" = String, Path), ("questionId" = String, Path)),
    responses((status = 200, body = Message), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn delete_question(
    State(context): State<AppContext>,
    principal: Principal,
    Path((campaign_id, question_id)): Path<(String, String)>,
) -> ApiResult<Json<Message>> {
    principal.require(Permission::UseStaffApp)?;
    let parts = CampaignParts::require(&context.store, &principal.tenant_id, &campaign_id).await?;
    let record = parts
        .questions
        .iter()
        .find(|q| q.question_id == question_id)
        .ok_or_else(|| ApiError::NotFound(QUESTION_NOT_FOUND.into()))?;
    let order: Vec<String> =
        parts.questions.iter().map(|q| q.question_id.clone()).filter(|id| id != &question_id).collect();
    let job = CascadeJob::DeleteQuestionAnswers {
        tenant_id: principal.tenant_id.clone(),
        campaign_id: parts.campaign.campaign_id.clone(),
        question_id: record.question_id.clone(),
    };
    let mut ops = vec![context.store.delete_existing_op(&record.key())?, cascade::pending_op(&context.store, &job)?];
    ops.extend(renumber_ops(&context, &parts.questions, &order, &question_id)?);
    commit(&context, Some(&parts.campaign), ops).await?;
    cascade::send(&context.cascade, &job).await?;
    Ok(Message::new("Question deleted successfully"))
}

#[cfg(test)]
mod tests {
    use super::reorder;

    fn ids(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn moving_keeps_every_question_once_in_a_dense_order() {
        let list = ids(&["a", "b", "c", "d"]);
        assert_eq!(reorder(list.clone(), "d", Some(1)), ids(&["d", "a", "b", "c"]));
        assert_eq!(reorder(list.clone(), "a", Some(3)), ids(&["b", "c", "a", "d"]));
        assert_eq!(reorder(list.clone(), "b", Some(99)), ids(&["a", "c", "d", "b"]));
        assert_eq!(reorder(list.clone(), "c", Some(0)), ids(&["c", "a", "b", "d"]));
        assert_eq!(reorder(list.clone(), "new", None), ids(&["a", "b", "c", "d", "new"]));
        assert_eq!(reorder(list, "new", Some(2)), ids(&["a", "new", "b", "c", "d"]));
    }
}
