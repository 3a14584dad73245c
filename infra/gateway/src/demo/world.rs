//! What the demo organisation holds: its initiatives, tags, campaigns, questions and
//! collaborators, and what each collaborator has done. The seed makes the organisation
//! look like this (see `super::seed_content`); nothing here talks to the API.
//!
//! Every recorded answer is a sentence of its own, spoken by espeak-ng. `heard` lists
//! words of it that PocketSphinx (the local transcription engine) recognises in the
//! take the seed makes: search finds the answer by them, and the tests check them.

use storyhive_shared::{
    campaigns::records::{CampaignStatus, CampaignType, RecordingMode, Visibility},
    permissions::Role,
};

pub static INITIATIVES: [&str; 2] = ["Community Voices", "Customer Stories"];

pub static TAGS: [&str; 6] = ["Community", "Volunteers", "Events", "Impact", "Customers", "Onboarding"];

/// Device types as the browser reports them (spec section 9).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Device {
    Mobile,
    Tablet,
    Desktop,
}

impl Device {
    pub fn label(self) -> &'static str {
        match self {
            Device::Mobile => "Mobile",
            Device::Tablet => "Tablet",
            Device::Desktop => "Desktop",
        }
    }
}

/// Dates of a targeted campaign, in days from the day the seed runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dates {
    pub deadline: i64,
    pub expiry: i64,
}

pub struct Question {
    pub text: &'static str,
    pub tips: Option<&'static str>,
    /// HTML of the rich-text editor.
    pub script: Option<&'static str>,
}

pub struct Answer {
    /// Index into the campaign's questions.
    pub question: usize,
    pub speech: &'static str,
    /// Words of `speech` the local transcription recognises in the seed's take.
    pub heard: &'static [&'static str],
    pub device: Device,
    pub approved: bool,
}

/// How far a collaborator got.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// Invited; has not opened the link.
    Invited,
    /// Sent their details and maybe recorded some answers; not submitted.
    Started,
    /// Recorded every answer and submitted them.
    Submitted,
    /// Submitted; staff sent the answer to this question (index) back for re-recording.
    SentBack(usize),
    /// Recorded an answer, then staff suspended them.
    Suspended,
}

pub struct Collaborator {
    pub first_name: &'static str,
    pub last_name: &'static str,
    pub email: &'static str,
    pub stage: Stage,
    pub answers: &'static [Answer],
    /// The espeak-ng voice's pitch (0-99): each collaborator sounds a little different.
    pub pitch: u8,
}

impl Collaborator {
    pub fn full_name(&self) -> String {
        format!("{} {}", self.first_name, self.last_name)
    }
}

pub struct Campaign {
    pub title: &'static str,
    /// One of [`INITIATIVES`].
    pub initiative: &'static str,
    pub created_by: Role,
    pub campaign_type: CampaignType,
    /// Targeted campaigns only. An expired campaign gets these while its collaborators
    /// record, then dates in the past.
    pub dates: Option<Dates>,
    pub visibility: Visibility,
    pub mode: RecordingMode,
    pub status: CampaignStatus,
    /// Names of [`TAGS`].
    pub tags: &'static [&'static str],
    /// Staff taking part besides the creator.
    pub participants: &'static [Role],
    pub description: &'static str,
    pub brief: &'static str,
    pub script: &'static str,
    pub questions: &'static [Question],
    pub collaborators: &'static [Collaborator],
}

/// A generated video: an edit of one collaborator's answers, rendered by the media
/// worker and approved.
pub struct GeneratedVideo {
    pub campaign: &'static str,
    pub collaborator: &'static str,
    pub title: &'static str,
    pub title_card: &'static str,
    /// Indexes of the questions whose answers it joins, in playing order.
    pub answers: &'static [usize],
}

/// The collaborator whose personal link the seed prints, to try the recording studio.
pub const DEMO_CONTRIBUTOR: (&str, &str) = ("Volunteer Spotlight", "jamie.rivera@example.org");

/// Days before today the expired campaigns ended.
pub const EXPIRED: Dates = Dates { deadline: -21, expiry: -14 };

