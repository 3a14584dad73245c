#!/usr/bin/env bash
# Time to ready (issue 27), a benchmark (not a test): from the moment a take's upload
# completes (its object is in the bucket) to the moment its answer says "ready" with its
# transcript, through the upload and media workers' own code against the test emulators
# (functions/media-worker/examples/ready.rs). Record the figures, with the load average
# it prints, in docs/BENCHMARKS.md ("Time to ready").
#
#   ./infra/scripts/bench-ready.sh                  # the three takes below
#   TAKES="chrome safari" ./infra/scripts/bench-ready.sh
#
# The takes, made here once (kept in .local/bench-ready/) as they arrive, each with
# espeak-ng reading a text throughout:
#   chrome  60 s recorded by Chrome: 1280x720 at 30 fps, VP8 and Opus in WebM.
#   safari  60 s recorded by Safari: 1280x720 at 30 fps, H.264 and AAC in MP4 with its
#           index at the end (ffmpeg's default layout).
#   long    a 10-minute uploaded file that must be converted: 1280x720 at 30 fps,
#           MPEG-4 Part 2 and AAC in MP4.
# Uses the test emulators' ports (STORYHIVE_TEST_DYNAMODB_PORT, STORYHIVE_TEST_MOTO_PORT);
# starts them if they are not running and stops them after if it started them.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

TAKES="${TAKES:-chrome safari long}"
ensure_whisper
command -v ffmpeg >/dev/null 2>&1 || ensure_apt_packages ffmpeg
command -v espeak-ng >/dev/null 2>&1 || ensure_apt_packages espeak-ng
ensure_rust

dir="$LOCAL_DIR/bench-ready"
mkdir -p "$dir"
if [[ ! -s "$dir/speech.wav" ]]; then
  text="Thank you for asking about our garden. I live in London with my family. Every summer we grow tomatoes, beans and potatoes together with our neighbours. The children water the plants in the morning and we share the harvest in the autumn. It brings the street together and we have made many friends."
  for _ in $(seq 1 20); do echo "$text"; done >"$dir/text.txt"
  espeak-ng -v en-us -s 140 -g 5 -f "$dir/text.txt" -w "$dir/speech.wav"
fi
make_take() { # NAME SECONDS ffmpeg-output-args...
  local name=$1 seconds=$2
  shift 2
  [[ -s "$dir/$name" ]] && return 0
  log "Making $name (${seconds} s)"
  # The speech loops to fill a long take.
  ffmpeg -hide_banner -loglevel error -y -f lavfi -i "testsrc2=size=1280x720:rate=30" \
    -stream_loop -1 -i "$dir/speech.wav" -t "$seconds" "$@" "$dir/partial-$name"
  mv "$dir/partial-$name" "$dir/$name"
}
args=()
for take in $TAKES; do
  case "$take" in
    chrome)
      make_take chrome-60s.webm 60 -c:v libvpx -b:v 1500k -deadline realtime -cpu-used 8 -c:a libopus
      args+=("landscape:$dir/chrome-60s.webm")
      ;;
    safari)
      make_take safari-60s.mp4 60 -c:v libx264 -preset veryfast -pix_fmt yuv420p -c:a aac -b:a 128k -f mp4
      args+=("landscape:$dir/safari-60s.mp4")
      ;;
    long)
      make_take upload-10min.mp4 600 -c:v mpeg4 -q:v 5 -c:a aac -b:a 128k -f mp4
      args+=("landscape:$dir/upload-10min.mp4")
      ;;
    *) die "unknown take '$take' (chrome, safari or long)" ;;
  esac
done

profile_ports test
started=""
if ! "$SCRIPTS/emulators.sh" status --profile test >/dev/null 2>&1; then
  "$SCRIPTS/emulators.sh" start --profile test
  started=1
fi
cleanup() { [[ -z "$started" ]] || "$SCRIPTS/emulators.sh" stop --profile test; }
trap cleanup EXIT
emulator_env test
# Its own resources, whatever STORYHIVE_PREFIX the shell has (the tests' queues may hold
# messages left by tests: they would be worked before the takes measured here).
export STORYHIVE_PREFIX="${STORYHIVE_BENCH_READY_PREFIX:-storyhive-bench-ready}"

log "Building the benchmark"
cargo build -q -p storyhive-media-worker --example ready
log "Time to ready on $(nproc) cores, load average now: $(cut -d' ' -f1-3 /proc/loadavg)"
cargo run -q -p storyhive-media-worker --example ready -- "$WHISPER_VENV/bin/python" "${args[@]}"
