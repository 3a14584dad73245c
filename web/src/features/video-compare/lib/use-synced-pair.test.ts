import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Pair } from './sync';
import { useSyncedPair } from './use-synced-pair';

/** The part of an HTMLVideoElement the pair drives; jsdom does not play media. */
class FakeVideo {
  currentTime = 0;
  paused = true;
  ended = false;
  seeking = false;
  play = vi.fn(async () => {
    this.paused = false;
  });
  pause = vi.fn(() => {
    this.paused = true;
  });
}

function setup(durations: Pair<number>) {
  const videos = [new FakeVideo(), new FakeVideo()] as const;
  const refs = [{ current: videos[0] }, { current: videos[1] }] as unknown as Pair<{ current: HTMLVideoElement }>;
  const hook = renderHook(() => useSyncedPair(refs, durations));
  return { videos, hook };
}

describe('useSyncedPair', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('plays both and a seek moves both while they keep playing', () => {
    const { videos, hook } = setup([10, 6]);
    act(() => hook.result.current.play());
    expect(videos.every((v) => v.play.mock.calls.length === 1)).toBe(true);

    act(() => hook.result.current.seekTo(4));
    expect(videos.map((v) => v.currentTime)).toEqual([4, 4]);
    expect(hook.result.current.position).toBe(4);
    expect(videos.every((v) => !v.paused)).toBe(true);
  });

  it('past the end of the shorter one, a seek leaves it paused on its last frame', () => {
    const { videos, hook } = setup([10, 6]);
    act(() => hook.result.current.play());
    act(() => hook.result.current.seekTo(8));
    expect(videos.map((v) => v.currentTime)).toEqual([8, 6]);
    expect(videos[0].paused).toBe(false);
    expect(videos[1].paused).toBe(true);
  });

  it('resyncs a drifting follower while playing and stops both when the longer one ends', () => {
    const { videos, hook } = setup([10, 6]);
    act(() => hook.result.current.play());
    videos[0].currentTime = 3;
    videos[1].currentTime = 2.5;
    act(() => vi.advanceTimersByTime(60));
    expect(videos[1].currentTime).toBe(3);
    expect(hook.result.current.position).toBe(3);

    videos[0].currentTime = 10;
    videos[0].ended = true;
    act(() => vi.advanceTimersByTime(60));
    expect(hook.result.current.playing).toBe(false);
    expect(videos.every((v) => v.paused)).toBe(true);
  });

  it('pause stops both and the arrow-key step seeks both from the current position', () => {
    const { videos, hook } = setup([10, 6]);
    act(() => hook.result.current.play());
    act(() => hook.result.current.pause());
    expect(videos.every((v) => v.paused)).toBe(true);
    act(() => hook.result.current.seekBy(5));
    expect(videos.map((v) => v.currentTime)).toEqual([5, 5]);
    act(() => hook.result.current.seekBy(-5));
    expect(videos.map((v) => v.currentTime)).toEqual([0, 0]);
    expect(videos.every((v) => v.paused)).toBe(true);
  });
});
