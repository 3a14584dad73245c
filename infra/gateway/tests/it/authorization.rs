//! The authorization matrix: every operation of `openapi.json` × every kind of caller,
//! against the whole API (each function with its own context), with zero unexpected
//! cells. It grows by itself: a new route is in the document, so it is in the matrix.
//!
//! What each cell must answer comes from one table derived from spec section 6
//! (`storyhive_shared::permissions`) and the route's declared security in the document:
//! - no security: anyone gets past authorization;
//! - `staffToken` with a permission scope (none = any staff role): no token → 401; a
//!   role without the permission → 403; another organisation's super admin never sees
//!   or changes this organisation's objects (never a 2xx for a route naming one);
//! - `inviteKey`: only the key of this collaborator in this campaign opens it (403 for
//!   no key, another campaign's key, and staff tokens);
//! - organisation API keys (`scopes::ROUTE_SCOPES`, the `apiKey` requirement): a revoked
//!   or expired key → 401 on every staff route; a staff-only route (no `apiKey`
//!   requirement) → 403 whatever the scopes; a key without the route's scope (read-only
//!   keys on writes, a key lacking the route's area) → 403; a key with it gets past
//!   authorization; another organisation's key never sees this organisation's objects.

use std::collections::HashMap as BTreeMap;

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use storyhive_local_stack::testkit::{unique_email, TestStack};

use crate::{
    common::{api_key, expired_api_key, member, ok, query_param, revoked_api_key, stack},
    reads::WRITING_GETS,
};
use storyhive_shared::{
    model::{self, TenantRecord},
    permissions::{allows, Permission, Role},
    scopes::{Access, Area, Scope},
};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Caller {
    Anonymous,
    OwnKey,
    OtherCampaignKey,
    Coordinator,
    Creator,
    Admin,
    SuperAdmin,
    OtherOrganisation,
    /// API keys of this organisation: revoked, expired (both with every scope), with
    /// every read scope, with every scope but those of the route's area, with every scope.
    RevokedKey,
    ExpiredKey,
    ReadOnlyKey,
    KeyWithoutTheArea,
    ReadWriteKey,
    /// Another organisation's key with every scope.
    OtherOrganisationKey,
}

const CALLERS: [Caller; 14] = [
    // Callers expected to be refused first: a route that deletes runs them before the
    // ones allowed to delete.
    Caller::Anonymous,
    Caller::OtherCampaignKey,
    Caller::OtherOrganisation,
    Caller::RevokedKey,
    Caller::ExpiredKey,
    Caller::OtherOrganisationKey,
    Caller::KeyWithoutTheArea,
    Caller::ReadOnlyKey,
    Caller::OwnKey,
    Caller::Coordinator,
    Caller::Creator,
    Caller::Admin,
    Caller::SuperAdmin,
    Caller::ReadWriteKey,
];

/// The organisation every cell of one operation runs against: made fresh for each operation
/// that may write, one for all the reads of a part (`matrix_part`).
struct World {
    tenant_id: String,
    tokens: BTreeMap<Role, String>,
    user_ids: BTreeMap<Role, String>,
    other_org_token: String,
    initiative_id: String,
    tag_id: String,
    campaign_id: String,
    question_id: String,
    contributor_id: String,
    key: String,
    other_key: String,
    /// A guideline title of the organisation and one of its values.
    guideline_id: String,
    guideline_value_id: String,
    /// Organisation API keys (see `Caller`); `without_area` holds every scope of the
    /// other four areas.
    revoked_key: String,
    expired_key: String,
    read_only_key: String,
    read_write_key: String,
    without_area: BTreeMap<Area, String>,
    other_org_api_key: String,
}

