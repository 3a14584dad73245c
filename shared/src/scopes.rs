//! What an organisation's API key may call: scopes per area, and the one table giving the
//! scope each staff route needs from a key (spec issue 26). A staff session is checked
//! against its role's permission (`permissions`); a key is checked against this table.
//!
//! A route is either open to keys with one scope (`campaigns:read`, `answers:write`...)
//! or staff only (users, organisation settings, guidelines, the keys themselves, webhooks, one's
//! own profile, sessions, support): a key gets 403 there whatever its scopes. A write
//! scope includes the read scope of its area. The table is written into `openapi.json`
//! as each operation's `apiKey` security requirement; the gateway's tests hold that every
//! staff route has exactly one row and every row a route.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// An area of the API a key may be given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Area {
    Campaigns,
    Collaborators,
    Answers,
    Videos,
    Publishing,
}

impl Area {
    pub const ALL: [Area; 5] = [Area::Campaigns, Area::Collaborators, Area::Answers, Area::Videos, Area::Publishing];

    pub fn name(self) -> &'static str {
        match self {
            Area::Campaigns => "campaigns",
            Area::Collaborators => "collaborators",
            Area::Answers => "answers",
            Area::Videos => "videos",
            Area::Publishing => "publishing",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Access {
    Read,
    Write,
}

/// One scope, `<area>:read` or `<area>:write`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Scope {
    pub area: Area,
    pub access: Access,
}

impl Scope {
    pub const fn read(area: Area) -> Self {
        Self { area, access: Access::Read }
    }

    pub const fn write(area: Area) -> Self {
        Self { area, access: Access::Write }
    }

    /// Every scope, in the order the staff app lists them.
    pub fn all() -> Vec<Scope> {
        Area::ALL.iter().flat_map(|a| [Scope::read(*a), Scope::write(*a)]).collect()
    }

    pub fn name(self) -> String {
        let access = match self.access {
            Access::Read => "read",
            Access::Write => "write",
        };
        format!("{}:{access}", self.area.name())
    }

    pub fn parse(name: &str) -> Option<Self> {
        Self::all().into_iter().find(|s| s.name() == name)
    }

    /// Whether holding `self` lets a key do what `needed` names (write includes read).
    pub fn satisfies(self, needed: Scope) -> bool {
        self.area == needed.area && (self.access == Access::Write || needed.access == Access::Read)
    }
}

/// What a staff route asks of an API key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyAccess {
    /// A key holding this scope (or the write scope of its area) may call it.
    Needs(Scope),
    /// Staff only: a key gets 403.
    StaffOnly,
}

use Access::{Read as R, Write as W};
use Area::*;
use KeyAccess::{Needs, StaffOnly};

const fn n(area: Area, access: Access) -> KeyAccess {
    Needs(Scope { area, access })
}

