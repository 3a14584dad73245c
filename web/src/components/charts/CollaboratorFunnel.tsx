import type { components } from '@/types/schema';

export type Funnel = components['schemas']['Funnel'];

const STAGES: { key: keyof Omit<Funnel, 'medianSecondsToSubmit'>; label: string }[] = [
  { key: 'invited', label: 'Invited' },
  { key: 'linkOpened', label: 'Opened their link' },
  { key: 'started', label: 'Started' },
  { key: 'firstAnswerStored', label: 'First answer stored' },
  { key: 'submitted', label: 'Submitted' },
];

/** "about 40 seconds", "about 3 minutes", "about 2 hours", "about 4 days". */
export function formatDuration(seconds: number): string {
  const unit = (value: number, one: string, many: string) => `about ${value} ${value === 1 ? one : many}`;
  if (seconds < 90) return unit(Math.max(1, Math.round(seconds)), 'second', 'seconds');
  if (seconds < 90 * 60) return unit(Math.round(seconds / 60), 'minute', 'minutes');
  if (seconds < 36 * 3600) return unit(Math.round(seconds / 3600), 'hour', 'hours');
  return unit(Math.round(seconds / 86400), 'day', 'days');
}

/** Percent of `of`, whole; 0 when nobody is counted. */
export function rate(count: number, of: number): number {
  return of > 0 ? Math.round((count / of) * 100) : 0;
}

/**
 * Collaborators from invitation to submission: each stage's count, its share of those invited
 * as a bar, and the median time to submit. Counted by the server, without tracking pixels.
 */
export function CollaboratorFunnel({ funnel, testId }: { funnel: Funnel; testId?: string }) {
  if (funnel.invited === 0) return <p className="text-sm text-muted">No one has been invited yet.</p>;
  return (
    <div className="space-y-3" data-testid={testId}>
      <ol className="space-y-2">
        {STAGES.map(({ key, label }) => {
          const count = funnel[key];
          const share = rate(count, funnel.invited);
          return (
            <li key={key} className="space-y-1" data-stage={key}>
              <div className="flex justify-between gap-2 text-sm">
                <span>{label}</span>
                <span className="tabular-nums">
                  <span className="font-semibold" data-testid="funnel-count">
                    {count.toLocaleString()}
                  </span>
                  {key !== 'invited' && <span className="text-muted"> · {share}%</span>}
                </span>
              </div>
              <div aria-hidden className="h-2 overflow-hidden rounded-full bg-sunken">
                <div className="h-full rounded-full bg-primary" style={{ width: `${share}%` }} />
              </div>
            </li>
          );
        })}
      </ol>
      <p className="text-sm text-muted" data-testid="funnel-median">
        {funnel.medianSecondsToSubmit == null
          ? 'No one has submitted yet.'
          : `Median time from invitation to submission: ${formatDuration(funnel.medianSecondsToSubmit)}.`}
      </p>
    </div>
  );
}
