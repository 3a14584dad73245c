import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '@/utils/cn';
import { isKept, type Span, type Word } from '../lib/ranges';

export type WordSelection = { from: number; to: number };

type Props = {
  label: string;
  words: Word[];
  kept: Span[];
  /** The word being spoken (-1 for none). */
  current: number;
  selection: WordSelection | null;
  /** Scroll the current word into view when this changes (a link to a moment). */
  revealKey?: number;
  onSeekWord: (index: number) => void;
  onSelect: (selection: WordSelection) => void;
  onCut: () => void;
};

const inSelection = (sel: WordSelection | null, i: number) =>
  !!sel && i >= Math.min(sel.from, sel.to) && i <= Math.max(sel.from, sel.to);

/**
 * The transcript as a row of word buttons, one tab stop (roving focus). Click or Enter: play from the
 * word; Shift+click or Shift+arrows: extend the selection; Delete or Backspace: cut the selection.
 * Cut words are struck through; the spoken word is highlighted.
 */
export function Transcript({ label, words, kept, current, selection, revealKey, onSeekWord, onSelect, onCut }: Props) {
  const [focusIndex, setFocusIndex] = useState(0);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (revealKey === undefined || current < 0) return;
    refs.current[current]?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    setFocusIndex(current);
    // Only when asked to reveal, not at every word while playing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [revealKey]);

  const focusWord = (i: number) => {
    const at = Math.max(0, Math.min(words.length - 1, i));
    setFocusIndex(at);
    refs.current[at]?.focus();
    return at;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, i: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step !== 0) {
      event.preventDefault();
      const at = focusWord(i + step);
      if (event.shiftKey) onSelect({ from: selection?.from ?? i, to: at });
      return;
    }
    if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      const at = focusWord(event.key === 'Home' ? 0 : words.length - 1);
      if (event.shiftKey) onSelect({ from: selection?.from ?? i, to: at });
      return;
    }
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      if (selection) onCut();
    }
  };

  if (words.length === 0) return null;
  return (
    <div
      role="group"
      aria-label={label}
      data-testid="transcript"
      className="max-h-64 overflow-y-auto rounded-lg border border-line bg-surface p-3 leading-8"
    >
      {words.map((w, i) => {
        const cut = !isKept(kept, w);
        const selected = inSelection(selection, i);
        return (
          <button
            key={i}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            tabIndex={i === focusIndex ? 0 : -1}
            data-testid="word"
            data-index={i}
            data-cut={cut || undefined}
            data-selected={selected || undefined}
            aria-current={i === current ? 'true' : undefined}
            aria-pressed={selected}
            aria-describedby={cut ? 'word-cut-note' : undefined}
            title={`${w.start.toFixed(2)} s${w.edited ? ' · corrected' : ''}${cut ? ' · cut' : ''}`}
            onClick={(event) => {
              setFocusIndex(i);
              if (event.shiftKey && selection) onSelect({ from: selection.from, to: i });
              else {
                onSelect({ from: i, to: i });
                onSeekWord(i);
              }
            }}
            onKeyDown={(event) => onKeyDown(event, i)}
            className={cn(
              'mx-0.5 rounded px-0.5 text-sm focus-visible:outline-2 focus-visible:outline-ring',
              cut && 'text-muted line-through decoration-2',
              selected && 'bg-primary/20',
              i === current && 'bg-warning/40 font-semibold',
              w.edited && 'underline decoration-dotted',
            )}
          >
            {w.text}
          </button>
        );
      })}
      <span id="word-cut-note" hidden>
        cut from the edit
      </span>
    </div>
  );
}
