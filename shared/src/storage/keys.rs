//! Every DynamoDB key of the single table is built here and nowhere else.
//! `docs/ACCESS_PATTERNS.md` lists the access pattern each one serves.
//!
//! Partition keys holding an organisation's data start with `T#<tenantId>` so tenants
//! are isolated in code and IAM's `dynamodb:LeadingKeys` can enforce it. The only
//! global partitions are e-mail claims and sign-in throttles, which must be found
//! by address before any tenant is known.

use serde::{Deserialize, Serialize};

pub const PK: &str = "PK";
pub const SK: &str = "SK";
pub const GSI1: &str = "GSI1";
pub const GSI1PK: &str = "GSI1PK";
pub const GSI1SK: &str = "GSI1SK";

/// A primary key of the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Key {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
}

impl Key {
    fn new(pk: String, sk: impl Into<String>) -> Self {
        Self { pk, sk: sk.into() }
    }
}

fn tenant_pk(tenant_id: &str) -> String {
    format!("T#{tenant_id}")
}

/// The organisation's own record.
pub fn tenant(tenant_id: &str) -> Key {
    Key::new(tenant_pk(tenant_id), "TENANT")
}

/// The organisation's brand theme (stories' colours, font, logo corner, captions), one.
pub fn brand_theme(tenant_id: &str) -> Key {
    Key::new(tenant_pk(tenant_id), "BRANDTHEME")
}

/// A staff user, in the organisation's partition.
pub fn user(tenant_id: &str, user_id: &str) -> Key {
    Key::new(tenant_pk(tenant_id), format!("{USER_PREFIX}{user_id}"))
}

pub const USER_PREFIX: &str = "USER#";

/// Partition and sort-key prefix listing every user of an organisation.
pub fn users_of_tenant(tenant_id: &str) -> (String, &'static str) {
    (tenant_pk(tenant_id), USER_PREFIX)
}

/// Claim on an e-mail address: makes addresses unique across organisations and
/// finds the account at sign-in. Addresses are compared lower-cased.
pub fn email_claim(email: &str) -> Key {
    Key::new(format!("EMAIL#{}", email.to_lowercase()), "EMAIL")
}

/// Which campaigns a list shows: all of them, or those of one stored status.
pub const CAMPAIGN_BUCKETS: [&str; 4] = ["ALL", "DRAFT", "LIVE", "EXPIRED"];
/// The orders a campaign list is kept in: by creation time, by title.
pub const CAMPAIGN_ORDERS: [&str; 2] = ["CREATED", "TITLE"];

/// One campaign list of an organisation (a bucket in an order): entries whose sort keys
/// are `<sort value>#<campaignId>`, so a page is one Query.
pub fn campaign_list_partition(tenant_id: &str, bucket: &str, order: &str) -> String {
    format!("T#{tenant_id}#CAMPAIGNLIST#{bucket}#{order}")
}

pub fn campaign_list_entry(tenant_id: &str, bucket: &str, order: &str, sort_value: &str, campaign_id: &str) -> Key {
    Key::new(campaign_list_partition(tenant_id, bucket, order), format!("{sort_value}#{campaign_id}"))
}

/// The organisation's campaign counts by stored status (the list's filters).
pub fn campaign_counts(tenant_id: &str) -> Key {
    Key::new(tenant_pk(tenant_id), "CAMPAIGNCOUNTS")
}

/// Live campaigns by expiry date (`<YYYY-MM-DD>#<campaignId>`): the ones whose date has
/// passed are settled as expired, and the dashboard reads those expiring soon.
pub fn campaign_expiry_partition(tenant_id: &str) -> String {
    format!("T#{tenant_id}#CAMPAIGNEXPIRY")
}

pub fn campaign_expiry_entry(tenant_id: &str, expiry_date: &str, campaign_id: &str) -> Key {
    Key::new(campaign_expiry_partition(tenant_id), format!("{expiry_date}#{campaign_id}"))
}

/// The word index of one kind of thing (campaign titles, contributors' names and
/// addresses): entries `<word>#<id>`, so a word prefix finds its ids with one Query.
pub fn words_partition(tenant_id: &str, kind: &str) -> String {
    format!("T#{tenant_id}#WORDS#{kind}")
}

pub fn word_entry(tenant_id: &str, kind: &str, word: &str, id: &str) -> Key {
    Key::new(words_partition(tenant_id, kind), format!("{word}#{id}"))
}

/// A deletion handed to the cascade worker and not finished yet. Global (found by the
/// sweep across organisations), keyed by the job's stable id.
pub const PENDING_CASCADES: &str = "CASCADE#PENDING";

pub fn pending_cascade(job_id: &str) -> Key {
    Key::new(PENDING_CASCADES.to_string(), job_id.to_string())
}

