import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { AuthHeading } from '@/components/layouts/AuthLayout';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Field';
import { toast } from '@/stores/toast-store';
import { PASSWORD_MESSAGES } from '@/lib/validation/rules';
import { useResetPassword } from '../api/auth-api';
import { resetPasswordSchema, type ResetPasswordValues } from '../schemas';

export function ResetPasswordForm() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const email = searchParams.get('email') ?? '';
  const navigate = useNavigate();
  const reset = useResetPassword();

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordValues>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  if (!token || !email) {
    return (
      <>
        <AuthHeading title="This reset link is incomplete" />
        <p className="text-sm">
          Open the link from the e-mail exactly as it was sent, or ask for a new one.
        </p>
        <p className="mt-6 text-center text-sm">
          <Link to={paths.forgotPassword} className="font-medium text-primary hover:underline">
            Request a new reset link
          </Link>
        </p>
      </>
    );
  }

  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await reset.mutateAsync({ email, password: values.password, token });
      toast.success(res.message);
      navigate(paths.login, { replace: true });
    } catch {
      /* toasted by the API client */
    }
  });

  return (
    <>
      <AuthHeading title="Choose a new password" subtitle={<span className="break-all">For {email}</span>} />
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <Input
          label="New password"
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
          Set new password
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted">
        <Link to={paths.login} className="font-medium text-primary hover:underline">
          Back to sign in
        </Link>
      </p>
    </>
  );
}
