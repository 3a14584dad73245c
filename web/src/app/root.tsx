import { Outlet, useLocation } from 'react-router';
import { RouteAnnouncer } from '@/components/a11y/RouteAnnouncer';
import { FullScreenLoader } from '@/components/FullScreenLoader';
import { Toaster } from '@/components/toasts/Toaster';
import { useSessionStore } from '@/stores/session-store';

/** The root route: the loader while the profile loads at start, then the screens; toasts everywhere. */
export function Root() {
  const status = useSessionStore((s) => s.status);
  const { pathname } = useLocation();
  return (
    <>
      {status === 'ready' ? <Outlet /> : <FullScreenLoader />}
      <RouteAnnouncer pathname={pathname} />
      <Toaster />
    </>
  );
}
