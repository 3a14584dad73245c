import { PageHeader } from '@/components/layouts/PageHeader';
import { ChangePassword } from '@/features/profile/components/ChangePassword';
import { DeleteAccount } from '@/features/profile/components/DeleteAccount';
import { ProfileForm } from '@/features/profile/components/ProfileForm';
import { roleOf } from '@/lib/auth';
import { useSessionStore } from '@/stores/session-store';

export function Component() {
  const user = useSessionStore((s) => s.user);
  if (!user) return null;
  return (
    <div className="space-y-6">
      <PageHeader title="Profile" description="Your details as your organisation sees them." />
      <ProfileForm user={user} />
      <ChangePassword />
      {roleOf(user) === 'superAdmin' && <DeleteAccount user={user} />}
    </div>
  );
}
