import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { AuthHeading } from '@/components/layouts/AuthLayout';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Field';
import { toast } from '@/stores/toast-store';
import { PASSWORD_MESSAGES } from '@/lib/validation/rules';
import { useRegister, useResendVerification } from '../api/auth-api';
import { signUpSchema, type SignUpValues } from '../schemas';

export function SignUpForm() {
  const registerAccount = useRegister();
  const resend = useResendVerification();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignUpValues>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { email: '', password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    const email = values.email.trim().toLowerCase();
    try {
      const res = await registerAccount.mutateAsync({ email, password: values.password });
      toast.success(res.message);
      setSentTo(email);
    } catch {
      /* toasted by the API client */
    }
  });

  if (sentTo) {
    return (
      <>
        <AuthHeading title="Check your inbox" />
        <div className="space-y-4 text-sm">
          <p>
            We sent a verification link to <strong className="break-all">{sentTo}</strong>. Open it to verify your
            address, then sign in.
          </p>
          <Button
            variant="secondary"
            fullWidth
            loading={resend.isPending}
            onClick={() => resend.mutate(sentTo, { onSuccess: (res) => toast.success(res.message) })}
          >
            Resend verification email
          </Button>
          <p className="text-center text-muted">
            <Link to={paths.login} className="font-medium text-primary hover:underline">
              Back to sign in
            </Link>
          </p>
        </div>
      </>
    );
  }

  return (
    <>
      <AuthHeading title="Create your Storyhive account" subtitle="Sign up with your work email address." />
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <Input label="Work email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <Input
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_MESSAGES.rule}
          error={errors.password?.message}
          {...register('password')}
        />
        <Input
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Button type="submit" fullWidth size="lg" loading={isSubmitting}>
          Create account
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted">
        Already have an account?{' '}
        <Link to={paths.login} className="font-medium text-primary hover:underline">
          Sign in
        </Link>
      </p>
    </>
  );
}
