import { useEffect, type ReactNode } from 'react';
import { buildPath, paths } from '@/config/paths';
import { invalidateResources } from '../api/resource';
import { readContributorData } from '../lib/storage';
import { endPreview, previewSession } from '../preview/session';
import { useContributorStore } from '../store';
import { getUploadManager } from '../uploads/uploads';
import { t } from '../i18n/i18n';
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

  const preview = previewSession();
  const page = denied ? <AccessDenied message={denied} /> : children;
  if (!preview) return <>{page}</>;
  return (
    <>
      <PreviewBanner campaignId={preview.campaignId} />
      {page}
    </>
  );
}

/** Says, on every page of a preview, that nothing leaves the browser, and leads back to the campaign. */
function PreviewBanner({ campaignId }: { campaignId: string }) {
  const leave = () => {
    endPreview();
    window.location.assign(buildPath(paths.campaignEdit, { id: campaignId }));
  };
  return (
    <div
      role="region"
      aria-label={t('preview.region')}
      data-testid="preview-banner"
      className="sticky top-0 z-40 flex flex-wrap items-center justify-between gap-2 bg-amber-100 px-4 py-2 text-sm text-amber-950"
    >
      <p>
        <strong>{t('preview.title')}</strong> {t('preview.body')}
      </p>
      <button
        type="button"
        onClick={leave}
        className="min-h-11 rounded-lg border border-amber-900/40 px-3 font-medium hover:bg-amber-200 focus:outline-2 focus:outline-offset-2 focus:outline-amber-900"
      >
        {t('preview.leave')}
      </button>
    </div>
  );
}

export function AccessDenied({ message }: { message: string }) {
  const suspended = /suspend/i.test(message);
  return (
    <Notice testId="contributor-denied" title={suspended ? t('denied.suspended') : t('denied.invalid')}>
      <p role="alert" className="text-base text-fg">
        {message}
      </p>
      <p>{t('denied.contact')}</p>
    </Notice>
  );
}
