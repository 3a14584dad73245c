"""Storyhive's benchmark (run by infra/scripts/bench.sh): cold start, request cost and build,
each as a ratio to a yardstick measured side by side in the same run.

The figures are ratios because absolute times on a shared machine are noise:
- cold start: exec -> first poll of the fake Lambda runtime API (fake_runtime.py), median of
  --cold-runs execs, in rounds over every function with an exec of a hello-world Rust Lambda
  built with the same profile after each (the ratio is to hello-world's median over all its execs);
- request cost: a hot endpoint through its release-built handler (an API Gateway v2 event handed
  to the bootstrap by the fake runtime), p50/p95, next to the DynamoDB calls it makes (recorded by
  a proxy, then replayed alone against the same DynamoDB Local); also DynamoDB requests and items
  read per call, at two campaign sizes (they must not grow with the campaign's contributors);
- build: read from --build-json (bench.sh times the builds).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import platform
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from http.server import BaseHTTPRequestHandler
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fake_runtime import FakeRuntime, QuietServer  # noqa: E402

SUPER_ADMIN = "superadmin@storyhive-demo.org"
PASSWORD = "Storyhive-Demo-2026!"
GOALS = {"cold": 1.3, "request": 1.2}
# bench.sh from a fresh clone after the test command, building included (issue 27).
WALL_GOAL_S = 15 * 60


# ----------------------------------------------------------------------------- helpers
def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


def mib(n: int) -> str:
    return f"{n / 1048576:.1f} MB"


class Api:
    """The local gateway's API (the debug build) used to set up the data the handlers read."""

    def __init__(self, base: str) -> None:
        self.base = base.rstrip("/")
        self.token: str | None = None

    def call(self, method: str, path: str, body: object | None = None, headers: dict | None = None,
             auth: bool = True) -> object:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Accept", "application/json")
        request.add_header("X-Forwarded-For", "198.51.100.77")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        if auth and self.token:
            request.add_header("Authorization", f"Bearer {self.token}")
        for name, value in (headers or {}).items():
            request.add_header(name, value)
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                text = response.read().decode()
        except urllib.error.HTTPError as error:
            raise RuntimeError(f"{method} {path} answered {error.code}: {error.read().decode(errors='replace')[:300]}") from None
        return json.loads(text) if text else None


def function_env(args: argparse.Namespace, runtime: FakeRuntime, ddb_endpoint: str) -> dict[str, str]:
    """The environment Lambda gives a function (and ours: every resource name the template may set)."""
    p = args.prefix
    moto = args.moto_endpoint
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "AWS_LAMBDA_RUNTIME_API": runtime.address,
        "AWS_LAMBDA_FUNCTION_NAME": "bench",
        "AWS_LAMBDA_FUNCTION_MEMORY_SIZE": "512",
        "AWS_LAMBDA_FUNCTION_VERSION": "$LATEST",
        "AWS_LAMBDA_LOG_GROUP_NAME": "/aws/lambda/bench",
        "AWS_LAMBDA_LOG_STREAM_NAME": "bench",
        "AWS_REGION": "eu-west-1",
        "AWS_DEFAULT_REGION": "eu-west-1",
        "AWS_ACCESS_KEY_ID": "local",
        "AWS_SECRET_ACCESS_KEY": "local",
        "AWS_EC2_METADATA_DISABLED": "true",
        "AWS_ENDPOINT_URL": moto,
        "AWS_ENDPOINT_URL_DYNAMODB": ddb_endpoint,
        "RUST_LOG": "warn",
        "TABLE_NAME": f"{p}-apptable",
        "APP_BASE_URL": "http://localhost:3000",
        "MAIL_QUEUE_URL": f"{moto}/123456789012/{p}-mailqueue",
        "CASCADE_QUEUE_URL": f"{moto}/123456789012/{p}-cascadequeue",
        "MEDIA_QUEUE_URL": f"{moto}/123456789012/{p}-mediaqueue",
        "VIDEO_BUCKET": f"{p}-videobucket",
        "MEDIA_BUCKET": f"{p}-mediabucket",
        # The cascade worker's (published stories' files); it will not start without it.
        "PUBLISHED_BUCKET": f"{p}-publishedbucket",
        "SES_SENDER": "no-reply@storyhive.local",
        "SUPPORT_EMAIL": "support@storyhive.local",
    }
    # Nothing else: Lambda sets no SSL_CERT_FILE / SSL_CERT_DIR, so neither does the bench (a
    # function finds the system's CA bundle itself, shared/src/tls.rs).
    return env


