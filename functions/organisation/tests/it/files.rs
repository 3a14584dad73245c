use reqwest::StatusCode;
use serde_json::json;
use storyhive_shared::permissions::Role;

use crate::common::*;

const MB: usize = 1024 * 1024;

#[tokio::test]
async fn a_png_logo_is_kept_as_a_jpeg_and_replacing_or_deleting_it_removes_the_old_one() {
    let stack = stack().await;
    let owner = organisation(&stack).await;
    let (status, saved, pending) = upload(&stack, &owner, "company", "companyLogo", "image/png", png(64, 48)).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["message"], "Company logo uploaded successfully");
    assert!(!exists(&stack, &pending).await, "the unchecked upload is gone");

    let (status, bytes) = fetch(&stack, saved["url"].as_str().unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    let jpeg = image::load_from_memory_with_format(&bytes, image::ImageFormat::Jpeg).expect("a JPEG that decodes");
    assert_eq!((jpeg.width(), jpeg.height()), (64, 48));
    let first = tenant(&stack, &owner.tenant_id).await.company_logo.unwrap();
    assert!(first.ends_with(".jpg") && first.starts_with(&owner.tenant_id), "{first}");

    // The current user and the company show it through short-lived URLs, the same URL on
    // every screen of a visit (signed per hour, valid two) so the browser keeps the picture.
    let current = me(&stack, &owner).await;
    let url = current["companyLogo"].as_str().unwrap();
    assert!(url.contains("X-Amz-Expires=7200"), "{url}");
    assert!(url.contains("response-cache-control=private%2C%20max-age%3D3600"), "{url}");
    let signed_at = url.split("X-Amz-Date=").nth(1).map(|d| &d[..16]).unwrap();
    assert!(signed_at.ends_with("0000Z"), "signed at the start of the hour: {signed_at}");
    let again = me(&stack, &owner).await;
    assert_eq!(again["companyLogo"].as_str(), Some(url), "the same URL within the hour");
    assert_eq!(fetch(&stack, url).await.1, bytes);

    let (status, _, _) = upload(&stack, &owner, "company", "companyLogo", "image/png", png(10, 10)).await;
    assert_eq!(status, StatusCode::OK);
    let second = tenant(&stack, &owner.tenant_id).await.company_logo.unwrap();
    assert_ne!(second, first);
    assert!(!exists(&stack, &first).await, "the replaced logo is removed");

    let (status, body) = owner.delete(&stack, "/organisation/company/file", Some(json!({"kind": "companyLogo"}))).await;
    assert_eq!((status, body["message"].as_str()), (StatusCode::OK, Some("Company logo deleted successfully")));
    assert!(!exists(&stack, &second).await);
    assert!(me(&stack, &owner).await["companyLogo"].is_null());
    let (status, body) = owner.delete(&stack, "/organisation/company/file", Some(json!({"kind": "companyLogo"}))).await;
    assert_eq!((status, body["detail"].as_str()), (StatusCode::NOT_FOUND, Some("File not exist")));
}

#[tokio::test]
async fn anything_but_a_picture_of_at_most_10mb_is_refused_and_changes_nothing() {
    let stack = stack().await;
    let owner = organisation(&stack).await;
    let (_, _, _) = upload(&stack, &owner, "company", "companyLogo", "image/png", png(8, 8)).await;
    let logo = tenant(&stack, &owner.tenant_id).await.company_logo;

    // Refused before any upload: the wrong type, too large, empty.
    for (content_type, size) in
        [("application/pdf", 100), ("image/png", 10 * MB + 1), ("image/png", 0), ("text/plain", 10)]
    {
        let (status, body) = ticket(&stack, &owner, "company", "companyLogo", content_type, size).await;
        assert_eq!(
            (status, body["detail"].as_str()),
            (StatusCode::BAD_REQUEST, Some(LOGO_REFUSED)),
            "{content_type} {size}"
        );
        let field = if content_type == "image/png" { "sizeBytes" } else { "contentType" };
        assert_eq!(body["errors"][0]["field"], field, "{body}");
    }
    // Uploaded, then found not to be a picture whatever it was called.
    let (status, body, pending) =
        upload(&stack, &owner, "company", "companyLogo", "image/png", b"%PDF-1.4 not a picture".to_vec()).await;
    assert_eq!((status, body["detail"].as_str()), (StatusCode::BAD_REQUEST, Some(LOGO_REFUSED)));
    assert!(!exists(&stack, &pending).await, "a refused upload is removed");

    // Larger than it said (S3 refuses this; the server checks the real size anyway).
    let (status, ticket) = ticket(&stack, &owner, "company", "companyLogo", "image/png", 10 * MB).await;
    assert_eq!(status, StatusCode::OK);
    let mut big = png(16, 16);
    big.resize(10 * MB + 1, 0);
    let response = stack
        .http
        .put(ticket["url"].as_str().unwrap())
        .header("Content-Type", "image/png")
        .body(big)
        .send()
        .await
        .unwrap();
    // moto does not check the signed length (S3 would refuse the body): the server's own
    // check of the stored size is what refuses it here.
    assert!(response.status().is_success(), "{}", response.status());
    let key = ticket["uploadKey"].as_str().unwrap();
    let (status, body) = owner
        .post(&stack, "/organisation/company/upload-complete", json!({"kind": "companyLogo", "uploadKey": key}))
        .await;
    assert_eq!((status, body["detail"].as_str()), (StatusCode::BAD_REQUEST, Some(LOGO_REFUSED)));
    assert!(!exists(&stack, key).await);
    assert_eq!(tenant(&stack, &owner.tenant_id).await.company_logo, logo, "the logo is unchanged");

    // A key never uploaded, someone else's, or not an upload key at all.
    let (_, fresh) = crate::common::ticket(&stack, &owner, "company", "companyLogo", "image/png", 100).await;
    for key in [fresh["uploadKey"].as_str().unwrap().to_string(), logo.clone().unwrap(), "../../etc/passwd".into()] {
        let (status, body) = owner
            .post(&stack, "/organisation/company/upload-complete", json!({"kind": "companyLogo", "uploadKey": key}))
            .await;
        assert_eq!((status, body["detail"].as_str()), (StatusCode::NOT_FOUND, Some("File not exist")), "{key}");
    }
}

