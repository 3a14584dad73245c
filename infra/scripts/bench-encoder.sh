#!/usr/bin/env bash
# Encoder settings for the media worker's web copy (issue 27), a benchmark (not a test):
# re-encodes a take with each x264 setting below, as `ffmpeg::transcode` does (scaled and
# padded to the frame, AAC, +faststart), and prints the seconds taken, the file's size and
# its SSIM against the source. Record the figures in docs/BENCHMARKS.md ("Encoder settings").
#
#   ./infra/scripts/bench-encoder.sh                      # the 60 s Chrome take of bench-ready.sh
#   ./infra/scripts/bench-encoder.sh TAKE [WxH]           # another take, another frame
#   SETTINGS="veryfast;ultrafast -crf 28" ./infra/scripts/bench-encoder.sh
# (the web copy's own setting: `ultrafast -crf 26 -x264-params cabac=1:deblock=0,0`)
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

take="${1:-$LOCAL_DIR/bench-ready/chrome-60s.webm}"
frame="${2:-1280x720}"
[[ -s "$take" ]] || die "no take at $take: run TAKES=chrome infra/scripts/bench-ready.sh once, or name one"
command -v ffmpeg >/dev/null 2>&1 || ensure_apt_packages ffmpeg
w=${frame%x*} h=${frame#*x}
fit="scale=${w}:${h}:force_original_aspect_ratio=decrease,pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2:black,setsar=1,format=yuv420p"
out=$(mktemp --suffix=.mp4)
trap 'rm -f "$out"' EXIT
IFS=';' read -r -a settings <<<"${SETTINGS:-veryfast;superfast -crf 25;ultrafast -crf 26 -x264-params cabac=1:deblock=0,0;ultrafast -crf 28}"
log "$(basename "$take") to $frame on $(nproc) cores"
for setting in "${settings[@]}"; do
  # shellcheck disable=SC2206
  words=($setting)
  start=$(date +%s.%N)
  ffmpeg -hide_banner -nostdin -loglevel error -y -i "$take" -map 0:v:0 -map 0:a:0 -vf "$fit" \
    -c:v libx264 -preset "${words[0]}" -crf 23 -profile:v high "${words[@]:1}" -r 30 \
    -c:a aac -b:a 128k -ac 2 -ar 48000 -movflags +faststart -f mp4 "$out"
  end=$(date +%s.%N)
  load=$(cut -d' ' -f1 /proc/loadavg)
  ssim=$(ffmpeg -hide_banner -nostdin -i "$out" -i "$take" \
    -lavfi "[1:v]${fit},fps=30[ref];[0:v][ref]ssim" -f null - 2>&1 | grep -o 'All:[0-9.]*' | cut -d: -f2)
  printf '%-28s %7.1f s %8d KiB  SSIM %s  load %s\n' "$setting" "$(echo "$end - $start" | bc)" \
    $(($(stat -c %s "$out") / 1024)) "$ssim" "$load"
done
