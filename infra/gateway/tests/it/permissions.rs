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
