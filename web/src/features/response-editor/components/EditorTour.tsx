import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/Button';

/** The steps of the guided tour, each pointing at a part of the editor (its `data-tour`). */
export const TOUR_STEPS = [
  {
    target: 'answers',
    title: 'The answers',
    text: 'Every answer of the collaborator, with its video and its transcript. The word being spoken is highlighted; click a word to play from there.',
  },
  {
    target: 'answers',
    title: 'Edit by text',
    text: 'Click a word, then Shift+click another to select the words between (or use Shift and the arrow keys). "Cut selection" strikes them out of the video; "Keep selection" brings them back. Trim the start and end, and change the order of the answers with the arrows.',
  },
  {
    target: 'preview',
    title: 'Preview',
    text: 'Play the edit here before rendering anything: the kept parts play one after the other.',
  },
  {
    target: 'generate',
    title: 'Generate',
    text: 'Give the video a title, add a title card and captions if you like, and generate it. Your edit is saved as you go.',
  },
  {
    target: 'videos',
    title: 'Generated videos',
    text: 'The videos appear here while they are made. Play, download, approve or delete them; approved videos are listed for the whole campaign.',
  },
] as const;

/**
 * The guided tour over the editor: a non-blocking panel that highlights one part of the screen per step.
 * Skipping or finishing calls `onClose` (which remembers it). Escape skips.
 */
export function EditorTour({ onClose }: { onClose: () => Promise<void> | void }) {
  const [step, setStep] = useState(0);
  const [closing, setClosing] = useState(false);
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const current = TOUR_STEPS[step]!;
  const last = step === TOUR_STEPS.length - 1;

  useEffect(() => {
    const target = document.querySelector<HTMLElement>(`[data-tour="${current.target}"]`);
    target?.setAttribute('data-tour-active', 'true');
    target?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    panel.current?.focus();
    return () => target?.removeAttribute('data-tour-active');
  }, [current.target, step]);

  const close = async () => {
    setClosing(true);
    try {
      await onClose();
    } finally {
      setClosing(false);
    }
  };

  return (
    <div
      ref={panel}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-testid="editor-tour"
      onKeyDown={(e) => {
        if (e.key === 'Escape') void close();
      }}
      className="fixed bottom-4 right-4 z-40 w-[min(24rem,calc(100%-2rem))] space-y-3 rounded-xl border border-line bg-raised p-5 shadow-xl focus:outline-2 focus:outline-ring"
    >
      <p className="text-xs text-muted">
        Tour · step {step + 1} of {TOUR_STEPS.length}
      </p>
      <h2 id={titleId} className="text-lg font-semibold">
        {current.title}
      </h2>
      <p className="text-sm">{current.text}</p>
      <div className="flex flex-wrap justify-between gap-2">
        <Button size="sm" variant="ghost" loading={closing} onClick={() => void close()}>
          Skip tour
        </Button>
        <div className="flex gap-2">
          <Button size="sm" variant="secondary" disabled={step === 0} onClick={() => setStep((s) => s - 1)}>
            Back
          </Button>
          {last ? (
            <Button size="sm" loading={closing} onClick={() => void close()}>
              Finish tour
            </Button>
          ) : (
            <Button size="sm" onClick={() => setStep((s) => s + 1)}>
              Next
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