/// A world for the matrix. The records written straight to the table (people, sessions,
/// keys: independent puts) are made at once.
async fn world(stack: &TestStack) -> World {
    let tenant_id = model::new_id();
    let mut tenant = TenantRecord::new(&tenant_id, model::now());
    tenant.company_name = Some("Matrix Films".into());
    let other_tenant = model::new_id();
    let other = TenantRecord::new(&other_tenant, model::now());
    let (made, other_made) = tokio::join!(stack.context.store.put(&tenant), stack.context.store.put(&other));
    made.unwrap();
    other_made.unwrap();
    let names = |scopes: &[Scope]| scopes.iter().map(|s| s.name()).collect::<Vec<_>>();
    let every: Vec<Scope> = Area::ALL.iter().map(|a| Scope::write(*a)).collect();
    let reads: Vec<Scope> = Area::ALL.iter().map(|a| Scope::read(*a)).collect();
    let (every_name, read_names) = (names(&every), names(&reads));
    let without: Vec<(Area, Vec<String>)> = Area::ALL
        .iter()
        .map(|area| (*area, every.iter().filter(|s| s.area != *area).map(|s| s.name()).collect()))
        .collect();
    let (tid, oid) = (tenant_id.as_str(), other_tenant.as_str());
    let (
        staff,
        (other_org_token, _),
        revoked_key,
        expired_key,
        read_only_key,
        read_write_key,
        keys_without,
        other_org_api_key,
    ) = tokio::join!(
        futures::future::join_all(Role::STAFF.map(|role| async move {
            let (token, id) = member(stack, tid, role, "Matrix").await;
            (role, token, id)
        })),
        member(stack, oid, Role::SuperAdmin, "Matrix"),
        revoked_api_key(stack, tid, &every_name),
        expired_api_key(stack, tid, &every_name),
        api_key(stack, tid, "Read only «matrix» 🔑", &read_names),
        api_key(stack, tid, "מפתח Read write", &every_name),
        futures::future::join_all(without.iter().map(|(area, scopes)| async move {
            (*area, api_key(stack, tid, &format!("No {}", area.name()), scopes).await)
        })),
        api_key(stack, oid, "Other organisation", &every_name),
    );
    let mut tokens = BTreeMap::new();
    let mut user_ids = BTreeMap::new();
    for (role, token, id) in staff {
        tokens.insert(role, token);
        user_ids.insert(role, id);
    }
    let without_area: BTreeMap<Area, String> = keys_without.into_iter().collect();

    let owner = tokens[&Role::SuperAdmin].clone();
    let suffix = &model::new_id()[18..];
    // The organisation's objects through the API, one after another (as a person would: a
    // campaign, its question and its collaborator may touch the same records).
    let initiative =
        ok(stack, &owner, Method::POST, "/initiative/add", json!({"name": format!("Matrix {suffix}")})).await;
    let tag = ok(stack, &owner, Method::POST, "/tags/add", json!({"name": format!("m{suffix}")})).await;
    let (initiative_id, tag_id) =
        (initiative["id"].as_str().unwrap().to_string(), tag["id"].as_str().unwrap().to_string());
    let mut campaigns = Vec::new();
    for title in ["Matrix campaign", "Other campaign"] {
        let campaign = ok(
            stack,
            &owner,
            Method::POST,
            "/campaign/add",
            json!({"initiativeId": initiative_id, "title": title, "description": "d", "type": "evergreen",
                "visibility": "public", "mode": "landscape", "tags": [tag_id]}),
        )
        .await;
        let campaign_id = campaign["id"].as_str().unwrap().to_string();
        let question =
            ok(stack, &owner, Method::POST, "/question/add", json!({"campaignId": campaign_id, "question": "Why?"}))
                .await;
        let invited = ok(
            stack,
            &owner,
            Method::POST,
            "/campaign/add-contributor",
            json!({"campaignId": campaign_id, "email": unique_email("matrix"), "firstName": "Amara", "lastName": "Okafor"}),
        )
        .await;
        let link = invited["contributor"]["inviteLink"].as_str().unwrap().to_string();
        campaigns.push((campaign_id, question["questionId"].as_str().unwrap().to_string(), link));
    }
    let (campaign_id, question_id, link) = campaigns.remove(0);
    let (_, _, other_link) = campaigns.remove(0);
    let guideline = ok(
        stack,
        &owner,
        Method::POST,
        "/guideline/addguidelinetitle",
        json!({"title": format!("Matrix {suffix}"), "values": ["Face the light"]}),
    )
    .await;
    World {
        tenant_id,
        tokens,
        user_ids,
        other_org_token,
        initiative_id,
        tag_id,
        campaign_id,
        question_id,
        contributor_id: query_param(&link, "contributorId"),
        key: query_param(&link, "key"),
        other_key: query_param(&other_link, "key"),
        guideline_id: guideline["id"].as_str().unwrap().to_string(),
        guideline_value_id: guideline["values"][0]["id"].as_str().unwrap().to_string(),
        revoked_key,
        expired_key,
        read_only_key,
        read_write_key,
        without_area,
        other_org_api_key,
    }
}

