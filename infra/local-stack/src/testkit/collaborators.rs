//! A collaborator invited to a live campaign, over HTTP as staff and the collaborator
//! do it: invite, calls with the invitation key, uploads through the presigned multipart
//! flow, takes stored as the browser stores them, and waiting for the workers to settle
//! them. Tests serve the routers these calls need (campaigns, contributors...).

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use storyhive_shared::{
    contributors::records::{JourneyRecord, UploadStatus},
    media::{MediaStatus, TakeMedia},
    model,
    storage::keys,
};

use super::{
    client::{campaign_body, organisation, unique, Staff},
    unique_email, TestStack,
};

/// A campaign with questions and a collaborator invited to it (not yet signed in).
#[derive(Clone, Debug)]
pub struct Invited {
    pub staff: Staff,
    pub campaign_id: String,
    /// The campaign's title (unique to the test).
    pub title: String,
    pub initiative_id: String,
    pub question_ids: Vec<String>,
    pub contributor_id: String,
    pub email: String,
    /// The invitation key of the link the collaborator was sent.
    pub key: String,
}

/// A portrait campaign of a fresh organisation with `questions`, and a collaborator invited to it.
pub async fn invited(stack: &TestStack, questions: &[&str]) -> Invited {
    let staff = organisation(stack).await;
    invited_in(stack, staff, "portrait", questions).await
}

/// A campaign in `mode` of a fresh organisation with one question, and a collaborator
/// invited to it: what a take is recorded for.
pub async fn answering(stack: &TestStack, mode: &str) -> Invited {
    let staff = organisation(stack).await;
    invited_in(stack, staff, mode, &["Where do you live?"]).await
}

/// A campaign of `staff`'s organisation in `mode` with `questions`, and a collaborator invited to it.
pub async fn invited_in(stack: &TestStack, staff: Staff, mode: &str, questions: &[&str]) -> Invited {
    let initiative_id = staff.initiative(stack, &unique("Voices")).await;
    let tag = staff.tag(stack, &unique("t")[..12]).await;
    let title = unique("Our stories");
    let mut body = campaign_body(&initiative_id, &title, &[&tag]);
    body["mode"] = json!(mode);
    let (status, campaign) = staff.post(stack, "/campaign/add", body).await;
    assert_eq!(status, StatusCode::CREATED, "{campaign}");
    let campaign_id = campaign["id"].as_str().unwrap().to_string();
    let mut question_ids = Vec::new();
    for text in questions {
        let question = staff.question(stack, &campaign_id, text).await;
        question_ids.push(question["questionId"].as_str().unwrap().to_string());
    }
    let collaborator = add_collaborator(stack, &staff, &campaign_id, "Amara", "Okafor").await;
    Invited {
        staff,
        campaign_id,
        title,
        initiative_id,
        question_ids,
        contributor_id: collaborator.contributor_id,
        email: collaborator.email,
        key: collaborator.key,
    }
}

/// A collaborator `staff` added to a campaign, from the answer and the invitation link.
#[derive(Clone, Debug)]
pub struct Collaborator {
    pub contributor_id: String,
    pub email: String,
    pub key: String,
}

