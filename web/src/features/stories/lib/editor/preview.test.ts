import { describe, expect, it } from 'vitest';
import { loadsAt, nextClipAfter, previewPlan, previewPosition, previewSeconds, reachedEnd, showsLowerThird, slotOf } from './preview';
import { EMPTY_DRAFT, type EditorClip } from './story';

const clip = (id: string, start: number, end: number, speaker = 'Amal K.'): EditorClip => ({
  id, contributorId: `k-${id}`, questionId: 'q', takeKey: `t-${id}`, speaker, firstWord: 0, lastWord: 1, start, end, text: '', warning: null,
});

const draft = {
  ...EMPTY_DRAFT,
  titleCard: { enabled: true, text: 'Why we stay', seconds: 2 },
  endCard: { enabled: true, text: '', logo: true, seconds: 3 },
  clips: [clip('a', 1, 3), clip('b', 0.5, 1.5), clip('c', 2, 2.5)],
};

describe('the preview plan', () => {
  it('plays the title card, every playable clip in order, then the end card', () => {
    const plan = previewPlan(draft, (i) => `https://v/${i}.mp4`);
    expect(plan.items.map((i) => (i.kind === 'clip' ? `clip ${i.clipIndex}` : i.kind))).toEqual(['title', 'clip 0', 'clip 1', 'clip 2', 'end']);
    expect(plan.skipped).toEqual([]);
    expect(previewSeconds(plan.items)).toBeCloseTo(2 + 2 + 1 + 0.5 + 3, 6);
  });

  it('leaves out clips with no playable video and cards that are off or empty', () => {
    const plan = previewPlan(
      { ...draft, titleCard: { enabled: true, text: '  ', seconds: 2 }, endCard: { ...draft.endCard, enabled: false } },
      (i) => (i === 1 ? undefined : `https://v/${i}.mp4`),
    );
    expect(plan.items.map((i) => i.kind)).toEqual(['clip', 'clip']);
    expect(plan.skipped).toEqual([1]);
  });

  it('counts the position through the items', () => {
    const { items } = previewPlan(draft, () => 'u');
    expect(previewPosition(items, 0, 1)).toBe(1);
    expect(previewPosition(items, 2, 0.25)).toBe(4.25);
    expect(previewPosition(items, 2, 9)).toBe(5);
  });
});

describe('two players without gaps', () => {
  const { items } = previewPlan(draft, () => 'u'); // title, clip, clip, clip, end

  it('alternate clips between the players', () => {
    expect([1, 2, 3].map((i) => slotOf(items, i))).toEqual([0, 1, 0]);
  });

  it('load the clip playing and the next one', () => {
    expect(loadsAt(items, 0)).toEqual([1, 2]); // during the title card: the first two clips
    expect(loadsAt(items, 1)).toEqual([1, 2]);
    expect(loadsAt(items, 2)).toEqual([3, 2]);
    expect(loadsAt(items, 3)).toEqual([3, -1]);
    expect(loadsAt(items, 4)).toEqual([-1, -1]);
    expect(nextClipAfter(items, 3)).toBe(-1);
  });

  it('move on at the range end, a frame early at most', () => {
    expect(reachedEnd({ end: 3 }, 2.9)).toBe(false);
    expect(reachedEnd({ end: 3 }, 2.97)).toBe(true);
    expect(reachedEnd({ end: 3 }, 3.5)).toBe(true);
  });
});

describe('lower thirds in the preview', () => {
  const { items } = previewPlan({ ...draft, titleCard: { ...draft.titleCard, enabled: false }, clips: [clip('a', 0, 9, 'Amal K.'), clip('b', 0, 9, 'Amal K.'), clip('c', 0, 9, 'Ben T.')] }, () => 'u');

  it('name the speaker for the first seconds of a clip, once for one speaker’s clips in a row', () => {
    expect(showsLowerThird(items, 0, 1)).toBe(true);
    expect(showsLowerThird(items, 0, 4.5)).toBe(false);
    expect(showsLowerThird(items, 1, 1)).toBe(false);
    expect(showsLowerThird(items, 2, 0)).toBe(true);
    expect(showsLowerThird(items, 3, 0)).toBe(false); // the end card
  });
});
