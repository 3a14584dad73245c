#!/usr/bin/env bash
# Storyhive's benchmark: cold start, request cost, upload pipeline and build, as ratios to yardsticks
# measured side by side in the same run (absolute times on a shared machine are noise).
# Prints one table and writes it to docs/BENCHMARKS.md (its own section; the others stay).
#
#   ./infra/scripts/bench.sh             # the recorded run: every function of template.yaml (the
#                                        # 20 bootstraps and the media worker's) and hello-world,
#                                        # built with the bench-release profile, in a folder kept
#                                        # between runs and clones (STORYHIVE_BENCH_TARGET_DIR,
#                                        # ~/.cache/storyhive/bench-target): 26 min on 2 cores the
#                                        # first time on a machine, 23 of them building that
#                                        # profile from nothing; then only the crates that changed
#   ./infra/scripts/bench.sh --smoke     # one iteration of everything on debug builds, nothing
#                                        # written (run by test.sh so that the bench cannot rot)
#   ./infra/scripts/bench.sh --profile release   # the same with the profile that deploys (fat
#                                        # LTO, 1 codegen unit: 1 to 2 min of one core per
#                                        # function; about 45 min for all, so use --functions)
#   ./infra/scripts/bench.sh --functions campaigns,contributors   # only these functions' cold
#                                        # start (the request cost and pipeline need campaigns,
#                                        # contributors, dashboard and upload-worker: always built)
#   --all-functions                      # accepted for older notes: every function is the default
#
# What it measures (infra/scripts/bench/bench.py):
#   cold start  exec -> first poll of a local fake Lambda runtime API, median of 40, in rounds
#               over every function with an exec of a hello-world Rust Lambda
#               (infra/bench/hello-lambda, built with the same profile) after each; bootstrap sizes
#   request     GET /campaign/all-campaigns, a contributor's journey, journey save, the dashboard:
#               p50/p95 through the handler's bootstrap, next to the DynamoDB calls it makes
#               replayed alone against the same DynamoDB Local; DynamoDB requests and items read
#               per call at 3 and 30 contributors (they must not grow)
#   pipeline    takes recorded per second by upload-worker bootstraps fed the S3 events of real
#               multipart uploads (made through the contributors bootstrap), each event
#               delivered twice: none lost, none counted twice (bench.py --no-pipeline skips)
#   build       the one cargo build of every bootstrap measured, and this script's wall time
# Profiles (Cargo.toml): bench-release is release (opt-level 3, panic = abort, stripped) without
# fat LTO and with 16 codegen units, so that the dependencies are optimised once for all 22
# bootstraps instead of again in each one's link; docs/DECISIONS.md, "Lambda cold start".
# Uses the test emulators (ports STORYHIVE_TEST_DYNAMODB_PORT / STORYHIVE_TEST_MOTO_PORT), its
# own resource prefix (storyhive-bench) and a set-up gateway on STORYHIVE_BENCH_PORT (3500).
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

SMOKE=0 PROFILE=bench-release ONLY=""
while (($#)); do
  case "$1" in
    --smoke) SMOKE=1; shift ;;
    --profile) PROFILE="${2:?--profile needs a name: bench-release or release}"; shift 2 ;;
    --functions) ONLY="${2:?--functions needs a comma-separated list}"; shift 2 ;;
    --all-functions) shift ;;
    -h | --help) sed -n '2,36p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown option '$1' (see --help)" ;;
  esac
done
case "$PROFILE" in
  bench-release | release) ;;
  *) die "unknown profile '$PROFILE' (bench-release or release)" ;;
esac

START=$SECONDS
STARTED_AT=$(date +%s)
LOAD_AT_START=$(cut -d" " -f1 /proc/loadavg)
PORT="${STORYHIVE_BENCH_PORT:-3500}"
PREFIX=storyhive-bench
GATEWAY_BIN="$CARGO_TARGET/debug/storyhive-local"
# The optimised bootstraps go to a folder outside the clone, kept between runs and clones
# (bench_target_dir in lib.sh): a new clone rebuilds its own crates there, not every
# dependency again (22 min of 2 cores from nothing). The debug set-up gateway is the test
# command's, in CARGO_TARGET_DIR.
BENCH_TARGET=$(bench_target_dir)
GATEWAY="bench-gateway-$PORT"
GATEWAY_LOG="$LOG_DIR/bench-gateway-$PORT.log"
WORK="$LOCAL_DIR/bench"
# The hot endpoints' functions and the upload worker: the request cost and the upload pipeline
# run them, so they are always built.
HOT=(campaigns contributors dashboard upload-worker)
mkdir -p "$WORK"

EMULATORS_STARTED=0
cleanup() {
  stop_pid "$GATEWAY" "the bench gateway" || true
  if ((EMULATORS_STARTED)); then "$SCRIPTS/emulators.sh" stop --profile test || true; fi
}
trap cleanup EXIT

