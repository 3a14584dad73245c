//! One permission table (`storyhive_shared::permissions`, spec section 6) for every
//! function and for the web app:
//! - every staff route of `openapi.json` names exactly one permission of the table as
//!   its scope (the authorization matrix then checks each role against it);
//! - the committed `web/src/config/permissions.json` equals the table, and the web
//!   app's Vitest suite checks its role table (`web/src/config/access.ts`) against that
//!   file, so changing either side alone fails a test. Regenerate with
//!   `cargo run -q -p storyhive-gateway --bin storyhive-local -- permissions > web/src/config/permissions.json`.

use serde_json::Value;
use storyhive_shared::permissions::{self, Permission};

#[test]
fn the_web_apps_copy_of_the_permission_table_is_current() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/src/config/permissions.json");
    let committed = std::fs::read_to_string(&path).expect("web/src/config/permissions.json");
    assert!(
        committed == permissions::table_json(),
        "web/src/config/permissions.json is out of date: run `cargo run -q -p storyhive-gateway --bin storyhive-local -- permissions > web/src/config/permissions.json` and update web/src/config/access.ts to match"
    );
}

#[test]
fn every_staff_route_names_one_permission_of_the_table() {
    let document: Value = serde_json::from_str(&storyhive_gateway::openapi_json()).unwrap();
    let mut staff_routes = 0;
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            for requirement in operation["security"].as_array().into_iter().flatten() {
                let Some(scopes) = requirement.get("staffToken") else { continue };
                staff_routes += 1;
                let scopes: Vec<&str> = scopes.as_array().unwrap().iter().map(|s| s.as_str().unwrap()).collect();
                let [scope] = scopes.as_slice() else {
                    panic!("{method} {path}: a staff route names exactly one permission, not {scopes:?}")
                };
                assert!(Permission::from_name(scope).is_some(), "{method} {path}: unknown permission {scope}");
            }
        }
    }
    assert!(staff_routes >= 45, "the staff routes were found ({staff_routes})");
}

/// Every staff route has one row in the API keys' table (`scopes::ROUTE_SCOPES`: the
/// scope a key needs, or staff only), every row is a route, and `openapi.json` documents
/// each route's scope as its `apiKey` requirement.
#[test]
fn every_staff_route_declares_what_an_api_key_needs() {
    use storyhive_shared::scopes::{key_access, KeyAccess, ROUTE_SCOPES};
    let document: Value = serde_json::from_str(&storyhive_gateway::openapi_json()).unwrap();
    let mut staff_routes = Vec::new();
    let mut missing = Vec::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let requirements: Vec<&Value> = operation["security"].as_array().into_iter().flatten().collect();
            if !requirements.iter().any(|r| r.get("staffToken").is_some()) {
                assert!(
                    !requirements.iter().any(|r| r.get("apiKey").is_some()),
                    "{method} {path}: keys only reach staff routes"
                );
                continue;
            }
            let method = method.to_uppercase();
            staff_routes.push((method.clone(), path.clone()));
            if !ROUTE_SCOPES.iter().any(|(m, p, _)| *m == method && p == path) {
                missing.push(format!("{method} {path}"));
            }
            let documented = requirements.iter().find_map(|r| r.get("apiKey")).map(|s| s[0].as_str().unwrap());
            let declared = match key_access(&method, path) {
                KeyAccess::Needs(scope) => Some(scope.name()),
                KeyAccess::StaffOnly => None,
            };
            assert_eq!(documented, declared.as_deref(), "{method} {path}");
        }
    }
    assert!(missing.is_empty(), "staff routes without a row in scopes::ROUTE_SCOPES: {missing:#?}");
    let stale: Vec<_> = ROUTE_SCOPES
        .iter()
        .filter(|(m, p, _)| !staff_routes.iter().any(|(method, path)| method == m && path == p))
        .collect();
    assert!(stale.is_empty(), "rows of scopes::ROUTE_SCOPES naming no staff route: {stale:?}");
}
