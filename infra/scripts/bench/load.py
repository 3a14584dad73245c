"""A busy campaign as a load test (run by infra/scripts/bench-load.sh).

An organisation's campaign with N questions; C collaborators invited through the API; then all of
them record their answers at once, as the studio does: each take is a multipart upload sent part
by part while it is "recorded" (a part goes when 8 MiB of it exist, the last part when recording
stops), each part signed just before it is sent (`/contributor-upload/sign-part`), PUT to its
presigned URL, then `/contributor-upload/complete`, `/contributor/addVideo`, and the journey
polled every second until the server has stored the take. The gateway's own workers (upload
worker, media worker: ffmpeg and Whisper) take it from there, exactly as in `start.sh`.

Every take uploads the same bytes (a 60 s Chrome-like VP8/Opus WebM or a Safari-like H.264/AAC
MP4 with espeak-ng speaking over part of it, made once with ffmpeg), but each upload is its own
object and its own answer.

Meanwhile it samples: the upload and media queues' depths, the CPU of the gateway, its ffmpeg,
ffprobe and Whisper children, moto, DynamoDB Local and this client, and DynamoDB Local's latency
(a GetItem every 2 s). At the end (every take ready, or the time limit) it checks what a user
would see: every acknowledged take stored on its answer (none lost), and the figures the workers
keep (the campaign's video count, each collaborator's answered count, the campaign's and the
organisation's funnel, the organisation's hours of video) counting each take once (none counted
twice). Exit status 1 when an invariant fails (and, with --require-ready, when a take is not
ready by the end).

Loopback only: an API address that is not 127.0.0.1/::1/localhost is refused.
"""

from __future__ import annotations

import argparse
import hashlib
import ipaddress
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench import PASSWORD, SUPER_ADMIN, letters, machine, pct  # noqa: E402

SPEECH = (
    "Thank you for asking about our garden. I live in London with my family. Every summer we grow "
    "tomatoes, beans and potatoes together with our neighbours. The children water the plants in the "
    "morning and we share the harvest in the autumn. It brings the street together and we have made "
    "many friends."
)
QUESTIONS = ["Who are you and what do you do?", "What changed for you this year?", "What would you tell a newcomer?"]
START_MARK, END_MARK = "<!-- bench-load:start -->", "<!-- bench-load:end -->"


# ----------------------------------------------------------------------------- HTTP
class HttpError(RuntimeError):
    def __init__(self, method: str, path: str, status: int, body: str) -> None:
        super().__init__(f"{method} {path} answered {status}: {body[:200]}")
        self.status = status


class Client:
    """The API as the web app calls it; `inflight` bounds the requests in flight at once."""

    def __init__(self, base: str, inflight: threading.BoundedSemaphore) -> None:
        self.base = base.rstrip("/")
        self.inflight = inflight

    def call(self, method: str, path: str, body: object | None = None, *, token: str | None = None,
             key: str | None = None, address: str = "198.51.100.7") -> object:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Accept", "application/json")
        # Locally the client address is the last X-Forwarded-For entry (per-client limits).
        request.add_header("X-Forwarded-For", address)
        if data is not None:
            request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        if key:
            request.add_header("X-Invite-Key", key)
        with self.inflight:
            try:
                with urllib.request.urlopen(request, timeout=120) as response:
                    text = response.read().decode()
            except urllib.error.HTTPError as error:
                raise HttpError(method, path, error.code, error.read().decode(errors="replace")) from None
        return json.loads(text) if text else None

    def put(self, url: str, body: bytes, content_type: str) -> str:
        # The blob's type, as a browser sends it (urllib would call the body a form).
        request = urllib.request.Request(url, data=body, method="PUT", headers={"Content-Type": content_type})
        with self.inflight:
            try:
                with urllib.request.urlopen(request, timeout=300) as response:
                    return response.headers["ETag"]
            except urllib.error.HTTPError as error:
                raise HttpError("PUT", "<presigned part URL>", error.code, error.read().decode(errors="replace")) from None


def loopback_only(api: str) -> None:
    host = urllib.parse.urlsplit(api).hostname or ""
    if host == "localhost":
        return
    try:
        if ipaddress.ip_address(host).is_loopback:
            return
    except ValueError:
        pass
    raise SystemExit(f"refusing to load {api}: the load test only runs against this machine (127.0.0.1, ::1 or localhost)")


# ----------------------------------------------------------------------------- takes
@dataclass
class TakeFile:
    kind: str  # "webm" (Chrome) or "mp4" (Safari)
    content_type: str
    data: bytes
    seconds: float


def make_takes(work: Path, seconds: float, kinds: list[str], width: int, height: int) -> dict[str, TakeFile]:
    """One take per kind, made once (kept in `work` by its parameters)."""
    work.mkdir(parents=True, exist_ok=True)
    out: dict[str, TakeFile] = {}
    speech = work / f"speech-{int(seconds)}.wav"
    # Speech over part of the take (people pause): the text once for a short take, twice for a long one.
    text = SPEECH if seconds < 40 else SPEECH + " " + SPEECH
    if not speech.exists():
        subprocess.run(["espeak-ng", "-v", "en-us", "-s", "140", "-g", "5", "-w", str(speech), text], check=True)
    for kind in kinds:
        # A breath before the words (shorter in a short take, so that some words are in it).
        delay = 1500 if seconds >= 10 else 300
        variant = f"{kind}-{seconds}-{width}x{height}-v1" + ("" if delay == 1500 else f"-d{delay}")
        tag = hashlib.sha256(variant.encode()).hexdigest()[:10]
        path = work / f"take-{tag}.{kind}"
        if not path.exists():
            common = ["ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i",
                      f"testsrc2=size={width}x{height}:rate=30", "-i", str(speech),
                      "-af", f"adelay=delays={delay}:all=1,apad=whole_dur={seconds}", "-t", str(seconds)]
            if kind == "webm":
                # Chrome's MediaRecorder: VP8 + Opus, about 2.5 Mb/s.
                codec = ["-c:v", "libvpx", "-b:v", "2500k", "-deadline", "realtime", "-cpu-used", "8",
                         "-c:a", "libopus", "-b:a", "96k"]
            else:
                # Safari's MediaRecorder: H.264 + AAC in a fragmented MP4, about 2.5 Mb/s.
                codec = ["-c:v", "libx264", "-preset", "ultrafast", "-b:v", "2500k", "-pix_fmt", "yuv420p",
                         "-c:a", "aac", "-b:a", "128k", "-movflags", "frag_keyframe+empty_moov+default_base_moof"]
            tmp = path.with_suffix(".tmp." + kind)
            subprocess.run([*common, *codec, str(tmp)], check=True)
            tmp.rename(path)
        out[kind] = TakeFile(kind, "video/webm" if kind == "webm" else "video/mp4", path.read_bytes(), seconds)
    return out


