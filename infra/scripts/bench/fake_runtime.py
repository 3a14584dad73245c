"""A local fake of the Lambda runtime API (the protocol a custom runtime's bootstrap speaks).

`GET /2018-06-01/runtime/invocation/next` hands out queued events (or holds the poll until one
is queued); `POST .../invocation/{id}/response` and `.../error` hand the answer back. The time of
each poll is recorded, so that cold start (exec -> first poll) can be measured from outside.
"""

from __future__ import annotations

import json
import queue
import sys
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PREFIX = "/2018-06-01/runtime"


class QuietServer(ThreadingHTTPServer):
    """A threaded server that does not print the resets of a bootstrap killed mid-connection."""

    daemon_threads = True

    def handle_error(self, request, client_address) -> None:  # noqa: ANN001
        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return
        super().handle_error(request, client_address)


class FakeRuntime:
    def __init__(self) -> None:
        self.events: "queue.Queue[tuple[str, bytes]]" = queue.Queue()
        self.answers: dict[str, "queue.Queue[tuple[int, bytes, float]]"] = {}
        self.polls: "queue.Queue[float]" = queue.Queue()
        self.init_errors: "queue.Queue[bytes]" = queue.Queue()
        runtime = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: object) -> None:  # quiet
                pass

            def _body(self) -> bytes:
                length = int(self.headers.get("Content-Length") or 0)
                return self.rfile.read(length) if length else b""

            def _reply(self, status: int, body: bytes = b"{}", headers: dict[str, str] | None = None) -> None:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                for name, value in (headers or {}).items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(body)

            def do_GET(self) -> None:  # noqa: N802
                if self.path != f"{PREFIX}/invocation/next":
                    self._reply(404)
                    return
                runtime.polls.put(time.perf_counter())
                try:
                    request_id, event = runtime.events.get(timeout=120)
                except queue.Empty:
                    self._reply(500)
                    return
                self._reply(200, event, {
                    "Lambda-Runtime-Aws-Request-Id": request_id,
                    "Lambda-Runtime-Deadline-Ms": str(int(time.time() * 1000) + 30_000),
                    "Lambda-Runtime-Invoked-Function-Arn": "arn:aws:lambda:eu-west-1:000000000000:function:bench",
                    "Lambda-Runtime-Trace-Id": "Root=1-00000000-000000000000000000000000",
                })

            def do_POST(self) -> None:  # noqa: N802
                body = self._body()
                at = time.perf_counter()
                parts = self.path[len(PREFIX):].strip("/").split("/")
                if parts[:2] == ["init", "error"]:
                    runtime.init_errors.put(body)
                elif len(parts) == 3 and parts[0] == "invocation" and parts[2] in ("response", "error"):
                    runtime.answers.setdefault(parts[1], queue.Queue()).put((200 if parts[2] == "response" else 500, body, at))
                self._reply(202)

        self.server = QuietServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def drain_polls(self) -> None:
        while not self.polls.empty():
            self.polls.get_nowait()

    def next_poll(self, timeout: float = 30) -> float:
        try:
            return self.polls.get(timeout=timeout)
        except queue.Empty:
            detail = b"; ".join(self._errors()).decode(errors="replace")
            raise RuntimeError(f"the bootstrap did not poll within {timeout}s{': ' + detail if detail else ''}") from None

    def _errors(self) -> list[bytes]:
        out = []
        while not self.init_errors.empty():
            out.append(self.init_errors.get_nowait())
        return out

    def invoke(self, event: dict, timeout: float = 30) -> tuple[int, dict | str, float]:
        """Queues `event`, waits for its answer; returns (status, answer, seconds from queueing to answer)."""
        request_id = str(uuid.uuid4())
        answers = self.answers.setdefault(request_id, queue.Queue())
        start = time.perf_counter()
        self.events.put((request_id, json.dumps(event).encode()))
        status, body, at = answers.get(timeout=timeout)
        del self.answers[request_id]
        try:
            answer: dict | str = json.loads(body)
        except ValueError:
            answer = body.decode(errors="replace")
        return status, answer, at - start

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