# ----------------------------------------------------------------------------- cold start
def cold_start(args: argparse.Namespace, binaries: dict[str, Path], hello: Path) -> list[dict]:
    runtime = FakeRuntime()
    env = function_env(args, runtime, f"http://127.0.0.1:{args.ddb_port}")

    def once(path: Path) -> float:
        runtime.drain_polls()
        start = time.perf_counter()
        process = subprocess.Popen([str(path)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            polled = runtime.next_poll(timeout=30)
        finally:
            process.kill()
            process.wait()
        return (polled - start) * 1000

    # Round after round, every function once with a hello-world exec after each: every
    # function's execs and hello-world's are spread over the same minutes, so a drift of the
    # machine (another process, the CPU's clock) weighs on all of them alike, and hello-world's
    # median is taken over all its execs instead of one function's neighbours.
    fn_ms: dict[str, list[float]] = {name: [] for name in binaries}
    hello_ms: list[float] = []
    for _ in range(args.cold_runs):
        for name, path in binaries.items():
            fn_ms[name].append(once(path))
            hello_ms.append(once(hello))
    base = statistics.median(hello_ms)
    rows = []
    for name, path in binaries.items():
        fn = statistics.median(fn_ms[name])
        zip_path = Path(args.zip_dir) / f"{name}.zip" if args.zip_dir else None
        rows.append({
            "function": name, "ms": fn, "hello_ms": base, "ratio": fn / base,
            "size": path.stat().st_size, "hello_size": hello.stat().st_size,
            "zip": zip_path.stat().st_size if zip_path and zip_path.exists() else None,
        })
        print(f"  cold start {name}: {fn:.2f} ms, hello {base:.2f} ms, {fn / base:.2f}x", flush=True)
    runtime.close()
    return rows


# ----------------------------------------------------------------------------- DynamoDB proxy
class DynamoRecorder:
    """A pass-through proxy in front of DynamoDB Local that records each call and what it read."""

    def __init__(self, upstream_port: int) -> None:
        self.calls: list[dict] = []
        self.lock = threading.Lock()
        recorder = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *a: object) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "content-length", "connection")}
                upstream = http.client.HTTPConnection("127.0.0.1", upstream_port, timeout=30)
                upstream.request("POST", self.path, body=body, headers=headers)
                response = upstream.getresponse()
                answer = response.read()
                status = response.status
                reply_headers = [(k, v) for k, v in response.getheaders() if k.lower() not in ("content-length", "connection", "transfer-encoding")]
                upstream.close()
                target = self.headers.get("X-Amz-Target", "")  # case-insensitive here
                with recorder.lock:
                    recorder.calls.append({"headers": headers, "body": body, "target": target,
                                           "items": items_read(target, answer)})
                self.send_response(status)
                for k, v in reply_headers:
                    self.send_header(k, v)
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

        self.server = QuietServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.endpoint = f"http://127.0.0.1:{self.server.server_address[1]}"

    def take(self) -> list[dict]:
        with self.lock:
            calls, self.calls = self.calls, []
        return calls

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def items_read(target: str, answer: bytes) -> int:
    try:
        data = json.loads(answer)
    except ValueError:
        return 0
    op = target.split(".")[-1]
    if op in ("Query", "Scan"):
        return int(data.get("ScannedCount", data.get("Count", 0)))
    if op == "GetItem":
        return 1 if data.get("Item") else 0
    if op == "BatchGetItem":
        return sum(len(v) for v in data.get("Responses", {}).values())
    if op == "TransactGetItems":
        return sum(1 for r in data.get("Responses", []) if r.get("Item"))
    return 0


