/** A wall's hand-picked order: at most this many items (the API's limit). */
export const WALL_MAX_ITEMS = 100;

/** `ids` with the item at `from` moved to `to` (both clamped); the same array when nothing moves. */
export function moveItem<T>(ids: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= ids.length) return [...ids];
  const target = Math.max(0, Math.min(ids.length - 1, to));
  if (target === from) return [...ids];
  const next = [...ids];
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item as T);
  return next;
}

/** Adds `id` at the end unless it is there or the wall is full. */
export function addItem(ids: readonly string[], id: string): string[] {
  if (ids.includes(id) || ids.length >= WALL_MAX_ITEMS) return [...ids];
  return [...ids, id];
}

export function removeItem(ids: readonly string[], id: string): string[] {
  return ids.filter((x) => x !== id);
}
