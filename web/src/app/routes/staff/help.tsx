import { PageHeader } from '@/components/layouts/PageHeader';
import { HelpForm } from '@/features/support/components/HelpForm';
import { HelpRequestList } from '@/features/support/components/HelpRequestList';
import { useSessionStore } from '@/stores/session-store';

export function Component() {
  const user = useSessionStore((s) => s.user);
  if (!user) return null;
  return (
    <div className="space-y-6">
      <PageHeader title="Help" description="Tell our support team what you need: a problem, an idea, anything else." />
      <HelpForm email={user.email} />
      <HelpRequestList />
    </div>
  );
}
