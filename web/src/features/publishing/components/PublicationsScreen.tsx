import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/Button';
import { Select } from '@/components/ui/Field';
import { Spinner } from '@/components/ui/Spinner';
import { formatDateTime, NO_DATE } from '@/lib/format';
import type { Publication } from '../api/contract';
import { usePublications, type PublicationFilter } from '../api/publishing-api';
import { takedownText } from '../lib/format';
import { PublicationDetails, PublishedBadge } from './PublicationDetails';
import { StatsList } from './StatsList';

export const PUBLICATIONS_TEXT = {
  empty: 'Nothing is published yet. Publish an approved answer or generated video from Responses or the response editor.',
  emptyFiltered: 'No publications match this filter.',
  failed: 'The publications could not be loaded.',
} as const;

const STATUS_CHOICES = [
  { value: 'live', label: 'Live' },
  { value: 'takenDown', label: 'Taken down' },
] as const;

function statusFrom(value: string | null): PublicationFilter['status'] {
  return value === 'live' || value === 'takenDown' ? value : undefined;
}

function TakenDownBadge() {
  return (
    <span data-testid="taken-down-badge" className="rounded-full bg-danger-soft px-2 py-0.5 text-xs font-medium text-danger">
      Taken down
    </span>
  );
}

function PublicationRow({ publication: p, canEdit }: { publication: Publication; canEdit: boolean }) {
  const [open, setOpen] = useState(false);
  const reason = takedownText(p);
  const speakers = p.speakers.map((s) => s.name).join(', ');
  return (
    <li className="space-y-3 rounded-lg border border-line bg-raised p-3" data-testid="publication-row" data-status={p.status} aria-label={p.title}>
      <div className="flex flex-col gap-3 sm:flex-row">
        {p.status === 'live' && p.posterUrl ? (
          <img src={p.posterUrl} alt="" className="aspect-video w-full shrink-0 rounded-md bg-sunken object-cover sm:w-44" loading="lazy" />
        ) : null}
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold [overflow-wrap:anywhere]">{p.title}</h3>
            {p.status === 'live' ? <PublishedBadge /> : <TakenDownBadge />}
          </div>
          <p className="text-sm [overflow-wrap:anywhere]">
            <span className="text-muted">Campaign:</span> {p.campaignTitle}
            {speakers && (
              <>
                {' · '}
                <span className="text-muted">{p.speakers.length === 1 ? 'Speaker:' : 'Speakers:'}</span> {speakers}
              </>
            )}
          </p>
          <p className="text-xs text-muted">
            Published {formatDateTime(p.publishedAt) ?? NO_DATE}
            {p.takenDownAt && ` · taken down ${formatDateTime(p.takenDownAt) ?? NO_DATE}`}
          </p>
          {reason && (
            <p className="text-sm font-medium text-danger" data-testid="takedown-reason">
              {reason}
            </p>
          )}
          <StatsList stats={p.stats} label={`Figures of ${p.title}`} compact />
        </div>
      </div>
      {p.status === 'live' && (
        <>
          <Button
            size="sm"
            variant="secondary"
            className="min-h-11"
            aria-expanded={open}
            aria-label={`${open ? 'Hide sharing of' : 'Share and embed'} ${p.title}`}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? 'Hide sharing' : 'Share and embed'}
          </Button>
          {open && <PublicationDetails publication={p} canEdit={canEdit} showStats={false} />}
        </>
      )}
    </li>
  );
}

/**
 * Everything published, newest first, 20 at a time: live items with their links and figures, and
 * taken-down ones with why ('Amal K. withdrew their consent', 'Unpublished by …'). `?status=` filters.
 */
export function PublicationsScreen({ canEdit }: { canEdit: boolean }) {
  const [params, setParams] = useSearchParams();
  const status = statusFrom(params.get('status'));
  const list = usePublications(status ? { status } : {});
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <div className="space-y-6">
      <form aria-label="Filter publications" className="max-w-xs" onSubmit={(e) => e.preventDefault()}>
        <Select
          label="Status"
          value={status ?? ''}
          placeholder="Live and taken down"
          options={STATUS_CHOICES.map(({ value, label }) => ({ value, label }))}
          onChange={(e) =>
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                if (e.target.value) next.set('status', e.target.value);
                else next.delete('status');
                return next;
              },
              { replace: true },
            )
          }
        />
      </form>
      <section aria-labelledby="publications-heading" className="space-y-4">
        <h2 id="publications-heading" className="text-lg font-semibold">
          Publications
        </h2>
        {list.isPending ? (
          <Spinner />
        ) : list.isError && items.length === 0 ? (
          <p role="alert" className="text-sm text-danger">
            {PUBLICATIONS_TEXT.failed}
          </p>
        ) : items.length === 0 ? (
          <p className="text-muted">{status ? PUBLICATIONS_TEXT.emptyFiltered : PUBLICATIONS_TEXT.empty}</p>
        ) : (
          <ul aria-label="Publications" className="space-y-3" aria-busy={list.isFetching}>
            {items.map((p) => (
              <PublicationRow key={p.publicationId} publication={p} canEdit={canEdit} />
            ))}
          </ul>
        )}
        {list.hasNextPage && (
          <Button variant="secondary" className="min-h-11" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            Show more publications
          </Button>
        )}
      </section>
    </div>
  );
}
