import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/client';
import type { Stats } from './contract';
import { http } from './http';

/**
 * The figures of a campaign or the organisation, apart from the rest of the publishing API: the
 * dashboard shows them, and the staff first screen has a JavaScript budget (staff-budget.spec.ts).
 */
export const statsKey = (campaignId: string | null) => ['publishing', 'stats', campaignId ?? 'organisation'] as const;

/** Totals of a campaign, or of the organisation without one. */
export function useStats(campaignId: string | null) {
  return useQuery({
    queryKey: statsKey(campaignId),
    queryFn: ({ signal }) =>
      call(http.GET('/publications/stats', { params: { query: campaignId ? { campaignId } : {} }, signal }), {
        toast: false,
      }) as Promise<Stats>,
    staleTime: 60_000,
  });
}
