import type { QuestionValues } from '../schemas';
import type { Question } from '../types';

/** A question typed in the editor but not saved yet. */
export type TempQuestion = { tempId: string; question: string; tips: string; script: string; timeLimit: QuestionValues['timeLimit']; sequence: number };

export type QuestionRow = { kind: 'saved'; question: Question } | { kind: 'temp'; temp: TempQuestion };

/**
 * Spec section 4: question lists are sorted by sequence, and temporary questions whose sequence
 * is at or below the last saved one were saved meanwhile: those are dropped (the one being saved,
 * `savingTempId`, or one whose text a saved question now has). Any other draft there was not
 * saved, the list grew under it (an AI suggestion was added): it moves after the saved questions,
 * so what is being typed is kept. Returns the rows to show and the temporary questions that remain.
 */
export function reconcileQuestions(
  saved: readonly Question[],
  temps: readonly TempQuestion[],
  savingTempId?: string | null,
): { rows: QuestionRow[]; temps: TempQuestion[] } {
  const sorted = [...saved].sort((a, b) => a.sequence - b.sequence);
  const last = sorted.reduce((max, q) => Math.max(max, q.sequence), 0);
  const savedTexts = new Set(sorted.map((q) => q.question.trim()));
  let floor = last;
  const kept: TempQuestion[] = [];
  for (const temp of [...temps].sort((a, b) => a.sequence - b.sequence)) {
    if (temp.sequence > floor) {
      kept.push(temp);
      floor = temp.sequence;
    } else if (temp.sequence <= last && (temp.tempId === savingTempId || savedTexts.has(temp.question.trim()))) {
      continue;
    } else {
      floor += 1;
      kept.push({ ...temp, sequence: floor });
    }
  }
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