def replay(calls: list[dict], port: int, iterations: int) -> list[float]:
    """The recorded calls alone, in order, over one kept-alive connection: ms per handler call."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    times = []
    for _ in range(iterations):
        start = time.perf_counter()
        for call in calls:
            connection.request("POST", "/", body=call["body"], headers=call["headers"])
            connection.getresponse().read()
        times.append((time.perf_counter() - start) * 1000)
    connection.close()
    return times


# ----------------------------------------------------------------------------- request cost
def http_event(method: str, path: str, headers: dict[str, str], body: object | None = None) -> dict:
    raw_path, _, query = path.partition("?")
    lowered = {k.lower(): v for k, v in headers.items()}
    lowered.setdefault("accept", "application/json")
    lowered.setdefault("x-forwarded-for", "198.51.100.78")
    if body is not None:
        lowered["content-type"] = "application/json"
    return {
        "version": "2.0",
        "routeKey": "$default",
        "rawPath": raw_path,
        "rawQueryString": query,
        "headers": lowered,
        "requestContext": {
            "accountId": "000000000000", "apiId": "bench", "domainName": "bench.local", "domainPrefix": "bench",
            "http": {"method": method, "path": raw_path, "protocol": "HTTP/1.1", "sourceIp": "198.51.100.78", "userAgent": "bench"},
            "requestId": "bench", "routeKey": "$default", "stage": "$default",
            "time": "24/Nov/2026:00:00:00 +0000", "timeEpoch": int(time.time() * 1000),
        },
        "body": None if body is None else json.dumps(body),
        "isBase64Encoded": False,
    }


class Handler:
    """A release bootstrap driven through the fake runtime API."""

    def __init__(self, args: argparse.Namespace, path: Path, ddb_endpoint: str) -> None:
        self.runtime = FakeRuntime()
        env = function_env(args, self.runtime, ddb_endpoint)
        self.process = subprocess.Popen([str(path)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def call(self, event: dict) -> tuple[float, dict]:
        status, answer, seconds = self.runtime.invoke(event, timeout=60)
        if status != 200 or not isinstance(answer, dict):
            raise RuntimeError(f"the handler failed: {answer}")
        code = int(answer.get("statusCode", 0))
        if code >= 400:
            raise RuntimeError(f"{event['requestContext']['http']['method']} {event['rawPath']} answered {code}: {str(answer.get('body'))[:300]}")
        return seconds * 1000, answer

    def close(self) -> None:
        self.process.kill()
        self.process.wait()
        self.runtime.close()


def setup_data(api: Api, contributors: int, log: bool = True) -> dict:
    login = api.call("POST", "/auth/login", {"email": SUPER_ADMIN, "password": PASSWORD}, auth=False)
    api.token = login["accessToken"]
    tenant = login["tenantId"]
    suffix = time.strftime("%H%M%S") + os.urandom(2).hex()
    initiative = api.call("POST", "/initiative/add", {"name": f"Bench {suffix}"})["id"]
    tag = api.call("POST", "/tags/add", {"name": f"bench-{suffix}"[:30]})["id"]
    campaign = api.call("POST", "/campaign/add", {
        "title": f"Bench {suffix}", "description": "Made by infra/scripts/bench.sh.", "initiativeId": initiative,
        "type": "targeted", "visibility": "public", "mode": "landscape", "deadline": "2030-06-01",
        "expiryDate": "2030-06-30", "tags": [tag]})
    questions = [api.call("POST", "/question/add", {"campaignId": campaign["id"], "question": text, "sequence": i + 1})
                 for i, text in enumerate(["Who are you?", "Why does this work matter to you?", "What changed?"])]
    data = {"tenantId": tenant, "campaignId": campaign["id"], "questionId": questions[0]["campaignQuestionId"],
            "questionIds": [q["campaignQuestionId"] for q in questions], "contributors": []}
    add_contributors(api, data, contributors)
    return data


def letters(n: int) -> str:
    """A name part for the n-th contributor (names allow letters only)."""
    out = ""
    while True:
        out = chr(ord("a") + n % 26) + out
        n = n // 26 - 1
        if n < 0:
            return out.capitalize()


def add_contributors(api: Api, data: dict, upto: int) -> None:
    while len(data["contributors"]) < upto:
        n = len(data["contributors"])
        answer = api.call("POST", "/campaign/add-contributor", {
            "campaignId": data["campaignId"], "email": f"bench-{data['campaignId'][-8:]}-{n}@example.org".lower(),
            "firstName": "Bench", "lastName": f"Person{letters(n)}"})
        link = answer["contributor"]["inviteLink"]
        query = urllib.parse.parse_qs(urllib.parse.urlsplit(link).query)
        who = {"contributorId": query["contributorId"][0], "key": query["key"][0]}
        ids = {"tenantId": data["tenantId"], "campaignId": data["campaignId"], "contributorId": who["contributorId"]}
        headers = {"X-Invite-Key": who["key"]}
        view = api.call("GET", f"/contributor/{ids['tenantId']}/{ids['campaignId']}/{ids['contributorId']}", headers=headers, auth=False)
        organisation = (view or {}).get("organisation") or {}
        if organisation.get("termsVersion") is not None and not organisation.get("termsAccepted", False):
            api.call("POST", "/contributor/accept-terms", {**ids, "version": organisation["termsVersion"]}, headers=headers, auth=False)
        api.call("POST", "/contributor/save", {**ids, "firstName": "Bench", "lastName": f"Person{letters(n)}"}, headers=headers, auth=False)
        data["contributors"].append(who)


AVAILABLE: set[str] | None = None


def endpoints(data: dict, token: str) -> list[tuple[str, str, dict]]:
    all_ = _endpoints(data, token)
    return [e for e in all_ if AVAILABLE is None or e[1] in AVAILABLE]


def _endpoints(data: dict, token: str) -> list[tuple[str, str, dict]]:
    """(label, function, event) of the hot endpoints, for the campaign's first contributor."""
    who = data["contributors"][0]
    ids = f"{data['tenantId']}/{data['campaignId']}/{who['contributorId']}"
    staff = {"authorization": f"Bearer {token}"}
    invite = {"x-invite-key": who["key"]}
    save = {"tenantId": data["tenantId"], "campaignId": data["campaignId"], "contributorId": who["contributorId"],
            "campaignQuestionId": data["questionId"], "contributorScript": "<p>What I want to say.</p>"}
    return [
        ("GET /campaign/all-campaigns", "campaigns", http_event("GET", "/campaign/all-campaigns", staff)),
        ("GET /contributor-journey/{ids}", "contributors", http_event("GET", f"/contributor-journey/{ids}", invite)),
        ("POST /contributor-journey/save", "contributors", http_event("POST", "/contributor-journey/save", invite, save)),
        ("GET /dashboard/details", "dashboard", http_event("GET", "/dashboard/details", staff)),
    ]