# ----------------------------------------------------------------------------- the run's records
@dataclass
class Take:
    who: int
    question: str
    kind: str
    key: str = ""
    started_at: float = 0.0
    completed_at: float | None = None  # the complete call acknowledged
    stored_at: float | None = None  # the journey says stored
    ready_at: float | None = None  # media ready, transcript ready (or failed)
    error: str = ""


@dataclass
class Run:
    t0: float
    deadline: float
    lock: threading.Lock = field(default_factory=threading.Lock)
    times: dict[str, list[float]] = field(default_factory=lambda: {"start": [], "sign-part": [], "put-part": [],
                                                                   "complete": [], "add-video": [], "journey": []})
    takes: list[Take] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    stop: threading.Event = field(default_factory=threading.Event)

    def timed(self, name: str, fn):
        start = time.perf_counter()
        try:
            return fn()
        finally:
            with self.lock:
                self.times[name].append((time.perf_counter() - start) * 1000)

    def now(self) -> float:
        return time.monotonic() - self.t0


# ----------------------------------------------------------------------------- set-up
def setup(client: Client, args: argparse.Namespace) -> dict:
    login = client.call("POST", "/auth/login", {"email": SUPER_ADMIN, "password": PASSWORD})
    token, tenant = login["accessToken"], login["tenantId"]
    suffix = time.strftime("%H%M%S") + os.urandom(2).hex()
    initiative = client.call("POST", "/initiative/add", {"name": f"Load {suffix}"}, token=token)["id"]
    tag = client.call("POST", "/tags/add", {"name": f"load-{suffix}"[:30]}, token=token)["id"]
    campaign = client.call("POST", "/campaign/add", {
        "title": f"Busy campaign {suffix}", "description": "Made by infra/scripts/bench-load.sh.",
        "initiativeId": initiative, "type": "targeted", "visibility": "public", "mode": "landscape",
        "deadline": "2030-06-01", "expiryDate": "2030-06-30", "tags": [tag]}, token=token)
    questions = [client.call("POST", "/question/add", {"campaignId": campaign["id"], "question": QUESTIONS[i % len(QUESTIONS)],
                                                       "sequence": i + 1}, token=token)["campaignQuestionId"]
                 for i in range(args.answers)]
    data = {"token": token, "tenantId": tenant, "campaignId": campaign["id"], "questions": questions}
    people: list[dict | None] = [None] * args.collaborators
    failures: list[str] = []
    # Staff add collaborators one at a time: adding to one campaign in parallel is a concurrent
    # edit of the campaign (409, "changed by someone else"). Their side runs in parallel.
    staff = threading.Lock()

    def invite(n: int) -> None:
        try:
            address = address_of(n)
            with staff:
                answer = client.call("POST", "/campaign/add-contributor", {
                    "campaignId": campaign["id"], "email": f"load-{campaign['id'][-8:]}-{n}@example.org".lower(),
                    "firstName": "Load", "lastName": f"Person{letters(n)}"}, token=token)
            query = urllib.parse.parse_qs(urllib.parse.urlsplit(answer["contributor"]["inviteLink"]).query)
            who = {"contributorId": query["contributorId"][0], "key": query["key"][0], "address": address}
            ids = {"tenantId": tenant, "campaignId": campaign["id"], "contributorId": who["contributorId"]}
            view = client.call("GET", f"/contributor/{tenant}/{campaign['id']}/{who['contributorId']}", key=who["key"], address=address)
            organisation = (view or {}).get("organisation") or {}
            if organisation.get("termsVersion") is not None and not organisation.get("termsAccepted", False):
                client.call("POST", "/contributor/accept-terms", {**ids, "version": organisation["termsVersion"]}, key=who["key"], address=address)
            client.call("POST", "/contributor/save", {**ids, "firstName": "Load", "lastName": f"Person{letters(n)}"}, key=who["key"], address=address)
            people[n] = who
        except Exception as error:  # noqa: BLE001 - reported
            failures.append(f"collaborator {n}: {error}")

    run_pool(invite, range(args.collaborators), args.setup_threads)
    if failures:
        raise SystemExit("setting up the collaborators failed:\n  " + "\n  ".join(failures[:10]))
    data["people"] = people
    # The organisation's figures before the load (a reused stack has other campaigns' takes).
    dashboard = client.call("GET", "/dashboard/details", token=token)
    data["baseline"] = {"firstAnswerStored": int((dashboard.get("collaboratorFunnel") or {}).get("firstAnswerStored", 0)),
                        "hours": float(dashboard.get("hoursOfVideoSubmitted") or 0)}
    return data


def address_of(n: int) -> str:
    """Each collaborator's own client address (documentation range, then private)."""
    return f"10.{77 + n // 250}.{n % 250}.{1 + n % 200}"


def run_pool(fn, items, threads: int) -> None:
    items = list(items)
    lock = threading.Lock()

    def worker() -> None:
        while True:
            with lock:
                if not items:
                    return
                item = items.pop(0)
            fn(item)

    pool = [threading.Thread(target=worker, daemon=True) for _ in range(max(1, threads))]
    for t in pool:
        t.start()
    for t in pool:
        t.join()