/// Adds a collaborator named `first_name` `last_name` (a fresh address) to the campaign,
/// as staff do; the invitation goes out by mail.
pub async fn add_collaborator(
    stack: &TestStack,
    staff: &Staff,
    campaign_id: &str,
    first_name: &str,
    last_name: &str,
) -> Collaborator {
    let email = unique_email("collab");
    let (status, body) = staff
        .post(
            stack,
            "/campaign/add-contributor",
            json!({"campaignId": campaign_id, "email": email, "firstName": first_name, "lastName": last_name}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let link = body["contributor"]["inviteLink"].as_str().unwrap();
    Collaborator {
        contributor_id: body["contributor"]["contributorId"].as_str().unwrap().to_string(),
        key: query_param(link, "key"),
        email,
    }
}

/// Reads `name=value` from a link's query, percent-decoded.
pub fn query_param(link: &str, name: &str) -> String {
    let query = link.split_once('?').map(|(_, q)| q).unwrap_or_default();
    let raw = query
        .split('&')
        .find_map(|pair| pair.strip_prefix(&format!("{name}=")))
        .unwrap_or_else(|| panic!("{name} not in {link}"));
    percent_decode(raw)
}

fn percent_decode(raw: &str) -> String {
    let bytes = raw.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            out.push(u8::from_str_radix(&raw[i + 1..i + 3], 16).expect("hex"));
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).expect("utf-8")
}

/// A call as a collaborator makes it: with their invitation key, if any.
pub async fn call_with_key(
    stack: &TestStack,
    method: Method,
    path: &str,
    key: Option<&str>,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let mut request = stack.http.request(method, stack.url(path));
    if let Some(key) = key {
        request = request.header("X-Invite-Key", key);
    }
    if let Some(body) = body {
        request = request.json(&body);
    }
    let response = request.send().await.expect("request");
    let status = response.status();
    let text = response.text().await.expect("body");
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

impl Invited {
    /// The first question: the one [`answering`] asks.
    pub fn question_id(&self) -> &str {
        &self.question_ids[0]
    }

    /// A contributor call with the invitation key.
    pub async fn call(
        &self,
        stack: &TestStack,
        method: Method,
        path: &str,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        call_with_key(stack, method, path, Some(&self.key), body).await
    }

    pub fn ids(&self) -> Value {
        json!({"tenantId": self.staff.tenant_id, "campaignId": self.campaign_id, "contributorId": self.contributor_id})
    }

    pub fn path(&self, prefix: &str) -> String {
        format!("{prefix}/{}/{}/{}", self.staff.tenant_id, self.campaign_id, self.contributor_id)
    }

    /// Merges the three ids into `body`.
    pub fn with_ids(&self, mut body: Value) -> Value {
        for (k, v) in self.ids().as_object().unwrap() {
            body[k] = v.clone();
        }
        body
    }

    /// The answer record of the first question.
    pub fn journey_key(&self) -> keys::Key {
        keys::journey(&self.staff.tenant_id, &self.campaign_id, &self.contributor_id, self.question_id())
    }

    /// A new take's key for the first question, as the browser names it.
    pub fn take_key(&self, ext: &str) -> String {
        let stamp = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis();
        format!(
            "{}/{}/{}/{}/{stamp}-recorded_video.{ext}",
            self.staff.tenant_id, self.initiative_id, self.campaign_id, self.contributor_id
        )
    }

    /// Stores a take of the first question as the browser's upload does: the bucket
    /// notifies the upload worker, which records it and hands it to the media worker.
    pub async fn record(&self, stack: &TestStack, bytes: Vec<u8>, ext: &str) -> String {
        let key = self.take_key(ext);
        stack
            .clients
            .s3
            .put_object()
            .bucket(stack.context.config.video_bucket().unwrap())
            .key(&key)
            .metadata("campaign-question-id", self.question_id())
            .body(bytes.into())
            .send()
            .await
            .unwrap();
        key
    }

    /// A take of the first question stored and recorded on its answer as the upload
    /// worker records it, but with no queue message: its key is one the upload worker
    /// ignores, so the bucket's notification hands it to no worker (other tests' workers
    /// share the queues), and the test delivers it itself.
    pub async fn unnotified_take(&self, stack: &TestStack, bytes: Vec<u8>, ext: &str) -> String {
        let take = self.take_key(ext).replace("-recorded_video.", "-unnotified_video.");
        let bucket = stack.context.config.video_bucket().unwrap().to_string();
        stack.clients.s3.put_object().bucket(&bucket).key(&take).body(bytes.into()).send().await.unwrap();
        let mut record = JourneyRecord::new(
            &self.staff.tenant_id,
            &self.campaign_id,
            &self.contributor_id,
            self.question_id(),
            model::timestamp(model::now()),
        );
        record.s3_video_key = Some(take.clone());
        record.upload_status = UploadStatus::Stored;
        record.media = Some(TakeMedia::processing(&take));
        stack.context.store.put(&record).await.unwrap();
        take
    }

    /// The answer record of the first question as stored.
    pub async fn journey(&self, stack: &TestStack) -> JourneyRecord {
        stack.context.store.get(&self.journey_key()).await.unwrap().expect("the answer")
    }

    /// Runs the workers until the first question's take `take` has left "processing".
    pub async fn settle(&self, stack: &TestStack, take: &str) -> TakeMedia {
        // By time, not by rounds: the other tests of the binary share the queues and the
        // two cores, and a round that finds a message renders it before the next.
        let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(240);
        while tokio::time::Instant::now() < deadline {
            stack.run_workers().await.unwrap();
            if let Some(journey) = stack.context.store.get::<JourneyRecord>(&self.journey_key()).await.unwrap() {
                if let Some(media) = journey.media.filter(|m| m.take_key == take) {
                    if media.status != MediaStatus::Processing {
                        return media;
                    }
                }
            }
        }
        panic!("the take {take} was not processed");
    }

    /// Runs the workers until no upload of the collaborator is in progress; returns
    /// their journey as the contributor page reads it.
    pub async fn settle_uploads(&self, stack: &TestStack) -> Value {
        for _ in 0..30 {
            stack.run_workers().await.unwrap();
            let (_, journey) = self.call(stack, Method::GET, &self.path("/contributor-journey"), None).await;
            if journey["questions"].as_array().unwrap().iter().all(|q| q["uploadStatus"] != "uploading") {
                return journey;
            }
        }
        panic!("uploads did not settle");
    }

    /// The staff view of the collaborator's answers (where staff read takes).
    pub async fn staff_answer(&self, stack: &TestStack) -> Value {
        let (status, body) = self.staff.get(stack, &format!("/contributor/{}/all", self.campaign_id)).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        body["items"][0]["answers"][0].clone()
    }

    /// Uploads `bytes` for `question_id` through the presigned multipart flow, as the
    /// contributor page does; returns the take's key.
    pub async fn upload(&self, stack: &TestStack, question_id: &str, bytes: &[u8], content_type: &str) -> String {
        let (status, started) = self
            .call(
                stack,
                Method::POST,
                "/contributor-upload/start",
                Some(self.with_ids(json!({"campaignQuestionId": question_id, "contentType": content_type, "sizeBytes": bytes.len(), "deviceType": "Mobile"}))),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{started}");
        let key = started["key"].as_str().unwrap().to_string();
        let upload_id = started["uploadId"].as_str().unwrap().to_string();
        let part_size = started["partSize"].as_u64().unwrap() as usize;
        for (index, part) in bytes.chunks(part_size).enumerate() {
            self.put_part(stack, &key, &upload_id, index as i32 + 1, part).await;
        }
        let (status, body) = self
            .call(
                stack,
                Method::POST,
                "/contributor-upload/complete",
                Some(self.with_ids(json!({"key": key, "uploadId": upload_id}))),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        key
    }

    /// Signs and PUTs one part as a browser would; returns its ETag.
    pub async fn put_part(
        &self,
        stack: &TestStack,
        key: &str,
        upload_id: &str,
        part_number: i32,
        bytes: &[u8],
    ) -> String {
        let (status, signed) = self
            .call(
                stack,
                Method::POST,
                "/contributor-upload/sign-part",
                Some(self.with_ids(
                    json!({"key": key, "uploadId": upload_id, "partNumber": part_number, "sizeBytes": bytes.len()}),
                )),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{signed}");
        let url = signed["url"].as_str().unwrap();
        assert!(
            url.contains("X-Amz-SignedHeaders=content-length%3Bhost")
                || url.contains("X-Amz-SignedHeaders=content-length;host"),
            "the part's size is signed: {url}"
        );
        let response = stack
            .http
            .put(url)
            .header("content-type", "application/octet-stream")
            .body(bytes.to_vec())
            .send()
            .await
            .unwrap();
        assert!(response.status().is_success(), "part upload: {}", response.status());
        response.headers().get("etag").unwrap().to_str().unwrap().to_string()
    }
}
