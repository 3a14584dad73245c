import { PageHeader } from '@/components/layouts/PageHeader';
import { WallsScreen } from '@/features/publishing/components/WallsScreen';
import { canPublish } from '@/features/publishing/lib/roles';
import { roleOf } from '@/lib/auth';
import { useSessionStore } from '@/stores/session-store';

export function Component() {
  const user = useSessionStore((s) => s.user);
  if (!user) return null;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Walls"
        description="Galleries of published videos with a lightbox player, on their own page or embedded in any website."
      />
      <WallsScreen canEdit={canPublish(roleOf(user))} />
    </div>
  );
}
