import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec section 9: script (and brief) saves are debounced 500 ms. */
export const SAVE_DEBOUNCE_MS = 500;

export type SaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'error';

/**
 * Saves the latest scheduled value `delay` ms after the last change. Status: 'pending' while a
 * change waits or is being sent, 'saved' once the latest one is stored, 'error' if that failed.
 * A change still waiting when the component unmounts is sent at once.
 */
export function useDebouncedSave<T>(save: (value: T) => Promise<unknown>, delay = SAVE_DEBOUNCE_MS) {
  const [status, setStatus] = useState<SaveStatus>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const waiting = useRef<{ value: T } | null>(null);
  const inFlight = useRef(0);
  const saveRef = useRef(save);
  const mounted = useRef(true);

  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  const run = useCallback(async () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const item = waiting.current;
    if (!item) return;
    waiting.current = null;
    inFlight.current += 1;
    if (mounted.current) setStatus('saving');
    try {
      await saveRef.current(item.value);
      inFlight.current -= 1;
      if (mounted.current && !waiting.current && inFlight.current === 0) setStatus('saved');
    } catch {
      inFlight.current -= 1;
      if (mounted.current) setStatus('error');
    }
  }, []);

  const schedule = useCallback(
    (value: T) => {
      waiting.current = { value };
      setStatus('pending');
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void run(), delay);
    },
    [delay, run],
  );

  const flush = useCallback(() => run(), [run]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      if (waiting.current) void run();
    };
  }, [run]);

  return { status, schedule, flush };
}
