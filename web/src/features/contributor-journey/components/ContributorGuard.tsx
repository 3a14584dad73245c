import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ACCESS, decideAccess, isStaffRole, type Principal } from '@/config/access';
import type { AppPath } from '@/config/paths';
import { useSessionStore } from '@/stores/session-store';
import { readContributorData } from '../lib/storage';

/** Staff when signed in; a contributor when this browser holds an invitation; else a visitor. */
export function useContributorPrincipal(): Principal {
  const user = useSessionStore((s) => s.user);
  const name: unknown = user?.role?.name;
  if (isStaffRole(name)) return { kind: 'staff', role: name };
  return readContributorData() ? { kind: 'contributor' } : { kind: 'visitor' };
}

/** The role-table guard for contributor screens (the invitation link itself is let in by the landing page). */
export function ContributorGuard({ path, children }: { path: AppPath; children: ReactNode }) {
  const principal = useContributorPrincipal();
  const location = useLocation();
  const decision = decideAccess(ACCESS[path], principal);
  if (decision.allow) return <>{children}</>;
  return <Navigate to={decision.redirectTo} replace state={{ from: location.pathname }} />;
}
