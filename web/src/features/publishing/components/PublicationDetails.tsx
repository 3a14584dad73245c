import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { ConfirmButton } from '@/components/ui/ConfirmButton';
import { Dialog } from '@/components/ui/Dialog';
import { formatDateTime, NO_DATE } from '@/lib/format';
import type { Publication } from '../api/contract';
import { useUnpublish } from '../api/publishing-api';
import { absoluteUrl } from '../lib/format';
import { CopyField } from '@/components/ui/CopyField';
import { StatsList } from './StatsList';

export const UNPUBLISH_TEXT = {
  title: 'Unpublish this story?',
  body: (title: string) =>
    `The page of "${title}" and its embeds stop showing it at once ('This story is no longer available'), and it leaves every wall. You can publish it again later; it gets a new address.`,
  confirm: 'Unpublish',
} as const;

export function PublishedBadge() {
  return (
    <span data-testid="published-badge" className="rounded-full bg-success-soft px-2 py-0.5 text-xs font-medium text-success">
      Published
    </span>
  );
}

/** A live publication: its link, snippets and captions to copy or download, its figures, and Unpublish. */
export function PublicationDetails({
  publication: p,
  canEdit,
  showStats = true,
}: {
  publication: Publication;
  canEdit: boolean;
  /** Off where the figures are shown beside it already (the Published screen's row). */
  showStats?: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const unpublish = useUnpublish();
  const shareUrl = absoluteUrl(p.shareUrl);
  return (
    <div className="space-y-3 rounded-lg border border-line bg-surface p-3" data-testid="publication-details" data-slug={p.slug}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-xs text-muted">Live since {formatDateTime(p.publishedAt) ?? NO_DATE}</span>
        <a
          href={shareUrl}
          target="_blank"
          rel="noopener"
          className="inline-flex min-h-11 items-center text-sm font-medium text-primary underline"
        >
          Open the page
        </a>
      </div>
      <CopyField label="Share link" value={shareUrl} what="Share link" />
      <CopyField label="Embed code (iframe)" value={p.iframeSnippet} what="Embed code" multiline />
      <p className="flex flex-wrap gap-x-4 text-sm">
        <span className="text-muted">Captions:</span>
        <a href={p.captionsSrtUrl} download className="inline-flex min-h-11 items-center font-medium text-primary underline">
          Download SRT
        </a>
        <a href={p.captionsVttUrl} download className="inline-flex min-h-11 items-center font-medium text-primary underline">
          Download WebVTT
        </a>
      </p>
      {showStats && <StatsList stats={p.stats} label={`Figures of ${p.title}`} compact />}
      {canEdit && (
        <Button variant="danger-outline" size="sm" className="min-h-11" onClick={() => setConfirming(true)}>
          Unpublish
        </Button>
      )}
      <Dialog
        open={confirming}
        title={UNPUBLISH_TEXT.title}
        onClose={() => setConfirming(false)}
        footer={
          <>
            <Button variant="secondary" className="min-h-11" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <ConfirmButton
              variant="danger"
              className="min-h-11"
              loading={unpublish.isPending}
              onClick={() => unpublish.mutate(p.publicationId, { onSuccess: () => setConfirming(false) })}
            >
              {UNPUBLISH_TEXT.confirm}
            </ConfirmButton>
          </>
        }
      >
        <p>{UNPUBLISH_TEXT.body(p.title)}</p>
      </Dialog>
    </div>
  );
}
