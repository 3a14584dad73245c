//! The publishing handlers (staff): publish and unpublish, list, figures, walls, and
//! consent withdrawals staff received by other means.

use axum::{extract::State, http::StatusCode};
use storyhive_shared::{
    auth::Principal,
    error::ErrorBody,
    http::{Json, Message, PageParams, Path, Query},
    permissions::Permission,
    publishing::stats::Stats,
    ApiResult, AppContext,
};

use crate::{dto::*, service};

const TAG: &str = "publishing";

/// Publish an approved answer or generated video: it gets a public page (`/v/{slug}`), an
/// embed and captions. Every speaker must have accepted the current terms and not
/// withdrawn their consent.
#[utoipa::path(post, path = "/publications", tag = TAG, security(("staffToken" = ["Publish"])), request_body = PublishRequest,
    responses(
        (status = 201, description = "Published", body = Publication),
        (status = 200, description = "Already published: the live item", body = Publication),
        (status = 400, description = "'Only approved videos can be published', '<Speaker> has not accepted the current terms and conditions', '<Speaker> has withdrawn their consent', a missing id", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, description = "Only superAdmin, admin and creator publish", body = ErrorBody),
        (status = 404, description = "No such campaign, answer or video", body = ErrorBody),
    ))]
pub async fn publish(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<PublishRequest>,
) -> ApiResult<(StatusCode, Json<Publication>)> {
    principal.require(Permission::Publish)?;
    let (created, publication) = service::publish(&context, &principal, body).await?;
    Ok((if created { StatusCode::CREATED } else { StatusCode::OK }, Json(publication)))
}

/// The organisation's published items, newest first, live or taken down (with why).
#[utoipa::path(get, path = "/publications", tag = TAG, security(("staffToken" = ["UseStaffApp"])), params(PublicationsParams),
    responses(
        (status = 200, body = PublicationPage),
        (status = 400, description = "Bad cursor or page size", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
    ))]
pub async fn list_publications(
    State(context): State<AppContext>,
    principal: Principal,
    Query(params): Query<PublicationsParams>,
) -> ApiResult<Json<PublicationPage>> {
    principal.require(Permission::UseStaffApp)?;
    Ok(Json(service::list(&context, &principal.tenant_id, &params).await?))
}

/// Views, embed loads, plays and how far people watched: the organisation's, or a campaign's.
#[utoipa::path(get, path = "/publications/stats", tag = TAG, security(("staffToken" = ["UseStaffApp"])), params(StatsParams),
    responses(
        (status = 200, body = Stats),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "No such campaign", body = ErrorBody),
    ))]
pub async fn publication_stats(
    State(context): State<AppContext>,
    principal: Principal,
    Query(params): Query<StatsParams>,
) -> ApiResult<Json<Stats>> {
    principal.require(Permission::UseStaffApp)?;
    let campaign = params.campaign_id.as_ref().map(|c| c.as_str());
    Ok(Json(service::figures(&context, &principal.tenant_id, campaign).await?))
}

/// One published item with its figures.
#[utoipa::path(get, path = "/publications/{publicationId}", tag = TAG, security(("staffToken" = ["UseStaffApp"])),
    params(("publicationId" = String, Path)),
    responses(
        (status = 200, body = Publication),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "'This published video does not exist'", body = ErrorBody),
    ))]
pub async fn get_publication(
    State(context): State<AppContext>,
    principal: Principal,
    Path(publication_id): Path<String>,
) -> ApiResult<Json<Publication>> {
    principal.require(Permission::UseStaffApp)?;
    let record = service::of_tenant(&context, &principal.tenant_id, &publication_id).await?;
    Ok(Json(service::publication(&context, &record).await?))
}

/// Unpublish: the page answers 410 'This story is no longer available' at once, its
/// embeds and walls stop showing it. Repeating it changes nothing.
#[utoipa::path(delete, path = "/publications/{publicationId}", tag = TAG, security(("staffToken" = ["Publish"])),
    params(("publicationId" = String, Path)),
    responses(
        (status = 200, description = "Taken down (or already down)", body = Publication),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "'This published video does not exist'", body = ErrorBody),
    ))]
pub async fn unpublish(
    State(context): State<AppContext>,
    principal: Principal,
    Path(publication_id): Path<String>,
) -> ApiResult<Json<Publication>> {
    principal.require(Permission::Publish)?;
    Ok(Json(service::unpublish(&context, &principal, &publication_id).await?))
}

