import { useCallback, useEffect, useSyncExternalStore } from 'react';

/**
 * The contributor pages' few GETs, cached by key: a tiny stand-in for a query library (a contributor
 * downloads every kilobyte on a phone before the camera opens). What the pages rely on is kept:
 * one request per key at a time, data kept while a newer read is on its way, stale data read again
 * when a page mounts or the window regains focus, a failed read retried `retry` times after 1 s,
 * and invalidation by key prefix that resolves once the pages' reads are back.
 */

export type ResourceKey = readonly string[];

/** As a query's result: past `isPending` and `isError`, `data` is there. */
export type ResourceState<T> = { refetch: () => Promise<void> } & (
  | { isPending: true; isError: false; data: undefined; error: null }
  | { isPending: false; isError: true; data: T | undefined; error: unknown }
  | { isPending: false; isError: false; data: T; error: null }
);

type Entry = {
  data: unknown;
  hasData: boolean;
  error: unknown;
  status: 'pending' | 'success' | 'error';
  updatedAt: number;
  inFlight: Promise<void> | null;
  stale: boolean;
  /** The fetcher of the pages using this entry, and how many of them there are. */
  fetcher: (() => Promise<unknown>) | null;
  retry: number;
  users: number;
  listeners: Set<() => void>;
  snapshot: Snapshot;
  /** Bumped by each local change, so a read sent before it cannot put the older state back. */
  localChanges: number;
};

type Snapshot = { data: unknown; error: unknown; status: Entry['status'] };

const cache = new Map<string, Entry>();
const hash = (key: ResourceKey) => JSON.stringify(key);

function entryOf(key: ResourceKey): Entry {
  const id = hash(key);
  let entry = cache.get(id);
  if (!entry) {
    entry = {
      data: undefined,
      hasData: false,
      error: null,
      status: 'pending',
      updatedAt: 0,
      inFlight: null,
      stale: true,
      fetcher: null,
      retry: 0,
      users: 0,
      listeners: new Set(),
      snapshot: { data: undefined, error: null, status: 'pending' },
      localChanges: 0,
    };
    cache.set(id, entry);
  }
  return entry;
}

function publish(entry: Entry) {
  entry.snapshot = { data: entry.data, error: entry.error, status: entry.status };
  for (const listener of entry.listeners) listener();
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function load(entry: Entry): Promise<void> {
  if (entry.inFlight) return entry.inFlight;
  const fetcher = entry.fetcher;
  if (!fetcher) return Promise.resolve();
  const attempt = async (left: number): Promise<unknown> => {
    try {
      return await fetcher();
    } catch (error) {
      if (left <= 0) throw error;
      await wait(1000);
      return attempt(left - 1);
    }
  };
  const changesBefore = entry.localChanges;
  entry.inFlight = attempt(entry.retry).then(
    (data) => {
      if (entry.localChanges !== changesBefore) {
        // The server may have answered before it had the change: keep the changed data, and read
        // again when a page next mounts.
        entry.stale = true;
        entry.inFlight = null;
        return;
      }
      entry.data = data;
      entry.hasData = true;
      entry.error = null;
      entry.status = 'success';
      entry.updatedAt = Date.now();
      entry.stale = false;
      entry.inFlight = null;
      publish(entry);
    },
    (error: unknown) => {
      entry.error = error;
      entry.status = 'error';
      entry.stale = true;
      entry.inFlight = null;
      publish(entry);
    },
  );
  return entry.inFlight;
}

const isStale = (entry: Entry, staleTime: number) => entry.stale || Date.now() - entry.updatedAt >= staleTime;

/** Reads `key` with `fetcher` while `key` is set; null keeps it idle (pending, as a disabled query). */
export function useResource<T>(
  key: ResourceKey | null,
  fetcher: () => Promise<T>,
  options: { retry?: number; staleTime?: number } = {},
): ResourceState<T> {
  const { retry = 0, staleTime = 0 } = options;
  const id = key ? hash(key) : null;
  const entry = key ? entryOf(key) : null;
  if (entry) {
    entry.fetcher = fetcher;
    entry.retry = retry;
  }
  const subscribe = useCallback(
    (listener: () => void) => {
      if (!entry) return () => undefined;
      entry.listeners.add(listener);
      return () => entry.listeners.delete(listener);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [id],
  );
  const snapshot = useSyncExternalStore(subscribe, () => entry?.snapshot ?? IDLE);

  useEffect(() => {
    if (!entry) return;
    entry.users += 1;
    if (isStale(entry, staleTime)) void load(entry);
    const onFocus = () => {
      if (document.visibilityState === 'visible' && isStale(entry, staleTime)) void load(entry);
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onFocus);
    return () => {
      entry.users -= 1;
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onFocus);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, staleTime]);

  const refetch = useCallback(() => (entry ? load(entry) : Promise.resolve()), [entry]);
  if (snapshot.status === 'pending') return { isPending: true, isError: false, data: undefined, error: null, refetch };
  if (snapshot.status === 'error') return { isPending: false, isError: true, data: snapshot.data as T | undefined, error: snapshot.error, refetch };
  return { isPending: false, isError: false, data: snapshot.data as T, error: null, refetch };
}

const IDLE: Snapshot = { data: undefined, error: null, status: 'pending' };

/**
 * Marks every entry whose key starts with `prefix` stale and reads again the ones a page shows;
 * resolves when those reads are back.
 */
export function invalidateResources(prefix: ResourceKey): Promise<void> {
  const reads: Promise<void>[] = [];
  for (const [id, entry] of cache) {
    const key = JSON.parse(id) as string[];
    if (!prefix.every((part, i) => key[i] === part)) continue;
    entry.stale = true;
    if (entry.users > 0) reads.push(load(entry));
  }
  return Promise.all(reads).then(() => undefined);
}

/**
 * Reads again every entry whose key starts with `prefix` that was ever read, shown now or not, and
 * after the read in flight if there is one: a service worker that just took control keeps only what
 * is read through it, and a read started before it took control went around it.
 */
export function rereadResources(prefix: ResourceKey): Promise<void> {
  const reads: Promise<void>[] = [];
  for (const [id, entry] of cache) {
    const key = JSON.parse(id) as string[];
    if (!entry.fetcher || !prefix.every((part, i) => key[i] === part)) continue;
    entry.stale = true;
    const before = entry.inFlight ?? Promise.resolve();
    reads.push(before.then(() => load(entry)));
  }
  return Promise.all(reads).then(() => undefined);
}

/** Puts `data` under `key`, as a fresh read (a save answered with the new state). */
export function setResourceData(key: ResourceKey, data: unknown): void {
  const entry = entryOf(key);
  entry.data = data;
  entry.hasData = true;
  entry.error = null;
  entry.status = 'success';
  entry.updatedAt = Date.now();
  entry.stale = false;
  publish(entry);
}

/**
 * Changes what is cached under `key` at once, as the server will have it once a save sent now is
 * kept: a page opened next shows it even if the read it starts is still on its way. Nothing is
 * cached yet: nothing to change.
 */
export function updateResourceData<T>(key: ResourceKey, change: (data: T) => T): void {
  const entry = cache.get(hash(key));
  if (!entry?.hasData) return;
  entry.localChanges += 1;
  entry.data = change(entry.data as T);
  publish(entry);
}

/** Forgets everything (tests). */
export function clearResources(): void {
  cache.clear();
}