# ----------------------------------------------------------------------------- collaborators
def collaborator(client: Client, run: Run, data: dict, n: int, files: dict[str, TakeFile], args: argparse.Namespace) -> None:
    who = data["people"][n]
    ids = {"tenantId": data["tenantId"], "campaignId": data["campaignId"], "contributorId": who["contributorId"]}
    key, address = who["key"], who["address"]
    kinds = sorted(files)
    file = files[kinds[n % len(kinds)]]
    # People do not all press Record in the same second.
    time.sleep(random.Random(n).uniform(0, args.ramp_seconds))
    # The studio waits for the server to store a take in the background while the collaborator
    # records the next answer (upload-manager.ts: one runner per take).
    waiting: list[threading.Thread] = []

    def failed(take: Take, error: Exception) -> None:
        take.error = str(error)[:300]
        with run.lock:
            run.errors.append(f"collaborator {n}: {take.error}")

    def wait_stored(take: Take, question: str) -> None:
        try:
            poll_stored(client, run, ids, key, address, question, take)
        except Exception as error:  # noqa: BLE001 - reported as the take's failure
            failed(take, error)

    for question in data["questions"]:
        if run.stop.is_set():
            break
        take = Take(who=n, question=question, kind=file.kind)
        with run.lock:
            run.takes.append(take)
        try:
            record_take(client, run, ids, key, address, question, file, take, args)
        except Exception as error:  # noqa: BLE001 - reported as the take's failure
            failed(take, error)
            continue
        waiter = threading.Thread(target=wait_stored, args=(take, question), daemon=True)
        waiter.start()
        waiting.append(waiter)
    for waiter in waiting:
        waiter.join()


def record_take(client: Client, run: Run, ids: dict, key: str, address: str, question: str, file: TakeFile,
                take: Take, args: argparse.Namespace) -> None:
    post = lambda path, body: client.call("POST", path, {**ids, **body}, key=key, address=address)  # noqa: E731
    recording_started = time.monotonic()
    take.started_at = run.now()
    # The studio starts the upload with the first chunk.
    started = run.timed("start", lambda: post("/contributor-upload/start", {
        "campaignQuestionId": question, "contentType": file.content_type,
        "deviceType": "Desktop" if file.kind == "webm" else "Mobile"}))
    take.key = started["key"]
    ref = {"key": started["key"], "uploadId": started["uploadId"]}
    size, part = len(file.data), int(started["partSize"])
    parts = []
    for number, offset in enumerate(range(0, size, part), start=1):
        chunk = file.data[offset:offset + part]
        if args.pace == "recording":
            # A part goes once the recording has produced its last byte.
            due = recording_started + file.seconds * (offset + len(chunk)) / size
            pause = due - time.monotonic()
            if pause > 0:
                time.sleep(pause)
        if run.stop.is_set():
            raise RuntimeError("stopped by the time limit while uploading")
        signed = run.timed("sign-part", lambda: post("/contributor-upload/sign-part", {**ref, "partNumber": number, "sizeBytes": len(chunk)}))
        etag = run.timed("put-part", lambda: client.put(signed["url"], chunk, file.content_type))
        parts.append({"partNumber": number, "etag": etag})
    # Next: the take is the answer.
    run.timed("complete", lambda: post("/contributor-upload/complete", {**ref, "parts": parts}))
    take.completed_at = run.now()
    run.timed("add-video", lambda: post("/contributor/addVideo", {
        "campaignQuestionId": question, "s3VideoKey": take.key,
        "deviceType": "Desktop" if file.kind == "webm" else "Mobile", "videoDuration": file.seconds / 3600}))


def poll_stored(client: Client, run: Run, ids: dict, key: str, address: str, question: str, take: Take) -> None:
    """The studio polls the journey every second until the server has the take."""
    path = f"/contributor-journey/{ids['tenantId']}/{ids['campaignId']}/{ids['contributorId']}"
    while not run.stop.is_set():
        journey = run.timed("journey", lambda: client.call("GET", path, key=key, address=address))
        mine = next((q for q in journey["questions"] if q["campaignQuestionId"] == question), None)
        if mine and (mine.get("video") or {}).get("key") == take.key and mine.get("uploadStatus") == "stored":
            take.stored_at = run.now()
            return
        if mine and mine.get("uploadStatus") == "failed":
            raise RuntimeError(f"the server refused the take: {mine.get('failureReason')}")
        time.sleep(1)


# ----------------------------------------------------------------------------- what the staff see
def members(client: Client, data: dict) -> list[dict]:
    out, cursor = [], ""
    while True:
        query = "limit=50" + (f"&cursor={urllib.parse.quote(cursor)}" if cursor else "")
        page = client.call("GET", f"/contributor/{data['campaignId']}/all?{query}", token=data["token"])
        out.extend(page["items"])
        cursor = page.get("nextCursor") or ""
        if not cursor:
            return out


def answer_states(listed: list[dict]) -> dict[tuple[str, str], dict]:
    return {(m["contributor"]["contributorId"], a["campaignQuestionId"]): a for m in listed for a in m["answers"]}


def is_ready(answer: dict) -> bool:
    media = answer.get("media") or {}
    return media.get("status") == "ready" and media.get("transcriptStatus") == "ready"


def has_failed(answer: dict) -> bool:
    media = answer.get("media") or {}
    return media.get("status") == "failed" or media.get("transcriptStatus") == "failed" or answer.get("uploadStatus") == "failed"


