import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { AuthHeading } from '@/components/layouts/AuthLayout';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Field';
import { toast } from '@/stores/toast-store';
import { useForgotPassword } from '../api/auth-api';
import { forgotPasswordSchema, type ForgotPasswordValues } from '../schemas';

export function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordValues>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (values) => {
    const email = values.email.trim().toLowerCase();
    try {
      const res = await forgot.mutateAsync(email);
      toast.success(res.message);
      setSentTo(email);
    } catch {
      /* toasted by the API client */
    }
  });

  return (
    <>
      <AuthHeading
        title="Reset your password"
        subtitle="Enter the work email address of your account and we will send you a link to set a new password."
      />
      {sentTo ? (
        <div className="space-y-4 text-sm">
          <p>
            If an account exists for <strong className="break-all">{sentTo}</strong>, a reset link is on its way. The
            link lets you choose a new password.
          </p>
          <Button variant="secondary" fullWidth onClick={() => setSentTo(null)}>
            Use another address
          </Button>
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <Input label="Work email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
          <Button type="submit" fullWidth size="lg" loading={isSubmitting}>
            Send reset link
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm text-muted">
        <Link to={paths.login} className="font-medium text-primary hover:underline">
          Back to sign in
        </Link>
      </p>
    </>
  );
}
