//! Helpers of the gateway's whole-API tests (the authorization matrix, reads never write).

use reqwest::Method;
use serde_json::Value;
use storyhive_gateway::HTTP_FUNCTIONS;
use storyhive_local_stack::testkit::{client::call, unique_email, TestStack};
use storyhive_shared::{
    auth::AccessToken,
    model::{self, UserRecord},
    permissions::Role,
};

/// Every HTTP function of the template, each with its own context and recorder.
pub async fn stack() -> TestStack {
    let first = &HTTP_FUNCTIONS[0];
    let mut stack = TestStack::start(first.logical_id, first.router).await;
    for function in &HTTP_FUNCTIONS[1..] {
        stack = stack.with_function(function.logical_id, function.router);
    }
    stack
}

/// A signed-in staff member, written straight to the table (no password hashing):
/// (token, user id).
pub async fn member(stack: &TestStack, tenant_id: &str, role: Role, first_name: &str) -> (String, String) {
    let mut user = UserRecord::new(tenant_id, &model::new_id(), &unique_email(role.name()), role, model::now());
    user.email_verified = true;
    user.first_name = Some(first_name.into());
    user.last_name = Some(role.label().replace(' ', ""));
    let store = &stack.context.store;
    store.put(&user).await.unwrap();
    let token = AccessToken::new(tenant_id, &user.user_id);
    store.put(&token.session_record(model::now())).await.unwrap();
    (token.to_string(), user.user_id)
}

/// A call that must succeed; its answer.
pub async fn ok(stack: &TestStack, token: &str, method: Method, path: &str, body: Value) -> Value {
    let (status, answer) = call(stack, method, path, Some(token), Some(body)).await;
    assert!(status.is_success(), "{path}: {status} {answer}");
    answer
}

/// The value of `name` in a link's query string.
pub fn query_param(link: &str, name: &str) -> String {
    link.split_once('?')
        .map(|(_, q)| q)
        .unwrap_or_default()
        .split('&')
        .find_map(|pair| pair.strip_prefix(&format!("{name}=")))
        .unwrap()
        .to_string()
}