impl World {
    /// The id a path or body field named `name` means on `path`.
    fn id(&self, path: &str, name: &str) -> String {
        match name {
            "tenantId" => self.tenant_id.clone(),
            "campaignId" => self.campaign_id.clone(),
            "contributorId" => self.contributor_id.clone(),
            "questionId" | "campaignQuestionId" | "journeyId" => self.question_id.clone(),
            "initiativeId" | "deleteInitiative" => self.initiative_id.clone(),
            "userId" | "userRoleId" => self.user_ids[&Role::Coordinator].clone(),
            "id" if path.starts_with("/initiative") => self.initiative_id.clone(),
            "id" if path.starts_with("/tags") => self.tag_id.clone(),
            "id" if path.starts_with("/question") => self.question_id.clone(),
            "id" if path.starts_with("/contributor") => self.contributor_id.clone(),
            "id" if path.starts_with("/user/") => self.user_ids[&Role::Coordinator].clone(),
            "id" if path.starts_with("/guideline/deletevalue") || path.starts_with("/guideline/updatevalue") => {
                self.guideline_value_id.clone()
            }
            "id" | "titleId" if path.starts_with("/guideline") => self.guideline_id.clone(),
            "id" if path.starts_with("/user-state") => self.contributor_id.clone(),
            "id" => self.campaign_id.clone(),
            // No such generated video, story or test job: the cells check who gets past authorization.
            "videoId" | "storyId" | "jobId" | "wallId" | "endpointId" | "eventId" => model::new_id(),
            // No such published item: public reads answer 404, staff calls get past authorization.
            "slug" | "publicationId" => storyhive_shared::publishing::new_slug(),
            "tagId" => self.tag_id.clone(),
            other => panic!("the matrix does not know which id {other} of {path} is: add it to World::id"),
        }
    }
}

struct Operation {
    method: Method,
    path: String,
    /// The statuses the document lists for it.
    documented: Vec<u16>,
    staff_scopes: Option<Vec<String>>,
    /// The scope an organisation API key needs (its `apiKey` requirement); `None` on a
    /// staff route: staff only.
    key_scope: Option<Scope>,
    invite_key: bool,
    /// The video processing calls' shared `x-api-key` (no caller of the matrix holds it).
    video_processing_key: bool,
    path_params: Vec<String>,
    query_ids: Vec<String>,
    body_fields: Vec<String>,
}

