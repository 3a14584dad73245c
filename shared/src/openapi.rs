//! The base of the OpenAPI document, and the rules that complete it. Each function adds
//! its routes through `utoipa-axum`, so the document is generated from the same
//! declarations as the routes; [`finish_document`] then adds what every route shares
//! (the one error schema, the id rule of path parameters, the statuses the shared
//! extractors answer), so nothing a route can answer is left out.

use serde_json::{json, Map, Value};

use crate::scopes::{key_access, KeyAccess};
use utoipa::{
    openapi::security::{ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityScheme},
    Modify, OpenApi,
};

/// Name of the bearer-token security scheme routes refer to. A requirement lists the
/// permission it needs as its scope (e.g. `["ManageUsers"]`, or `["UseStaffApp"]` for
/// any staff role); the gateway's tests refuse a staff route without one.
pub const STAFF_TOKEN: &str = "staffToken";
/// Name of the organisation API key scheme (`Authorization: Bearer shk_…`). A staff
/// route that keys may call lists it as a second requirement, with the one scope a key
/// needs (`campaigns:read`...), from `scopes::ROUTE_SCOPES`; a staff route without it is
/// staff only (a key gets 403).
pub const API_KEY: &str = "apiKey";
/// Name of the invitation-key scheme of contributor routes (`X-Invite-Key`).
pub const INVITE_KEY: &str = "inviteKey";
pub const ERROR_SCHEMA: &str = "ErrorBody";
/// Name of the shared-key scheme of the video processing calls (`x-api-key`).
pub const VIDEO_PROCESSING_KEY: &str = "videoProcessingKey";

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Storyhive API",
        description = "Video-story collection: campaigns, contributors, recordings, review. Every error answer is an `ErrorBody`; every answer carries an `X-Request-Id` header.",
        license(name = "Apache-2.0")
    ),
    modifiers(&SecuritySchemes),
    components(schemas(crate::error::FieldError, crate::error::ErrorBody, crate::http::Message, crate::ids::Id))
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
                    .description(Some(
                        "Staff access token from POST /auth/login. A scope names the permission the route needs.",
                    ))
                    .build(),
            ),
        );
        components.add_security_scheme(
            API_KEY,
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("shk_<tenantId>_<secret>")
                    .description(Some(
                        "An organisation API key (Settings → Integrations), for integrations. The scope names what the key must hold for the route (a `:write` scope includes its area's `:read`); a route without this requirement is for staff only. An unknown, revoked or expired key gets 401; a missing scope 403.",
                    ))
                    .build(),
            ),
        );
        components.add_security_scheme(
            INVITE_KEY,
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
                "X-Invite-Key",
                "A collaborator's invitation key, from their e-mailed link.",
            ))),
        );
        components.add_security_scheme(
            VIDEO_PROCESSING_KEY,
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
                "x-api-key",
                "The deployment's video processing key (VideoProcessingApiKey), shared with partners and the video test page.",
            ))),
        );
    }
}

/// The one status answered outside our code (see [`finish_document`]).
const URI_TOO_LONG: &str = "414";

fn error_response(description: &str) -> Value {
    json!({
        "description": description,
        "content": {"application/json": {"schema": {"$ref": format!("#/components/schemas/{ERROR_SCHEMA}")}}}
    })
}

fn security_schemes(operation: &Value) -> Vec<(String, Vec<String>)> {
    operation
        .get("security")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_object)
        .flat_map(|requirement| {
            requirement.iter().map(|(name, scopes)| {
                let scopes =
                    scopes.as_array().into_iter().flatten().filter_map(Value::as_str).map(String::from).collect();
                (name.clone(), scopes)
            })
        })
        .collect()
}

