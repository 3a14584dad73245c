import { describe, expect, it } from 'vitest';
import { DRIFT_THRESHOLD, formatTime, isVideoFile, leaderOf, planSeek, playStart, resyncCorrection } from './sync';

describe('the shared clock of two compared videos', () => {
  it('seeks both videos to the same time, the shorter one no further than its end', () => {
    expect(planSeek(2, [10, 6])).toEqual([
      { time: 2, playable: true },
      { time: 2, playable: true },
    ]);
    expect(planSeek(8, [10, 6])).toEqual([
      { time: 8, playable: true },
      { time: 6, playable: false },
    ]);
  });

  it('keeps a seek inside the timeline of the longer video', () => {
    expect(planSeek(-3, [4, 9])).toEqual([
      { time: 0, playable: true },
      { time: 0, playable: true },
    ]);
    expect(planSeek(50, [4, 9])).toEqual([
      { time: 4, playable: false },
      { time: 9, playable: false },
    ]);
  });

  it('takes the longer video as the timeline', () => {
    expect(leaderOf([3, 7])).toBe(1);
    expect(leaderOf([7, 3])).toBe(0);
    expect(leaderOf([5, 5])).toBe(0);
  });

  it('leaves the follower alone while it is within the threshold', () => {
    expect(resyncCorrection([4, 4 + DRIFT_THRESHOLD - 0.01], [10, 8])).toBeNull();
    expect(resyncCorrection([4, 4 - DRIFT_THRESHOLD + 0.01], [10, 8])).toBeNull();
  });

  it('brings a follower that drifted beyond the threshold back to the timeline, ahead or behind', () => {
    expect(resyncCorrection([4, 4.25], [10, 8])).toEqual({ side: 1, time: 4 });
    expect(resyncCorrection([3.5, 4], [6, 8])).toEqual({ side: 0, time: 4 });
  });

  it('lets the longer video play on after the shorter one ended, without pulling it back', () => {
    // The follower (3 s) has ended and rests on its last frame while the leader goes on.
    expect(resyncCorrection([5, 3], [10, 3])).toBeNull();
    expect(resyncCorrection([9.9, 3], [10, 3])).toBeNull();
  });

  it('replays from the start when play is pressed at the end of the timeline', () => {
    expect(playStart(10, [10, 3])).toBe(0);
    expect(playStart(4, [10, 3])).toBe(4);
  });

  it('writes times as m:ss', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(65.7)).toBe('1:05');
    expect(formatTime(Number.POSITIVE_INFINITY)).toBe('0:00');
  });

  it('accepts video files only', () => {
    expect(isVideoFile(new File(['x'], 'take.webm', { type: 'video/webm' }))).toBe(true);
    expect(isVideoFile(new File(['x'], 'clip.mov', { type: '' }))).toBe(true);
    expect(isVideoFile(new File(['x'], 'notes.txt', { type: 'text/plain' }))).toBe(false);
    expect(isVideoFile(new File(['x'], 'song.mp4', { type: 'audio/mp4' }))).toBe(false);
  });
});
