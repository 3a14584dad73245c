import { matchContributorPath } from '@/config/entry';
import { paths } from '@/config/paths';
import type { ContributorData } from '../types';

/**
 * "Preview as contributor": a staff member opens a campaign's real contributor pages (landing page,
 * questions, script, studio) with `?preview=1`. The tab then stays in preview until it is closed or the
 * preview is left: the pages read the campaign through the staff session and keep everything the
 * "collaborator" does (names, scripts, takes) in this tab. Nothing is uploaded or stored.
 */

/** sessionStorage: the campaign this tab previews. Per tab, so a real invitation elsewhere is untouched. */
export const PREVIEW_STORAGE_KEY = 'storyhivePreview';
/** The collaborator a preview shows (the API's preview answer uses the same id). */
export const PREVIEW_CONTRIBUTOR_ID = 'preview';
/** The IndexedDB database of a preview's takes: never the real one, so no preview take is ever resumed as a real upload. */
export const PREVIEW_TAKE_DB = 'storyhive-preview-takes';
/** The query parameter that opens a preview on the landing page's path. */
export const PREVIEW_PARAM = 'preview';

export type PreviewSession = { tenantId: string; campaignId: string };

function tabStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function previewSession(): PreviewSession | null {
  const raw = tabStorage()?.getItem(PREVIEW_STORAGE_KEY);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<PreviewSession>;
    return typeof v.tenantId === 'string' && typeof v.campaignId === 'string' && v.tenantId && v.campaignId
      ? { tenantId: v.tenantId, campaignId: v.campaignId }
      : null;
  } catch {
    return null;
  }
}

export function isPreview(): boolean {
  return previewSession() !== null;
}

/** Starts (or restarts on another campaign) this tab's preview. */
export function startPreview(session: PreviewSession): void {
  tabStorage()?.setItem(PREVIEW_STORAGE_KEY, JSON.stringify(session));
}

export function endPreview(): void {
  const storage = tabStorage();
  if (!storage) return;
  // The preview's copy of the contributor's stored records lives in this tab's storage too.
  storage.clear();
}

/** The invitation a preview stands in for: ids only, no key (the API is never asked with it). */
export function previewInvitation(session: PreviewSession): ContributorData {
  return { tenantId: session.tenantId, campaignId: session.campaignId, contributorId: PREVIEW_CONTRIBUTOR_ID, key: PREVIEW_CONTRIBUTOR_ID };
}

/** Opens a preview from the landing page's link (`/contributor/:tenantId/:campaignId?preview=1`). */
export function previewFromLink(tenantId: string, campaignId: string, search: URLSearchParams): ContributorData | null {
  if (search.get(PREVIEW_PARAM) === '1' && tenantId && campaignId) {
    const current = previewSession();
    if (!current || current.tenantId !== tenantId || current.campaignId !== campaignId) {
      endPreview();
      startPreview({ tenantId, campaignId });
    }
  }
  const session = previewSession();
  return session && session.tenantId === tenantId && session.campaignId === campaignId ? previewInvitation(session) : null;
}

/** The preview of this tab when the page opens: a link with `?preview=1` starts one. */
export function previewOnOpen(location: Pick<Location, 'pathname' | 'search'> = window.location): PreviewSession | null {
  const match = matchContributorPath(location.pathname);
  if (match?.pattern === paths.contributorCampaign) {
    previewFromLink(match.params.tenantId ?? '', match.params.campaignId ?? '', new URLSearchParams(location.search));
  }
  return previewSession();
}
