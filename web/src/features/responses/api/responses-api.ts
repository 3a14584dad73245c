import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '@/lib/api/client';
import type { paths } from '@/types/schema';
import { toast } from '@/stores/toast-store';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type FilterBody = NonNullable<paths['/search/videos']['post']['requestBody']>['content']['application/json'];
export type ResponsesPage = Json<paths['/search/videos']['post']['responses'][200]>;
export type Response = ResponsesPage['items'][number];
export type ResponseFilter = Pick<Partial<FilterBody>, 'campaignId' | 'status' | 'review'>;

const responsesKey = ['responses'] as const;

/** Answers matching `filter`, newest take first, 12 a page (the search index: no Scan). */
export function useResponses(filter: ResponseFilter) {
  return useInfiniteQuery({
    queryKey: [...responsesKey, 'list', filter],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      call(
        api.POST('/search/videos', {
          body: { ...filter, limit: 12, ...(pageParam ? { cursor: pageParam } : {}) } as FilterBody,
          signal,
        }),
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** The campaigns to filter by (the first hundred, by title). */
export function useCampaignChoices() {
  return useQuery({
    queryKey: [...responsesKey, 'campaigns'],
    queryFn: ({ signal }) => call(api.GET('/search/initialData', { signal })),
    select: (data) => data.campaigns.items,
    staleTime: 60_000,
  });
}

/** One answer's playable take, fetched when staff press play. */
export function useTake(answer: Response, enabled: boolean) {
  const { campaignId, contributorId, journeyId } = answer;
  return useQuery({
    queryKey: [...responsesKey, 'take', campaignId, contributorId, journeyId],
    queryFn: ({ signal }) =>
      call(
        api.GET('/campaign/video-info/{campaignId}/{contributorId}/{journeyId}', {
          params: { path: { campaignId, contributorId, journeyId } },
          signal,
        }),
        { toast: false },
      ),
    enabled,
    // The URLs last an hour: a re-read within it would restart the player.
    staleTime: 30 * 60 * 1000,
  });
}

export const RESPONSE_MESSAGES = {
  approved: 'Answer approved',
  reopened: 'Answer marked as new',
  sentBack: 'Sent back for re-recording successfully',
} as const;

/** Approve an answer, or mark it new again. */
export function useReview() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ answer, status }: { answer: Response; status: 'new' | 'approved' }) =>
      call(
        api.PUT('/campaign/answer-review', {
          body: { campaignId: answer.campaignId, contributorId: answer.contributorId, journeyId: answer.journeyId, status },
        }),
      ),
    onSuccess: (res, { status }) => {
      toast.success(res?.message || (status === 'approved' ? RESPONSE_MESSAGES.approved : RESPONSE_MESSAGES.reopened));
      return qc.invalidateQueries({ queryKey: responsesKey });
    },
  });
}

/** Send an answer back: the collaborator is e-mailed a link to record it again. */
export function useSendBack() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (answer: Response) =>
      call(
        api.POST('/contributor-journey/re-record', {
          body: { campaignId: answer.campaignId, contributorId: answer.contributorId, campaignQuestionIds: [answer.journeyId] },
        }),
      ),
    onSuccess: (res) => {
      toast.success(res?.message || RESPONSE_MESSAGES.sentBack);
      return qc.invalidateQueries({ queryKey: responsesKey });
    },
  });
}
