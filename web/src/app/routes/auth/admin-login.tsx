import { AuthLayout } from '@/components/layouts/AuthLayout';
import { LoginForm } from '@/features/auth/components/LoginForm';

export function Component() {
  return (
    <AuthLayout>
      <LoginForm variant="staff" />
    </AuthLayout>
  );
}
