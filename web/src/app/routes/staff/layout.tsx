import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { StaffLayout } from '@/features/shell/components/StaffLayout';
import { roleOf } from '@/lib/auth';
import { useSessionStore } from '@/stores/session-store';
import { routedPaths } from '../../routed-paths';

export function Component() {
  const user = useSessionStore((s) => s.user);
  const role = roleOf(user);
  // Only signed-in staff get the staff frame; each screen's guard decides the rest.
  if (!user || !role) return <Navigate to={paths.login} replace />;
  return <StaffLayout user={user} role={role} isAvailable={(path) => routedPaths.has(path)} />;
}