# ----------------------------------------------------------------------------- sampling
class Sampler:
    """Queue depths, CPU per process kind, DynamoDB Local's latency, readiness: every few seconds."""

    KINDS = ("gateway", "ffmpeg", "ffprobe", "whisper", "moto", "dynamodb", "dynamodb tap", "client", "other children")

    def __init__(self, args: argparse.Namespace, run: Run, client: Client, data: dict) -> None:
        import boto3  # .venv (moto's dependencies)

        self.args, self.run, self.client, self.data = args, run, client, data
        session = boto3.session.Session(aws_access_key_id="local", aws_secret_access_key="local", region_name="eu-west-1")
        self.sqs = session.client("sqs", endpoint_url=args.moto_endpoint)
        self.ddb = session.client("dynamodb", endpoint_url=f"http://127.0.0.1:{args.ddb_port}")
        self.queues = {name: self.sqs.get_queue_url(QueueName=f"{args.prefix}-{name}queue")["QueueUrl"] for name in ("upload", "media")}
        self.table = f"{args.prefix}-apptable"
        self.samples: list[dict] = []
        self.ddb_ms: list[float] = []
        self.cpu_seen: dict[int, tuple[str, float]] = {}  # pid -> (kind, cpu seconds last seen)
        self.cpu_start: dict[str, float] = {}
        self.ready_curve: list[tuple[float, int, int, int]] = []  # (t, stored, ready, failed)
        self.last_listing: list[dict] = []
        self.tick = os.sysconf("SC_CLK_TCK")
        self.pids = {"gateway": args.gateway_pid, "moto": args.moto_pid, "dynamodb": args.ddb_pid, "dynamodb tap": args.tap_pid,
                     "client": os.getpid()}
        self.threads = [threading.Thread(target=self.loop_fast, daemon=True), threading.Thread(target=self.loop_slow, daemon=True)]

    def start(self) -> None:
        self.cpu_sample()
        self.cpu_start = self.cpu_totals()
        for t in self.threads:
            t.start()

    # CPU: each process's utime+stime, by kind; a child that exits keeps what was last seen.
    def _stat(self, pid: int) -> tuple[int, str, float] | None:
        try:
            raw = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            return None
        comm = raw[raw.index("(") + 1: raw.rindex(")")]
        rest = raw[raw.rindex(")") + 2:].split()
        ppid, utime, stime = int(rest[1]), int(rest[11]), int(rest[12])
        return ppid, comm, (utime + stime) / self.tick

    def cpu_sample(self) -> None:
        own = {pid: kind for kind, pid in self.pids.items() if pid}
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            pid = int(entry)
            stat = self._stat(pid)
            if not stat:
                continue
            ppid, comm, cpu = stat
            if pid in own:
                kind = own[pid]
            elif ppid == self.pids["gateway"]:
                cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace") if Path(f"/proc/{pid}").exists() else ""
                kind = ("ffprobe" if comm.startswith("ffprobe") else "ffmpeg" if comm.startswith("ffmpeg")
                        else "whisper" if "python" in comm or "transcribe" in cmdline else "other children")
            else:
                continue
            self.cpu_seen[pid] = (kind, cpu)

    def cpu_totals(self) -> dict[str, float]:
        totals = {k: 0.0 for k in self.KINDS}
        for kind, cpu in self.cpu_seen.values():
            totals[kind] += cpu
        return totals

    def loop_fast(self) -> None:
        while not self.run.stop.is_set():
            self.cpu_sample()
            try:
                start = time.perf_counter()
                self.ddb.get_item(TableName=self.table, Key={"PK": {"S": "LOAD#PROBE"}, "SK": {"S": "LOAD#PROBE"}})
                self.ddb_ms.append((time.perf_counter() - start) * 1000)
            except Exception:  # noqa: BLE001 - a missed probe is not a result
                pass
            self.run.stop.wait(2)

    def depths(self) -> dict[str, int]:
        out = {}
        for name, url in self.queues.items():
            attrs = self.sqs.get_queue_attributes(QueueUrl=url, AttributeNames=["ApproximateNumberOfMessages", "ApproximateNumberOfMessagesNotVisible"])["Attributes"]
            out[f"{name} waiting"] = int(attrs["ApproximateNumberOfMessages"])
            out[f"{name} in flight"] = int(attrs["ApproximateNumberOfMessagesNotVisible"])
        return out

    def readiness(self) -> None:
        listed = members(self.client, self.data)
        states = answer_states(listed)
        now = self.run.now()
        with self.run.lock:
            takes = [t for t in self.run.takes if t.completed_at is not None]
        stored = ready = failed = 0
        for take in takes:
            answer = states.get((self.data["people"][take.who]["contributorId"], take.question))
            if not answer or (answer.get("video") or {}).get("key") != take.key:
                continue
            if answer.get("uploadStatus") == "stored":
                stored += 1
            if is_ready(answer):
                ready += 1
                if take.ready_at is None:
                    take.ready_at = now
            elif has_failed(answer):
                failed += 1
        self.ready_curve.append((now, stored, ready, failed))
        self.last_listing = listed

    def loop_slow(self) -> None:
        while not self.run.stop.is_set():
            try:
                sample = {"t": self.run.now(), "load": os.getloadavg()[0], **self.depths()}
                sample["cpu"] = self.cpu_totals()
                self.samples.append(sample)
                self.readiness()
            except Exception as error:  # noqa: BLE001
                print(f"  (sampling failed: {error})", flush=True)
            self.run.stop.wait(self.args.sample_seconds)


# ----------------------------------------------------------------------------- the table
def footprint(sampler: Sampler, data: dict, takes: int) -> list[str]:
    """What the campaign left in the table, per take: the items of the campaign's partition and
    of the organisation's search index that name the campaign, and the hot items' sizes."""
    tenant, campaign = data["tenantId"], data["campaignId"]
    partition = f"T#{tenant}#CAMPAIGN#{campaign}"
    search = f"T#{tenant}#SEARCH#"
    kinds: dict[str, list[int]] = {}
    sizes: dict[str, int] = {}
    kwargs: dict = {"TableName": sampler.table}
    while True:
        page = sampler.ddb.scan(**kwargs)
        for item in page["Items"]:
            pk, sk = item["PK"]["S"], item["SK"]["S"]
            size = len(json.dumps(item))  # the item's JSON: near its DynamoDB size
            if pk == partition:
                kind = "campaign partition: " + (sk.split("#")[0] if "#" in sk else sk)
            elif pk.startswith(search) and campaign in sk:
                axis = pk[len(search):].split("#")[0]
                kind = f"search entries on the {axis.lower()} axis" if axis != "WORD" else "search entries on word axes"
            elif pk == f"T#{tenant}" and sk in ("STATS", "FUNNEL"):
                kind = f"organisation {sk}"
            else:
                continue
            kinds.setdefault(kind, []).append(size)
            if sk in ("CAMPAIGN", "FUNNEL", "STATS"):
                sizes[kind] = size
        if "LastEvaluatedKey" not in page:
            break
        kwargs["ExclusiveStartKey"] = page["LastEvaluatedKey"]
    lines = []
    for kind, found in sorted(kinds.items(), key=lambda kv: -len(kv[1])):
        mean = sum(found) / len(found)
        per = f"{len(found) / max(1, takes):.2f} per take" if len(found) > 1 else "one item"
        lines.append(f"{kind}: {len(found)} items ({per}), about {mean / 1024:.2f} KB each")
    return lines


