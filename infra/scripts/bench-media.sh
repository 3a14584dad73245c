#!/usr/bin/env bash
# Benchmark of the media worker on this machine (not a test): how fast a take is
# converted to the web-playable MP4 (as a multiple of real time), how long
# Whisper (tiny.en) takes per minute of speech, and how fast a generated video is rendered
# from a cut list of it (as a multiple of real time). Record the figures in
# docs/BENCHMARKS.md.
#
#   ./infra/scripts/bench-media.sh            # a 60 s take
#   SECONDS_OF_SPEECH=120 ./infra/scripts/bench-media.sh
#
# The take is made here as a browser records it: 1280x720 at 30 fps, VP8 and Opus in
# WebM, its sound espeak-ng reading a text for the whole length.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

LENGTH="${SECONDS_OF_SPEECH:-60}"
ensure_whisper
command -v ffmpeg >/dev/null 2>&1 || ensure_apt_packages ffmpeg
ensure_apt_packages espeak-ng
ensure_rust

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
text="Thank you for asking about our garden. I live in London with my family. Every summer we grow tomatoes, beans and potatoes together with our neighbours. The children water the plants in the morning and we share the harvest in the autumn. It brings the street together and we have made many friends."
: >"$work/text.txt"
for _ in $(seq 1 20); do echo "$text" >>"$work/text.txt"; done
log "Making a ${LENGTH} s take (espeak-ng speech, 1280x720 VP8/Opus WebM)"
espeak-ng -v en-us -s 140 -g 5 -f "$work/text.txt" -w "$work/speech.wav"
ffmpeg -hide_banner -loglevel error -y -f lavfi -i "testsrc2=size=1280x720:rate=30" -i "$work/speech.wav" \
  -t "$LENGTH" -c:v libvpx -b:v 1500k -deadline realtime -cpu-used 8 -c:a libopus "$work/take.webm"

log "Running the worker's conversion, transcription and render ($(nproc) cores)"
cargo run -q -p storyhive-media-worker --example bench_media -- "$work/take.webm" "$WHISPER_VENV/bin/python"
