import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { rereadResources } from '@/features/contributor-journey/api/resource';
import { installPreview } from '@/features/contributor-journey/preview/preview-server';
import { previewOnOpen } from '@/features/contributor-journey/preview/session';
import { ContributorApp } from '@/app/contributor/ContributorApp';
import { startLocale } from '@/features/contributor-journey/i18n/i18n';
import { takeFlash } from './lib/flash';
import { onServiceWorkerControl, startServiceWorker } from './lib/service-worker';
import { applyTheme, useThemeStore } from './stores/theme-store';
import { useToastStore } from './stores/toast-store';
import './index.css';

// The contributor pages' entry (chosen by path in boot.ts): no staff routes, session or API client.
applyTheme(useThemeStore.getState().theme);
const flash = takeFlash();
if (flash) useToastStore.getState().show(flash.kind, flash.message);

startServiceWorker();
// The first visit read the campaign and the journey before the worker took control (or while it was
// taking it): read them again through the worker, which keeps them, so that reopening the link
// offline shows them.
onServiceWorkerControl(() => void rereadResources(['contributor']));

// Staff previewing a campaign: the contributor calls are answered in this tab. Bundled rather
// than loaded on demand: a lazy chunk made Rollup split the contributor client into a chunk of
// its own, one more request for every collaborator, for about 1.5 KB gzip saved.
const preview = previewOnOpen();
if (preview) installPreview(preview);

// The collaborator's language first: only its catalog is downloaded, and the first render is in it.
void startLocale().finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ContributorApp />
    </StrictMode>,
  ),
);
