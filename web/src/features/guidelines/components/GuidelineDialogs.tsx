import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/Button';
import { ConfirmButton } from '@/components/ui/ConfirmButton';
import { Dialog } from '@/components/ui/Dialog';
import { Input } from '@/components/ui/Field';
import {
  useAddTitle,
  useAddValue,
  useDeleteTitle,
  useDeleteValue,
  useRenameTitle,
  useUpdateValue,
  type Guideline,
} from '../api/guidelines-api';
import {
  MAX_VALUES,
  newGuidelineSchema,
  titleFormSchema,
  valueFormSchema,
  type NewGuidelineValues,
  type TitleFormValues,
  type ValueFormValues,
} from '../schemas';

/** A dialog whose body is a form submitted by the footer's primary button. */
function FormDialog({
  title,
  submitLabel,
  pending,
  onClose,
  onSubmit,
  children,
}: {
  title: string;
  submitLabel: string;
  pending: boolean;
  onClose: () => void;
  onSubmit: () => void;
  children: React.ReactNode;
}) {
  const formId = useId();
  return (
    <Dialog
      open
      title={title}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={pending}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {children}
      </form>
    </Dialog>
  );
}

/** A new title with its first guidelines. */
export function NewGuidelineDialog({ onClose }: { onClose: () => void }) {
  const add = useAddTitle();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<NewGuidelineValues>({
    resolver: zodResolver(newGuidelineSchema),
    defaultValues: { title: '', values: [{ value: '' }] },
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'values' });
  const submit = handleSubmit(async (values) => {
    try {
      await add.mutateAsync({
        title: values.title.trim(),
        values: values.values.map((v) => v.value.trim()).filter(Boolean),
      });
      onClose();
    } catch {
      /* toasted by the API client */
    }
  });
  return (
    <FormDialog title="New guideline title" submitLabel="Add title" pending={add.isPending} onClose={onClose} onSubmit={() => void submit()}>
      <Input label="Title" autoFocus error={errors.title?.message} {...register('title')} />
      {fields.map((field, index) => (
        <div key={field.id} className="flex items-end gap-2">
          <div className="flex-1">
            <Input
              label={`Guideline ${index + 1}`}
              error={errors.values?.[index]?.value?.message}
              {...register(`values.${index}.value`)}
            />
          </div>
          {fields.length > 1 && (
            <Button variant="ghost" size="sm" aria-label={`Remove guideline ${index + 1}`} onClick={() => remove(index)}>
              Remove
            </Button>
          )}
        </div>
      ))}
      {errors.values?.message && <p className="text-xs font-medium text-danger">{errors.values.message}</p>}
      {fields.length < MAX_VALUES && (
        <Button variant="secondary" size="sm" onClick={() => append({ value: '' })}>
          Add another guideline
        </Button>
      )}
    </FormDialog>
  );
}

export function RenameTitleDialog({ guideline, onClose }: { guideline: Guideline; onClose: () => void }) {
  const rename = useRenameTitle();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TitleFormValues>({ resolver: zodResolver(titleFormSchema), defaultValues: { title: guideline.title } });
  const submit = handleSubmit(async ({ title }) => {
    try {
      await rename.mutateAsync({ id: guideline.id, title: title.trim() });
      onClose();
    } catch {
      /* toasted */
    }
  });
  return (
    <FormDialog title="Rename title" submitLabel="Save title" pending={rename.isPending} onClose={onClose} onSubmit={() => void submit()}>
      <Input label="Title" autoFocus error={errors.title?.message} {...register('title')} />
    </FormDialog>
  );
}

/** Adds a guideline to `titleId`, or edits `value` when given. */
export function ValueDialog({
  titleId,
  value,
  onClose,
}: {
  titleId: string;
  value?: { id: string; value: string };
  onClose: () => void;
}) {
  const add = useAddValue();
  const update = useUpdateValue();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ValueFormValues>({ resolver: zodResolver(valueFormSchema), defaultValues: { value: value?.value ?? '' } });
  const submit = handleSubmit(async (values) => {
    try {
      if (value) await update.mutateAsync({ id: value.id, value: values.value.trim() });
      else await add.mutateAsync({ titleId, value: values.value.trim() });
      onClose();
    } catch {
      /* toasted */
    }
  });
  return (
    <FormDialog
      title={value ? 'Edit guideline' : 'Add guideline'}
      submitLabel={value ? 'Save guideline' : 'Add guideline'}
      pending={add.isPending || update.isPending}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <Input label="Guideline" autoFocus error={errors.value?.message} {...register('value')} />
    </FormDialog>
  );
}

export type DeleteTarget = { kind: 'title'; guideline: Guideline } | { kind: 'value'; id: string; value: string };

/** Delete confirmation; the confirm button locks for 5 seconds after a click (spec sections 4 and 9). */
export function DeleteGuidelineDialog({ target, onClose }: { target: DeleteTarget | null; onClose: () => void }) {
  const deleteTitle = useDeleteTitle();
  const deleteValue = useDeleteValue();
  const confirm = () => {
    if (!target) return;
    const done = { onSuccess: onClose };
    if (target.kind === 'title') deleteTitle.mutate(target.guideline.id, done);
    else deleteValue.mutate(target.id, done);
  };
  return (
    <Dialog
      open={!!target}
      title={target?.kind === 'title' ? 'Delete guideline title?' : 'Delete guideline?'}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <ConfirmButton variant="danger" loading={deleteTitle.isPending || deleteValue.isPending} onClick={confirm}>
            Delete
          </ConfirmButton>
        </>
      }
    >
      {target?.kind === 'title' ? (
        <p>
          Deleting <strong>{target.guideline.title}</strong> also deletes its {target.guideline.values.length} guideline
          {target.guideline.values.length === 1 ? '' : 's'}. Collaborators will no longer see them.
        </p>
      ) : (
        <p>
          Delete the guideline <strong>{target?.value}</strong>? Collaborators will no longer see it.
        </p>
      )}
    </Dialog>
  );
}
