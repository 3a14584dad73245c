import { clearContributorDetail, readContributorData } from '../lib/storage';
import type { ContributorData } from '../types';
import { fetchContributorCampaign, fetchJourney, fetchQuestionsToAsk, fetchStoredVideos } from './contributor-api';
import { useResource } from './resource';

export const contributorKeys = {
  campaign: (d: ContributorData) => ['contributor', 'campaign', d.tenantId, d.campaignId, d.contributorId] as const,
  journey: (d: ContributorData) => ['contributor', 'journey', d.tenantId, d.campaignId, d.contributorId] as const,
  toAsk: (d: ContributorData) => ['contributor', 'to-ask', d.tenantId, d.campaignId, d.contributorId] as const,
  videos: (d: ContributorData) => ['contributor', 'videos', d.tenantId, d.campaignId, d.contributorId] as const,
};

/** The invitation this browser holds (from the link, kept in localStorage). */
export function useContributorData(): ContributorData | null {
  return readContributorData();
}

export function useContributorCampaign(data: ContributorData | null) {
  return useResource(
    data ? contributorKeys.campaign(data) : null,
    async () => {
      try {
        // The key of `data`: the landing page reads its link's invitation before the browser keeps it.
        return await fetchContributorCampaign(data!, { toast: false, key: data!.key });
      } catch (error) {
        // Spec section 4: a failed campaign load clears the cached contributor detail.
        clearContributorDetail();
        throw error;
      }
    },
    { staleTime: 60_000 },
  );
}

/** `enabled` false keeps it idle. The key of `data`: the landing page reads it before the browser keeps its link's invitation. */
export function useJourney(data: ContributorData | null, enabled = true) {
  return useResource(
    data && enabled ? contributorKeys.journey(data) : null,
    () => fetchJourney(data!, { toast: false, key: data!.key }),
    { retry: 1 },
  );
}

/** The stored takes with their playable URLs (which last an hour: read again when a page opens them). */
export function useStoredVideos(data: ContributorData | null) {
  return useResource(data ? contributorKeys.videos(data) : null, () => fetchStoredVideos(data!, { toast: false }), { retry: 1 });
}

export function useQuestionsToAsk(data: ContributorData | null, enabled = true) {
  return useResource(
    data && enabled ? contributorKeys.toAsk(data) : null,
    () => fetchQuestionsToAsk(data!, { toast: false }),
    { retry: 1 },
  );
}
