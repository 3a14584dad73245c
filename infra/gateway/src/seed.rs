//! Demo data: one organisation with one verified user of each staff role. Idempotent:
//! running it again resets the demo users' passwords, roles and status, so the printed
//! sign-in details always work.

use storyhive_shared::{
    auth,
    model::{self, EmailClaim, TenantRecord, UserRecord, UserStatus},
    permissions::Role,
    storage::keys,
    AppContext,
};

pub const DEMO_PASSWORD: &str = "Storyhive-Demo-2026!";
pub const DEMO_COMPANY: &str = "Storyhive Demo";

pub struct DemoUser {
    pub email: &'static str,
    pub first_name: &'static str,
    pub last_name: &'static str,
    pub role: Role,
}

pub const DEMO_USERS: [DemoUser; 4] = [
    DemoUser {
        email: "superadmin@storyhive-demo.org",
        first_name: "Avery",
        last_name: "Stone",
        role: Role::SuperAdmin,
    },
    DemoUser { email: "admin@storyhive-demo.org", first_name: "Morgan", last_name: "Reyes", role: Role::Admin },
    DemoUser { email: "creator@storyhive-demo.org", first_name: "Jordan", last_name: "Blake", role: Role::Creator },
    DemoUser {
        email: "coordinator@storyhive-demo.org",
        first_name: "Riley",
        last_name: "Chen",
        role: Role::Coordinator,
    },
];

pub async fn seed(context: &AppContext) -> anyhow::Result<String> {
    let store = &context.store;
    let at = model::now();
    let hash = auth::hash_password(DEMO_PASSWORD)?;
    let owner_claim = store.get::<EmailClaim>(&keys::email_claim(DEMO_USERS[0].email)).await?;
    let tenant_id = match &owner_claim {
        Some(claim) => claim.tenant_id.clone(),
        None => model::new_id(),
    };
    let mut tenant = store
        .get::<TenantRecord>(&keys::tenant(&tenant_id))
        .await?
        .unwrap_or_else(|| TenantRecord::new(&tenant_id, at));
    tenant.company_name = Some(DEMO_COMPANY.into());
    tenant.industry.get_or_insert_with(|| "Media".into());
    tenant.status = storyhive_shared::model::TenantStatus::Active;
    tenant.closed_at = None;
    // The demo organisation is set up: its super admin goes straight to the dashboard.
    tenant.setup_completed_at.get_or_insert_with(|| model::timestamp(at));
    store.put(&tenant).await?;

    for demo in &DEMO_USERS {
        let claim = store.get::<EmailClaim>(&keys::email_claim(demo.email)).await?;
        let existing = match &claim {
            Some(claim) => store.get::<UserRecord>(&keys::user(&claim.tenant_id, &claim.user_id)).await?,
            None => None,
        };
        let mut user = match existing {
            Some(user) if user.tenant_id == tenant_id => user,
            _ => UserRecord::new(&tenant_id, &model::new_id(), demo.email, demo.role, at),
        };
        // Through set_role, so the role index (the user list's filters) follows.
        user.set_role(demo.role);
        user.status = UserStatus::Activated;
        user.email_verified = true;
        user.password_hash = Some(hash.clone());
        user.first_name = Some(demo.first_name.into());
        user.last_name = Some(demo.last_name.into());
        user.role_in_company.get_or_insert_with(|| demo.role.label().into());
        user.updated_at = model::timestamp(at);
        let claim = EmailClaim::new(demo.email, &tenant_id, &user.user_id, at);
        store.transact(vec![store.put_op(&user)?, store.put_op(&claim)?]).await?;
        storyhive_shared::auth::revoke_sessions(&context.store, &tenant_id, &user.user_id).await.ok();
        store.delete(&keys::login_throttle(demo.email)).await?;
    }
    Ok(tenant_id)
}
