#!/usr/bin/env bash
# A busy campaign as a load test: C collaborators record A answers each at once, uploading their
# takes part by part through a local gateway and its real workers (upload worker, media worker:
# ffmpeg and Whisper). Bounded in count and time, loopback only, stops by itself.
#
#   ./infra/scripts/bench-load.sh              # 200 collaborators x 2 answers of 60 s, at most
#                                              # 30 min from the first upload; the report goes
#                                              # to docs/BENCHMARKS.md (its own section)
#   ./infra/scripts/bench-load.sh --smoke      # 6 x 2 takes of 2 s: every take must be ready,
#                                              # none lost, none counted twice (test.sh's bench
#                                              # step; about a minute on a quiet machine, at most
#                                              # 8 min when it is loaded; nothing written)
#   ./infra/scripts/bench-load.sh --collaborators 50 --answers 2 --max-minutes 10 --no-doc
#   ./infra/scripts/bench-load.sh --profile bench-release   # the gateway optimised, as Lambda
#                                              # runs the functions (a debug gateway spends the
#                                              # CPU its workers need; the smoke stays debug)
#
# Options (passed to infra/scripts/bench/load.py; --help there lists all): --collaborators N
# (1..1000), --answers N (1..3), --seconds S (take length), --kinds webm,mp4 (Chrome-like
# VP8/Opus WebM and Safari-like H.264/AAC MP4, shared out in turn), --max-minutes M (hard
# limit, 180 at most), --max-inflight N (HTTP requests in flight, 32), --pace recording|flat
# (parts sent as the recording makes them, or at once), --no-doc (print only).
#
# Report: takes lost (must be 0), takes counted twice (0), sign-part and complete p50/p95, time
# until the last take is ready (media ready with its transcript) or how many were ready when the
# limit cut the run and at what rate, failed takes with their reasons, and the first bottleneck
# with its evidence (queue depths over time, CPU of the gateway, ffmpeg, Whisper, moto and
# DynamoDB Local, DynamoDB Local's latency). Exit status 1 when an invariant fails.
#
# Needs free disk in the temporary folder for moto's objects and the media worker's files: about
# three times the takes' bytes and 2 GB (22.7 GB for the default run); it refuses to start with less.
#
# Uses the test emulators (STORYHIVE_TEST_DYNAMODB_PORT / STORYHIVE_TEST_MOTO_PORT, reused when
# running, else started and stopped again), its own resource prefix (storyhive-load) and its
# own gateway on STORYHIVE_LOAD_PORT (3600), stopped at the end.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

SMOKE=0 DOC=1 PROFILE=debug
ARGS=()
while (($#)); do
  case "$1" in
    --smoke) SMOKE=1; shift ;;
    --no-doc) DOC=0; shift ;;
    --profile) PROFILE="${2:?--profile needs debug or bench-release}"; shift 2 ;;
    --api | --moto-endpoint | --ddb-port | --prefix | --gateway-pid | --gateway-profile | --moto-pid | --ddb-pid | --tap-pid | --tap-stats | --doc)
      die "$1 is set by bench-load.sh itself" ;;
    -h | --help) sed -n '2,35p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) ARGS+=("$1"); shift ;;
  esac
done

case "$PROFILE" in
  debug | bench-release) ;;
  *) die "unknown profile '$PROFILE' (debug or bench-release)" ;;
esac
START=$SECONDS
PORT="${STORYHIVE_LOAD_PORT:-3600}"
PREFIX=storyhive-load
# An optimised gateway is built where bench.sh builds its bootstraps (bench_target_dir in
# lib.sh: kept between runs and clones, the dependencies shared with bench.sh's).
if [[ "$PROFILE" == debug ]]; then BUILD_TARGET="$CARGO_TARGET"; else BUILD_TARGET=$(bench_target_dir); fi
GATEWAY_BIN="$BUILD_TARGET/$PROFILE/storyhive-local"
GATEWAY="load-gateway-$PORT"
GATEWAY_LOG="$LOG_DIR/load-gateway-$PORT.log"
WORK="$LOCAL_DIR/bench-load"
TAP="load-ddb-tap-$PORT"
TAP_ENDPOINT="$WORK/ddb-tap.endpoint"
TAP_STATS="$WORK/ddb-tap.json"
mkdir -p "$WORK"

