import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Card } from '@/components/layouts/PageHeader';
import { Button } from '@/components/ui/Button';
import { ConfirmButton } from '@/components/ui/ConfirmButton';
import { Dialog } from '@/components/ui/Dialog';
import { Input } from '@/components/ui/Field';
import type { CurrentUser } from '@/lib/api/types';
import { setFlash } from '@/lib/flash';
import { endSession } from '@/lib/session';
import { useDeleteAccount } from '../api/profile-api';
import { deleteAccountSchema, isOwnEmail, type DeleteAccountValues } from '../schemas';

/** Super admin only: closes the organisation (DELETE /user/me with the own email address). */
export function DeleteAccount({ user }: { user: CurrentUser }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccount();
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm<DeleteAccountValues>({
    resolver: zodResolver(deleteAccountSchema(user.email)),
    defaultValues: { email: '' },
    mode: 'onTouched',
  });
  const typed = watch('email');
  const matches = isOwnEmail(typed, user.email);
  const company = user.companyName || 'your organisation';

  const close = () => {
    setOpen(false);
    reset();
  };

  const confirm = handleSubmit(() =>
    remove.mutate(user.email, {
      onSuccess: (res) => {
        setFlash({ kind: 'success', message: res.message });
        endSession();
      },
    }),
  );

  return (
    <Card className="border-danger/50">
      <h2 className="text-lg font-semibold text-danger">Danger zone</h2>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-4">
        <p className="max-w-xl text-sm text-muted">
          Deleting your account closes {company} on Storyhive: every user, campaign, contributor and video of the
          organisation is removed and nobody can sign in to it again.
        </p>
        <Button variant="danger" onClick={() => setOpen(true)}>
          Delete account
        </Button>
      </div>

      <Dialog
        open={open}
        title="Delete your account and close the organisation?"
        onClose={close}
        footer={
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <ConfirmButton variant="danger" loading={remove.isPending} onClick={() => void confirm()} disabled={!matches}>
              Delete account and close organisation
            </ConfirmButton>
          </>
        }
      >
        <p>
          You are the super admin of <strong>{company}</strong>. Deleting your account closes the whole organisation:
          all its users, campaigns, contributors and videos are removed. This cannot be undone.
        </p>
        <Input
          label={`Type your email address (${user.email}) to confirm`}
          type="email"
          autoComplete="off"
          {...register('email')}
          // Nothing typed yet is not a mistake: the button stays disabled until the address matches.
          error={typed.trim() === '' ? undefined : errors.email?.message}
        />
      </Dialog>
    </Card>
  );
}
