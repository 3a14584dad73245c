//! Organisation API keys across the whole API (issue 26): created once and shown once,
//! only a hash stored, listed with their last use, revoked or expired → 401 at once,
//! managed only by the super admin and admins with a session, never by a key.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use storyhive_local_stack::testkit::{
    client::{call, member, organisation},
    TestStack,
};
use storyhive_shared::{
    error::KEY_REFUSED,
    model,
    permissions::Role,
    storage::{keys, Query},
};

use crate::common::{expired_api_key, stack};

const KEYS: &str = "/organisation/api-keys";

/// Creates a key as `token`'s staff member; the answer (the key is shown once in it).
async fn create_key(stack: &TestStack, token: &str, body: Value) -> Value {
    let (status, created) = call(stack, Method::POST, KEYS, Some(token), Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    created
}

async fn list(stack: &TestStack, token: &str) -> Vec<Value> {
    let (status, body) = call(stack, Method::GET, KEYS, Some(token), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body.as_array().unwrap().clone()
}

/// The key items of the organisation as DynamoDB holds them, as text.
async fn stored_items(stack: &TestStack, tenant_id: &str) -> String {
    let items = stack
        .context
        .store
        .query_items(Query::table(keys::api_keys_partition(tenant_id), keys::API_KEY_PREFIX))
        .await
        .unwrap();
    format!("{items:?}")
}

#[tokio::test]
async fn a_key_is_shown_once_stored_as_a_hash_used_with_its_scopes_and_revoked_at_once() {
    let stack = stack().await;
    let admin = organisation(&stack).await;
    let (initiative, tag) = (admin.initiative(&stack, "Keys").await, admin.tag(&stack, "keys").await);
    let campaign = admin.campaign(&stack, &initiative, "Read by a key", &[&tag]).await;
    let name = "  CRM «sync» \"nightly\" 🐝 مفتاح  ";
    let created =
        create_key(&stack, &admin.token, json!({"name": name, "scopes": ["campaigns:read", "answers:write"]})).await;
    let key = created["key"].as_str().unwrap().to_string();
    assert!(key.starts_with(&format!("shk_{}_", admin.tenant_id)), "{key}");
    assert_eq!(created["apiKey"]["name"], name.trim());
    assert_eq!(created["apiKey"]["status"], "active");
    assert_eq!(created["apiKey"]["scopes"], json!(["campaigns:read", "answers:write"]));

    // Only a hash: neither the key nor its secret is in the stored item.
    // The secret may itself hold '_': it is all that follows the tenant.
    let secret = key.strip_prefix(&format!("shk_{}_", admin.tenant_id)).unwrap().to_string();
    assert_eq!(secret.len(), 43, "{key}");
    let stored = stored_items(&stack, &admin.tenant_id).await;
    assert!(stored.contains("CRM «sync»") && stored.contains("APIKEY#"), "{stored}");
    assert!(!stored.contains(&secret) && !stored.contains(&key), "the key is stored: {stored}");
    // Listed without the key, not used yet.
    let listed = list(&stack, &admin.token).await;
    assert_eq!(listed.len(), 1);
    assert!(listed[0].get("key").is_none());
    assert!(!listed.iter().any(|k| k.to_string().contains(&secret)));
    assert_eq!(listed[0]["lastUsedAt"], Value::Null);
    assert_eq!(listed[0]["createdBy"], "Test SuperAdmin");

    // It reads campaigns (its scope) and the dashboard, writes none (no campaigns:write).
    let (status, body) = call(&stack, Method::GET, "/campaign/all-campaigns", Some(&key), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["items"][0]["id"], campaign["id"]);
    let (status, _) = call(&stack, Method::GET, "/dashboard/details", Some(&key), None).await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) =
        call(&stack, Method::POST, "/tags/add", Some(&key), Some(json!({"name": "written by a key"}))).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert_eq!(body["detail"], "This API key does not have the campaigns:write scope.");
    // Staff only, whatever the scopes: users, the keys themselves.
    for path in ["/user/getAllUsers", KEYS, "/user/me"] {
        let (status, body) = call(&stack, Method::GET, path, Some(&key), None).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{path}: {body}");
    }
    let (status, _) =
        call(&stack, Method::POST, KEYS, Some(&key), Some(json!({"name": "child", "scopes": ["videos:write"]}))).await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    // Its last use is listed, and written at most once a minute.
    let used = list(&stack, &admin.token).await[0]["lastUsedAt"].as_str().unwrap().to_string();
    let (status, _) = call(&stack, Method::GET, "/search/initialData", Some(&key), None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(list(&stack, &admin.token).await[0]["lastUsedAt"], used.as_str());

    // Revoked: the very next call gets 401, saying why.
    let id = created["apiKey"]["id"].as_str().unwrap();
    let (status, revoked) = call(&stack, Method::DELETE, &format!("{KEYS}/{id}"), Some(&admin.token), None).await;
    assert_eq!(status, StatusCode::OK, "{revoked}");
    assert_eq!(revoked["status"], "revoked");
    let (status, body) = call(&stack, Method::GET, "/campaign/all-campaigns", Some(&key), None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(body["detail"], KEY_REFUSED);
    assert_eq!(list(&stack, &admin.token).await[0]["status"], "revoked");
    // A key of another organisation is not found, nor revoked.
    let other = organisation(&stack).await;
    let (status, _) = call(&stack, Method::DELETE, &format!("{KEYS}/{id}"), Some(&other.token), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    stack.assert_permissions();
}

#[tokio::test]
async fn an_expired_or_forged_key_gets_401_and_a_future_expiry_works_until_then() {
    let stack = stack().await;
    let admin = organisation(&stack).await;
    let expired = expired_api_key(&stack, &admin.tenant_id, &["campaigns:read".to_string()]).await;
    let (status, body) = call(&stack, Method::GET, "/campaign/all-campaigns", Some(&expired), None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(body["detail"], KEY_REFUSED);
    assert_eq!(list(&stack, &admin.token).await[0]["status"], "expired");

    let tomorrow = model::timestamp(model::now() + time::Duration::days(1));
    let created = create_key(
        &stack,
        &admin.token,
        json!({"name": "Until tomorrow", "scopes": ["publishing:write"], "expiresAt": tomorrow}),
    )
    .await;
    let key = created["key"].as_str().unwrap();
    let (status, body) = call(&stack, Method::GET, "/publications", Some(key), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // One character changed in the secret, another organisation's id, no secret at all.
    let mut forged = key.to_string();
    let last = if forged.ends_with('A') { "B" } else { "A" };
    forged.replace_range(forged.len() - 1.., last);
    let other_tenant = key.replacen(&admin.tenant_id, &model::new_id(), 1);
    for bad in [forged.as_str(), other_tenant.as_str(), "shk_", "shk_x_y"] {
        let (status, body) = call(&stack, Method::GET, "/publications", Some(bad), None).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{bad}: {body}");
    }
}

#[tokio::test]
async fn only_the_super_admin_and_admins_manage_keys_and_bad_input_changes_nothing() {
    let stack = stack().await;
    let owner = organisation(&stack).await;
    let admin = member(&stack, &owner.tenant_id, Role::Admin).await;
    let created = create_key(&stack, &admin.token, json!({"name": "Admin's key", "scopes": ["videos:read"]})).await;
    let id = created["apiKey"]["id"].as_str().unwrap().to_string();
    for role in [Role::Creator, Role::Coordinator] {
        let staff = member(&stack, &owner.tenant_id, role).await;
        for (method, path, body) in [
            (Method::GET, KEYS.to_string(), None),
            (Method::POST, KEYS.to_string(), Some(json!({"name": "mine", "scopes": ["videos:read"]}))),
            (Method::DELETE, format!("{KEYS}/{id}"), None),
        ] {
            let (status, _) = call(&stack, method.clone(), &path, Some(&staff.token), body).await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{role:?} {method} {path}");
        }
    }
    let too_late = model::timestamp(model::now() + time::Duration::days(3 * 365));
    for (body, field) in [
        (json!({"name": "   ", "scopes": ["videos:read"]}), "name"),
        (json!({"name": "x".repeat(101), "scopes": ["videos:read"]}), "name"),
        (json!({"name": "No scope", "scopes": []}), "scopes"),
        (json!({"name": "Users", "scopes": ["users:write"]}), "scopes"),
        (json!({"name": "Past", "scopes": ["videos:read"], "expiresAt": "2020-01-01T00:00:00Z"}), "expiresAt"),
        (json!({"name": "Too long", "scopes": ["videos:read"], "expiresAt": too_late}), "expiresAt"),
        (json!({"name": "Not a date", "scopes": ["videos:read"], "expiresAt": "soon"}), "expiresAt"),
    ] {
        let (status, answer) = call(&stack, Method::POST, KEYS, Some(&owner.token), Some(body.clone())).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {answer}");
        assert_eq!(answer["errors"][0]["field"], field, "{body}: {answer}");
    }
    let listed = list(&stack, &owner.token).await;
    assert_eq!(listed.len(), 1, "only the admin's key: {listed:?}");
    // The owner revokes the admin's key; revoking again answers it as it is.
    for _ in 0..2 {
        let (status, body) = call(&stack, Method::DELETE, &format!("{KEYS}/{id}"), Some(&owner.token), None).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["status"], "revoked");
    }
}

#[tokio::test]
async fn what_an_integration_creates_is_attributed_to_its_key() {
    let stack = stack().await;
    let owner = organisation(&stack).await;
    let created = create_key(&stack, &owner.token, json!({"name": "Zapier ✨", "scopes": ["campaigns:write"]})).await;
    let key = created["key"].as_str().unwrap();
    let key_id = created["apiKey"]["id"].as_str().unwrap();
    let (status, initiative) =
        call(&stack, Method::POST, "/initiative/add", Some(key), Some(json!({"name": "From the CRM"}))).await;
    assert_eq!(status, StatusCode::CREATED, "{initiative}");
    let (status, tag) = call(&stack, Method::POST, "/tags/add", Some(key), Some(json!({"name": "crm"}))).await;
    assert_eq!(status, StatusCode::CREATED, "{tag}");
    let (status, campaign) = call(
        &stack,
        Method::POST,
        "/campaign/add",
        Some(key),
        Some(json!({"initiativeId": initiative["id"], "title": "Made by a key", "description": "d",
            "type": "evergreen", "visibility": "public", "mode": "landscape", "tags": [tag["id"]]})),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{campaign}");
    let stored: storyhive_shared::campaigns::records::CampaignRecord = stack
        .context
        .store
        .get(&keys::campaign(&owner.tenant_id, campaign["id"].as_str().unwrap()))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(stored.created_by, key_id);
    // A key is no staff member: it is not among the campaign's participants, and staff
    // still see and open the campaign.
    let (status, participants) =
        owner.get(&stack, &format!("/campaign/CampaignParticipantList/{}", campaign["id"].as_str().unwrap())).await;
    assert_eq!(status, StatusCode::OK, "{participants}");
    assert!(!participants.to_string().contains(key_id), "{participants}");
    let (status, _) = owner.get(&stack, &format!("/campaign/{}", campaign["id"].as_str().unwrap())).await;
    assert_eq!(status, StatusCode::OK);
}

/// The one write a read with a key makes: the key's last use, at most once a minute
/// (`reads.rs` holds staff reads to no write at all).
#[tokio::test]
async fn a_read_with_a_key_writes_only_its_last_use_once_a_minute() {
    let stack = stack().await;
    let owner = organisation(&stack).await;
    let created =
        create_key(&stack, &owner.token, json!({"name": "Dashboard reader", "scopes": ["campaigns:read"]})).await;
    let key = created["key"].as_str().unwrap();
    let writes = |stack: &TestStack| -> Vec<String> {
        stack
            .recorded("DashboardFunction")
            .into_iter()
            .filter(|a| {
                ["PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem", "TransactWriteItems"]
                    .contains(&a.operation.rsplit('.').next().unwrap_or_default())
            })
            .map(|a| format!("{} on {:?}", a.operation, a.target))
            .collect()
    };
    for _ in 0..3 {
        let (status, body) = call(&stack, Method::GET, "/dashboard/details", Some(key), None).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let written = writes(&stack);
    assert_eq!(written.len(), 1, "one last-use write for three reads: {written:?}");
    assert!(written[0].contains("UpdateItem"), "{written:?}");
    // Staff reads write nothing.
    let (status, _) = owner.get(&stack, "/dashboard/details").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(writes(&stack).len(), 1);
}
