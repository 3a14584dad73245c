//! The committed `openapi.json` (from which the web app's client is generated) must
//! equal the document generated from the routes. Regenerate with
//! `cargo run -p storyhive-gateway --bin storyhive-local -- openapi > openapi.json`.

#[test]
fn committed_openapi_json_matches_the_routes() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../openapi.json");
    let committed = std::fs::read_to_string(&path).expect("openapi.json at the workspace root");
    let generated = storyhive_gateway::openapi_json();
    assert!(
        committed == generated,
        "openapi.json is out of date: run `cargo run -p storyhive-gateway --bin storyhive-local -- openapi > openapi.json`, then `npm run gen:api` in web/"
    );
}

#[test]
fn every_spec_route_of_this_slice_is_documented() {
    let document = storyhive_gateway::openapi();
    for (method, path) in [
        ("post", "/user/register"),
        ("post", "/user/verifyUser"),
        ("post", "/user/resendVerificationEmail"),
        ("post", "/auth/login"),
        ("get", "/auth/logout"),
        ("post", "/user/forgotPassword"),
        ("post", "/user/resetPassword"),
        ("get", "/user/me"),
        ("put", "/user/me/update"),
        ("put", "/user/skip-tour"),
        ("delete", "/user/me"),
        ("get", "/user/getCountryList"),
        ("get", "/initiative/list"),
        ("post", "/initiative/add"),
        ("put", "/initiative/update"),
        ("delete", "/initiative/delete"),
        ("get", "/tags/all-tags"),
        ("post", "/tags/add"),
        ("delete", "/tags/delete"),
        ("get", "/campaign/all-campaigns"),
        ("get", "/campaign/user-campaigns/{userId}"),
        ("post", "/campaign/add"),
        ("post", "/campaign/add-brief"),
        ("post", "/campaign/auto-save-brief"),
        ("put", "/campaign/update"),
        ("put", "/campaign/complete/{id}"),
        ("delete", "/campaign/delete/{id}"),
        ("get", "/campaign/preview/{tenantId}/{campaignId}"),
        ("post", "/campaign/save-script"),
        ("get", "/campaign/CampaignParticipantList/{campaignId}"),
        ("post", "/campaign/add-participants"),
        ("delete", "/campaign/remove-participants/{campaignId}/{userRoleId}"),
        ("get", "/campaign/journey-starters/{campaignId}"),
        ("get", "/question/list/{campaignId}"),
        ("post", "/question/add"),
        ("put", "/question/{id}"),
        ("delete", "/question/{campaignId}/{questionId}"),
    ] {
        let item = document.paths.paths.get(path).unwrap_or_else(|| panic!("{path} missing"));
        let json = serde_json::to_value(item).unwrap();
        assert!(json.get(method).is_some(), "{method} {path} missing");
    }
}

#[test]
fn operation_ids_are_unique_and_every_schema_reference_resolves() {
    let json = serde_json::to_value(storyhive_gateway::openapi()).unwrap();
    let mut ids = std::collections::BTreeMap::new();
    for (path, item) in json["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            if let Some(id) = operation["operationId"].as_str() {
                if let Some(previous) = ids.insert(id.to_string(), format!("{method} {path}")) {
                    panic!("operationId {id} used by {previous} and {method} {path}");
                }
            }
        }
    }
    let schemas = json["components"]["schemas"].as_object().unwrap();
    let text = json.to_string();
    for reference in text.split("\"#/components/schemas/").skip(1) {
        let name = reference.split('"').next().unwrap();
        assert!(schemas.contains_key(name), "schema {name} is referenced but not defined");
    }
}
