import { describe, expect, it } from 'vitest';
import {
  canTrim,
  clipOf,
  contentOf,
  draftOf,
  EMPTY_DRAFT,
  moveItem,
  NOT_APPROVED_WARNING,
  sameContent,
  setEdge,
  totalSeconds,
  trim,
  type ClipSource,
  type StoryDraft,
} from './story';

const source = (over: Partial<ClipSource> = {}): ClipSource => ({
  contributorId: 'k1',
  questionId: 'q1',
  takeKey: 'take-1',
  speaker: 'Amal K.',
  question: 'Why do you stay?',
  approved: true,
  words: [
    { text: 'We', start: 0.5, end: 0.7 },
    { text: 'stay', start: 0.7, end: 1.1 },
    { text: 'because', start: 1.1, end: 1.6 },
    { text: 'of', start: 1.6, end: 1.7 },
    { text: 'people.', start: 1.7, end: 2.4 },
  ],
  ...over,
});

describe('a clip of an answer', () => {
  it('is the range chosen, with its words and seconds', () => {
    const clip = clipOf(source(), { from: 1, to: 3 }, 'c1')!;
    expect(clip).toMatchObject({ contributorId: 'k1', questionId: 'q1', takeKey: 'take-1', firstWord: 1, lastWord: 3, start: 0.7, end: 1.7, text: 'stay because of', warning: null });
  });

  it('of an answer not approved yet carries the warning', () => {
    expect(clipOf(source({ approved: false }), { from: 0, to: 0 })!.warning).toBe(NOT_APPROVED_WARNING);
  });

  it('cannot be made outside the words', () => {
    expect(clipOf(source(), { from: 3, to: 7 })).toBeNull();
  });
});

describe('trimming at word boundaries', () => {
  const clip = clipOf(source(), { from: 1, to: 3 }, 'c1')!;

  it('moves the start or the end by a word, with the seconds and words following', () => {
    expect(trim(clip, source(), 'start', -1)).toMatchObject({ firstWord: 0, lastWord: 3, start: 0.5, end: 1.7, text: 'We stay because of' });
    expect(trim(clip, source(), 'end', 1)).toMatchObject({ firstWord: 1, lastWord: 4, end: 2.4, text: 'stay because of people.' });
    expect(trim(clip, source(), 'end', -1)).toMatchObject({ lastWord: 2, end: 1.6, text: 'stay because' });
  });

  it('stays within the answer and never becomes empty', () => {
    const first = trim(clip, source(), 'start', -1);
    expect(trim(first, source(), 'start', -1).firstWord).toBe(0);
    const one = trim(trim(clip, source(), 'start', 1), source(), 'start', 1);
    expect(one).toMatchObject({ firstWord: 3, lastWord: 3, text: 'of' });
    expect(trim(one, source(), 'start', 1).firstWord).toBe(3);
    expect(trim(one, source(), 'end', -1).lastWord).toBe(3);
    expect(trim(clip, source(), 'end', 5).lastWord).toBe(4);
  });

  it('sets the start or end at a clicked word, refusing a start after the end', () => {
    expect(setEdge(clip, source(), 'start', 0)).toMatchObject({ firstWord: 0, lastWord: 3 });
    expect(setEdge(clip, source(), 'end', 4)).toMatchObject({ firstWord: 1, lastWord: 4 });
    expect(setEdge(clip, source(), 'start', 4)).toBe(clip);
    expect(setEdge(clip, source(), 'end', 0)).toBe(clip);
  });

  it('needs the words of the take the clip was chosen in', () => {
    expect(canTrim(clip, source())).toBe(true);
    expect(canTrim(clip, source({ takeKey: 'take-2' }))).toBe(false);
    expect(canTrim(clip, undefined)).toBe(false);
  });
});

describe('the order of clips', () => {
  it('moves an item up, down, or to any place', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, 3)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], -1, 0)).toEqual(['a', 'b', 'c']);
  });
});

describe('the story', () => {
  const a = clipOf(source(), { from: 0, to: 4 }, 'a')!; // 1.9 s
  const b = clipOf(source({ contributorId: 'k2' }), { from: 2, to: 3 }, 'b')!; // 0.6 s
  const draft: StoryDraft = { ...EMPTY_DRAFT, title: ' Why we stay ', clips: [a, b] };

  it('lasts its clips and the cards that are on', () => {
    expect(totalSeconds(draft)).toBeCloseTo(2.5, 6);
    expect(totalSeconds({ ...draft, titleCard: { enabled: true, text: 'Hi', seconds: 3 }, endCard: { enabled: true, text: '', logo: true, seconds: 2 } })).toBeCloseTo(7.5, 6);
    expect(totalSeconds({ ...draft, titleCard: { enabled: false, text: 'Hi', seconds: 3 } })).toBeCloseTo(2.5, 6);
  });

  it('is sent as word choices in order, with only the cards that are on', () => {
    expect(contentOf({ ...draft, endCard: { enabled: true, text: '  ', logo: true, seconds: 4 } })).toEqual({
      title: 'Why we stay',
      clips: [
        { contributorId: 'k1', questionId: 'q1', firstWord: 0, lastWord: 4 },
        { contributorId: 'k2', questionId: 'q1', firstWord: 2, lastWord: 3 },
      ],
      titleCard: null,
      endCard: { text: null, logo: true, seconds: 4 },
      lowerThirds: true,
    });
  });

  it('read back from the server is the same content', () => {
    const stored = {
      title: 'Why we stay',
      lowerThirds: true,
      titleCard: null,
      endCard: { text: null, logo: true, seconds: 4 },
      clips: [a, b].map(({ id: _id, ...c }) => c),
    };
    const back = draftOf(stored);
    expect(sameContent(back, { ...draft, endCard: { enabled: true, text: '', logo: true, seconds: 4 } })).toBe(true);
    expect(sameContent(back, { ...draft, clips: [b, a] })).toBe(false);
  });
});

describe('a saved story read back', () => {
  it('keeps the ids of the clips it replaces, place by place', () => {
    const a = clipOf(source(), { from: 0, to: 1 }, 'keep-a')!;
    const before: StoryDraft = { ...EMPTY_DRAFT, title: 'T', clips: [a] };
    const { id: _id, ...stored } = a;
    const after = draftOf({ title: 'T', lowerThirds: true, clips: [stored, { ...stored, firstWord: 2, lastWord: 2 }] }, before);
    expect(after.clips.map((c) => c.id)[0]).toBe('keep-a');
    expect(after.clips[1]!.id).not.toBe('keep-a');
  });
});
