import { useInfiniteQuery, useMutation, useQueries, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api, call } from '@/lib/api/client';
import { toast } from '@/stores/toast-store';
import type { CampaignContributorPage, ContributorAnswersPage } from '../contributor-types';
import { campaignKey, enqueue, refreshCampaign } from './write-queue';

/** Staff calls of the collaborators panel (issue 4). */
export const CONTRIBUTOR_MESSAGES = {
  invited: 'Collaborator successfully invited',
  invitedLive: 'Collaborator successfully invited, and the campaign is now live',
  suspended: 'Collaborator suspended successfully',
  resumed: 'Collaborator resumed successfully',
  removed: 'Collaborator removed successfully',
  videosDeleted: 'Videos deleted successfully',
  revoked: 'Invitation revoked successfully',
  reinvited: 'Invitation sent again successfully',
  reRecord: 'Sent back for re-recording successfully',
  linkCopied: 'Link copied to clipboard!',
} as const;

export const contributorsKey = (campaignId: string) => ['campaign-contributors', campaignId] as const;
export const answersKey = (campaignId: string) => ['campaign-contributor-answers', campaignId] as const;
/** One page of answers, read from the same cursor as the page of collaborators it belongs to. */
export const answersPageKey = (campaignId: string, cursor: string | null) => [...answersKey(campaignId), cursor ?? ''] as const;

/** A page's cursor: null for the first page. */
export type PageCursor = string | null;
export type ContributorPages = InfiniteData<CampaignContributorPage, PageCursor>;

const pageQuery = (cursor: PageCursor) => (cursor ? { cursor } : undefined);

/**
 * The campaign's collaborators, a page (10, newest first) at a time: `fetchNextPage` reads the next
 * page from the last page's `nextCursor` (null on the last page). Invalidating the key re-reads every
 * page loaded so far.
 */
export function useCampaignContributors(campaignId: string) {
  return useInfiniteQuery({
    queryKey: contributorsKey(campaignId),
    queryFn: ({ pageParam, signal }) =>
      call(
        api.GET('/contributor/campaignContributorList/{campaignId}', {
          params: { path: { campaignId }, query: pageQuery(pageParam) },
          signal,
        }),
      ),
    initialPageParam: null as PageCursor,
    getNextPageParam: (last) => last.nextCursor || undefined,
    staleTime: 0,
  });
}

const uploading = (page: ContributorAnswersPage | undefined) =>
  (page?.items ?? []).some((c) => c.answers.some((a) => a.uploadStatus === 'uploading'));

/**
 * The answers of the collaborators on the pages loaded so far: one call per page, from that page's
 * cursor (both lists page the same way), so a page's answers come with it. A page is re-read every
 * 5 s while one of its uploads is being processed. Pages without collaborators are not asked for.
 */
export function useContributorAnswerPages(campaignId: string, pages: { cursor: PageCursor; enabled: boolean }[]) {
  return useQueries({
    queries: pages.map(({ cursor, enabled }) => ({
      queryKey: answersPageKey(campaignId, cursor),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        call(api.GET('/contributor/{campaignId}/all', { params: { path: { campaignId }, query: pageQuery(cursor) }, signal })),
      enabled,
      staleTime: 0,
      refetchInterval: (query: { state: { data?: ContributorAnswersPage } }) => (uploading(query.state.data) ? 5000 : false),
    })),
  });
}

/**
 * The poster frame of an answer's stored take, for its thumbnail. The answers list carries no poster,
 * so it is read from the take's media (one call per answer, only once its media is ready); null when
 * there is none.
 */
export function useAnswerPoster(campaignId: string, contributorId: string, journeyId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['campaign-answer-poster', campaignId, contributorId, journeyId],
    queryFn: ({ signal }) =>
      call(
        api.GET('/campaign/video-info/{campaignId}/{contributorId}/{journeyId}', {
          params: { path: { campaignId, contributorId, journeyId } },
          signal,
        }),
        // A missing thumbnail is not worth an error message: the answer shows without it.
        { toast: false },
      ),
    select: (take) => take.posterUrl ?? null,
    enabled,
    // The presigned URL lasts an hour.
    staleTime: 30 * 60 * 1000,
  });
}

/** After a change: the list and the answers are read again. */
function useRefresh(campaignId: string) {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: contributorsKey(campaignId) }),
      qc.invalidateQueries({ queryKey: answersKey(campaignId) }),
    ]);
}

export type InviteInput = { email: string; firstName: string; lastName: string };

export function useInviteContributor(campaignId: string) {
  const qc = useQueryClient();
  const refresh = useRefresh(campaignId);
  return useMutation({
    // In the campaign's write queue: inviting the first collaborator makes a draft live (a new
    // version), so the campaign is re-read before the next versioned write goes out.
    mutationFn: (input: InviteInput) =>
      enqueue(campaignId, async () => {
        const res = await call(api.POST('/campaign/add-contributor', { body: { campaignId, ...input } }));
        await refreshCampaign(campaignId).catch(() => undefined);
        return res;
      }),
    onSuccess: async (res) => {
      toast.success(res.message || (res.campaignLive ? CONTRIBUTOR_MESSAGES.invitedLive : CONTRIBUTOR_MESSAGES.invited));
      await Promise.all([refresh(), qc.invalidateQueries({ queryKey: ['campaigns'] })]);
    },
  });
}

