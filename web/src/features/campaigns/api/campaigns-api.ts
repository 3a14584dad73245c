import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '@/lib/api/client';
import { toast } from '@/stores/toast-store';
import { buildListQuery, withCursor, type ListQuery, type ListState } from '../lib/list-query';
import type { CampaignInput, CampaignListResponse } from '../types';
import { campaignKey, fetchCampaign, versionedWrite } from './write-queue';

export const MESSAGES = {
  campaignCreated: 'Campaign created successfully',
  campaignUpdated: 'Campaign updated successfully',
  campaignDeleted: 'Campaign deleted successfully',
  campaignLive: 'The campaign is now live',
  participantsAdded: 'Participants added successfully',
  participantRemoved: 'Participant removed successfully',
} as const;

/**
 * PUT /campaign/update sends every field of the form. For the dates, null means "unchanged" and
 * an empty string clears them, so a cleared date goes as ''.
 */
export function updateBody(id: string, version: number, input: CampaignInput) {
  return { id, version, ...input, deadline: input.deadline ?? '', expiryDate: input.expiryDate ?? '' };
}

const listKey = (query: ListQuery) => ['campaigns', query] as const;

/**
 * A page of the campaign list, keyed by its page number (the address bar's). Page N is read from the
 * `nextCursor` of page N-1 when that page is in the cache and still current (the cheaper read); else by
 * its number, which always works (a link to ?page=3, a search).
 */
export function useCampaignList(state: ListState) {
  const qc = useQueryClient();
  const query = buildListQuery(state);
  return useQuery({
    queryKey: listKey(query),
    queryFn: ({ signal }) => {
      const previous = query.page > 1 ? qc.getQueryState<CampaignListResponse>(listKey({ ...query, page: query.page - 1 })) : undefined;
      const cursor = previous && !previous.isInvalidated ? previous.data?.nextCursor : undefined;
      return call(api.GET('/campaign/all-campaigns', { params: { query: withCursor(query, cursor) }, signal }));
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useCampaign(id: string | undefined) {
  return useQuery({
    queryKey: campaignKey(id ?? ''),
    queryFn: () => fetchCampaign(id!),
    enabled: !!id,
    staleTime: 0,
  });
}

export function useCreateCampaign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CampaignInput) => call(api.POST('/campaign/add', { body })),
    onSuccess: (campaign) => {
      qc.setQueryData(campaignKey(campaign.id), campaign);
      void qc.invalidateQueries({ queryKey: ['campaigns'] });
      void qc.invalidateQueries({ queryKey: ['initiatives'] });
      toast.success(MESSAGES.campaignCreated);
    },
  });
}

export function useUpdateCampaign(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CampaignInput) =>
      versionedWrite(id, (version) => call(api.PUT('/campaign/update', { body: updateBody(id, version, input) }))),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['campaigns'] });
      toast.success(MESSAGES.campaignUpdated);
    },
  });
}

/** Brief autosave (empty allowed) and script save; no toast, the editor shows "Saving… / Saved". */
export function saveBrief(campaignId: string, brief: string) {
  return versionedWrite(campaignId, (version) =>
    call(api.POST('/campaign/auto-save-brief', { body: { campaignId, version, brief } })),
  );
}

export function saveScript(campaignId: string, script: string) {
  return versionedWrite(campaignId, (version) =>
    call(api.POST('/campaign/save-script', { body: { campaignId, version, script } })),
  );
}

export function usePublishCampaign(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      versionedWrite(id, async () => {
        const res = await call(api.PUT('/campaign/complete/{id}', { params: { path: { id } } }));
        toast.success(res.message || MESSAGES.campaignLive);
        return res.campaign;
      }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['campaigns'] }),
  });
}

export function useDeleteCampaign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api.DELETE('/campaign/delete/{id}', { params: { path: { id } } })),
    onSuccess: (res, id) => {
      qc.removeQueries({ queryKey: campaignKey(id) });
      void qc.invalidateQueries({ queryKey: ['campaigns'] });
      void qc.invalidateQueries({ queryKey: ['initiatives'] });
      toast.success(res?.message || MESSAGES.campaignDeleted);
    },
  });
}

const participantsKey = (id: string) => ['participants', id] as const;

export function useParticipants(campaignId: string) {
  return useQuery({
    queryKey: participantsKey(campaignId),
    queryFn: () =>
      call(api.GET('/campaign/CampaignParticipantList/{campaignId}', { params: { path: { campaignId } } })),
  });
}

export function useAddParticipants(campaignId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userIds: string[]) =>
      call(api.POST('/campaign/add-participants', { body: { campaignId, userIds } })),
    onSuccess: (lists) => {
      qc.setQueryData(participantsKey(campaignId), lists);
      toast.success(MESSAGES.participantsAdded);
    },
  });
}

export function useRemoveParticipant(campaignId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userRoleId: string) =>
      call(api.DELETE('/campaign/remove-participants/{campaignId}/{userRoleId}', { params: { path: { campaignId, userRoleId } } })),
    onSuccess: (res) => {
      void qc.invalidateQueries({ queryKey: participantsKey(campaignId) });
      toast.success(res?.message || MESSAGES.participantRemoved);
    },
  });
}

/** The campaign's collaborators from invitation to submission (fresh each time the screen opens). */
export function useCampaignFunnel(campaignId: string) {
  return useQuery({
    queryKey: ['campaign-funnel', campaignId] as const,
    queryFn: ({ signal }) => call(api.GET('/campaign/funnel/{campaignId}', { params: { path: { campaignId } }, signal })),
    staleTime: 0,
  });
}
