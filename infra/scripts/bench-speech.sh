#!/usr/bin/env bash
# Benchmark of the local transcription engine on this machine (not a test): seconds of
# transcription per minute of speech and the share of words wrong, for Whisper tiny.en and
# base, on a person's recording (Debian's pocketsphinx-testdata, LibriVox, with its reference
# text) and on espeak-ng speech. Prints a table; record it in docs/BENCHMARKS.md.
#
#   ./infra/scripts/bench-speech.sh      # about a minute on 2 cores
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

ensure_whisper
command -v ffmpeg >/dev/null 2>&1 || ensure_apt_packages ffmpeg
ensure_apt_packages espeak-ng pocketsphinx-testdata
log "Transcribing with Whisper tiny.en and base ($(nproc) cores)"
"$WHISPER_VENV/bin/python" "$SCRIPTS/bench/speech.py"