/// A new wall: a campaign's live videos, or videos picked and ordered by hand.
#[utoipa::path(post, path = "/walls", tag = TAG, security(("staffToken" = ["Publish"])), request_body = WallRequest,
    responses(
        (status = 201, body = Wall),
        (status = 400, description = "'Title is a required field', 'A wall shows at most 100 videos', an unknown video", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "No such campaign", body = ErrorBody),
    ))]
pub async fn create_wall(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<WallRequest>,
) -> ApiResult<(StatusCode, Json<Wall>)> {
    principal.require(Permission::Publish)?;
    Ok((StatusCode::CREATED, Json(service::create_wall(&context, &principal, body).await?)))
}

/// The organisation's walls, newest first.
#[utoipa::path(get, path = "/walls", tag = TAG, security(("staffToken" = ["UseStaffApp"])), params(PageParams),
    responses(
        (status = 200, body = WallPage),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
    ))]
pub async fn list_walls(
    State(context): State<AppContext>,
    principal: Principal,
    Query(page): Query<PageParams>,
) -> ApiResult<Json<WallPage>> {
    principal.require(Permission::UseStaffApp)?;
    Ok(Json(service::walls(&context, &principal.tenant_id, page.limit()?, page.cursor()).await?))
}

#[utoipa::path(get, path = "/walls/{wallId}", tag = TAG, security(("staffToken" = ["UseStaffApp"])),
    params(("wallId" = String, Path)),
    responses(
        (status = 200, body = Wall),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "'This wall does not exist'", body = ErrorBody),
    ))]
pub async fn get_wall(
    State(context): State<AppContext>,
    principal: Principal,
    Path(wall_id): Path<String>,
) -> ApiResult<Json<Wall>> {
    principal.require(Permission::UseStaffApp)?;
    let record = service::wall_of_tenant(&context, &principal.tenant_id, &wall_id).await?;
    Ok(Json(Wall::of(&record, service::origin(&context))))
}

/// A wall's new title and, for a hand-picked wall, its videos in order.
#[utoipa::path(put, path = "/walls/{wallId}", tag = TAG, security(("staffToken" = ["Publish"])),
    params(("wallId" = String, Path)), request_body = WallUpdate,
    responses(
        (status = 200, body = Wall),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "'This wall does not exist'", body = ErrorBody),
    ))]
pub async fn update_wall(
    State(context): State<AppContext>,
    principal: Principal,
    Path(wall_id): Path<String>,
    Json(body): Json<WallUpdate>,
) -> ApiResult<Json<Wall>> {
    principal.require(Permission::Publish)?;
    Ok(Json(service::update_wall(&context, &principal.tenant_id, &wall_id, body).await?))
}

#[utoipa::path(delete, path = "/walls/{wallId}", tag = TAG, security(("staffToken" = ["Publish"])),
    params(("wallId" = String, Path)),
    responses(
        (status = 200, body = Message),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "'This wall does not exist'", body = ErrorBody),
    ))]
pub async fn delete_wall(
    State(context): State<AppContext>,
    principal: Principal,
    Path(wall_id): Path<String>,
) -> ApiResult<Json<Message>> {
    principal.require(Permission::Publish)?;
    service::delete_wall(&context, &principal.tenant_id, &wall_id).await?;
    Ok(Message::new("Wall deleted successfully"))
}

/// Staff record a withdrawal of consent received by other means (a letter, a call): within
/// a minute every published video of the collaborator is taken down.
#[utoipa::path(post, path = "/consent-withdrawals", tag = TAG, security(("staffToken" = ["Publish"])),
    request_body = WithdrawalRequest,
    responses(
        (status = 200, description = "Recorded (a repeat keeps the first record)", body = Consent),
        (status = 400, description = "'The note must be at most 500 characters'", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "'This collaborator does not exist'", body = ErrorBody),
    ))]
pub async fn record_withdrawal(
    State(context): State<AppContext>,
    principal: Principal,
    Json(body): Json<WithdrawalRequest>,
) -> ApiResult<Json<Consent>> {
    principal.require(Permission::Publish)?;
    Ok(Json(service::record_withdrawal(&context, &principal, body).await?))
}

/// A collaborator's consent to publication, and what its withdrawal took down.
#[utoipa::path(get, path = "/consent/{contributorId}", tag = TAG, security(("staffToken" = ["UseStaffApp"])),
    params(("contributorId" = String, Path)),
    responses(
        (status = 200, body = Consent),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "'This collaborator does not exist'", body = ErrorBody),
    ))]
pub async fn get_consent(
    State(context): State<AppContext>,
    principal: Principal,
    Path(contributor_id): Path<String>,
) -> ApiResult<Json<Consent>> {
    principal.require(Permission::UseStaffApp)?;
    Ok(Json(service::consent(&context, &principal.tenant_id, &contributor_id).await?))
}
