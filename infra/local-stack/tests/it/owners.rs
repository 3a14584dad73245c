//! The records with several writers are written only by their owner modules: the recorder
//! refuses a write to one from anywhere else, in whichever test makes it.

use storyhive_local_stack::{recorder::OwnedRecord, testkit::TestStack};
use storyhive_shared::{
    contributors,
    storage::{keys, owner},
};

fn router(_: storyhive_shared::AppContext) -> axum::Router {
    axum::Router::new()
}

fn item(key: keys::Key) -> serde_json::Value {
    serde_json::json!({ "PK": key.pk, "SK": key.sk, "entityType": "Probe" })
}

#[tokio::test]
async fn a_write_to_an_owned_record_from_outside_its_owners_fails_and_changes_nothing() {
    let stack = TestStack::start("ContributorsFunction", router).await;
    let store = stack.function_context("ContributorsFunction").store;
    let tenant = storyhive_local_stack::testkit::client::unique("owners");
    let membership = keys::membership(&tenant, "campaign", "collaborator");
    assert_eq!(OwnedRecord::of(&membership.pk, &membership.sk), Some(OwnedRecord::Membership));

    // From no owner, and from the owner of another record.
    let error = store.put(&item(membership.clone())).await.expect_err("a write from outside is refused");
    assert!(format!("{error:?}").contains("Membership"), "{error:?}");
    let error = owner::writing_as(storyhive_shared::media::renders::WRITER, store.put(&item(membership.clone())))
        .await
        .expect_err("the generated videos' module does not own memberships");
    assert!(format!("{error:?}").contains("collaborators"), "the owners are named: {error:?}");
    assert!(store.get::<serde_json::Value>(&membership).await.unwrap().is_none(), "nothing was written");

    // Its owner writes it; a record nobody owns is written by anyone.
    owner::writing_as(contributors::write::WRITER, store.put(&item(membership.clone()))).await.unwrap();
    assert!(store.get::<serde_json::Value>(&membership).await.unwrap().is_some());
    store.put(&item(keys::contributor_email(&tenant, "someone@example.com"))).await.unwrap();
}

#[test]
fn each_owned_record_is_told_apart_by_its_key() {
    let cases = [
        (keys::journey("t", "c", "k", "q"), Some(OwnedRecord::Answer)),
        (keys::membership("t", "c", "k"), Some(OwnedRecord::Membership)),
        (keys::contributor("t", "k"), Some(OwnedRecord::Collaborator)),
        (keys::generated_video("t", "c", "v"), Some(OwnedRecord::GeneratedVideo)),
        (keys::campaign("t", "c"), Some(OwnedRecord::Campaign)),
        (keys::question("t", "c", "q"), None),
        (keys::contributor_email("t", "a@b.c"), None),
    ];
    for (key, record) in cases {
        assert_eq!(OwnedRecord::of(&key.pk, &key.sk), record, "{key:?}");
    }
}