fn operations() -> Vec<Operation> {
    let document: Value =
        serde_json::from_str(&storyhive_gateway::openapi_json()).expect("the OpenAPI document is JSON");
    let schemas = document["components"]["schemas"].clone();
    let mut all = Vec::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let Ok(method) = method.to_uppercase().parse::<Method>() else { continue };
            let mut staff_scopes = None;
            let mut key_scope = None;
            let mut invite_key = false;
            let mut video_processing_key = false;
            for requirement in operation["security"].as_array().into_iter().flatten() {
                for (scheme, scopes) in requirement.as_object().unwrap() {
                    match scheme.as_str() {
                        "staffToken" => {
                            staff_scopes = Some(
                                scopes.as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_string()).collect(),
                            )
                        }
                        "apiKey" => {
                            let scopes = scopes.as_array().unwrap();
                            assert_eq!(scopes.len(), 1, "{path}: one scope per route for keys");
                            let name = scopes[0].as_str().unwrap();
                            key_scope =
                                Some(Scope::parse(name).unwrap_or_else(|| panic!("{path}: unknown key scope {name}")));
                        }
                        "inviteKey" => invite_key = true,
                        "videoProcessingKey" => video_processing_key = true,
                        other => panic!("{path}: unknown security scheme {other}"),
                    }
                }
            }
            let parameters = operation["parameters"].as_array().cloned().unwrap_or_default();
            let named = |place: &str| -> Vec<String> {
                parameters
                    .iter()
                    .filter(|p| p["in"] == place)
                    .map(|p| p["name"].as_str().unwrap().to_string())
                    .collect()
            };
            let query_ids = named("query").into_iter().filter(|n| n == "deleteInitiative").collect();
            let body_fields = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"]
                .as_str()
                .and_then(|r| r.rsplit('/').next())
                .and_then(|name| schemas[name]["properties"].as_object().cloned())
                .map(|properties| properties.keys().cloned().collect())
                .unwrap_or_default();
            let documented = operation["responses"]
                .as_object()
                .map(|responses| responses.keys().filter_map(|status| status.parse().ok()).collect())
                .unwrap_or_default();
            all.push(Operation {
                method,
                path: path.clone(),
                documented,
                staff_scopes,
                key_scope,
                invite_key,
                video_processing_key,
                path_params: named("path"),
                query_ids,
                body_fields,
            });
        }
    }
    all
}

/// The request of one cell: its path with ids, and a body with every id field filled.
fn request(operation: &Operation, world: &World) -> (String, Option<Value>) {
    let mut path = operation.path.clone();
    for name in &operation.path_params {
        path = path.replace(&format!("{{{name}}}"), &world.id(&operation.path, name));
    }
    for name in &operation.query_ids {
        path = format!("{path}?{name}={}", world.id(&operation.path, name));
    }
    let body = (!operation.body_fields.is_empty() || operation.method != Method::GET).then(|| {
        let mut body = json!({});
        for field in &operation.body_fields {
            if field == "uploadId" {
                // S3's id of an upload, not ours: none was started for the world.
                body[field] = json!("no-such-upload");
            } else if field.ends_with("Id") || field == "id" {
                body[field] = json!(world.id(&operation.path, field));
            }
        }
        body
    });
    (path, body)
}

#[derive(Debug, PartialEq)]
enum Expected {
    /// Past authorization: anything but 401 and 403 (the minimal body may be refused).
    Allowed,
    Status(StatusCode),
    /// Must not succeed, and must not reveal: 400, 403 or 404.
    NotVisible,
}

fn expected(operation: &Operation, caller: Caller) -> Expected {
    let role = match caller {
        Caller::Coordinator => Some(Role::Coordinator),
        Caller::Creator => Some(Role::Creator),
        Caller::Admin => Some(Role::Admin),
        Caller::SuperAdmin => Some(Role::SuperAdmin),
        _ => None,
    };
    let names_objects = !operation.path_params.is_empty()
        || !operation.query_ids.is_empty()
        || operation.body_fields.iter().any(|f| f.ends_with("Id") || f == "id");
    if operation.video_processing_key {
        // Neither a staff token nor an invitation key opens it: only the deployment's key.
        return Expected::Status(StatusCode::UNAUTHORIZED);
    }
    let is_key = matches!(
        caller,
        Caller::RevokedKey
            | Caller::ExpiredKey
            | Caller::ReadOnlyKey
            | Caller::KeyWithoutTheArea
            | Caller::ReadWriteKey
            | Caller::OtherOrganisationKey
    );
    if operation.invite_key {
        // A contributor route (the flagged staff variants are not asked for here).
        return match caller {
            Caller::OwnKey => Expected::Allowed,
            _ => Expected::Status(StatusCode::FORBIDDEN),
        };
    }
    let Some(scopes) = &operation.staff_scopes else { return Expected::Allowed };
    assert!(
        operation.key_scope.is_none() || operation.staff_scopes.is_some(),
        "{}: a key scope on a route that is not a staff route",
        operation.path
    );
    if is_key {
        return match (caller, operation.key_scope) {
            (Caller::RevokedKey | Caller::ExpiredKey, _) => Expected::Status(StatusCode::UNAUTHORIZED),
            // Staff only: users, settings, keys, one's own account, sessions, support.
            (_, None) => Expected::Status(StatusCode::FORBIDDEN),
            (Caller::ReadOnlyKey, Some(scope)) if scope.access == Access::Write => {
                Expected::Status(StatusCode::FORBIDDEN)
            }
            (Caller::KeyWithoutTheArea, Some(_)) => Expected::Status(StatusCode::FORBIDDEN),
            (Caller::OtherOrganisationKey, Some(_)) if names_objects => Expected::NotVisible,
            _ => Expected::Allowed,
        };
    }
    let permission = match scopes.as_slice() {
        [] => Permission::UseStaffApp,
        [one] => Permission::from_name(one).unwrap_or_else(|| panic!("{}: unknown permission {one}", operation.path)),
        more => panic!("{}: one permission per route, not {more:?}", operation.path),
    };
    match (caller, role) {
        (Caller::Anonymous | Caller::OwnKey | Caller::OtherCampaignKey, _) => {
            Expected::Status(StatusCode::UNAUTHORIZED)
        }
        (Caller::OtherOrganisation, _) if !allows(Role::SuperAdmin, permission) => {
            Expected::Status(StatusCode::FORBIDDEN)
        }
        (Caller::OtherOrganisation, _) if names_objects => Expected::NotVisible,
        (Caller::OtherOrganisation, _) => Expected::Allowed,
        (_, Some(role)) if allows(role, permission) => Expected::Allowed,
        (_, Some(_)) => Expected::Status(StatusCode::FORBIDDEN),
        (_, None) => unreachable!(),
    }
}