/// Fixed-window counters of rate limits, e.g. `RATE#login-address#<ip>` / `<window start>`.
pub fn rate_counter(scope: &str, subject: &str, window_start: i64) -> Key {
    Key::new(format!("RATE#{scope}#{subject}"), window_start.to_string())
}

/// Counter of sign-in attempts for one address (reserved before the password is checked).
pub fn login_throttle(email: &str) -> Key {
    Key::new(format!("LOGIN#{}", email.to_lowercase()), "THROTTLE")
}

/// A staff session, found by the hash of its access token.
pub fn session(tenant_id: &str, token_hash: &str) -> Key {
    Key::new(format!("T#{tenant_id}#SESSION#{token_hash}"), "SESSION")
}

/// GSI1 partition listing one user's sessions (to revoke them all).
pub fn sessions_of_user_gsi1(tenant_id: &str, user_id: &str) -> String {
    format!("T#{tenant_id}#USER#{user_id}#SESSIONS")
}

/// The partition of an organisation's API keys (listed by a query on it).
pub fn api_keys_partition(tenant_id: &str) -> String {
    format!("T#{tenant_id}#APIKEYS")
}

/// Sort-key prefix of the API keys in their partition.
pub const API_KEY_PREFIX: &str = "APIKEY#";

/// An organisation's API key, found by the hash of the key (never the key itself).
pub fn api_key(tenant_id: &str, key_hash: &str) -> Key {
    Key::new(api_keys_partition(tenant_id), format!("{API_KEY_PREFIX}{key_hash}"))
}

/// A single-use token (e-mail verification, password reset), found by its hash.
pub fn one_time_token(tenant_id: &str, token_hash: &str) -> Key {
    Key::new(format!("T#{tenant_id}#TOKEN#{token_hash}"), "TOKEN")
}

// Campaigns. A campaign's items share one partition (the campaign, its brief and
// script, questions, participants, contributors), so one Query reads it whole and
// the cascade deletes it by partition.

pub const GSI2: &str = "GSI2";
pub const GSI2PK: &str = "GSI2PK";
pub const GSI2SK: &str = "GSI2SK";

pub const INITIATIVE_PREFIX: &str = "INITIATIVE#";
pub const TAG_PREFIX: &str = "TAG#";
pub const QUESTION_PREFIX: &str = "QUESTION#";
pub const PARTICIPANT_PREFIX: &str = "PARTICIPANT#";
pub const CONTRIBUTOR_PREFIX: &str = "CONTRIBUTOR#";

/// Partition of the organisation itself: its record, users, initiatives and tags.
pub fn tenant_partition(tenant_id: &str) -> String {
    tenant_pk(tenant_id)
}

pub fn initiative(tenant_id: &str, initiative_id: &str) -> Key {
    Key::new(tenant_pk(tenant_id), format!("{INITIATIVE_PREFIX}{initiative_id}"))
}

/// Makes initiative names unique within an organisation (compared lower-cased).
pub fn initiative_name(tenant_id: &str, name: &str) -> Key {
    Key::new(tenant_pk(tenant_id), format!("INITIATIVENAME#{}", name.trim().to_lowercase()))
}

pub fn tag(tenant_id: &str, tag_id: &str) -> Key {
    Key::new(tenant_pk(tenant_id), format!("{TAG_PREFIX}{tag_id}"))
}

pub fn tag_name(tenant_id: &str, name: &str) -> Key {
    Key::new(tenant_pk(tenant_id), format!("TAGNAME#{}", name.trim().to_lowercase()))
}

/// The partition holding one campaign and everything that belongs to it.
pub fn campaign_partition(tenant_id: &str, campaign_id: &str) -> String {
    format!("T#{tenant_id}#CAMPAIGN#{campaign_id}")
}

pub fn campaign(tenant_id: &str, campaign_id: &str) -> Key {
    Key::new(campaign_partition(tenant_id, campaign_id), "CAMPAIGN")
}

/// GSI1 partition listing every campaign of an organisation (sort key: created-at).
pub fn campaigns_of_tenant_gsi1(tenant_id: &str) -> String {
    format!("T#{tenant_id}#CAMPAIGNS")
}

/// GSI2 partition listing the campaigns of one initiative.
pub fn campaigns_of_initiative_gsi2(tenant_id: &str, initiative_id: &str) -> String {
    format!("T#{tenant_id}#INITIATIVE#{initiative_id}#CAMPAIGNS")
}

/// The campaign's brief or script (kept apart: up to 100 000 characters each).
pub fn campaign_text(tenant_id: &str, campaign_id: &str, kind: &str) -> Key {
    Key::new(campaign_partition(tenant_id, campaign_id), kind.to_string())
}

pub fn question(tenant_id: &str, campaign_id: &str, question_id: &str) -> Key {
    Key::new(campaign_partition(tenant_id, campaign_id), format!("{QUESTION_PREFIX}{question_id}"))
}

