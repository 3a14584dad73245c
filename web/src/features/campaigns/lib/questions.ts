import type { Question } from '../types';

/** A question typed in the editor but not saved yet. */
export type TempQuestion = { tempId: string; question: string; tips: string; sequence: number };

export type QuestionRow = { kind: 'saved'; question: Question } | { kind: 'temp'; temp: TempQuestion };

/**
 * Spec section 4: question lists are sorted by sequence, and unsaved temporary questions whose
 * sequence is at or below the last saved one are dropped (they were saved meanwhile, or the list
 * changed under them). Returns the rows to show and the temporary questions that remain.
 */
export function reconcileQuestions(
  saved: readonly Question[],
  temps: readonly TempQuestion[],
): { rows: QuestionRow[]; temps: TempQuestion[] } {
  const sorted = [...saved].sort((a, b) => a.sequence - b.sequence);
  const last = sorted.reduce((max, q) => Math.max(max, q.sequence), 0);
  const kept = temps.filter((t) => t.sequence > last).sort((a, b) => a.sequence - b.sequence);
  return {
    rows: [
      ...sorted.map((question): QuestionRow => ({ kind: 'saved', question })),
      ...kept.map((temp): QuestionRow => ({ kind: 'temp', temp })),
    ],
    temps: kept,
  };
}

/** The sequence a new temporary question gets: after every saved and temporary one. */
export function nextSequence(saved: readonly Question[], temps: readonly TempQuestion[]): number {
  return Math.max(0, ...saved.map((q) => q.sequence), ...temps.map((t) => t.sequence)) + 1;
}

/**
 * Moves the question at index `from` to index `to` and numbers the list densely from 1, as the
 * API does after a move (used for the optimistic update).
 */
export function moveQuestion(list: readonly Question[], from: number, to: number): Question[] {
  const sorted = [...list].sort((a, b) => a.sequence - b.sequence);
  if (from < 0 || from >= sorted.length || to < 0 || to >= sorted.length || from === to) return sorted;
  const [moved] = sorted.splice(from, 1);
  sorted.splice(to, 0, moved!);
  return sorted.map((q, i) => ({ ...q, sequence: i + 1 }));
}
