/** A transcript word: its text and its seconds in the take. */
export type Word = { text: string; start: number; end: number; edited?: boolean };

/** An inclusive range of word indexes, `from` <= `to`. */
export type WordRange = { from: number; to: number };

/**
 * The words chosen in an answer of the library: the first click sets the anchor; a second click (or
 * a Shift+click) on another word closes the range there; a click after a closed range starts anew.
 * Clicking the anchor again closes a one-word range.
 */
export type WordSelection = { anchor: number; focus: number; closed: boolean };

export function clickWord(selection: WordSelection | null, index: number, shift: boolean): WordSelection {
  if (selection && (shift || !selection.closed)) return { anchor: selection.anchor, focus: index, closed: true };
  return { anchor: index, focus: index, closed: false };
}

export function rangeOf(selection: WordSelection): WordRange {
  return { from: Math.min(selection.anchor, selection.focus), to: Math.max(selection.anchor, selection.focus) };
}

export function inRange(range: WordRange | null, index: number): boolean {
  return !!range && index >= range.from && index <= range.to;
}

/** The words of a range as the server stores them: the transcript's words joined by spaces. */
export function spoken(words: readonly Word[], range: WordRange): string {
  return words
    .slice(range.from, range.to + 1)
    .map((w) => w.text)
    .join(' ');
}

/** Seconds of a range in its take: the first word's start to the last word's end. */
export function rangeSeconds(words: readonly Word[], range: WordRange): { start: number; end: number } | null {
  const first = words[range.from];
  const last = words[range.to];
  if (!first || !last || range.from > range.to) return null;
  return { start: first.start, end: last.end };
}

const FOLD: Record<string, string> = {
  à: 'a', á: 'a', â: 'a', ã: 'a', ä: 'a', å: 'a',
  ç: 'c',
  è: 'e', é: 'e', ê: 'e', ë: 'e',
  ì: 'i', í: 'i', î: 'i', ï: 'i',
  ñ: 'n',
  ò: 'o', ó: 'o', ô: 'o', õ: 'o', ö: 'o', ø: 'o',
  ù: 'u', ú: 'u', û: 'u', ü: 'u',
  ý: 'y', ÿ: 'y',
};

/**
 * The search words of a text, as the search index makes them (shared/src/search/text.rs): lower
 * case, split at anything neither a letter nor a digit, common accents folded.
 */
export function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '')
    .map((w) => [...w].map((c) => FOLD[c] ?? c).join('').slice(0, 40));
}

/** Indexes of the transcript words the search found: those holding one of the searched words. */
export function foundWords(words: readonly Word[], query: string): Set<number> {
  const wanted = new Set(searchWords(query));
  const found = new Set<number>();
  if (wanted.size === 0) return found;
  words.forEach((w, i) => {
    if (searchWords(w.text).some((part) => wanted.has(part))) found.add(i);
  });
  return found;
}

/** 75.4 -> '1:15.4' */
export function formatSeconds(seconds: number): string {
  const s = Math.round(Math.max(0, Number.isFinite(seconds) ? seconds : 0) * 10) / 10;
  const m = Math.floor(s / 60);
  const rest = (s - m * 60).toFixed(1).padStart(4, '0');
  return `${m}:${rest}`;
}
