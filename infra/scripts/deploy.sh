#!/usr/bin/env bash
# Deploys Storyhive to AWS with SAM, then publishes the web app.
#
#   ./infra/scripts/deploy.sh dev|prod [--yes]
#
#   1. package.sh             release build of every function (ARCH from samconfig.toml)
#   2. sam build              --config-env ENV (BuildMethod rust-cargolambda, reuses the build)
#   3. sam deploy             --config-env ENV (asks to confirm the change set unless --yes)
#   4. web build              VITE_API_BASE_URL=/api (CloudFront serves the API under
#                             /api on the app's own origin, as the local gateway does)
#   5. s3 sync                web/dist -> WebBucket (hashed assets immutable, the rest no-cache)
#   6. CloudFront invalidation of /*
#
# Needs AWS credentials for the target account in the environment (AWS_PROFILE
# or AWS_ACCESS_KEY_ID/...). Tools (sam, aws, cargo-lambda, zig) come from .venv.
# See docs/DEPLOY.md.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

ENV_NAME="" YES=0
for arg in "$@"; do
  case "$arg" in
    --yes | -y) YES=1 ;;
    -h | --help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) die "unknown option '$arg'" ;;
    *) [[ -z "$ENV_NAME" ]] || die "one environment at a time"; ENV_NAME=$arg ;;
  esac
done
[[ -n "$ENV_NAME" ]] || die "usage: infra/scripts/deploy.sh dev|prod [--yes]"
START=$SECONDS

ensure_venv "$SCRIPTS/requirements-package.txt"
export PATH="$VENV/bin:$PATH"
export SAM_CLI_TELEMETRY=0
# Never let the local emulator endpoints leak into a real deploy.
unset AWS_ENDPOINT_URL AWS_ENDPOINT_URL_DYNAMODB AWS_ENDPOINT_URL_S3 AWS_ENDPOINT_URL_SQS AWS_ENDPOINT_URL_SES

# ---- read samconfig.toml: stack name, region, architecture of ENV
read -r STACK REGION ARCH BUILD_ARCH < <("$VENV/bin/python" - "$ROOT/samconfig.toml" "$ENV_NAME" <<'PY'
import shlex, sys, tomllib
cfg = tomllib.load(open(sys.argv[1], "rb"))
env = sys.argv[2]
if env not in cfg or "deploy" not in cfg[env]:
    sys.exit(f"samconfig.toml has no [{env}.deploy.parameters]")
dep = cfg[env]["deploy"]["parameters"]
glob = cfg[env].get("global", {}).get("parameters", {})
def arch(params):
    for kv in shlex.split(params.get("parameter_overrides", "")):
        k, _, v = kv.partition("=")
        if k == "Architecture":
            return v
    return "arm64"  # template.yaml default
build = cfg[env].get("build", {}).get("parameters", {})
print(dep["stack_name"], dep.get("region") or glob.get("region", "eu-west-1"), arch(dep), arch(build))
PY
) || die "could not read [$ENV_NAME] from samconfig.toml"
[[ "$ARCH" == "$BUILD_ARCH" ]] ||
  die "samconfig.toml: Architecture differs between [$ENV_NAME.deploy.parameters] ($ARCH) and [$ENV_NAME.build.parameters] ($BUILD_ARCH)"
log "Environment $ENV_NAME: stack $STACK in $REGION, functions for $ARCH"

aws sts get-caller-identity --region "$REGION" --output text --query Account >/dev/null 2>&1 ||
  die "No usable AWS credentials (aws sts get-caller-identity failed). Set AWS_PROFILE or AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY for the target account."

heading "1/6 package (ARCH=$ARCH)"
ARCH="$ARCH" "$SCRIPTS/package.sh"

heading "2/6 sam build --config-env $ENV_NAME"
sam build --config-env "$ENV_NAME" --template "$ROOT/template.yaml"

heading "3/6 sam deploy --config-env $ENV_NAME"
deploy_args=(--config-env "$ENV_NAME")
((YES)) && deploy_args+=(--no-confirm-changeset)
sam deploy "${deploy_args[@]}"

output() {
  aws cloudformation describe-stacks --region "$REGION" --stack-name "$STACK" \
    --query "Stacks[0].Outputs[?OutputKey=='$1'].OutputValue" --output text
}
API_URL=$(output ApiUrl)
WEB_BUCKET=$(output WebBucketName)
DIST_ID=$(output DistributionId)
DIST_DOMAIN=$(output DistributionDomain)
[[ -n "$API_URL" && "$API_URL" != None && -n "$WEB_BUCKET" && -n "$DIST_ID" ]] ||
  die "stack $STACK has no ApiUrl/WebBucketName/DistributionId outputs"

# The app calls the API on its own origin: CloudFront forwards /api/* to the HTTP API
# (template.yaml, WebDistribution), exactly as the local gateway serves it. ApiUrl (the
# API Gateway host) stays an output for integrators.
heading "4/6 web build (VITE_API_BASE_URL=/api)"
ensure_node_modules "$ROOT/web"
(cd "$ROOT/web" && VITE_API_BASE_URL=/api npm run build)

heading "5/6 upload web/dist to s3://$WEB_BUCKET"
# Hashed assets first (cached for a year), then everything else (revalidated),
# so a browser never gets an index.html whose assets are not there yet.
# Old assets are kept for clients that still hold an older index.html (or whose
# service worker still serves one: a new version waits until no recording is under way).
# The service worker sw.js is among "everything else": no-cache, so browsers find a
# new version on the next visit (CloudFront's CachingOptimized keeps it 1 s at most).
if [[ -d "$ROOT/web/dist/assets" ]]; then
  aws s3 sync "$ROOT/web/dist/assets" "s3://$WEB_BUCKET/assets" --region "$REGION" \
    --cache-control "public,max-age=31536000,immutable" --only-show-errors
fi
aws s3 sync "$ROOT/web/dist" "s3://$WEB_BUCKET" --region "$REGION" --exclude "assets/*" \
  --cache-control "no-cache" --delete --only-show-errors

heading "6/6 CloudFront invalidation"
aws cloudfront create-invalidation --distribution-id "$DIST_ID" --paths '/*' \
  --query 'Invalidation.Id' --output text

echo
ok "deployed $ENV_NAME in $(fmt_duration $((SECONDS - START)))"
echo "  web app: https://$DIST_DOMAIN  (API at /api)"
echo "  API:     $API_URL  (API Gateway, for integrators)"
