import { keepPreviousData, useInfiniteQuery, useQueries, useQuery } from '@tanstack/react-query';
import { api, call } from '@/lib/api/client';
import type { components } from '@/types/schema';

export type LibraryAnswer = components['schemas']['LibraryAnswer'];
export type SearchHit = components['schemas']['SearchResult'];
type Question = components['schemas']['Question'];
type Collaborator = components['schemas']['CampaignContributor'];

/** Answers per library page. */
export const LIBRARY_PAGE = 10;
/** The presigned video URLs last an hour: a library page is read again after half of it. */
const URL_STALE_MS = 30 * 60 * 1000;

export const libraryKeys = {
  all: (campaignId: string) => ['story-library', campaignId] as const,
  page: (campaignId: string, filter: LibraryFilter) => ['story-library', campaignId, 'pages', filter] as const,
  answer: (campaignId: string, contributorId: string, questionId: string) =>
    ['story-library', campaignId, 'answer', contributorId, questionId] as const,
  search: (campaignId: string, text: string) => ['story-library', campaignId, 'search', text] as const,
};

export type LibraryFilter = { questionId: string; contributorId: string };

/**
 * The campaign's transcribed answers, a page at a time ("Load more"), by question and collaborator
 * (empty: any). Filtered by question alone a page may be short while more follow.
 */
export function useLibrary(campaignId: string, filter: LibraryFilter) {
  return useInfiniteQuery({
    queryKey: libraryKeys.page(campaignId, filter),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      call(
        api.GET('/generated-videos/library/{campaignId}', {
          params: {
            path: { campaignId },
            query: {
              limit: LIBRARY_PAGE,
              ...(filter.questionId ? { questionId: filter.questionId } : {}),
              ...(filter.contributorId ? { contributorId: filter.contributorId } : {}),
              ...(pageParam ? { cursor: pageParam } : {}),
            },
          },
          signal,
        }),
        { toast: false },
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    staleTime: URL_STALE_MS,
  });
}

function answerQuery(campaignId: string, contributorId: string, questionId: string) {
  return {
    queryKey: libraryKeys.answer(campaignId, contributorId, questionId),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      call(
        api.GET('/generated-videos/library/{campaignId}', {
          params: { path: { campaignId }, query: { contributorId, questionId } },
          signal,
        }),
        { toast: false },
      ).then((page) => page.items[0] ?? null),
    staleTime: URL_STALE_MS,
  };
}

/**
 * Single answers of the library (a story's clips, the search's hits): their current take's words
 * and playable video; null for an answer with no transcript of its current take.
 */
export function useAnswers(campaignId: string, answers: readonly { contributorId: string; questionId: string }[]) {
  return useQueries({ queries: answers.map((a) => answerQuery(campaignId, a.contributorId, a.questionId)) });
}

/**
 * The existing search of a campaign's answers by words said (`POST /search/campaignVideos`), newest
 * take first, 10 a page; off while `text` is empty.
 */
export function useWordSearch(campaignId: string, text: string) {
  return useInfiniteQuery({
    queryKey: libraryKeys.search(campaignId, text),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      call(
        api.POST('/search/campaignVideos', {
          body: { campaignId, text, ...(pageParam ? { cursor: pageParam } : {}) } as components['schemas']['SearchFilter'],
          signal,
        }),
        { toast: false },
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: text.trim() !== '',
    staleTime: 0,
  });
}

/** The campaign's title, for the page heading. */
export function useCampaignTitle(campaignId: string) {
  return useQuery({
    queryKey: ['story-editor', 'campaign', campaignId],
    queryFn: ({ signal }) => call(api.GET('/campaign/{id}', { params: { path: { id: campaignId } }, signal }), { toast: false }),
    select: (campaign) => campaign.title,
    staleTime: 60_000,
  });
}

/** The campaign's questions, in order (the library's question filter). */
export function useCampaignQuestions(campaignId: string) {
  return useQuery({
    queryKey: ['story-editor', 'questions', campaignId],
    queryFn: ({ signal }) =>
      call(api.GET('/question/list/{campaignId}', { params: { path: { campaignId } }, signal }), { toast: false }),
    select: (list: Question[]) => [...list].sort((a, b) => a.sequence - b.sequence),
    staleTime: 60_000,
  });
}

/** The campaign's collaborators, 50 a page (the library's collaborator filter). */
export function useCampaignCollaborators(campaignId: string) {
  return useInfiniteQuery({
    queryKey: ['story-editor', 'collaborators', campaignId],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      call(
        api.GET('/contributor/campaignContributorList/{campaignId}', {
          params: { path: { campaignId }, query: { limit: 50, ...(pageParam ? { cursor: pageParam } : {}) } },
          signal,
        }),
        { toast: false },
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    select: (data) => ({ ...data, people: data.pages.flatMap((p) => p.items) as Collaborator[] }),
    staleTime: 60_000,
  });
}