fn matches(expected: &Expected, status: StatusCode) -> bool {
    match expected {
        Expected::Allowed => status != StatusCode::UNAUTHORIZED && status != StatusCode::FORBIDDEN,
        Expected::Status(wanted) => status == *wanted,
        Expected::NotVisible => {
            [StatusCode::BAD_REQUEST, StatusCode::FORBIDDEN, StatusCode::NOT_FOUND].contains(&status)
        }
    }
}

/// Routes a matrix must not run with real callers: they end the caller's own session or
/// organisation (their own tests cover them).
const SELF_ENDING: [(&str, &str); 2] = [("GET", "/auth/logout"), ("DELETE", "/user/me")];

/// The matrix in this many parts, each its own test: each operation that can change
/// something gets a fresh world of organisations, campaigns and keys, and the parts run at
/// once under cargo-nextest.
const PARTS: usize = 4;

/// A GET that writes nothing (`reads.rs` holds every GET outside its `WRITING_GETS` to
/// that, through the recorders): its cells cannot change the world, so the reads of a part
/// share one world instead of making one each.
fn only_reads(operation: &Operation) -> bool {
    operation.method == Method::GET && !WRITING_GETS.iter().any(|(path, _)| *path == operation.path)
}

#[tokio::test]
async fn every_operation_answers_every_kind_of_caller_as_section_6_says_part_1() {
    matrix_part(0).await;
}

#[tokio::test]
async fn every_operation_answers_every_kind_of_caller_as_section_6_says_part_2() {
    matrix_part(1).await;
}

#[tokio::test]
async fn every_operation_answers_every_kind_of_caller_as_section_6_says_part_3() {
    matrix_part(2).await;
}

#[tokio::test]
async fn every_operation_answers_every_kind_of_caller_as_section_6_says_part_4() {
    matrix_part(3).await;
}

/// What the cells of a part found.
#[derive(Default)]
struct Tally {
    cells: usize,
    unexpected: Vec<String>,
    undocumented: Vec<String>,
}

