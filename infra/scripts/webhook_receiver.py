"""A webhook receiver for the tests (Rust integration tests and the Playwright spec).

It listens on 127.0.0.1 (a free port, printed as "PORT <n>" on its first line) and keeps
every request it receives. What it answers depends on the path:

  /fail-first/...  500 the first time it sees a webhook-id, 200 after (a retry follows)
  /fail/...        500 always
  /redirect/...    302 to /ok (redirects must not be followed)
  anything else    200

GET /_log?secret=whsec_... lists what it received, each request with whether its signature
verifies with that secret, checked by the maintained Standard Webhooks implementation
(the `standardwebhooks` package), not by our own code.
"""

import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

from standardwebhooks import Webhook, WebhookVerificationError

received = []
seen_ids = set()
lock = threading.Lock()


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def _answer(self, status, body=b"", headers=()):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self):
        length = int(self.headers.get("content-length") or 0)
        body = self.rfile.read(length).decode("utf-8")
        path = urlparse(self.path).path
        webhook_id = self.headers.get("webhook-id") or ""
        with lock:
            first = webhook_id not in seen_ids
            seen_ids.add(webhook_id)
            if path.startswith("/fail-first"):
                status = 500 if first else 200
            elif path.startswith("/fail"):
                status = 500
            elif path.startswith("/redirect"):
                status = 302
            else:
                status = 200
            received.append(
                {
                    "path": path,
                    "headers": {k.lower(): v for k, v in self.headers.items()},
                    "body": body,
                    "answered": status,
                }
            )
        if status == 302:
            self._answer(302, headers=[("location", "/ok")])
        elif status == 500:
            self._answer(500, b"receiver says no")
        else:
            self._answer(200, b"ok")

    def do_GET(self):
        url = urlparse(self.path)
        if url.path != "/_log":
            self._answer(404)
            return
        secret = (parse_qs(url.query).get("secret") or [""])[0]
        with lock:
            items = list(received)
        out = []
        for item in items:
            headers = item["headers"]
            verified = False
            if secret:
                try:
                    Webhook(secret).verify(item["body"], headers)
                    verified = True
                except WebhookVerificationError:
                    verified = False
            try:
                payload = json.loads(item["body"])
            except ValueError:
                payload = None
            out.append(
                {
                    "path": item["path"],
                    "id": headers.get("webhook-id"),
                    "timestamp": headers.get("webhook-timestamp"),
                    "signature": headers.get("webhook-signature"),
                    "answered": item["answered"],
                    "verified": verified,
                    "payload": payload,
                }
            )
        self._answer(200, json.dumps(out).encode("utf-8"), [("content-type", "application/json")])


def main():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    print(f"PORT {server.server_address[1]}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    sys.exit(main())
