import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { errorMessageOf } from '@/lib/api/errors';
import type { PublishTarget } from '../api/contract';
import { publicationOf, useCampaignLive, usePublish } from '../api/publishing-api';
import { PublicationDetails, PublishedBadge } from './PublicationDetails';

type Props = {
  target: PublishTarget;
  /** What the item is called in the controls' names ("Publish the answer by Amal Kaur"). */
  name: string;
  /** Only approved items can be published (the API refuses the others too). */
  approved: boolean;
  /** superAdmin, admin and creator publish; coordinators see what is published and nothing to press. */
  canEdit: boolean;
};

/**
 * Publish on an approved answer or generated video, and once it is live its "Published" badge with the
 * share link, embed code, captions and figures (behind "Share and embed"), and Unpublish.
 */
export function PublishControl({ target, name, approved, canEdit }: Props) {
  const live = useCampaignLive(target.campaignId);
  const publish = usePublish();
  const [open, setOpen] = useState(false);
  const publication = publicationOf(live.data, target);

  if (live.isPending) return null;
  if (publication) {
    return (
      <div className="w-full space-y-2" data-testid="publish-control">
        <div className="flex flex-wrap items-center gap-2">
          <PublishedBadge />
          <Button
            size="sm"
            variant="secondary"
            className="min-h-11"
            aria-expanded={open}
            aria-label={`${open ? 'Hide sharing of' : 'Share and embed'} ${name}`}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? 'Hide sharing' : 'Share and embed'}
          </Button>
        </div>
        {open && <PublicationDetails publication={publication} canEdit={canEdit} />}
      </div>
    );
  }
  if (!approved || !canEdit) return null;
  const refusal = publish.isError ? errorMessageOf(publish.error) : null;
  return (
    <div className="space-y-1" data-testid="publish-control">
      <Button
        size="sm"
        className="min-h-11"
        loading={publish.isPending}
        aria-label={`Publish ${name}`}
        onClick={() => publish.mutate(target, { onSuccess: () => setOpen(true) })}
      >
        Publish
      </Button>
      {refusal && (
        <p role="alert" className="text-sm font-medium text-danger" data-testid="publish-refusal">
          {refusal}
        </p>
      )}
    </div>
  );
}
