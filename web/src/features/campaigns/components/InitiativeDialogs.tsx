import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/Button';
import { ConfirmButton } from '@/components/ui/ConfirmButton';
import { Dialog } from '@/components/ui/Dialog';
import { Input } from '@/components/ui/Field';
import { useCreateInitiative, useDeleteInitiative, useRenameInitiative } from '../api/initiatives-api';
import { initiativeFormSchema, type InitiativeFormValues } from '../schemas';
import type { Initiative } from '../types';

type NameDialogProps = {
  open: boolean;
  onClose: () => void;
  /** Renames this initiative; creates a new one when absent. */
  initiative?: Initiative;
  onDone?: (initiative: Initiative) => void;
};

export function InitiativeNameDialog({ open, onClose, initiative, onDone }: NameDialogProps) {
  return open ? <NameDialogBody onClose={onClose} initiative={initiative} onDone={onDone} /> : null;
}

function NameDialogBody({ onClose, initiative, onDone }: Omit<NameDialogProps, 'open'>) {
  const create = useCreateInitiative();
  const rename = useRenameInitiative();
  const pending = create.isPending || rename.isPending;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<InitiativeFormValues>({ resolver: zodResolver(initiativeFormSchema), defaultValues: { name: initiative?.name ?? '' } });

  // No <form> here: the dialog may sit inside the campaign form, and forms cannot nest.
  const submit = handleSubmit(async ({ name }) => {
    try {
      const saved = initiative ? await rename.mutateAsync({ id: initiative.id, name }) : await create.mutateAsync(name);
      onDone?.(saved);
      onClose();
    } catch {
      /* toasted */
    }
  });

  return (
    <Dialog
      open
      title={initiative ? 'Rename initiative' : 'New initiative'}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={pending} onClick={() => void submit()}>
            {initiative ? 'Save name' : 'Create initiative'}
          </Button>
        </>
      }
    >
      <Input
        label="Initiative name"
        autoFocus
        {...register('name')}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void submit();
          }
        }}
        error={errors.name?.message}
        maxLength={200}
      />
    </Dialog>
  );
}

type DeleteProps = { initiative: Initiative | null; onClose: () => void; onDeleted?: (id: string) => void };

export function DeleteInitiativeDialog({ initiative, onClose, onDeleted }: DeleteProps) {
  const remove = useDeleteInitiative();
  return (
    <Dialog
      open={!!initiative}
      title="Delete initiative?"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <ConfirmButton
            variant="danger"
            loading={remove.isPending}
            onClick={() =>
              initiative &&
              remove.mutate(initiative.id, {
                onSuccess: () => {
                  onDeleted?.(initiative.id);
                  onClose();
                },
              })
            }
          >
            Delete initiative
          </ConfirmButton>
        </>
      }
    >
      <p>
        Deleting <strong>{initiative?.name}</strong> removes all its campaigns and their videos
        {initiative ? ` (${initiative.campaignCount} campaign${initiative.campaignCount === 1 ? '' : 's'})` : ''}. This
        cannot be undone.
      </p>
    </Dialog>
  );
}
