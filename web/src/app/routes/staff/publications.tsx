import { PageHeader } from '@/components/layouts/PageHeader';
import { PublicationsScreen } from '@/features/publishing/components/PublicationsScreen';
import { PublishingTotals } from '@/features/publishing/components/StatsList';
import { canPublish } from '@/features/publishing/lib/roles';
import { roleOf } from '@/lib/auth';
import { useSessionStore } from '@/stores/session-store';

export function Component() {
  const user = useSessionStore((s) => s.user);
  if (!user) return null;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Published"
        description="Stories on their public pages, embeds and walls, newest first; and those taken down, with why."
      />
      <PublishingTotals />
      <PublicationsScreen canEdit={canPublish(roleOf(user))} />
    </div>
  );
}
