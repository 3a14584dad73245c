#!/usr/bin/env bash
# The project's test command (.ci/run calls it). Installs what is missing,
# starts the TEST emulators (in memory, their own ports), then runs, failing fast:
#
#   rust      cargo test --workspace            (against the test emulators)
#   template  infra/scripts/check-template.sh   (sam validate --lint)
#   web       npm run typecheck && npm test     (in web/)
#   e2e       web build + gateway on :3100 + npm run test:e2e (Playwright, Debian's chromium)
#
#   ./infra/scripts/test.sh [--only rust,template,...] [--skip e2e,...]
#
# The test gateway and the test emulators are always stopped at the end.
# Environment: CARGO_TARGET_DIR (reused if set), STORYHIVE_TEST_DYNAMODB_PORT (8100),
# STORYHIVE_TEST_MOTO_PORT (4666), STORYHIVE_E2E_PORT (3100).
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

ALL_STEPS=(rust template web e2e)
ONLY="" SKIP=""
while (($#)); do
  case "$1" in
    --only) ONLY=${2:-}; shift 2 || die "--only needs a list" ;;
    --only=*) ONLY=${1#*=}; shift ;;
    --skip) SKIP=${2:-}; shift 2 || die "--skip needs a list" ;;
    --skip=*) SKIP=${1#*=}; shift ;;
    -h | --help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown option '$1' (see --help)" ;;
  esac
done
for s in ${ONLY//,/ } ${SKIP//,/ }; do
  [[ " ${ALL_STEPS[*]} " == *" $s "* ]] || die "unknown step '$s' (steps: ${ALL_STEPS[*]})"
done
STEPS=()
for s in "${ALL_STEPS[@]}"; do
  if [[ -n "$ONLY" && ",$ONLY," != *",$s,"* ]]; then continue; fi
  if [[ ",$SKIP," == *",$s,"* ]]; then continue; fi
  STEPS+=("$s")
done
((${#STEPS[@]})) || die "no step selected"
wants() { [[ " ${STEPS[*]} " == *" $1 "* ]]; }

START=$SECONDS
E2E_PORT="${STORYHIVE_E2E_PORT:-3100}"
GATEWAY_BIN="$CARGO_TARGET/debug/storyhive-local"
E2E_GATEWAY="test-gateway-$E2E_PORT" # pid file name
E2E_LOG="$LOG_DIR/test-gateway-$E2E_PORT.log"
RESULTS=()

# ----------------------------------------------------------------- cleanup
CLEANUP_DONE=0 EMULATORS_USED=0
# Runs at exit (any exit), and before the summary so that the summary is the
# last thing printed.
cleanup() {
  ((CLEANUP_DONE)) && return 0
  CLEANUP_DONE=1
  trap - INT TERM HUP
  echo
  stop_pid "$E2E_GATEWAY" "the e2e gateway" || true
  if ((EMULATORS_USED)); then
    log "Stopping the test emulators"
    "$SCRIPTS/emulators.sh" stop --profile test || true
  fi
  return 0
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM HUP

summary() {
  local status=$1
  echo
  printf '%s======== summary ========%s\n' "$_C_BOLD" "$_C_OFF"
  local r
  for r in "${RESULTS[@]}"; do echo "  $r"; done
  echo "  total time: $(fmt_duration $((SECONDS - START)))"
  if [[ "$status" == ok ]]; then
    printf '%sALL STEPS PASSED%s (%s) in %s\n' "$_C_GREEN" "$_C_OFF" "${STEPS[*]}" "$(fmt_duration $((SECONDS - START)))"
  else
    printf '%sFAILED%s at step %s after %s\n' "$_C_RED" "$_C_OFF" "$status" "$(fmt_duration $((SECONDS - START)))"
  fi
}

# run_step NAME FUNCTION: runs FUNCTION in a subshell with errexit in force,
# records its time, stops the run at the first failure.
run_step() {
  local name=$1 fn=$2 t0=$SECONDS rc
  heading "step: $name"
  set +e
  (
    set -e
    "$fn"
  )
  rc=$?
  set -e
  if ((rc == 0)); then
    RESULTS+=("$(printf '%-9s passed  %s' "$name" "$(fmt_duration $((SECONDS - t0)))")")
  else
    RESULTS+=("$(printf '%-9s FAILED  %s (exit %s)' "$name" "$(fmt_duration $((SECONDS - t0)))" "$rc")")
    cleanup
    summary "$name"
    exit "$rc"
  fi
}

# ------------------------------------------------------------------- steps
step_rust() {
  emulator_env test
  export STORYHIVE_PREFIX=storyhive-test
  cargo test --workspace
}

step_template() {
  "$SCRIPTS/check-template.sh"
}

step_web() {
  cd "$ROOT/web"
  npm run typecheck
  npm test
}

step_e2e() {
  (cd "$ROOT/web" && npm run build)
  cargo build -p storyhive-gateway --bin storyhive-local
  [[ -x "$GATEWAY_BIN" ]] || die "$GATEWAY_BIN was not built"
  need_port_free "$E2E_PORT" "the e2e gateway" STORYHIVE_E2E_PORT
  gateway_env test storyhive-e2e "$E2E_PORT"
  log "Seeding the e2e data"
  "$GATEWAY_BIN" seed
  log "Starting the e2e gateway on port $E2E_PORT (log ${E2E_LOG#"$ROOT"/})"
  start_bg "$E2E_GATEWAY" "$E2E_LOG" "$GATEWAY_BIN" serve --port "$E2E_PORT" --web-dir "$ROOT/web/dist"
  wait_for_http "http://127.0.0.1:$E2E_PORT/api/health" --status 200 --timeout 60 --pid "$E2E_GATEWAY" --log "$E2E_LOG"
  ok "e2e gateway is up"
  local rc=0
  (cd "$ROOT/web" && E2E_BASE_URL="http://localhost:$E2E_PORT" npm run test:e2e) || rc=$?
  stop_pid "$E2E_GATEWAY" "the e2e gateway"
  if ((rc != 0)); then
    echo "---- last lines of ${E2E_LOG#"$ROOT"/}:" >&2
    tail -n 40 "$E2E_LOG" >&2 || true
  fi
  return "$rc"
}

# ------------------------------------------------------------- preparation
heading "Checking tools and dependencies (steps: ${STEPS[*]})"
ensure_curl
ensure_venv "$SCRIPTS/requirements-local.txt"
if wants template; then ensure_venv "$SCRIPTS/requirements-test.txt"; fi
if wants rust; then
  # The upload tests make real MP4 and WebM files with ffmpeg.
  command -v ffmpeg >/dev/null 2>&1 || ensure_apt_packages ffmpeg
fi
if wants rust || wants e2e; then
  ensure_java
  ensure_node_modules "$EMULATORS_DIR"
  ensure_rust
fi
if wants web || wants e2e; then ensure_node_modules "$ROOT/web"; fi
if wants e2e; then
  [[ -x /usr/bin/chromium ]] || ensure_apt_packages chromium
  [[ -x /usr/bin/chromium ]] || die "/usr/bin/chromium is missing after installing Debian's chromium package"
  # The Playwright config launches Debian's chromium (no browser download here).
  export CHROMIUM_PATH=/usr/bin/chromium
  export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
fi
ok "tools ready"

if wants rust || wants e2e; then
  heading "Starting the test emulators"
  EMULATORS_USED=1
  "$SCRIPTS/emulators.sh" start --profile test
fi

for s in "${STEPS[@]}"; do
  run_step "$s" "step_$s"
done
cleanup
summary ok