#[tokio::test]
async fn terms_must_really_be_a_pdf_and_each_upload_is_a_new_version() {
    let stack = stack().await;
    let owner = organisation(&stack).await;
    let (status, body) = ticket(&stack, &owner, "company", "termsNConditions", "application/pdf", 100 * MB + 1).await;
    assert_eq!((status, body["detail"].as_str()), (StatusCode::BAD_REQUEST, Some(TERMS_REFUSED)));
    let (status, body, _) =
        upload(&stack, &owner, "company", "termsNConditions", "application/pdf", b"PK\x03\x04 a zip file".to_vec())
            .await;
    assert_eq!((status, body["detail"].as_str()), (StatusCode::BAD_REQUEST, Some(TERMS_REFUSED)));
    assert_eq!(tenant(&stack, &owner.tenant_id).await.terms_version, 0);

    let (status, saved, _) = upload(&stack, &owner, "company", "termsNConditions", "application/pdf", pdf("v1")).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(
        (saved["message"].as_str(), saved["termsVersion"].as_u64()),
        (Some("Terms and conditions uploaded successfully"), Some(1))
    );
    assert_eq!(fetch(&stack, saved["url"].as_str().unwrap()).await.1, pdf("v1"));
    let first = tenant(&stack, &owner.tenant_id).await.terms_n_conditions.unwrap();

    let (_, saved, _) = upload(&stack, &owner, "company", "termsNConditions", "application/pdf", pdf("v2")).await;
    assert_eq!(saved["termsVersion"], 2);
    assert!(!exists(&stack, &first).await, "the previous terms are removed");
    let current = me(&stack, &owner).await;
    assert_eq!(fetch(&stack, current["termsNConditions"].as_str().unwrap()).await.1, pdf("v2"));

    let (status, body) =
        owner.delete(&stack, "/organisation/company/file", Some(json!({"kind": "termsNConditions"}))).await;
    assert_eq!((status, body["message"].as_str()), (StatusCode::OK, Some("Terms and conditions deleted successfully")));
    let after = tenant(&stack, &owner.tenant_id).await;
    assert_eq!((after.terms_n_conditions, after.terms_version), (None, 2));
}

