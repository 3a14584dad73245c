import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Card } from '@/components/layouts/PageHeader';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Field';
import { ApiError, fieldErrorsOf } from '@/lib/api/errors';
import { useChangePassword } from '../api/profile-api';
import { changePasswordSchema, type ChangePasswordValues } from '../schemas';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/** Profile: a new password, with the current one; other devices are signed out, this one stays. */
export function ChangePassword() {
  const headingId = useId();
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const submit = handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => reset(),
      // The API client toasted the message; it is also shown under its field.
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        for (const item of fieldErrorsOf(error.body)) {
          const field = FIELDS.find((f) => f === item.field);
          if (field) setError(field, { message: item.message });
        }
      },
    }),
  );

  return (
    <Card>
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="text-lg font-semibold">
          Change password
        </h2>
        <p className="mt-1 text-sm text-muted">Your other devices are signed out; this one stays signed in.</p>
        <form noValidate onSubmit={submit} className="mt-4 grid gap-4 sm:max-w-md">
          <Input
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...register('currentPassword')}
          />
          <Input
            label="New password"
            type="password"
            autoComplete="new-password"
            error={errors.newPassword?.message}
            {...register('newPassword')}
          />
          <Input
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
          <div>
            <Button type="submit" loading={change.isPending}>
              Change password
            </Button>
          </div>
        </form>
      </section>
    </Card>
  );
}