export function useSetSuspended(campaignId: string) {
  const refresh = useRefresh(campaignId);
  return useMutation({
    mutationFn: ({ contributorId, isSuspended }: { contributorId: string; isSuspended: boolean }) =>
      call(api.PUT('/contributor/update/{id}', { params: { path: { id: contributorId } }, body: { isSuspended } })),
    onSuccess: (res, { isSuspended }) => {
      toast.success(res.message || (isSuspended ? CONTRIBUTOR_MESSAGES.suspended : CONTRIBUTOR_MESSAGES.resumed));
      return refresh();
    },
  });
}

/**
 * Reminds now everyone in the campaign who has not submitted (the API allows it once an hour per
 * campaign and answers how many were reminded).
 */
export function useRemindAll(campaignId: string) {
  const refresh = useRefresh(campaignId);
  return useMutation({
    mutationFn: () => call(api.POST('/contributor/remind-all', { body: { campaignId } })),
    onSuccess: (res) => {
      toast.success(res.message);
      return refresh();
    },
  });
}

export function useRevokeInvite(campaignId: string) {
  const refresh = useRefresh(campaignId);
  return useMutation({
    mutationFn: (contributorId: string) =>
      call(api.POST('/contributor/revoke', { body: { campaignId, contributorId } })),
    onSuccess: (res) => {
      toast.success(res.message || CONTRIBUTOR_MESSAGES.revoked);
      return refresh();
    },
  });
}

/**
 * Sends the collaborator a new link by e-mail (the previous one stops working). The answer carries the
 * new link, once (`contributor.inviteLink`). `announce: false` leaves the success toast to the caller.
 */
export function useReinvite(campaignId: string, { announce = true }: { announce?: boolean } = {}) {
  const qc = useQueryClient();
  const refresh = useRefresh(campaignId);
  return useMutation({
    mutationFn: (contributorId: string) =>
      call(api.POST('/contributor/reinvite', { body: { campaignId, contributorId } })),
    onSuccess: (res) => {
      // The row shows the new state at once; lists never hold a link (it is shown once, where it was made).
      const updated = { ...res.contributor, inviteLink: null };
      qc.setQueryData<ContributorPages>(contributorsKey(campaignId), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.map((c) => (c.contributorId === updated.contributorId ? updated : c)),
              })),
            }
          : data,
      );
      if (announce) toast.success(res.message || CONTRIBUTOR_MESSAGES.reinvited);
      // Not awaited: whoever waits for the new link (to copy it) gets it without waiting for the re-read.
      void refresh();
    },
  });
}

export function useRemoveContributor(campaignId: string) {
  const qc = useQueryClient();
  const refresh = useRefresh(campaignId);
  return useMutation({
    mutationFn: ({ contributorId, deleteJourney }: { contributorId: string; deleteJourney: boolean }) =>
      call(
        api.DELETE('/campaign/remove-contributor/{campaignId}/{contributorId}', {
          params: { path: { campaignId, contributorId }, query: { deleteJourney } },
        }),
      ),
    onSuccess: async (res) => {
      toast.success(res?.message || CONTRIBUTOR_MESSAGES.removed);
      await Promise.all([refresh(), qc.invalidateQueries({ queryKey: campaignKey(campaignId) })]);
    },
  });
}

export function useDeleteContributorVideos(campaignId: string, initiativeId: string) {
  const qc = useQueryClient();
  const refresh = useRefresh(campaignId);
  return useMutation({
    mutationFn: (contributorId: string) =>
      call(
        api.DELETE('/contributor/{initiativeId}/{campaignId}/{contributorId}/videos', {
          params: { path: { initiativeId, campaignId, contributorId } },
        }),
      ),
    onSuccess: async (res) => {
      toast.success(res?.message || CONTRIBUTOR_MESSAGES.videosDeleted);
      await Promise.all([refresh(), qc.invalidateQueries({ queryKey: campaignKey(campaignId) })]);
    },
  });
}

export function useSendForReRecording(campaignId: string) {
  const refresh = useRefresh(campaignId);
  return useMutation({
    mutationFn: ({ contributorId, campaignQuestionIds }: { contributorId: string; campaignQuestionIds: string[] }) =>
      call(api.POST('/contributor-journey/re-record', { body: { campaignId, contributorId, campaignQuestionIds } })),
    onSuccess: (res) => {
      toast.success(res.message || CONTRIBUTOR_MESSAGES.reRecord);
      return refresh();
    },
  });
}

/** The invitation link as an absolute address (the API may send it relative to the app). */
export function absoluteLink(link: string): string {
  return /^https?:\/\//i.test(link) ? link : new URL(link, window.location.origin).toString();
}

/**
 * Copies an invitation link; 'Link copied to clipboard!' on success. Only the answer of the call that
 * made a link holds it (the server keeps a hash of its key), so callers show it when copying fails.
 */
export async function copyInviteLink(link: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(absoluteLink(link));
    toast.success(CONTRIBUTOR_MESSAGES.linkCopied);
    return true;
  } catch {
    toast.error('The link could not be copied. Please copy it by hand.');
    return false;
  }
}