pub fn participant(tenant_id: &str, campaign_id: &str, user_id: &str) -> Key {
    Key::new(campaign_partition(tenant_id, campaign_id), format!("{PARTICIPANT_PREFIX}{user_id}"))
}

/// GSI2 partition listing the campaigns a staff user takes part in.
pub fn campaigns_of_user_gsi2(tenant_id: &str, user_id: &str) -> String {
    format!("T#{tenant_id}#USER#{user_id}#CAMPAIGNS")
}

/// Reverse link from a tag to a campaign using it (to untag on tag deletion).
pub fn tag_link(tenant_id: &str, tag_id: &str, campaign_id: &str) -> Key {
    Key::new(tag_links_partition(tenant_id, tag_id), format!("CAMPAIGN#{campaign_id}"))
}

pub fn tag_links_partition(tenant_id: &str, tag_id: &str) -> String {
    format!("T#{tenant_id}#TAG#{tag_id}")
}

// Contributors. An organisation's contributors share one partition (they are listed
// and searched together); a contributor's part in a campaign (membership, answers,
// uploads) lives in the campaign's partition.

pub const JOURNEY_PREFIX: &str = "JOURNEY#";
pub const UPLOAD_PREFIX: &str = "UPLOAD#";

pub fn contributors_partition(tenant_id: &str) -> String {
    format!("T#{tenant_id}#CONTRIBUTORS")
}

pub fn contributor(tenant_id: &str, contributor_id: &str) -> Key {
    Key::new(contributors_partition(tenant_id), format!("{CONTRIBUTOR_PREFIX}{contributor_id}"))
}

/// Makes contributor addresses unique within an organisation.
pub fn contributor_email(tenant_id: &str, email: &str) -> Key {
    Key::new(contributors_partition(tenant_id), format!("EMAIL#{}", email.to_lowercase()))
}

/// A contributor's place in a campaign (invitation, progress, settings).
pub fn membership(tenant_id: &str, campaign_id: &str, contributor_id: &str) -> Key {
    Key::new(campaign_partition(tenant_id, campaign_id), format!("{CONTRIBUTOR_PREFIX}{contributor_id}"))
}

/// GSI1 partition listing the campaigns a contributor is invited to.
pub fn campaigns_of_contributor_gsi1(tenant_id: &str, contributor_id: &str) -> String {
    format!("T#{tenant_id}#CONTRIBUTOR#{contributor_id}#CAMPAIGNS")
}

/// One contributor's answer to one question.
pub fn journey(tenant_id: &str, campaign_id: &str, contributor_id: &str, question_id: &str) -> Key {
    Key::new(campaign_partition(tenant_id, campaign_id), format!("{JOURNEY_PREFIX}{contributor_id}#{question_id}"))
}

pub fn journey_prefix(contributor_id: &str) -> String {
    format!("{JOURNEY_PREFIX}{contributor_id}#")
}

/// An upload started for a video object key.
pub fn upload(tenant_id: &str, campaign_id: &str, object_key: &str) -> Key {
    Key::new(campaign_partition(tenant_id, campaign_id), format!("{UPLOAD_PREFIX}{object_key}"))
}

/// The organisation's running figures (dashboard).
pub fn tenant_stats(tenant_id: &str) -> Key {
    Key::new(tenant_pk(tenant_id), "STATS")
}

/// The organisation's collaborator funnel (invited to submitted), across its campaigns.
pub fn tenant_funnel(tenant_id: &str) -> Key {
    Key::new(tenant_pk(tenant_id), "FUNNEL")
}

/// One campaign's collaborator funnel; purged with the campaign's partition.
pub fn campaign_funnel(tenant_id: &str, campaign_id: &str) -> Key {
    Key::new(campaign_partition(tenant_id, campaign_id), "FUNNEL")
}

// Staff users by role, and their invitations.

/// GSI1 partition listing the organisation's users of one role (sort key: user id, a
/// ULID, so by creation time).
pub fn users_by_role_gsi1(tenant_id: &str, role: crate::permissions::Role) -> String {
    format!("T#{tenant_id}#USERS#ROLE#{}", role.name())
}

/// A staff user's pending invitation (at most one: a new one replaces it).
pub fn invitation(tenant_id: &str, user_id: &str) -> Key {
    Key::new(tenant_pk(tenant_id), format!("INVITATION#{user_id}"))
}

/// The organisation's recording guidelines: titles (`TITLE#<titleId>`, each holding its
/// values), title claims (`NAME#<title lower-cased>`) and value pointers
/// (`VALUE#<valueId>` naming the title that holds the value).
pub fn guidelines_partition(tenant_id: &str) -> String {
    format!("T#{tenant_id}#GUIDELINES")
}

pub const GUIDELINE_TITLE_PREFIX: &str = "TITLE#";

