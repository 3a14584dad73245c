import { create } from 'zustand';
import { ApiError } from '@/lib/api/errors';
import { queryClient } from '@/lib/query-client';
import type { Campaign } from '../types';
import { api, call } from '@/lib/api/client';

export const campaignKey = (id: string) => ['campaign', id] as const;
export const questionsKey = (id: string) => ['questions', id] as const;

/** The 409 message of the last stale write, shown with a "Reload" action. */
type ConflictState = { message: string | null; reloads: number; set: (message: string | null) => void; reloaded: () => void };
export const useConflictStore = create<ConflictState>()((set) => ({
  message: null,
  reloads: 0,
  set: (message) => set({ message }),
  reloaded: () => set((s) => ({ message: null, reloads: s.reloads + 1 })),
}));

const queues = new Map<string, Promise<unknown>>();

/**
 * Runs the writes of one campaign one after the other, so each sends the version the previous
 * one returned (every campaign or question write bumps it).
 */
export function enqueue<T>(campaignId: string, task: () => Promise<T>): Promise<T> {
  const previous = queues.get(campaignId) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(task);
  queues.set(campaignId, next);
  void next.finally(() => {
    if (queues.get(campaignId) === next) queues.delete(campaignId);
  }).catch(() => undefined);
  return next;
}

export function fetchCampaign(id: string): Promise<Campaign> {
  return call(api.GET('/campaign/{id}', { params: { path: { id } } }));
}

/** Re-reads the campaign (its version changed on the server) and stores it in the cache. */
export async function refreshCampaign(id: string): Promise<Campaign> {
  const campaign = await fetchCampaign(id);
  queryClient.setQueryData(campaignKey(id), campaign);
  return campaign;
}

function noteConflict(error: unknown): void {
  if (error instanceof ApiError && error.status === 409) useConflictStore.getState().set(error.message);
}

/** A write that sends the campaign's version; the campaign it returns replaces the cached one. */
export function versionedWrite(
  campaignId: string,
  write: (version: number) => Promise<Campaign>,
): Promise<Campaign> {
  return enqueue(campaignId, async () => {
    const cached = queryClient.getQueryData<Campaign>(campaignKey(campaignId));
    const version = cached?.version ?? (await fetchCampaign(campaignId)).version;
    try {
      const updated = await write(version);
      queryClient.setQueryData(campaignKey(campaignId), updated);
      return updated;
    } catch (error) {
      noteConflict(error);
      throw error;
    }
  });
}

/** A write that bumps the version without returning the campaign (questions, publish): re-read it after. */
export function bumpingWrite<T>(campaignId: string, write: () => Promise<T>): Promise<T> {
  return enqueue(campaignId, async () => {
    try {
      const result = await write();
      await refreshCampaign(campaignId).catch(() => undefined);
      return result;
    } catch (error) {
      noteConflict(error);
      throw error;
    }
  });
}
