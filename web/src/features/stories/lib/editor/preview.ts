import { clipSeconds, type StoryDraft } from './story';

/** What the preview plays, in order: the title card, the clips that can be played, the end card. */
export type PreviewItem =
  | { kind: 'title'; text: string; seconds: number }
  | { kind: 'clip'; clipIndex: number; clipId: string; url: string; start: number; end: number; speaker: string }
  | { kind: 'end'; text: string; logo: boolean; seconds: number };

export type PreviewPlan = {
  items: PreviewItem[];
  /** Indexes of clips left out because their answer has no playable video (yet). */
  skipped: number[];
};

/** A clip's range ends this close to its last word's end (a frame at 25 fps). */
export const END_TOLERANCE = 0.04;

/** The preview of a draft; `urlOf` gives a clip's playable video (its answer's take), if any. */
export function previewPlan(draft: Pick<StoryDraft, 'clips' | 'titleCard' | 'endCard'>, urlOf: (clipIndex: number) => string | undefined): PreviewPlan {
  const items: PreviewItem[] = [];
  const skipped: number[] = [];
  if (draft.titleCard.enabled && draft.titleCard.text.trim()) {
    items.push({ kind: 'title', text: draft.titleCard.text.trim(), seconds: draft.titleCard.seconds });
  }
  draft.clips.forEach((clip, clipIndex) => {
    const url = urlOf(clipIndex);
    if (!url || clip.end <= clip.start) {
      skipped.push(clipIndex);
      return;
    }
    items.push({ kind: 'clip', clipIndex, clipId: clip.id, url, start: clip.start, end: clip.end, speaker: clip.speaker });
  });
  if (draft.endCard.enabled && (draft.endCard.text.trim() || draft.endCard.logo)) {
    items.push({ kind: 'end', text: draft.endCard.text.trim(), logo: draft.endCard.logo, seconds: draft.endCard.seconds });
  }
  return { items, skipped };
}

/** Which of the two players plays item `index` (a clip): clips alternate between them. */
export function slotOf(items: readonly PreviewItem[], index: number): 0 | 1 {
  let clips = 0;
  for (let i = 0; i < index && i < items.length; i++) if (items[i]!.kind === 'clip') clips++;
  return (clips % 2) as 0 | 1;
}

/** The first clip item after `index` (-1 when none): what the idle player loads next. */
export function nextClipAfter(items: readonly PreviewItem[], index: number): number {
  for (let i = index + 1; i < items.length; i++) if (items[i]!.kind === 'clip') return i;
  return -1;
}

/** The clip items each player holds when item `index` starts: the one playing and the one after it. */
export function loadsAt(items: readonly PreviewItem[], index: number): [number, number] {
  const slots: [number, number] = [-1, -1];
  const current = items[index]?.kind === 'clip' ? index : nextClipAfter(items, index);
  if (current < 0) return slots;
  slots[slotOf(items, current)] = current;
  const next = nextClipAfter(items, current);
  if (next >= 0) slots[slotOf(items, next)] = next;
  return slots;
}

/** Whether a clip playing at `time` (seconds in its take) has reached its range's end. */
export function reachedEnd(item: { end: number }, time: number): boolean {
  return time >= item.end - END_TOLERANCE;
}

export const itemSeconds = (item: PreviewItem) => (item.kind === 'clip' ? clipSeconds(item) : item.seconds);

/** Seconds of the preview before item `index`, plus `within` seconds into it. */
export function previewPosition(items: readonly PreviewItem[], index: number, within: number): number {
  let total = 0;
  for (let i = 0; i < index && i < items.length; i++) total += itemSeconds(items[i]!);
  const item = items[index];
  if (item) total += Math.max(0, Math.min(within, itemSeconds(item)));
  return Math.round(total * 1000) / 1000;
}

export const previewSeconds = (items: readonly PreviewItem[]) => previewPosition(items, items.length, 0);

/** A speaker's lower third shows for the first seconds of their clip (as the render draws it). */
export const LOWER_THIRD_SECONDS = 4;

/**
 * Whether item `index` (a clip) shows its speaker's name `within` seconds into it: for its first
 * seconds, unless the clip before it (with no card between) is the same speaker's.
 */
export function showsLowerThird(items: readonly PreviewItem[], index: number, within: number): boolean {
  const item = items[index];
  if (item?.kind !== 'clip' || !item.speaker || within >= LOWER_THIRD_SECONDS) return false;
  const before = items[index - 1];
  return !(before?.kind === 'clip' && before.speaker === item.speaker);
}
