import { describe, expect, it } from 'vitest';
import { clickWord, foundWords, formatSeconds, inRange, rangeOf, rangeSeconds, searchWords, spoken, type Word } from './words';

const words: Word[] = [
  { text: 'Hello.', start: 0.2, end: 0.6 },
  { text: 'My', start: 0.9, end: 1.0 },
  { text: 'name', start: 1.0, end: 1.3 },
  { text: 'is', start: 1.3, end: 1.4 },
  { text: 'Peter.', start: 1.4, end: 1.9 },
  { text: 'Café', start: 2.5, end: 2.9 },
];

describe('choosing words in the library', () => {
  it('a click starts a range, a click on another word closes it there, either way round', () => {
    let sel = clickWord(null, 3, false);
    expect(sel).toEqual({ anchor: 3, focus: 3, closed: false });
    expect(rangeOf(sel)).toEqual({ from: 3, to: 3 });
    sel = clickWord(sel, 1, false);
    expect(rangeOf(sel)).toEqual({ from: 1, to: 3 });
    expect(sel.closed).toBe(true);
  });

  it('a click after a closed range starts a new one; Shift+click moves the end of the range', () => {
    let sel = clickWord(clickWord(null, 1, false), 2, false);
    sel = clickWord(sel, 4, true);
    expect(rangeOf(sel)).toEqual({ from: 1, to: 4 });
    sel = clickWord(sel, 0, false);
    expect(rangeOf(sel)).toEqual({ from: 0, to: 0 });
    expect(sel.closed).toBe(false);
  });

  it('clicking the first word again makes a one-word range', () => {
    const sel = clickWord(clickWord(null, 2, false), 2, false);
    expect(sel.closed).toBe(true);
    expect(rangeOf(sel)).toEqual({ from: 2, to: 2 });
    expect(inRange(rangeOf(sel), 2)).toBe(true);
    expect(inRange(rangeOf(sel), 3)).toBe(false);
  });

  it('a range is its words joined by spaces and its seconds from the first start to the last end', () => {
    expect(spoken(words, { from: 1, to: 4 })).toBe('My name is Peter.');
    expect(rangeSeconds(words, { from: 1, to: 4 })).toEqual({ start: 0.9, end: 1.9 });
    expect(rangeSeconds(words, { from: 4, to: 9 })).toBeNull();
  });
});

describe('found words', () => {
  it('are split and folded as the search index does', () => {
    expect(searchWords("Café, DON'T stop!")).toEqual(['cafe', 'don', 't', 'stop']);
  });

  it('are the words holding a searched word, whatever the case, accents and punctuation', () => {
    expect([...foundWords(words, 'peter cafe')]).toEqual([4, 5]);
    expect([...foundWords(words, 'pete')]).toEqual([]);
    expect([...foundWords(words, '  ')]).toEqual([]);
  });
});

describe('formatSeconds', () => {
  it('shows minutes and tenths', () => {
    expect(formatSeconds(75.44)).toBe('1:15.4');
    expect(formatSeconds(59.97)).toBe('1:00.0');
    expect(formatSeconds(-1)).toBe('0:00.0');
  });
});
