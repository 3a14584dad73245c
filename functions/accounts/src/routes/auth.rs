//! `/auth/*` and the account routes a visitor uses before signing in.

use axum::{extract::State, http::StatusCode};
use storyhive_shared::{
    auth::Principal,
    error::ErrorBody,
    http::{ClientAddress, Json, Message},
    validation::{self, Errors},
    ApiResult, AppContext,
};

use crate::{dto::*, service};

const TAG: &str = "auth";

/// Create an organisation with its super admin, and mail the verification link.
#[utoipa::path(post, path = "/user/register", tag = TAG, request_body = RegisterRequest,
    responses(
        (status = 201, description = "Account created; verification e-mail queued", body = Message),
        (status = 400, description = "Invalid e-mail or password", body = ErrorBody),
        (status = 409, description = "The address is already registered", body = ErrorBody),
    ))]
pub async fn register(
    State(context): State<AppContext>,
    Json(body): Json<RegisterRequest>,
) -> ApiResult<(StatusCode, Json<Message>)> {
    let mut errors = Errors::default();
    let email = errors.check("email", validation::work_email(&body.email));
    errors.check("password", validation::password(&body.password));
    errors.finish()?;
    let email = email.unwrap_or_default();
    service::register(&context, &email, &body.password).await?;
    Ok((
        StatusCode::CREATED,
        Message::new("Your account has been created. Please check your email for the link to verify your address."),
    ))
}

/// Confirm an e-mail address with the token from the verification e-mail.
#[utoipa::path(post, path = "/user/verifyUser", tag = TAG, request_body = TokenRequest,
    responses(
        (status = 200, description = "Address verified", body = Message),
        (status = 400, description = "Invalid, used or expired link", body = ErrorBody),
    ))]
pub async fn verify_user(
    State(context): State<AppContext>,
    Json(body): Json<TokenRequest>,
) -> ApiResult<Json<Message>> {
    service::verify_email(&context, &body.token).await?;
    Ok(Message::new("Your email address has been verified. You can now sign in."))
}

/// Mail a new verification link. The answer is the same whether or not the address exists.
#[utoipa::path(post, path = "/user/resendVerificationEmail", tag = TAG, request_body = EmailRequest,
    responses(
        (status = 200, description = "Link sent if an unverified account has this address", body = Message),
        (status = 400, description = "Not an e-mail address", body = ErrorBody),
        (status = 429, description = "Too many requests from this client", body = ErrorBody),
    ))]
pub async fn resend_verification_email(
    State(context): State<AppContext>,
    client: ClientAddress,
    Json(body): Json<EmailRequest>,
) -> ApiResult<Json<Message>> {
    let email = validation::email(&body.email, validation::WORK_EMAIL_REQUIRED)
        .map_err(|m| storyhive_shared::ApiError::field("email", m))?;
    service::resend_verification(&context, &email, &client.0).await?;
    Ok(Message::new("If an account at this address is waiting for verification, we have sent a new link."))
}

/// Sign in with e-mail and password.
#[utoipa::path(post, path = "/auth/login", tag = TAG, request_body = LoginRequest,
    responses(
        (status = 200, description = "Signed in", body = LoginResponse),
        (status = 400, description = "Wrong credentials, unverified or suspended account; a super admin on the staff sign-in page", body = ErrorBody),
        (status = 409, description = "Many sign-ins to the same address at the same moment: try again", body = ErrorBody),
        (status = 429, description = "Too many failed attempts: locked for a while", body = ErrorBody),
    ))]
pub async fn login(
    State(context): State<AppContext>,
    client: ClientAddress,
    Json(body): Json<LoginRequest>,
) -> ApiResult<Json<LoginResponse>> {
    let email = validation::email(&body.email, service::WRONG_CREDENTIALS)
        .map_err(|_| storyhive_shared::ApiError::BadRequest(service::WRONG_CREDENTIALS.into()))?;
    if body.password.is_empty() {
        return Err(storyhive_shared::ApiError::BadRequest(service::WRONG_CREDENTIALS.into()));
    }
    let token = service::login(&context, &email, &body.password, &client.0).await?;
    Ok(Json(LoginResponse { tenant_id: token.tenant_id.clone(), access_token: token.to_string() }))
}

/// Sign out: the token is revoked at once.
#[utoipa::path(get, path = "/auth/logout", tag = TAG, security(("staffToken" = ["UseStaffApp"])),
    responses(
        (status = 200, description = "Signed out", body = Message),
        (status = 401, description = "No valid session", body = ErrorBody),
    ))]
pub async fn logout(State(context): State<AppContext>, principal: Principal) -> ApiResult<Json<Message>> {
    principal.require(storyhive_shared::permissions::Permission::UseStaffApp)?;
    // Staff only (`scopes::ROUTE_SCOPES`): a key never gets here, and has no session.
    let token = principal.token.as_ref().ok_or(storyhive_shared::ApiError::Forbidden)?;
    service::logout(&context, token).await?;
    Ok(Message::new("You have been signed out"))
}

/// Mail a password reset link. The answer is the same whether or not the address exists.
#[utoipa::path(post, path = "/user/forgotPassword", tag = TAG, request_body = EmailRequest,
    responses(
        (status = 200, description = "Link sent if an account has this address", body = Message),
        (status = 400, description = "Not an e-mail address", body = ErrorBody),
        (status = 429, description = "Too many requests from this client", body = ErrorBody),
    ))]
pub async fn forgot_password(
    State(context): State<AppContext>,
    client: ClientAddress,
    Json(body): Json<EmailRequest>,
) -> ApiResult<Json<Message>> {
    let email = validation::email(&body.email, validation::WORK_EMAIL_REQUIRED)
        .map_err(|m| storyhive_shared::ApiError::field("email", m))?;
    service::forgot_password(&context, &email, &client.0).await?;
    Ok(Message::new("If an account exists for this email address, we have sent a link to reset the password."))
}

/// Set a new password with the token from the reset e-mail (single use, expires after 1 hour).
#[utoipa::path(post, path = "/user/resetPassword", tag = TAG, request_body = ResetPasswordRequest,
    responses(
        (status = 200, description = "Password changed; every session of the account ended", body = Message),
        (status = 400, description = "Invalid password, or invalid, used or expired link", body = ErrorBody),
    ))]
pub async fn reset_password(
    State(context): State<AppContext>,
    Json(body): Json<ResetPasswordRequest>,
) -> ApiResult<Json<Message>> {
    let mut errors = Errors::default();
    let email = errors.check("email", validation::email(&body.email, validation::WORK_EMAIL_REQUIRED));
    errors.check("password", validation::password(&body.password));
    errors.finish()?;
    service::reset_password(&context, &email.unwrap_or_default(), &body.token, &body.password).await?;
    Ok(Message::new("Your password has been reset. You can now sign in."))
}