def request_cost(args: argparse.Namespace, binaries: dict[str, Path], api: Api) -> list[dict]:
    global AVAILABLE
    AVAILABLE = set(binaries)  # an endpoint whose function was not built is left out (and said so)
    small, large = args.contributors
    data = setup_data(api, small)
    recorder = DynamoRecorder(args.ddb_port)
    reads: dict[str, list[tuple[int, int]]] = {}

    def record(size_label: str) -> None:
        for label, function, event in endpoints(data, api.token or ""):
            handler = Handler(args, binaries[function], recorder.endpoint)
            try:
                handler.call(event)  # warm: the first call connects
                recorder.take()
                handler.call(event)
                calls = recorder.take()
            finally:
                handler.close()
            reads.setdefault(label, []).append((len(calls), sum(c["items"] for c in calls)))
            recorded[label] = calls
        print(f"  recorded the DynamoDB calls at {size_label} contributors", flush=True)

    recorded: dict[str, list[dict]] = {}
    # Once through every endpoint first: the save writes the answer's record the journey then
    # reads, so that both sizes are read in the same state.
    for _, function, event in endpoints(data, api.token or ""):
        primer = Handler(args, binaries[function], f"http://127.0.0.1:{args.ddb_port}")
        try:
            primer.call(event)
        finally:
            primer.close()
    record(str(small))
    add_contributors(api, data, large)
    record(str(large))
    recorder.close()

    rows = []
    direct = f"http://127.0.0.1:{args.ddb_port}"
    for label, function, event in endpoints(data, api.token or ""):
        handler = Handler(args, binaries[function], direct)
        try:
            for _ in range(args.warmup):
                handler.call(event)
            through = []
            alone = []
            # Side by side: a handler call, then its DynamoDB calls alone, in turns.
            for _ in range(args.iterations):
                through.append(handler.call(event)[0])
                alone.extend(replay(recorded[label], args.ddb_port, 1))
        finally:
            handler.close()
        (req_s, items_s), (req_l, items_l) = reads[label]
        row = {
            "endpoint": label, "function": function,
            "p50": pct(through, 50), "p95": pct(through, 95),
            "ddb_p50": pct(alone, 50), "ddb_p95": pct(alone, 95),
            "requests": (req_s, req_l), "items": (items_s, items_l), "sizes": (small, large),
        }
        row["ratio"] = row["p50"] / row["ddb_p50"] if row["ddb_p50"] else float("nan")
        row["ratio95"] = row["p95"] / row["ddb_p95"] if row["ddb_p95"] else float("nan")
        rows.append(row)
        print(f"  {label}: p50 {row['p50']:.2f} ms vs DynamoDB alone {row['ddb_p50']:.2f} ms ({row['ratio']:.2f}x); "
              f"{req_s}->{req_l} requests, {items_s}->{items_l} items", flush=True)
    return rows



