//! HTTP helpers for integration tests: a signed-in staff member of a fresh
//! organisation, and short calls that return the status and JSON body.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use storyhive_shared::{
    auth,
    model::{self, EmailClaim, TenantRecord, UserRecord},
    permissions::Role,
};

use super::{unique_email, TestStack};

pub const PASSWORD: &str = "Story-Hive-42";

/// A signed-in staff member of a fresh organisation.
#[derive(Clone, Debug)]
pub struct Staff {
    pub token: String,
    pub tenant_id: String,
    pub user_id: String,
}

/// A new organisation with a verified super admin; returns them signed in.
pub async fn organisation(stack: &TestStack) -> Staff {
    let tenant_id = model::new_id();
    let mut tenant = TenantRecord::new(&tenant_id, model::now());
    tenant.company_name = Some("Acme Films".into());
    stack.context.store.put(&tenant).await.unwrap();
    member(stack, &tenant_id, Role::SuperAdmin).await
}

/// Another verified staff member of the organisation, signed in.
pub async fn member(stack: &TestStack, tenant_id: &str, role: Role) -> Staff {
    let email = unique_email(role.name());
    let at = model::now();
    let mut user = UserRecord::new(tenant_id, &model::new_id(), &email, role, at);
    user.password_hash = Some(auth::hash_password(PASSWORD).unwrap());
    user.email_verified = true;
    user.first_name = Some("Test".into());
    user.last_name = Some(role.label().replace(' ', ""));
    let store = &stack.context.store;
    store
        .transact(vec![
            store.put_new_op(&EmailClaim::new(&email, tenant_id, &user.user_id, at)).unwrap(),
            store.put_new_op(&user).unwrap(),
        ])
        .await
        .unwrap();
    let (status, body) =
        call(stack, Method::POST, "/auth/login", None, Some(json!({"email": email, "password": PASSWORD}))).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    Staff { token: body["accessToken"].as_str().unwrap().into(), tenant_id: tenant_id.into(), user_id: user.user_id }
}

pub async fn call(
    stack: &TestStack,
    method: Method,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let mut request = stack.http.request(method, stack.url(path));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    if let Some(body) = body {
        request = request.json(&body);
    }
    let response = request.send().await.expect("request");
    let status = response.status();
    let text = response.text().await.expect("body");
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

impl Staff {
    pub async fn get(&self, stack: &TestStack, path: &str) -> (StatusCode, Value) {
        call(stack, Method::GET, path, Some(&self.token), None).await
    }
    pub async fn post(&self, stack: &TestStack, path: &str, body: Value) -> (StatusCode, Value) {
        call(stack, Method::POST, path, Some(&self.token), Some(body)).await
    }
    pub async fn put(&self, stack: &TestStack, path: &str, body: Value) -> (StatusCode, Value) {
        call(stack, Method::PUT, path, Some(&self.token), Some(body)).await
    }
    pub async fn delete(&self, stack: &TestStack, path: &str, body: Option<Value>) -> (StatusCode, Value) {
        call(stack, Method::DELETE, path, Some(&self.token), body).await
    }

    /// Creates an initiative; returns its id.
    pub async fn initiative(&self, stack: &TestStack, name: &str) -> String {
        let (status, body) = self.post(stack, "/initiative/add", json!({"name": name})).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        body["id"].as_str().unwrap().into()
    }

    pub async fn tag(&self, stack: &TestStack, name: &str) -> String {
        let (status, body) = self.post(stack, "/tags/add", json!({"name": name})).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        body["id"].as_str().unwrap().into()
    }

    /// Creates an evergreen campaign; returns the campaign as answered.
    pub async fn campaign(&self, stack: &TestStack, initiative_id: &str, title: &str, tags: &[&str]) -> Value {
        let (status, body) = self.post(stack, "/campaign/add", campaign_body(initiative_id, title, tags)).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        body
    }

    pub async fn question(&self, stack: &TestStack, campaign_id: &str, text: &str) -> Value {
        let (status, body) =
            self.post(stack, "/question/add", json!({"campaignId": campaign_id, "question": text})).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        body
    }

    /// A live campaign with one question; returns its id.
    pub async fn live_campaign(&self, stack: &TestStack, title: &str) -> (String, String) {
        let initiative = self.initiative(stack, &format!("Init {}", model::new_id())).await;
        let tag = self.tag(stack, &format!("t{}", &model::new_id()[20..])).await;
        let campaign = self.campaign(stack, &initiative, title, &[&tag]).await;
        let id = campaign["id"].as_str().unwrap().to_string();
        self.question(stack, &id, "What brought you here?").await;
        let (status, body) = self.put(stack, &format!("/campaign/complete/{id}"), json!({})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        (id, initiative)
    }
}

pub fn campaign_body(initiative_id: &str, title: &str, tags: &[&str]) -> Value {
    json!({
        "initiativeId": initiative_id,
        "title": title,
        "description": "Stories from our volunteers",
        "type": "evergreen",
        "visibility": "public",
        "mode": "portrait",
        "tags": tags,
    })
}

/// The first invalid field's message of a validation failure (also its `detail`).
pub fn first_message(body: &Value) -> &str {
    let message = body["errors"][0]["message"].as_str().unwrap_or_else(|| panic!("not a validation failure: {body}"));
    assert_eq!(body["detail"].as_str(), Some(message), "the detail shows the first message: {body}");
    message
}

pub fn detail(body: &Value) -> &str {
    body["detail"].as_str().unwrap_or_else(|| panic!("no detail: {body}"))
}

pub fn unique(label: &str) -> String {
    format!("{label} {}", &model::new_id()[16..])
}