def tap_report(args: argparse.Namespace, takes: int) -> list[str]:
    """The DynamoDB tap's figures (it writes them when stopped)."""
    if not args.tap_stats:
        return []
    if args.tap_pid:
        try:
            os.kill(args.tap_pid, 15)
        except ProcessLookupError:
            pass
        for _ in range(50):
            try:
                os.kill(args.tap_pid, 0)
            except ProcessLookupError:
                break
            time.sleep(0.1)
    try:
        stats = json.loads(Path(args.tap_stats).read_text())
    except (OSError, ValueError) as error:
        return [f"(no figures from the DynamoDB tap: {error})"]
    lines = []
    ops = sorted(stats["ops"].items(), key=lambda kv: -kv[1]["calls"])
    calls = sum(e["calls"] for _, e in ops)
    lines.append(f"{calls} DynamoDB requests from the gateway ({calls / max(1, takes):.0f} per take, set-up included); "
                 "DynamoDB Local's latency per operation (p50 / p95): "
                 + ", ".join(f"{op} {e['calls']}× {pct(e['ms'], 50):.1f} / {pct(e['ms'], 95):.1f} ms" for op, e in ops[:7]))
    writes = sorted(stats["writes"].items(), key=lambda kv: -kv[1]["wcu"])
    total = sum(w["wcu"] for _, w in writes)
    lines.append(f"write units (1 KB steps, ×2 in transactions; an update counted by its request's size, a floor): "
                 f"{total} in all, {total / max(1, takes):.0f} per take; by item: "
                 + ", ".join(f"{kind} {w['items']} writes / {w['wcu']} WCU ({w['wcu'] / max(1, takes):.1f} per take)" for kind, w in writes[:10]))
    if stats.get("hottest"):
        lines.append("busiest single items (most writes within one second): "
                     + "; ".join(f"{h['item']}: {h['writes_in_one_second']}" for h in stats["hottest"][:4]))
    return lines


# ----------------------------------------------------------------------------- the figures
def counters(client: Client, data: dict, listed: list[dict], takes: list[Take]) -> dict:
    """What the workers counted against what is there."""
    token = data["token"]
    states = answer_states(listed)
    acknowledged = [t for t in takes if t.completed_at is not None]
    lost = []
    for take in acknowledged:
        answer = states.get((data["people"][take.who]["contributorId"], take.question))
        if not answer or (answer.get("video") or {}).get("key") != take.key or answer.get("uploadStatus") != "stored":
            lost.append(take)
    stored_answers = [(cid, q) for (cid, q), a in states.items() if a.get("uploadStatus") == "stored" and a.get("video")]
    per_person: dict[str, int] = {}
    for cid, _ in stored_answers:
        per_person[cid] = per_person.get(cid, 0) + 1
    campaign = client.call("GET", f"/campaign/{data['campaignId']}", token=token)
    video_count = int(campaign.get("videoCount", 0))
    funnel = client.call("GET", f"/campaign/funnel/{data['campaignId']}", token=token)
    dashboard = client.call("GET", "/dashboard/details", token=token)
    org_funnel = dict(dashboard.get("collaboratorFunnel") or {})
    org_funnel["firstAnswerStored"] = int(org_funnel.get("firstAnswerStored", 0)) - data["baseline"]["firstAnswerStored"]
    hours = float(dashboard.get("hoursOfVideoSubmitted") or 0) - data["baseline"]["hours"]
    answered = {m["contributor"]["contributorId"]: int(m["contributor"].get("answeredCount", 0)) for m in listed}
    people_with_takes = len(per_person)
    truth_hours = sum(float(data["take_seconds"][t.kind]) for t in acknowledged if t not in lost) / 3600
    mean_seconds = (truth_hours * 3600 / max(1, len(acknowledged) - len(lost))) or 60.0
    twice = {
        "campaign videoCount": max(0, video_count - len(stored_answers)),
        "collaborators' answeredCount": sum(max(0, answered.get(cid, 0) - per_person.get(cid, 0)) for cid in answered),
        "campaign funnel firstAnswerStored": max(0, int(funnel.get("firstAnswerStored", 0)) - people_with_takes),
        "organisation funnel firstAnswerStored": max(0, int(org_funnel.get("firstAnswerStored", 0)) - people_with_takes),
        # Hours to two decimals: a take counted twice shows once it adds 0.01 h (36 s takes and longer).
        "organisation hours of video (in takes)": (max(0, round((hours - truth_hours) * 3600 / mean_seconds))
                                                   if hours - truth_hours > 0.01 else 0),
    }
    under = {
        "campaign videoCount": max(0, len(stored_answers) - video_count),
        "collaborators' answeredCount": sum(max(0, per_person.get(cid, 0) - answered.get(cid, 0)) for cid in per_person),
        "campaign funnel firstAnswerStored": max(0, people_with_takes - int(funnel.get("firstAnswerStored", 0))),
        "organisation funnel firstAnswerStored": max(0, people_with_takes - int(org_funnel.get("firstAnswerStored", 0))),
    }
    return {"lost": lost, "stored": len(stored_answers), "twice": twice, "under": under, "video_count": video_count,
            "funnel": funnel, "org_funnel": org_funnel, "hours": hours, "truth_hours": truth_hours}


