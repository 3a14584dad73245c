//! The demo organisation's content, for the local stack only (`storyhive-local
//! seed-content`; never part of a Lambda): the initiatives, tags, campaigns, questions,
//! participants and collaborators of [`world`], with real recorded answers.
//!
//! Everything is made through the HTTP API of a serving gateway, as staff and
//! collaborators make it from the web app: staff sign in and create, invite, send back
//! and approve; each collaborator opens their link (its key), sends their details, saves
//! their teleprompter settings and uploads their takes part by part to the presigned
//! URLs; the gateway's own workers then record the takes (upload worker) and convert,
//! poster and transcribe them (media worker). So every figure, poster and transcript is
//! the product's own. The one state the API cannot make, a campaign whose expiry date
//! has passed, is written with the shared campaign code ([`expire`]).
//!
//! The seed converges rather than appends: it finds what is already there by name and
//! address, makes only what is missing, and remakes a collaborator whose state is not
//! the demo's (a run stopped half-way, or takes whose files are gone: the local S3 keeps
//! its objects in memory, so a restarted stack has DynamoDB's records without their
//! videos). Running it again changes nothing that is right.

pub mod api;
pub mod takes;
pub mod world;

use std::{
    collections::HashMap,
    time::{Duration, Instant},
};

use anyhow::{anyhow, bail, Context};
use futures::{StreamExt, TryStreamExt};
use reqwest::StatusCode;
use serde_json::{json, Value};
use storyhive_campaigns::{CampaignList, ParticipantList};
use storyhive_contributors::{InviteResult, Reinvited, SignedPart, UploadStarted};
use storyhive_generated_videos::GeneratedVideo;
use storyhive_shared::{
    campaigns::{
        dto::{Campaign as CampaignDto, Question as QuestionDto},
        records::{CampaignRecord, CampaignStatus, CampaignType},
        rules, write,
    },
    contributors::{
        dto::{Answer as AnswerDto, ContributorAnswers, ContributorAnswersPage, ContributorCampaign},
        records::{ReviewStatus, UploadStatus},
    },
    media::{generated::GeneratedVideoStatus, MediaStatus, TranscriptStatus},
    model::UserStatus,
    permissions::Role,
    storage::keys,
    AppContext,
};
use time::Date;

use crate::seed::{DEMO_PASSWORD, DEMO_USERS};
use api::{Api, Caller, Link};
use world::{Collaborator, Stage};

pub struct Options {
    /// Where the API is served, e.g. `http://127.0.0.1:3000/api`.
    pub api_url: String,
    /// The campaigns function's context, for the one write the API refuses: an expiry
    /// date in the past.
    pub campaigns: AppContext,
    /// The published copies' bucket (its S3 client and name), to see whether a published
    /// story's public copy is still stored: the edge serves the copies, not the API. The
    /// stack's own client, not a function's: no function needs to read that bucket.
    pub published_copies: (aws_sdk_s3::Client, String),
    /// How long to wait for the workers at most.
    pub wait: Duration,
    /// Progress lines (the command prints them; tests may drop them).
    pub progress: fn(&str),
}

/// What the demo holds after a run.
#[derive(Debug)]
pub struct Report {
    pub tenant_id: String,
    pub campaigns: usize,
    pub collaborators: usize,
    pub answers: Vec<SeededAnswer>,
    pub generated_videos: Vec<SeededVideo>,
    /// The story of many voices drafted by the AI and rendered; none when no AI provider
    /// answered (the seed says so).
    pub story: Option<SeededStory>,
    /// The published stories (share page addresses) and the wall that shows them.
    pub published: Published,
    /// Collaborators whose answers this run recorded (again).
    pub remade: Vec<String>,
    pub contributor: DemoContributor,
}

#[derive(Debug)]
pub struct SeededAnswer {
    pub campaign: &'static str,
    pub campaign_id: String,
    pub contributor_id: String,
    /// The answer: its campaign question id.
    pub journey_id: String,
    pub collaborator: &'static Collaborator,
    pub answer: &'static world::Answer,
    /// Staff sent it back for re-recording.
    pub sent_back: bool,
}

#[derive(Debug)]
pub struct SeededVideo {
    pub campaign_id: String,
    pub contributor_id: String,
    pub video_id: String,
    pub title: &'static str,
}

#[derive(Debug)]
pub struct SeededStory {
    pub campaign_id: String,
    pub story_id: String,
    pub title: &'static str,
}

#[derive(Debug, Default)]
pub struct Published {
    pub share_urls: Vec<String>,
    pub wall_url: String,
}

#[derive(Debug)]
pub struct DemoContributor {
    pub name: String,
    pub campaign: &'static str,
    /// Their personal link: a new one every run (only its key's hash is stored).
    pub link: String,
}

impl std::fmt::Debug for Collaborator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.email)
    }
}

impl std::fmt::Debug for world::Answer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "answer to question {}", self.question)
    }
}

/// The demo staff, signed in.
struct Staff {
    tokens: HashMap<Role, String>,
}

impl Staff {
    fn token(&self, role: Role) -> &str {
        self.tokens.get(&role).map(String::as_str).expect("every demo role signs in")
    }
    fn as_role(&self, role: Role) -> Caller<'_> {
        Caller::Staff(self.token(role))
    }
}

fn email_of(role: Role) -> &'static str {
    DEMO_USERS.iter().find(|u| u.role == role).map(|u| u.email).expect("a demo user of each role")
}

/// A campaign of the demo as it stands in the API.
struct Placed {
    spec: &'static world::Campaign,
    id: String,
    /// Campaign question ids, in the order of `spec.questions`.
    questions: Vec<String>,
    status: CampaignStatus,
}

impl Placed {
    fn question(&self, index: usize) -> &str {
        &self.questions[index]
    }
}

