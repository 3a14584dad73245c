import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '@/lib/api/client';
import type { paths } from '@/types/schema';
import { toast } from '@/stores/toast-store';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
export type HelpRequestBody = NonNullable<paths['/support/help']['post']['requestBody']>['content']['application/json'];
export type EditorRequestPage = Json<paths['/support/editor-requests']['get']['responses'][200]>;
export type EditorRequest = EditorRequestPage['items'][number];

export const SUPPORT_MESSAGES = {
  helpSent: 'Help request sent successfully',
  editorRequested: 'Editor request sent successfully',
  editorCancelled: 'Editor request withdrawn successfully',
} as const;

const helpKey = ['help-requests'] as const;

export function useSendHelpRequest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: HelpRequestBody) => call(api.POST('/support/help', { body })),
    onSuccess: () => {
      toast.success(SUPPORT_MESSAGES.helpSent);
      return qc.invalidateQueries({ queryKey: helpKey });
    },
  });
}

/** The signed-in member's own help requests, newest first, 10 a page. */
export function useHelpRequests() {
  return useInfiniteQuery({
    queryKey: helpKey,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      call(api.GET('/support/help', { params: { query: pageParam ? { cursor: pageParam } : {} }, signal })),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

const editorKey = ['editor-requests'] as const;

/** The signed-in member's own editor requests, newest first, 10 a page. */
export function useEditorRequests() {
  return useInfiniteQuery({
    queryKey: editorKey,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      call(api.GET('/support/editor-requests', { params: { query: pageParam ? { cursor: pageParam } : {} }, signal })),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useRequestEditor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { campaignId: string; message: string }) => call(api.POST('/support/editor-requests', { body })),
    onSuccess: () => {
      toast.success(SUPPORT_MESSAGES.editorRequested);
      return qc.invalidateQueries({ queryKey: editorKey });
    },
  });
}

export function useCancelEditorRequest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      call(api.PUT('/support/editor-requests/{id}/cancel', { params: { path: { id } } })),
    onSuccess: () => {
      toast.success(SUPPORT_MESSAGES.editorCancelled);
      return qc.invalidateQueries({ queryKey: editorKey });
    },
  });
}

/** Campaigns to choose from: the first 10 by title, narrowed by a search. */
export function useCampaignChoices(search: string) {
  const term = search.trim();
  return useQuery({
    queryKey: ['campaign-choices', term],
    queryFn: ({ signal }) =>
      call(
        api.GET('/campaign/all-campaigns', {
          params: { query: { page: 1, sort: 'az', ...(term ? { search: term } : {}) } },
          signal,
        }),
      ),
    staleTime: 30_000,
  });
}