ensure_rust
ensure_venv "$SCRIPTS/requirements-local.txt"
# The upload pipeline uploads a WebM take made with ffmpeg.
command -v ffmpeg >/dev/null 2>&1 || ensure_apt_packages ffmpeg
# Every function of template.yaml: the zip-packaged bootstraps (Metadata.BuildProperties.Binary)
# and the media worker's container image, whose entry point is the media-worker bootstrap.
all_functions() {
  template_binaries
  grep -q 'Dockerfile: functions/media-worker/Dockerfile' "$ROOT/template.yaml" && echo media-worker
}
mapfile -t TEMPLATE_FUNCTIONS < <(all_functions)
if [[ -n "$ONLY" ]]; then
  IFS=, read -ra FUNCTIONS <<<"$ONLY"
  for b in "${FUNCTIONS[@]}"; do
    [[ " ${TEMPLATE_FUNCTIONS[*]} " == *" $b "* ]] || die "'$b' is not a function of template.yaml (${TEMPLATE_FUNCTIONS[*]})"
  done
else
  FUNCTIONS=("${TEMPLATE_FUNCTIONS[@]}")
fi
BUILD=("${FUNCTIONS[@]}")
for b in "${HOT[@]}"; do [[ " ${BUILD[*]} " == *" $b "* ]] || BUILD+=("$b"); done
bins=(--bin bench-hello-lambda)
for b in "${BUILD[@]}"; do bins+=(--bin "$b"); done

# ------------------------------------------------------------------ builds
# One cargo invocation for every bootstrap and hello-world: each dependency and each function's
# crate is compiled once, on every core.
build_json="$WORK/build.json"
if ((SMOKE)); then
  heading "Debug builds (smoke)"
  cargo build "${bins[@]}"
  BIN_DIR="$CARGO_TARGET/debug"
  echo '{}' >"$build_json"
else
  heading "Builds, profile $PROFILE, in ${BENCH_TARGET/#"$HOME"/\~}: ${#BUILD[@]} functions and hello-world (nice'd: the machine is shared)"
  t0=$SECONDS
  CARGO_TARGET_DIR="$BENCH_TARGET" nice -n 10 cargo build --profile "$PROFILE" "${bins[@]}"
  build_s=$((SECONDS - t0))
  BIN_DIR="$BENCH_TARGET/$PROFILE"
  "$VENV/bin/python" - "$build_json" "$build_s" "${#BUILD[@]}" "$PROFILE" <<'PY'
import json, sys
out, seconds, n, profile = sys.argv[1:]
what = {"bench-release": "bench-release profile (release without fat LTO, 16 codegen units)",
        "release": "release profile (fat LTO, 1 codegen unit: what deploys)"}[profile]
json.dump({"profile": profile, "build_seconds": int(seconds), "rows": [{
    "subject": f"one `cargo build` of {n} functions and hello-world, {what}; dependencies included when this "
               "target directory had not built them for this profile",
    "measured": f"{int(seconds) // 60} min {int(seconds) % 60:02d} s", "beside": "—", "ratio": "—"}]}, open(out, "w"))
PY
fi

# ------------------------------------------------------------------ data
heading "Emulators and the set-up gateway (prefix $PREFIX, port $PORT)"
if ! "$SCRIPTS/emulators.sh" status --profile test >/dev/null 2>&1; then
  "$SCRIPTS/emulators.sh" start --profile test
  EMULATORS_STARTED=1
fi
cargo build -q -p storyhive-gateway --bin storyhive-local
need_port_free "$PORT" "the bench gateway" STORYHIVE_BENCH_PORT
gateway_env test "$PREFIX" "$PORT"
"$GATEWAY_BIN" seed >/dev/null
start_bg "$GATEWAY" "$GATEWAY_LOG" "$GATEWAY_BIN" serve --port "$PORT" --web-dir "$ROOT/web/dist"
wait_for_http "http://127.0.0.1:$PORT/api/health" --status 200 --timeout 60 --pid "$GATEWAY" --log "$GATEWAY_LOG"

# ------------------------------------------------------------------ measure
heading "Measuring"
functions=$(IFS=,; echo "${FUNCTIONS[*]}")
args=(--bin-dir "$BIN_DIR" --functions "$functions" --api "http://127.0.0.1:$PORT/api"
  --ddb-port "$DDB_PORT" --moto-endpoint "http://127.0.0.1:$MOTO_PORT" --prefix "$PREFIX"
  --build-json "$build_json")
if ((SMOKE)); then
  args+=(--cold-runs 1 --iterations 1 --warmup 1 --contributors 1 2 --pipeline-contributors 2 --workers 2)
else
  args+=(--doc "$ROOT/docs/BENCHMARKS.md")
fi
[[ -d "$ROOT/dist-lambda" ]] && args+=(--zip-dir "$ROOT/dist-lambda")
# The set-up gateway runs the workers: it is stopped before the upload pipeline is measured.
args+=(--work-dir "$WORK" --gateway-pid "$(running_pid "$GATEWAY" storyhive-local)" --started-at "$STARTED_AT" --load-at-start "$LOAD_AT_START")
"$VENV/bin/python" "$SCRIPTS/bench/bench.py" "${args[@]}"
ok "bench done in $(fmt_duration $((SECONDS - START)))"
