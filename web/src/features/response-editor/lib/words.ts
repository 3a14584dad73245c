import type { Word } from './ranges';

/** The index of the word being spoken at `t` (its span holds t), or -1 between words. */
export function wordIndexAt(words: Word[], t: number): number {
  let lo = 0;
  let hi = words.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const w = words[mid]!;
    if (t < w.start) hi = mid - 1;
    else if (t >= w.end) lo = mid + 1;
    else return mid;
  }
  return -1;
}

/** The word at `t`, or else the next one after it (or the last one): what a link to `t` points at. */
export function wordIndexNear(words: Word[], t: number): number {
  if (words.length === 0) return -1;
  const at = wordIndexAt(words, t);
  if (at >= 0) return at;
  const next = words.findIndex((w) => w.start >= t);
  return next >= 0 ? next : words.length - 1;
}

/** A pause this long (seconds) ends a sentence when the recogniser gives no punctuation. */
export const SENTENCE_PAUSE_SECONDS = 0.45;

/** Sentences as word index ranges [from, to]: ended by . ! ? or by a pause. */
export function sentences(words: Word[]): [number, number][] {
  const out: [number, number][] = [];
  let from = 0;
  words.forEach((w, i) => {
    const next = words[i + 1];
    const ends = /[.!?]["')\]]*$/.test(w.text) || !next || next.start - w.end >= SENTENCE_PAUSE_SECONDS;
    if (ends) {
      out.push([from, i]);
      from = i + 1;
    }
  });
  return out;
}

/** The sentence holding word `index`. */
export function sentenceOf(words: Word[], index: number): [number, number] | null {
  return sentences(words).find(([a, b]) => index >= a && index <= b) ?? null;
}

/** 75.4 -> '1:15.4' */
export function formatSeconds(seconds: number): string {
  const s = Math.max(0, seconds);
  const m = Math.floor(s / 60);
  const rest = (s - m * 60).toFixed(1).padStart(4, '0');
  return `${m}:${rest}`;
}
