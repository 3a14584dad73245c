import { AuthLayout } from '@/components/layouts/AuthLayout';
import { AcceptInvitationForm } from '@/features/auth/components/AcceptInvitationForm';

export function Component() {
  return (
    <AuthLayout>
      <AcceptInvitationForm />
    </AuthLayout>
  );
}