/// Every `PARTS`-th operation of the matrix, from the `part`-th. The operations that may
/// write each run against a fresh world, the next one made while the cells of the current
/// one run; then the reads, against one world of their own.
async fn matrix_part(part: usize) {
    let stack = stack().await;
    let operations = operations();
    assert!(operations.len() >= 60, "the whole API is in the matrix");
    let (reads, writes): (Vec<&Operation>, Vec<&Operation>) =
        operations.iter().skip(part).step_by(PARTS).partition(|operation| only_reads(operation));
    let mut tally = Tally::default();
    let mut next = if writes.is_empty() { None } else { Some(world(&stack).await) };
    for (i, operation) in writes.iter().enumerate() {
        let world_of_this = next.take().expect("a world made for each operation that may write");
        let more = i + 1 < writes.len();
        let ((), made) = tokio::join!(cells(&stack, operation, &world_of_this, &mut tally), async {
            if more {
                Some(world(&stack).await)
            } else {
                None
            }
        });
        next = made;
    }
    if !reads.is_empty() {
        let shared = world(&stack).await;
        for operation in reads {
            cells(&stack, operation, &shared, &mut tally).await;
        }
    }
    let Tally { cells, unexpected, undocumented } = tally;
    assert!(unexpected.is_empty(), "{} unexpected cells of {cells}:\n{}", unexpected.len(), unexpected.join("\n"));
    assert!(
        undocumented.is_empty(),
        "answers openapi.json does not list for their route:\n{}",
        undocumented.join("\n")
    );
}

/// One operation called by every kind of caller against `world`.
async fn cells(stack: &TestStack, operation: &Operation, world: &World, tally: &mut Tally) {
    let self_ending = SELF_ENDING.contains(&(operation.method.as_str(), operation.path.as_str()));
    let (path, body) = request(operation, world);
    for caller in CALLERS {
        if self_ending
            && !matches!(
                caller,
                Caller::Anonymous
                    | Caller::OwnKey
                    | Caller::OtherCampaignKey
                    | Caller::Coordinator
                    // Staff only: every API key is refused there.
                    | Caller::RevokedKey
                    | Caller::ExpiredKey
                    | Caller::ReadOnlyKey
                    | Caller::KeyWithoutTheArea
                    | Caller::ReadWriteKey
                    | Caller::OtherOrganisationKey
            )
        {
            continue;
        }
        let mut call = stack.http.request(operation.method.clone(), stack.url(&path));
        call = match caller {
            Caller::Anonymous => call,
            Caller::OwnKey => call.header("X-Invite-Key", &world.key),
            Caller::OtherCampaignKey => call.header("X-Invite-Key", &world.other_key),
            Caller::OtherOrganisation => call.bearer_auth(&world.other_org_token),
            Caller::Coordinator => call.bearer_auth(&world.tokens[&Role::Coordinator]),
            Caller::Creator => call.bearer_auth(&world.tokens[&Role::Creator]),
            Caller::Admin => call.bearer_auth(&world.tokens[&Role::Admin]),
            Caller::SuperAdmin => call.bearer_auth(&world.tokens[&Role::SuperAdmin]),
            Caller::RevokedKey => call.bearer_auth(&world.revoked_key),
            Caller::ExpiredKey => call.bearer_auth(&world.expired_key),
            Caller::ReadOnlyKey => call.bearer_auth(&world.read_only_key),
            Caller::ReadWriteKey => call.bearer_auth(&world.read_write_key),
            Caller::OtherOrganisationKey => call.bearer_auth(&world.other_org_api_key),
            Caller::KeyWithoutTheArea => {
                // The key lacking the route's area; on a staff-only route, any of them.
                let area = operation.key_scope.map(|s| s.area).unwrap_or(Area::Campaigns);
                call.bearer_auth(&world.without_area[&area])
            }
        };
        if let Some(body) = &body {
            call = call.json(body);
        }
        let response = call.send().await.unwrap();
        let status = response.status();
        let answer = response.text().await.unwrap();
        tally.cells += 1;
        let want = expected(operation, caller);
        if !matches(&want, status) {
            tally.unexpected.push(format!(
                "{} {} as {caller:?}: {status} (expected {want:?}) {answer}",
                operation.method, operation.path
            ));
        }
        assert_ne!(
            status,
            StatusCode::INTERNAL_SERVER_ERROR,
            "{} {} as {caller:?}: {answer}",
            operation.method,
            operation.path
        );
        if !operation.documented.contains(&status.as_u16()) {
            tally
                .undocumented
                .push(format!("{} {} as {caller:?}: {status} {answer}", operation.method, operation.path));
        }
    }
}