/// Where a collaborator of the demo stands.
enum Verdict {
    /// As the demo wants them (their takes may still be converting).
    Right,
    /// Not invited yet.
    Missing,
    /// To invite afresh and take through their stage again, because of this.
    Remake(&'static str),
}

pub async fn seed_content(options: &Options) -> anyhow::Result<Report> {
    let say = options.progress;
    let api = Api::new(&options.api_url);
    let deadline = Instant::now() + options.wait;
    let today = rules::today();

    let mut tokens = HashMap::new();
    let mut tenant_id = String::new();
    for user in &DEMO_USERS {
        let (token, tenant) = api.sign_in(user.email, DEMO_PASSWORD).await?;
        tokens.insert(user.role, token);
        tenant_id = tenant;
    }
    let staff = Staff { tokens };
    let admin = staff.as_role(Role::Admin);

    let tags = ensure_named(&api, admin, "/tags/all-tags", "/tags/add", &world::TAGS).await?;
    let initiatives = ensure_named(&api, admin, "/initiative/list", "/initiative/add", &world::INITIATIVES).await?;
    let existing = all_campaigns(&api, admin).await?;
    let mut placed = Vec::new();
    // Made last to first: the list shows the newest first, so the first campaigns of
    // the world (those with the most to see) open the list.
    for spec in world::CAMPAIGNS.iter().rev() {
        let found = existing.iter().find(|c| c.summary.title == spec.title);
        placed.push(place_campaign(&api, &staff, spec, found, &tags, &initiatives, today).await?);
    }
    placed.reverse();
    say(&format!("{} campaigns in place", placed.len()));

    // Who is as the demo wants them, and who to take through their stage again.
    let mut remakes: Vec<(&Placed, &'static Collaborator)> = Vec::new();
    for campaign in &placed {
        let listed = collaborators_of(&api, &staff, campaign).await?;
        for collaborator in campaign.spec.collaborators.iter().filter(|c| !is_demo_contributor(campaign, c)) {
            let found = listed.iter().find(|c| c.contributor.email.eq_ignore_ascii_case(collaborator.email));
            match verdict(&api, staff.as_role(campaign.spec.created_by), campaign, collaborator, found).await? {
                Verdict::Right => {}
                Verdict::Missing => remakes.push((campaign, collaborator)),
                Verdict::Remake(why) => {
                    say(&format!("{} ({}) starts over: {why}", collaborator.full_name(), campaign.spec.title));
                    remakes.push((campaign, collaborator));
                }
            }
        }
    }

    // Collaborators answer while their campaign is live: an expired one opens again
    // for them (a new expiry date, as staff would set it) and expires afterwards.
    for campaign in &placed {
        if campaign.status == CampaignStatus::Expired && remakes.iter().any(|(c, _)| c.id == campaign.id) {
            let dates = campaign.spec.dates.context("an expired campaign is targeted")?;
            set_dates(&api, staff.as_role(campaign.spec.created_by), &campaign.id, today, dates).await?;
        }
    }

    let work_dir = std::env::temp_dir().join(format!("storyhive-demo-{}", storyhive_shared::model::new_id()));
    let remade = remake(&api, &staff, &remakes, &work_dir, deadline, say).await;
    tokio::fs::remove_dir_all(&work_dir).await.ok();
    let remade = remade?;

    // Campaigns that are live without collaborators are published.
    for campaign in placed.iter().filter(|c| c.spec.status != CampaignStatus::Draft) {
        if current_status(&api, &staff, campaign).await? == CampaignStatus::Draft {
            let caller = staff.as_role(campaign.spec.created_by);
            let _: Value = api.put(caller, &format!("/campaign/complete/{}", campaign.id), json!({})).await?;
        }
    }

    let answers = wait_for_media(&api, &staff, &placed, deadline, say).await?;
    let generated_videos = ensure_generated_videos(&api, &staff, &placed, &answers, deadline, say).await?;
    let story = ensure_story(&api, &staff, &placed, deadline, say).await?;
    let published =
        ensure_published(&api, &staff, &options.published_copies, &placed, &answers, &generated_videos, say).await?;

    for campaign in placed.iter().filter(|c| c.spec.status == CampaignStatus::Expired) {
        expire(&options.campaigns, &tenant_id, &campaign.id, today).await?;
    }

    let contributor = demo_contributor(&api, &staff, &placed).await?;
    let collaborators = placed.iter().map(|c| c.spec.collaborators.len()).sum();
    Ok(Report {
        tenant_id,
        campaigns: placed.len(),
        collaborators,
        answers,
        generated_videos,
        story,
        published,
        remade: remade.into_iter().map(|c| c.full_name()).collect(),
        contributor,
    })
}

fn is_demo_contributor(campaign: &Placed, collaborator: &Collaborator) -> bool {
    (campaign.spec.title, collaborator.email) == world::DEMO_CONTRIBUTOR
}

/// Tags or initiatives by name: those missing are added. Returns name → id.
async fn ensure_named(
    api: &Api,
    caller: Caller<'_>,
    list: &str,
    add: &str,
    names: &[&str],
) -> anyhow::Result<HashMap<String, String>> {
    let listed: Value = api.get(caller, list).await?;
    let items = listed.as_array().or_else(|| listed["items"].as_array()).cloned().unwrap_or_default();
    let mut ids = HashMap::new();
    for item in items {
        if let (Some(name), Some(id)) = (item["name"].as_str(), item["id"].as_str()) {
            ids.entry(name.to_lowercase()).or_insert_with(|| id.to_string());
        }
    }
    let mut out = HashMap::new();
    for name in names {
        let id = match ids.get(&name.to_lowercase()) {
            Some(id) => id.clone(),
            None => {
                let made: Value = api.post(caller, add, json!({"name": name})).await?;
                made["id"].as_str().context("no id")?.to_string()
            }
        };
        out.insert(name.to_string(), id);
    }
    Ok(out)
}

/// Every campaign of the organisation, page by page.
async fn all_campaigns(api: &Api, caller: Caller<'_>) -> anyhow::Result<Vec<CampaignDto>> {
    let mut summaries = Vec::new();
    let mut cursor: Option<String> = None;
    for page in 1.. {
        let mut path = format!("/campaign/all-campaigns?page={page}&sort=oldest");
        if let Some(cursor) = &cursor {
            path.push_str(&format!("&cursor={}", percent(cursor)));
        }
        let list: CampaignList = api.get(caller, &path).await?;
        summaries.extend(list.items);
        match list.next_cursor {
            Some(next) => cursor = Some(next),
            None => break,
        }
    }
    let mut campaigns = Vec::new();
    for summary in summaries {
        campaigns.push(api.get::<CampaignDto>(caller, &format!("/campaign/{}", summary.id)).await?);
    }
    Ok(campaigns)
}

/// A cursor as a query value.
fn percent(value: &str) -> String {
    form_urlencoded::byte_serialize(value.as_bytes()).collect()
}

fn day(today: Date, days: i64) -> String {
    rules::format_date(today + time::Duration::days(days))
}

/// Creates the campaign if it is missing, and gives it what it lacks: questions, brief,
/// script, participants, and dates that are still ahead.
async fn place_campaign(
    api: &Api,
    staff: &Staff,
    spec: &'static world::Campaign,
    found: Option<&CampaignDto>,
    tags: &HashMap<String, String>,
    initiatives: &HashMap<String, String>,
    today: Date,
) -> anyhow::Result<Placed> {
    let caller = staff.as_role(spec.created_by);
    let mut campaign = match found {
        Some(campaign) => campaign.clone(),
        None => {
            let mut body = json!({
                "initiativeId": initiatives[spec.initiative],
                "title": spec.title,
                "description": spec.description,
                "type": spec.campaign_type,
                "visibility": spec.visibility,
                "mode": spec.mode,
                "tags": spec.tags.iter().map(|t| &tags[*t]).collect::<Vec<_>>(),
            });
            if let Some(dates) = spec.dates {
                body["deadline"] = json!(day(today, dates.deadline));
                body["expiryDate"] = json!(day(today, dates.expiry));
            }
            api.post::<CampaignDto>(caller, "/campaign/add", body).await.with_context(|| spec.title)?
        }
    };
    let id = campaign.summary.id.clone();

    for (index, question) in spec.questions.iter().enumerate() {
        if !campaign.questions.iter().any(|q| q.question == question.text) {
            let _: QuestionDto = api
                .post(
                    caller,
                    "/question/add",
                    json!({
                        "campaignId": id,
                        "question": question.text,
                        "tips": question.tips,
                        "script": question.script,
                        "sequence": index + 1,
                    }),
                )
                .await?;
        }
    }
    if campaign.brief.trim().is_empty() {
        campaign = api
            .post(
                caller,
                "/campaign/add-brief",
                json!({"campaignId": id, "version": campaign.version, "brief": spec.brief}),
            )
            .await?;
    }
    if campaign.script.trim().is_empty() && !spec.script.is_empty() {
        let _: CampaignDto = api
            .post(
                caller,
                "/campaign/save-script",
                json!({"campaignId": id, "version": campaign.version, "script": spec.script}),
            )
            .await?;
    }

    let participants: ParticipantList = api.get(caller, &format!("/campaign/CampaignParticipantList/{id}")).await?;
    let wanted: Vec<String> = spec
        .participants
        .iter()
        .filter(|role| !participants.participants.iter().any(|p| p.email == email_of(**role)))
        .filter_map(|role| participants.available.iter().find(|u| u.email == email_of(*role)).map(|u| u.id.clone()))
        .collect();
    if !wanted.is_empty() {
        let _: Value =
            api.post(caller, "/campaign/add-participants", json!({"campaignId": id, "userIds": wanted})).await?;
    }

    // Targeted campaigns that are not meant to have ended keep dates ahead of today (the
    // demo may be started again weeks later); an expired one keeps its past.
    let campaign: CampaignDto = api.get(caller, &format!("/campaign/{id}")).await?;
    if let (Some(dates), true) = (spec.dates, spec.status != CampaignStatus::Expired) {
        let soonest = day(today, (dates.expiry + 1) / 2);
        if campaign.summary.expiry_date.as_deref().is_none_or(|expiry| expiry < soonest.as_str()) {
            set_dates(api, caller, &id, today, dates).await?;
        }
    }

    let questions: Vec<QuestionDto> = api.get(caller, &format!("/question/list/{id}")).await?;
    let question_ids = spec
        .questions
        .iter()
        .map(|q| {
            questions
                .iter()
                .find(|listed| listed.question == q.text)
                .map(|listed| listed.campaign_question_id.clone())
                .with_context(|| format!("the question {:?} of {}", q.text, spec.title))
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    let campaign: CampaignDto = api.get(caller, &format!("/campaign/{id}")).await?;
    Ok(Placed { spec, id, questions: question_ids, status: campaign.summary.status })
}

async fn set_dates(api: &Api, caller: Caller<'_>, id: &str, today: Date, dates: world::Dates) -> anyhow::Result<()> {
    let campaign: CampaignDto = api.get(caller, &format!("/campaign/{id}")).await?;
    let _: CampaignDto = api
        .put(
            caller,
            "/campaign/update",
            json!({
                "id": id,
                "version": campaign.version,
                "deadline": day(today, dates.deadline),
                "expiryDate": day(today, dates.expiry),
            }),
        )
        .await?;
    Ok(())
}

async fn current_status(api: &Api, staff: &Staff, campaign: &Placed) -> anyhow::Result<CampaignStatus> {
    let dto: CampaignDto = api.get(staff.as_role(Role::Admin), &format!("/campaign/{}", campaign.id)).await?;
    Ok(dto.summary.status)
}

/// The campaign's collaborators with their answers, every page.
async fn collaborators_of(api: &Api, staff: &Staff, campaign: &Placed) -> anyhow::Result<Vec<ContributorAnswers>> {
    let mut all = Vec::new();
    let mut cursor: Option<String> = None;
    loop {
        let mut path = format!("/contributor/{}/all?limit=50", campaign.id);
        if let Some(cursor) = &cursor {
            path.push_str(&format!("&cursor={}", percent(cursor)));
        }
        let page: ContributorAnswersPage = api.get(staff.as_role(Role::Admin), &path).await?;
        all.extend(page.items);
        match page.next_cursor {
            Some(next) => cursor = Some(next),
            None => return Ok(all),
        }
    }
}

fn answer_to<'a>(listed: &'a ContributorAnswers, journey_id: &str) -> Option<&'a AnswerDto> {
    listed.answers.iter().find(|a| a.campaign_question_id == journey_id)
}

/// The engine that transcribes the demo's takes locally.
const LOCAL_ENGINE: &str = "whisper";

/// Whether a listed collaborator is as the demo wants them.
async fn verdict(
    api: &Api,
    staff: Caller<'_>,
    campaign: &Placed,
    collaborator: &Collaborator,
    found: Option<&ContributorAnswers>,
) -> anyhow::Result<Verdict> {
    let remake = |why: &'static str| Ok(Verdict::Remake(why));
    let Some(found) = found else { return Ok(Verdict::Missing) };
    let person = &found.contributor;
    let stage_right = match collaborator.stage {
        Stage::Invited => person.status == UserStatus::Invited && !person.started_journey,
        Stage::Started => person.status == UserStatus::Activated && person.submitted_at.is_none(),
        Stage::Submitted => person.status == UserStatus::Activated && person.submitted_at.is_some(),
        Stage::SentBack(question) => {
            person.status == UserStatus::Activated
                && person.submitted_at.is_none()
                && answer_to(found, campaign.question(question)).is_some_and(|a| a.sent_for_re_recording)
        }
        Stage::Suspended => person.status == UserStatus::Suspended,
    };
    if !stage_right {
        return remake("they are not at their stage of the demo");
    }
    let recorded = found.answers.iter().filter(|a| a.video.is_some()).count();
    if recorded != collaborator.answers.len() {
        return remake("their answers are not the demo's");
    }
    for answer in collaborator.answers {
        let Some(listed) = answer_to(found, campaign.question(answer.question)) else {
            return remake("an answer is missing");
        };
        let Some(video) = &listed.video else { return remake("an answer is missing") };
        if listed.media.as_ref().is_some_and(|m| m.status == MediaStatus::Failed) {
            return remake("a take could not be converted");
        }
        let sent_back = collaborator.stage == Stage::SentBack(answer.question);
        let review = listed.review_status.unwrap_or(ReviewStatus::New);
        let wanted = match (sent_back, answer.approved) {
            (true, _) => ReviewStatus::SentBack,
            (false, true) => ReviewStatus::Approved,
            (false, false) => ReviewStatus::New,
        };
        if review != wanted {
            return remake("an answer's review is not the demo's");
        }
        if !api.object_exists(&video.url).await? {
            return remake("their videos are gone (the local S3 keeps files in memory: the stack was restarted)");
        }
        // Takes heard by the engine before Whisper (PocketSphinx) are recorded again, so the
        // demo's transcripts are ones a person can read.
        let info: Value = api
            .get(
                staff,
                &format!(
                    "/campaign/video-info/{}/{}/{}",
                    campaign.id,
                    person.contributor_id,
                    campaign.question(answer.question)
                ),
            )
            .await?;
        if info["transcript"]["engine"].as_str().is_some_and(|engine| engine != LOCAL_ENGINE) {
            return remake("their answers were transcribed by an older engine");
        }
    }
    Ok(Verdict::Right)
}

/// Invites the collaborators afresh and takes each through their stage: details,
/// teleprompter settings, uploads; once the upload worker has stored the takes, their
/// submission and staff's review.
async fn remake<'a>(
    api: &Api,
    staff: &Staff,
    remakes: &[(&'a Placed, &'static Collaborator)],
    work_dir: &std::path::Path,
    deadline: Instant,
    say: fn(&str),
) -> anyhow::Result<Vec<&'static Collaborator>> {
    if remakes.is_empty() {
        return Ok(Vec::new());
    }
    // The takes first: ffmpeg keeps both cores busy for a few seconds.
    let jobs: Vec<(usize, &world::Answer, &Placed, &'static Collaborator)> = remakes
        .iter()
        .enumerate()
        .flat_map(|(i, (campaign, collaborator))| {
            collaborator.answers.iter().map(move |a| (i, a, *campaign, *collaborator))
        })
        .collect();
    say(&format!("Recording {} answers with espeak-ng and ffmpeg", jobs.len()));
    let made: Vec<((usize, usize), takes::Take)> = futures::stream::iter(jobs.into_iter().enumerate())
        .map(|(n, (i, answer, campaign, collaborator))| async move {
            let script = takes::Script {
                collaborator,
                question: campaign.spec.questions[answer.question].text,
                answer,
                mode: campaign.spec.mode,
            };
            let take = takes::make(&work_dir.join(n.to_string()), &script).await?;
            Ok::<_, anyhow::Error>(((i, answer.question), take))
        })
        .buffer_unordered(2)
        .try_collect()
        .await?;
    let mut made: HashMap<(usize, usize), takes::Take> = made.into_iter().collect();

    let mut links = Vec::new();
    for (i, (campaign, collaborator)) in remakes.iter().enumerate() {
        let link = start_over(api, staff, campaign, collaborator).await?;
        if collaborator.stage != Stage::Invited {
            send_details(api, &link, collaborator).await?;
        }
        for answer in collaborator.answers {
            let take = made.remove(&(i, answer.question)).context("a take was not made")?;
            upload(api, &link, campaign.question(answer.question), answer, take).await?;
        }
        links.push(link);
    }
    let uploaded: usize = remakes.iter().map(|(_, c)| c.answers.len()).sum();
    say(&format!(
        "Invited {} collaborators and uploaded {uploaded} answers; waiting for the upload worker",
        remakes.len()
    ));

    // The upload worker records each take from S3's notification.
    wait_until(deadline, "the upload worker to store the takes", || async {
        for (campaign, collaborator) in remakes {
            let listed = collaborators_of(api, staff, campaign).await?;
            let Some(found) = listed.iter().find(|c| c.contributor.email.eq_ignore_ascii_case(collaborator.email))
            else {
                bail!("{} is no longer in {}", collaborator.email, campaign.spec.title);
            };
            for answer in collaborator.answers {
                let listed = answer_to(found, campaign.question(answer.question));
                match listed.map(|a| (a.upload_status, a.failure_reason.clone())) {
                    Some((UploadStatus::Stored, _)) => {}
                    Some((UploadStatus::Failed, reason)) => {
                        bail!(
                            "the upload worker refused a take of {}: {}",
                            collaborator.email,
                            reason.unwrap_or_default()
                        )
                    }
                    _ => return Ok(None),
                }
            }
        }
        Ok(Some(()))
    })
    .await?;

    for ((campaign, collaborator), link) in remakes.iter().zip(&links) {
        let reviewer = staff.as_role(campaign.spec.created_by);
        if matches!(collaborator.stage, Stage::Submitted | Stage::SentBack(_)) {
            let path = format!("/contributor/{}/{}/{}/submit", link.tenant_id, link.campaign_id, link.contributor_id);
            let _: Value = api.put(Caller::Collaborator(&link.key), &path, json!({})).await?;
        }
        for answer in collaborator.answers.iter().filter(|a| a.approved) {
            let _: Value = api
                .put(
                    reviewer,
                    "/campaign/answer-review",
                    json!({
                        "campaignId": campaign.id,
                        "contributorId": link.contributor_id,
                        "journeyId": campaign.question(answer.question),
                        "status": "approved",
                    }),
                )
                .await?;
        }
        if let Stage::SentBack(question) = collaborator.stage {
            let _: Value = api
                .post(
                    reviewer,
                    "/contributor-journey/re-record",
                    json!({
                        "campaignId": campaign.id,
                        "contributorId": link.contributor_id,
                        "campaignQuestionIds": [campaign.question(question)],
                    }),
                )
                .await?;
        }
        if collaborator.stage == Stage::Suspended {
            suspend(api, reviewer, &link.contributor_id, true).await?;
        }
    }
    Ok(remakes.iter().map(|(_, c)| *c).collect())
}

async fn suspend(api: &Api, caller: Caller<'_>, contributor_id: &str, suspended: bool) -> anyhow::Result<()> {
    let _: Value =
        api.put(caller, &format!("/contributor/update/{contributor_id}"), json!({"isSuspended": suspended})).await?;
    Ok(())
}

/// Removes the collaborator from the campaign with their answers (if they were there)
/// and invites them again: a clean start, and a link whose key this run holds.
async fn start_over(api: &Api, staff: &Staff, campaign: &Placed, collaborator: &Collaborator) -> anyhow::Result<Link> {
    let caller = staff.as_role(campaign.spec.created_by);
    let listed = collaborators_of(api, staff, campaign).await?;
    if let Some(found) = listed.iter().find(|c| c.contributor.email.eq_ignore_ascii_case(collaborator.email)) {
        let id = &found.contributor.contributor_id;
        api.delete(caller, &format!("/campaign/remove-contributor/{}/{id}?deleteJourney=true", campaign.id)).await?;
    }
    let invited: InviteResult = api
        .post(
            caller,
            "/campaign/add-contributor",
            json!({
                "campaignId": campaign.id,
                "email": collaborator.email,
                "firstName": collaborator.first_name,
                "lastName": collaborator.last_name,
            }),
        )
        .await?;
    // Suspension belongs to the person (every campaign of the organisation), not to the
    // invitation: lift it so their link works.
    if invited.contributor.status == UserStatus::Suspended {
        suspend(api, caller, &invited.contributor.contributor_id, false).await?;
    }
    Link::parse(&invited.invite_link)
}

/// The landing page's "Get started": their name, and the organisation's terms if any.
async fn send_details(api: &Api, link: &Link, collaborator: &Collaborator) -> anyhow::Result<()> {
    let caller = Caller::Collaborator(&link.key);
    let opened: ContributorCampaign = api
        .post(
            caller,
            "/contributor/save",
            link.body(json!({"firstName": collaborator.first_name, "lastName": collaborator.last_name})),
        )
        .await?;
    if !opened.organisation.terms_accepted {
        let _: Value = api
            .post(caller, "/contributor/accept-terms", link.body(json!({"version": opened.organisation.terms_version})))
            .await?;
    }
    Ok(())
}

/// What the studio does for one answer: save the teleprompter settings, then upload the
/// take as a multipart upload, each part to its own presigned URL, and tell the server
/// the device and length the browser measured.
async fn upload(
    api: &Api,
    link: &Link,
    journey_id: &str,
    answer: &world::Answer,
    take: takes::Take,
) -> anyhow::Result<()> {
    let caller = Caller::Collaborator(&link.key);
    let _: Value = api
        .post(
            caller,
            "/contributor-journey/save",
            link.body(json!({
                "campaignQuestionId": journey_id,
                "videoConfig": {"speed": 24, "contrast": 60, "fontSize": if answer.device == world::Device::Mobile { 24 } else { 40 }},
            })),
        )
        .await?;
    let size = take.bytes.len() as i64;
    let started: UploadStarted = api
        .post(
            caller,
            "/contributor-upload/start",
            link.body(json!({
                "campaignQuestionId": journey_id,
                "contentType": take.content_type,
                "sizeBytes": size,
                "deviceType": answer.device.label(),
            })),
        )
        .await?;
    let mut parts = Vec::new();
    for (index, chunk) in take.bytes.chunks(started.part_size as usize).enumerate() {
        let part_number = index as i32 + 1;
        let signed: SignedPart = api
            .post(
                caller,
                "/contributor-upload/sign-part",
                link.body(json!({
                    "key": started.key,
                    "uploadId": started.upload_id,
                    "partNumber": part_number,
                    "sizeBytes": chunk.len(),
                })),
            )
            .await?;
        let etag = api.put_part(&signed.url, chunk.to_vec()).await?;
        parts.push(json!({"partNumber": part_number, "etag": etag, "sizeBytes": chunk.len()}));
    }
    let _: Value = api
        .post(
            caller,
            "/contributor-upload/complete",
            link.body(json!({"key": started.key, "uploadId": started.upload_id, "parts": parts})),
        )
        .await?;
    let _: Value = api
        .post(
            caller,
            "/contributor/addVideo",
            link.body(json!({
                "campaignQuestionId": journey_id,
                "s3VideoKey": started.key,
                "deviceType": answer.device.label(),
                "videoDuration": take.seconds / 3600.0,
            })),
        )
        .await?;
    Ok(())
}

/// Polls `check` every second until it gives a value or `deadline` passes.
async fn wait_until<T, F, Fut>(deadline: Instant, what: &str, mut check: F) -> anyhow::Result<T>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = anyhow::Result<Option<T>>>,
{
    loop {
        if let Some(value) = check().await? {
            return Ok(value);
        }
        if Instant::now() > deadline {
            bail!("gave up waiting for {what} (is the gateway's worker running? see its log)");
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

/// Waits until every answer of the demo is converted and transcribed; returns them.
async fn wait_for_media(
    api: &Api,
    staff: &Staff,
    placed: &[Placed],
    deadline: Instant,
    say: fn(&str),
) -> anyhow::Result<Vec<SeededAnswer>> {
    let total: usize = placed.iter().flat_map(|c| c.spec.collaborators).map(|c| c.answers.len()).sum();
    let mut last_said = Instant::now();
    let mut first = true;
    wait_until(deadline, "the media worker to convert and transcribe the takes", || {
        let first_round = std::mem::replace(&mut first, false);
        let say_now = first_round || last_said.elapsed() > Duration::from_secs(10);
        if say_now {
            last_said = Instant::now();
        }
        async move {
            let mut answers = Vec::new();
            let mut ready = 0;
            for campaign in placed.iter().filter(|c| !c.spec.collaborators.is_empty()) {
                let listed = collaborators_of(api, staff, campaign).await?;
                for collaborator in campaign.spec.collaborators.iter().filter(|c| !c.answers.is_empty()) {
                    let Some(found) =
                        listed.iter().find(|c| c.contributor.email.eq_ignore_ascii_case(collaborator.email))
                    else {
                        bail!("{} is not in {}", collaborator.email, campaign.spec.title);
                    };
                    for answer in collaborator.answers {
                        let journey_id = campaign.question(answer.question);
                        let listed = answer_to(found, journey_id)
                            .with_context(|| format!("an answer of {}", collaborator.email))?;
                        match &listed.media {
                            Some(media) if media.status == MediaStatus::Failed => bail!(
                                "the media worker could not convert a take of {}: {}",
                                collaborator.email,
                                media.failure_reason.clone().unwrap_or_default()
                            ),
                            Some(media)
                                if media.status == MediaStatus::Ready
                                    && matches!(
                                        media.transcript_status,
                                        TranscriptStatus::Ready | TranscriptStatus::Failed
                                    ) =>
                            {
                                ready += 1
                            }
                            _ => {}
                        }
                        answers.push(SeededAnswer {
                            campaign: campaign.spec.title,
                            campaign_id: campaign.id.clone(),
                            contributor_id: found.contributor.contributor_id.clone(),
                            journey_id: journey_id.to_string(),
                            collaborator,
                            answer,
                            sent_back: listed.sent_for_re_recording,
                        });
                    }
                }
            }
            if ready == total {
                return Ok(Some(answers));
            }
            if say_now {
                say(&format!("Waiting for the media worker: {ready} of {total} answers converted and transcribed"));
            }
            Ok(None)
        }
    })
    .await
}

/// The generated videos of the demo: rendered by the media worker and approved.
async fn ensure_generated_videos(
    api: &Api,
    staff: &Staff,
    placed: &[Placed],
    answers: &[SeededAnswer],
    deadline: Instant,
    say: fn(&str),
) -> anyhow::Result<Vec<SeededVideo>> {
    let mut out = Vec::new();
    for spec in &world::GENERATED_VIDEOS {
        let campaign = placed.iter().find(|c| c.spec.title == spec.campaign).context("the video's campaign")?;
        let caller = staff.as_role(campaign.spec.created_by);
        let contributor_id = answers
            .iter()
            .find(|a| a.campaign_id == campaign.id && a.collaborator.email == spec.collaborator)
            .map(|a| a.contributor_id.clone())
            .context("the video's collaborator")?;
        let list_path = format!("/generated-videos/{}/{contributor_id}?limit=50", campaign.id);
        let listed: Value = api.get(caller, &list_path).await?;
        let videos: Vec<GeneratedVideo> = serde_json::from_value(listed["items"].clone())?;
        let mut video_id = None;
        for video in videos.iter().filter(|v| v.title == spec.title) {
            let playable = match (&video.status, &video.url) {
                (GeneratedVideoStatus::Ready, Some(url)) => api.object_exists(url).await?,
                (GeneratedVideoStatus::Processing, _) => true,
                _ => false,
            };
            if playable && video_id.is_none() {
                video_id = Some(video.video_id.clone());
            } else {
                api.delete(caller, &format!("/generated-videos/delete/{}/{}", campaign.id, video.video_id)).await?;
            }
        }
        let video_id = match video_id {
            Some(id) => id,
            None => {
                say(&format!("Rendering the generated video \"{}\"", spec.title));
                let mut clips = Vec::new();
                for question in spec.answers {
                    let journey_id = campaign.question(*question);
                    let info: Value = api
                        .get(
                            caller,
                            &format!(
                                "/campaign/video-info/{}/{contributor_id}/{journey_id}?forGeneratedVideo=true",
                                campaign.id
                            ),
                        )
                        .await?;
                    let seconds = info["durationSeconds"].as_f64().context("a take's duration")?;
                    clips.push(json!({"journeyId": journey_id, "start": 0.0, "end": seconds}));
                }
                let saved: GeneratedVideo = api
                    .post(
                        caller,
                        "/generated-videos/save",
                        json!({
                            "campaignId": campaign.id,
                            "contributorId": contributor_id,
                            "title": spec.title,
                            "edit": {
                                "clips": clips,
                                "titleCard": {"text": spec.title_card, "seconds": 3},
                                "captions": "burnedIn",
                            },
                        }),
                    )
                    .await?;
                saved.video_id
            }
        };
        let ready = wait_until(deadline, "the media worker to render the generated video", || async {
            let listed: Value = api.get(caller, &list_path).await?;
            let videos: Vec<GeneratedVideo> = serde_json::from_value(listed["items"].clone())?;
            let video = videos.into_iter().find(|v| v.video_id == video_id).context("the generated video")?;
            match video.status {
                GeneratedVideoStatus::Ready => Ok(Some(video)),
                GeneratedVideoStatus::Failed => {
                    bail!("the generated video failed: {}", video.failure_reason.unwrap_or_default())
                }
                GeneratedVideoStatus::Processing => Ok(None),
            }
        })
        .await?;
        if !ready.approved {
            let _: Value = api
                .put(
                    caller,
                    &format!("/generated-videos/approval/{}/{}", campaign.id, video_id),
                    json!({"approved": true}),
                )
                .await?;
        }
        out.push(SeededVideo { campaign_id: campaign.id.clone(), contributor_id, video_id, title: spec.title });
    }
    Ok(out)
}

/// The statuses of `POST /openai/story-draft` that mean no model could draft: none is
/// configured (503), it failed or answered nothing usable (502), it was too slow (504), or
/// the organisation's daily quota is spent (429).
const NO_MODEL: [StatusCode; 4] = [
    StatusCode::SERVICE_UNAVAILABLE,
    StatusCode::BAD_GATEWAY,
    StatusCode::GATEWAY_TIMEOUT,
    StatusCode::TOO_MANY_REQUESTS,
];

/// The demo's story of many voices ([`world::STORY`]): found by its title, or drafted by the
/// AI from the campaign's transcripts; rendered in landscape by the media worker. A story
/// whose clips' answers were recorded again (a restarted stack records its collaborators
/// again) is drafted afresh; one whose render's MP4 is gone is rendered again. When no AI
/// provider answers, the seed says so and goes on without it.
async fn ensure_story(
    api: &Api,
    staff: &Staff,
    placed: &[Placed],
    deadline: Instant,
    say: fn(&str),
) -> anyhow::Result<Option<SeededStory>> {
    let spec = &world::STORY;
    let campaign = placed.iter().find(|c| c.spec.title == spec.campaign).context("the story's campaign")?;
    let caller = staff.as_role(campaign.spec.created_by);
    let mut found: Option<Value> = None;
    let mut cursor: Option<String> = None;
    loop {
        let mut path = format!("/generated-videos/stories/{}?limit=50", campaign.id);
        if let Some(cursor) = &cursor {
            path.push_str(&format!(
                "&cursor={}",
                form_urlencoded::byte_serialize(cursor.as_bytes()).collect::<String>()
            ));
        }
        let page: Value = api.get(caller, &path).await?;
        for story in page["items"].as_array().into_iter().flatten().filter(|s| s["title"] == spec.title) {
            // A clip whose answer was recorded again (or is gone) cannot be rendered: drafted afresh.
            let stale = story["clips"].as_array().into_iter().flatten().any(|c| {
                let warning = c["warning"].as_str().unwrap_or_default();
                warning == storyhive_generated_videos::stories::RE_RECORDED_WARNING
                    || warning == storyhive_generated_videos::stories::ANSWER_GONE_WARNING
            });
            if stale || found.is_some() {
                let id = story["storyId"].as_str().context("a story's id")?;
                api.delete(caller, &format!("/generated-videos/stories/delete/{}/{id}", campaign.id)).await?;
            } else {
                found = Some(story.clone());
            }
        }
        cursor = page["nextCursor"].as_str().map(str::to_string);
        if cursor.is_none() {
            break;
        }
    }
    let story_id = match &found {
        Some(story) => story["storyId"].as_str().context("a story's id")?.to_string(),
        None => {
            say(&format!("Drafting the story \"{}\" with the AI", spec.title));
            let (status, drafted) = api
                .try_send(
                    reqwest::Method::POST,
                    "/openai/story-draft",
                    Some(caller),
                    Some(json!({"campaignId": campaign.id, "brief": spec.brief,
                                "targetSeconds": spec.target_seconds, "title": spec.title})),
                )
                .await?;
            if NO_MODEL.contains(&status) {
                let detail = drafted["detail"].as_str().unwrap_or_default();
                say(&format!(
                    "No story of many voices: no AI provider drafted it ({status}: {detail}). \
                     Set STORYHIVE_AI_PROVIDER (fake is the local model, see docs/LOCAL_STACK.md) and seed again."
                ));
                return Ok(None);
            }
            if status != StatusCode::CREATED {
                bail!("POST /openai/story-draft answered {status}: {drafted}");
            }
            drafted["storyId"].as_str().context("the drafted story's id")?.to_string()
        }
    };
    let story_path = format!("/generated-videos/stories/{}/{story_id}", campaign.id);
    let landscape =
        |story: &Value| story["renders"].as_array().into_iter().flatten().find(|r| r["format"] == "landscape").cloned();
    let render = match &found {
        Some(story) => landscape(story),
        None => None,
    };
    let playable = match &render {
        Some(r) if r["status"] == "ready" && r["current"] == true => match r["url"].as_str() {
            Some(url) => api.object_exists(url).await?,
            None => false,
        },
        Some(r) => r["status"] == "processing",
        None => false,
    };
    if !playable {
        say(&format!("Rendering the story \"{}\"", spec.title));
        let _: Value = api
            .post(
                caller,
                &format!("/generated-videos/stories/render/{}/{story_id}", campaign.id),
                json!({"format": "landscape", "framing": "crop", "burnCaptions": true}),
            )
            .await?;
    }
    wait_until(deadline, "the media worker to render the story", || async {
        let story: Value = api.get(caller, &story_path).await?;
        let render = landscape(&story).context("the story's landscape render")?;
        match render["status"].as_str() {
            Some("ready") => Ok(Some(())),
            Some("failed") => bail!("the story's render failed: {}", render["failureReason"]),
            _ => Ok(None),
        }
    })
    .await?;
    Ok(Some(SeededStory { campaign_id: campaign.id.clone(), story_id, title: spec.title }))
}

/// Approved answers published beside the generated videos.
const PUBLISHED_ANSWERS: usize = 3;

/// The demo's wall: every story it publishes, picked by hand, in order.
pub const WALL_TITLE: &str = "Voices of our community";

/// What the demo shows the public: its generated videos and the first approved answers of
/// the world, published by the admin, and a wall of them all. A story published before
/// whose copy is gone (the local S3 keeps its objects in memory, so a restarted stack has
/// the record without the file) is unpublished and published again, at a new address, and
/// the wall follows.
async fn ensure_published(
    api: &Api,
    staff: &Staff,
    (s3, bucket): &(aws_sdk_s3::Client, String),
    placed: &[Placed],
    answers: &[SeededAnswer],
    videos: &[SeededVideo],
    say: fn(&str),
) -> anyhow::Result<Published> {
    let admin = staff.as_role(Role::Admin);
    let demo_contributor =
        |a: &SeededAnswer| placed.iter().any(|c| c.id == a.campaign_id && is_demo_contributor(c, a.collaborator));
    let mut requests: Vec<Value> =
        videos.iter().map(|v| json!({"kind": "video", "campaignId": v.campaign_id, "videoId": v.video_id})).collect();
    requests.extend(
        answers
            .iter()
            .filter(|a| a.answer.approved && !a.sent_back && !demo_contributor(a))
            .take(PUBLISHED_ANSWERS)
            .map(|a| {
                json!({"kind": "answer", "campaignId": a.campaign_id, "contributorId": a.contributor_id,
                       "questionId": a.journey_id})
            }),
    );
    let mut share_urls = Vec::new();
    let mut slugs = Vec::new();
    for request in requests {
        let mut item: Value = api.post(admin, "/publications", request.clone()).await?;
        let slug = item["slug"].as_str().context("a published item's slug")?.to_string();
        let copy = storyhive_shared::publishing::PublishedObjects::of(&slug, None).poster;
        let stored = s3.head_object().bucket(bucket).key(&copy).send().await;
        if stored.is_err() {
            say(&format!(
                "Publishing \"{}\" again: its public copy is gone",
                item["title"].as_str().unwrap_or_default()
            ));
            api.delete(admin, &format!("/publications/{slug}")).await?;
            item = api.post(admin, "/publications", request).await?;
        }
        share_urls.push(item["shareUrl"].as_str().context("a published item's address")?.to_string());
        slugs.push(item["slug"].clone());
    }
    let title = WALL_TITLE;
    let mut cursor: Option<String> = None;
    let found = loop {
        let page_path = match &cursor {
            Some(cursor) => format!("/walls?limit=50&cursor={cursor}"),
            None => "/walls?limit=50".to_string(),
        };
        let page: Value = api.get(admin, &page_path).await?;
        let found = page["items"].as_array().into_iter().flatten().find(|w| w["title"] == title).cloned();
        cursor = page["nextCursor"].as_str().map(str::to_string);
        if found.is_some() || cursor.is_none() {
            break found;
        }
    };
    let wall: Value = match found {
        Some(wall) if wall["publicationIds"] == json!(slugs) => wall,
        Some(wall) => {
            let id = wall["wallId"].as_str().context("a wall's id")?;
            api.put(admin, &format!("/walls/{id}"), json!({"title": title, "publicationIds": slugs})).await?
        }
        None => api.post(admin, "/walls", json!({"title": title, "publicationIds": slugs})).await?,
    };
    let wall_url = wall["wallUrl"].as_str().context("the wall's address")?.to_string();
    Ok(Published { share_urls, wall_url })
}

/// Gives an ended campaign its past: a deadline and an expiry date before today. The
/// API refuses expiry dates in the past (a new date must be ahead), so this one change
/// is written with the shared campaign code, which keeps the lists and counts right;
/// the next read of the list or the dashboard settles the campaign as expired.
pub async fn expire(context: &AppContext, tenant_id: &str, campaign_id: &str, today: Date) -> anyhow::Result<()> {
    let store = &context.store;
    let before = store
        .get::<CampaignRecord>(&keys::campaign(tenant_id, campaign_id))
        .await?
        .ok_or_else(|| anyhow!("the campaign {campaign_id} is gone"))?;
    if rules::past_expiry(&before, today) && before.campaign_type == CampaignType::Targeted {
        return Ok(());
    }
    let mut campaign = before.clone();
    campaign.deadline = Some(day(today, world::EXPIRED.deadline));
    campaign.expiry_date = Some(day(today, world::EXPIRED.expiry));
    write::save(context, &before, &mut campaign, Vec::new()).await.map_err(|e| anyhow!("expiring {campaign_id}: {e:?}"))
}

/// The demo contributor's personal link: invited (once), never suspended, and a new
/// link every run, since only a hash of a link's key is kept. Whatever they recorded
/// stays: they are the visitor's to try.
async fn demo_contributor(api: &Api, staff: &Staff, placed: &[Placed]) -> anyhow::Result<DemoContributor> {
    let (title, email) = world::DEMO_CONTRIBUTOR;
    let campaign = placed.iter().find(|c| c.spec.title == title).context("the demo contributor's campaign")?;
    let collaborator = campaign.spec.collaborators.iter().find(|c| c.email == email).context("the demo contributor")?;
    let caller = staff.as_role(campaign.spec.created_by);
    let listed = collaborators_of(api, staff, campaign).await?;
    let link = match listed.iter().find(|c| c.contributor.email.eq_ignore_ascii_case(email)) {
        None => start_over(api, staff, campaign, collaborator).await?.url,
        Some(found) => {
            if found.contributor.status == UserStatus::Suspended {
                suspend(api, caller, &found.contributor.contributor_id, false).await?;
            }
            let again: Reinvited = api
                .post(
                    caller,
                    "/contributor/reinvite",
                    json!({"campaignId": campaign.id, "contributorId": found.contributor.contributor_id}),
                )
                .await?;
            again.invite_link
        }
    };
    Ok(DemoContributor { name: collaborator.full_name(), campaign: title, link })
}
