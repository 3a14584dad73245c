#!/usr/bin/env bash
# Checks template.yaml offline:
#   1. sam validate --lint   (cfn-lint over the SAM-transformed template)
#   2. sam validate          (SAM translator)
#   3. cfn-lint over SAM's OUTPUT (infra/scripts/sam_transform.py): what SAM adds
#      (roles, permissions, event mappings) can create problems step 1 cannot see,
#      e.g. a circular dependency
#   4. every function's Metadata.BuildProperties.Binary is a binary of the
#      Cargo workspace (skipped while there is no Cargo.toml).
# Needs no AWS account: region and credentials are dummies, nothing is called.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

ensure_venv "$SCRIPTS/requirements-local.txt" "$SCRIPTS/requirements-test.txt"

# sam validate (without --lint) needs a region; with dummy credentials and no
# instance metadata lookups it stays offline. Telemetry off.
export SAM_CLI_TELEMETRY=0 SAM_CLI_CONTAINER_CONNECTION_TIMEOUT=1
export AWS_DEFAULT_REGION=eu-west-1 AWS_REGION=eu-west-1
export AWS_ACCESS_KEY_ID=validate AWS_SECRET_ACCESS_KEY=validate
export AWS_EC2_METADATA_DISABLED=true
unset AWS_PROFILE AWS_SESSION_TOKEN AWS_ENDPOINT_URL AWS_ENDPOINT_URL_DYNAMODB

log "sam validate --lint (template.yaml)"
"$VENV/bin/sam" validate --lint --template "$ROOT/template.yaml"
log "sam validate (SAM translation)"
"$VENV/bin/sam" validate --template "$ROOT/template.yaml"
log "cfn-lint over the SAM-transformed template (circular dependencies, ...)"
transformed=$(mktemp --suffix=.json)
trap 'rm -f "$transformed"' EXIT
"$VENV/bin/python" "$SCRIPTS/sam_transform.py" "$ROOT/template.yaml" >"$transformed"
"$VENV/bin/cfn-lint" "$transformed" || die "the SAM-transformed template fails cfn-lint (above)"

mapfile -t bins < <(template_binaries)
((${#bins[@]})) || die "template.yaml names no function binaries (Metadata.BuildProperties.Binary)"
if [[ -f "$ROOT/Cargo.toml" ]] && command -v cargo >/dev/null 2>&1; then
  log "Function binaries named in template.yaml exist in the Cargo workspace"
  workspace_bins=$(cargo metadata --no-deps --format-version 1 --offline 2>/dev/null |
    "$VENV/bin/python" -c '
import json, sys
meta = json.load(sys.stdin)
for p in meta["packages"]:
    for t in p["targets"]:
        if "bin" in t["kind"]:
            print(t["name"])
') || die "cargo metadata failed; is Cargo.toml valid?"
  missing=()
  for b in "${bins[@]}"; do
    grep -qx -- "$b" <<<"$workspace_bins" || missing+=("$b")
  done
  ((${#missing[@]} == 0)) ||
    die "template.yaml names binaries the workspace does not build: ${missing[*]} (workspace binaries: $(tr "\n" " " <<<"$workspace_bins"))"
  ok "binaries: ${bins[*]}"
else
  warn "no Cargo.toml (or no cargo): skipped the check that template binaries exist (${bins[*]})"
fi
ok "template.yaml is valid"
