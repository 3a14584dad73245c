//! The collaborator funnel (issue 24): exact figures after a scripted journey of several
//! collaborators, counted once however often a step is repeated, and taken back on removal.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::common::*;

/// Another collaborator of `invited`'s campaign.
async fn another(stack: &storyhive_local_stack::testkit::TestStack, invited: &Invited, first_name: &str) -> Invited {
    let added = add_collaborator(stack, &invited.staff, &invited.campaign_id, first_name, "Tester").await;
    Invited { contributor_id: added.contributor_id, email: added.email, key: added.key, ..invited.clone() }
}

async fn opens_link(stack: &storyhive_local_stack::testkit::TestStack, person: &Invited) {
    let (status, body) = person.call(stack, Method::GET, &person.path("/contributor"), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

async fn starts(stack: &storyhive_local_stack::testkit::TestStack, person: &Invited) {
    let body = person.with_ids(json!({"firstName": "Robin", "lastName": "Tester"}));
    let (status, body) = person.call(stack, Method::POST, "/contributor/save", Some(body)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

async fn answers(stack: &storyhive_local_stack::testkit::TestStack, person: &Invited) {
    person.upload(stack, person.question_id(), &video(Container::Webm, 2).make(), "video/webm").await;
    let journey = person.settle_uploads(stack).await;
    assert_eq!(journey["questions"][0]["uploadStatus"], "stored", "{journey}");
}

async fn submits(stack: &storyhive_local_stack::testkit::TestStack, person: &Invited) {
    let (status, body) =
        person.call(stack, Method::PUT, &format!("{}/submit", person.path("/contributor")), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

fn figures(funnel: &Value) -> [i64; 5] {
    ["invited", "linkOpened", "started", "firstAnswerStored", "submitted"].map(|k| funnel[k].as_i64().unwrap())
}

#[tokio::test]
async fn the_funnel_counts_every_collaborator_once_at_each_stage() {
    let stack = stack().await;
    let amara = invited(&stack, &["Who are you?"]).await;
    let staff = amara.staff.clone();
    let (bea, chidi, dana, eli) = (
        another(&stack, &amara, "Bea").await,
        another(&stack, &amara, "Chidi").await,
        another(&stack, &amara, "Dana").await,
        another(&stack, &amara, "Eli").await,
    );
    let campaign_funnel = format!("/campaign/funnel/{}", amara.campaign_id);
    let (status, funnel) = staff.get(&stack, &campaign_funnel).await;
    assert_eq!(status, StatusCode::OK, "{funnel}");
    assert_eq!((figures(&funnel), &funnel["medianSecondsToSubmit"]), ([5, 0, 0, 0, 0], &Value::Null));

    // Amara and Bea go all the way; Chidi stops after answering, Dana after giving details,
    // Eli never opens the link. Each step is taken twice where a person would repeat it.
    for person in [&amara, &bea] {
        opens_link(&stack, person).await;
        opens_link(&stack, person).await;
        starts(&stack, person).await;
        starts(&stack, person).await;
        answers(&stack, person).await;
        submits(&stack, person).await;
        submits(&stack, person).await;
    }
    opens_link(&stack, &chidi).await;
    starts(&stack, &chidi).await;
    answers(&stack, &chidi).await;
    answers(&stack, &chidi).await;
    opens_link(&stack, &dana).await;
    starts(&stack, &dana).await;
    // A staff member looking at someone's page is not them opening their link.
    let (status, _) = staff.get(&stack, &format!("{}?adminAccess=true", eli.path("/contributor"))).await;
    assert_eq!(status, StatusCode::OK);

    let (_, funnel) = staff.get(&stack, &campaign_funnel).await;
    assert_eq!(figures(&funnel), [5, 4, 4, 3, 2], "{funnel}");
    let median = funnel["medianSecondsToSubmit"].as_i64().unwrap();
    assert!((0..=60).contains(&median), "both submitted within a minute of their invitation: {median}");

    // The organisation's funnel: this campaign and a second one.
    let other = invited_in(&stack, staff.clone(), "landscape", &["Why?"]).await;
    opens_link(&stack, &other).await;
    let (status, dashboard) = staff.get(&stack, "/dashboard/details").await;
    assert_eq!(status, StatusCode::OK, "{dashboard}");
    assert_eq!(figures(&dashboard["collaboratorFunnel"]), [6, 5, 4, 3, 2], "{dashboard}");

    // Removing Chidi takes back what he counted in, in both funnels.
    let (status, body) = staff
        .delete(&stack, &format!("/campaign/remove-contributor/{}/{}", chidi.campaign_id, chidi.contributor_id), None)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, funnel) = staff.get(&stack, &campaign_funnel).await;
    assert_eq!(figures(&funnel), [4, 3, 3, 2, 2], "{funnel}");
    let (_, dashboard) = staff.get(&stack, "/dashboard/details").await;
    assert_eq!(figures(&dashboard["collaboratorFunnel"]), [5, 4, 3, 2, 2]);

    // Another organisation sees only its own.
    let stranger = organisation(&stack).await;
    let (_, theirs) = stranger.get(&stack, "/dashboard/details").await;
    assert_eq!(figures(&theirs["collaboratorFunnel"]), [0, 0, 0, 0, 0]);
    let (status, _) = stranger.get(&stack, &campaign_funnel).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}
