import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, call } from '@/lib/api/client';
import type { paths } from '@/types/schema';
import { toast } from '@/stores/toast-store';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
export type GuidelinePage = Json<paths['/guideline/list']['get']['responses'][200]>;
export type Guideline = GuidelinePage['items'][number];

export const GUIDELINE_MESSAGES = {
  titleAdded: 'Guideline title added successfully',
  titleUpdated: 'Guideline title updated successfully',
  titleDeleted: 'Guideline title deleted successfully',
  valueAdded: 'Guideline added successfully',
  valueUpdated: 'Guideline updated successfully',
  valueDeleted: 'Guideline deleted successfully',
} as const;

const key = ['guidelines'] as const;

/** The organisation's guidelines, 10 titles a page; more pages on demand. */
export function useGuidelines() {
  return useInfiniteQuery({
    queryKey: key,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      call(api.GET('/guideline/list', { params: { query: pageParam ? { cursor: pageParam } : {} }, signal })),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

function useGuidelineMutation<T>(run: (input: T) => Promise<unknown>, message: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      toast.success(message);
      return qc.invalidateQueries({ queryKey: key });
    },
  });
}

export function useAddTitle() {
  return useGuidelineMutation(
    (body: { title: string; values: string[] }) => call(api.POST('/guideline/addguidelinetitle', { body })),
    GUIDELINE_MESSAGES.titleAdded,
  );
}

export function useRenameTitle() {
  return useGuidelineMutation(
    (body: { id: string; title: string }) => call(api.PUT('/guideline/update', { body })),
    GUIDELINE_MESSAGES.titleUpdated,
  );
}

export function useDeleteTitle() {
  return useGuidelineMutation(
    (id: string) => call(api.DELETE('/guideline/delete/{id}', { params: { path: { id } } })),
    GUIDELINE_MESSAGES.titleDeleted,
  );
}

export function useAddValue() {
  return useGuidelineMutation(
    (body: { titleId: string; value: string }) => call(api.POST('/guideline/add', { body })),
    GUIDELINE_MESSAGES.valueAdded,
  );
}

export function useUpdateValue() {
  return useGuidelineMutation(
    (body: { id: string; value: string }) => call(api.PUT('/guideline/updatevalue', { body })),
    GUIDELINE_MESSAGES.valueUpdated,
  );
}

export function useDeleteValue() {
  return useGuidelineMutation(
    (id: string) => call(api.DELETE('/guideline/deletevalue/{id}', { params: { path: { id } } })),
    GUIDELINE_MESSAGES.valueDeleted,
  );
}
