import { describe, expect, it } from 'vitest';
import { formatSeconds, sentenceOf, sentences, wordIndexAt, wordIndexNear } from './words';

const words = [
  { text: 'hello', start: 0.5, end: 0.9 },
  { text: 'there', start: 1.0, end: 1.4 },
  { text: 'we', start: 2.0, end: 2.2 },
  { text: 'make', start: 2.3, end: 2.6 },
  { text: 'films.', start: 2.7, end: 3.2 },
  { text: 'thanks', start: 3.3, end: 3.8 },
];

describe('the word at a time', () => {
  it('is the word whose span holds the time, none between words', () => {
    expect(wordIndexAt(words, 0.5)).toBe(0);
    expect(wordIndexAt(words, 2.45)).toBe(3);
    expect(wordIndexAt(words, 3.79)).toBe(5);
    expect(wordIndexAt(words, 0.95)).toBe(-1);
    expect(wordIndexAt(words, 0.1)).toBe(-1);
    expect(wordIndexAt([], 1)).toBe(-1);
  });

  it('a link to a pause points at the next word, past the end at the last', () => {
    expect(wordIndexNear(words, 1.7)).toBe(2);
    expect(wordIndexNear(words, 0)).toBe(0);
    expect(wordIndexNear(words, 99)).toBe(5);
    expect(wordIndexNear([], 1)).toBe(-1);
  });
});

describe('sentences', () => {
  it('end at a full stop or at a long pause', () => {
    expect(sentences(words)).toEqual([
      [0, 1],
      [2, 4],
      [5, 5],
    ]);
    expect(sentenceOf(words, 3)).toEqual([2, 4]);
  });
});

it('formats seconds as m:ss.s', () => {
  expect(formatSeconds(75.44)).toBe('1:15.4');
  expect(formatSeconds(3)).toBe('0:03.0');
});
