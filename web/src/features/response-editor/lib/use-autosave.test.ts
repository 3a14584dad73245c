import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAutosave } from './use-autosave';

describe('autosave of the editor state', () => {
  it('saves the last change once after the pause, one save at a time, and what is left when the editor closes', async () => {
    vi.useFakeTimers();
    const saved: number[] = [];
    let release: () => void = () => undefined;
    const save = vi.fn((v: number) => {
      saved.push(v);
      return new Promise<void>((r) => (release = r));
    });
    const { result, unmount } = renderHook(() => useAutosave(save, 1000));
    act(() => {
      result.current.schedule(1);
      result.current.schedule(2);
    });
    expect(result.current.status).toBe('pending');
    await act(async () => vi.advanceTimersByTimeAsync(1000));
    expect(saved).toEqual([2]);
    expect(result.current.status).toBe('saving');
    // A change while the save is out waits for it.
    act(() => result.current.schedule(3));
    await act(async () => vi.advanceTimersByTimeAsync(1000));
    expect(saved).toEqual([2]);
    await act(async () => release());
    expect(saved).toEqual([2, 3]);
    await act(async () => release());
    expect(result.current.status).toBe('saved');
    act(() => result.current.schedule(4));
    unmount();
    expect(saved).toEqual([2, 3, 4]);
  });
});
