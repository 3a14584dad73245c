import type { Publication, Stats } from '../api/contract';

/** The figures shown for an item, a campaign or the organisation, in this order. */
export const STAT_LABELS: readonly { key: keyof Stats; label: string }[] = [
  { key: 'views', label: 'Page views' },
  { key: 'embedLoads', label: 'Embed loads' },
  { key: 'plays', label: 'Plays' },
  { key: 'progress25', label: 'Watched 25 %' },
  { key: 'progress50', label: 'Watched 50 %' },
  { key: 'progress75', label: 'Watched 75 %' },
  { key: 'progress100', label: 'Watched to the end' },
];

const count = /* @__PURE__ */ new Intl.NumberFormat('en-GB');

export function formatStat(value: number | null | undefined): string {
  return count.format(Number.isFinite(value) ? (value as number) : 0);
}

/** Share of plays watched to the end, e.g. '40 %' (none without plays). */
export function completionRate(stats: Stats): string | null {
  if (!stats.plays) return null;
  return `${Math.round((Math.min(stats.progress100, stats.plays) / stats.plays) * 100)} %`;
}

/** Why an item is down, in the API's words ('Amal K. withdrew their consent'), or what its status says. */
export function takedownText(p: Pick<Publication, 'status' | 'takedownReason'>): string | null {
  if (p.status === 'live') return null;
  if (p.takedownReason) return p.takedownReason;
  return p.status === 'withdrawn' ? 'Consent withdrawn' : p.status === 'deleted' ? 'The video was deleted' : 'Unpublished';
}

/** An address the API may give site-relative (`/published/{slug}/captions.vtt`), made absolute for copying. */
export function absoluteUrl(url: string): string {
  return /^https?:\/\//i.test(url) ? url : new URL(url, window.location.origin).toString();
}