pub static GENERATED_VIDEOS: [GeneratedVideo; 1] = [GeneratedVideo {
    campaign: "Volunteer Spotlight",
    collaborator: "maya.thompson@example.org",
    title: "Maya's volunteer story",
    title_card: "Maya Thompson, food bank volunteer",
    answers: &[0, 1],
}];

/// A story of many voices: drafted by the AI (the local fake model unless a provider is
/// chosen) from a campaign's transcripts, and rendered in landscape by the media worker.
pub struct Story {
    pub campaign: &'static str,
    /// How the seed finds it again.
    pub title: &'static str,
    /// What staff would ask the AI for.
    pub brief: &'static str,
    pub target_seconds: u32,
}

pub static STORY: Story = Story {
    campaign: "Volunteer Spotlight",
    title: "Why our volunteers stay",
    brief: "30 seconds on why volunteers stay: the people, the families and the street coming together. \
            Hopeful, and end with a call to join us.",
    target_seconds: 30,
};

const fn answer(question: usize, device: Device, speech: &'static str, heard: &'static [&'static str]) -> Answer {
    Answer { question, speech, heard, device, approved: false }
}

const fn approved(question: usize, device: Device, speech: &'static str, heard: &'static [&'static str]) -> Answer {
    Answer { question, speech, heard, device, approved: true }
}

const BRIEF: &str = "<p>Thank you for taking part. Find a quiet spot, look at the camera and speak as you would to a friend. Each answer takes about a minute.</p>";

pub static CAMPAIGNS: [Campaign; 13] = [
    Campaign {
        title: "Volunteer Spotlight",
        initiative: "Community Voices",
        created_by: Role::Creator,
        campaign_type: CampaignType::Targeted,
        dates: Some(Dates { deadline: 30, expiry: 45 }),
        visibility: Visibility::Public,
        mode: RecordingMode::Landscape,
        status: CampaignStatus::Live,
        tags: &["Community", "Volunteers"],
        participants: &[Role::Admin, Role::Coordinator],
        description: "Our volunteers in their own words: why they give their time, and what it changes.",
        brief: BRIEF,
        script: "<p>Introduce yourself with your first name and where you volunteer. Then tell one story.</p>",
        questions: &[
            Question {
                text: "What made you start volunteering?",
                tips: Some("Think back to your very first day."),
                script: Some("<p>Say where you volunteer and what first brought you there.</p>"),
            },
            Question {
                text: "Tell us about a day you will never forget.",
                tips: Some("One moment is enough: where were you, and who was with you?"),
                script: Some("<p>Pick one day. Say what happened, then how it felt.</p>"),
            },
            Question {
                text: "What would you tell a new volunteer?",
                tips: None,
                script: Some("<p>One piece of advice, in your own words.</p>"),
            },
        ],
        collaborators: &[
            Collaborator {
                first_name: "Maya",
                last_name: "Thompson",
                email: "maya.thompson@example.org",
                stage: Stage::Submitted,
                pitch: 55,
                answers: &[
                    approved(
                        0,
                        Device::Desktop,
                        "I started volunteering at the food bank in London. Every Saturday we pack boxes for families.",
                        &["saturday", "london"],
                    ),
                    answer(
                        1,
                        Device::Desktop,
                        "Last winter we opened the hall as a warm space. Nobody had to spend the evening alone.",
                        &["winter"],
                    ),
                    answer(
                        2,
                        Device::Tablet,
                        "Bring good shoes and a lot of patience. The work is hard but the people are wonderful.",
                        &["wonderful", "people"],
                    ),
                ],
            },
            Collaborator {
                first_name: "Daniel",
                last_name: "Okafor",
                email: "daniel.okafor@example.org",
                stage: Stage::SentBack(1),
                pitch: 40,
                answers: &[
                    answer(
                        0,
                        Device::Desktop,
                        "My daughter needed help with reading, and the library volunteers changed her life.",
                        &["daughter", "reading", "library"],
                    ),
                    answer(
                        1,
                        Device::Mobile,
                        "The day the river flooded, the whole street came together and nobody gave up.",
                        &["together"],
                    ),
                    answer(
                        2,
                        Device::Tablet,
                        "Just show up and listen. People remember kindness far longer than words.",
                        &["people", "longer"],
                    ),
                ],
            },
            Collaborator {
                first_name: "Priya",
                last_name: "Nair",
                email: "priya.nair@example.org",
                stage: Stage::Started,
                pitch: 60,
                answers: &[answer(
                    0,
                    Device::Mobile,
                    "My grandmother taught me to cook. Now I run the community kitchen every Sunday morning.",
                    &["grandmother", "sunday", "morning"],
                )],
            },
            Collaborator {
                first_name: "Sam",
                last_name: "Keller",
                email: "sam.keller@example.org",
                stage: Stage::Suspended,
                pitch: 45,
                answers: &[answer(
                    0,
                    Device::Desktop,
                    "I coach the football team on Tuesday evenings. The children teach me more than I teach them.",
                    &["football", "children"],
                )],
            },
            Collaborator {
                first_name: "Jamie",
                last_name: "Rivera",
                email: "jamie.rivera@example.org",
                stage: Stage::Invited,
                pitch: 50,
                answers: &[],
            },
        ],
    },
    Campaign {
        title: "Neighbourhood Open Mic",
        initiative: "Community Voices",
        created_by: Role::Admin,
        campaign_type: CampaignType::Evergreen,
        dates: None,
        visibility: Visibility::Public,
        mode: RecordingMode::Portrait,
        status: CampaignStatus::Live,
        tags: &["Community", "Events"],
        participants: &[Role::Creator, Role::Coordinator],
        description: "Friday nights at the community hall: the performers and the people who come to listen.",
        brief: BRIEF,
        script: "<p>Hold your phone upright. Tell us what you perform and how it feels.</p>",
        questions: &[
            Question {
                text: "What do you bring to the open mic?",
                tips: Some("A song, a poem, a story: tell us which."),
                script: None,
            },
            Question {
                text: "What was your first time on stage like?",
                tips: Some("Nerves are part of the story."),
                script: Some("<p>Before, during, after: one sentence each.</p>"),
            },
        ],
        collaborators: &[
            Collaborator {
                first_name: "Leo",
                last_name: "Martins",
                email: "leo.martins@example.org",
                stage: Stage::Submitted,
                pitch: 35,
                answers: &[
                    answer(
                        0,
                        Device::Mobile,
                        "Music brings people together. I bring my guitar and a song about home.",
                        &["together", "people"],
                    ),
                    answer(
                        1,
                        Device::Mobile,
                        "The first time on stage my hands were shaking, but everybody cheered.",
                        &["everybody", "cheered"],
                    ),
                ],
            },
            Collaborator {
                first_name: "Grace",
                last_name: "Liu",
                email: "grace.liu@example.org",
                stage: Stage::Started,
                pitch: 65,
                answers: &[],
            },
        ],
    },
    Campaign {
        title: "Winter Food Drive",
        initiative: "Community Voices",
        created_by: Role::Creator,
        campaign_type: CampaignType::Targeted,
        dates: Some(Dates { deadline: 10, expiry: 14 }),
        visibility: Visibility::Private,
        mode: RecordingMode::Landscape,
        status: CampaignStatus::Expired,
        tags: &["Community", "Impact"],
        participants: &[Role::Coordinator],
        description: "What last winter's food drive achieved, told by the people who ran it.",
        brief: BRIEF,
        script: "<p>Give one number and one moment.</p>",
        questions: &[
            Question {
                text: "What did the food drive achieve?",
                tips: Some("A number helps: meals, boxes, families."),
                script: None,
            },
            Question { text: "Which moment stays with you?", tips: None, script: None },
        ],
        collaborators: &[Collaborator {
            first_name: "Omar",
            last_name: "Haddad",
            email: "omar.haddad@example.org",
            stage: Stage::Submitted,
            pitch: 30,
            answers: &[
                answer(
                    0,
                    Device::Desktop,
                    "We collected two thousand meals for the winter food drive. Local schools gave the most.",
                    &["thousand", "winter"],
                ),
                answer(
                    1,
                    Device::Desktop,
                    "The best moment was the van full of food leaving for the shelter on Christmas morning.",
                    &["christmas", "morning"],
                ),
            ],
        }],
    },
    Campaign {
        title: "Youth Mentoring Circle",
        initiative: "Community Voices",
        created_by: Role::Coordinator,
        campaign_type: CampaignType::Targeted,
        dates: Some(Dates { deadline: 2, expiry: 4 }),
        visibility: Visibility::Public,
        mode: RecordingMode::Portrait,
        status: CampaignStatus::Live,
        tags: &["Volunteers"],
        participants: &[Role::Admin],
        description: "Mentors and mentees of the youth circle on what they learn from each other.",
        brief: BRIEF,
        script: "<p>Speak to the person who mentored you.</p>",
        questions: &[
            Question { text: "How did your mentor help you?", tips: Some("One example is enough."), script: None },
            Question { text: "What do you hope to pass on?", tips: None, script: None },
        ],
        collaborators: &[Collaborator {
            first_name: "Ava",
            last_name: "Brooks",
            email: "ava.brooks@example.org",
            stage: Stage::Invited,
            pitch: 60,
            answers: &[],
        }],
    },
    Campaign {
        title: "Summer Festival Memories",
        initiative: "Community Voices",
        created_by: Role::Creator,
        campaign_type: CampaignType::Evergreen,
        dates: None,
        visibility: Visibility::Public,
        mode: RecordingMode::Landscape,
        status: CampaignStatus::Draft,
        tags: &["Events"],
        participants: &[Role::Admin, Role::Coordinator],
        description: "Memories of the summer festival, to open next year's programme.",
        brief: BRIEF,
        script: "",
        questions: &[
            Question { text: "What is your favourite festival memory?", tips: None, script: None },
            Question {
                text: "Who should we invite next year?",
                tips: Some("A band, a cook, a neighbour."),
                script: None,
            },
        ],
        collaborators: &[],
    },
    Campaign {
        title: "Library Reading Club",
        initiative: "Community Voices",
        created_by: Role::Admin,
        campaign_type: CampaignType::Targeted,
        dates: Some(Dates { deadline: 60, expiry: 90 }),
        visibility: Visibility::Private,
        mode: RecordingMode::Portrait,
        status: CampaignStatus::Draft,
        tags: &["Community"],
        participants: &[Role::Creator],
        description: "Members of the reading club recommend the book that stayed with them.",
        brief: BRIEF,
        script: "",
        questions: &[Question {
            text: "Which book would you give a friend?",
            tips: Some("Hold it up to the camera."),
            script: None,
        }],
        collaborators: &[],
    },
    Campaign {
        title: "Park Clean-up Day",
        initiative: "Community Voices",
        created_by: Role::Coordinator,
        campaign_type: CampaignType::Targeted,
        dates: Some(Dates { deadline: 5, expiry: 7 }),
        visibility: Visibility::Public,
        mode: RecordingMode::Landscape,
        status: CampaignStatus::Expired,
        tags: &["Impact", "Volunteers"],
        participants: &[Role::Creator],
        description: "The spring clean-up of Riverside Park, before and after.",
        brief: BRIEF,
        script: "",
        questions: &[Question { text: "What did we clean up together?", tips: None, script: None }],
        collaborators: &[],
    },
    Campaign {
        title: "Why We Chose Storyhive",
        initiative: "Customer Stories",
        created_by: Role::Admin,
        campaign_type: CampaignType::Targeted,
        dates: Some(Dates { deadline: 20, expiry: 40 }),
        visibility: Visibility::Public,
        mode: RecordingMode::Landscape,
        status: CampaignStatus::Live,
        tags: &["Customers"],
        participants: &[Role::Creator, Role::Coordinator],
        description: "Customers explain what they were looking for and what they found.",
        brief: BRIEF,
        script: "<p>Name your organisation, then the problem you had before.</p>",
        questions: &[
            Question {
                text: "Why did you choose Storyhive?",
                tips: Some("What were you trying to solve?"),
                script: Some("<p>Before Storyhive, we… Now we…</p>"),
            },
            Question { text: "What changed for your team?", tips: None, script: None },
        ],
        collaborators: &[Collaborator {
            first_name: "Hannah",
            last_name: "Weber",
            email: "hannah.weber@example.org",
            stage: Stage::Submitted,
            pitch: 50,
            answers: &[
                approved(
                    0,
                    Device::Desktop,
                    "We chose Storyhive because our customers tell our story better than we ever could.",
                    &["customers"],
                ),
                answer(
                    1,
                    Device::Desktop,
                    "Our team shares these videos with every new customer. They answer questions better than we do.",
                    &["answer", "video"],
                ),
            ],
        }],
    },
    Campaign {
        title: "First Week Onboarding",
        initiative: "Customer Stories",
        created_by: Role::Creator,
        campaign_type: CampaignType::Evergreen,
        dates: None,
        visibility: Visibility::Private,
        mode: RecordingMode::Portrait,
        status: CampaignStatus::Live,
        tags: &["Onboarding"],
        participants: &[Role::Admin, Role::Coordinator],
        description: "New colleagues on their first week, for the people who join after them.",
        brief: BRIEF,
        script: "",
        questions: &[
            Question { text: "How was your first day?", tips: Some("What surprised you?"), script: None },
            Question { text: "Who helped you most in week one?", tips: None, script: None },
        ],
        collaborators: &[Collaborator {
            first_name: "Ethan",
            last_name: "Park",
            email: "ethan.park@example.org",
            stage: Stage::Started,
            pitch: 45,
            answers: &[answer(
                0,
                Device::Mobile,
                "My manager walked me through everything on Monday. By Friday I felt at home.",
                &["manager", "monday"],
            )],
        }],
    },
    Campaign {
        title: "Product Launch Reactions",
        initiative: "Customer Stories",
        created_by: Role::Creator,
        campaign_type: CampaignType::Evergreen,
        dates: None,
        visibility: Visibility::Public,
        mode: RecordingMode::Portrait,
        status: CampaignStatus::Draft,
        tags: &["Customers", "Events"],
        participants: &[Role::Admin],
        description: "First reactions to the spring launch, recorded on the day.",
        brief: BRIEF,
        script: "",
        questions: &[Question { text: "What did you try first?", tips: None, script: None }],
        collaborators: &[],
    },
    Campaign {
        title: "Support Team Thank-yous",
        initiative: "Customer Stories",
        created_by: Role::Admin,
        campaign_type: CampaignType::Evergreen,
        dates: None,
        visibility: Visibility::Public,
        mode: RecordingMode::Landscape,
        status: CampaignStatus::Live,
        tags: &["Customers"],
        participants: &[Role::Coordinator],
        description: "Customers thank the support colleague who helped them.",
        brief: BRIEF,
        script: "",
        questions: &[Question {
            text: "Who on our support team helped you?",
            tips: Some("Say their name."),
            script: None,
        }],
        collaborators: &[Collaborator {
            first_name: "Zoe",
            last_name: "Adams",
            email: "zoe.adams@example.org",
            stage: Stage::Invited,
            pitch: 55,
            answers: &[],
        }],
    },
    Campaign {
        title: "Year in Review 2025",
        initiative: "Customer Stories",
        created_by: Role::Admin,
        campaign_type: CampaignType::Targeted,
        dates: Some(Dates { deadline: 3, expiry: 6 }),
        visibility: Visibility::Private,
        mode: RecordingMode::Landscape,
        status: CampaignStatus::Expired,
        tags: &["Customers", "Impact"],
        participants: &[Role::Creator],
        description: "Highlights of 2025 from our customers.",
        brief: BRIEF,
        script: "",
        questions: &[Question { text: "What was your highlight of 2025?", tips: None, script: None }],
        collaborators: &[],
    },
    Campaign {
        title: "Customer Advisory Board",
        initiative: "Customer Stories",
        created_by: Role::Coordinator,
        campaign_type: CampaignType::Targeted,
        dates: Some(Dates { deadline: 45, expiry: 60 }),
        visibility: Visibility::Private,
        mode: RecordingMode::Portrait,
        status: CampaignStatus::Draft,
        tags: &["Customers"],
        participants: &[Role::Admin, Role::Creator],
        description: "Board members on the one feature they would build next.",
        brief: BRIEF,
        script: "",
        questions: &[Question { text: "What should we build next?", tips: None, script: None }],
        collaborators: &[],
    },
];

pub fn campaign(title: &str) -> &'static Campaign {
    CAMPAIGNS.iter().find(|c| c.title == title).expect("a demo campaign")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_world_is_consistent() {
        let mut titles: Vec<&str> = CAMPAIGNS.iter().map(|c| c.title).collect();
        titles.sort();
        titles.dedup();
        assert_eq!(titles.len(), CAMPAIGNS.len(), "campaign titles are unique");
        // More than one page of the campaign list (10 a page), and every status.
        assert!(CAMPAIGNS.len() > 10);
        for status in [CampaignStatus::Draft, CampaignStatus::Live, CampaignStatus::Expired] {
            assert!(CAMPAIGNS.iter().any(|c| c.status == status), "{status:?}");
        }
        let mut emails = Vec::new();
        for campaign in &CAMPAIGNS {
            assert!(INITIATIVES.contains(&campaign.initiative), "{}", campaign.title);
            assert!((1..=4).contains(&campaign.tags.len()));
            assert!(campaign.tags.iter().all(|t| TAGS.contains(t)), "{}", campaign.title);
            assert!(!campaign.questions.is_empty());
            assert!(campaign.questions.iter().all(|q| q.text.chars().count() <= 50), "{}", campaign.title);
            assert_eq!(
                campaign.campaign_type == CampaignType::Targeted,
                campaign.dates.is_some(),
                "{}",
                campaign.title
            );
            // Collaborators record while the campaign is live: a draft has none.
            assert!(campaign.status != CampaignStatus::Draft || campaign.collaborators.is_empty());
            for collaborator in campaign.collaborators {
                emails.push(collaborator.email);
                let answered: Vec<usize> = collaborator.answers.iter().map(|a| a.question).collect();
                assert!(answered.iter().all(|q| *q < campaign.questions.len()));
                match collaborator.stage {
                    Stage::Invited => assert!(answered.is_empty()),
                    Stage::Submitted | Stage::SentBack(_) => {
                        assert_eq!(answered.len(), campaign.questions.len(), "{}", collaborator.email)
                    }
                    Stage::Started | Stage::Suspended => assert!(answered.len() < campaign.questions.len()),
                }
                if let Stage::SentBack(question) = collaborator.stage {
                    assert!(collaborator.answers.iter().any(|a| a.question == question && !a.approved));
                }
                assert!(collaborator.answers.iter().all(|a| !a.heard.is_empty()));
            }
        }
        let count = emails.len();
        emails.sort();
        emails.dedup();
        assert_eq!(emails.len(), count, "one campaign per collaborator");
        let (campaign_title, email) = DEMO_CONTRIBUTOR;
        let demo =
            campaign(campaign_title).collaborators.iter().find(|c| c.email == email).expect("the demo contributor");
        assert_eq!(demo.stage, Stage::Invited);
        // The story is drafted from the answers of at least two collaborators.
        let speakers = campaign(STORY.campaign).collaborators.iter().filter(|c| !c.answers.is_empty()).count();
        assert!(speakers >= 2, "{}", STORY.campaign);
        for video in &GENERATED_VIDEOS {
            let campaign = campaign(video.campaign);
            let collaborator = campaign.collaborators.iter().find(|c| c.email == video.collaborator).unwrap();
            assert!(video.answers.iter().all(|q| collaborator.answers.iter().any(|a| a.question == *q)));
        }
    }
}
