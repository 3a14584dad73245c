//! The local gateway and `template.yaml` route the same operations to the same functions.
//!
//! Locally every function's router is merged into one server (`HTTP_FUNCTIONS`); in AWS,
//! API Gateway picks a route of `template.yaml` for each request and invokes that route's
//! function. These tests replay API Gateway's route selection for every operation each
//! function crate serves (`api()`), so an operation the template sends elsewhere (or
//! nowhere) fails here, not in the cloud.

use std::collections::BTreeSet;

use storyhive_gateway::HTTP_FUNCTIONS;
use storyhive_local_stack::{
    template::{references, Template},
    testkit::template,
};

/// API Gateway's catch-all route key: the route of a request no other route matches.
const DEFAULT: &str = "$default";

#[derive(Debug, Clone)]
struct Route {
    logical_id: String,
    method: String,
    path: String,
    function: String,
}

/// Every `AWS::ApiGatewayV2::Route` of the template and the function its integration invokes.
fn template_routes(template: &Template) -> Vec<Route> {
    let mut routes = Vec::new();
    for route in template.of_kind("AWS::ApiGatewayV2::Route") {
        let id = &route.logical_id;
        let key = route.properties["RouteKey"].as_str().unwrap_or_else(|| panic!("{id}: RouteKey"));
        let (method, path) = if key == DEFAULT {
            ("ANY", DEFAULT)
        } else {
            key.split_once(' ').unwrap_or_else(|| panic!("{id}: RouteKey {key} is not 'METHOD /path'"))
        };
        assert_eq!(references(&route.properties["ApiId"]), ["HttpApi"], "{id}: not on HttpApi");
        let target = references(&route.properties["Target"]);
        let [integration] = target.as_slice() else { panic!("{id}: Target must name one integration: {target:?}") };
        let integration = template
            .resource(integration)
            .filter(|r| r.kind == "AWS::ApiGatewayV2::Integration")
            .unwrap_or_else(|| panic!("{id}: {integration} is not an AWS::ApiGatewayV2::Integration"));
        assert_eq!(references(&integration.properties["ApiId"]), ["HttpApi"], "{}", integration.logical_id);
        let function = references(&integration.properties["IntegrationUri"]);
        let [function] = function.as_slice() else {
            panic!("{}: IntegrationUri names no function", integration.logical_id)
        };
        routes.push(Route {
            logical_id: id.clone(),
            method: method.into(),
            path: path.into(),
            function: function.clone(),
        });
    }
    routes
}

/// How well a route matches a request, as API Gateway ranks HTTP API routes: a route
/// without a greedy `{proxy+}` beats a greedy one, then the route with more literal
/// segments, then an exact method beats `ANY`. `None` = no match.
fn score(route: &Route, method: &str, path: &str) -> Option<(bool, usize, bool)> {
    if route.path == DEFAULT {
        return None;
    }
    if route.method != "ANY" && !route.method.eq_ignore_ascii_case(method) {
        return None;
    }
    let pattern: Vec<&str> = route.path.trim_start_matches('/').split('/').collect();
    let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    let greedy = pattern.last().is_some_and(|s| s.starts_with('{') && s.ends_with("+}"));
    let fixed = if greedy { &pattern[..pattern.len() - 1] } else { &pattern[..] };
    // {proxy+} takes one segment or more.
    let length_matches = if greedy { segments.len() > fixed.len() } else { segments.len() == fixed.len() };
    if !length_matches || segments.iter().any(|s| s.is_empty()) {
        return None;
    }
    let mut literals = 0;
    for (p, s) in fixed.iter().zip(&segments) {
        if p.starts_with('{') && p.ends_with('}') {
            if s.is_empty() {
                return None;
            }
        } else if p == s {
            literals += 1;
        } else {
            return None;
        }
    }
    Some((!greedy, literals, route.method != "ANY"))
}

/// The route API Gateway picks for a request, or an error (none, or a tie).
fn select<'a>(routes: &'a [Route], method: &str, path: &str) -> Result<&'a Route, String> {
    let mut scored: Vec<_> = routes.iter().filter_map(|r| Some((score(r, method, path)?, r))).collect();
    scored.sort_by_key(|(score, _)| std::cmp::Reverse(*score));
    match scored.as_slice() {
        [] => routes
            .iter()
            .find(|r| r.path == DEFAULT)
            .ok_or_else(|| format!("no route of template.yaml matches {method} {path}")),
        [(best, _), (next, _), ..] if best == next => Err(format!(
            "{method} {path}: routes {} and {} match equally",
            scored[0].1.logical_id, scored[1].1.logical_id
        )),
        [(_, route), ..] => Ok(route),
    }
}

