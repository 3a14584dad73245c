#!/usr/bin/env python3
"""Replays the failures schemathesis found (infra/scripts/fuzz/regressions.json) as
regression tests, against a gateway prepared by prepare.py, with the same checks as
the fuzzing run: not_a_server_error, status_code_conformance, content_type_conformance,
response_schema_conformance (schemathesis' own, on the operation of openapi.json).

    replay.py --base-url http://127.0.0.1:3300/api --fixture .local/fuzz/fixture.json \
              [--schema openapi.json] [--cases infra/scripts/fuzz/regressions.json] [--only ID,...]

Each case is one request (or a burst of concurrent ones) whose `{name}`s are filled
from fixture.json; `setup` requests run first and are not checked. The fuzzing run's
examples differ from run to run (ids, order); these do not. Runs in .venv-fuzz.
Exits 1 when a case fails; its last line is "N passed, N failed".
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import re
import sys

import requests
import schemathesis
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi import checks as openapi_checks

CHECKS = [
    not_a_server_error,
    openapi_checks.status_code_conformance,
    openapi_checks.content_type_conformance,
    openapi_checks.response_schema_conformance,
]
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def values_of(fixture: dict) -> dict[str, str]:
    main, spare = fixture["main"], fixture["spare"]
    return {
        "tenantId": fixture["tenantId"],
        "userId": fixture["userId"],
        "staffId": (fixture["staffIds"] or [fixture["userId"]])[0],
        "campaignId": main["campaignId"],
        "editCampaignId": main["editCampaignId"],
        "openCampaignId": main["openCampaignId"],
        "initiativeId": main["initiativeId"],
        "tagId": main["tagId"],
        "questionId": main["questionIds"][0],
        "campaignQuestionId": main["campaignQuestionIds"][0],
        "contributorId": main["contributorId"],
        "uploadId": main["uploadId"],
        "uploadKey": main["uploadKey"],
        "spareCampaignId": spare["campaignId"],
        "spareContributorId": spare["contributorId"],
    }


def fill(value, values: dict[str, str]):
    if isinstance(value, str):
        def one(match: re.Match) -> str:
            if match.group(1) not in values:
                raise KeyError(f"unknown placeholder {match.group(0)}")
            return values[match.group(1)]
        return PLACEHOLDER.sub(one, value)
    if isinstance(value, list):
        return [fill(v, values) for v in value]
    if isinstance(value, dict):
        return {k: fill(v, values) for k, v in value.items()}
    return value


class Replayer:
    def __init__(self, base_url: str, fixture: dict, schema_path: str):
        self.base = base_url.rstrip("/")
        self.values = values_of(fixture)
        self.token = fixture["token"]
        self.invite_key = fixture["inviteKey"]
        self.schema = schemathesis.openapi.from_path(schema_path)

    def send(self, request: dict) -> requests.Response:
        auth = request.get("auth", "staff")
        headers = {"Accept": "application/json", **fill(request.get("headers", {}), self.values)}
        if auth in ("staff", "both"):
            headers["Authorization"] = f"Bearer {self.token}"
        if auth in ("invite", "both"):
            headers["X-Invite-Key"] = self.invite_key
        kwargs: dict = {"headers": headers, "timeout": 15, "params": fill(request.get("query"), self.values)}
        if "json" in request:
            kwargs["json"] = fill(request["json"], self.values)
        elif "data" in request:
            kwargs["data"] = fill(request["data"], self.values).encode()
        return requests.request(request["method"], self.base + fill(request["path"], self.values), **kwargs)

    def check(self, case: dict, request: dict, response: requests.Response) -> str | None:
        method, template = case["operation"].split(" ", 1)
        operation = self.schema[template][method]
        # The case as schemathesis would have made it (its checks look at the path parameters).
        pattern = "^" + re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[^/]*)", re.escape(template)) + "$"
        found = re.match(pattern, fill(request["path"], self.values))
        parts: dict = {"path_parameters": found.groupdict() if found else {}}
        if request.get("query"):
            parts["query"] = fill(request["query"], self.values)
        if "json" in request:
            parts.update(body=fill(request["json"], self.values), media_type="application/json")
        made = operation.Case(**parts)
        try:
            made.validate_response(response, checks=CHECKS)
        except BaseException as failure:  # schemathesis raises a FailureGroup (an exception group)
            if isinstance(failure, (KeyboardInterrupt, SystemExit)):
                raise
            kinds = sorted({type(f).__name__ for f in getattr(failure, "exceptions", [failure])})
            return f"{response.status_code} {', '.join(kinds)}: {response.text[:200]}"
        return None

    def run(self, case: dict) -> list[str]:
        for request in case.get("setup", []):
            self.send(request)
        repeat, parallel = case.get("repeat", 1), case.get("concurrent", 1)
        problems = []
        with concurrent.futures.ThreadPoolExecutor(max_workers=parallel) as pool:
            for _ in range(repeat):
                requests_now = case["requests"] if "requests" in case else [case["request"]] * parallel
                for request, response in zip(requests_now, pool.map(self.send, requests_now)):
                    problem = self.check(case, request, response)
                    if problem:
                        problems.append(problem)
                if problems:
                    break
        return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--fixture", required=True)
    parser.add_argument("--schema", default="openapi.json")
    parser.add_argument("--cases", default="infra/scripts/fuzz/regressions.json")
    parser.add_argument("--only", default="", help="comma-separated case ids")
    args = parser.parse_args()
    with open(args.fixture) as f:
        fixture = json.load(f)
    with open(args.cases) as f:
        cases = json.load(f)["cases"]
    only = {x for x in args.only.split(",") if x}
    replayer = Replayer(args.base_url, fixture, args.schema)
    passed = failed = 0
    for case in cases:
        if only and case["id"] not in only:
            continue
        try:
            problems = replayer.run(case)
        except (requests.RequestException, KeyError) as error:
            problems = [f"could not run: {error}"]
        if problems:
            failed += 1
            print(f"FAIL {case['id']} ({case['finding']}, {case['operation']}): {problems[0]}")
        else:
            passed += 1
            print(f"ok   {case['id']} ({case['finding']}, {case['operation']})")
    print(f"regressions: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
