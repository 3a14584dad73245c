import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '@/lib/api/client';
import type { paths } from '@/types/schema';
import { toast } from '@/stores/toast-store';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
export type StoryPage = Json<paths['/generated-videos/stories/{campaignId}']['get']['responses'][200]>;
export type StorySummary = StoryPage['items'][number];
export type StoryRender = StorySummary['renders'][number];
export type StoryFormat = StoryRender['format'];
type Publication = Json<paths['/publications']['get']['responses'][200]>['items'][number];

/** The query keys of the campaign's stories (the editor's story reads sit under the same campaign key). */
export const storiesKeys = {
  campaign: (campaignId: string) => ['stories', campaignId] as const,
  list: (campaignId: string) => ['stories', campaignId, 'list'] as const,
  published: (campaignId: string) => ['stories', campaignId, 'published'] as const,
  campaignTitle: (campaignId: string) => ['stories', campaignId, 'campaign-title'] as const,
};

export const FORMAT_LABELS: Record<StoryFormat, string> = {
  landscape: 'Landscape 16:9',
  portrait: 'Portrait 9:16',
  square: 'Square 1:1',
};

/** The page size of the list (the API serves at most 50). */
export const STORIES_PAGE = 20;
/** At most this many pages of live publications are read to tell which stories are published. */
const MAX_PUBLICATION_PAGES = 10;

/** The campaign's stories, newest first, page by page; re-read while one of them renders. */
export function useStories(campaignId: string) {
  return useInfiniteQuery({
    queryKey: storiesKeys.list(campaignId),
    queryFn: ({ pageParam, signal }: { pageParam: string | null; signal: AbortSignal }) =>
      call(
        api.GET('/generated-videos/stories/{campaignId}', {
          params: { path: { campaignId }, query: { limit: STORIES_PAGE, ...(pageParam ? { cursor: pageParam } : {}) } },
          signal,
        }),
        { toast: false },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last: StoryPage): string | null | undefined => last.nextCursor || undefined,
    refetchInterval: (q) =>
      q.state.data?.pages.some((p) => p.items.some((s) => s.renders.some((r) => r.status === 'processing'))) ? 3000 : false,
  });
}

/** The ids of the campaign's stories that are published (live) now. */
export function usePublishedStories(campaignId: string) {
  return useQuery({
    queryKey: storiesKeys.published(campaignId),
    queryFn: async ({ signal }) => {
      const published = new Set<string>();
      let cursor: string | undefined;
      for (let page = 0; page < MAX_PUBLICATION_PAGES; page++) {
        const res = await call(
          api.GET('/publications', {
            params: { query: { campaignId, status: 'live', limit: 50, ...(cursor ? { cursor } : {}) } },
            signal,
          }),
          { toast: false },
        );
        for (const p of res.items as Publication[]) if (p.kind === 'story' && p.storyId) published.add(p.storyId);
        if (!res.nextCursor || res.nextCursor === cursor) break;
        cursor = res.nextCursor;
      }
      return published;
    },
    staleTime: 30_000,
  });
}

/** The campaign's title, for the screen's heading. */
export function useCampaignTitle(campaignId: string) {
  return useQuery({
    queryKey: storiesKeys.campaignTitle(campaignId),
    queryFn: ({ signal }) => call(api.GET('/campaign/{id}', { params: { path: { id: campaignId } }, signal }), { toast: false }),
    select: (campaign) => campaign.title,
    staleTime: 60_000,
  });
}

/** Deletes a story: the API takes down its published render first, then deletes its renders. */
export function useDeleteStory(campaignId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (storyId: string) =>
      call(api.DELETE('/generated-videos/stories/delete/{campaignId}/{storyId}', { params: { path: { campaignId, storyId } } })),
    onSuccess: (answer) => {
      toast.success(answer.message);
      return qc.invalidateQueries({ queryKey: storiesKeys.campaign(campaignId) });
    },
  });
}

/** '1:05' for 65.2 seconds; '0:07' for 7. */
export function formatLength(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** A render as the list shows it: its format, and where it stands. */
export function renderLabel(render: StoryRender): string {
  const format = FORMAT_LABELS[render.format];
  switch (render.status) {
    case 'processing':
      return `${format}: rendering${render.progress ? ` ${render.progress.percent}%` : ''}`;
    case 'failed':
      return `${format}: failed`;
    case 'ready':
      return `${format}: ${render.current ? 'ready' : 'ready, story changed since'}`;
  }
}
