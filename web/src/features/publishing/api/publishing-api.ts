import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, call } from '@/lib/api/client';
import { toast } from '@/stores/toast-store';
import type { Consent, Publication, PublicationPage, PublishTarget, Wall, WallInput, WallPage } from './contract';
import { enc, http } from './http';
import { statsKey } from './stats';
import type { components } from '@/types/schema';

type SearchFilter = components['schemas']['SearchFilter'];

export const PUBLISHING_MESSAGES = {
  published: (title: string) => `"${title}" is published`,
  unpublished: (title: string) => `"${title}" is unpublished`,
  wallCreated: (title: string) => `Wall "${title}" created`,
  wallSaved: (title: string) => `Wall "${title}" saved`,
  wallDeleted: (title: string) => `Wall "${title}" deleted`,
  withdrawalRecorded: 'The consent withdrawal is recorded. Their published videos are being taken down.',
} as const;

export const publishingKeys = {
  all: ['publishing'] as const,
  campaignLive: (campaignId: string | null) => ['publishing', 'live', campaignId ?? 'organisation'] as const,
  list: (filter: PublicationFilter) => ['publishing', 'list', filter] as const,
  stats: statsKey,
  walls: ['publishing', 'walls'] as const,
  wall: (wallId: string) => ['publishing', 'walls', wallId] as const,
  consent: (contributorId: string) => ['publishing', 'consent', contributorId] as const,
};

export type PublicationFilter = { campaignId?: string; status?: 'live' | 'takenDown' };

/** Pages read when every live publication of a campaign is wanted (50 a page, the API's most). */
const MAX_PAGES = 20;

function listPage(filter: PublicationFilter, limit: number, cursor: string | undefined, signal?: AbortSignal) {
  return call(
    http.GET('/publications', { params: { query: { ...filter, limit, ...(cursor ? { cursor } : {}) } }, signal }),
    { toast: false },
  ) as Promise<PublicationPage>;
}

/**
 * The live publications of a campaign (or of the organisation without one): which of its answers
 * and videos are published (one read shared by every card of the screen), what a wall can show.
 */
export function useCampaignLive(campaignId: string | null) {
  return useQuery({
    queryKey: publishingKeys.campaignLive(campaignId),
    queryFn: async ({ signal }) => {
      // By id: an item published while the pages are read may come twice.
      const items = new Map<string, Publication>();
      let cursor: string | undefined;
      for (let page = 0; page < MAX_PAGES; page++) {
        const res = await listPage({ ...(campaignId ? { campaignId } : {}), status: 'live' }, 50, cursor, signal);
        for (const p of res.items) if (!items.has(p.publicationId)) items.set(p.publicationId, p);
        if (!res.nextCursor || res.nextCursor === cursor) break;
        cursor = res.nextCursor;
      }
      return [...items.values()];
    },
    staleTime: 30_000,
  });
}

/** The live publication of `target` among `items`, if any. */
export function publicationOf(items: readonly Publication[] | undefined, target: PublishTarget): Publication | undefined {
  return items?.find((p) =>
    p.status === 'live' &&
    p.campaignId === target.campaignId &&
    (target.kind === 'video'
      ? p.kind === 'video' && p.videoId === target.videoId
      : p.kind === 'answer' && p.contributorId === target.contributorId && p.questionId === target.questionId),
  );
}

function refreshAll(qc: QueryClient) {
  return qc.invalidateQueries({ queryKey: publishingKeys.all });
}

/**
 * Publishes (idempotent: an item already live answers with its publication). A refusal (not
 * approved, terms not accepted, consent withdrawn) is shown by the caller in the API's words.
 */
export function usePublish() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (target: PublishTarget & { title?: string }) =>
      call(http.POST('/publications', { body: target }), { toast: false }) as Promise<Publication>,
    onSuccess: (publication) => {
      toast.success(PUBLISHING_MESSAGES.published(publication.title));
      qc.setQueryData<Publication[]>(publishingKeys.campaignLive(publication.campaignId), (items) =>
        items ? [publication, ...items.filter((p) => p.publicationId !== publication.publicationId)] : items,
      );
      return refreshAll(qc);
    },
  });
}

export function useUnpublish() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (publicationId: string) =>
      call(http.DELETE(`/publications/${enc(publicationId)}`)) as Promise<Publication>,
    onSuccess: (publication) => {
      toast.success(PUBLISHING_MESSAGES.unpublished(publication.title));
      qc.setQueryData<Publication[]>(publishingKeys.campaignLive(publication.campaignId), (items) =>
        items?.filter((p) => p.publicationId !== publication.publicationId),
      );
      return refreshAll(qc);
    },
  });
}

