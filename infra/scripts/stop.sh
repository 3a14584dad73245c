#!/usr/bin/env bash
# Stops what ./infra/scripts/start.sh started: the local gateway and the dev
# emulators (of the ports configured now: STORYHIVE_PORT, STORYHIVE_DYNAMODB_PORT,
# STORYHIVE_MOTO_PORT). With --all: everything recorded in .local/pids/, any
# profile and any port (test emulators, the e2e gateway, ...).
#
#   ./infra/scripts/stop.sh [--all]
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

ALL=0
for arg in "$@"; do
  case "$arg" in
    --all) ALL=1 ;;
    -h | --help) sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown option '$arg'" ;;
  esac
done

if ((ALL)); then
  shopt -s nullglob
  # Gateways first, then the emulators they talk to.
  for f in "$PID_DIR"/*gateway*.pid "$PID_DIR"/*.pid; do
    [[ -f "$f" ]] || continue
    name=$(basename "$f" .pid)
    stop_pid "$name" "$name"
  done
else
  stop_pid "gateway-${STORYHIVE_PORT:-3000}" "the gateway"
  "$SCRIPTS/emulators.sh" stop --profile dev
fi
ok "stopped"
