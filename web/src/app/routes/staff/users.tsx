import { UsersScreen } from '@/features/users/components/UsersScreen';
import { roleOf } from '@/lib/auth';
import { useSessionStore } from '@/stores/session-store';

export function Component() {
  const user = useSessionStore((s) => s.user);
  const role = roleOf(user);
  if (!user || !role) return null;
  return <UsersScreen actor={role} actorId={user.id} />;
}
