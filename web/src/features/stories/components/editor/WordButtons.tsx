import { useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { cn } from '@/utils/cn';
import type { Word } from '../../lib/editor/words';

export type WordLook = 'selected' | 'found' | 'context' | 'clip' | 'plain';

type Props = {
  label: string;
  words: readonly Word[];
  /** Indexes shown, in order (all words when left out). */
  indexes?: readonly number[];
  look: (index: number) => WordLook[];
  /** Set `aria-pressed` (a word of a selection) for each word. */
  pressed?: (index: number) => boolean;
  /** What a click on the word does, as a tooltip. */
  hint?: (index: number) => string | undefined;
  onWord: (index: number, event: { shiftKey: boolean }) => void;
  testId?: string;
};

/**
 * Words as a row of buttons with one tab stop (roving focus: arrows and Home/End move, Enter or
 * Space presses, Shift+Enter presses with Shift).
 */
export function WordButtons({ label, words, indexes, look, pressed, hint, onWord, testId }: Props) {
  const shown = indexes ?? words.map((_, i) => i);
  const [focus, setFocus] = useState(0);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const focusAt = (position: number) => {
    const at = Math.max(0, Math.min(shown.length - 1, position));
    setFocus(at);
    refs.current[at]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, position: number) => {
    const moves: Record<string, number> = { ArrowRight: position + 1, ArrowLeft: position - 1, Home: 0, End: shown.length - 1 };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      focusAt(target);
    } else if (event.key === 'Enter' && event.shiftKey) {
      event.preventDefault();
      onWord(shown[position]!, { shiftKey: true });
    }
  };
  if (shown.length === 0) return null;
  return (
    <div role="group" aria-label={label} data-testid={testId} className="rounded-lg border border-line bg-surface p-2 leading-8">
      {shown.map((index, position) => {
        const word = words[index]!;
        const looks = look(index);
        return (
          <button
            key={index}
            ref={(el) => {
              refs.current[position] = el;
            }}
            type="button"
            tabIndex={position === Math.min(focus, shown.length - 1) ? 0 : -1}
            data-index={index}
            data-look={looks.join(' ') || undefined}
            aria-pressed={pressed ? pressed(index) : undefined}
            title={hint?.(index)}
            onFocus={() => setFocus(position)}
            onClick={(event: MouseEvent<HTMLButtonElement>) => onWord(index, { shiftKey: event.shiftKey })}
            onKeyDown={(event) => onKeyDown(event, position)}
            className={cn(
              'mx-0.5 rounded px-0.5 text-sm focus-visible:outline-2 focus-visible:outline-ring',
              looks.includes('context') && 'text-muted',
              looks.includes('clip') && 'bg-primary/10 font-medium',
              looks.includes('found') && 'bg-warning/40 font-semibold',
              looks.includes('selected') && 'bg-primary/25 ring-1 ring-primary',
            )}
          >
            {looks.includes('found') ? <mark className="bg-transparent text-inherit">{word.text}</mark> : word.text}
          </button>
        );
      })}
    </div>
  );
}
