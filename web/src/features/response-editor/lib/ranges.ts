/**
 * The edit as kept time ranges per answer. The saved cut list (`EditorState.cutList`) is the one
 * source of truth: the answers' order, their trims and which words are cut are all read from it.
 */

/** A stretch of one answer's take, in seconds from its start. */
export type TakeRange = { journeyId: string; start: number; end: number };
export type Span = { start: number; end: number };
export type Word = { text: string; start: number; end: number; edited?: boolean };

/** Ranges shorter than this are dropped: the render refuses parts under 0.1 s (a few frames). */
export const MIN_RANGE_SECONDS = 0.1;
/** The render accepts at most this many clips (contract: 1..500). */
export const MAX_CLIPS = 500;

const round = (n: number) => Math.round(n * 1000) / 1000;

/** Sorted, merged, clamped to [0, duration], without slivers. */
export function normalise(spans: Span[], duration: number): Span[] {
  const sorted = spans
    .map((s) => ({ start: Math.max(0, Math.min(s.start, duration)), end: Math.max(0, Math.min(s.end, duration)) }))
    .filter((s) => s.end > s.start)
    .sort((a, b) => a.start - b.start);
  const out: Span[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last && s.start <= last.end + 0.01) last.end = Math.max(last.end, s.end);
    else out.push({ ...s });
  }
  return out.filter((s) => s.end - s.start >= MIN_RANGE_SECONDS).map((s) => ({ start: round(s.start), end: round(s.end) }));
}

/** `kept` without `cut`. */
export function subtract(kept: Span[], cut: Span, duration: number): Span[] {
  const out: Span[] = [];
  for (const k of kept) {
    if (cut.end <= k.start || cut.start >= k.end) out.push(k);
    else {
      if (cut.start > k.start) out.push({ start: k.start, end: cut.start });
      if (cut.end < k.end) out.push({ start: cut.end, end: k.end });
    }
  }
  return normalise(out, duration);
}

/** `kept` with `span` added back. */
export function union(kept: Span[], span: Span, duration: number): Span[] {
  return normalise([...kept, span], duration);
}

/** Whether the middle of `span` is kept. */
export function isKept(kept: Span[], span: Span): boolean {
  const mid = (span.start + span.end) / 2;
  return kept.some((k) => mid >= k.start && mid < k.end);
}

/**
 * The time span of words `from..to` (inclusive) as a cut removes it: from the first word's start to the
 * start of the word after the last (so the pause after a cut sentence goes with it); the last word of a
 * take ends the span at its own end.
 */
export function wordsSpan(words: Word[], from: number, to: number): Span {
  const lo = Math.max(0, Math.min(from, to));
  const hi = Math.min(words.length - 1, Math.max(from, to));
  const next = words[hi + 1];
  return { start: words[lo]!.start, end: next ? next.start : words[hi]!.end };
}

export type Answer = { journeyId: string; duration: number };

/** The edit: answers in playing order with the ranges kept of each. */
export type EditModel = { order: string[]; kept: Record<string, Span[]> };

/** Every answer whole, in the given order: the edit before any change. */
export function initialModel(answers: Answer[]): EditModel {
  return {
    order: answers.map((a) => a.journeyId),
    kept: Object.fromEntries(answers.map((a) => [a.journeyId, normalise([{ start: 0, end: a.duration }], a.duration)])),
  };
}

/** The cut list (kept ranges in playing order) of a model. */
export function toCutList(model: EditModel): TakeRange[] {
  return model.order.flatMap((journeyId) => (model.kept[journeyId] ?? []).map((s) => ({ journeyId, ...s })));
}

/**
 * A model from a saved cut list. Answers it names come first in its order; answers it does not name
 * (fully cut, or new since it was saved) follow with nothing kept. Ranges of unknown answers are dropped.
 */
export function fromCutList(cutList: TakeRange[], answers: Answer[]): EditModel {
  const durations = new Map(answers.map((a) => [a.journeyId, a.duration]));
  const order: string[] = [];
  const spans: Record<string, Span[]> = {};
  for (const r of cutList) {
    if (!durations.has(r.journeyId)) continue;
    if (!spans[r.journeyId]) {
      order.push(r.journeyId);
      spans[r.journeyId] = [];
    }
    spans[r.journeyId]!.push({ start: r.start, end: r.end });
  }
  for (const a of answers) if (!order.includes(a.journeyId)) order.push(a.journeyId);
  const kept = Object.fromEntries(order.map((j) => [j, normalise(spans[j] ?? [], durations.get(j)!)]));
  return { order, kept };
}

/** Moves an answer one place up (-1) or down (+1) in the playing order. */
export function move(model: EditModel, journeyId: string, by: -1 | 1): EditModel {
  const i = model.order.indexOf(journeyId);
  const j = i + by;
  if (i < 0 || j < 0 || j >= model.order.length) return model;
  const order = [...model.order];
  [order[i], order[j]] = [order[j]!, order[i]!];
  return { ...model, order };
}

export function cutSpan(model: EditModel, journeyId: string, span: Span, duration: number): EditModel {
  return { ...model, kept: { ...model.kept, [journeyId]: subtract(model.kept[journeyId] ?? [], span, duration) } };
}

export function keepSpan(model: EditModel, journeyId: string, span: Span, duration: number): EditModel {
  return { ...model, kept: { ...model.kept, [journeyId]: union(model.kept[journeyId] ?? [], span, duration) } };
}

/** Where an answer's kept part starts and ends (null when nothing is kept). */
export function trimsOf(kept: Span[]): { start: number; end: number } | null {
  if (kept.length === 0) return null;
  return { start: kept[0]!.start, end: kept[kept.length - 1]!.end };
}

/** Moves the start of an answer's kept part to `seconds`: earlier keeps the take from there, later cuts up to it. */
export function trimStart(model: EditModel, journeyId: string, seconds: number, duration: number): EditModel {
  const kept = model.kept[journeyId] ?? [];
  const t = trimsOf(kept);
  const at = Math.max(0, Math.min(seconds, duration));
  if (!t) return keepSpan(model, journeyId, { start: at, end: duration }, duration);
  if (at < t.start) return keepSpan(model, journeyId, { start: at, end: t.start }, duration);
  return cutSpan(model, journeyId, { start: 0, end: at }, duration);
}

/** Moves the end of an answer's kept part to `seconds`. */
export function trimEnd(model: EditModel, journeyId: string, seconds: number, duration: number): EditModel {
  const kept = model.kept[journeyId] ?? [];
  const t = trimsOf(kept);
  const at = Math.max(0, Math.min(seconds, duration));
  if (!t) return keepSpan(model, journeyId, { start: 0, end: at }, duration);
  if (at > t.end) return keepSpan(model, journeyId, { start: t.end, end: at }, duration);
  return cutSpan(model, journeyId, { start: at, end: duration }, duration);
}

/** Seconds the edit plays (title card not included). */
export function totalSeconds(clips: Span[]): number {
  return round(clips.reduce((n, c) => n + (c.end - c.start), 0));
}
