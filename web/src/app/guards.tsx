import { Navigate, Outlet, useLocation } from 'react-router';
import { ACCESS, decideAccess, type Principal } from '@/config/access';
import type { AppPath } from '@/config/paths';
import { roleOf } from '@/lib/auth';
import { useSessionStore } from '@/stores/session-store';

/**
 * Who is using the staff app: a signed-in staff member (from the session store), else a visitor.
 * An invitation is no sign-in: a contributor is a visitor here; their own pages have their own
 * entry and guard (ContributorGuard).
 */
export function usePrincipal(): Principal {
  const user = useSessionStore((s) => s.user);
  const role = roleOf(user);
  return role ? { kind: 'staff', role } : { kind: 'visitor' };
}

/** Renders the route's screen when the role table lets the principal open `path`, else redirects. */
export function RouteGuard({ path }: { path: AppPath }) {
  const principal = usePrincipal();
  const location = useLocation();
  const decision = decideAccess(ACCESS[path], principal);
  if (decision.allow) return <Outlet />;
  // A redirect starts afresh (no query string); `state.from` names the screen that was refused.
  return <Navigate to={decision.redirectTo} replace state={{ from: location.pathname }} />;
}
