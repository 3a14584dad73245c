import { useQuery } from '@tanstack/react-query';
import { clearContributorDetail, readContributorData } from '../lib/storage';
import type { ContributorData } from '../types';
import { fetchContributorCampaign, fetchJourney, fetchQuestionsToAsk } from './contributor-api';

export const contributorKeys = {
  campaign: (d: ContributorData) => ['contributor', 'campaign', d.tenantId, d.campaignId, d.contributorId] as const,
  journey: (d: ContributorData) => ['contributor', 'journey', d.tenantId, d.campaignId, d.contributorId] as const,
  toAsk: (d: ContributorData) => ['contributor', 'to-ask', d.tenantId, d.campaignId, d.contributorId] as const,
};

/** The invitation this browser holds (from the link, kept in localStorage). */
export function useContributorData(): ContributorData | null {
  return readContributorData();
}

export function useContributorCampaign(data: ContributorData | null) {
  return useQuery({
    queryKey: data ? contributorKeys.campaign(data) : ['contributor', 'campaign', 'none'],
    enabled: !!data,
    retry: false,
    staleTime: 60_000,
    queryFn: async () => {
      try {
        return await fetchContributorCampaign(data!, { toast: false });
      } catch (error) {
        // Spec section 4: a failed campaign load clears the cached contributor detail.
        clearContributorDetail();
        throw error;
      }
    },
  });
}

export function useJourney(data: ContributorData | null) {
  return useQuery({
    queryKey: data ? contributorKeys.journey(data) : ['contributor', 'journey', 'none'],
    enabled: !!data,
    retry: 1,
    queryFn: () => fetchJourney(data!, { toast: false }),
  });
}

export function useQuestionsToAsk(data: ContributorData | null, enabled = true) {
  return useQuery({
    queryKey: data ? contributorKeys.toAsk(data) : ['contributor', 'to-ask', 'none'],
    enabled: !!data && enabled,
    retry: 1,
    staleTime: 0,
    queryFn: () => fetchQuestionsToAsk(data!, { toast: false }),
  });
}
