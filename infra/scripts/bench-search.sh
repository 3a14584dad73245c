#!/usr/bin/env bash
# Benchmark of video search on this machine (not a test): p50/p95 of a first page of
# results, filtered and by text, with synthetic answers in DynamoDB Local (the test
# profile's instance, in memory, a table of its own: storyhive-bench-search). Record the
# figures in docs/BENCHMARKS.md.
#
#   ./infra/scripts/bench-search.sh                  # 10,000 then 100,000 answers
#   ANSWERS="2000" RUNS=5 ./infra/scripts/bench-search.sh   # a quick smoke (seconds)
#   RELEASE=1 ./infra/scripts/bench-search.sh        # an optimised build (slow to compile)
#
# Loading uses BatchWriteItem, 16 requests in parallel; 100,000 answers are about
# 1.9 million items and take several minutes to load into DynamoDB Local.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

ANSWERS="${ANSWERS:-10000 100000}"
RUNS="${RUNS:-50}"
ensure_rust
"$SCRIPTS/emulators.sh" start --profile test >/dev/null

export AWS_REGION=eu-west-1 AWS_DEFAULT_REGION=eu-west-1 AWS_ACCESS_KEY_ID=local AWS_SECRET_ACCESS_KEY=local \
  AWS_EC2_METADATA_DISABLED=true
export AWS_ENDPOINT_URL="http://127.0.0.1:${STORYHIVE_TEST_MOTO_PORT:-4666}"
export AWS_ENDPOINT_URL_DYNAMODB="http://127.0.0.1:${STORYHIVE_TEST_DYNAMODB_PORT:-8100}"
export STAGE=bench TABLE_NAME=storyhive-bench-search APP_BASE_URL=http://localhost VIDEO_BUCKET=storyhive-bench-videos
export RUST_LOG=warn

profile=()
build="debug"
if [ "${RELEASE:-}" = "1" ]; then profile=(--release); build="release"; fi
log "Building the benchmark ($build build)"
cargo build -q -p storyhive-search --example bench_search "${profile[@]}"
for answers in $ANSWERS; do
  log "$answers synthetic answers, $RUNS runs per search ($(nproc) cores, $build build)"
  cargo run -q -p storyhive-search --example bench_search "${profile[@]}" -- --answers "$answers" --runs "$RUNS"
done
