"""A pass-through proxy in front of DynamoDB Local that counts what the load test's gateway asks of
it (run by infra/scripts/bench-load.sh; the gateway's AWS_ENDPOINT_URL_DYNAMODB points here).

Per operation: calls and DynamoDB Local's latency (the upstream round trip). Per item written:
write units as DynamoDB would bill them (1 KB steps, twice for a transaction's items), grouped
by the kind of item (the campaign's item, its funnel, the organisation's totals, journeys,
search entries, ...), and the busiest single item's writes in any one second. Every few
seconds, and when stopped, the figures go to --out as JSON.

Usage: python ddb_tap.py --upstream-port 8100 --endpoint-file F --out stats.json
"""

from __future__ import annotations

import argparse
import http.client
import json
import math
import os
import re
import signal
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

KINDS = [
    (re.compile(r"^T#[^#]+#CAMPAIGN#[^#]+$"), {
        "CAMPAIGN": "the campaign's item", "FUNNEL": "the campaign's funnel item",
    }, "campaign partition: "),
    (re.compile(r"^T#[^#]+#SEARCH#"), None, "search entries"),
    (re.compile(r"^T#[^#]+$"), {"STATS": "the organisation's totals (STATS)", "FUNNEL": "the organisation's funnel item"},
     "organisation partition: "),
]


def kind_of(pk: str, sk: str) -> str:
    for pattern, named, label in KINDS:
        if pattern.match(pk):
            if named is None:
                axis = pk.split("#SEARCH#", 1)[1].split("#")[0]
                return f"{label} ({'word' if axis == 'WORD' else axis.lower()} axis)"
            if sk in named:
                return named[sk]
            return label + re.split(r"[#]", sk)[0]
    parts = pk.split("#")
    return f"other: {parts[2]}" if pk.startswith("T#") and len(parts) > 2 else f"other: {parts[0]}"


def units(item: dict) -> int:
    return max(1, math.ceil(len(json.dumps(item, separators=(",", ":"))) / 1024))


class Stats:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.ops: dict[str, dict] = {}
        self.writes: dict[str, dict] = {}
        self.per_second: dict[tuple[str, str], tuple[int, int]] = {}  # item -> (second, writes in it)
        self.hottest: dict[tuple[str, str], int] = {}
        self.started = time.time()

    def call(self, op: str, ms: float, body: dict) -> None:
        written = list(writes_of(op, body))
        second = int(time.time())
        with self.lock:
            entry = self.ops.setdefault(op, {"calls": 0, "ms": []})
            entry["calls"] += 1
            if len(entry["ms"]) < 200_000:
                entry["ms"].append(round(ms, 2))
            for pk, sk, wcu in written:
                kind = kind_of(pk, sk)
                w = self.writes.setdefault(kind, {"items": 0, "wcu": 0})
                w["items"] += 1
                w["wcu"] += wcu
                at, n = self.per_second.get((pk, sk), (second, 0))
                n = n + 1 if at == second else 1
                self.per_second[(pk, sk)] = (second, n)
                if n > self.hottest.get((pk, sk), 0):
                    self.hottest[(pk, sk)] = n

    def dump(self) -> dict:
        with self.lock:
            hottest = sorted(self.hottest.items(), key=lambda kv: -kv[1])[:8]
            return {
                "seconds": time.time() - self.started,
                "ops": {op: {"calls": e["calls"], "ms": e["ms"]} for op, e in self.ops.items()},
                "writes": self.writes,
                "hottest": [{"item": f"{kind_of(pk, sk)} ({pk[:60]} / {sk[:40]})", "writes_in_one_second": n}
                            for (pk, sk), n in hottest],
            }


def key_of(item: dict) -> tuple[str, str]:
    return item.get("PK", {}).get("S", ""), item.get("SK", {}).get("S", "")


def writes_of(op: str, body: dict):
    """(pk, sk, write units) for each item a request writes (sizes of keys-only updates are a floor)."""
    if op == "PutItem":
        yield (*key_of(body.get("Item", {})), units(body.get("Item", {})))
    elif op in ("UpdateItem", "DeleteItem"):
        yield (*key_of(body.get("Key", {})), units(body))
    elif op == "BatchWriteItem":
        for requests in body.get("RequestItems", {}).values():
            for r in requests:
                if "PutRequest" in r:
                    yield (*key_of(r["PutRequest"]["Item"]), units(r["PutRequest"]["Item"]))
                elif "DeleteRequest" in r:
                    yield (*key_of(r["DeleteRequest"]["Key"]), 1)
    elif op == "TransactWriteItems":
        for t in body.get("TransactItems", []):
            for kind, part in t.items():
                if kind == "ConditionCheck":
                    continue
                item = part.get("Item") or part.get("Key") or {}
                yield (*key_of(item), 2 * units(part))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--upstream-port", type=int, required=True)
    parser.add_argument("--endpoint-file", required=True, help="where to write http://127.0.0.1:<port>")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    stats = Stats()
    local = threading.local()

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *a: object) -> None:
            pass

        def do_POST(self) -> None:  # noqa: N802
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "content-length", "connection")}
            connection = getattr(local, "upstream", None)
            if connection is None:
                connection = local.upstream = http.client.HTTPConnection("127.0.0.1", args.upstream_port, timeout=60)
            start = time.perf_counter()
            try:
                connection.request("POST", self.path, body=body, headers=headers)
                response = connection.getresponse()
            except (OSError, http.client.HTTPException):
                connection.close()
                connection = local.upstream = http.client.HTTPConnection("127.0.0.1", args.upstream_port, timeout=60)
                connection.request("POST", self.path, body=body, headers=headers)
                response = connection.getresponse()
            answer = response.read()
            ms = (time.perf_counter() - start) * 1000
            self.send_response(response.status)
            for k, v in response.getheaders():
                if k.lower() not in ("content-length", "connection", "transfer-encoding"):
                    self.send_header(k, v)
            self.send_header("Content-Length", str(len(answer)))
            self.end_headers()
            self.wfile.write(answer)
            op = self.headers.get("X-Amz-Target", "").split(".")[-1]
            try:
                parsed = json.loads(body) if response.status == 200 else {}
            except ValueError:
                parsed = {}
            stats.call(op, ms, parsed)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    with open(args.endpoint_file + ".tmp", "w") as f:
        f.write(f"http://127.0.0.1:{server.server_address[1]}\n")
    os.replace(args.endpoint_file + ".tmp", args.endpoint_file)

    # One writer at a time: the stop signal's last write once met the periodic one in the same
    # temporary file, and the run's report found half of each.
    write_lock = threading.Lock()

    def write() -> None:
        with write_lock:
            tmp = args.out + ".tmp"
            with open(tmp, "w") as f:
                json.dump(stats.dump(), f)
            os.replace(tmp, args.out)

    def dumper() -> None:
        while True:
            time.sleep(5)
            write()

    threading.Thread(target=dumper, daemon=True).start()

    def stop(*_: object) -> None:
        write()
        os._exit(0)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