/// A concrete request path for an OpenAPI path: `{param}` becomes a value no literal
/// route segment uses.
fn concrete(path: &str) -> String {
    path.split('/')
        .map(|s| match s.strip_prefix('{').and_then(|s| s.strip_suffix('}')) {
            Some(name) => format!("sample-{name}"),
            None => s.to_string(),
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// (function logical id, METHOD, OpenAPI path) of every operation each crate serves.
fn operations() -> Vec<(&'static str, String, String)> {
    let mut operations = Vec::new();
    for function in &HTTP_FUNCTIONS {
        let document = (function.api)().split_for_parts().1;
        for (path, item) in &document.paths.paths {
            let item = serde_json::to_value(item).unwrap();
            for method in ["get", "put", "post", "delete", "options", "head", "patch", "trace"] {
                if item.get(method).is_some() {
                    operations.push((function.logical_id, method.to_uppercase(), path.clone()));
                }
            }
        }
    }
    assert!(operations.len() > 50, "expected the whole API, found {} operations", operations.len());
    operations
}

#[test]
fn every_operation_is_routed_to_the_function_that_serves_it_locally() {
    let routes = template_routes(&template());
    let mut wrong = Vec::new();
    for (function, method, path) in operations() {
        match select(&routes, &method, &concrete(&path)) {
            Ok(route) if route.path == DEFAULT => {
                wrong.push(format!("{method} {path}: no route of template.yaml but the catch-all {DEFAULT} takes it"))
            }
            Ok(route) if route.function == function => {}
            Ok(route) => wrong.push(format!(
                "{method} {path}: served by {function} locally, but template.yaml routes it ({} {} = {}) to {}",
                route.method, route.path, route.logical_id, route.function
            )),
            Err(why) => wrong.push(format!("{why} (served by {function} locally)")),
        }
    }
    assert!(wrong.is_empty(), "\n  {}", wrong.join("\n  "));
}

#[test]
fn every_route_of_the_template_is_served_by_its_function() {
    let routes = template_routes(&template());
    let mut used = BTreeSet::new();
    for (_, method, path) in operations() {
        if let Ok(route) = select(&routes, &method, &concrete(&path)) {
            used.insert(route.logical_id.clone());
        }
    }
    let local: Vec<&str> = HTTP_FUNCTIONS.iter().map(|f| f.logical_id).collect();
    let mut wrong = Vec::new();
    for route in &routes {
        if !local.contains(&route.function.as_str()) {
            wrong.push(format!("{}: {} is not an HTTP function of the gateway", route.logical_id, route.function));
        } else if route.path != DEFAULT
            && !used.contains(&route.logical_id)
            // The public pages (HTML, outside the API's document): `public_pages` checks them.
            && !storyhive_gateway::PUBLIC_PAGE_PREFIXES.iter().any(|prefix| route.path.starts_with(prefix))
        {
            wrong.push(format!(
                "{} ({} {}): no operation of {} is routed through it",
                route.logical_id, route.method, route.path, route.function
            ));
        }
    }
    assert!(wrong.is_empty(), "\n  {}", wrong.join("\n  "));
}

#[test]
fn paths_no_function_serves_reach_the_catch_all_route() {
    let routes = template_routes(&template());
    let defaults: Vec<_> = routes.iter().filter(|r| r.path == DEFAULT).collect();
    assert_eq!(defaults.len(), 1, "one {DEFAULT} route, so API Gateway never answers its own 404: {defaults:?}");
    // `/api` and `/api/` reach the API as `/` (CloudFront's ApiPrefixFunction).
    for (method, path) in [("GET", "/"), ("POST", "/no/such/route"), ("DELETE", "/campaign"), ("GET", "/tags")] {
        let route = select(&routes, method, path).unwrap();
        assert_eq!(route.path, DEFAULT, "{method} {path}");
    }
}

#[test]
fn api_gateway_may_invoke_every_function_it_routes_to() {
    let template = template();
    let permitted: BTreeSet<String> = template
        .of_kind("AWS::Lambda::Permission")
        .filter(|p| p.properties["Principal"].as_str() == Some("apigateway.amazonaws.com"))
        .filter(|p| references(&p.properties["SourceArn"]).contains(&"HttpApi".to_string()))
        .flat_map(|p| references(&p.properties["FunctionName"]))
        .collect();
    for route in template_routes(&template) {
        assert!(
            permitted.contains(&route.function),
            "no AWS::Lambda::Permission lets HttpApi invoke {}",
            route.function
        );
    }
}

#[test]
fn the_gateway_runs_the_binaries_the_template_deploys() {
    let template = template();
    for function in &HTTP_FUNCTIONS {
        let resource = template.function(function.logical_id).unwrap();
        assert_eq!(
            resource.metadata["BuildProperties"]["Binary"].as_str(),
            Some(function.binary),
            "{}",
            function.logical_id
        );
    }
}

#[test]
fn route_selection_follows_api_gateway() {
    let route = |id: &str, method: &str, path: &str| Route {
        logical_id: id.into(),
        method: method.into(),
        path: path.into(),
        function: id.into(),
    };
    let routes = [
        route("Campaigns", "ANY", "/campaign/{proxy+}"),
        route("Add", "POST", "/campaign/add-contributor"),
        route("Remove", "DELETE", "/campaign/remove-contributor/{campaignId}/{contributorId}"),
    ];
    let pick = |method: &str, path: &str| select(&routes, method, path).map(|r| r.logical_id.as_str());
    assert_eq!(pick("POST", "/campaign/add-contributor"), Ok("Add"));
    assert_eq!(pick("GET", "/campaign/add-contributor"), Ok("Campaigns"), "another method falls to ANY");
    assert_eq!(pick("DELETE", "/campaign/remove-contributor/a/b"), Ok("Remove"));
    assert_eq!(pick("DELETE", "/campaign/remove-contributor/a"), Ok("Campaigns"));
    assert_eq!(pick("DELETE", "/campaign/remove-contributor/a/b/c"), Ok("Campaigns"));
    assert_eq!(pick("GET", "/campaign/all-campaigns"), Ok("Campaigns"));
    assert!(pick("GET", "/campaign").is_err(), "{{proxy+}} needs at least one segment");
    assert!(pick("GET", "/tags/all").is_err());
    let mut with_default = routes.to_vec();
    with_default.push(route("Default", "ANY", DEFAULT));
    let pick = |method: &str, path: &str| select(&with_default, method, path).map(|r| r.logical_id.as_str());
    assert_eq!(pick("GET", "/tags/all"), Ok("Default"));
    assert_eq!(pick("GET", "/campaign"), Ok("Default"));
    assert_eq!(pick("POST", "/campaign/add-contributor"), Ok("Add"), "the catch-all only takes what nothing else does");
}