/// Every staff route (method, path as in `openapi.json`) and what a key needs to call it.
pub const ROUTE_SCOPES: &[(&str, &str, KeyAccess)] = &[
    // Sessions, one's own account, users, organisation settings: staff only.
    ("GET", "/auth/logout", StaffOnly),
    ("GET", "/user/me", StaffOnly),
    ("DELETE", "/user/me", StaffOnly),
    ("PUT", "/user/me/password", StaffOnly),
    ("PUT", "/user/me/update", StaffOnly),
    ("PUT", "/user/skip-tour", StaffOnly),
    ("GET", "/user/getAllUsers", StaffOnly),
    ("POST", "/user/invite", StaffOnly),
    ("PUT", "/user/update/{id}", StaffOnly),
    ("DELETE", "/user/delete/{id}", StaffOnly),
    ("GET", "/organisation/company", StaffOnly),
    ("PUT", "/organisation/company", StaffOnly),
    ("DELETE", "/organisation/company/file", StaffOnly),
    ("POST", "/organisation/company/upload-complete", StaffOnly),
    ("POST", "/organisation/company/upload-url", StaffOnly),
    ("DELETE", "/organisation/me/file", StaffOnly),
    ("POST", "/organisation/me/upload-complete", StaffOnly),
    ("POST", "/organisation/me/upload-url", StaffOnly),
    ("PUT", "/organisation/setup-complete", StaffOnly),
    ("GET", "/organisation/theme", StaffOnly),
    ("PUT", "/organisation/theme", StaffOnly),
    ("GET", "/organisation/api-keys", StaffOnly),
    ("POST", "/organisation/api-keys", StaffOnly),
    ("DELETE", "/organisation/api-keys/{id}", StaffOnly),
    // Webhooks: staff only like the keys. A key that could manage endpoints could read
    // their signing secrets or point the organisation's events (collaborators' names,
    // answers, withdrawals) at an address of its choice: a leaked key would become a
    // standing copy of everything that happens.
    ("GET", "/webhooks/endpoints", StaffOnly),
    ("POST", "/webhooks/endpoints", StaffOnly),
    ("PUT", "/webhooks/endpoints/{endpointId}", StaffOnly),
    ("DELETE", "/webhooks/endpoints/{endpointId}", StaffOnly),
    ("POST", "/webhooks/endpoints/{endpointId}/rotate-secret", StaffOnly),
    ("POST", "/webhooks/endpoints/{endpointId}/test", StaffOnly),
    ("GET", "/webhooks/endpoints/{endpointId}/deliveries", StaffOnly),
    ("POST", "/webhooks/endpoints/{endpointId}/deliveries/{eventId}/redeliver", StaffOnly),
    ("POST", "/departments/add", StaffOnly),
    ("DELETE", "/departments/delete", StaffOnly),
    ("POST", "/guideline/add", StaffOnly),
    ("POST", "/guideline/addguidelinetitle", StaffOnly),
    ("DELETE", "/guideline/delete/{id}", StaffOnly),
    ("DELETE", "/guideline/deleteguidelinetitle", StaffOnly),
    ("DELETE", "/guideline/deletevalue/{id}", StaffOnly),
    ("POST", "/guideline/getGuidelinesByTitle", StaffOnly),
    ("GET", "/guideline/list", StaffOnly),
    ("POST", "/guideline/listbyheading", StaffOnly),
    ("PUT", "/guideline/update", StaffOnly),
    ("PUT", "/guideline/updatevalue", StaffOnly),
    ("GET", "/support/editor-requests", StaffOnly),
    ("POST", "/support/editor-requests", StaffOnly),
    ("PUT", "/support/editor-requests/{id}/cancel", StaffOnly),
    ("GET", "/support/help", StaffOnly),
    ("POST", "/support/help", StaffOnly),
    // A staff member's own response-editor state, and the staff-app views of the
    // collaborator's journey (previewing it as a collaborator, the flagged staff variants).
    ("POST", "/user-state/save", StaffOnly),
    ("GET", "/user-state/{id}/get", StaffOnly),
    ("GET", "/contributor/{campaignId}/preview", StaffOnly),
    ("GET", "/contributor-journey/all-questions/{tenantId}/{campaignId}/{contributorId}", StaffOnly),
    ("GET", "/contributor/{tenantId}/{campaignId}/{contributorId}", StaffOnly),
    // Campaigns, their initiatives, tags, questions, briefs and scripts.
    ("GET", "/campaign/all-campaigns", n(Campaigns, R)),
    ("GET", "/campaign/{id}", n(Campaigns, R)),
    ("GET", "/campaign/CampaignParticipantList/{campaignId}", n(Campaigns, R)),
    ("GET", "/campaign/funnel/{campaignId}", n(Campaigns, R)),
    ("GET", "/campaign/journey-starters/{campaignId}", n(Campaigns, R)),
    ("GET", "/campaign/user-campaigns/{userId}", n(Campaigns, R)),
    ("GET", "/dashboard/details", n(Campaigns, R)),
    ("GET", "/initiative/list", n(Campaigns, R)),
    ("GET", "/tags/all-tags", n(Campaigns, R)),
    ("GET", "/question/list/{campaignId}", n(Campaigns, R)),
    ("POST", "/campaign/add", n(Campaigns, W)),
    ("POST", "/campaign/add-brief", n(Campaigns, W)),
    ("POST", "/campaign/auto-save-brief", n(Campaigns, W)),
    ("POST", "/campaign/add-participants", n(Campaigns, W)),
    ("DELETE", "/campaign/remove-participants/{campaignId}/{userRoleId}", n(Campaigns, W)),
    ("POST", "/campaign/save-script", n(Campaigns, W)),
    ("PUT", "/campaign/update", n(Campaigns, W)),
    ("PUT", "/campaign/complete/{id}", n(Campaigns, W)),
    ("DELETE", "/campaign/delete/{id}", n(Campaigns, W)),
    ("POST", "/initiative/add", n(Campaigns, W)),
    ("PUT", "/initiative/update", n(Campaigns, W)),
    ("DELETE", "/initiative/delete", n(Campaigns, W)),
    ("POST", "/tags/add", n(Campaigns, W)),
    ("DELETE", "/tags/delete", n(Campaigns, W)),
    ("POST", "/question/add", n(Campaigns, W)),
    ("PUT", "/question/{id}", n(Campaigns, W)),
    ("DELETE", "/question/{campaignId}/{questionId}", n(Campaigns, W)),
    ("POST", "/openai/generateParagraphs", n(Campaigns, W)),
    ("POST", "/openai/generateQuestions", n(Campaigns, W)),
    ("POST", "/openai/regenerate", n(Campaigns, W)),
    // Collaborators: who is invited, their details, invitations and reminders.
    ("GET", "/contributor/all", n(Collaborators, R)),
    ("GET", "/contributor/campaignContributorList/{campaignId}", n(Collaborators, R)),
    ("GET", "/contributor/{campaignId}/all", n(Collaborators, R)),
    ("GET", "/consent/{contributorId}", n(Collaborators, R)),
    ("POST", "/campaign/add-contributor", n(Collaborators, W)),
    ("DELETE", "/campaign/remove-contributor/{campaignId}/{contributorId}", n(Collaborators, W)),
    ("POST", "/contributor/{tenantId}/{initiativeId}/{campaignId}/add", n(Collaborators, W)),
    ("PUT", "/contributor/update/{id}", n(Collaborators, W)),
    ("DELETE", "/contributor/delete/{tenantId}/{contributorId}", n(Collaborators, W)),
    ("POST", "/contributor/reinvite", n(Collaborators, W)),
    ("POST", "/contributor/remind-all", n(Collaborators, W)),
    ("POST", "/contributor/revoke", n(Collaborators, W)),
    // Answers: recordings, their captions and transcripts, review, video search.
    ("GET", "/campaign/captions/{campaignId}/{contributorId}/{journeyId}", n(Answers, R)),
    ("GET", "/campaign/video-info/{campaignId}/{contributorId}/{journeyId}", n(Answers, R)),
    ("GET", "/search/initialData", n(Answers, R)),
    ("POST", "/search/videos", n(Answers, R)),
    ("POST", "/search/campaignVideos", n(Answers, R)),
    ("PUT", "/campaign/answer-review", n(Answers, W)),
    ("POST", "/campaign/transcription/save", n(Answers, W)),
    ("POST", "/contributor-journey/re-record", n(Answers, W)),
    ("DELETE", "/contributor/{initiativeId}/{campaignId}/{contributorId}/videos", n(Answers, W)),
    // Generated videos.
    ("GET", "/generated-videos/{campaignId}", n(Videos, R)),
    ("GET", "/generated-videos/{campaignId}/{contributorId}", n(Videos, R)),
    ("GET", "/generated-videos/approved/{campaignId}", n(Videos, R)),
    ("GET", "/generated-videos/captions/{campaignId}/{videoId}", n(Videos, R)),
    ("POST", "/generated-videos/save", n(Videos, W)),
    ("POST", "/generated-videos/answer-retry", n(Videos, W)),
    ("POST", "/generated-videos/retry/{campaignId}/{videoId}", n(Videos, W)),
    ("PUT", "/generated-videos/approval/{campaignId}/{videoId}", n(Videos, W)),
    ("DELETE", "/generated-videos/delete/{campaignId}/{videoId}", n(Videos, W)),
    // Stories of many voices (with generated videos: the same function renders both).
    ("GET", "/generated-videos/stories/{campaignId}", n(Videos, R)),
    ("GET", "/generated-videos/stories/{campaignId}/{storyId}", n(Videos, R)),
    ("GET", "/generated-videos/stories/speaker/{contributorId}", n(Videos, R)),
    ("GET", "/generated-videos/library/{campaignId}", n(Videos, R)),
    ("POST", "/generated-videos/stories/save", n(Videos, W)),
    ("PUT", "/generated-videos/stories/{campaignId}/{storyId}", n(Videos, W)),
    ("DELETE", "/generated-videos/stories/delete/{campaignId}/{storyId}", n(Videos, W)),
    ("POST", "/openai/story-draft", n(Videos, W)),
    ("POST", "/generated-videos/stories/render/{campaignId}/{storyId}", n(Videos, W)),
    // Publishing: published stories, walls, consent withdrawals.
    ("GET", "/publications", n(Publishing, R)),
    ("GET", "/publications/stats", n(Publishing, R)),
    ("GET", "/publications/{publicationId}", n(Publishing, R)),
    ("GET", "/walls", n(Publishing, R)),
    ("GET", "/walls/{wallId}", n(Publishing, R)),
    ("POST", "/publications", n(Publishing, W)),
    ("DELETE", "/publications/{publicationId}", n(Publishing, W)),
    ("POST", "/walls", n(Publishing, W)),
    ("PUT", "/walls/{wallId}", n(Publishing, W)),
    ("DELETE", "/walls/{wallId}", n(Publishing, W)),
    ("POST", "/consent-withdrawals", n(Publishing, W)),
];

