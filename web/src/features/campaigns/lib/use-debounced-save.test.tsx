import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useDebouncedSave } from './use-debounced-save';

describe('useDebouncedSave', () => {
  it('saves only the last value, 500 ms after the last change', async () => {
    vi.useFakeTimers();
    const save = vi.fn().mockResolvedValue(undefined);
    const { result } = renderHook(() => useDebouncedSave(save));

    act(() => result.current.schedule('a'));
    act(() => void vi.advanceTimersByTime(300));
    act(() => result.current.schedule('ab'));
    act(() => void vi.advanceTimersByTime(499));
    expect(save).not.toHaveBeenCalled();
    expect(result.current.status).toBe('pending');

    await act(async () => {
      vi.advanceTimersByTime(1);
      await Promise.resolve();
    });
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith('ab');
    expect(result.current.status).toBe('saved');
  });

  it('reports a failed save', async () => {
    vi.useFakeTimers();
    const save = vi.fn().mockRejectedValue(new Error('no'));
    const { result } = renderHook(() => useDebouncedSave(save));
    act(() => result.current.schedule('x'));
    await act(async () => {
      vi.advanceTimersByTime(500);
      await Promise.resolve();
    });
    expect(result.current.status).toBe('error');
  });

  it('sends a waiting change when unmounted', () => {
    vi.useFakeTimers();
    const save = vi.fn().mockResolvedValue(undefined);
    const { result, unmount } = renderHook(() => useDebouncedSave(save));
    act(() => result.current.schedule('late'));
    unmount();
    expect(save).toHaveBeenCalledWith('late');
  });
});
