import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/Button';
import { ConfirmButton } from '@/components/ui/ConfirmButton';
import { Dialog } from '@/components/ui/Dialog';
import { Spinner } from '@/components/ui/Spinner';
import { formatDateTime, NO_DATE } from '@/lib/format';
import type { Wall } from '../api/contract';
import { useDeleteWall, useWall, useWalls } from '../api/publishing-api';
import { absoluteUrl } from '../lib/format';
import { CopyField } from '@/components/ui/CopyField';
import { WallEditor } from './WallEditor';

export const WALLS_TEXT = {
  empty: 'No walls yet. A wall shows published videos as a gallery, on its own page or embedded in your website.',
  failed: 'The walls could not be loaded.',
  deleteTitle: 'Delete this wall?',
  deleteBody: (title: string) =>
    `The wall "${title}" is deleted and every site embedding it shows 'This wall does not exist'. The videos stay published.`,
} as const;

function WallRow({ wall, canEdit, onEdit, onDelete }: { wall: Wall; canEdit: boolean; onEdit: () => void; onDelete: () => void }) {
  const [open, setOpen] = useState(false);
  const wallUrl = absoluteUrl(wall.wallUrl);
  return (
    <li className="space-y-3 rounded-lg border border-line bg-raised p-3" data-testid="wall-row" data-wall-id={wall.wallId} aria-label={wall.title}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold [overflow-wrap:anywhere]">{wall.title}</h3>
          <p className="text-xs text-muted">
            {wall.campaignId ? "A campaign's published videos" : `${wall.publicationIds.length} video${wall.publicationIds.length === 1 ? '' : 's'} in chosen order`}
            {' · '}updated {formatDateTime(wall.updatedAt) ?? NO_DATE}
          </p>
        </div>
        <div className="flex flex-wrap gap-2" role="group" aria-label={`Actions for ${wall.title}`}>
          <a
            href={wallUrl}
            target="_blank"
            rel="noopener"
            aria-label={`Open the wall ${wall.title}`}
            className="inline-flex min-h-11 items-center rounded-lg border border-line bg-raised px-3 text-sm font-medium hover:bg-sunken focus:outline-2 focus:outline-ring"
          >
            Open the wall
          </a>
          <Button
            size="sm"
            variant="secondary"
            className="min-h-11"
            aria-expanded={open}
            aria-label={`${open ? 'Hide embed codes' : 'Embed codes'} of ${wall.title}`}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? 'Hide embed codes' : 'Embed codes'}
          </Button>
          {canEdit && (
            <>
              <Button size="sm" variant="secondary" className="min-h-11" aria-label={`Edit ${wall.title}`} onClick={onEdit}>
                Edit
              </Button>
              <Button size="sm" variant="danger-outline" className="min-h-11" aria-label={`Delete ${wall.title}`} onClick={onDelete}>
                Delete
              </Button>
            </>
          )}
        </div>
      </div>
      {open && (
        <div className="space-y-3">
          <CopyField label="Wall link" value={wallUrl} what="Wall link" />
          <CopyField label="Embed code (iframe)" value={wall.iframeSnippet} what="Iframe code" multiline />
          <CopyField label="Embed code (script tag, sizes itself)" value={wall.scriptSnippet} what="Script code" multiline />
        </div>
      )}
    </li>
  );
}

/** The editor of `?edit=<wallId>` once that wall is read (a link may open it directly). */
function EditWall({ wallId, onDone }: { wallId: string; onDone: (wall: Wall | null) => void }) {
  const wall = useWall(wallId);
  if (wall.isPending) return <Spinner />;
  if (wall.isError) {
    return (
      <p role="alert" className="text-sm text-danger">
        {WALLS_TEXT.failed}
      </p>
    );
  }
  return <WallEditor key={wall.data.updatedAt} wall={wall.data} onDone={onDone} />;
}

/**
 * `/walls`: galleries of published videos, with their link and the iframe and script snippets to
 * copy; staff who may edit create (`?edit=new`), edit (`?edit=<wallId>`) and delete them.
 */
export function WallsScreen({ canEdit }: { canEdit: boolean }) {
  const [params, setParams] = useSearchParams();
  const editing = canEdit ? params.get('edit') : null;
  const walls = useWalls();
  const remove = useDeleteWall();
  const [deleting, setDeleting] = useState<Wall | null>(null);
  const items = walls.data?.pages.flatMap((p) => p.items) ?? [];

  const edit = (value: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set('edit', value);
      else next.delete('edit');
      return next;
    });

  return (
    <div className="space-y-6">
      {canEdit && !editing && (
        <Button className="min-h-11" onClick={() => edit('new')}>
          New wall
        </Button>
      )}
      {editing === 'new' && <WallEditor wall={null} onDone={() => edit(null)} />}
      {editing && editing !== 'new' && <EditWall wallId={editing} onDone={() => edit(null)} />}
      <section aria-labelledby="walls-heading" className="space-y-4">
        <h2 id="walls-heading" className="text-lg font-semibold">
          Walls
        </h2>
        {walls.isPending ? (
          <Spinner />
        ) : walls.isError && items.length === 0 ? (
          <p role="alert" className="text-sm text-danger">
            {WALLS_TEXT.failed}
          </p>
        ) : items.length === 0 ? (
          <p className="text-muted">{WALLS_TEXT.empty}</p>
        ) : (
          <ul aria-label="Walls" className="space-y-3">
            {items.map((wall) => (
              <WallRow key={wall.wallId} wall={wall} canEdit={canEdit} onEdit={() => edit(wall.wallId)} onDelete={() => setDeleting(wall)} />
            ))}
          </ul>
        )}
        {walls.hasNextPage && (
          <Button variant="secondary" className="min-h-11" loading={walls.isFetchingNextPage} onClick={() => void walls.fetchNextPage()}>
            Show more walls
          </Button>
        )}
      </section>
      <Dialog
        open={deleting !== null}
        title={WALLS_TEXT.deleteTitle}
        onClose={() => setDeleting(null)}
        footer={
          <>
            <Button variant="secondary" className="min-h-11" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <ConfirmButton
              variant="danger"
              className="min-h-11"
              loading={remove.isPending}
              onClick={() => {
                if (deleting)
                  remove.mutate(deleting, {
                    onSuccess: () => {
                      if (editing === deleting.wallId) edit(null);
                      setDeleting(null);
                    },
                  });
              }}
            >
              Delete wall
            </ConfirmButton>
          </>
        }
      >
        <p>{deleting && WALLS_TEXT.deleteBody(deleting.title)}</p>
      </Dialog>
    </div>
  );
}
