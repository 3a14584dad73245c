import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '@/lib/api/client';
import { toast } from '@/stores/toast-store';
import type { CampaignContributor, ContributorAnswers } from '../contributor-types';
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

export function useCampaignContributors(campaignId: string) {
  return useQuery({
    queryKey: contributorsKey(campaignId),
    queryFn: () =>
      call(api.GET('/contributor/campaignContributorList/{campaignId}', { params: { path: { campaignId } } })),
    staleTime: 0,
  });
}

/** Every collaborator's answers; re-read every 5 s while an upload is being processed. */
export function useContributorAnswers(campaignId: string, enabled = true) {
  return useQuery({
    queryKey: answersKey(campaignId),
    queryFn: () => call(api.GET('/contributor/{campaignId}/all', { params: { path: { campaignId } } })),
    enabled,
    staleTime: 0,
    refetchInterval: (query) =>
      (query.state.data ?? []).some((c: ContributorAnswers) => c.answers.some((a) => a.uploadStatus === 'uploading'))
        ? 5000
        : false,
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

export function useReinvite(campaignId: string) {
  const qc = useQueryClient();
  const refresh = useRefresh(campaignId);
  return useMutation({
    mutationFn: (contributorId: string) =>
      call(api.POST('/contributor/reinvite', { body: { campaignId, contributorId } })),
    onSuccess: (res) => {
      qc.setQueryData<CampaignContributor[]>(contributorsKey(campaignId), (list) =>
        list?.map((c) => (c.contributorId === res.contributor?.contributorId ? res.contributor : c)),
      );
      toast.success(res.message || CONTRIBUTOR_MESSAGES.reinvited);
      return refresh();
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

/** Copies the invitation link; 'Link copied to clipboard!' on success. */
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
