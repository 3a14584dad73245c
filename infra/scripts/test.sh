#!/usr/bin/env bash
# The project's test command (.ci/run calls it). Installs what is missing,
# starts the TEST emulators (in memory, their own ports), then runs, failing fast:
#
#   rust      cargo nextest run --workspace     (against the test emulators, provisioned once;
#             the long demo content test beside the others)
#   template  infra/scripts/check-template.sh   (sam validate --lint)
#   web       npm run typecheck && npm run lint && npm test   (in web/; lint: the import boundaries)
#   e2e       web build + gateway on :3100 + npm run test:e2e (Playwright, Debian's chromium)
#   api       gateway on :3300 (prefix storyhive-fuzz), seeded and prepared; the
#             regressions replayed, then schemathesis against openapi.json (infra/scripts/fuzz/)
#   bench     infra/scripts/bench.sh --smoke: one iteration of each benchmark on debug builds,
#             set-up gateway on STORYHIVE_BENCH_PORT (3500)
#
# The rust step's build starts beside the installs; the template and bench steps run beside the
# api step (their logs are printed when they end). Both keep the cores busier, and the run shorter.
#
#   ./infra/scripts/test.sh [--only rust,template,...] [--skip e2e,...]
#
# The test gateways and the test emulators are always stopped at the end.
# Environment: CARGO_TARGET_DIR (reused if set), STORYHIVE_TEST_DYNAMODB_PORT (8100),
# STORYHIVE_TEST_MOTO_PORT (4666), STORYHIVE_E2E_PORT (3100), STORYHIVE_E2E_FAKE_LLM_PORT
# (3190: the e2e gateway's fake model), STORYHIVE_API_FUZZ_PORT (3300); the api step's budget: STORYHIVE_API_FUZZ_MAX_EXAMPLES (25 a phase and
# operation), STORYHIVE_API_FUZZ_SEED (20260101), STORYHIVE_API_FUZZ_TIMEOUT (360 s,
# hard stop), STORYHIVE_API_FUZZ_MAX_TIME (unset; when set, schemathesis fuzzes again
# and again until that many seconds are spent), STORYHIVE_API_FUZZ_WORKERS (1);
# STORYHIVE_E2E_ARGS: arguments for Playwright (e.g. a spec's name, to run only it).
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

ALL_STEPS=(rust template web e2e api bench)
ONLY="" SKIP=""
while (($#)); do
  case "$1" in
    --only) ONLY=${2:-}; shift 2 || die "--only needs a list" ;;
    --only=*) ONLY=${1#*=}; shift ;;
    --skip) SKIP=${2:-}; shift 2 || die "--skip needs a list" ;;
    --skip=*) SKIP=${1#*=}; shift ;;
    -h | --help) sed -n '2,27p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
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
RUST_BUILD="rust-build" # pid file name
RUST_BUILD_LOG="$LOG_DIR/rust-build.log"
RUST_BUILD_STATUS="$LOG_DIR/rust-build.status"
E2E_GATEWAY="test-gateway-$E2E_PORT" # pid file name
E2E_LOG="$LOG_DIR/test-gateway-$E2E_PORT.log"
# The fake model inside the e2e gateway, on a known port: specs queue its answers over HTTP
# (POST /fake/answer-next; web/e2e/story-draft.spec.ts).
E2E_FAKE_LLM_PORT="${STORYHIVE_E2E_FAKE_LLM_PORT:-3190}"
API_PORT="${STORYHIVE_API_FUZZ_PORT:-3300}"
API_PREFIX=storyhive-fuzz
API_GATEWAY="fuzz-gateway-$API_PORT" # pid file name
API_LOG="$LOG_DIR/fuzz-gateway-$API_PORT.log"
RESULTS=()
FAILURES_FILE="$LOG_DIR/test-failures.txt"
rm -f "$FAILURES_FILE"

