import { paths } from './paths';

/**
 * The paths served by the contributor entry (boot.ts), most specific first; every other path is the
 * staff app's. `:name` matches one segment. The contributor router matches with the same function,
 * so the two never disagree.
 */
export const CONTRIBUTOR_PATTERNS = [
  paths.contributorRecordVideo,
  paths.contributorJourney,
  paths.contributorGoodJob,
  paths.contributorScript,
  paths.contributorCampaign,
  paths.contributorJoin,
] as const;

export type ContributorMatch = { pattern: (typeof CONTRIBUTOR_PATTERNS)[number]; params: Record<string, string> };

export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    const segment = have[i] ?? '';
    if (part.startsWith(':')) {
      try {
        params[part.slice(1)] = decodeURIComponent(segment);
      } catch {
        return null;
      }
    } else if (part !== segment) return null;
  }
  return params;
}

export function matchContributorPath(pathname: string): ContributorMatch | null {
  for (const pattern of CONTRIBUTOR_PATTERNS) {
    const params = matchPath(pattern, pathname);
    if (params) return { pattern, params };
  }
  return null;
}

export function isContributorPath(pathname: string): boolean {
  return matchContributorPath(pathname) !== null;
}
