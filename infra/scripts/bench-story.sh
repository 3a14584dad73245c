#!/usr/bin/env bash
# Benchmark of the story render on this machine (not a test): a 60-second story of six
# clips (six espeak-ng voices over ffmpeg's test picture, 1280x720 H.264/AAC as converted
# takes are), with a title card, lower thirds, burned-in captions, an end card with a logo
# and a corner logo, rendered in each format; prints the speed as a multiple of real time
# and the load average around it. Record the figures in docs/BENCHMARKS.md with the load.
#
#   ./infra/scripts/bench-story.sh
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

command -v ffmpeg >/dev/null 2>&1 || ensure_apt_packages ffmpeg
ensure_apt_packages espeak-ng fonts-dejavu-core fonts-liberation fonts-lato fonts-open-sans
ensure_rust

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
text="Thank you for asking about our garden. Every summer we grow tomatoes, beans and potatoes together with our neighbours, and we share the harvest in the autumn."
voices=(en-us en-gb+f3 en-gb-scotland en-us+m3 en-029 en-gb-x-rp+f2)
log "Making six 12 s takes (espeak-ng voices, 1280x720 H.264/AAC MP4)"
takes=()
for i in "${!voices[@]}"; do
  espeak-ng -v "${voices[$i]}" -s 150 -w "$work/speech$i.wav" "$text $text"
  ffmpeg -hide_banner -loglevel error -y -f lavfi -i "testsrc2=size=1280x720:rate=30" -i "$work/speech$i.wav" \
    -t 12 -c:v libx264 -preset veryfast -pix_fmt yuv420p -c:a aac -ac 2 -ar 48000 "$work/take$i.mp4"
  takes+=("$work/take$i.mp4")
done
ffmpeg -hide_banner -loglevel error -y -f lavfi -i "color=c=0xff8000:s=200x200" -frames:v 1 "$work/logo.png"

cargo build -q -p storyhive-media-worker --example bench_story
log "Rendering ($(nproc) cores; load before: $(uptime | sed 's/.*load average: //'))"
cargo run -q -p storyhive-media-worker --example bench_story -- "$work/logo.png" "${takes[@]}"
log "Load after: $(uptime | sed 's/.*load average: //')"
