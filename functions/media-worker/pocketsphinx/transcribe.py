"""Word-level transcription with PocketSphinx 5 (PyPI `pocketsphinx`, which ships its
English model). Reads a 16 kHz mono 16-bit WAV named on the command line and prints
one JSON array of {"text", "start", "end"} (seconds). Run by the media worker's
local engine (functions/media-worker/src/transcribe.rs)."""
import json
import sys
import wave

from pocketsphinx import Decoder

# Fillers and markers the decoder emits that are not words.
NOT_WORDS = {"<s>", "</s>", "<sil>", "[NOISE]", "[SPEECH]", "[BREATH]", "[COUGH]", "[SMACK]", "[UH]", "[UM]"}


def main(path):
    with wave.open(path, "rb") as audio:
        if audio.getframerate() != 16000 or audio.getnchannels() != 1 or audio.getsampwidth() != 2:
            raise SystemExit("expected 16 kHz mono 16-bit PCM")
        decoder = Decoder(samprate=16000, loglevel="FATAL")
        frame_rate = decoder.config["frate"]
        words = []
        # The whole take as one utterance: the decoder then normalises over all of it
        # (cepstral mean), which recognises markedly better than feeding it in pieces.
        samples = audio.readframes(audio.getnframes())
        decoder.start_utt()
        decoder.process_raw(samples, full_utt=True)
        decoder.end_utt()
        for segment in decoder.seg():
            word = segment.word
            if word in NOT_WORDS or word.startswith("[") or word.startswith("<"):
                continue
            # Alternative pronunciations are marked "word(2)".
            text = word.split("(")[0]
            words.append(
                {
                    "text": text,
                    "start": round(segment.start_frame / frame_rate, 3),
                    "end": round((segment.end_frame + 1) / frame_rate, 3),
                }
            )
    json.dump(words, sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1])
