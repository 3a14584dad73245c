#!/usr/bin/env bash
# Storyhive's benchmark: cold start, request cost, upload pipeline and build, as ratios to yardsticks
# measured side by side in the same run (absolute times on a shared machine are noise).
# Prints one table and writes it to docs/BENCHMARKS.md (its own section; the others stay).
#
#   ./infra/scripts/bench.sh             # the full run (release builds; about 13 min on 2 cores
#                                        # once the release dependencies are built)
#   ./infra/scripts/bench.sh --smoke     # one iteration of everything on debug builds, nothing
#                                        # written (run by test.sh so that the bench cannot rot)
#   ./infra/scripts/bench.sh --all-functions   # cold start of every function, not only the
#                                        # hot endpoints' (adds about 1.5 min of build per function)
#   ./infra/scripts/bench.sh --no-build-comparison   # without the thin-LTO build of campaigns
#                                        # (two links of campaigns: about 4 min on 2 cores)
#
# What it measures (infra/scripts/bench/bench.py):
#   cold start  exec -> first poll of a local fake Lambda runtime API, median of 20, each
#               function next to a hello-world Rust Lambda (infra/bench/hello-lambda) built with
#               the same profile; bootstrap sizes
#   request     GET /campaign/all-campaigns, a contributor's journey, journey save, the dashboard:
#               p50/p95 through the release-built handler, next to the DynamoDB calls it makes
#               replayed alone against the same DynamoDB Local; DynamoDB requests and items read
#               per call at 3 and 30 contributors (they must not grow)
#   pipeline    takes recorded per second by release upload-worker instances fed the S3 events
#               of real multipart uploads (made through the release contributors handler), each
#               event delivered twice: none lost, none counted twice (bench.py --no-pipeline skips)
#   build       the release build of the functions measured; then the crate of one function's
#               binary (campaigns), where the program is optimised and linked, with the release
#               profile as it is next to thin LTO and 16 codegen units (the same dependencies)
# Uses the test emulators (ports STORYHIVE_TEST_DYNAMODB_PORT / STORYHIVE_TEST_MOTO_PORT), its
# own resource prefix (storyhive-bench) and a set-up gateway on STORYHIVE_BENCH_PORT (3500).
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

SMOKE=0 ALL=0 COMPARE=1
while (($#)); do
  case "$1" in
    --smoke) SMOKE=1; shift ;;
    --no-build-comparison) COMPARE=0; shift ;;
    --all-functions) ALL=1; shift ;;
    -h | --help) sed -n '2,30p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown option '$1' (see --help)" ;;
  esac
done

START=$SECONDS
PORT="${STORYHIVE_BENCH_PORT:-3500}"
PREFIX=storyhive-bench
GATEWAY_BIN="$CARGO_TARGET/debug/storyhive-local"
GATEWAY="bench-gateway-$PORT"
GATEWAY_LOG="$LOG_DIR/bench-gateway-$PORT.log"
WORK="$LOCAL_DIR/bench"
# The hot endpoints' functions and the upload worker: always built, measured at every step.
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
if ((ALL)); then
  mapfile -t FUNCTIONS < <(template_binaries)
  for b in "${HOT[@]}"; do [[ " ${FUNCTIONS[*]} " == *" $b "* ]] || FUNCTIONS+=("$b"); done
else
  FUNCTIONS=("${HOT[@]}")
fi
bins=(--bin bench-hello-lambda)
for b in "${FUNCTIONS[@]}"; do bins+=(--bin "$b"); done

# ------------------------------------------------------------------ builds
build_json="$WORK/build.json"
if ((SMOKE)); then
  heading "Debug builds (smoke)"
  cargo build "${bins[@]}"
  BIN_DIR="$CARGO_TARGET/debug"
  echo '{}' >"$build_json"
else
  heading "Release builds: ${FUNCTIONS[*]} and hello-world (nice'd: the machine is shared)"
  t0=$SECONDS
  nice -n 10 cargo build --release "${bins[@]}"
  first_build=$((SECONDS - t0))
  BIN_DIR="$CARGO_TARGET/release"

  # The build comparison on one representative function: its binary's crate, where the whole
  # program is optimised and linked (LTO), built with the profile as it is, then with thin LTO
  # and 16 codegen units. The dependencies are the ones just built (cargo rustc passes the
  # flags to that crate only), so the comparison costs two links, not a second dependency build.
  MAIN_RS="$ROOT/functions/campaigns/src/main.rs"
  final_crate() { # final_crate [rustc flags...] -> seconds
    touch "$MAIN_RS"
    local t=$SECONDS
    if (($#)); then
      nice -n 10 cargo rustc -q --release -p storyhive-campaigns --bin campaigns -- "$@" >&2
    else
      nice -n 10 cargo build -q --release --bin campaigns >&2
    fi
    echo $((SECONDS - t))
  }
  if ((COMPARE)); then
  heading "Build comparison on campaigns: thin LTO, 16 codegen units"
  thin_s=$(final_crate -C lto=thin -C codegen-units=16)
  cp "$BIN_DIR/campaigns" "$BIN_DIR/campaigns-thin-lto"
  # Last, so that the bootstrap measured next is the profile's own.
  heading "Build comparison on campaigns: the release profile as it is"
  fat_s=$(final_crate)
  "$VENV/bin/python" - "$build_json" "$first_build" "$fat_s" "$thin_s" "$BIN_DIR/campaigns" "$BIN_DIR/campaigns-thin-lto" \
    "${#FUNCTIONS[@]}" <<'PY'
import json, os, sys
out, first, fat, thin, fat_bin, thin_bin, n = sys.argv[1:]
fat, thin = int(fat), int(thin)
fs, ts = os.path.getsize(fat_bin), os.path.getsize(thin_bin)
rows = [
    {"subject": f"release build of {n} functions and hello-world in this run (dependencies included when not built yet)",
     "measured": f"{first} s", "beside": "—", "ratio": "—"},
    {"subject": "`campaigns`: its binary's crate, where the program is optimised and linked, with the dependencies built; profile as it is (fat LTO, 1 codegen unit)",
     "measured": f"{fat} s, bootstrap {fs / 1048576:.1f} MB",
     "beside": f"thin LTO, 16 codegen units: {thin} s, bootstrap {ts / 1048576:.1f} MB",
     "ratio": f"time {thin / max(fat, 1):.2f}×, size {ts / fs:.2f}×"},
]
json.dump({"rows": rows}, open(out, "w"))
PY
  FUNCTIONS+=(campaigns-thin-lto)
  else
    "$VENV/bin/python" - "$build_json" "$first_build" "${#FUNCTIONS[@]}" <<'PY'
import json, sys
out, first, n = sys.argv[1:]
json.dump({"rows": [{"subject": f"release build of {n} functions and hello-world in this run (dependencies included when not built yet); the thin-LTO comparison was not run (--no-build-comparison)",
                     "measured": f"{first} s", "beside": "—", "ratio": "—"}]}, open(out, "w"))
PY
  fi
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
args+=(--work-dir "$WORK" --gateway-pid "$(running_pid "$GATEWAY" storyhive-local)")
"$VENV/bin/python" "$SCRIPTS/bench/bench.py" "${args[@]}"
ok "bench done in $(fmt_duration $((SECONDS - START)))"
