import { Outlet } from 'react-router';
import { FullScreenLoader } from '@/components/FullScreenLoader';
import { Toaster } from '@/components/toasts/Toaster';
import { useSessionStore } from '@/stores/session-store';

/** The root route: the loader while the profile loads at start, then the screens; toasts everywhere. */
export function Root() {
  const status = useSessionStore((s) => s.status);
  return (
    <>
      {status === 'ready' ? <Outlet /> : <FullScreenLoader />}
      <Toaster />
    </>
  );
}
