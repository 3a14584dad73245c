#!/usr/bin/env python3
"""Prepares a seeded local gateway for schemathesis (the api step of infra/scripts/test.sh).

    prepare.py --base-url http://127.0.0.1:3300/api --out-dir .local/fuzz

Signs in as the seeded super admin and creates, through the API, what the fuzzed calls
need to get past 404s: initiatives, tags, campaigns, questions, a participant, invited
collaborators (their personal links carry the `X-Invite-Key`), a started upload. Writes

  OUT/session.env         FUZZ_TOKEN, FUZZ_INVITE_KEY (for -H) and the main ids (shell syntax;
                          `set -a; . OUT/session.env; set +a` for reproducing by hand)
  OUT/fixture.json        every id made, for the regression replay and for reproductions
  OUT/schemathesis.toml   the run's config: those ids offered as fuzz dictionaries
                          (`[dictionaries]` + `[parameters]`), per operation where an id
                          means something else or the call would destroy shared data

Two of each thing are made: the "main" ones every reading or editing call is offered,
and "spare" ones that the destroying calls (delete a campaign, an initiative, a tag, a
question, revoke, re-invite, suspend or send back a collaborator: each of the last
replaces or drops their key) are offered instead, so that one of them succeeding early
does not turn the rest of the run into 404s and 403s. Those calls also do not get ids
that schemathesis mines from earlier responses (`extra-data-sources`). Campaign edits
(dates, type, brief, script) go to an "edit" campaign; an open campaign is offered to
the self-registration and preview calls.

Standard library only.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

SUPER_ADMIN = "superadmin@storyhive-demo.org"
PASSWORD = "Storyhive-Demo-2026!"


class ApiError(RuntimeError):
    pass


class Api:
    def __init__(self, base_url: str, forwarded_for: str):
        self.base = base_url.rstrip("/")
        self.token: str | None = None
        # The gateway counts per-client limits (sign-in, mail) by the last X-Forwarded-For
        # entry when the peer is this machine: this preparation is its own client.
        self.forwarded_for = forwarded_for

    def call(self, method: str, path: str, body: object | None = None, *, headers: dict | None = None,
             expect: tuple[int, ...] = (200, 201), auth: bool = True) -> object:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Accept", "application/json")
        request.add_header("X-Forwarded-For", self.forwarded_for)
        if data is not None:
            request.add_header("Content-Type", "application/json")
        if auth and self.token:
            request.add_header("Authorization", f"Bearer {self.token}")
        for name, value in (headers or {}).items():
            request.add_header(name, value)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                status, text = response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            status, text = error.code, error.read().decode(errors="replace")
        except urllib.error.URLError as error:
            raise ApiError(f"{method} {path}: {error.reason}") from None
        if status not in expect:
            raise ApiError(f"{method} {path} answered {status}: {text[:500]}")
        return json.loads(text) if text else None


def invite(api: Api, campaign_id: str, email: str, first: str, last: str) -> dict:
    answer = api.call("POST", "/campaign/add-contributor",
                      {"campaignId": campaign_id, "email": email, "firstName": first, "lastName": last})
    contributor = answer["contributor"]
    link = contributor.get("inviteLink")
    if not link:
        raise ApiError(f"inviting {email} answered no inviteLink: {json.dumps(answer)[:300]}")
    url = urllib.parse.urlsplit(link)
    query = urllib.parse.parse_qs(url.query)
    key = (query.get("key") or [""])[0]
    contributor_id = (query.get("contributorId") or [contributor["contributorId"]])[0]
    # /contributor/{tenantId}/{campaignId}?key=...&contributorId=...
    segments = [s for s in url.path.split("/") if s]
    tenant_id = segments[1] if len(segments) >= 3 else ""
    if not key:
        raise ApiError(f"the invitation link has no key: {link}")
    return {"contributorId": contributor_id, "key": key, "tenantId": tenant_id, "email": email, "link": link}


def prepare(api: Api) -> dict:
    login = api.call("POST", "/auth/login", {"email": SUPER_ADMIN, "password": PASSWORD}, expect=(200,))
    api.token = login["accessToken"]
    tenant_id = login["tenantId"]
    me = api.call("GET", "/user/me", expect=(200,))
    suffix = time.strftime("%H%M%S") + os.urandom(2).hex()

    def initiative(label: str) -> str:
        return api.call("POST", "/initiative/add", {"name": f"Fuzz {label} {suffix}"})["id"]

    def tag(label: str) -> str:
        return api.call("POST", "/tags/add", {"name": f"fuzz-{label}-{suffix}"[:30]})["id"]

    main_initiative, spare_initiative = initiative("main"), initiative("spare")
    main_tag, spare_tag = tag("main"), tag("spare")

    def campaign(label: str, initiative_id: str, tags: list[str]) -> dict:
        return api.call("POST", "/campaign/add", {
            "title": f"Fuzz {label} {suffix}",
            "description": "Made by infra/scripts/fuzz/prepare.py for schemathesis.",
            "initiativeId": initiative_id,
            "type": "targeted",
            "visibility": "public",
            "mode": "landscape",
            "deadline": "2030-06-01",
            "expiryDate": "2030-06-30",
            "tags": tags,
        })

    main_campaign = campaign("main", main_initiative, [main_tag])
    spare_campaign = campaign("spare", main_initiative, [main_tag, spare_tag])
    # Edited at random (dates, type, brief, script): kept apart from the one collaborators use.
    edit_campaign = campaign("edit", main_initiative, [main_tag])
    open_campaign = api.call("POST", "/campaign/add", {
        "title": f"Fuzz open {suffix}",
        "description": "An open (evergreen) public campaign: anyone with its link may register.",
        "initiativeId": main_initiative,
        "type": "evergreen",
        "visibility": "public",
        "mode": "portrait",
        "tags": [main_tag],
    })

    questions = []
    for i, text in enumerate(["Who are you and what do you do?", "Why does this work matter to you?",
                              "A question the fuzzer may delete"]):
        questions.append(api.call("POST", "/question/add",
                                  {"campaignId": main_campaign["id"], "question": text, "sequence": i + 1}))
    api.call("POST", "/question/add", {"campaignId": open_campaign["id"], "question": "What brought you here?"})
    main_questions, spare_question = questions[:2], questions[2]

    # Staff who can take part: add them to the main campaign.
    participants = api.call("GET", f"/campaign/CampaignParticipantList/{main_campaign['id']}", expect=(200,))
    staff_ids = [u["id"] for u in participants.get("available", []) + participants.get("participants", [])]
    if staff_ids:
        api.call("POST", "/campaign/add-participants", {"campaignId": main_campaign["id"], "userIds": staff_ids})

    main_contributor = invite(api, main_campaign["id"], f"fuzz-main-{suffix}@example.org", "Robin", "Fuzzer")
    spare_contributor = invite(api, main_campaign["id"], f"fuzz-spare-{suffix}@example.org", "Sam", "Spare")
    # Another, for the calls that delete a collaborator (the one above gets revoked, re-invited, ...).
    doomed_contributor = invite(api, main_campaign["id"], f"fuzz-doomed-{suffix}@example.org", "Dee", "Doomed")
    invite_headers = {"X-Invite-Key": main_contributor["key"]}
    # The main collaborator accepts the invitation (sends their details), as the web app does.
    api.call("POST", "/contributor/save", {
        "tenantId": tenant_id, "campaignId": main_campaign["id"], "contributorId": main_contributor["contributorId"],
        "firstName": "Robin", "lastName": "Fuzzer",
    }, headers=invite_headers, auth=False)
    # A started upload, so that the upload calls (parts, sign-part, complete, abort) have one.
    upload = api.call("POST", "/contributor-upload/start", {
        "tenantId": tenant_id, "campaignId": main_campaign["id"], "contributorId": main_contributor["contributorId"],
        "campaignQuestionId": main_questions[0]["campaignQuestionId"], "contentType": "video/webm",
        "sizeBytes": 12 * 1024 * 1024, "deviceType": "Desktop",
    }, headers=invite_headers, auth=False)

    return {
        "tenantId": tenant_id,
        "userId": me["id"],
        "staffIds": staff_ids,
        "token": api.token,
        "inviteKey": main_contributor["key"],
        "main": {
            "initiativeId": main_initiative,
            "tagId": main_tag,
            "campaignId": main_campaign["id"],
            "campaignVersion": main_campaign.get("version", 0),
            "openCampaignId": open_campaign["id"],
            "editCampaignId": edit_campaign["id"],
            "questionIds": [q["questionId"] for q in main_questions],
            "campaignQuestionIds": [q["campaignQuestionId"] for q in main_questions],
            "contributorId": main_contributor["contributorId"],
            "inviteLink": main_contributor["link"],
            "uploadId": upload.get("uploadId", ""),
            "uploadKey": upload.get("key", ""),
        },
        "spare": {
            "initiativeId": spare_initiative,
            "tagId": spare_tag,
            "campaignId": spare_campaign["id"],
            "questionId": spare_question["questionId"],
            "contributorId": spare_contributor["contributorId"],
            "doomedContributorId": doomed_contributor["contributorId"],
        },
    }


# ---------------------------------------------------------------- config
def toml_str(value: str) -> str:
    return json.dumps(value)  # a JSON string is a valid TOML basic string for these values


def toml_list(values: list) -> str:
    return "[" + ", ".join(toml_str(str(v)) for v in values) + "]"


def schemathesis_toml(fx: dict, probability: float, cache_dir: str | None = None) -> str:
    main, spare = fx["main"], fx["spare"]
    dictionaries = {
        "tenant": [fx["tenantId"]],
        "campaign": [main["campaignId"]],
        "openCampaign": [main["openCampaignId"], main["campaignId"]],
        "editCampaign": [main["editCampaignId"]],
        "initiative": [main["initiativeId"]],
        "tag": [main["tagId"]],
        "question": main["questionIds"],
        "campaignQuestion": main["campaignQuestionIds"],
        "contributor": [main["contributorId"]],
        "user": [fx["userId"], *fx["staffIds"]],
        "uploadId": [main["uploadId"]] if main["uploadId"] else ["none"],
        "uploadKey": [main["uploadKey"]] if main["uploadKey"] else ["none"],
        # The spare ones, for the calls that destroy what they are given.
        "spareCampaign": [spare["campaignId"]],
        "spareInitiative": [spare["initiativeId"]],
        "spareTag": [spare["tagId"]],
        "spareQuestion": [spare["questionId"]],
        "spareContributor": [spare["contributorId"]],
        "doomedContributor": [spare["doomedContributorId"]],
    }
    # Wherever these names appear (path or JSON body), the org's real ids are offered.
    everywhere = {
        "path.tenantId": "tenant", "body.tenantId": "tenant",
        "path.campaignId": "campaign", "body.campaignId": "campaign",
        "path.initiativeId": "initiative", "body.initiativeId": "initiative",
        "path.contributorId": "contributor", "body.contributorId": "contributor",
        "path.questionId": "question",
        "body.campaignQuestionId": "campaignQuestion", "body.campaignQuestionIds[*]": "campaignQuestion",
        "path.userId": "user", "path.userRoleId": "user", "body.userIds[*]": "user",
        "body.tags[*]": "tag",
        "body.uploadId": "uploadId", "body.key": "uploadKey",
    }
    # Per operation: what an `id` is in each, the campaign to edit, and the spares for
    # the destroying calls (True: do not feed it ids mined from earlier responses).
    per_operation: dict[str, tuple[dict[str, str], bool]] = {
        "get_campaign": ({"path.id": "campaign"}, False),
        "update_initiative": ({"body.id": "initiative"}, False),
        "update_question": ({"path.id": "question"}, False),
        "update_campaign": ({"body.id": "editCampaign"}, True),
        "add_brief": ({"body.campaignId": "editCampaign"}, True),
        "auto_save_brief": ({"body.campaignId": "editCampaign"}, True),
        "save_script": ({"body.campaignId": "editCampaign"}, True),
        "register_for_open_campaign": ({"path.campaignId": "openCampaign"}, False),
        "preview": ({"path.campaignId": "openCampaign"}, False),
        "complete": ({"path.id": "spareCampaign"}, True),
        "delete_campaign": ({"path.id": "spareCampaign"}, True),
        "delete_initiative": ({"query.deleteInitiative": "spareInitiative"}, True),
        "delete_tag": ({"body.id": "spareTag"}, True),
        "delete_question": ({"path.questionId": "spareQuestion"}, True),
        "update_contributor": ({"path.id": "spareContributor"}, True),
        "revoke": ({"body.contributorId": "spareContributor"}, True),
        "reinvite": ({"body.contributorId": "spareContributor"}, True),
        "send_back_for_re_recording": ({"body.contributorId": "spareContributor"}, True),
        "remove_contributor": ({"path.contributorId": "doomedContributor"}, True),
        "delete_contributor": ({"path.contributorId": "doomedContributor"}, True),
    }
    lines = [
        "# Generated by infra/scripts/fuzz/prepare.py for one run against a freshly seeded gateway.",
        "# The rest of the run's settings are on schemathesis' command line (infra/scripts/test.sh, step api).",
        "",
    ]
    if cache_dir:
        # What schemathesis keeps between runs (crashes for `st replay`, learned answers): per run,
        # so that one run does not steer the next.
        lines += [f"cache = {{ directory = {toml_str(cache_dir)} }}", ""]
    for name, values in dictionaries.items():
        lines += [f"[dictionaries.{name}]", f"values = {toml_list(values)}", ""]

    def binding(key: str, dictionary: str) -> str:
        return f"{toml_str(key)} = {{ dictionary = {toml_str(dictionary)}, probability = {probability} }}"

    lines.append("[parameters]")
    lines += [binding(k, v) for k, v in everywhere.items()]
    lines.append("")
    no_mined = "{ extra-data-sources = { responses = false } }"
    for operation_id, (bindings, destroys) in per_operation.items():
        lines += ["[[operations]]", f"include-operation-id = {toml_str(operation_id)}"]
        if destroys:
            lines.append(f"phases = {{ examples = {no_mined}, coverage = {no_mined}, fuzzing = {no_mined} }}")
        lines.append("[operations.parameters]")
        merged = dict(everywhere)
        merged.update(bindings)
        lines += [binding(k, v) for k, v in merged.items()]
        lines.append("")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base-url", required=True, help="the API's base URL, e.g. http://127.0.0.1:3300/api")
    parser.add_argument("--out-dir", required=True)
    parser.add_argument("--probability", type=float, default=0.9,
                        help="how often a generated id is replaced by a real one (default 0.9)")
    parser.add_argument("--cache-dir", help="schemathesis' cache directory (default: its own, .schemathesis/)")
    parser.add_argument("--client", default="198.51.100.200",
                        help="X-Forwarded-For address of this preparation (its own per-client counters)")
    args = parser.parse_args()
    api = Api(args.base_url, args.client)
    try:
        fixture = prepare(api)
    except (ApiError, KeyError, TypeError, ValueError) as error:
        print(f"error: preparing the fuzz data failed: {error}", file=sys.stderr)
        return 1
    os.makedirs(args.out_dir, exist_ok=True)
    with open(os.path.join(args.out_dir, "fixture.json"), "w") as f:
        json.dump(fixture, f, indent=2)
    with open(os.path.join(args.out_dir, "schemathesis.toml"), "w") as f:
        f.write(schemathesis_toml(fixture, args.probability, args.cache_dir))
    with open(os.path.join(args.out_dir, "session.env"), "w") as f:
        main_ids = fixture["main"]
        for name, value in (
            ("FUZZ_BASE", args.base_url.rstrip("/")),
            ("FUZZ_TOKEN", fixture["token"]),
            ("FUZZ_INVITE_KEY", fixture["inviteKey"]),
            ("FUZZ_TENANT_ID", fixture["tenantId"]),
            ("FUZZ_STAFF_ID", (fixture["staffIds"] or [fixture["userId"]])[0]),
            ("FUZZ_CAMPAIGN_ID", main_ids["campaignId"]),
            ("FUZZ_EDIT_CAMPAIGN_ID", main_ids["editCampaignId"]),
            ("FUZZ_CONTRIBUTOR_ID", main_ids["contributorId"]),
            ("FUZZ_QUESTION_ID", main_ids["campaignQuestionIds"][0]),
        ):
            f.write(f"{name}={shlex.quote(value)}\n")
    main = fixture["main"]
    print(f"tenant {fixture['tenantId']}, campaign {main['campaignId']}, contributor {main['contributorId']}, "
          f"initiative {main['initiativeId']}, questions {', '.join(main['questionIds'])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