/// What a key needs for `method` `path` (the route's declared path, `{id}` and all);
/// a route missing from the table is staff only (a key is refused, never let through).
pub fn key_access(method: &str, path: &str) -> KeyAccess {
    ROUTE_SCOPES
        .iter()
        .find(|(m, p, _)| m.eq_ignore_ascii_case(method) && *p == path)
        .map(|(_, _, access)| *access)
        .unwrap_or(StaffOnly)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scope_names_round_trip_and_write_includes_read() {
        for scope in Scope::all() {
            assert_eq!(Scope::parse(&scope.name()), Some(scope));
        }
        assert_eq!(Scope::all().len(), 10);
        assert!(Scope::write(Campaigns).satisfies(Scope::read(Campaigns)));
        assert!(!Scope::read(Campaigns).satisfies(Scope::write(Campaigns)));
        assert!(!Scope::write(Answers).satisfies(Scope::read(Campaigns)));
        assert_eq!(Scope::parse("campaigns:admin"), None);
    }

    #[test]
    fn each_route_has_one_row_and_unknown_routes_are_staff_only() {
        for (i, (method, path, _)) in ROUTE_SCOPES.iter().enumerate() {
            assert!(
                !ROUTE_SCOPES[i + 1..].iter().any(|(m, p, _)| m == method && p == path),
                "{method} {path} has two rows"
            );
        }
        assert_eq!(key_access("get", "/campaign/{id}"), Needs(Scope::read(Campaigns)));
        assert_eq!(key_access("GET", "/no/such/route"), StaffOnly);
        assert_eq!(key_access("POST", "/organisation/api-keys"), StaffOnly);
    }
}