export const PAGE_SIZE = 20;

/** Publications newest first, 20 a page. */
export function usePublications(filter: PublicationFilter) {
  return useInfiniteQuery({
    queryKey: publishingKeys.list(filter),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => listPage(filter, PAGE_SIZE, pageParam, signal),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export { useStats } from './stats';

export function useWalls() {
  return useInfiniteQuery({
    queryKey: publishingKeys.walls,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      call(
        http.GET('/walls', { params: { query: { limit: PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) } }, signal }),
        { toast: false },
      ) as Promise<WallPage>,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useWall(wallId: string | null) {
  return useQuery({
    queryKey: publishingKeys.wall(wallId ?? ''),
    queryFn: ({ signal }) => call(http.GET(`/walls/${enc(wallId ?? '')}`, { signal }), { toast: false }) as Promise<Wall>,
    enabled: !!wallId,
  });
}

export function useSaveWall() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ wallId, input }: { wallId: string | null; input: WallInput }) =>
      (wallId
        ? call(http.PUT(`/walls/${enc(wallId)}`, { body: { title: input.title, publicationIds: input.publicationIds } }))
        : call(http.POST('/walls', { body: input }))) as Promise<Wall>,
    onSuccess: (wall, { wallId }) => {
      toast.success(wallId ? PUBLISHING_MESSAGES.wallSaved(wall.title) : PUBLISHING_MESSAGES.wallCreated(wall.title));
      qc.setQueryData(publishingKeys.wall(wall.wallId), wall);
      return qc.invalidateQueries({ queryKey: publishingKeys.walls, exact: true });
    },
  });
}

export function useDeleteWall() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (wall: Wall) => call(http.DELETE(`/walls/${enc(wall.wallId)}`)).then(() => wall),
    onSuccess: (wall) => {
      toast.success(PUBLISHING_MESSAGES.wallDeleted(wall.title));
      qc.removeQueries({ queryKey: publishingKeys.wall(wall.wallId) });
      return qc.invalidateQueries({ queryKey: publishingKeys.walls, exact: true });
    },
  });
}

export function useConsent(contributorId: string, enabled = true) {
  return useQuery({
    queryKey: publishingKeys.consent(contributorId),
    queryFn: ({ signal }) =>
      call(http.GET(`/consent/${enc(contributorId)}`, { signal }), { toast: false }) as Promise<Consent>,
    enabled,
    // The sweep takes items down within a minute: re-read while a withdrawal is fresh.
    refetchInterval: (q) => (q.state.data?.withdrawn && q.state.data.takenDown.length === 0 ? 10_000 : false),
  });
}

export function useRecordWithdrawal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ contributorId, note }: { contributorId: string; note: string }) =>
      call(
        http.POST('/consent-withdrawals', { body: { contributorId, ...(note.trim() ? { note: note.trim() } : {}) } }),
      ) as Promise<Consent>,
    onSuccess: (consent) => {
      toast.success(PUBLISHING_MESSAGES.withdrawalRecorded);
      qc.setQueryData(publishingKeys.consent(consent.contributorId), consent);
      return refreshAll(qc);
    },
  });
}

/** The campaigns a campaign wall can show (the first hundred, by title). */
export function useCampaignChoices() {
  return useQuery({
    queryKey: ['publishing', 'campaign-choices'],
    queryFn: ({ signal }) => call(api.GET('/search/initialData', { signal }), { toast: false }),
    select: (data) => data.campaigns.items,
    staleTime: 60_000,
  });
}

/**
 * The journey ids of a collaborator's approved answers in a campaign (the response editor knows
 * takes, not staff's review): read from the answers' index, a hundred at a time.
 */
export function useApprovedAnswers(campaignId: string, contributorId: string) {
  return useQuery({
    queryKey: ['publishing', 'approved-answers', campaignId, contributorId],
    queryFn: async ({ signal }) => {
      const ids = new Set<string>();
      let cursor: string | null = null;
      for (let page = 0; page < MAX_PAGES; page++) {
        const res: components['schemas']['SearchPage'] = await call(
          api.POST('/search/videos', {
            body: { campaignId, contributorId, review: 'approved', limit: 100, cursor } as SearchFilter,
            signal,
          }),
          { toast: false },
        );
        for (const item of res.items) ids.add(item.journeyId);
        if (!res.nextCursor) break;
        cursor = res.nextCursor;
      }
      return ids;
    },
    staleTime: 30_000,
  });
}
