import { useCallback, useEffect, useRef, useState } from 'react';

export type AutosaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'error';

/**
 * Saves the latest value `delay` ms after the last change, one save at a time (a change made while a
 * save is out is sent after it, so the last change wins). A change still waiting when the editor
 * closes is sent at once.
 */
export function useAutosave<T>(save: (value: T) => Promise<unknown>, delay: number) {
  const [status, setStatus] = useState<AutosaveStatus>('idle');
  const saveRef = useRef(save);
  const waiting = useRef<{ value: T } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const running = useRef(false);
  const mounted = useRef(true);

  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  const run = useCallback(async () => {
    clearTimeout(timer.current);
    if (running.current) return;
    running.current = true;
    try {
      while (waiting.current) {
        const { value } = waiting.current;
        waiting.current = null;
        if (mounted.current) setStatus('saving');
        try {
          await saveRef.current(value);
          if (mounted.current && !waiting.current) setStatus('saved');
        } catch {
          if (mounted.current) setStatus('error');
        }
      }
    } finally {
      running.current = false;
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

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      if (waiting.current) void run();
    };
  }, [run]);

  return { status, schedule };
}
