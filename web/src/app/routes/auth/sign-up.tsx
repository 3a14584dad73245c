import { AuthLayout } from '@/components/layouts/AuthLayout';
import { SignUpForm } from '@/features/auth/components/SignUpForm';

export function Component() {
  return (
    <AuthLayout>
      <SignUpForm />
    </AuthLayout>
  );
}