# ----------------------------------------------------------------------------- upload pipeline
def sample_video(path: Path) -> bytes:
    """A 1 s WebM (VP8) made with ffmpeg, as a browser's take."""
    if not path.exists():
        subprocess.run(["ffmpeg", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=15",
                        "-t", "1", "-c:v", "libvpx", "-b:v", "200k", str(path)], check=True)
    return path.read_bytes()


def upload_pipeline(args: argparse.Namespace, bin_dir: Path, api: Api, stop_gateway) -> dict:
    """Takes recorded per second by the release upload worker, fed the S3 events of real
    multipart uploads (made through the release contributors handler, the set-up gateway and its
    own workers stopped), by `--workers` concurrent instances in batches of 10; every event is
    delivered twice (SQS delivers at least once). Then: every take recorded, none twice."""
    contributors, per = args.pipeline_contributors, 3
    data = setup_data(api, contributors)
    token = api.token or ""
    stop_gateway()
    video = sample_video(Path(args.work_dir) / "take.webm")
    handler = Handler(args, bin_dir / "contributors", f"http://127.0.0.1:{args.ddb_port}")
    keys = []
    try:
        for who in data["contributors"]:
            ids = {"tenantId": data["tenantId"], "campaignId": data["campaignId"], "contributorId": who["contributorId"]}
            invite = {"x-invite-key": who["key"]}
            for question in data["questionIds"][:per]:
                def call(path: str, body: dict) -> dict:
                    _, answer = handler.call(http_event("POST", path, invite, {**ids, **body}))
                    return json.loads(answer["body"])
                started = call("/contributor-upload/start", {"campaignQuestionId": question, "contentType": "video/webm",
                                                            "sizeBytes": len(video), "deviceType": "Desktop"})
                ref = {"key": started["key"], "uploadId": started["uploadId"]}
                url = call("/contributor-upload/sign-part", {**ref, "partNumber": 1, "sizeBytes": len(video)})["url"]
                # The blob's type, as a browser sends it (urllib would say the body is a form,
                # which moto then reads as one and never answers).
                put = urllib.request.Request(url, data=video, method="PUT", headers={"Content-Type": "video/webm"})
                with urllib.request.urlopen(put, timeout=60) as response:
                    etag = response.headers["ETag"]
                call("/contributor-upload/complete", {**ref, "parts": [{"partNumber": 1, "etag": etag}]})
                keys.append(started["key"])
    finally:
        handler.close()
    print(f"  {len(keys)} takes uploaded", flush=True)

    def message(key: str, n: int) -> dict:
        body = json.dumps({"Records": [{"eventName": "ObjectCreated:CompleteMultipartUpload",
                                         "s3": {"object": {"key": urllib.parse.quote_plus(key, safe="/")}}}]})
        return {"messageId": f"m{n}", "receiptHandle": f"r{n}", "body": body, "attributes": {}, "messageAttributes": {},
                "md5OfBody": "", "eventSource": "aws:sqs", "eventSourceARN": "arn:aws:sqs:eu-west-1:000000000000:bench",
                "awsRegion": "eu-west-1"}

    batches = [[message(k, i) for i, k in enumerate(keys[j:j + 10], start=j)] for j in range(0, len(keys), 10)]
    failures: list[str] = []
    lock = threading.Lock()

    def drain(queue: list[list[dict]]) -> float:
        workers = [Handler(args, bin_dir / "upload-worker", f"http://127.0.0.1:{args.ddb_port}") for _ in range(args.workers)]
        try:
            for w in workers:  # warm: the first poll of each instance
                w.runtime.next_poll(timeout=30)
            pending = list(queue)
            start = time.perf_counter()

            def run(worker: Handler) -> None:
                while True:
                    with lock:
                        if not pending:
                            return
                        batch = pending.pop(0)
                    status, answer, _ = worker.runtime.invoke({"Records": batch}, timeout=120)
                    failed = (answer or {}).get("batchItemFailures", []) if isinstance(answer, dict) else ["?"]
                    if status != 200 or failed:
                        with lock:
                            failures.append(f"{status} {failed}")

            threads = [threading.Thread(target=run, args=(w,)) for w in workers]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            return time.perf_counter() - start
        finally:
            for w in workers:
                w.close()

    seconds = drain(batches)
    drain(batches)  # the same events again: nothing may be recorded twice

    # What a user sees afterwards: every take stored on its answer, and the counters the
    # worker keeps (the campaign's videos, each contributor's answers) counted once.
    staff = {"authorization": f"Bearer {token}"}
    checker = Handler(args, bin_dir / "contributors", f"http://127.0.0.1:{args.ddb_port}")
    members: list[dict] = []
    try:
        cursor = ""
        while True:
            query = "limit=50" + (f"&cursor={urllib.parse.quote(cursor)}" if cursor else "")
            _, answer = checker.call(http_event("GET", f"/contributor/{data['campaignId']}/all?{query}", staff))
            page = json.loads(answer["body"])
            members.extend(page["items"])
            cursor = page.get("nextCursor") or ""
            if not cursor:
                break
    finally:
        checker.close()
    campaigns = Handler(args, bin_dir / "campaigns", f"http://127.0.0.1:{args.ddb_port}")
    try:
        _, answer = campaigns.call(http_event("GET", f"/campaign/{data['campaignId']}", staff))
    finally:
        campaigns.close()
    video_count = int(json.loads(answer["body"])["videoCount"])
    uploaded = {(who["contributorId"], q) for who in data["contributors"] for q in data["questionIds"][:per]}
    stored = {(m["contributor"]["contributorId"], a["campaignQuestionId"]) for m in members for a in m["answers"]
              if a.get("uploadStatus") == "stored" and a.get("video")}
    lost = len(uploaded - stored)
    answered = {m["contributor"]["contributorId"]: int(m["contributor"]["answeredCount"]) for m in members}
    # Counted twice: the campaign's video count above the takes, or a contributor's answers above 3.
    doubled = max(0, video_count - len(keys)) + sum(max(0, answered.get(who["contributorId"], 0) - per)
                                                    for who in data["contributors"])
    if video_count < len(keys) - lost:
        failures.append(f"the campaign counts {video_count} videos for {len(keys) - lost} stored takes")
    rate = len(keys) / seconds
    print(f"  {len(keys)} takes in {seconds:.2f} s by {args.workers} workers: {rate:.1f} takes/s; "
          f"{lost} lost, {doubled} counted twice (campaign video count {video_count}), {len(failures)} failures", flush=True)
    ok = lost == 0 and doubled == 0 and not failures
    return {
        "row": (f"| upload pipeline | `upload-worker` bootstraps, {args.workers} concurrent instances, batches of 10 S3 events of "
                f"{len(keys)} real multipart uploads (a 1 s WebM each), every event delivered twice "
                f"| {rate:.1f} takes recorded per second | {len(stored & uploaded)} of {len(keys)} takes stored, {lost} lost, "
                f"{doubled} counted twice (campaign and contributor counters), {len(failures)} failures | — | none lost, none double counted: "
                f"{'met' if ok else '**not met**'} |"),
        "ok": ok,
    }


