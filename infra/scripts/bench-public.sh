#!/usr/bin/env bash
# Benchmark of the public share page on this machine (not a test, not in test.sh): the largest
# contentful paint of /v/<slug> and /embed/<slug> under Lighthouse's mobile settings (emulated
# through CDP in Debian's Chromium: 412x823 at 1.75, 4x CPU slowdown, Lighthouse's DevTools
# "slow 4G" values), the bytes they transfer, and the beacon endpoint's throughput with a check
# that the staff API counted every accepted beacon once. Record the figures in
# docs/BENCHMARKS.md ("Public pages (issue 22)").
#
#   ./infra/scripts/bench-public.sh                       # 10 runs a page, 2,000 beacons at 50
#   RUNS=3 BEACONS=200 ./infra/scripts/bench-public.sh    # a quicker look
#   SKIP_WEB_BUILD=1 ./infra/scripts/bench-public.sh      # reuse web/dist as built
#   CARGO_TARGET_DIR=/tmp/fresh-target ./infra/scripts/bench-public.sh   # reuse a debug build
#
# About 3 minutes once the gateway is built (2 cores): publishing 15 s, beacons 30 s, 20 page
# loads 2 minutes.
#
# It starts the test-profile emulators on ports of their own (STORYHIVE_TEST_DYNAMODB_PORT,
# default 8600; STORYHIVE_TEST_MOTO_PORT, default 4766; reused and left running if already there),
# builds the gateway once (debug, in CARGO_TARGET_DIR) and web/dist, seeds a fresh prefix, serves
# it on BENCH_PORT (3700), and publishes one story made from a 10 s take (espeak-ng speech over
# ffmpeg's test picture, VP8/Opus WebM as a browser records) through the API and the studio,
# as people would. Everything it started is stopped on exit. The figures are also written as JSON
# to .local/logs/bench-public.json. Never downloads a browser (CHROMIUM_PATH, /usr/bin/chromium).
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

PORT="${BENCH_PORT:-3700}"
export STORYHIVE_TEST_DYNAMODB_PORT="${STORYHIVE_TEST_DYNAMODB_PORT:-8600}"
export STORYHIVE_TEST_MOTO_PORT="${STORYHIVE_TEST_MOTO_PORT:-4766}"
CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"
[[ -x "$CHROMIUM_PATH" ]] || die "Chromium not found at $CHROMIUM_PATH (apt-get install chromium, or set CHROMIUM_PATH); no browser is downloaded."
command -v ffmpeg >/dev/null 2>&1 || ensure_apt_packages ffmpeg
ensure_apt_packages espeak-ng
ensure_rust
ensure_node_modules "$ROOT/web"
need_port_free "$PORT" "the benchmark's gateway" BENCH_PORT

work=$(mktemp -d)
started_emulators=0
cleanup() {
  stop_pid bench-public-gateway "the benchmark's gateway (port $PORT)" || true
  if [[ $started_emulators == 1 ]]; then "$SCRIPTS/emulators.sh" stop --profile test >/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# The emulators: ours if they are not running on these ports yet (then stopped on exit).
if ! "$SCRIPTS/emulators.sh" status --profile test >/dev/null 2>&1; then started_emulators=1; fi
"$SCRIPTS/emulators.sh" start --profile test >/dev/null

log "Building the gateway (debug) and the web app"
cargo build -q -p storyhive-gateway --bin storyhive-local
# A link to this build: another build in the same CARGO_TARGET_DIR cannot swap it under us.
ln -f "$CARGO_TARGET/debug/storyhive-local" "$work/storyhive-local" 2>/dev/null ||
  cp "$CARGO_TARGET/debug/storyhive-local" "$work/storyhive-local"
GATEWAY="$work/storyhive-local"
if [[ "${SKIP_WEB_BUILD:-}" != 1 || ! -f web/dist/index.html ]]; then
  (cd web && VITE_SUPPORT_CHAT_SCRIPT_URL="${VITE_SUPPORT_CHAT_SCRIPT_URL:-https://support-chat.storyhive.invalid/widget.js}" \
    VITE_VIDEO_PROCESSING_API_KEY=local-video-processing-key npm run build >"$LOG_DIR/bench-public-web.log" 2>&1) ||
    { tail -30 "$LOG_DIR/bench-public-web.log"; die "npm run build failed (log: .local/logs/bench-public-web.log)"; }
fi

log "Making a 10 s take (espeak-ng speech, 640x360 VP8/Opus WebM)"
espeak-ng -v en-us -s 150 -w "$work/speech.wav" \
  "The harbour is where my grandfather worked every morning. We still walk there on Sundays, watch the boats come in and talk to the fishermen about the weather and the catch."
ffmpeg -hide_banner -loglevel error -y -f lavfi -i "testsrc2=size=640x360:rate=25" -i "$work/speech.wav" \
  -t 10 -c:v libvpx -b:v 600k -deadline realtime -cpu-used 8 -c:a libopus -af apad "$work/take.webm"

gateway_env test "storyhive-bench-public-$PORT-$RANDOM" "$PORT"
export RUST_LOG="${RUST_LOG:-warn}" STORYHIVE_AI_PROVIDER=fake
gwlog="$LOG_DIR/bench-public-gateway.log"
log "Seeding $STORYHIVE_PREFIX and serving it on port $PORT (log .local/logs/bench-public-gateway.log)"
"$GATEWAY" seed >"$gwlog" 2>&1 || { tail -30 "$gwlog"; die "seeding failed"; }
start_bg bench-public-gateway "$gwlog" "$GATEWAY" serve --port "$PORT" --web-dir web/dist
wait_for_http "http://127.0.0.1:$PORT/api/health" --status 200 --timeout 120 --pid bench-public-gateway --log "$gwlog"

log "Running the benchmark ($(nproc) cores, debug build of the gateway, DynamoDB Local in memory)"
BASE="http://localhost:$PORT" TAKE="$work/take.webm" CHROMIUM_PATH="$CHROMIUM_PATH" OUT="$LOG_DIR/bench-public.json" \
  node "$SCRIPTS/bench/public_pages.mjs"
