//! Helpers of the gateway's whole-API tests (the authorization matrix, reads never write).

use reqwest::Method;
use serde_json::Value;
use storyhive_gateway::HTTP_FUNCTIONS;
use storyhive_local_stack::testkit::{client::call, unique_email, TestStack};
use storyhive_shared::{
    api_keys::{self, NewApiKey},
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

/// A new organisation API key with `scopes`, created as Settings → Integrations does
/// (only its hash stored): the key.
pub async fn api_key(stack: &TestStack, tenant_id: &str, name: &str, scopes: &[String]) -> String {
    let body = NewApiKey { name: name.into(), scopes: scopes.to_vec(), expires_at: None };
    let created = api_keys::create(&stack.context.store, tenant_id, ("matrix", "Matrix Admin"), &body, model::now())
        .await
        .unwrap();
    created.key
}

/// A key that expired a second ago (written back with a past expiry: the API takes none).
pub async fn expired_api_key(stack: &TestStack, tenant_id: &str, scopes: &[String]) -> String {
    let key = api_key(stack, tenant_id, "Expired", scopes).await;
    let item_key = api_keys::RawKey::parse(&key).unwrap().item_key();
    let store = &stack.context.store;
    let mut record: api_keys::ApiKeyRecord = store.get(&item_key).await.unwrap().unwrap();
    record.expires_at = Some(model::timestamp(model::now() - time::Duration::seconds(1)));
    store.put(&record).await.unwrap();
    key
}

/// A key revoked through the store's revoke (as `DELETE /organisation/api-keys/{id}`).
pub async fn revoked_api_key(stack: &TestStack, tenant_id: &str, scopes: &[String]) -> String {
    let key = api_key(stack, tenant_id, "Revoked", scopes).await;
    let item_key = api_keys::RawKey::parse(&key).unwrap().item_key();
    let store = &stack.context.store;
    let record: api_keys::ApiKeyRecord = store.get(&item_key).await.unwrap().unwrap();
    api_keys::revoke(store, tenant_id, &record.key_id, model::now()).await.unwrap();
    key
}
