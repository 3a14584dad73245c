//! The brand theme (issue 23): every staff member reads it, admins change it, and a theme
//! with an invalid field is refused whole with a message per field.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use storyhive_shared::{
    permissions::Role,
    stories::theme::{self, BrandTheme, CaptionSize, LogoPosition, ThemeFont},
};

use crate::common::*;

fn brand() -> Value {
    json!({
        "background": "#0B3D2E",
        "text": "#fafafa",
        "accent": "#f59e0b",
        "font": "lato",
        "logoPosition": "bottomRight",
        "captionSize": "large",
        "captionBox": false,
    })
}

#[tokio::test]
async fn an_admin_sets_the_brand_theme_and_every_staff_member_reads_it() {
    let stack = stack().await;
    let owner = organisation(&stack).await;
    let admin = member(&stack, &owner.tenant_id, Role::Admin).await;
    // Until one is saved, the default theme.
    let (status, body) = admin.get(&stack, "/organisation/theme").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body, serde_json::to_value(BrandTheme::default()).unwrap());

    let (status, saved) = admin.put(&stack, "/organisation/theme", brand()).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["background"], "#0b3d2e", "colours are kept in lower case");
    let stored = theme::of_organisation(&stack.context.store, &owner.tenant_id).await.unwrap();
    assert_eq!(
        stored,
        BrandTheme {
            background: "#0b3d2e".into(),
            text: "#fafafa".into(),
            accent: "#f59e0b".into(),
            font: ThemeFont::Lato,
            logo_position: LogoPosition::BottomRight,
            caption_size: CaptionSize::Large,
            caption_box: false,
        }
    );
    for role in [Role::SuperAdmin, Role::Admin, Role::Creator, Role::Coordinator] {
        let staff = if role == Role::SuperAdmin { owner.clone() } else { member(&stack, &owner.tenant_id, role).await };
        let (status, body) = staff.get(&stack, "/organisation/theme").await;
        assert_eq!((status, body), (StatusCode::OK, saved.clone()), "{role:?}");
    }
    // The super admin may change it too.
    let mut open_sans = brand_fields();
    open_sans.insert("font".into(), json!("openSans"));
    let (status, body) = owner.put(&stack, "/organisation/theme", Value::Object(open_sans)).await;
    assert_eq!((status, body["font"].as_str()), (StatusCode::OK, Some("openSans")));
}

/// `brand()` as a map, to override a field.
fn brand_fields() -> serde_json::Map<String, Value> {
    brand().as_object().unwrap().clone()
}

#[tokio::test]
async fn an_invalid_theme_is_refused_field_by_field_and_changes_nothing() {
    let stack = stack().await;
    let owner = organisation(&stack).await;
    let (status, _) = owner.put(&stack, "/organisation/theme", brand()).await;
    assert_eq!(status, StatusCode::OK);
    let mut bad = brand_fields();
    bad.insert("background".into(), json!("green"));
    bad.insert("accent".into(), json!("#12345g"));
    let (status, body) = owner.put(&stack, "/organisation/theme", Value::Object(bad)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let fields: Vec<&str> = body["errors"].as_array().unwrap().iter().map(|e| e["field"].as_str().unwrap()).collect();
    assert_eq!(fields, ["background", "accent"], "{body}");
    assert_eq!(body["errors"][0]["message"], theme::COLOUR_RULE);
    let mut unreadable = brand_fields();
    unreadable.insert("text".into(), json!("#0B3D2E"));
    let (status, body) = owner.put(&stack, "/organisation/theme", Value::Object(unreadable)).await;
    assert_eq!((status, body["errors"][0]["field"].as_str()), (StatusCode::BAD_REQUEST, Some("text")), "{body}");
    // A font outside the bundled set is refused too.
    let mut unknown = brand_fields();
    unknown.insert("font".into(), json!("comicSans"));
    assert_eq!(owner.put(&stack, "/organisation/theme", Value::Object(unknown)).await.0, StatusCode::BAD_REQUEST);
    // A field left out is named.
    let mut partial = brand_fields();
    partial.remove("font");
    partial.remove("captionBox");
    let (status, body) = owner.put(&stack, "/organisation/theme", Value::Object(partial)).await;
    let fields: Vec<&str> = body["errors"].as_array().unwrap().iter().map(|e| e["field"].as_str().unwrap()).collect();
    assert_eq!((status, fields), (StatusCode::BAD_REQUEST, vec!["font", "captionBox"]), "{body}");
    assert_eq!(body["errors"][0]["message"], theme::FONT_REQUIRED);
    let (_, current) = owner.get(&stack, "/organisation/theme").await;
    assert_eq!(current["background"], "#0b3d2e", "nothing changed: {current}");
    assert_eq!(current["font"], "lato");
}

#[tokio::test]
async fn only_admins_change_the_theme_and_only_their_own_organisations() {
    let stack = stack().await;
    let owner = organisation(&stack).await;
    for role in [Role::Creator, Role::Coordinator] {
        let staff = member(&stack, &owner.tenant_id, role).await;
        let (status, _) = staff.put(&stack, "/organisation/theme", brand()).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{role:?}");
    }
    assert_eq!(
        theme::of_organisation(&stack.context.store, &owner.tenant_id).await.unwrap(),
        BrandTheme::default(),
        "unchanged"
    );
    assert_eq!(call(&stack, Method::GET, "/organisation/theme", None, None).await.0, StatusCode::UNAUTHORIZED);
    let other = organisation(&stack).await;
    assert_eq!(other.put(&stack, "/organisation/theme", brand()).await.0, StatusCode::OK);
    assert_eq!(
        theme::of_organisation(&stack.context.store, &owner.tenant_id).await.unwrap(),
        BrandTheme::default(),
        "another organisation's theme stays theirs"
    );
}