#[tokio::test]
async fn encouragement_videos_go_through_the_video_probe() {
    let stack = stack().await;
    let owner = organisation(&stack).await;
    let creator = member(&stack, &owner.tenant_id, Role::Creator).await;

    let (status, body) = ticket(&stack, &creator, "me", "encouragementVideo", "video/mp4", 500 * MB + 1).await;
    assert_eq!((status, body["detail"].as_str()), (StatusCode::BAD_REQUEST, Some(VIDEO_REFUSED)));
    let (status, body, _) =
        upload(&stack, &creator, "me", "encouragementVideo", "video/mp4", b"\0\0\0\x18ftypisom but no boxes".to_vec())
            .await;
    assert_eq!((status, body["detail"].as_str()), (StatusCode::BAD_REQUEST, Some(VIDEO_REFUSED)));
    let (status, body, _) = upload(&stack, &creator, "me", "encouragementVideo", "video/mp4", png(4, 4)).await;
    assert_eq!((status, body["detail"].as_str()), (StatusCode::BAD_REQUEST, Some(VIDEO_REFUSED)));

    let video = mp4(1);
    let (status, saved, _) = upload(&stack, &creator, "me", "encouragementVideo", "video/mp4", video.clone()).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["message"], "Your encouragement video uploaded successfully");
    let current = me(&stack, &creator).await;
    assert_eq!(fetch(&stack, current["encouragementVideo"].as_str().unwrap()).await.1, video);
    assert!(current["defaultEncouragementVideo"].is_null());

    let (status, saved, _) =
        upload(&stack, &owner, "company", "defaultEncouragementVideo", "video/mp4", video.clone()).await;
    assert_eq!(
        (status, saved["message"].as_str()),
        (StatusCode::OK, Some("Encouragement video uploaded successfully"))
    );
    assert!(me(&stack, &creator).await["defaultEncouragementVideo"].is_string(), "every member sees the default");

    let (status, body) =
        creator.delete(&stack, "/organisation/me/file", Some(json!({"kind": "encouragementVideo"}))).await;
    assert_eq!(
        (status, body["message"].as_str()),
        (StatusCode::OK, Some("Your encouragement video deleted successfully"))
    );
    let (status, body) =
        owner.delete(&stack, "/organisation/company/file", Some(json!({"kind": "defaultEncouragementVideo"}))).await;
    assert_eq!((status, body["message"].as_str()), (StatusCode::OK, Some("Encouragement video deleted successfully")));
}

#[tokio::test]
async fn own_files_are_each_staff_members_and_company_files_the_super_admins() {
    let stack = stack().await;
    let owner = organisation(&stack).await;
    let coordinator = member(&stack, &owner.tenant_id, Role::Coordinator).await;
    let admin = member(&stack, &owner.tenant_id, Role::Admin).await;

    // Any staff member has an avatar, converted like every picture.
    let (status, saved, _) = upload(&stack, &coordinator, "me", "avatar", "image/webp", webp(12, 9)).await;
    assert_eq!((status, saved["message"].as_str()), (StatusCode::OK, Some("Profile picture uploaded successfully")));
    let avatar = me(&stack, &coordinator).await["avatar"].as_str().unwrap().to_string();
    let decoded =
        image::load_from_memory_with_format(&fetch(&stack, &avatar).await.1, image::ImageFormat::Jpeg).unwrap();
    assert_eq!((decoded.width(), decoded.height()), (12, 9));
    assert!(me(&stack, &admin).await["avatar"].is_null(), "someone else's avatar is theirs");

    // Company files are not theirs, and each route takes only its own kinds.
    for staff in [&coordinator, &admin] {
        let (status, _) = ticket(&stack, staff, "company", "companyLogo", "image/png", 100).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, _) =
            staff.delete(&stack, "/organisation/company/file", Some(json!({"kind": "companyLogo"}))).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
    }
    let (status, body) = ticket(&stack, &owner, "me", "companyLogo", "image/png", 100).await;
    assert_eq!((status, body["detail"].as_str()), (StatusCode::BAD_REQUEST, Some(VALID_FILE)));
    let (status, body) = ticket(&stack, &owner, "company", "avatar", "image/png", 100).await;
    assert_eq!((status, body["detail"].as_str()), (StatusCode::BAD_REQUEST, Some(VALID_FILE)));

    // Nobody checks in an upload made by someone else, in this organisation or another.
    let (_, theirs) = ticket(&stack, &coordinator, "me", "avatar", "image/png", png(3, 3).len()).await;
    put_to(&stack, &theirs, png(3, 3)).await;
    let key = theirs["uploadKey"].as_str().unwrap();
    let other = organisation(&stack).await;
    for staff in [&admin, &other] {
        let (status, body) =
            staff.post(&stack, "/organisation/me/upload-complete", json!({"kind": "avatar", "uploadKey": key})).await;
        assert_eq!((status, body["detail"].as_str()), (StatusCode::NOT_FOUND, Some("File not exist")));
    }
    let (status, body) = coordinator.delete(&stack, "/organisation/me/file", Some(json!({"kind": "avatar"}))).await;
    assert_eq!((status, body["message"].as_str()), (StatusCode::OK, Some("Profile picture deleted successfully")));
    let (status, _) = coordinator.delete(&stack, "/organisation/me/file", Some(json!({"kind": "avatar"}))).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

fn webp(width: u32, height: u32) -> Vec<u8> {
    let picture = image::RgbImage::from_pixel(width, height, image::Rgb([10, 120, 200]));
    let mut out = Vec::new();
    image::DynamicImage::ImageRgb8(picture)
        .write_to(&mut std::io::Cursor::new(&mut out), image::ImageFormat::WebP)
        .unwrap();
    out
}

