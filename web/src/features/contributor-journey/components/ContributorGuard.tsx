import { useEffect, type ReactNode } from 'react';
import { ACCESS, decideAccess, type Principal } from '@/config/access';
import type { AppPath } from '@/config/paths';
import { hasToken } from '@/lib/storage';
import { readContributorData } from '../lib/storage';
import { isPreview } from '../preview/session';
import type { ContributorData } from '../types';
import { Navigate, useLocation } from '../app/router';

/**
 * Staff when this browser holds a staff session; a contributor when it holds an invitation; else a
 * visitor. The contributor entry does not load the staff profile: a signed-in staff member is sent
 * to the staff app, whose guards send them on to their landing page as before.
 */
export function contributorPrincipal(invitation: ContributorData | null): Principal | 'staff' {
  // A staff member previewing the campaign sees the collaborator's pages.
  if (hasToken() && !isPreview()) return 'staff';
  return invitation ? { kind: 'contributor' } : { kind: 'visitor' };
}

function StaffHandOff() {
  useEffect(() => window.location.replace('/'), []);
  return null;
}

type GuardProps = {
  path: AppPath;
  /** The invitation the page was opened with (the landing page's link), before the browser keeps it. */
  invitation?: ContributorData | null;
  children: ReactNode;
};

/** The role-table guard for contributor screens. */
export function ContributorGuard({ path, invitation, children }: GuardProps) {
  const principal = contributorPrincipal(invitation ?? readContributorData());
  const location = useLocation();
  if (principal === 'staff') return <StaffHandOff />;
  const decision = decideAccess(ACCESS[path], principal);
  if (decision.allow) return <>{children}</>;
  return <Navigate to={decision.redirectTo} replace state={{ from: location.pathname }} />;
}