# ----------------------------------------------------------------------------- report
def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = ""
    try:
        kb = int(next(l for l in Path("/proc/meminfo").read_text().splitlines() if l.startswith("MemTotal")).split()[1])
        mem = f", {kb / 1048576:.0f} GB RAM"
    except (OSError, StopIteration, ValueError):
        pass
    load = os.getloadavg()[0]
    return f"{os.cpu_count()} CPU ({cpu}){mem}, {platform.system()} {platform.release()}, load average {load:.1f} at the end"


def table(cold: list[dict], requests: list[dict], build: dict, pipeline: dict | None) -> str:
    rows = ["| area | subject | measured | side by side | ratio | goal |", "| --- | --- | --- | --- | --- | --- |"]

    def verdict(ratio: float, goal: float) -> str:
        return f"≤ {goal}× {'met' if ratio <= goal else '**not met**'}"

    for r in cold:
        size = f"bootstrap {mib(r['size'])}" + (f", zip {mib(r['zip'])}" if r["zip"] else "")
        rows.append(f"| cold start | `{r['function']}` ({size}) | {r['ms']:.2f} ms | hello-world {r['hello_ms']:.2f} ms "
                    f"(bootstrap {mib(r['hello_size'])}) | {r['ratio']:.2f}× | {verdict(r['ratio'], GOALS['cold'])} |")
    for r in requests:
        small, large = r["sizes"]
        grows = r["requests"][1] > r["requests"][0] or r["items"][1] > r["items"][0]
        reads = (f"{r['requests'][0]} DynamoDB requests, {r['items'][0]} items read at {small} contributors; "
                 f"{r['requests'][1]} and {r['items'][1]} at {large}" + (" (**grows**)" if grows else " (flat)"))
        rows.append(f"| request | `{r['endpoint']}` ({r['function']}): {reads} | p50 {r['p50']:.2f} ms, p95 {r['p95']:.2f} ms "
                    f"| its DynamoDB calls alone: p50 {r['ddb_p50']:.2f} ms, p95 {r['ddb_p95']:.2f} ms "
                    f"| {r['ratio']:.2f}× (p95 {r['ratio95']:.2f}×) | {verdict(r['ratio'], GOALS['request'])} |")
    if pipeline:
        rows.append(pipeline["row"])
    for b in build.get("rows", []):
        rows.append(f"| build | {b['subject']} | {b['measured']} | {b['beside']} | {b['ratio']} | {b.get('goal', '—')} |")
    return "\n".join(rows)


