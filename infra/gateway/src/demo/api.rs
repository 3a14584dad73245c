//! A small client of Storyhive's HTTP API, calling it as the web app does: staff with
//! their access token, collaborators with the key of their personal link
//! (`X-Invite-Key`), video parts straight to the presigned storage URLs.

use anyhow::{anyhow, bail, Context};
use reqwest::{Method, StatusCode};
use serde::de::DeserializeOwned;
use serde_json::{json, Value};

#[derive(Clone)]
pub struct Api {
    http: reqwest::Client,
    /// Where the routes are, e.g. `http://127.0.0.1:3000/api`.
    base: String,
}

/// Who makes a call.
#[derive(Clone, Copy)]
pub enum Caller<'a> {
    Staff(&'a str),
    Collaborator(&'a str),
}

/// A collaborator's personal link, taken apart.
#[derive(Debug, Clone)]
pub struct Link {
    pub url: String,
    pub tenant_id: String,
    pub campaign_id: String,
    pub contributor_id: String,
    pub key: String,
}

impl Link {
    /// `<app>/contributor/{tenantId}/{campaignId}?contributorId=…&key=…`
    pub fn parse(url: &str) -> anyhow::Result<Self> {
        let parsed = reqwest::Url::parse(url).with_context(|| format!("the invitation link {url:?}"))?;
        let segments: Vec<&str> = parsed.path_segments().map(|s| s.collect()).unwrap_or_default();
        let [.., "contributor", tenant_id, campaign_id] = segments.as_slice() else {
            bail!("the invitation link {url:?} has no /contributor/<tenant>/<campaign> path")
        };
        let query = |name: &str| parsed.query_pairs().find(|(k, _)| k == name).map(|(_, v)| v.into_owned());
        Ok(Self {
            url: url.to_string(),
            tenant_id: tenant_id.to_string(),
            campaign_id: campaign_id.to_string(),
            contributor_id: query("contributorId").context("the invitation link has no contributorId")?,
            key: query("key").context("the invitation link has no key")?,
        })
    }

    /// The ids every collaborator call names.
    pub fn ids(&self) -> Value {
        json!({"tenantId": self.tenant_id, "campaignId": self.campaign_id, "contributorId": self.contributor_id})
    }

    /// The ids with more fields.
    pub fn body(&self, more: Value) -> Value {
        let mut body = self.ids();
        if let (Some(body), Value::Object(more)) = (body.as_object_mut(), more) {
            body.extend(more);
        }
        body
    }
}

impl Api {
    pub fn new(base: &str) -> Self {
        let http =
            reqwest::Client::builder().timeout(std::time::Duration::from_secs(60)).build().expect("an HTTP client");
        Self { http, base: base.trim_end_matches('/').to_string() }
    }

    /// Signs a staff member in; returns their access token and organisation.
    pub async fn sign_in(&self, email: &str, password: &str) -> anyhow::Result<(String, String)> {
        let body: Value = self
            .send(Method::POST, "/auth/login", None, Some(json!({"email": email, "password": password})))
            .await
            .with_context(|| format!("signing in as {email} (has `storyhive-local seed` made the demo users?)"))?;
        let token = body["accessToken"].as_str().context("no accessToken")?.to_string();
        let tenant = body["tenantId"].as_str().context("no tenantId")?.to_string();
        Ok((token, tenant))
    }

    pub async fn get<T: DeserializeOwned>(&self, caller: Caller<'_>, path: &str) -> anyhow::Result<T> {
        self.send(Method::GET, path, Some(caller), None).await
    }

    pub async fn post<T: DeserializeOwned>(&self, caller: Caller<'_>, path: &str, body: Value) -> anyhow::Result<T> {
        self.send(Method::POST, path, Some(caller), Some(body)).await
    }

    pub async fn put<T: DeserializeOwned>(&self, caller: Caller<'_>, path: &str, body: Value) -> anyhow::Result<T> {
        self.send(Method::PUT, path, Some(caller), Some(body)).await
    }

    pub async fn delete(&self, caller: Caller<'_>, path: &str) -> anyhow::Result<()> {
        self.send::<Value>(Method::DELETE, path, Some(caller), None).await.map(|_| ())
    }

    /// The answer's status and JSON body, whatever the status (for calls whose refusal
    /// is an expected state, e.g. 409).
    pub async fn try_send(
        &self,
        method: Method,
        path: &str,
        caller: Option<Caller<'_>>,
        body: Option<Value>,
    ) -> anyhow::Result<(StatusCode, Value)> {
        let mut request = self.http.request(method.clone(), format!("{}{path}", self.base));
        match caller {
            Some(Caller::Staff(token)) => request = request.bearer_auth(token),
            Some(Caller::Collaborator(key)) => request = request.header("X-Invite-Key", key),
            None => {}
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().await.with_context(|| format!("{method} {path}: is the gateway serving?"))?;
        let status = response.status();
        let text = response.text().await.with_context(|| format!("{method} {path}: reading the answer"))?;
        Ok((status, serde_json::from_str(&text).unwrap_or(Value::Null)))
    }

    async fn send<T: DeserializeOwned>(
        &self,
        method: Method,
        path: &str,
        caller: Option<Caller<'_>>,
        body: Option<Value>,
    ) -> anyhow::Result<T> {
        let (status, value) = self.try_send(method.clone(), path, caller, body).await?;
        if !status.is_success() {
            let detail = value["detail"].as_str().map(str::to_string).unwrap_or_else(|| value.to_string());
            bail!("{method} {path} answered {status}: {detail}");
        }
        serde_json::from_value(value).with_context(|| format!("{method} {path}: unexpected answer"))
    }

    /// PUTs a part to a presigned URL; returns the part's ETag.
    pub async fn put_part(&self, url: &str, bytes: Vec<u8>) -> anyhow::Result<String> {
        let response = self.http.put(url).body(bytes).send().await.context("uploading a part")?;
        if !response.status().is_success() {
            bail!("the storage refused a part: {}", response.status());
        }
        let etag = response.headers().get("etag").and_then(|v| v.to_str().ok()).ok_or_else(|| anyhow!("no ETag"))?;
        Ok(etag.to_string())
    }

    /// Whether a presigned GET finds its object (the local S3 keeps files in memory: a
    /// restarted emulator has none of them).
    pub async fn object_exists(&self, url: &str) -> anyhow::Result<bool> {
        let response = self.http.get(url).header("Range", "bytes=0-0").send().await.context("reading a video")?;
        match response.status() {
            status if status.is_success() => Ok(true),
            StatusCode::NOT_FOUND => Ok(false),
            status => bail!("reading a video answered {status}"),
        }
    }
}
