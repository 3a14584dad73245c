import { describe, expect, it } from 'vitest';
import type { Question } from '../types';
import { moveQuestion, nextSequence, reconcileQuestions, type TempQuestion } from './questions';

const q = (id: string, sequence: number): Question => ({
  questionId: id,
  campaignQuestionId: `cq-${id}`,
  campaignId: 'c1',
  question: `Question ${id}`,
  tips: null,
  sequence,
  script: null,
});
const t = (id: string, sequence: number): TempQuestion => ({ tempId: id, question: `draft ${id}`, tips: '', script: '', timeLimit: '0', sequence });

describe('reconcileQuestions (spec section 4)', () => {
  it('sorts saved questions by sequence and puts temporary ones after them', () => {
    const { rows } = reconcileQuestions([q('b', 2), q('a', 1)], [t('x', 3)]);
    expect(rows.map((r) => (r.kind === 'saved' ? r.question.questionId : r.temp.tempId))).toEqual(['a', 'b', 'x']);
  });

  it('drops temporary questions at or below the last saved one that were saved meanwhile', () => {
    const saved = [q('a', 1), { ...q('b', 2), question: 'draft x' }, q('c', 3)];
    const { rows, temps } = reconcileQuestions(saved, [t('x', 2), t('y', 3), t('z', 4)], 'y');
    expect(temps.map((x) => x.tempId)).toEqual(['z']);
    expect(rows).toHaveLength(4);
  });

  it('keeps a draft the list grew under (an AI suggestion added), after the saved questions', () => {
    // Typing question 3 when a suggestion is added as question 3.
    const { rows, temps } = reconcileQuestions([q('a', 1), q('b', 2), q('ai', 3)], [t('x', 3), t('y', 4)]);
    expect(temps).toEqual([
      { ...t('x', 4), sequence: 4 },
      { ...t('y', 5), sequence: 5 },
    ]);
    expect(rows.map((r) => (r.kind === 'saved' ? r.question.questionId : r.temp.tempId))).toEqual(['a', 'b', 'ai', 'x', 'y']);
  });

  it('keeps every temporary question when nothing is saved', () => {
    const { temps } = reconcileQuestions([], [t('y', 2), t('x', 1)]);
    expect(temps.map((x) => x.tempId)).toEqual(['x', 'y']);
  });

  it('drops a temporary question once the reloaded list holds its saved copy', () => {
    const before = reconcileQuestions([q('a', 1)], [t('x', 2)]);
    expect(before.temps).toHaveLength(1);
    const after = reconcileQuestions([q('a', 1), { ...q('x-saved', 2), question: 'draft x' }], before.temps);
    expect(after.temps).toEqual([]);
    expect(after.rows.every((r) => r.kind === 'saved')).toBe(true);
  });

  it('numbers a new temporary question after saved and temporary ones', () => {
    expect(nextSequence([], [])).toBe(1);
    expect(nextSequence([q('a', 1), q('b', 2)], [t('x', 3)])).toBe(4);
  });
});

describe('moveQuestion', () => {
  it('moves the third question to the top and renumbers densely', () => {
    const moved = moveQuestion([q('a', 1), q('b', 2), q('c', 3)], 2, 0);
    expect(moved.map((x) => [x.questionId, x.sequence])).toEqual([
      ['c', 1],
      ['a', 2],
      ['b', 3],
    ]);
  });

  it('ignores moves out of range', () => {
    expect(moveQuestion([q('a', 1), q('b', 2)], 0, 5).map((x) => x.questionId)).toEqual(['a', 'b']);
  });
});
