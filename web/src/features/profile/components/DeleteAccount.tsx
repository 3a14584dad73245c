import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Card } from '@/components/layouts/PageHeader';
import { Button } from '@/components/ui/Button';
import { ConfirmButton } from '@/components/ui/ConfirmButton';
import { Dialog } from '@/components/ui/Dialog';
import { Input } from '@/components/ui/Field';
import { ApiError, fieldErrorsOf } from '@/lib/api/errors';
import type { CurrentUser } from '@/types/api';
import { setFlash } from '@/lib/flash';
import { endSession } from '@/lib/session';
import { useDeleteAccount } from '../api/profile-api';
import { deleteAccountSchema, isOwnEmail, type DeleteAccountValues } from '../schemas';

/** Super admin only: closes the organisation (DELETE /user/me with the own email address and password). */
export function DeleteAccount({ user }: { user: CurrentUser }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccount();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors },
  } = useForm<DeleteAccountValues>({
    resolver: zodResolver(deleteAccountSchema(user.email)),
    defaultValues: { email: '', password: '' },
    mode: 'onTouched',
  });
  const typed = watch('email');
  const password = watch('password');
  const matches = isOwnEmail(typed, user.email) && password !== '';
  const company = user.companyName || 'your organisation';

  const close = () => {
    setOpen(false);
    reset();
  };

  const confirm = handleSubmit((values) =>
    remove.mutate(
      { email: user.email, password: values.password },
      {
        onSuccess: (res) => {
          setFlash({ kind: 'success', message: res.message });
          endSession();
        },
        // A wrong password (toasted by the API client) is also shown under its field.
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          for (const item of fieldErrorsOf(error.body)) {
            if (item.field === 'password') setError('password', { message: item.message });
          }
        },
      },
    ),
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
          all its users, campaigns, contributors and videos are removed. This cannot be undone. Confirm with your
          email address and your password.
        </p>
        <Input
          label={`Type your email address (${user.email}) to confirm`}
          type="email"
          autoComplete="off"
          {...register('email')}
          // Nothing typed yet is not a mistake: the button stays disabled until the address matches.
          error={typed.trim() === '' ? undefined : errors.email?.message}
        />
        <Input
          label="Your password"
          type="password"
          autoComplete="current-password"
          {...register('password')}
          error={errors.password?.message}
        />
      </Dialog>
    </Card>
  );
}
