import { useMemo, useState, type DragEvent, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { Input, Select } from '@/components/ui/Field';
import { Spinner } from '@/components/ui/Spinner';
import { errorMessageOf, fieldErrorsOf, ApiError } from '@/lib/api/errors';
import type { Publication, Wall } from '../api/contract';
import { useCampaignChoices, useCampaignLive, useSaveWall } from '../api/publishing-api';
import { addItem, moveItem, removeItem, WALL_MAX_ITEMS } from '../lib/order';

export const WALL_TEXT = {
  titleRequired: 'Please enter a title',
  campaignRequired: 'Please choose a campaign',
  itemsRequired: 'Please add at least one published video',
  full: `A wall holds at most ${WALL_MAX_ITEMS} videos`,
  gone: 'No longer published: the wall leaves it out',
  noLive: 'Nothing is published yet: publish approved answers or videos first.',
} as const;

type Kind = 'campaign' | 'picked';

/**
 * Creates or edits a wall: a campaign's (its live videos, newest first, kept up to date by the API)
 * or videos picked by hand from the live publications and put in order with Up/Down or by dragging.
 * A campaign wall keeps its campaign; only its title changes.
 */
export function WallEditor({ wall, onDone }: { wall: Wall | null; onDone: (wall: Wall | null) => void }) {
  const [title, setTitle] = useState(wall?.title ?? '');
  const [kind, setKind] = useState<Kind>(wall ? (wall.campaignId ? 'campaign' : 'picked') : 'picked');
  const [campaignId, setCampaignId] = useState(wall?.campaignId ?? '');
  const [ids, setIds] = useState<string[]>(wall?.publicationIds ?? []);
  const [errors, setErrors] = useState<{ title?: string; campaign?: string; items?: string; form?: string }>({});
  const [dragging, setDragging] = useState<number | null>(null);
  const [filter, setFilter] = useState('');
  const live = useCampaignLive(null);
  const campaigns = useCampaignChoices();
  const save = useSaveWall();
  const byId = useMemo(() => new Map((live.data ?? []).map((p) => [p.publicationId, p])), [live.data]);
  const available = (live.data ?? []).filter(
    (p) => !ids.includes(p.publicationId) && (!filter.trim() || `${p.title} ${p.campaignTitle}`.toLowerCase().includes(filter.trim().toLowerCase())),
  );
  const isNew = wall === null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!title.trim()) next.title = WALL_TEXT.titleRequired;
    if (isNew && kind === 'campaign' && !campaignId) next.campaign = WALL_TEXT.campaignRequired;
    if (kind === 'picked' && ids.length === 0) next.items = WALL_TEXT.itemsRequired;
    setErrors(next);
    if (next.title || next.campaign || next.items) return;
    const input =
      kind === 'campaign'
        ? { title: title.trim(), ...(isNew ? { campaignId } : {}) }
        : { title: title.trim(), publicationIds: ids };
    save.mutate(
      { wallId: wall?.wallId ?? null, input },
      {
        onSuccess: (saved) => onDone(saved),
        onError: (error) => {
          const fields = error instanceof ApiError ? fieldErrorsOf(error.body) : [];
          const titleError = fields.find((f) => f.field === 'title')?.message;
          setErrors({ ...(titleError ? { title: titleError } : {}), form: titleError ? undefined : errorMessageOf(error) });
        },
      },
    );
  };

  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault();
    if (dragging !== null) setIds((current) => moveItem(current, dragging, index));
    setDragging(null);
  };

  return (
    <form noValidate onSubmit={submit} aria-labelledby="wall-editor-heading" className="space-y-4 rounded-xl border border-line bg-raised p-4 sm:p-6" data-testid="wall-editor">
      <h2 id="wall-editor-heading" className="text-lg font-semibold">
        {isNew ? 'New wall' : `Edit ${wall.title}`}
      </h2>
      <Input label="Title" value={title} maxLength={200} className="h-11" error={errors.title} onChange={(e) => setTitle(e.target.value)} />
      {isNew && (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">What the wall shows</legend>
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input type="radio" name="wall-kind" className="h-5 w-5" checked={kind === 'picked'} onChange={() => setKind('picked')} />
            Videos I pick and order
          </label>
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input type="radio" name="wall-kind" className="h-5 w-5" checked={kind === 'campaign'} onChange={() => setKind('campaign')} />
            A campaign&apos;s published videos, newest first
          </label>
        </fieldset>
      )}
      {kind === 'campaign' ? (
        isNew ? (
          <Select
            label="Campaign"
            className="h-11"
            value={campaignId}
            placeholder="Choose a campaign"
            error={errors.campaign}
            options={(campaigns.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            onChange={(e) => setCampaignId(e.target.value)}
          />
        ) : (
          <p className="text-sm text-muted">This wall shows its campaign&apos;s published videos, newest first, as they are published and taken down.</p>
        )
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <section aria-labelledby="wall-chosen-heading" className="space-y-2">
            <h3 id="wall-chosen-heading" className="font-medium">
              On the wall ({ids.length})
            </h3>
            <p className="text-xs text-muted">In this order. Move them with the buttons, or drag them.</p>
            {errors.items && (
              <p role="alert" className="text-xs font-medium text-danger">
                {errors.items}
              </p>
            )}
            <ol className="space-y-2" data-testid="wall-items">
              {ids.map((id, index) => {
                const p = byId.get(id);
                const name = p?.title ?? WALL_TEXT.gone;
                return (
                  <li
                    key={id}
                    draggable
                    onDragStart={() => setDragging(index)}
                    onDragOver={(e) => e.preventDefault()}
                    onDrop={(e) => onDrop(e, index)}
                    onDragEnd={() => setDragging(null)}
                    data-testid="wall-item"
                    data-publication-id={id}
                    className={`space-y-1 rounded-lg border p-2 ${dragging === index ? 'border-primary' : 'border-line'} cursor-grab bg-surface`}
                  >
                    <div className="flex items-start gap-2">
                      <span aria-hidden className="text-muted">
                        ⠿
                      </span>
                      <span className="min-w-0 flex-1 text-sm [overflow-wrap:anywhere]">
                        <span className="text-muted">{index + 1}.</span> {p ? name : <em className="text-danger">{name}</em>}
                      </span>
                    </div>
                    <div className="flex flex-wrap justify-end gap-1">
                      <Button size="sm" variant="ghost" className="min-h-11 min-w-11" disabled={index === 0} aria-label={`Up: move ${name} up`} onClick={() => setIds((c) => moveItem(c, index, index - 1))}>
                        Up
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        className="min-h-11 min-w-11"
                        disabled={index === ids.length - 1}
                        aria-label={`Down: move ${name} down`}
                        onClick={() => setIds((c) => moveItem(c, index, index + 1))}
                      >
                        Down
                      </Button>
                      <Button size="sm" variant="ghost" className="min-h-11 text-danger" aria-label={`Remove ${name} from the wall`} onClick={() => setIds((c) => removeItem(c, id))}>
                        Remove
                      </Button>
                    </div>
                  </li>
                );
              })}
            </ol>
          </section>
          <section aria-labelledby="wall-available-heading" className="space-y-2">
            <h3 id="wall-available-heading" className="font-medium">
              Published videos
            </h3>
            <Input label="Find a video" type="search" className="h-11" value={filter} onChange={(e) => setFilter(e.target.value)} />
            {ids.length >= WALL_MAX_ITEMS && <p className="text-xs text-muted">{WALL_TEXT.full}</p>}
            {live.isPending ? (
              <Spinner className="h-5 w-5" />
            ) : (live.data ?? []).length === 0 ? (
              <p className="text-sm text-muted">{WALL_TEXT.noLive}</p>
            ) : (
              <ul className="max-h-96 space-y-2 overflow-y-auto" data-testid="wall-available">
                {available.map((p: Publication) => (
                  <li key={p.publicationId} className="flex items-center gap-2 rounded-lg border border-line p-2">
                    <span className="min-w-0 flex-1 text-sm [overflow-wrap:anywhere]">
                      {p.title} <span className="text-xs text-muted">· {p.campaignTitle}</span>
                    </span>
                    <Button
                      size="sm"
                      variant="secondary"
                      className="min-h-11"
                      disabled={ids.length >= WALL_MAX_ITEMS}
                      aria-label={`Add ${p.title}`}
                      onClick={() => setIds((c) => addItem(c, p.publicationId))}
                    >
                      Add
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
      {errors.form && (
        <p role="alert" className="text-sm font-medium text-danger">
          {errors.form}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" className="min-h-11" onClick={() => onDone(null)}>
          Cancel
        </Button>
        <Button type="submit" className="min-h-11" loading={save.isPending}>
          {isNew ? 'Create wall' : 'Save wall'}
        </Button>
      </div>
    </form>
  );
}
