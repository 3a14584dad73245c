//! The base of the OpenAPI document. Each function adds its routes through
//! `utoipa-axum`, so the document is generated from the same declarations as the routes.

use utoipa::{
    openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme},
    Modify, OpenApi,
};

/// Name of the bearer-token security scheme routes refer to.
pub const STAFF_TOKEN: &str = "staffToken";

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Storyhive API",
        description = "Video-story collection: campaigns, contributors, recordings, review.",
        license(name = "Apache-2.0")
    ),
    modifiers(&SecuritySchemes),
    components(schemas(crate::error::FieldError, crate::error::ErrorDetail, crate::http::Message))
)]
pub struct ApiDoc;

struct SecuritySchemes;

impl Modify for SecuritySchemes {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            STAFF_TOKEN,
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .description(Some("Staff access token from POST /auth/login"))
                    .build(),
            ),
        );
    }
}
