import { AuthLayout } from '@/components/layouts/AuthLayout';
import { ResetPasswordForm } from '@/features/auth/components/ResetPasswordForm';

export function Component() {
  return (
    <AuthLayout>
      <ResetPasswordForm />
    </AuthLayout>
  );
}