/// Completes the generated document:
/// - every error response (4xx, 5xx) uses the one `ErrorBody` schema;
/// - every path parameter is an id (`Id`: the shared `Path` extractor checks it);
/// - statuses the shared extractors answer are listed where they can happen: 400 where
///   the route takes parameters or a body, 413 for a body too large, 401 where a staff
///   token is accepted, 403 where a permission or an invitation key is required;
/// - staff routes open to organisation API keys get their `apiKey` requirement with the
///   scope `scopes::ROUTE_SCOPES` gives them;
/// - 414 everywhere: an address longer than the HTTP server reads (64 KiB in the local
///   gateway's hyper, less behind API Gateway and CloudFront) is refused before any route
///   sees it, so that answer has no body of ours.
pub fn finish_document(mut document: Value) -> Value {
    let Some(paths) = document.get_mut("paths").and_then(Value::as_object_mut) else { return document };
    for (path, item) in paths.iter_mut() {
        let Some(item) = item.as_object_mut() else { continue };
        for (method, operation) in item.iter_mut() {
            if !["get", "put", "post", "delete", "patch"].contains(&method.as_str()) {
                continue;
            }
            add_key_scope(operation, method, path);
            finish_operation(operation);
        }
    }
    document
}

/// The `apiKey` requirement of a staff route keys may call, with its one scope.
fn add_key_scope(operation: &mut Value, method: &str, path: &str) {
    if !security_schemes(operation).iter().any(|(name, _)| name == STAFF_TOKEN) {
        return;
    }
    if let KeyAccess::Needs(scope) = key_access(method, path) {
        if let Some(security) = operation.get_mut("security").and_then(Value::as_array_mut) {
            let mut requirement = Map::new();
            requirement.insert(API_KEY.to_string(), json!([scope.name()]));
            security.push(Value::Object(requirement));
        }
    }
}

fn finish_operation(operation: &mut Value) {
    let has_body = operation.get("requestBody").is_some();
    let schemes = security_schemes(operation);
    let Some(object) = operation.as_object_mut() else { return };
    let mut has_parameters = false;
    if let Some(parameters) = object.get_mut("parameters").and_then(Value::as_array_mut) {
        has_parameters = !parameters.is_empty();
        for parameter in parameters.iter_mut() {
            if parameter.get("in").and_then(Value::as_str) == Some("path") {
                parameter["schema"] = json!({"$ref": "#/components/schemas/Id"});
            }
        }
    }
    let responses = object.entry("responses").or_insert_with(|| Value::Object(Map::new()));
    let Some(responses) = responses.as_object_mut() else { return };
    let mut add = |status: &str, description: &str| {
        responses.entry(status.to_string()).or_insert_with(|| error_response(description));
    };
    if has_parameters || has_body {
        add("400", "Invalid input; `errors` names the fields");
    }
    if has_body {
        add("413", "The body is too large");
    }
    let staff = schemes.iter().any(|(name, _)| name == STAFF_TOKEN);
    let needs_permission = schemes.iter().any(|(name, scopes)| name == STAFF_TOKEN && !scopes.is_empty());
    let contributor = schemes.iter().any(|(name, _)| name == INVITE_KEY);
    if staff {
        add("401", "No valid session, or an unknown, revoked or expired API key");
    }
    if needs_permission || contributor {
        add("403", "Not permitted, or the invitation key opens nothing");
    }
    responses.entry(URI_TOO_LONG.to_string()).or_insert_with(
        || json!({"description": "The address is too long; refused by the HTTP server before routing, without a body"}),
    );
    for (status, response) in responses.iter_mut() {
        if status == URI_TOO_LONG {
            continue;
        }
        if status.starts_with('4') || status.starts_with('5') {
            let description = response.get("description").and_then(Value::as_str).unwrap_or("Error").to_string();
            *response = error_response(&description);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_share_one_schema_and_shared_statuses_are_listed() {
        let document = json!({"paths": {"/x/{id}": {"put": {
            "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
            "requestBody": {"content": {}},
            "security": [{"staffToken": ["ManageUsers"]}],
            "responses": {"200": {"description": "ok"}, "404": {"description": "Gone", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Other"}}}}}
        }}}});
        let done = finish_document(document);
        let operation = &done["paths"]["/x/{id}"]["put"];
        for status in ["400", "401", "403", "404", "413"] {
            assert_eq!(
                operation["responses"][status]["content"]["application/json"]["schema"]["$ref"],
                "#/components/schemas/ErrorBody",
                "{status}"
            );
        }
        assert_eq!(operation["responses"]["404"]["description"], "Gone");
        assert!(operation["responses"]["414"].get("content").is_none(), "the HTTP server's 414 has no body");
        assert_eq!(operation["parameters"][0]["schema"]["$ref"], "#/components/schemas/Id");
        assert!(operation["responses"].get("500").is_none());
    }
}
