import { Spinner } from '@/components/ui/Spinner';
import type { Stats } from '../api/contract';
import { useStats } from '../api/stats';
import { completionRate, formatStat, STAT_LABELS } from '../lib/format';

/** The figures of an item, a campaign or the organisation (no one is tracked: counts only). */
export function StatsList({ stats, label, compact = false }: { stats: Stats; label: string; compact?: boolean }) {
  const rate = completionRate(stats);
  return (
    <dl
      aria-label={label}
      data-testid="publication-stats"
      className={compact ? 'grid grid-cols-2 gap-x-4 gap-y-1 text-xs sm:grid-cols-4' : 'grid grid-cols-2 gap-3 sm:grid-cols-4'}
    >
      {STAT_LABELS.map(({ key, label: name }) => (
        <div key={key} className={compact ? '' : 'rounded-lg border border-line p-3'}>
          <dt className={compact ? 'text-muted' : 'text-xs text-muted'}>{name}</dt>
          <dd className={compact ? 'font-medium' : 'text-xl font-semibold'} data-stat={key}>
            {formatStat(stats[key])}
          </dd>
        </div>
      ))}
      {rate && (
        <div className={compact ? '' : 'rounded-lg border border-line p-3'}>
          <dt className={compact ? 'text-muted' : 'text-xs text-muted'}>Completion</dt>
          <dd className={compact ? 'font-medium' : 'text-xl font-semibold'}>{rate}</dd>
        </div>
      )}
    </dl>
  );
}

export const TOTALS_TEXT = {
  organisation: 'Published stories',
  organisationNote: 'Views, embeds and plays of everything your organisation published. No cookies; no one is tracked.',
  campaign: 'Published stories of this campaign',
  failed: 'The figures could not be loaded.',
} as const;

/** Totals of a campaign (the campaign page) or of the organisation (the dashboard). */
export function PublishingTotals({ campaignId = null }: { campaignId?: string | null }) {
  const stats = useStats(campaignId);
  const title = campaignId ? TOTALS_TEXT.campaign : TOTALS_TEXT.organisation;
  return (
    <section aria-labelledby={`totals-${campaignId ?? 'org'}`} className="space-y-3 rounded-xl border border-line bg-raised p-6" data-testid="publishing-totals">
      <h2 id={`totals-${campaignId ?? 'org'}`} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="text-xs text-muted">{TOTALS_TEXT.organisationNote}</p>
      {stats.isPending ? (
        <Spinner className="h-5 w-5" />
      ) : stats.isError ? (
        <p role="alert" className="text-sm text-danger">
          {TOTALS_TEXT.failed}
        </p>
      ) : (
        <StatsList stats={stats.data} label={title} />
      )}
    </section>
  );
}
