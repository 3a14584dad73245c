import { useState } from 'react';
import { Card, PageHeader } from '@/components/layouts/PageHeader';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { useGuidelines, type Guideline } from '../api/guidelines-api';
import { MAX_VALUES } from '../schemas';
import {
  DeleteGuidelineDialog,
  NewGuidelineDialog,
  RenameTitleDialog,
  ValueDialog,
  type DeleteTarget,
} from './GuidelineDialogs';

/** Spec section 2's empty state. */
export const NO_GUIDELINES = 'No guidelines present';

type Editing =
  | { kind: 'new' }
  | { kind: 'rename'; guideline: Guideline }
  | { kind: 'value'; titleId: string; value?: { id: string; value: string } };

function GuidelineCard({
  guideline,
  onEdit,
  onDelete,
}: {
  guideline: Guideline;
  onEdit: (editing: Editing) => void;
  onDelete: (target: DeleteTarget) => void;
}) {
  return (
    <Card className="space-y-4">
      <article aria-label={guideline.title} className="space-y-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h2 className="min-w-0 text-lg font-semibold wrap-anywhere">{guideline.title}</h2>
          <div className="flex gap-2">
            <Button variant="secondary" size="sm" onClick={() => onEdit({ kind: 'rename', guideline })}>
              Rename
            </Button>
            <Button variant="ghost" size="sm" onClick={() => onDelete({ kind: 'title', guideline })}>
              Delete title
            </Button>
          </div>
        </div>
        {guideline.values.length === 0 ? (
          <p className="text-sm text-muted">No guidelines under this title yet.</p>
        ) : (
          <ul className="divide-y divide-line rounded-lg border border-line">
            {guideline.values.map((value) => (
              <li key={value.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                <span className="min-w-0 flex-1 wrap-anywhere">{value.value}</span>
                <span className="flex gap-1">
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Edit ${value.value}`}
                    onClick={() => onEdit({ kind: 'value', titleId: guideline.id, value })}
                  >
                    Edit
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Delete ${value.value}`}
                    onClick={() => onDelete({ kind: 'value', id: value.id, value: value.value })}
                  >
                    Delete
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        )}
        {guideline.values.length < MAX_VALUES && (
          <Button variant="secondary" size="sm" onClick={() => onEdit({ kind: 'value', titleId: guideline.id })}>
            Add guideline
          </Button>
        )}
      </article>
    </Card>
  );
}

/** The /guidelines screen: titles with their guidelines, which collaborators see as recording tips. */
export function GuidelinesManager() {
  const guidelines = useGuidelines();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);
  const items = guidelines.data?.pages.flatMap((page) => page.items) ?? [];
  const close = () => setEditing(null);

  return (
    <div>
      <PageHeader
        title="Guidelines"
        description="Recording tips your collaborators see before they record."
        actions={<Button onClick={() => setEditing({ kind: 'new' })}>Add title</Button>}
      />
      {guidelines.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner />
        </div>
      ) : guidelines.isError ? (
        <Card>
          <p className="text-sm text-danger">The guidelines could not be loaded.</p>
        </Card>
      ) : items.length === 0 ? (
        <Card>
          <p className="py-8 text-center text-muted">{NO_GUIDELINES}</p>
        </Card>
      ) : (
        <div className="space-y-4">
          {items.map((guideline) => (
            <GuidelineCard key={guideline.id} guideline={guideline} onEdit={setEditing} onDelete={setDeleting} />
          ))}
          {guidelines.hasNextPage && (
            <div className="flex justify-center">
              <Button variant="secondary" loading={guidelines.isFetchingNextPage} onClick={() => void guidelines.fetchNextPage()}>
                Show more
              </Button>
            </div>
          )}
        </div>
      )}
      {editing?.kind === 'new' && <NewGuidelineDialog onClose={close} />}
      {editing?.kind === 'rename' && <RenameTitleDialog guideline={editing.guideline} onClose={close} />}
      {editing?.kind === 'value' && <ValueDialog titleId={editing.titleId} value={editing.value} onClose={close} />}
      <DeleteGuidelineDialog target={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