# ----------------------------------------------------------------- cleanup
CLEANUP_DONE=0 EMULATORS_USED=0
# Runs at exit (any exit), and before the summary so that the summary is the
# last thing printed.
cleanup() {
  ((CLEANUP_DONE)) && return 0
  CLEANUP_DONE=1
  trap - INT TERM HUP
  echo
  stop_besides
  stop_pid "$RUST_BUILD" "the Rust build" || true
  stop_pid "$E2E_GATEWAY" "the e2e gateway" || true
  stop_pid "$API_GATEWAY" "the api fuzzing gateway" || true
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
  # What failed, by name, where a log's tail would otherwise hide it (CI shows the tail).
  if [[ "$status" != ok && -s "$FAILURES_FILE" ]]; then
    echo "  failed tests:"
    sed 's/^/    /' "$FAILURES_FILE" | head -n 40
  fi
  echo "  total time: $(fmt_duration $((SECONDS - START)))"
  if [[ "$status" == ok ]]; then
    printf '%sALL STEPS PASSED%s (%s) in %s\n' "$_C_GREEN" "$_C_OFF" "${STEPS[*]}" "$(fmt_duration $((SECONDS - START)))"
  else
    printf '%sFAILED%s at step %s after %s\n' "$_C_RED" "$_C_OFF" "$status" "$(fmt_duration $((SECONDS - START)))"
  fi
}

# Steps that keep the cores about half busy run beside the api step (schemathesis is one
# process, about half the cores): the template check and the bench smoke. Each logs to a file of
# its own, printed when it ends; the summary has a line for each.
BESIDE_API=(template bench)
BESIDE_NAMES=() BESIDE_PIDS=() BESIDE_T0=()
is_beside_api() { [[ " ${BESIDE_API[*]} " == *" $1 "* ]]; }
start_beside() { # NAME: runs step_NAME in the background, in a process group of its own
  local name=$1 log="$LOG_DIR/step-$1.log"
  log "step $name: beside the api step (log ${log#"$ROOT"/}, printed when it ends)"
  set -m
  (
    trap - EXIT INT TERM HUP
    # Niced: they take what the api step leaves, and schemathesis keeps its pace (and its time limit).
    renice -n 10 -p "$BASHPID" >/dev/null 2>&1 || true
    set -e
    "step_$name"
  ) >"$log" 2>&1 </dev/null &
  BESIDE_PIDS+=("$!")
  set +m
  BESIDE_NAMES+=("$name") BESIDE_T0+=("$(date +%s)")
}
# Waits for every step started beside, prints its log and records its result; BESIDE_FAILED
# names the first that failed.
BESIDE_FAILED=""
collect_besides() {
  local i rc log took
  BESIDE_FAILED=""
  for i in "${!BESIDE_PIDS[@]}"; do
    rc=0
    wait "${BESIDE_PIDS[$i]}" || rc=$?
    log="$LOG_DIR/step-${BESIDE_NAMES[$i]}.log"
    # Its own time: from its start to its log's last write.
    took=$(fmt_duration $(($(stat -c %Y "$log") - BESIDE_T0[i])))
    heading "step: ${BESIDE_NAMES[$i]} (ran beside the api step)"
    cat "$log"
    if ((rc == 0)); then
      RESULTS+=("$(printf '%-9s passed  %-7s beside api' "${BESIDE_NAMES[$i]}" "$took")")
    else
      RESULTS+=("$(printf '%-9s FAILED  %-7s beside api (exit %s)' "${BESIDE_NAMES[$i]}" "$took" "$rc")")
      BESIDE_FAILED=${BESIDE_FAILED:-${BESIDE_NAMES[$i]}}
    fi
  done
  BESIDE_NAMES=() BESIDE_PIDS=() BESIDE_T0=()
}
# Stops the steps still running beside (the run is ending early).
stop_besides() {
  local pid
  for pid in "${BESIDE_PIDS[@]}"; do
    kill -TERM -- "-$pid" 2>/dev/null || true
  done
  for pid in "${BESIDE_PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  BESIDE_NAMES=() BESIDE_PIDS=() BESIDE_T0=()
}

