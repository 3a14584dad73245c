import { rangeSeconds, spoken, type Word, type WordRange } from './words';

/** An answer of the library, as much of it as a clip needs. */
export type ClipSource = {
  contributorId: string;
  questionId: string;
  takeKey: string;
  speaker: string;
  question: string;
  approved: boolean;
  words: Word[];
};

/** A clip in the editor: the answer, its word range, and what that range is. */
export type EditorClip = {
  /** The clip's own id in the editor (React keys, drag and drop); not sent. */
  id: string;
  contributorId: string;
  questionId: string;
  /** The take whose words `firstWord` and `lastWord` count. */
  takeKey: string;
  speaker: string;
  firstWord: number;
  lastWord: number;
  start: number;
  end: number;
  text: string;
  /** From the server (re-recorded, gone, not approved) or, for a new clip, not approved. */
  warning: string | null;
};

export type TitleCardDraft = { enabled: boolean; text: string; seconds: number };
export type EndCardDraft = { enabled: boolean; text: string; logo: boolean; seconds: number };

/** Everything the editor edits. */
export type StoryDraft = {
  title: string;
  titleCard: TitleCardDraft;
  endCard: EndCardDraft;
  lowerThirds: boolean;
  clips: EditorClip[];
};

/** The server's warning for an answer not approved yet (shared/src/stories/mod.rs). */
export const NOT_APPROVED_WARNING = 'This answer is not approved yet';

export const answerKey = (a: { contributorId: string; questionId: string }) => `${a.contributorId}/${a.questionId}`;

let nextId = 0;
export const newClipId = () => `clip-${++nextId}`;

/** A new clip of `range` of the answer (null when the range is not within its words). */
export function clipOf(source: ClipSource, range: WordRange, id = newClipId()): EditorClip | null {
  const seconds = rangeSeconds(source.words, range);
  if (!seconds || range.from < 0) return null;
  return {
    id,
    contributorId: source.contributorId,
    questionId: source.questionId,
    takeKey: source.takeKey,
    speaker: source.speaker,
    firstWord: range.from,
    lastWord: range.to,
    start: seconds.start,
    end: seconds.end,
    text: spoken(source.words, range),
    warning: source.approved ? null : NOT_APPROVED_WARNING,
  };
}

/** Whether `source` holds the words the clip counts (the same take). */
export function canTrim(clip: EditorClip, source: ClipSource | undefined): source is ClipSource {
  return !!source && source.takeKey === clip.takeKey && clip.lastWord < source.words.length;
}

/** The clip with its range set to `range` (kept within its answer's words, never empty). */
export function withRange(clip: EditorClip, source: ClipSource, range: WordRange): EditorClip {
  const last = source.words.length - 1;
  const from = Math.max(0, Math.min(range.from, last));
  const to = Math.max(from, Math.min(range.to, last));
  const seconds = rangeSeconds(source.words, { from, to })!;
  return { ...clip, firstWord: from, lastWord: to, start: seconds.start, end: seconds.end, text: spoken(source.words, { from, to }) };
}

export type Edge = 'start' | 'end';

/** Moves the clip's start or end by `delta` words (within the answer, the start never past the end). */
export function trim(clip: EditorClip, source: ClipSource, edge: Edge, delta: number): EditorClip {
  if (edge === 'start') {
    return withRange(clip, source, { from: Math.min(clip.firstWord + delta, clip.lastWord), to: clip.lastWord });
  }
  return withRange(clip, source, { from: clip.firstWord, to: Math.max(clip.lastWord + delta, clip.firstWord) });
}

/** Sets the clip's start or end at word `index` (a start after the end, or an end before the start, is refused). */
export function setEdge(clip: EditorClip, source: ClipSource, edge: Edge, index: number): EditorClip {
  if (edge === 'start' && index > clip.lastWord) return clip;
  if (edge === 'end' && index < clip.firstWord) return clip;
  return withRange(clip, source, edge === 'start' ? { from: index, to: clip.lastWord } : { from: clip.firstWord, to: index });
}

/** The list with the item at `from` moved to `to`. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || from >= items.length || to < 0 || to >= items.length) return [...items];
  const out = [...items];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item!);
  return out;
}

export const clipSeconds = (clip: { start: number; end: number }) => Math.max(0, clip.end - clip.start);

/** Seconds the story lasts: its clips and its cards (as the server counts them). */
export function totalSeconds(draft: Pick<StoryDraft, 'clips' | 'titleCard' | 'endCard'>): number {
  const clips = draft.clips.reduce((sum, c) => sum + clipSeconds(c), 0);
  const cards = (draft.titleCard.enabled ? draft.titleCard.seconds : 0) + (draft.endCard.enabled ? draft.endCard.seconds : 0);
  return Math.round((clips + cards) * 1000) / 1000;
}

/** What the API is sent (save and update): the clips as choices, the cards when on. */
export function contentOf(draft: StoryDraft) {
  return {
    title: draft.title.trim(),
    clips: draft.clips.map((c) => ({
      contributorId: c.contributorId,
      questionId: c.questionId,
      firstWord: c.firstWord,
      lastWord: c.lastWord,
    })),
    titleCard: draft.titleCard.enabled ? { text: draft.titleCard.text.trim(), seconds: draft.titleCard.seconds } : null,
    endCard: draft.endCard.enabled
      ? { text: draft.endCard.text.trim() || null, logo: draft.endCard.logo, seconds: draft.endCard.seconds }
      : null,
    lowerThirds: draft.lowerThirds,
  };
}

/** A story as the API shows it (the fields the editor reads). */
export type StoryView = {
  title: string;
  lowerThirds: boolean;
  titleCard?: { text: string; seconds: number } | null;
  endCard?: { text?: string | null; logo?: boolean; seconds: number } | null;
  clips: {
    contributorId: string;
    questionId: string;
    takeKey: string;
    speaker: string;
    firstWord: number;
    lastWord: number;
    start: number;
    end: number;
    text: string;
    warning?: string | null;
  }[];
};

export const EMPTY_DRAFT: StoryDraft = {
  title: '',
  titleCard: { enabled: false, text: '', seconds: 3 },
  endCard: { enabled: false, text: '', logo: true, seconds: 3 },
  lowerThirds: true,
  clips: [],
};

/**
 * The editor's draft of a stored story. `keep` (the draft it replaces after a save) lends its clip
 * ids to the clips at the same places, so that what shows them is kept.
 */
export function draftOf(story: StoryView, keep?: StoryDraft): StoryDraft {
  return {
    title: story.title,
    titleCard: story.titleCard
      ? { enabled: true, text: story.titleCard.text, seconds: story.titleCard.seconds }
      : EMPTY_DRAFT.titleCard,
    endCard: story.endCard
      ? { enabled: true, text: story.endCard.text ?? '', logo: !!story.endCard.logo, seconds: story.endCard.seconds }
      : EMPTY_DRAFT.endCard,
    lowerThirds: story.lowerThirds,
    clips: story.clips.map((c, i) => ({
      id: keep?.clips[i]?.id ?? newClipId(),
      contributorId: c.contributorId,
      questionId: c.questionId,
      takeKey: c.takeKey,
      speaker: c.speaker,
      firstWord: c.firstWord,
      lastWord: c.lastWord,
      start: c.start,
      end: c.end,
      text: c.text,
      warning: c.warning ?? null,
    })),
  };
}

/** Whether two drafts would save the same story. */
export function sameContent(a: StoryDraft, b: StoryDraft): boolean {
  return JSON.stringify(contentOf(a)) === JSON.stringify(contentOf(b));
}
