import { isPreview, previewInvitation, previewSession } from '../preview/session';
import type { ContributorData, ContributorDetail } from '../types';

/** localStorage keys of the contributor pages (spec section 3, "Stored locally"). */
export const CONTRIBUTOR_KEYS = {
  data: 'contributorData',
  detail: 'contributorDetail',
  tenantId: 'tenantId',
  campaignId: 'campaignId',
} as const;

/** The browser's storage; in a preview this tab's, so a real invitation kept on the device is untouched. */
function store(): Storage | null {
  try {
    if (typeof window === 'undefined') return null;
    return isPreview() ? window.sessionStorage : window.localStorage;
  } catch {
    return null;
  }
}

function readJson(key: string): unknown {
  const raw = store()?.getItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

export function readContributorData(): ContributorData | null {
  // A preview tab stands in for an invitation of the previewed campaign.
  const preview = previewSession();
  if (preview) return previewInvitation(preview);
  const v = readJson(CONTRIBUTOR_KEYS.data) as Partial<ContributorData> | null;
  if (!v || !isText(v.contributorId) || !isText(v.tenantId) || !isText(v.campaignId) || !isText(v.key)) return null;
  return { contributorId: v.contributorId, tenantId: v.tenantId, campaignId: v.campaignId, key: v.key };
}

export function saveContributorData(data: ContributorData): void {
  const s = store();
  if (!s) return;
  const previous = readContributorData();
  // Another invitation (another contributor or campaign): the cached details belong to the old one.
  if (previous && (previous.contributorId !== data.contributorId || previous.campaignId !== data.campaignId)) {
    s.removeItem(CONTRIBUTOR_KEYS.detail);
  }
  s.setItem(CONTRIBUTOR_KEYS.data, JSON.stringify(data));
  s.setItem(CONTRIBUTOR_KEYS.tenantId, data.tenantId);
  s.setItem(CONTRIBUTOR_KEYS.campaignId, data.campaignId);
}

export function readContributorDetail(): ContributorDetail | null {
  const v = readJson(CONTRIBUTOR_KEYS.detail) as Partial<ContributorDetail> | null;
  if (!v || !isText(v.id) || typeof v.isDetailSubmitted !== 'boolean' || !v.videoConfig) return null;
  return v as ContributorDetail;
}

/**
 * Spec section 4: the contributor detail is kept locally only when a contributor-type user loads the
 * campaign and is not suspended. Anything else removes it.
 */
export function cacheContributorDetail(
  userType: 'contributor' | 'staff',
  contributor: { id: string; email: string; isSuspended: boolean; isDetailSubmitted: boolean },
  videoConfig: ContributorDetail['videoConfig'],
): void {
  if (userType !== 'contributor' || contributor.isSuspended) {
    clearContributorDetail();
    return;
  }
  store()?.setItem(
    CONTRIBUTOR_KEYS.detail,
    JSON.stringify({ id: contributor.id, email: contributor.email, isDetailSubmitted: contributor.isDetailSubmitted, videoConfig }),
  );
}

/** Updates the cached video config (only when a detail is cached). */
export function cacheVideoConfig(videoConfig: ContributorDetail['videoConfig']): void {
  const detail = readContributorDetail();
  if (detail) store()?.setItem(CONTRIBUTOR_KEYS.detail, JSON.stringify({ ...detail, videoConfig }));
}

/** Cleared when the campaign load or a journey save fails (spec section 4). */
export function clearContributorDetail(): void {
  store()?.removeItem(CONTRIBUTOR_KEYS.detail);
}
