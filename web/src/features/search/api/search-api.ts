import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, call } from '@/lib/api/client';
import type { paths } from '@/types/schema';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
export type SearchFilterBody = NonNullable<paths['/search/videos']['post']['requestBody']>['content']['application/json'];
export type SearchPage = Json<paths['/search/videos']['post']['responses'][200]>;
export type SearchResult = SearchPage['items'][number];
export type InitialData = Json<paths['/search/initialData']['get']['responses'][200]>;

/** The filters' choices: campaigns, collaborators, initiatives and tags. */
export function useSearchInitialData() {
  return useQuery({
    queryKey: ['search', 'initial-data'],
    queryFn: ({ signal }) => call(api.GET('/search/initialData', { signal })),
    staleTime: 60_000,
  });
}

/** Answers matching `filter`, newest first, 10 a page ("Show more" asks for the next). */
export function useVideoSearch(filter: Partial<SearchFilterBody>) {
  return useInfiniteQuery({
    queryKey: ['search', 'videos', filter],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
            // Fields left out are no filter (the schema lists them as nullable).
      call(
        api.POST('/search/videos', {
          body: (pageParam ? { ...filter, cursor: pageParam } : filter) as SearchFilterBody,
          signal,
        }),
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}
