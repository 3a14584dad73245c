//! Every `/api` answer is JSON in the one error schema with a request id, even for a path
//! no function serves or a method a route does not accept (they once got the web app's
//! page, or a 405 with an empty body). Paths outside `/api` still get the web app.

use reqwest::{Method, StatusCode};
use serde_json::Value;
use storyhive_gateway::HTTP_FUNCTIONS;
use storyhive_local_stack::testkit::TestStack;
use storyhive_shared::error::{METHOD_NOT_ALLOWED, NO_SUCH_ROUTE};

async fn serve() -> (TestStack, String, std::path::PathBuf) {
    let first = &HTTP_FUNCTIONS[0];
    let stack = TestStack::start(first.logical_id, first.router).await;
    let dir = std::env::temp_dir().join(format!("storyhive-unknown-routes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("index.html"), "<!doctype html><title>Storyhive</title><div id=root></div>").unwrap();
    let app = storyhive_gateway::app(|id| Ok(stack.function_context(id)), &dir, "http://127.0.0.1:9".into()).unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (stack, base, dir)
}

async fn answer(base: &str, method: Method, path: &str) -> (StatusCode, String, Value) {
    let response = reqwest::Client::new()
        .request(method.clone(), format!("{base}{path}"))
        .header("content-type", "application/json")
        .body("{}")
        .send()
        .await
        .unwrap();
    let status = response.status();
    let kind = response.headers().get("content-type").map(|v| v.to_str().unwrap().to_string()).unwrap_or_default();
    let text = response.text().await.unwrap();
    let body = serde_json::from_str(&text).unwrap_or_else(|_| panic!("{method} {path}: not JSON ({kind}): {text}"));
    (status, kind, body)
}

fn assert_error_schema(what: &str, kind: &str, body: &Value, detail: &str) {
    assert!(kind.starts_with("application/json"), "{what}: {kind}");
    assert_eq!(body["detail"], detail, "{what}: {body}");
    assert!(body["requestId"].as_str().is_some_and(|id| !id.is_empty()), "{what}: {body}");
}

#[tokio::test]
async fn unknown_api_routes_and_wrong_methods_answer_json_with_a_request_id() {
    let (_stack, base, dir) = serve().await;
    for path in ["/api/no/such/route", "/api/campaign/no-such-thing/at/all", "/api/", "/api"] {
        for method in [Method::GET, Method::POST, Method::PUT, Method::DELETE, Method::PATCH] {
            let what = format!("{method} {path}");
            let (status, kind, body) = answer(&base, method, path).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{what}: {body}");
            assert_error_schema(&what, &kind, &body, NO_SUCH_ROUTE);
        }
    }
    for (method, path) in [(Method::DELETE, "/api/dashboard/details"), (Method::POST, "/api/user/me")] {
        let what = format!("{method} {path}");
        let (status, kind, body) = answer(&base, method, path).await;
        assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED, "{what}: {body}");
        assert_error_schema(&what, &kind, &body, METHOD_NOT_ALLOWED);
    }
    // Outside /api the web app answers, as before (its router's history fallback).
    let page = reqwest::get(format!("{base}/campaigns/some/page")).await.unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    assert!(page.text().await.unwrap().contains("<div id=root>"));
    let _ = std::fs::remove_dir_all(dir);
}

/// In AWS, a path no route of `template.yaml` takes goes to its `$default` route, with the
/// `/api` prefix already stripped by CloudFront; that function answers the error schema too.
#[tokio::test]
async fn the_catch_all_routes_function_answers_unknown_paths_with_the_error_schema() {
    let template = storyhive_local_stack::testkit::template();
    let route = template
        .of_kind("AWS::ApiGatewayV2::Route")
        .find(|r| r.properties["RouteKey"].as_str() == Some("$default"))
        .expect("a $default route");
    let integration = storyhive_local_stack::template::references(&route.properties["Target"]);
    let integration = template.resource(&integration[0]).unwrap();
    let function = storyhive_local_stack::template::references(&integration.properties["IntegrationUri"]);
    let function = HTTP_FUNCTIONS.iter().find(|f| f.logical_id == function[0]).expect("an HTTP function");
    let stack = TestStack::start(function.logical_id, function.router).await;
    for (method, path) in [(Method::GET, "/"), (Method::POST, "/no/such/route"), (Method::DELETE, "/tags")] {
        let what = format!("{method} {path} on {}", function.logical_id);
        let (status, kind, body) = answer(&stack.url(""), method, path).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{what}: {body}");
        assert_error_schema(&what, &kind, &body, NO_SUCH_ROUTE);
    }
}