pub fn guideline_title(tenant_id: &str, title_id: &str) -> Key {
    Key::new(guidelines_partition(tenant_id), format!("{GUIDELINE_TITLE_PREFIX}{title_id}"))
}

/// Makes guideline titles unique within an organisation (compared trimmed, lower-cased).
pub fn guideline_title_name(tenant_id: &str, title: &str) -> Key {
    Key::new(guidelines_partition(tenant_id), format!("NAME#{}", title.trim().to_lowercase()))
}

pub fn guideline_value(tenant_id: &str, value_id: &str) -> Key {
    Key::new(guidelines_partition(tenant_id), format!("VALUE#{value_id}"))
}

/// One staff member's support requests (help and professional-editor requests), newest
/// last: `HELP#<requestId>` and `EDITOR#<requestId>` (ULIDs, so sorted by time).
pub fn support_requests_partition(tenant_id: &str, user_id: &str) -> String {
    format!("T#{tenant_id}#SUPPORT#{user_id}")
}

pub const HELP_REQUEST_PREFIX: &str = "HELP#";
pub const EDITOR_REQUEST_PREFIX: &str = "EDITOR#";

pub fn help_request(tenant_id: &str, user_id: &str, request_id: &str) -> Key {
    Key::new(support_requests_partition(tenant_id, user_id), format!("{HELP_REQUEST_PREFIX}{request_id}"))
}

pub fn editor_request(tenant_id: &str, user_id: &str, request_id: &str) -> Key {
    Key::new(support_requests_partition(tenant_id, user_id), format!("{EDITOR_REQUEST_PREFIX}{request_id}"))
}

pub const TRANSCRIPT_PREFIX: &str = "TRANSCRIPT#";

/// The transcript of one answer's current take (it names its take).
pub fn transcript(tenant_id: &str, campaign_id: &str, contributor_id: &str, question_id: &str) -> Key {
    Key::new(campaign_partition(tenant_id, campaign_id), format!("{TRANSCRIPT_PREFIX}{contributor_id}#{question_id}"))
}

/// An Amazon Transcribe job, by its name, pointing back at its answer and take (the
/// job's completion event names only the job).
pub fn transcription_job(tenant_id: &str, job_name: &str) -> Key {
    Key::new(tenant_pk(tenant_id), format!("TRANSCRIPTIONJOB#{job_name}"))
}

/// One shard of a published-video counter (`publishing::stats`): `scope` is a published
/// item (`P#<slug>`), a campaign (`C#<id>`) or the organisation (`O`); the shard is in the
/// partition key so a viral video's beacons spread over partitions.
pub fn publication_stats(tenant_id: &str, scope: &str, shard: u32) -> Key {
    Key::new(format!("{}#STATS#{scope}#{shard}", tenant_pk(tenant_id)), "STATS")
}

