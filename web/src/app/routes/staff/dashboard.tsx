import { PublishingTotals } from '@/features/publishing/components/StatsList';
import { Dashboard } from '@/features/shell/components/Dashboard';
import { useSessionStore } from '@/stores/session-store';

export function Component() {
  const user = useSessionStore((s) => s.user);
  if (!user) return null;
  return (
    <>
      <Dashboard user={user} />
      <div className="mt-6">
        <PublishingTotals />
      </div>
    </>
  );
}
