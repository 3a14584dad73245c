#!/usr/bin/env bash
# A gateway prepared as the api test step prepares it, left running for reproducing
# findings by hand (docs/FUZZ_FINDINGS.md):
#
#   infra/scripts/fuzz/serve.sh          # Ctrl-C stops the gateway
#
# Starts the TEST emulators (left running afterwards: infra/scripts/emulators.sh stop
# --profile test), builds and seeds the gateway, serves it on STORYHIVE_API_FUZZ_PORT
# (3300) with the resource prefix storyhive-fuzz, runs infra/scripts/fuzz/prepare.py and
# prints how to load its ids and credentials into a shell:
#
#   set -a; . .local/fuzz/session.env; set +a
#
# Do not run it while `test.sh --only api` runs: both use port 3300 and .local/fuzz/.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"

PORT="${STORYHIVE_API_FUZZ_PORT:-3300}"
NAME="fuzz-gateway-$PORT"
LOGFILE="$LOG_DIR/fuzz-gateway-$PORT.log"
BIN="$CARGO_TARGET/debug/storyhive-local"

ensure_curl
ensure_venv "$SCRIPTS/requirements-local.txt"
ensure_venv_at "$FUZZ_VENV" "$SCRIPTS/requirements-fuzz.txt"
ensure_java
ensure_node_modules "$EMULATORS_DIR"
ensure_rust

"$SCRIPTS/emulators.sh" start --profile test
cargo build -p storyhive-gateway --bin storyhive-local
need_port_free "$PORT" "the fuzzing gateway" STORYHIVE_API_FUZZ_PORT
gateway_env test storyhive-fuzz "$PORT"
"$BIN" seed >/dev/null
trap 'stop_pid "$NAME" "the fuzzing gateway"' EXIT
trap 'exit 130' INT TERM
start_bg "$NAME" "$LOGFILE" "$BIN" serve --port "$PORT" --web-dir "$ROOT/web/dist"
wait_for_http "http://127.0.0.1:$PORT/api/health" --status 200 --timeout 60 --pid "$NAME" --log "$LOGFILE"
"$FUZZ_VENV/bin/python" "$SCRIPTS/fuzz/prepare.py" --base-url "http://127.0.0.1:$PORT/api" --out-dir "$LOCAL_DIR/fuzz" \
  --cache-dir "$LOCAL_DIR/fuzz/cache"
ok "the fuzzing gateway is up on http://127.0.0.1:$PORT/api (log ${LOGFILE#"$ROOT"/})"
echo "In another shell, at the repository root:  set -a; . .local/fuzz/session.env; set +a"
echo "Ctrl-C stops the gateway."
while running_pid "$NAME" >/dev/null; do sleep 1; done