def fmt_s(seconds: float | None) -> str:
    if seconds is None:
        return "—"
    return f"{int(seconds // 60)} min {seconds % 60:02.0f} s" if seconds >= 60 else f"{seconds:.1f} s"


def bottleneck(sampler: Sampler, takes: list[Take], cpu: dict[str, float], wall: float) -> tuple[str, list[str]]:
    """Names the first stage work queues up in front of, with the figures that show it."""
    evidence = []
    peak = {k: max((s.get(k, 0) for s in sampler.samples), default=0) for k in ("upload waiting", "media waiting")}
    stored = [t.stored_at - t.completed_at for t in takes if t.stored_at is not None and t.completed_at is not None]
    ready = [t.ready_at - t.stored_at for t in takes if t.ready_at is not None and t.stored_at is not None]
    evidence.append(f"upload queue: at most {peak['upload waiting']} waiting; complete → stored p50 {pct(stored, 50):.1f} s, p95 {pct(stored, 95):.1f} s")
    if ready:
        evidence.append(f"media queue: at most {peak['media waiting']} waiting; stored → ready p50 {fmt_s(pct(ready, 50))}, p95 {fmt_s(pct(ready, 95))}")
    else:
        evidence.append(f"media queue: at most {peak['media waiting']} waiting; no take ready yet")
    total = sum(cpu.values()) or 1
    shares = ", ".join(f"{k} {v:.0f} s ({100 * v / total:.0f} %)" for k, v in sorted(cpu.items(), key=lambda kv: -kv[1]) if v >= 0.5)
    evidence.append(f"CPU over {fmt_s(wall)} (2 cores = {2 * wall:.0f} CPU s): {shares}")
    if sampler.ddb_ms:
        evidence.append(f"DynamoDB Local GetItem probe: p50 {pct(sampler.ddb_ms, 50):.1f} ms, p95 {pct(sampler.ddb_ms, 95):.1f} ms, max {max(sampler.ddb_ms):.1f} ms")
    media_cpu = cpu.get("ffmpeg", 0) + cpu.get("whisper", 0) + cpu.get("ffprobe", 0)
    if peak["media waiting"] > max(10, peak["upload waiting"]) and media_cpu >= 0.4 * total:
        name = ("the media worker's conversion (ffmpeg)" if cpu.get("ffmpeg", 0) >= cpu.get("whisper", 0)
                else "the media worker's transcription (Whisper)")
        name += ": one local media worker, one take at a time, CPU-bound"
    elif peak["upload waiting"] > 10:
        name = "the upload worker (its queue grew)"
    elif stored and pct(stored, 95) > 30:
        name = "the upload worker's latency"
    else:
        name = "none reached: every stage kept up"
    return name, evidence


# ----------------------------------------------------------------------------- main
# moto keeps every object on this machine's disk (its temporary files), and the media worker
# works in the same temporary folder: each take needs room for itself, its multipart parts on
# the way and its web copy. The run of 2026-11-30 filled an 18 GB disk after 72 minutes
# (docs/BENCHMARKS.md): the rest of its takes failed for want of room, not for our code.
DISK_PER_TAKE_FACTOR = 3
DISK_MARGIN_BYTES = 2 * 1024**3


