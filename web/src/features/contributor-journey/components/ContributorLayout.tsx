import { useEffect, type ReactNode } from 'react';
import { invalidateResources } from '../api/resource';
import { readContributorData } from '../lib/storage';
import { useContributorStore } from '../store';
import { getUploadManager } from '../uploads/uploads';
import { Notice } from './ContributorFrame';

/**
 * Wraps every contributor page: shows why the link stopped working after a 403, and resumes the takes
 * a previous page left in the browser.
 */
export function ContributorLayout({ children }: { children: ReactNode }) {
  const denied = useContributorStore((s) => s.denied);

  useEffect(() => {
    const data = readContributorData();
    if (!data || typeof indexedDB === 'undefined') return;
    const manager = getUploadManager();
    void manager.resume(data).catch(() => undefined);
    // A stored take changes the journey: read it again.
    return manager.subscribe((s) => {
      if (s.phase === 'stored' || s.phase === 'failed') void invalidateResources(['contributor']);
    });
  }, []);

  if (denied) return <AccessDenied message={denied} />;
  return <>{children}</>;
}

export function AccessDenied({ message }: { message: string }) {
  const suspended = /suspend/i.test(message);
  return (
    <Notice testId="contributor-denied" title={suspended ? 'Your access is suspended' : 'This link is no longer valid'}>
      <p role="alert" className="text-base text-fg">
        {message}
      </p>
      <p>If you think this is a mistake, please contact the campaign team.</p>
    </Notice>
  );
}
