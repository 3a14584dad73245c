import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/Button';
import { Checkbox } from '@/components/ui/Checkbox';
import { ConfirmButton } from '@/components/ui/ConfirmButton';
import { Dialog } from '@/components/ui/Dialog';
import { Input } from '@/components/ui/Field';
import { cn } from '@/utils/cn';
import { useCreateTag, useDeleteTag, useTags } from '../api/tags-api';
import { LIMITS, TAGS_MAX_MESSAGE, tagFormSchema, type TagFormValues } from '../schemas';
import type { Tag } from '../types';

type Props = { value: string[]; onChange: (ids: string[]) => void; error?: string };

/** Pick 1 to 4 tags; create a tag inline; delete a tag everywhere. */
export function TagPicker({ value, onChange, error }: Props) {
  const tags = useTags();
  const create = useCreateTag();
  const [limitError, setLimitError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const remove = useDeleteTag();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<TagFormValues>({ resolver: zodResolver(tagFormSchema), defaultValues: { name: '' } });
  const nameError = errors.name?.message;

  const toggle = (id: string) => {
    if (value.includes(id)) {
      setLimitError(null);
      onChange(value.filter((v) => v !== id));
    } else if (value.length >= LIMITS.maxTags) {
      setLimitError(TAGS_MAX_MESSAGE);
    } else {
      setLimitError(null);
      onChange([...value, id]);
    }
  };

  // No <form> here: the picker sits inside the campaign form, and forms cannot nest.
  const add = handleSubmit(async ({ name }) => {
    try {
      const tag = await create.mutateAsync(name);
      reset({ name: '' });
      if (value.length < LIMITS.maxTags) onChange([...value, tag.id]);
    } catch {
      /* toasted */
    }
  });

  const shownError = limitError ?? error;
  return (
    <fieldset className="space-y-2" aria-describedby={shownError ? 'tags-error' : undefined}>
      <legend className="text-sm font-medium">
        Tags <span className="font-normal text-muted">(1 to 4)</span>
      </legend>
      {/* Rows 44 px apart (32 px chips, 12 px gaps), so the checkboxes' tap areas never overlap. */}
      <div className="flex flex-wrap gap-x-2 gap-y-3">
        {(tags.data ?? []).map((tag) => {
          const checked = value.includes(tag.id);
          return (
            <span
              key={tag.id}
              className={cn(
                'inline-flex min-h-8 items-center gap-1 rounded-full border py-1.5 pl-3 pr-1 text-sm',
                checked ? 'border-primary bg-primary/10' : 'border-line',
              )}
            >
              <label className="inline-flex cursor-pointer items-center gap-1.5">
                <Checkbox checked={checked} onChange={() => toggle(tag.id)} />
                {tag.name}
              </label>
              <button
                type="button"
                aria-label={`Delete tag ${tag.name}`}
                onClick={() => setDeleting(tag)}
                // 32 px square at least: a phone's finger finds it beside the tag's checkbox.
                className="inline-flex h-8 min-w-8 items-center justify-center rounded-full text-base text-muted hover:bg-sunken hover:text-danger"
              >
                ×
              </button>
            </span>
          );
        })}
        {tags.data?.length === 0 && <p className="text-sm text-muted">No tags yet: create one below.</p>}
      </div>
      {shownError && (
        <p id="tags-error" role="alert" className="text-xs font-medium text-danger">
          {shownError}
        </p>
      )}
      <div className="flex items-end gap-2">
        <div className="flex-1">
          <Input
            label="New tag"
            {...register('name')}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void add();
              }
            }}
            error={nameError}
          />
        </div>
        <Button variant="secondary" loading={create.isPending} onClick={() => void add()} className={nameError ? 'mb-6' : ''}>
          Add tag
        </Button>
      </div>
      <Dialog
        open={!!deleting}
        title="Delete tag?"
        onClose={() => setDeleting(null)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <ConfirmButton
              variant="danger"
              loading={remove.isPending}
              onClick={() =>
                deleting &&
                remove.mutate(deleting.id, {
                  onSuccess: () => {
                    onChange(value.filter((v) => v !== deleting.id));
                    setDeleting(null);
                  },
                })
              }
            >
              Delete tag
            </ConfirmButton>
          </>
        }
      >
        <p>
          The tag <strong>{deleting?.name}</strong> is removed from every campaign that uses it. This cannot be undone.
        </p>
      </Dialog>
    </fieldset>
  );
}
