import type { TakeRange } from './ranges';

/** Seek at most this close to a clip's end before moving on (timeupdate fires about every 250 ms). */
export const CLIP_END_TOLERANCE = 0.05;

export type PreviewStep =
  | { kind: 'play' }
  | { kind: 'seek'; index: number; time: number }
  | { kind: 'swap'; index: number; journeyId: string; time: number }
  | { kind: 'end' };

/**
 * What the single preview player does at `currentTime` while it plays clip `index`: keep playing;
 * seek within the same take to the next clip; load the next answer's take at the next clip's start;
 * or stop after the last clip.
 */
export function nextStep(clips: TakeRange[], index: number, currentTime: number): PreviewStep {
  const clip = clips[index];
  if (!clip) return { kind: 'end' };
  if (currentTime < clip.start - 0.25) return { kind: 'seek', index, time: clip.start };
  if (currentTime < clip.end - CLIP_END_TOLERANCE) return { kind: 'play' };
  const next = clips[index + 1];
  if (!next) return { kind: 'end' };
  if (next.journeyId === clip.journeyId) return { kind: 'seek', index: index + 1, time: next.start };
  return { kind: 'swap', index: index + 1, journeyId: next.journeyId, time: next.start };
}

/** Seconds of the edit played when clip `index` is at `currentTime`. */
export function editPosition(clips: TakeRange[], index: number, currentTime: number): number {
  let total = 0;
  for (let i = 0; i < index && i < clips.length; i++) total += clips[i]!.end - clips[i]!.start;
  const clip = clips[index];
  if (clip) total += Math.max(0, Math.min(currentTime, clip.end) - clip.start);
  return Math.round(total * 1000) / 1000;
}

/** The clip and take time at `seconds` into the edit (the last clip's end beyond it). */
export function locate(clips: TakeRange[], seconds: number): { index: number; time: number } | null {
  let rest = Math.max(0, seconds);
  for (let i = 0; i < clips.length; i++) {
    const c = clips[i]!;
    const len = c.end - c.start;
    if (rest < len) return { index: i, time: c.start + rest };
    rest -= len;
  }
  const last = clips[clips.length - 1];
  return last ? { index: clips.length - 1, time: last.end } : null;
}
