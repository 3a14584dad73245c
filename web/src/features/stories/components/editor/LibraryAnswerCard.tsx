import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import type { LibraryAnswer } from '../../api/library';
import { clickWord, formatSeconds, inRange, rangeOf, rangeSeconds, spoken, type WordSelection } from '../../lib/editor/words';
import { WordButtons } from './WordButtons';

type Props = {
  answer: LibraryAnswer;
  /** Words the search found in it. */
  found?: ReadonlySet<number>;
  onAdd: (answer: LibraryAnswer, range: { from: number; to: number }) => void;
};

/** One answer of the library: who, which question, its words to choose a clip from. */
export function LibraryAnswerCard({ answer, found, onAdd }: Props) {
  const [selection, setSelection] = useState<WordSelection | null>(null);
  const range = selection ? rangeOf(selection) : null;
  const seconds = range ? rangeSeconds(answer.words, range) : null;
  const name = `${answer.speaker || 'Collaborator'}: ${answer.question}`;
  return (
    <article aria-label={name} data-testid="library-answer" className="space-y-2 rounded-lg border border-line bg-raised p-3">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold">{answer.speaker || 'Collaborator'}</h3>
          <p className="text-sm text-muted">{answer.question}</p>
        </div>
        <div className="flex flex-wrap gap-2 text-xs">
          {answer.durationSeconds != null && <span className="text-muted">{formatSeconds(answer.durationSeconds)}</span>}
          {!answer.approved && <span className="rounded bg-warning/30 px-1.5 py-0.5 font-medium">Not approved yet</span>}
          {!answer.url && <span className="rounded bg-sunken px-1.5 py-0.5">Video not ready</span>}
        </div>
      </header>
      {answer.words.length === 0 ? (
        <p className="text-sm text-muted">No words were heard in this answer.</p>
      ) : (
        <WordButtons
          label={`Words of ${name}`}
          testId="library-words"
          words={answer.words}
          look={(i) => [...(inRange(range, i) ? (['selected'] as const) : []), ...(found?.has(i) ? (['found'] as const) : [])]}
          pressed={(i) => inRange(range, i)}
          onWord={(i, { shiftKey }) => setSelection((s) => clickWord(s, i, shiftKey))}
        />
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          disabled={!range}
          onClick={() => {
            if (!range) return;
            onAdd(answer, range);
            setSelection(null);
          }}
        >
          Add clip
        </Button>
        <p className="min-w-0 text-xs text-muted" aria-live="polite">
          {range && seconds
            ? `Chosen: “${spoken(answer.words, range)}” (${formatSeconds(seconds.end - seconds.start)})`
            : 'Click the first word of a clip, then its last word (or Shift+click).'}
        </p>
        {range && (
          <Button size="sm" variant="ghost" onClick={() => setSelection(null)}>
            Clear the choice
          </Button>
        )}
      </div>
    </article>
  );
}
