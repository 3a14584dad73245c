import { describe, expect, it } from 'vitest';
import { editPosition, locate, nextStep } from './preview';

const clips = [
  { journeyId: 'q1', start: 0, end: 2 },
  { journeyId: 'q1', start: 5, end: 6 },
  { journeyId: 'q2', start: 1, end: 4 },
];

describe('preview sequencing', () => {
  it('plays inside a clip', () => {
    expect(nextStep(clips, 0, 1.2)).toEqual({ kind: 'play' });
  });

  it('seeks within the same take at a clip end, skipping the cut part', () => {
    expect(nextStep(clips, 0, 1.97)).toEqual({ kind: 'seek', index: 1, time: 5 });
  });

  it('swaps to the next answer at the end of its last clip', () => {
    expect(nextStep(clips, 1, 6.01)).toEqual({ kind: 'swap', index: 2, journeyId: 'q2', time: 1 });
  });

  it('stops after the last clip', () => {
    expect(nextStep(clips, 2, 4)).toEqual({ kind: 'end' });
    expect(nextStep([], 0, 0)).toEqual({ kind: 'end' });
  });

  it('a player left before its clip (a stale seek) is sent to the clip start', () => {
    expect(nextStep(clips, 2, 0.2)).toEqual({ kind: 'seek', index: 2, time: 1 });
  });

  it('counts the edit time played and finds a moment of the edit', () => {
    expect(editPosition(clips, 0, 1)).toBe(1);
    expect(editPosition(clips, 2, 2.5)).toBe(4.5);
    expect(locate(clips, 2.5)).toEqual({ index: 1, time: 5.5 });
    expect(locate(clips, 4.5)).toEqual({ index: 2, time: 2.5 });
    expect(locate(clips, 100)).toEqual({ index: 2, time: 4 });
    expect(locate([], 1)).toBeNull();
  });
});