# run_step NAME FUNCTION: runs FUNCTION in a subshell with errexit in force, records its time
# and how busy the cores were meanwhile (near 100 %: the step can only get faster by doing less;
# well below: it waits, and has room for work beside it), stops the run at the first failure.
run_step() {
  local name=$1 fn=$2 t0=$SECONDS rc cpu0
  cpu0=$(cpu_ticks)
  heading "step: $name"
  set +e
  (
    set -e
    "$fn"
  )
  rc=$?
  set -e
  if ((rc == 0)); then
    RESULTS+=("$(printf '%-9s passed  %-7s cores %s busy' "$name" "$(fmt_duration $((SECONDS - t0)))" "$(cpu_busy_since "$cpu0")")")
  else
    RESULTS+=("$(printf '%-9s FAILED  %-7s cores %s busy (exit %s)' "$name" "$(fmt_duration $((SECONDS - t0)))" "$(cpu_busy_since "$cpu0")" "$rc")")
    # What ran beside it finishes and reports too: one run names every failure.
    collect_besides
    cleanup
    summary "$name"
    exit "$rc"
  fi
}

# ------------------------------------------------------------------- steps
# The demo content test (infra/gateway/tests/it/demo_content.rs) spends minutes waiting for
# its takes to be converted and transcribed; it runs beside the other tests, not after them.
DEMO_TEST=the_demo_has_content_in_every_screen_and_seeding_again_adds_nothing
# Tests that would never run fail the command before anything is built.
check_test_placement() {
  # A main.rs only wires; its test harness is not built ([[bin]] test = false), so a test
  # written there would never run.
  local stray
  stray=$(grep -l -E '#\[(cfg\(test\)|test|tokio::test)\]' "$ROOT"/functions/*/src/main.rs "$ROOT"/infra/gateway/src/main.rs || true)
  [[ -z "$stray" ]] || die "tests in a main.rs never run (its [[bin]] has test = false): move them to the library (${stray//$'\n'/, })"
  # Nor is a library's whose [lib] has test = false (no unit tests: its Cargo.toml says why).
  local manifest found
  for manifest in "$ROOT"/shared/Cargo.toml "$ROOT"/functions/*/Cargo.toml "$ROOT"/infra/*/Cargo.toml "$ROOT"/infra/bench/*/Cargo.toml; do
    [[ -f "$manifest" ]] || continue
    awk '/^\[/ { lib = ($0 == "[lib]") } lib && /^test *= *false/ { found = 1 } END { exit !found }' "$manifest" || continue
    found=$(grep -rl -E '#\[(cfg\(test\)|test|tokio::test)\]' "$(dirname "$manifest")/src" || true)
    [[ -z "$found" ]] || stray+="${stray:+$'\n'}$found"
  done
  [[ -z "$stray" ]] || die "unit tests in a library whose [lib] has test = false never run: remove that line from its Cargo.toml, or move them to its tests/ (${stray//$'\n'/, })"
}

# The rust step's build (every test binary, and the gateway that provisions the tables) starts as
# soon as the toolchain is there, beside the virtualenvs and npm installs: those wait on the
# network, the build on the cores, and on a fresh clone the installs took minutes before it.
start_rust_build() {
  check_test_placement
  # cargo-nextest (on the machine with the toolchain) runs every test binary's tests at once, each
  # test in its own process, instead of one binary after another (.config/nextest.toml).
  command -v cargo-nextest >/dev/null || die "cargo-nextest is missing: cargo install --locked cargo-nextest"
  rm -f "$RUST_BUILD_STATUS" "$RUST_BUILD_LOG"
  RUST_BUILD_T0=$SECONDS RUST_BUILD_CPU0=$(cpu_ticks)
  log "Building the Rust tests and the gateway beside the installs (log ${RUST_BUILD_LOG#"$ROOT"/})"
  # shellcheck disable=SC2016
  start_bg "$RUST_BUILD" "$RUST_BUILD_LOG" bash -c \
    'cargo nextest run --workspace --no-run && cargo build -p storyhive-gateway --bin storyhive-local; echo $? >"$0"' \
    "$RUST_BUILD_STATUS"
}

# Waits for start_rust_build's build; its log's end when it failed.
wait_rust_build() {
  local pid status
  pid=$(<"$(pid_file "$RUST_BUILD")")
  while [[ ! -s "$RUST_BUILD_STATUS" ]] && pid_alive "$pid"; do sleep 1; done
  status=$(cat "$RUST_BUILD_STATUS" 2>/dev/null || echo "stopped")
  rm -f "$(pid_file "$RUST_BUILD")"
  if [[ "$status" != 0 ]]; then
    grep -v -E '^ +(Compiling|Downloaded|Downloading|Fresh) ' "$RUST_BUILD_LOG" | tail -n 80 >&2 || true
    die "the Rust build failed (exit $status); the whole log: ${RUST_BUILD_LOG#"$ROOT"/}"
  fi
  ok "rust: built in $(fmt_duration $((SECONDS - RUST_BUILD_T0))) (from beside the installs), cores $(cpu_busy_since "$RUST_BUILD_CPU0") busy"
}

step_rust() {
  emulator_env test
  export STORYHIVE_PREFIX=storyhive-test
  wait_rust_build
  local t0 cpu0
  t0=$SECONDS cpu0=$(cpu_ticks)
  # Provisioned once: each test process reads what was made instead of provisioning again.
  local resources="$LOG_DIR/test-resources.json"
  SES_SENDER=no-reply@storyhive.test "$GATEWAY_BIN" provision --resources-file "$resources" >/dev/null
  export STORYHIVE_TEST_RESOURCES="$resources"
  local demo_log="$LOG_DIR/rust-demo-content.log" rc=0 demo_rc=0 demo_pid
  log "Running the demo content test in the background (log ${demo_log#"$ROOT"/})"
  # Its own resource prefix: its demo organisation stays out of the other tests' tables.
  STORYHIVE_PREFIX=storyhive-test-demo cargo nextest run -p storyhive-gateway --test it \
    -E "test(=demo_content::$DEMO_TEST)" >"$demo_log" 2>&1 &
  demo_pid=$!
  # Every test runs even after one fails, so one run reports every failure.
  local rust_log="$LOG_DIR/rust-tests.log"
  cargo nextest run --workspace --no-fail-fast -E "not test(=demo_content::$DEMO_TEST)" 2>&1 | tee "$rust_log" || rc=$?
  # nextest prints "FAIL [ time] crate::binary test" (or TIMEOUT) for each failure, and again in its summary.
  grep -E '^ *(FAIL|TIMEOUT|SIGSEGV|SIGABRT) \[' "$rust_log" | sed -E 's/^ *[A-Z]+ \[[^]]*\] *(\([^)]*\) *)?([^ ]+) (.*)$/rust: \3 (\2)/' |
    sort -u >>"$FAILURES_FILE" || true
  wait "$demo_pid" || demo_rc=$?
  ok "rust: tests ran in $(fmt_duration $((SECONDS - t0))), cores $(cpu_busy_since "$cpu0") busy"
  ((demo_rc == 0)) || echo "rust: demo_content::$DEMO_TEST" >>"$FAILURES_FILE"
  if ((demo_rc == 0)); then
    ok "the demo content test passed"
  else
    echo "---- the demo content test failed (exit $demo_rc); the end of ${demo_log#"$ROOT"/}:" >&2
    grep -v -E ' (INFO|DEBUG)' "$demo_log" | tail -n 60 >&2 || true
  fi
  ((rc == 0 && demo_rc == 0))
}

step_template() {
  "$SCRIPTS/check-template.sh"
}

step_web() {
  cd "$ROOT/web"
  npm run typecheck
  npm run lint
  npm test
}

# The e2e build loads a support chat widget on staff pages (web/src/config/env.ts); the
# Playwright spec serves this URL itself (page.route), so nothing is fetched from outside.
E2E_CHAT_SCRIPT_URL="https://support-chat.storyhive.invalid/widget.js"

step_e2e() {
  # The web step (run before this one, failing fast) has typechecked this tree: only the bundles
  # then; the whole `npm run build` (typecheck, then the bundles) otherwise.
  local build=build
  if wants web; then build=build:bundles; fi
  # The video test page sends the local stack's fixed processing key (contract: local-video-processing-key).
  (cd "$ROOT/web" && VITE_SUPPORT_CHAT_SCRIPT_URL="$E2E_CHAT_SCRIPT_URL" \
    VITE_VIDEO_PROCESSING_API_KEY="${STORYHIVE_VIDEO_PROCESSING_API_KEY:-local-video-processing-key}" npm run "$build")
  cargo build -p storyhive-gateway --bin storyhive-local
  [[ -x "$GATEWAY_BIN" ]] || die "$GATEWAY_BIN was not built"
  need_port_free "$E2E_PORT" "the e2e gateway" STORYHIVE_E2E_PORT
  need_port_free "$E2E_FAKE_LLM_PORT" "the e2e gateway's fake model" STORYHIVE_E2E_FAKE_LLM_PORT
  gateway_env test storyhive-e2e "$E2E_PORT"
  log "Seeding the e2e data"
  "$GATEWAY_BIN" seed
  log "Starting the e2e gateway on port $E2E_PORT (log ${E2E_LOG#"$ROOT"/})"
  # AI writing help answers from the fake model served inside the gateway (web/e2e/ai.spec.ts).
  export STORYHIVE_AI_PROVIDER=fake
  STORYHIVE_FAKE_LLM_PORT="$E2E_FAKE_LLM_PORT"
  export STORYHIVE_FAKE_LLM_PORT
  # Webhooks may go to the receiver web/e2e/integrations-webhooks.spec.ts starts on 127.0.0.1 (never in the cloud).
  export STORYHIVE_WEBHOOKS_ALLOW_LOOPBACK=1
  start_bg "$E2E_GATEWAY" "$E2E_LOG" "$GATEWAY_BIN" serve --port "$E2E_PORT" --web-dir "$ROOT/web/dist"
  wait_for_http "http://127.0.0.1:$E2E_PORT/api/health" --status 200 --timeout 60 --pid "$E2E_GATEWAY" --log "$E2E_LOG"
  ok "e2e gateway is up"
  local rc=0 results="$ROOT/web/test-results/results.json"
  rm -f "$results"
  local t0=$SECONDS cpu0
  cpu0=$(cpu_ticks)
  (cd "$ROOT/web" && E2E_BASE_URL="http://localhost:$E2E_PORT" E2E_SUPPORT_CHAT_SCRIPT_URL="$E2E_CHAT_SCRIPT_URL" \
    E2E_FAKE_LLM_URL="http://127.0.0.1:$E2E_FAKE_LLM_PORT" \
    E2E_SUPPORT_EMAIL="support@${SES_SENDER#*@}" PLAYWRIGHT_JSON_OUTPUT_NAME="$results" npm run test:e2e -- ${STORYHIVE_E2E_ARGS:-}) || rc=$?
  log "e2e: Playwright ran in $(fmt_duration $((SECONDS - t0))), cores $(cpu_busy_since "$cpu0") busy"
  if ((rc != 0)) && [[ -s "$results" ]]; then
    node "$SCRIPTS/e2e-failures.mjs" "$results" >"$FAILURES_FILE" || true
  fi
  stop_pid "$E2E_GATEWAY" "the e2e gateway"
  if ((rc != 0)); then
    echo "---- last lines of ${E2E_LOG#"$ROOT"/}:" >&2
    tail -n 40 "$E2E_LOG" >&2 || true
  fi
  return "$rc"
}

# The api step: schemathesis (in .venv-fuzz) against a gateway of its own (port
# STORYHIVE_API_FUZZ_PORT, resource prefix storyhive-fuzz: its data and per-client
# counters never meet the e2e run's), seeded, then prepared by
# infra/scripts/fuzz/prepare.py (a staff token, an invitation key, the org's real ids
# offered as fuzz dictionaries). Bounded: a few examples per operation and phase, one
# worker and a fixed seed (the same requests in the same order, so that CI runs are
# reproducible), a hard time limit. Reports: .local/logs/api-fuzz/.
step_api() {
  local max_examples="${STORYHIVE_API_FUZZ_MAX_EXAMPLES:-25}" max_time="${STORYHIVE_API_FUZZ_MAX_TIME:-}"
  local seed="${STORYHIVE_API_FUZZ_SEED:-20260101}" limit="${STORYHIVE_API_FUZZ_TIMEOUT:-360}"
  local workers="${STORYHIVE_API_FUZZ_WORKERS:-1}"
  local fuzz_dir="$LOCAL_DIR/fuzz" report_dir="$LOG_DIR/api-fuzz" base="http://127.0.0.1:$API_PORT/api"
  cargo build -p storyhive-gateway --bin storyhive-local
  [[ -x "$GATEWAY_BIN" ]] || die "$GATEWAY_BIN was not built"
  need_port_free "$API_PORT" "the api fuzzing gateway" STORYHIVE_API_FUZZ_PORT
  gateway_env test "$API_PREFIX" "$API_PORT"
  log "Seeding the api fuzzing data (prefix $API_PREFIX)"
  "$GATEWAY_BIN" seed
  log "Starting the api fuzzing gateway on port $API_PORT (log ${API_LOG#"$ROOT"/})"
  # The AI calls answer from the fake model, so that fuzzing reaches their logic (without a
  # provider they answer 503, which schemathesis counts as a server error). Its fake takes a
  # free port (the e2e step's is for the e2e gateway).
  export STORYHIVE_AI_PROVIDER=fake
  unset STORYHIVE_FAKE_LLM_PORT
  # Webhooks may go to the receiver web/e2e/integrations-webhooks.spec.ts starts on 127.0.0.1 (never in the cloud).
  export STORYHIVE_WEBHOOKS_ALLOW_LOOPBACK=1
  start_bg "$API_GATEWAY" "$API_LOG" "$GATEWAY_BIN" serve --port "$API_PORT" --web-dir "$ROOT/web/dist"
  wait_for_http "$base/health" --status 200 --timeout 60 --pid "$API_GATEWAY" --log "$API_LOG"
  ok "api fuzzing gateway is up"

  rm -rf "$fuzz_dir" "$report_dir"
  mkdir -p "$fuzz_dir" "$report_dir"
  log "Preparing the data the fuzzed calls need (infra/scripts/fuzz/prepare.py)"
  "$FUZZ_VENV/bin/python" "$SCRIPTS/fuzz/prepare.py" --base-url "$base" --out-dir "$fuzz_dir" \
    --cache-dir "$report_dir/cache"
  # FUZZ_TOKEN, FUZZ_INVITE_KEY
  # shellcheck disable=SC1091
  . "$fuzz_dir/session.env"

  local args=(
    run "$ROOT/openapi.json" --url "$base"
    -H "Authorization: Bearer $FUZZ_TOKEN" -H "X-Invite-Key: $FUZZ_INVITE_KEY"
    # They would end the run's own session or organisation.
    --exclude-operation-id logout --exclude-operation-id delete_me
    --checks not_a_server_error,response_schema_conformance,status_code_conformance,content_type_conformance
    --phases examples,coverage,fuzzing
    --max-examples "$max_examples" --seed "$seed" ${max_time:+--max-time "$max_time"}
    --generation-database none --workers "$workers" --request-timeout 15 --continue-on-failure
    --report junit,ndjson --report-dir "$report_dir"
    --no-color
  )
  # The command line, for the log (credentials replaced by the variables of session.env).
  local line="schemathesis --config-file $fuzz_dir/schemathesis.toml" arg
  for arg in "${args[@]}"; do
    if [[ "$arg" == *" "* ]]; then line+=" \"$arg\""; else line+=" $arg"; fi
  done
  line=${line//"$FUZZ_TOKEN"/'$FUZZ_TOKEN'}
  line=${line//"$FUZZ_INVITE_KEY"/'$FUZZ_INVITE_KEY'}
  echo "${line//"$ROOT"\//}" >"$report_dir/command.txt"
  # The failures found so far, replayed every run (their requests do not depend on chance).
  log "Replaying the regressions found by earlier runs (infra/scripts/fuzz/regressions.json)"
  local replay_rc=0
  "$FUZZ_VENV/bin/python" "$SCRIPTS/fuzz/replay.py" --base-url "$base" --fixture "$fuzz_dir/fixture.json" \
    --schema "$ROOT/openapi.json" --cases "$SCRIPTS/fuzz/regressions.json" 2>&1 |
    tee "$report_dir/regressions.log" || replay_rc=$?

  log "Running schemathesis (at most $max_examples examples per operation and phase${max_time:+, fuzzing for ${max_time}s}, seed $seed, stopped after ${limit}s; log ${report_dir#"$ROOT"/}/schemathesis.log)"
  local rc=0
  timeout --kill-after=15 "$limit" \
    "$FUZZ_VENV/bin/schemathesis" --config-file "$fuzz_dir/schemathesis.toml" "${args[@]}" 2>&1 |
    tee "$report_dir/schemathesis.log" || rc=$?
  stop_pid "$API_GATEWAY" "the api fuzzing gateway"
  if ((rc == 124 || rc == 137)); then
    echo "---- schemathesis did not finish within ${limit}s (STORYHIVE_API_FUZZ_TIMEOUT); see ${report_dir#"$ROOT"/}/schemathesis.log" >&2
  elif ((rc != 0)); then
    echo "---- schemathesis failed (exit $rc): ${report_dir#"$ROOT"/}/ (junit-*.xml, schemathesis.log);" \
      "the failures known so far are listed in docs/FUZZ_FINDINGS.md" >&2
  fi
  if ((replay_rc != 0)); then
    echo "---- regressions failed: ${report_dir#"$ROOT"/}/regressions.log (see docs/FUZZ_FINDINGS.md)" >&2
    ((rc != 0)) || rc=$replay_rc
  fi
  return "$rc"
}

# The bench step: infra/scripts/bench.sh --smoke, one iteration of every measurement on debug
# builds (the full benchmark is not part of the test command), so that the bench cannot rot;
# then the load test's short form (infra/scripts/bench-load.sh --smoke: 6 collaborators x 2
# takes through a gateway of its own on STORYHIVE_LOAD_PORT, 3600): every take ready, none
# lost, none counted twice.
step_bench() {
  STORYHIVE_BENCH_PORT="${STORYHIVE_BENCH_PORT:-3500}" "$SCRIPTS/bench.sh" --smoke
  STORYHIVE_LOAD_PORT="${STORYHIVE_LOAD_PORT:-3600}" "$SCRIPTS/bench-load.sh" --smoke
}

# ------------------------------------------------------------- preparation
heading "Checking tools and dependencies (steps: ${STEPS[*]})"
# First what needs apt (one apt at a time), then the virtualenvs and npm trees side by side:
# each is mostly unpacking wheels and packages, one core apiece, and together they were minutes
# of a fresh clone's run.
ensure_curl
command -v "${STORYHIVE_PYTHON:-python3}" >/dev/null 2>&1 || ensure_apt_packages python3 python3-venv
"${STORYHIVE_PYTHON:-python3}" -c 'import ensurepip, venv' >/dev/null 2>&1 || ensure_apt_packages python3-venv
if wants rust; then
  # The upload tests make real MP4 and WebM files with ffmpeg.
  command -v ffmpeg >/dev/null 2>&1 || ensure_apt_packages ffmpeg
  # The media worker's tests speak their takes with espeak-ng, and measure how many words
  # Whisper gets wrong on a human recording of Debian's pocketsphinx-testdata.
  ensure_apt_packages espeak-ng pocketsphinx-testdata
  # Stories are rendered in the brand themes' open fonts (shared/src/stories/theme.rs,
  # ThemeFont; a unit test checks each font's file is there).
  ensure_apt_packages fonts-dejavu-core fonts-liberation fonts-lato fonts-open-sans
fi
if wants rust || wants e2e || wants api || wants bench; then
  ensure_rust
  if wants rust; then start_rust_build; fi
  ensure_java
fi
if wants e2e; then
  [[ -x /usr/bin/chromium ]] || ensure_apt_packages chromium
  [[ -x /usr/bin/chromium ]] || die "/usr/bin/chromium is missing after installing Debian's chromium package"
  # The Playwright config launches Debian's chromium (no browser download here).
  export CHROMIUM_PATH=/usr/bin/chromium
  export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
fi
# npm's trees below need node (the emulators' for every step that starts them, the web app's).
if wants rust || wants web || wants e2e || wants api || wants bench; then ensure_node; fi

SETUP_PIDS=() SETUP_NAMES=()
setup_beside() { # WHAT COMMAND...: runs COMMAND in the background; setup_wait collects it.
  local what=$1
  shift
  ("$@") &
  SETUP_PIDS+=("$!")
  SETUP_NAMES+=("$what")
}
setup_wait() {
  local i failed=()
  for i in "${!SETUP_PIDS[@]}"; do
    wait "${SETUP_PIDS[$i]}" || failed+=("${SETUP_NAMES[$i]}")
  done
  ((${#failed[@]} == 0)) || die "could not set up: ${failed[*]} (the messages above say why)"
}
python_tools=("$SCRIPTS/requirements-local.txt")
if wants template; then python_tools+=("$SCRIPTS/requirements-test.txt"); fi
setup_beside "the Python tools (.venv)" ensure_venv "${python_tools[@]}"
if wants api; then
  # Its own virtualenv: schemathesis' dependencies conflict with aws-sam-cli's pins.
  ENSURE_VENV_HINT="schemathesis (infra/scripts/requirements-fuzz.txt) is needed by the api step; skip it with --skip api." \
    setup_beside "schemathesis (.venv-fuzz)" ensure_venv_at "$FUZZ_VENV" "$SCRIPTS/requirements-fuzz.txt"
fi
if wants rust || wants e2e || wants api || wants bench; then
  # The media worker (tests, and the gateways of e2e, api and bench) transcribes with Whisper.
  setup_beside "Whisper (.venv-whisper)" ensure_whisper
  setup_beside "the emulators' npm packages" ensure_node_modules "$EMULATORS_DIR"
fi
if wants web || wants e2e; then setup_beside "the web app's npm packages" ensure_node_modules "$ROOT/web"; fi
setup_wait
ok "tools ready"
# In the summary too: on a fresh clone the virtualenvs and npm installs are minutes of the total.
RESULTS+=("$(printf '%-9s ready   %s' tools "$(fmt_duration $((SECONDS - START)))")")

if wants rust || wants e2e || wants api || wants bench; then
  heading "Starting the test emulators"
  EMULATORS_USED=1
  "$SCRIPTS/emulators.sh" start --profile test
fi

for s in "${STEPS[@]}"; do
  if wants api && is_beside_api "$s"; then continue; fi
  if [[ "$s" == api ]]; then
    for b in "${BESIDE_API[@]}"; do
      if wants "$b"; then start_beside "$b"; fi
    done
  fi
  run_step "$s" "step_$s"
  collect_besides
  if [[ -n "$BESIDE_FAILED" ]]; then
    cleanup
    summary "$BESIDE_FAILED"
    exit 1
  fi
done
cleanup
summary ok