#[tokio::test]
async fn completing_the_same_upload_twice_keeps_the_file() {
    let stack = stack().await;
    let owner = organisation(&stack).await;
    let (status, ticket) = ticket(&stack, &owner, "company", "companyLogo", "image/png", png(32, 32).len()).await;
    assert_eq!(status, StatusCode::OK, "{ticket}");
    let key = ticket["uploadKey"].as_str().unwrap().to_string();
    // A retried request (the first answer was lost): the browser sends the file and
    // the completion again with the same ticket.
    for _ in 0..2 {
        put_to(&stack, &ticket, png(32, 32)).await;
        let (status, body) = owner
            .post(&stack, "/organisation/company/upload-complete", json!({"kind": "companyLogo", "uploadKey": key}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let kept = tenant(&stack, &owner.tenant_id).await.company_logo.unwrap();
    assert!(exists(&stack, &kept).await, "the logo the organisation names is still there: {kept}");
    let (status, _) = fetch(&stack, me(&stack, &owner).await["companyLogo"].as_str().unwrap()).await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn a_deleted_users_avatar_and_encouragement_video_are_deleted_with_them() {
    let stack = stack().await;
    let owner = organisation(&stack).await;
    let coordinator = member(&stack, &owner.tenant_id, Role::Coordinator).await;
    let colleague = member(&stack, &owner.tenant_id, Role::Coordinator).await;
    let (status, _, _) = upload(&stack, &coordinator, "me", "avatar", "image/png", png(8, 8)).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _, _) = upload(&stack, &coordinator, "me", "encouragementVideo", "video/mp4", mp4(1)).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _, _) = upload(&stack, &colleague, "me", "avatar", "image/png", png(8, 8)).await;
    assert_eq!(status, StatusCode::OK);
    let user = |staff: &Staff| storyhive_shared::storage::keys::user(&staff.tenant_id, &staff.user_id);
    let theirs: storyhive_shared::model::UserRecord =
        stack.context.store.get(&user(&coordinator)).await.unwrap().unwrap();
    let (avatar, video) = (theirs.avatar.unwrap(), theirs.encouragement_video.unwrap());
    let kept: storyhive_shared::model::UserRecord = stack.context.store.get(&user(&colleague)).await.unwrap().unwrap();
    assert!(exists(&stack, &avatar).await && exists(&stack, &video).await);

    let (status, body) = owner.delete(&stack, &format!("/user/delete/{}", coordinator.user_id), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // Tests share the queue: another test's workers may be the ones running this deletion.
    for _ in 0..40 {
        stack.run_workers().await.unwrap();
        if !exists(&stack, &avatar).await && !exists(&stack, &video).await {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(250)).await;
    }
    assert!(!exists(&stack, &avatar).await, "the deleted user's avatar is deleted");
    assert!(!exists(&stack, &video).await, "the deleted user's encouragement video is deleted");
    assert!(exists(&stack, &kept.avatar.unwrap()).await, "a colleague's avatar stays");
}

#[tokio::test]
async fn closing_the_organisation_deletes_its_files() {
    let stack = stack().await;
    let owner = organisation(&stack).await;
    let other = organisation(&stack).await;
    let coordinator = member(&stack, &owner.tenant_id, Role::Coordinator).await;
    for (kind, content_type, bytes) in [
        ("companyLogo", "image/png", png(16, 16)),
        ("termsNConditions", "application/pdf", pdf("Terms")),
        ("defaultEncouragementVideo", "video/mp4", mp4(1)),
    ] {
        let (status, body, _) = upload(&stack, &owner, "company", kind, content_type, bytes).await;
        assert_eq!(status, StatusCode::OK, "{kind}: {body}");
    }
    let (status, _, _) = upload(&stack, &coordinator, "me", "avatar", "image/png", png(8, 8)).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _, _) = upload(&stack, &other, "company", "companyLogo", "image/png", png(8, 8)).await;
    assert_eq!(status, StatusCode::OK);
    let closing = tenant(&stack, &owner.tenant_id).await;
    let files = [
        closing.company_logo.clone().unwrap(),
        closing.terms_n_conditions.clone().unwrap(),
        closing.default_encouragement_video.clone().unwrap(),
    ];
    let avatar: storyhive_shared::model::UserRecord = stack
        .context
        .store
        .get(&storyhive_shared::storage::keys::user(&coordinator.tenant_id, &coordinator.user_id))
        .await
        .unwrap()
        .unwrap();
    let avatar = avatar.avatar.unwrap();
    let others_logo = tenant(&stack, &other.tenant_id).await.company_logo.unwrap();

    let email = me(&stack, &owner).await["email"].as_str().unwrap().to_string();
    let (status, body) = owner.delete(&stack, "/user/me", Some(json!({"email": email, "password": PASSWORD}))).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    stack.run_workers().await.unwrap();
    for key in files.iter().chain([&avatar]) {
        assert!(!exists(&stack, key).await, "{key} is deleted with the organisation");
    }
    assert!(exists(&stack, &others_logo).await, "another organisation's files stay");
}
