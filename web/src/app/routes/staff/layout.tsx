import { Navigate, useLocation } from 'react-router';
import { paths, type AppPath } from '@/config/paths';
import { StaffLayout } from '@/features/shell/components/StaffLayout';
import { roleOf } from '@/lib/auth';
import { useSessionStore } from '@/stores/session-store';

/** The staff frame around every staff screen; `isRouted` says which screens this build serves. */
export function StaffFrame({ isRouted }: { isRouted: (path: AppPath) => boolean }) {
  const user = useSessionStore((s) => s.user);
  const role = roleOf(user);
  const { pathname } = useLocation();
  // Only signed-in staff get the staff frame; each screen's guard decides the rest.
  if (!user || !role) return <Navigate to={paths.login} replace />;
  // A new organisation's super admin goes through user and company set-up first.
  if (role === 'superAdmin' && user.setupCompleted === false && pathname !== paths.userSetup && pathname !== paths.companySetup) {
    return <Navigate to={paths.userSetup} replace />;
  }
  return <StaffLayout user={user} role={role} isAvailable={isRouted} />;
}