EMULATORS_STARTED=0
cleanup() {
  stop_pid "$GATEWAY" "the load gateway" || true
  stop_pid "$TAP" "the DynamoDB tap" || true
  if ((EMULATORS_STARTED)); then "$SCRIPTS/emulators.sh" stop --profile test || true; fi
}
trap cleanup EXIT

ensure_rust
ensure_venv "$SCRIPTS/requirements-local.txt"
command -v ffmpeg >/dev/null 2>&1 || ensure_apt_packages ffmpeg
ensure_apt_packages espeak-ng
ensure_whisper
ensure_java
ensure_node_modules "$EMULATORS_DIR"

heading "Emulators and the load gateway (prefix $PREFIX, port $PORT)"
profile_ports test
if ! "$SCRIPTS/emulators.sh" status --profile test >/dev/null 2>&1; then
  "$SCRIPTS/emulators.sh" start --profile test
  EMULATORS_STARTED=1
fi
if [[ "$PROFILE" == debug ]]; then
  cargo build -q -p storyhive-gateway --bin storyhive-local
else
  CARGO_TARGET_DIR="$BUILD_TARGET" nice -n 10 cargo build -q --profile "$PROFILE" -p storyhive-gateway --bin storyhive-local
fi
need_port_free "$PORT" "the load gateway" STORYHIVE_LOAD_PORT
gateway_env test "$PREFIX" "$PORT"
"$GATEWAY_BIN" seed >/dev/null
# The gateway reaches DynamoDB Local through a counting proxy (infra/scripts/bench/ddb_tap.py):
# write units per kind of item, the busiest item's writes a second, DynamoDB Local's latency.
rm -f "$TAP_ENDPOINT" "$TAP_STATS"
start_bg "$TAP" "$LOG_DIR/$TAP.log" "$VENV/bin/python" "$SCRIPTS/bench/ddb_tap.py" --upstream-port "$DDB_PORT" \
  --endpoint-file "$TAP_ENDPOINT" --out "$TAP_STATS"
for _ in $(seq 1 100); do [[ -s "$TAP_ENDPOINT" ]] && break; sleep 0.1; done
[[ -s "$TAP_ENDPOINT" ]] || die "the DynamoDB tap did not start; see $LOG_DIR/$TAP.log"
export AWS_ENDPOINT_URL_DYNAMODB="$(<"$TAP_ENDPOINT")"
start_bg "$GATEWAY" "$GATEWAY_LOG" "$GATEWAY_BIN" serve --port "$PORT" --web-dir "$ROOT/web/dist" \
  --asr-python "$WHISPER_VENV/bin/python"
wait_for_http "http://127.0.0.1:$PORT/api/health" --status 200 --timeout 60 --pid "$GATEWAY" --log "$GATEWAY_LOG"

heading "Load"
args=(--api "http://127.0.0.1:$PORT/api" --moto-endpoint "http://127.0.0.1:$MOTO_PORT" --ddb-port "$DDB_PORT"
  --prefix "$PREFIX" --work-dir "$WORK"
  --gateway-pid "$(running_pid "$GATEWAY" storyhive-local)" --gateway-profile "$PROFILE"
  --moto-pid "$(running_pid "test-moto-$MOTO_PORT" || echo 0)"
  --ddb-pid "$(running_pid "test-dynamodb-$DDB_PORT" || echo 0)"
  --tap-pid "$(running_pid "$TAP" ddb_tap.py)" --tap-stats "$TAP_STATS")
if ((SMOKE)); then
  # Short takes, every one ready within the limit: the invariants end to end, in about a minute.
  args+=(--collaborators 6 --answers 2 --seconds 2 --size 640x360 --max-minutes 8 --ramp-seconds 1
    --sample-seconds 2 --require-ready)
elif ((DOC)); then
  args+=(--doc "$ROOT/docs/BENCHMARKS.md")
fi
rc=0
"$VENV/bin/python" "$SCRIPTS/bench/load.py" "${args[@]}" "${ARGS[@]}" || rc=$?
if ((rc != 0)); then
  echo "---- errors in the end of ${GATEWAY_LOG#"$ROOT"/}:" >&2
  grep -E ' (ERROR|WARN)' "$GATEWAY_LOG" | tail -n 20 >&2 || true
fi
ok "bench-load done in $(fmt_duration $((SECONDS - START))) (exit $rc)"
exit "$rc"
