import { useQuery } from '@tanstack/react-query';
import { api, call } from '@/lib/api/client';
import type { paths } from '@/types/schema';

export type DashboardDetails =
  paths['/dashboard/details']['get']['responses'][200]['content']['application/json'];

export const dashboardKey = (personal: boolean) => ['dashboard', personal ? 'mine' : 'organisation'] as const;

export function fetchDashboardDetails(personal: boolean): Promise<DashboardDetails> {
  return call(api.GET('/dashboard/details', { params: { query: { personalDashboard: personal } } }));
}

/**
 * GET /dashboard/details (spec sections 3 and 9). `personal` narrows the campaign lists (expiring,
 * videos per campaign) to the signed-in user's campaigns; the totals stay organisation-wide.
 */
export function useDashboardDetails(personal: boolean, enabled = true) {
  return useQuery({
    queryKey: dashboardKey(personal),
    queryFn: () => fetchDashboardDetails(personal),
    enabled,
    staleTime: 0,
  });
}