def check_disk(args: argparse.Namespace, files: dict[str, TakeFile]) -> None:
    """Refuses to start a run whose objects would not fit in the temporary folder's disk."""
    takes = args.collaborators * args.answers
    average = sum(len(f.data) for f in files.values()) / len(files)
    need = int(takes * average * DISK_PER_TAKE_FACTOR + DISK_MARGIN_BYTES)
    folder = tempfile.gettempdir()
    free = shutil.disk_usage(folder).free
    gib = 1024**3
    print(f"  disk: {takes} takes need about {need / gib:.1f} GB in {folder} (moto's objects, the media "
          f"worker's files); {free / gib:.1f} GB free", flush=True)
    if free < need:
        raise SystemExit(f"not enough free disk for this run: about {need / gib:.1f} GB needed in {folder}, "
                         f"{free / gib:.1f} GB free. Free some, or run fewer takes (--collaborators, --answers).")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--api", required=True, help="the load gateway's API base URL (loopback only)")
    parser.add_argument("--moto-endpoint", required=True)
    parser.add_argument("--ddb-port", type=int, required=True)
    parser.add_argument("--prefix", required=True)
    parser.add_argument("--gateway-pid", type=int, default=0)
    parser.add_argument("--gateway-profile", default="debug", help="the cargo profile the gateway was built with")
    parser.add_argument("--moto-pid", type=int, default=0)
    parser.add_argument("--ddb-pid", type=int, default=0)
    parser.add_argument("--tap-pid", type=int, default=0, help="the DynamoDB tap (ddb_tap.py), stopped at the end")
    parser.add_argument("--tap-stats", default="", help="the tap's figures (JSON)")
    parser.add_argument("--collaborators", type=int, default=200)
    parser.add_argument("--answers", type=int, default=2, help="questions of the campaign, one take each")
    parser.add_argument("--seconds", type=float, default=60, help="length of every take")
    parser.add_argument("--kinds", default="webm,mp4", help="webm (Chrome) and/or mp4 (Safari), shared out in turn")
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--max-minutes", type=float, default=30, help="hard limit of the run from the first upload")
    parser.add_argument("--max-inflight", type=int, default=32, help="HTTP requests in flight at once")
    parser.add_argument("--pace", choices=("recording", "flat"), default="recording",
                        help="recording: a part goes when the recording has made it; flat: as fast as possible")
    parser.add_argument("--ramp-seconds", type=float, default=10, help="collaborators press Record within this span")
    parser.add_argument("--setup-threads", type=int, default=8)
    parser.add_argument("--sample-seconds", type=float, default=10)
    parser.add_argument("--require-ready", action="store_true", help="fail unless every take is ready by the end")
    parser.add_argument("--work-dir", default="/tmp/bench-load")
    parser.add_argument("--doc", default="", help="write the report into this Markdown file (docs/BENCHMARKS.md)")
    parser.add_argument("--label", default="", help="a note on the run, shown in the report")
    args = parser.parse_args()
    loopback_only(args.api)
    for name in ("collaborators", "answers"):
        if not 1 <= getattr(args, name) <= (1000 if name == "collaborators" else 3):
            raise SystemExit(f"--{name} out of bounds (collaborators 1..1000, answers 1..3)")
    if not 0 < args.max_minutes <= 180:
        raise SystemExit("--max-minutes must be within (0, 180]")
    width, height = (int(v) for v in args.size.split("x"))
    kinds = [k for k in args.kinds.split(",") if k]
    if not kinds or any(k not in ("webm", "mp4") for k in kinds):
        raise SystemExit("--kinds takes webm and/or mp4")

    print(f"== takes: {args.seconds:g} s {args.size} ({', '.join(kinds)})", flush=True)
    files = make_takes(Path(args.work_dir), args.seconds, kinds, width, height)
    for f in files.values():
        print(f"  {f.kind}: {len(f.data) / 1048576:.1f} MB", flush=True)
    check_disk(args, files)

    inflight = threading.BoundedSemaphore(args.max_inflight)
    client = Client(args.api, inflight)
    print(f"== set-up: a campaign with {args.answers} questions, {args.collaborators} collaborators", flush=True)
    t = time.monotonic()
    data = setup(client, args)
    data["take_seconds"] = {k: f.seconds for k, f in files.items()}
    print(f"  done in {time.monotonic() - t:.1f} s", flush=True)

    run = Run(t0=time.monotonic(), deadline=time.monotonic() + args.max_minutes * 60)
    sampler = Sampler(args, run, client, data)
    sampler.start()
    print(f"== {args.collaborators} collaborators record {args.answers} answers each at once "
          f"(at most {args.max_inflight} requests in flight, parts paced: {args.pace}); limit {args.max_minutes:g} min", flush=True)
    people = [threading.Thread(target=collaborator, args=(client, run, data, n, files, args), daemon=True)
              for n in range(args.collaborators)]
    for p in people:
        p.start()
    total = args.collaborators * args.answers
    uploads_done_at = None
    last_print = 0.0
    while True:
        alive = any(p.is_alive() for p in people)
        if not alive and uploads_done_at is None:
            uploads_done_at = run.now()
            print(f"  uploads finished at {fmt_s(uploads_done_at)}", flush=True)
        with run.lock:
            takes = list(run.takes)
        acknowledged = [t for t in takes if t.completed_at is not None]
        ready = [t for t in acknowledged if t.ready_at is not None]
        curve = sampler.ready_curve[-1] if sampler.ready_curve else (0, 0, 0, 0)
        # Everything acknowledged is ready or failed (the curve counts what was acknowledged then).
        if not alive and curve[2] + curve[3] >= len(acknowledged):
            break
        if time.monotonic() > run.deadline:
            print(f"  the time limit ({args.max_minutes:g} min) cut the run", flush=True)
            break
        if run.now() - last_print >= 30:
            last_print = run.now()
            depth = sampler.samples[-1] if sampler.samples else {}
            print(f"  {fmt_s(run.now())}: {len(acknowledged)}/{total} uploaded, {curve[1]} stored, {curve[2]} ready, {curve[3]} failed; "
                  f"queues upload {depth.get('upload waiting', '?')}+{depth.get('upload in flight', '?')}, "
                  f"media {depth.get('media waiting', '?')}+{depth.get('media in flight', '?')}; load {os.getloadavg()[0]:.1f}", flush=True)
        time.sleep(2)
    cut = time.monotonic() > run.deadline
    run.stop.set()
    wall = run.now()
    for p in people:
        p.join(timeout=10)
    for th in sampler.threads:
        th.join(timeout=15)
    sampler.cpu_sample()
    sampler.readiness()
    end_cpu = sampler.cpu_totals()
    cpu = {k: end_cpu[k] - sampler.cpu_start.get(k, 0) for k in end_cpu}

    with run.lock:
        takes = list(run.takes)
    # The workers may still be finishing the takes' bookkeeping: the upload worker records a take
    # within seconds, so look again for a moment before calling one lost.
    for _ in range(15):
        figures = counters(client, data, members(client, data), takes)
        if not figures["lost"] and not any(figures["under"].values()):
            break
        time.sleep(2)
    listed = members(client, data)
    states = answer_states(listed)
    failed = []
    for take in takes:
        answer = states.get((data["people"][take.who]["contributorId"], take.question)) or {}
        media = answer.get("media") or {}
        if take.error:
            failed.append(f"collaborator {take.who}: {take.error}")
        elif media.get("status") == "failed":
            failed.append(f"collaborator {take.who}: media failed: {media.get('failureReason')}")
        elif media.get("transcriptStatus") == "failed":
            failed.append(f"collaborator {take.who}: transcript failed: {media.get('transcriptFailureReason')}")
    acknowledged = [t for t in takes if t.completed_at is not None]
    ready = [t for t in acknowledged if t.ready_at is not None]
    last_ready = max((t.ready_at for t in ready), default=None)
    first_start = min((t.started_at for t in takes), default=0.0)
    # A take not on its answer while the upload queue still holds messages is not lost yet:
    # the time limit cut the run before the upload worker reached it.
    upload_backlog = 0
    try:
        depth = sampler.depths()
        upload_backlog = depth["upload waiting"] + depth["upload in flight"]
    except Exception:  # noqa: BLE001 - then every missing take counts as lost
        pass
    pending = len(figures["lost"]) if upload_backlog else 0
    lost = len(figures["lost"]) - pending
    twice = sum(figures["twice"].values())
    name, evidence = bottleneck(sampler, takes, cpu, wall)
    rate = None
    curve = sampler.ready_curve
    if len(ready) >= 2:
        ts = sorted(t.ready_at for t in ready)
        rate = (len(ts) - 1) / max(1e-6, ts[-1] - ts[0]) * 60

    all_ready = len(ready) == total and not failed
    rows = [
        ("collaborators × answers", f"{args.collaborators} × {args.answers} = {total} takes of {args.seconds:g} s "
         + ", ".join(f"{k} {len(f.data) / 1048576:.1f} MB" for k, f in files.items())),
        ("client concurrency", f"all {args.collaborators} at once (Record pressed within {args.ramp_seconds:g} s), parts paced as "
         f"{'recorded' if args.pace == 'recording' else 'fast as possible'}, at most {args.max_inflight} requests in flight"),
        ("takes acknowledged (complete answered)", f"{len(acknowledged)} of {total}"),
        ("takes lost (acknowledged, never on their answer)", f"**{lost}**" + (" (must be 0)" if lost else "")
         + (f"; {pending} acknowledged takes not recorded yet, {upload_backlog} messages still in the upload queue when the run stopped"
            if pending else "")),
        ("takes counted twice", f"**{twice}** (" + ", ".join(f"{k} {v}" for k, v in figures["twice"].items()) + ")"),
        ("takes counted too few times", str(sum(figures["under"].values()))),
        ("sign part", f"p50 {pct(run.times['sign-part'], 50):.0f} ms, p95 {pct(run.times['sign-part'], 95):.0f} ms ({len(run.times['sign-part'])} calls)"),
        ("PUT part (moto)", f"p50 {pct(run.times['put-part'], 50):.0f} ms, p95 {pct(run.times['put-part'], 95):.0f} ms"),
        ("complete", f"p50 {pct(run.times['complete'], 50):.0f} ms, p95 {pct(run.times['complete'], 95):.0f} ms"),
        ("start / journey poll", f"p50 {pct(run.times['start'], 50):.0f} / {pct(run.times['journey'], 50):.0f} ms, "
         f"p95 {pct(run.times['start'], 95):.0f} / {pct(run.times['journey'], 95):.0f} ms"),
        ("time until the last take is ready", (fmt_s(last_ready - first_start) if last_ready is not None and len(ready) == total
                                               else f"not all ready: {len(ready)} of {total} ready after {fmt_s(wall - first_start)}"
                                               + (" (cut by the time limit)" if cut else ""))),
        ("readiness rate", f"{rate:.1f} takes ready a minute" if rate else "—"),
        ("takes failed", f"{len(failed)}" + (": " + "; ".join(sorted(set(failed))[:5]) if failed else "")),
        ("first bottleneck", name),
    ]
    table = "| measure | result |\n| --- | --- |\n" + "\n".join(f"| {a} | {b} |" for a, b in rows)
    timeline = ["| after | uploaded | stored | ready | failed | upload queue (waiting + in flight) | media queue | load average |",
                "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    step = max(1, len(sampler.samples) // 12)
    for i, sample in enumerate(sampler.samples):
        if i % step and i != len(sampler.samples) - 1:
            continue
        at = sample["t"]
        point = next((c for c in reversed(curve) if c[0] <= at + 1), (0, 0, 0, 0))
        uploaded = sum(1 for t in takes if t.completed_at is not None and t.completed_at <= at)
        timeline.append(f"| {fmt_s(at)} | {uploaded} | {point[1]} | {point[2]} | {point[3]} | "
                        f"{sample['upload waiting']} + {sample['upload in flight']} | {sample['media waiting']} + {sample['media in flight']} | {sample['load']:.1f} |")
    try:
        stored_items = footprint(sampler, data, len(acknowledged))
    except Exception as error:  # noqa: BLE001 - a figure, not an invariant
        stored_items = [f"(the table could not be read: {error})"]
    tapped = tap_report(args, len(acknowledged))
    text = table + "\n\nWhat the campaign left in DynamoDB (a scan after the run):\n\n" + "\n".join(f"- {line}" for line in stored_items)
    if tapped:
        text += "\n\nWhat the gateway asked of DynamoDB (through the tap, the whole run):\n\n" + "\n".join(f"- {line}" for line in tapped)
    text += "\n\nEvidence for the bottleneck:\n\n" + "\n".join(f"- {e}" for e in evidence) + "\n\nOver time:\n\n" + "\n".join(timeline)
    print()
    print(text)
    if failed:
        print("\nfailed takes:\n  " + "\n  ".join(failed[:30]))
    if run.errors:
        print("\nclient errors:\n  " + "\n  ".join(run.errors[:30]))
    # The invariants; a run cut by its time limit reports how far it got without failing.
    ok = lost == 0 and twice == 0 and (cut or len(acknowledged) == total)
    if args.require_ready:
        ok = ok and all_ready and len(acknowledged) == total
    if args.doc:
        header = (f"## A busy campaign (`infra/scripts/bench-load.sh`)\n\n"
                  f"Run {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} on {machine()}; the local gateway "
                  f"({args.gateway_profile} build) with its own upload and media workers, moto and DynamoDB Local on the same machine. "
                  f"Limit {args.max_minutes:g} min.{(' ' + args.label) if args.label else ''}\n")
        write_doc(Path(args.doc), header + "\n" + text + "\n")
        print(f"\nwritten to {args.doc}")
    verdict = "invariants held" if ok else "INVARIANTS FAILED"
    print(f"\n{verdict}: {lost} lost, {twice} counted twice, {len(acknowledged)}/{total} acknowledged, {len(ready)}/{total} ready, {len(failed)} failed")
    return 0 if ok else 1


def write_doc(path: Path, text: str) -> None:
    doc = path.read_text() if path.exists() else "# Benchmarks\n"
    block = f"{START_MARK}\n{text}\n{END_MARK}"
    if START_MARK in doc and END_MARK in doc:
        doc = doc[: doc.index(START_MARK)] + block + doc[doc.index(END_MARK) + len(END_MARK):]
    else:
        doc = doc.rstrip() + "\n\n" + block + "\n"
    path.write_text(doc)


if __name__ == "__main__":
    sys.exit(main())