def write_doc(path: Path, text: str) -> None:
    start, end = "<!-- bench.sh:start -->", "<!-- bench.sh:end -->"
    doc = path.read_text() if path.exists() else "# Benchmarks\n"
    block = f"{start}\n{text}\n{end}"
    if start in doc and end in doc:
        doc = doc[: doc.index(start)] + block + doc[doc.index(end) + len(end):]
    else:
        doc = doc.rstrip() + "\n\n" + block + "\n"
    path.write_text(doc)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin-dir", required=True, help="where the release bootstraps are (cargo's target/release)")
    parser.add_argument("--functions", required=True, help="comma-separated binaries to measure the cold start of")
    parser.add_argument("--zip-dir", default="", help="dist-lambda/ with <function>.zip, when packaged")
    parser.add_argument("--api", required=True, help="the local gateway's API base URL (set-up only)")
    parser.add_argument("--ddb-port", type=int, required=True)
    parser.add_argument("--moto-endpoint", required=True)
    parser.add_argument("--prefix", required=True)
    parser.add_argument("--cold-runs", type=int, default=40)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--warmup", type=int, default=20)
    parser.add_argument("--contributors", type=int, nargs=2, default=[3, 30], metavar=("SMALL", "LARGE"))
    parser.add_argument("--build-json", default="")
    parser.add_argument("--no-pipeline", action="store_true", help="leave the upload pipeline out")
    parser.add_argument("--pipeline-contributors", type=int, default=20, help="3 takes each")
    parser.add_argument("--workers", type=int, default=4, help="concurrent upload worker instances")
    parser.add_argument("--work-dir", default="/tmp")
    parser.add_argument("--gateway-pid", type=int, default=0, help="stopped before the upload pipeline (its workers)")
    parser.add_argument("--doc", default="", help="write the section into this Markdown file (docs/BENCHMARKS.md)")
    parser.add_argument("--notes", default="", help="a Markdown file appended under the table")
    parser.add_argument("--started-at", type=float, default=0, help="when bench.sh started (epoch seconds)")
    parser.add_argument("--load-at-start", default="", help="the 1-minute load average when bench.sh started")
    args = parser.parse_args()

    bin_dir = Path(args.bin_dir)
    names = [n for n in args.functions.split(",") if n]
    binaries = {n: bin_dir / n for n in names}
    hello = bin_dir / "bench-hello-lambda"
    for path in [hello, *binaries.values()]:
        if not path.is_file():
            raise SystemExit(f"missing {path}: build it first (bench.sh does)")

    print("== cold start", flush=True)
    cold = cold_start(args, binaries, hello)
    print("== request cost", flush=True)
    request_binaries = {n: bin_dir / n for n in ("campaigns", "contributors", "dashboard") if (bin_dir / n).is_file()}
    requests = request_cost(args, request_binaries, Api(args.api))
    print("== upload pipeline", flush=True)
    failed: list[str] = []

    def stop_gateway() -> None:
        if args.gateway_pid:
            try:
                os.kill(args.gateway_pid, 15)
            except ProcessLookupError:
                pass
            time.sleep(1)

    if args.no_pipeline:
        pipeline = {"row": "| upload pipeline | not measured in this run (`--no-pipeline`) | — | — | — | — |", "ok": False}
    elif (bin_dir / "upload-worker").is_file():
        try:
            pipeline = upload_pipeline(args, bin_dir, Api(args.api), stop_gateway)
            if not pipeline["ok"]:
                failed.append("upload pipeline (takes lost, counted twice or failed)")
        except Exception as error:  # noqa: BLE001 - the other sections are still reported
            import traceback
            traceback.print_exc()
            pipeline = {"row": f"| upload pipeline | **the measurement failed**: {str(error)[:200]} | — | — | — | — |", "ok": False}
            failed.append("upload pipeline")
    else:
        pipeline = {"row": "| upload pipeline | not measured: no upload-worker bootstrap in this run | — | — | — | — |", "ok": False}
    build = json.loads(Path(args.build_json).read_text()) if args.build_json else {}
    if args.started_at:
        wall = time.time() - args.started_at
        build.setdefault("rows", []).append({
            "subject": "`bench.sh` itself, from its start to this table (building, emulators, set-up and every measurement)",
            "measured": f"{int(wall) // 60} min {int(wall) % 60:02d} s", "beside": "—", "ratio": "—",
            "goal": f"under {WALL_GOAL_S // 60} min from a fresh clone after the test command: " + (
                "not shown by this run (its profile was built before it started; a fresh clone builds it)"
                if build.get("build_seconds", 0) < 60 else
                f"{'met' if wall < WALL_GOAL_S else '**not met**'} in this run")})

    text = table(cold, requests, build, pipeline)
    header = (f"## Cold start, request cost, upload pipeline and build (`infra/scripts/bench.sh`)\n\n"
              f"Run {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} on {machine()}"
              f"{f' (load average {args.load_at_start} when bench.sh started)' if args.load_at_start else ''}. "
              f"Bootstraps built with the `{build.get('profile', 'release')}` profile (hello-world too). Cold start: median of "
              f"{args.cold_runs} execs of each function, in rounds over every function with a hello-world exec after each "
              f"(hello-world's median over all of its execs). Requests: {args.iterations} calls after "
              f"{args.warmup} warm-up calls, alternating with the same DynamoDB calls replayed alone.\n")
    notes = Path(args.notes).read_text().strip() if args.notes and Path(args.notes).exists() else ""
    section = header + "\n" + text + ("\n\n" + notes if notes else "") + "\n"
    print()
    print(text)
    if args.doc:
        write_doc(Path(args.doc), section)
        print(f"\nwritten to {args.doc}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