/// A staff member's response-editor state for one collaborator of a campaign.
pub fn user_state(tenant_id: &str, campaign_id: &str, contributor_id: &str, user_id: &str) -> Key {
    Key::new(campaign_partition(tenant_id, campaign_id), format!("USERSTATE#{contributor_id}#{user_id}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tenant_data_keys_lead_with_the_tenant() {
        for key in [
            tenant("t1"),
            user("t1", "u1"),
            session("t1", "h"),
            api_key("t1", "h"),
            one_time_token("t1", "h"),
            initiative("t1", "i"),
            initiative_name("t1", "N"),
            tag("t1", "g"),
            tag_name("t1", "n"),
            campaign("t1", "c"),
            campaign_text("t1", "c", "SCRIPT"),
            question("t1", "c", "q"),
            participant("t1", "c", "u"),
            tag_link("t1", "g", "c"),
            invitation("t1", "u1"),
        ] {
            assert!(key.pk.starts_with("T#t1"), "{key:?}");
        }
        for gsi in [
            sessions_of_user_gsi1("t1", "u1"),
            campaigns_of_tenant_gsi1("t1"),
            campaigns_of_initiative_gsi2("t1", "i"),
            campaigns_of_user_gsi2("t1", "u"),
            users_by_role_gsi1("t1", crate::permissions::Role::Admin),
        ] {
            assert!(gsi.starts_with("T#t1#"), "{gsi}");
        }
    }

    #[test]
    fn addresses_are_case_insensitive() {
        assert_eq!(email_claim("Ann@Acme.COM"), email_claim("ann@acme.com"));
        assert_eq!(login_throttle("Ann@Acme.COM"), login_throttle("ann@acme.com"));
    }

    #[test]
    fn users_are_listed_by_prefix_of_their_own_keys() {
        let (pk, prefix) = users_of_tenant("t1");
        let key = user("t1", "u1");
        assert_eq!(key.pk, pk);
        assert!(key.sk.starts_with(prefix));
    }
}

#[cfg(test)]
mod campaign_tests {
    use super::*;

    #[test]
    fn a_campaign_and_its_parts_share_one_partition() {
        let pk = campaign_partition("t", "c");
        for key in
            [campaign("t", "c"), campaign_text("t", "c", "BRIEF"), question("t", "c", "q"), participant("t", "c", "u")]
        {
            assert_eq!(key.pk, pk);
        }
        assert_ne!(campaign_partition("t", "c"), campaign_partition("t", "c2"));
    }

    #[test]
    fn names_are_unique_regardless_of_case_and_spaces() {
        assert_eq!(initiative_name("t", " Spring Stories "), initiative_name("t", "spring stories"));
        assert_eq!(tag_name("t", "Team"), tag_name("t", "team"));
    }
}

// ------------------------------------------------------------ organisation set-up

pub const DEPARTMENT_PREFIX: &str = "DEPARTMENT#";

/// A department of the organisation (listed by prefix in the organisation's partition).
pub fn department(tenant_id: &str, department_id: &str) -> Key {
    Key::new(tenant_pk(tenant_id), format!("{DEPARTMENT_PREFIX}{department_id}"))
}

/// Makes department names unique within an organisation, whatever their case.
pub fn department_name(tenant_id: &str, name: &str) -> Key {
    Key::new(tenant_pk(tenant_id), format!("DEPARTMENTNAME#{}", name.trim().to_lowercase()))
}

/// Sort-key prefix of one contributor's acceptances of the terms and conditions.
pub fn terms_acceptances_prefix(contributor_id: &str) -> String {
    format!("TERMS#{contributor_id}#")
}

/// A contributor's acceptance of one version of the organisation's terms and conditions.
/// Versions are zero-padded so the newest sorts last.
pub fn terms_acceptance(tenant_id: &str, contributor_id: &str, version: u32) -> Key {
    Key::new(contributors_partition(tenant_id), format!("{}{version:010}", terms_acceptances_prefix(contributor_id)))
}

#[cfg(test)]
mod organisation_tests {
    use super::*;

    #[test]
    fn departments_live_in_the_organisation_and_their_names_ignore_case() {
        assert!(department("t", "d").pk.starts_with("T#t"));
        assert_eq!(department_name("t", " Sales "), department_name("t", "sales"));
    }

    #[test]
    fn acceptances_sort_by_version_under_their_contributor() {
        let (a, b) = (terms_acceptance("t", "k", 9), terms_acceptance("t", "k", 10));
        assert!(a.sk < b.sk);
        assert!(a.sk.starts_with(&terms_acceptances_prefix("k")));
        assert_eq!(a.pk, contributors_partition("t"));
    }
}

// ------------------------------------------------------------ generated videos

pub const GENERATED_VIDEO_PREFIX: &str = "GENVIDEO#";

/// A generated video (an edit of a collaborator's answers and its render), in its
/// campaign's partition so it goes with the campaign. Video ids are ULIDs: the sort key
/// orders a campaign's videos by creation, newest first when read backwards.
pub fn generated_video(tenant_id: &str, campaign_id: &str, video_id: &str) -> Key {
    Key::new(campaign_partition(tenant_id, campaign_id), format!("{GENERATED_VIDEO_PREFIX}{video_id}"))
}

/// GSI1 partition listing one collaborator's generated videos of a campaign (sort key: video id).
pub fn generated_videos_of_contributor_gsi1(tenant_id: &str, campaign_id: &str, contributor_id: &str) -> String {
    format!("T#{tenant_id}#CAMPAIGN#{campaign_id}#GENVIDEOS#{contributor_id}")
}

/// GSI2 partition listing a campaign's approved generated videos (sort key: video id);
/// only an approved video carries these attributes (a sparse index).
pub fn approved_generated_videos_gsi2(tenant_id: &str, campaign_id: &str) -> String {
    format!("T#{tenant_id}#CAMPAIGN#{campaign_id}#APPROVEDVIDEOS")
}

/// A video test page's processing job. Visitors of the test page have no organisation,
/// so this is one of the few global partitions; the job id is a random ULID and the
/// record expires with its `Temp/` objects.
pub fn video_test_job(job_id: &str) -> Key {
    Key::new(format!("VIDEOTEST#{job_id}"), "JOB")
}

/// A video test page's upload slot, by the object key handed out (hashed: the key
/// carries the visitor's file name). It holds the one job that key may have.
pub fn video_test_upload(object_key: &str) -> Key {
    let hashed = &crate::digest::sha256_hex(object_key)[..40];
    Key::new(format!("VIDEOTEST#UPLOAD#{hashed}"), "UPLOAD")
}

// ------------------------------------------------------------ stories

pub const STORY_PREFIX: &str = "STORY#";
pub const STORY_RENDER_PREFIX: &str = "STORYRENDER#";

/// A story of many voices (clips of any answers of a campaign), in its campaign's partition
/// so it goes with the campaign. Story ids are ULIDs: newest first when read backwards.
pub fn story(tenant_id: &str, campaign_id: &str, story_id: &str) -> Key {
    Key::new(campaign_partition(tenant_id, campaign_id), format!("{STORY_PREFIX}{story_id}"))
}

/// A story's render in one format (`landscape`, `portrait`, `square`): one at a time per format.
pub fn story_render(tenant_id: &str, campaign_id: &str, story_id: &str, format: &str) -> Key {
    Key::new(campaign_partition(tenant_id, campaign_id), format!("{}{format}", story_renders_prefix(story_id)))
}

/// The sort-key prefix of a story's renders (every format) in its campaign's partition.
pub fn story_renders_prefix(story_id: &str) -> String {
    format!("{STORY_RENDER_PREFIX}{story_id}#")
}

/// A speaker's link to a story holding one of their clips (written with the story), so a
/// person's stories are one Query, whatever the size of the organisation.
pub fn story_speaker(tenant_id: &str, contributor_id: &str, campaign_id: &str, story_id: &str) -> Key {
    Key::new(stories_of_speaker(tenant_id, contributor_id), format!("{campaign_id}#{story_id}"))
}

pub fn stories_of_speaker(tenant_id: &str, contributor_id: &str) -> String {
    format!("{}#SPEAKER#{contributor_id}#STORIES", tenant_pk(tenant_id))
}

/// The sort-key prefix of a speaker's links to the stories of one campaign.
pub fn speaker_stories_in_campaign(campaign_id: &str) -> String {
    format!("{campaign_id}#")
}

#[cfg(test)]
mod generated_video_tests {
    use super::*;

    #[test]
    fn generated_videos_live_in_their_campaign_and_are_listed_per_collaborator_and_when_approved() {
        let key = generated_video("t", "c", "01H");
        assert_eq!(key.pk, campaign_partition("t", "c"));
        assert!(key.sk.starts_with(GENERATED_VIDEO_PREFIX));
        assert!(generated_videos_of_contributor_gsi1("t", "c", "k").starts_with("T#t#"));
        assert!(approved_generated_videos_gsi2("t", "c").starts_with("T#t#"));
        assert_ne!(
            generated_videos_of_contributor_gsi1("t", "c", "k"),
            generated_videos_of_contributor_gsi1("t", "c", "k2")
        );
    }
}

// ------------------------------------------------------------ video search

/// One search axis of an organisation: every answer with a take (`ALL`), one campaign's
/// (`CAMPAIGN#<id>`), one contributor's (`CONTRIBUTOR#<id>`) or the answers holding one
/// normalised word (`WORD#<word>`). Every entry of an answer has the same sort key
/// ([`search_entry_sk`]), newest take last, so a page of any axis is one Query read
/// backwards and axes compare by sort key.
pub fn search_axis_partition(tenant_id: &str, axis: &str) -> String {
    format!("T#{tenant_id}#SEARCH#{axis}")
}

pub const SEARCH_AXIS_ALL: &str = "ALL";

pub fn search_axis_campaign(campaign_id: &str) -> String {
    format!("CAMPAIGN#{campaign_id}")
}

pub fn search_axis_contributor(contributor_id: &str) -> String {
    format!("CONTRIBUTOR#{contributor_id}")
}

pub fn search_axis_word(word: &str) -> String {
    format!("WORD#{word}")
}

/// `<take time, ms, 13 digits>#<campaignId>#<contributorId>#<questionId>`.
pub fn search_entry_sk(taken_at_ms: i64, campaign_id: &str, contributor_id: &str, question_id: &str) -> String {
    format!("{:013}#{campaign_id}#{contributor_id}#{question_id}", taken_at_ms.max(0))
}

/// The lowest sort key of entries taken at or after `ms` (date ranges).
pub fn search_entry_sk_bound(ms: i64) -> String {
    format!("{:013}", ms.max(0))
}

pub fn search_entry(tenant_id: &str, axis: &str, entry_sk: &str) -> Key {
    Key::new(search_axis_partition(tenant_id, axis), entry_sk.to_string())
}

/// The organisation's search documents: one per indexed answer, naming the entries
/// written for it (`<campaignId>#<contributorId>#<questionId>`, so a campaign's are one
/// prefix).
pub fn search_documents_partition(tenant_id: &str) -> String {
    format!("T#{tenant_id}#SEARCHDOCS")
}

pub fn search_documents_of_campaign_prefix(campaign_id: &str) -> String {
    format!("{campaign_id}#")
}

pub fn search_document(tenant_id: &str, campaign_id: &str, contributor_id: &str, question_id: &str) -> Key {
    Key::new(search_documents_partition(tenant_id), format!("{campaign_id}#{contributor_id}#{question_id}"))
}

#[cfg(test)]
mod search_tests {
    use super::*;

    #[test]
    fn entry_sort_keys_order_by_take_time_then_answer() {
        let older = search_entry_sk(999, "c", "k", "q");
        let newer = search_entry_sk(1_000, "a", "a", "a");
        assert!(older < newer);
        assert!(search_entry_sk_bound(1_000) <= newer && newer < search_entry_sk_bound(1_001));
        assert!(search_entry("t", SEARCH_AXIS_ALL, &newer).pk.starts_with("T#t#"));
        assert!(search_document("t", "c", "k", "q").sk.starts_with(&search_documents_of_campaign_prefix("c")));
    }
}

#[cfg(test)]
mod access_patterns_tests {
    /// The names of the key builders: every `pub fn` of this file that returns a key or a
    /// part of one (`Key`, `String`, a partition and prefix pair).
    fn key_builders(source: &str) -> Vec<String> {
        let mut names = Vec::new();
        let mut rest = source;
        while let Some(at) = rest.find("pub fn ") {
            rest = &rest[at + "pub fn ".len()..];
            let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            let signature = &rest[..rest.find('{').unwrap_or(rest.len())];
            let returns = signature.split("->").nth(1).unwrap_or("");
            if !name.is_empty() && (returns.contains("Key") || returns.contains("String")) {
                names.push(name);
            }
        }
        names
    }

    /// A builder is documented when the doc names it as `keys::<name>` (not as the start
    /// of a longer name: `keys::tag` is not found in `keys::tag_name`).
    fn missing_from(doc: &str, builders: &[String]) -> Vec<String> {
        builders
            .iter()
            .filter(|name| {
                let needle = format!("keys::{name}");
                !doc.match_indices(&needle).any(|(at, _)| {
                    doc[at + needle.len()..].chars().next().is_none_or(|c| !(c.is_alphanumeric() || c == '_'))
                })
            })
            .cloned()
            .collect()
    }

    #[test]
    fn every_key_builder_is_in_the_access_patterns() {
        let builders = key_builders(include_str!("keys.rs"));
        assert!(builders.len() > 50, "the builders were not found: {builders:?}");
        let missing = missing_from(include_str!("../../../docs/ACCESS_PATTERNS.md"), &builders);
        assert!(missing.is_empty(), "docs/ACCESS_PATTERNS.md does not list these key builders: {missing:?}");
    }

    #[test]
    fn a_builder_named_only_as_part_of_a_longer_name_is_missing() {
        // Built at run time so that this file's own scan does not find them.
        let source = format!(
            "{0} tag(t: &str) -> Key {{}}\n{0} tag_name(t: &str) -> Key {{}}\n{0} is_key(k: &str) -> bool {{}}",
            "pub fn"
        );
        let builders = key_builders(&source);
        assert_eq!(builders, ["tag", "tag_name"]);
        assert_eq!(missing_from("| `keys::tag_name` |", &builders), ["tag"]);
        assert!(missing_from("`keys::tag`, `keys::tag_name`", &builders).is_empty());
    }
}

// ------------------------------------------------------------ publishing

/// A published item by its slug: the public pages find it before any organisation is
/// known (a global partition, as e-mail claims). Slugs are 128 random bits.
pub fn publication(slug: &str) -> Key {
    Key::new(format!("PUB#{slug}"), "PUB")
}

/// GSI1 partition listing the organisation's published items, live or taken down (sort
/// key: publication time and slug, newest first when read backwards).
pub fn publications_of_tenant_gsi1(tenant_id: &str) -> String {
    format!("{}#PUBLICATIONS", tenant_pk(tenant_id))
}

/// GSI2 partition listing a campaign's live items (sparse: removed when taken down).
pub fn live_publications_of_campaign_gsi2(tenant_id: &str, campaign_id: &str) -> String {
    format!("{}#CAMPAIGN#{campaign_id}#LIVEPUBLICATIONS", tenant_pk(tenant_id))
}

/// The live publication of one source (`answer#<campaign>#<contributor>#<question>` or
/// `video#<campaign>#<video>`): one at a time, so publishing twice finds it.
pub fn published_source(tenant_id: &str, source: &str) -> Key {
    Key::new(format!("{}#PUBLISHEDSOURCES", tenant_pk(tenant_id)), source.to_string())
}

/// A speaker's link to a live published item: a withdrawal of consent finds every item
/// holding the person's clips with one Query.
pub fn publication_speaker(tenant_id: &str, contributor_id: &str, slug: &str) -> Key {
    Key::new(publications_of_speaker(tenant_id, contributor_id), slug.to_string())
}

pub fn publications_of_speaker(tenant_id: &str, contributor_id: &str) -> String {
    format!("{}#SPEAKER#{contributor_id}#PUBLICATIONS", tenant_pk(tenant_id))
}

/// A collaborator's withdrawal of consent, while it stands (cleared when they accept the
/// terms again).
pub fn consent_withdrawal(tenant_id: &str, contributor_id: &str) -> Key {
    Key::new(contributors_partition(tenant_id), format!("CONSENTWITHDRAWN#{contributor_id}"))
}

/// A wall of published items by its id (global: its public page knows only the id).
pub fn wall(wall_id: &str) -> Key {
    Key::new(format!("WALL#{wall_id}"), "WALL")
}

/// GSI1 partition listing the organisation's walls (sort key: creation time and id).
pub fn walls_of_tenant_gsi1(tenant_id: &str) -> String {
    format!("{}#WALLS", tenant_pk(tenant_id))
}

// ------------------------------------------------------------ reminders

/// Shards of the due-reminders index: writes spread over partitions, and the scheduled
/// job reads each shard's due entries only.
pub const REMINDER_SHARDS: u32 = 8;

/// A collaborator's reminders in one campaign (schedule, count sent, the keys reminders
/// issued), in the campaign's partition so the campaign's removal takes it.
pub fn reminder(tenant_id: &str, campaign_id: &str, contributor_id: &str) -> Key {
    Key::new(campaign_partition(tenant_id, campaign_id), format!("REMINDER#{contributor_id}"))
}

/// The `SK` prefix of a campaign's reminders (rescheduled when its settings change).
pub fn reminders_of_campaign_prefix() -> String {
    "REMINDER#".to_string()
}

/// GSI2 partition of the reminders due, one of [`REMINDER_SHARDS`] (by the contributor's
/// id); its sort key is the due time, so the job reads only what is due. Sparse: a
/// reminder with nothing left to send has no GSI2 attributes.
pub fn reminders_due_gsi2(shard: u32) -> String {
    format!("REMINDERS_DUE#{shard}")
}

/// The due-reminders index sort key: `<due time, RFC 3339 UTC to the second>#<ids>`.
pub fn reminder_due_gsi2sk(due_at: &str, tenant_id: &str, campaign_id: &str, contributor_id: &str) -> String {
    format!("{due_at}#{tenant_id}#{campaign_id}#{contributor_id}")
}

/// A collaborator's e-mail preferences in an organisation (their unsubscribe token and
/// whether they unsubscribed), beside their record.
pub fn mail_preferences(tenant_id: &str, contributor_id: &str) -> Key {
    Key::new(contributors_partition(tenant_id), format!("MAILPREFS#{contributor_id}"))
}

/// The reminder item beside a membership (`membership`'s partition, the same contributor).
pub fn reminder_of_membership(membership: &Key) -> Key {
    Key::new(membership.pk.clone(), membership.sk.replacen(CONTRIBUTOR_PREFIX, "REMINDER#", 1))
}

// ------------------------------------------------------------ webhooks

/// The partition of an organisation's webhook endpoints (a handful: read whole).
pub fn webhook_endpoints_partition(tenant_id: &str) -> String {
    format!("{}#WEBHOOKS", tenant_pk(tenant_id))
}

/// A webhook endpoint (address, kind, events, secrets, failure streak).
pub fn webhook_endpoint(tenant_id: &str, endpoint_id: &str) -> Key {
    Key::new(webhook_endpoints_partition(tenant_id), format!("ENDPOINT#{endpoint_id}"))
}

/// The `SK` prefix of the endpoints in [`webhook_endpoints_partition`].
pub fn webhook_endpoints_prefix() -> String {
    "ENDPOINT#".to_string()
}

/// An event that happened (its id is the hash of the fact, so the same fact is one event).
pub fn webhook_event(tenant_id: &str, event_id: &str) -> Key {
    Key::new(format!("{}#WHEVENT#{event_id}", tenant_pk(tenant_id)), "EVENT")
}

/// One event's delivery to one endpoint (attempts made, state), beside its event.
pub fn webhook_delivery(tenant_id: &str, event_id: &str, endpoint_id: &str) -> Key {
    Key::new(format!("{}#WHEVENT#{event_id}", tenant_pk(tenant_id)), format!("DELIVERY#{endpoint_id}"))
}

/// GSI2 partition of the events not yet handed to their endpoints (sparse: the fan-out
/// removes it); its sort key is the creation time, so the sweep reads the old ones only.
pub fn webhook_events_pending_gsi2() -> String {
    "WHEVENTS#PENDING".to_string()
}

/// The partition of an endpoint's delivery log (sort key: a ULID, newest last).
pub fn webhook_attempts_partition(tenant_id: &str, endpoint_id: &str) -> String {
    format!("{}#WEBHOOK#{endpoint_id}#LOG", tenant_pk(tenant_id))
}

/// One delivery attempt in an endpoint's log.
pub fn webhook_attempt(tenant_id: &str, endpoint_id: &str, attempt_id: &str) -> Key {
    Key::new(webhook_attempts_partition(tenant_id, endpoint_id), attempt_id.to_string())
}
