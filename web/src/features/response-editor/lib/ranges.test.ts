import { describe, expect, it } from 'vitest';
import {
  cutSpan,
  fromCutList,
  initialModel,
  isKept,
  keepSpan,
  move,
  normalise,
  toCutList,
  totalSeconds,
  trimEnd,
  trimStart,
  wordsSpan,
  type Word,
} from './ranges';

const words: Word[] = [
  { text: 'hello', start: 0.5, end: 0.9 },
  { text: 'there.', start: 1.0, end: 1.4 },
  { text: 'we', start: 2.0, end: 2.2 },
  { text: 'make', start: 2.3, end: 2.6 },
  { text: 'films', start: 2.7, end: 3.2 },
];
const answers = [
  { journeyId: 'q1', duration: 4 },
  { journeyId: 'q2', duration: 10 },
];

describe('the cut list from selections', () => {
  it('keeps every answer whole, in order, before any change', () => {
    expect(toCutList(initialModel(answers))).toEqual([
      { journeyId: 'q1', start: 0, end: 4 },
      { journeyId: 'q2', start: 0, end: 10 },
    ]);
  });

  it('cutting selected words removes them with the pause after them', () => {
    const span = wordsSpan(words, 0, 1); // "hello there."
    expect(span).toEqual({ start: 0.5, end: 2.0 });
    const model = cutSpan(initialModel(answers), 'q1', span, 4);
    expect(toCutList(model)).toEqual([
      { journeyId: 'q1', start: 0, end: 0.5 },
      { journeyId: 'q1', start: 2, end: 4 },
      { journeyId: 'q2', start: 0, end: 10 },
    ]);
    expect(words.map((w) => isKept(model.kept.q1!, w))).toEqual([false, false, true, true, true]);
  });

  it('a selection made backwards is the same span; the last word ends at its own end', () => {
    expect(wordsSpan(words, 4, 2)).toEqual({ start: 2.0, end: 3.2 });
  });

  it('keeping a selection brings cut words back, merging with what is kept', () => {
    let model = cutSpan(initialModel(answers), 'q1', { start: 0.5, end: 3.2 }, 4);
    model = keepSpan(model, 'q1', wordsSpan(words, 2, 3), 4);
    expect(model.kept.q1).toEqual([
      { start: 0, end: 0.5 },
      { start: 2, end: 2.7 },
      { start: 3.2, end: 4 },
    ]);
    model = keepSpan(model, 'q1', { start: 0, end: 4 }, 4);
    expect(model.kept.q1).toEqual([{ start: 0, end: 4 }]);
  });

  it('drops slivers, merges touching ranges and clamps to the take', () => {
    expect(normalise([{ start: -1, end: 0.08 }, { start: 1, end: 2 }, { start: 2.005, end: 3 }, { start: 3.5, end: 12 }], 10)).toEqual([
      { start: 1, end: 3 },
      { start: 3.5, end: 10 },
    ]);
  });

  it('trims the start and end, and moves them back', () => {
    let model = trimStart(initialModel(answers), 'q2', 1.5, 10);
    model = trimEnd(model, 'q2', 8, 10);
    expect(model.kept.q2).toEqual([{ start: 1.5, end: 8 }]);
    model = trimStart(model, 'q2', 0.5, 10);
    model = trimEnd(model, 'q2', 9, 10);
    expect(model.kept.q2).toEqual([{ start: 0.5, end: 9 }]);
  });

  it('reorders answers, never past either end', () => {
    const model = move(initialModel(answers), 'q2', -1);
    expect(model.order).toEqual(['q2', 'q1']);
    expect(move(model, 'q2', -1)).toBe(model);
    expect(toCutList(model)[0]!.journeyId).toBe('q2');
  });

  it('restores order, cuts and trims from a saved cut list; unknown answers are dropped, unnamed ones follow with nothing kept', () => {
    const saved = [
      { journeyId: 'q2', start: 1, end: 3 },
      { journeyId: 'gone', start: 0, end: 1 },
      { journeyId: 'q2', start: 5, end: 6 },
    ];
    const model = fromCutList(saved, answers);
    expect(model.order).toEqual(['q2', 'q1']);
    expect(model.kept).toEqual({ q2: [{ start: 1, end: 3 }, { start: 5, end: 6 }], q1: [] });
    expect(toCutList(model)).toEqual([
      { journeyId: 'q2', start: 1, end: 3 },
      { journeyId: 'q2', start: 5, end: 6 },
    ]);
    expect(totalSeconds(toCutList(model))).toBe(3);
  });
});
