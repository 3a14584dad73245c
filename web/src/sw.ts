/// <reference lib="webworker" />
/**
 * The app's service worker (built by vite-plugin-pwa's injectManifest, Workbox inside; see
 * vite.config.ts and web/README.md "Offline"):
 * - precaches the app shell (index.html, the boot script) and every file of the contributor build, so an
 *   invited contributor who reopens their link offline gets the pages; staff chunks are not precached
 *   (a contributor's phone would download the whole staff app for nothing);
 * - answers app routes with the shell, never /api/*, /_dev/*, /openapi.json or files;
 * - keeps the contributor's last campaign and journey reads (network first, a short timeout), so the
 *   reopened journey lists their questions; nothing else of the API, and no presigned storage URL;
 * - wakes open pages when Background Sync says the connection is back, so takes left in IndexedDB
 *   resume uploading;
 * - never activates by itself: a new version waits until a page says nothing is under way (SKIP_WAITING).
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { env } from '@/config/env';
import {
  APP_SHELL,
  apiBaseUrl,
  CONTRIBUTOR_READS_CACHE,
  isAppNavigation,
  isContributorRead,
  RESUME_UPLOADS_MESSAGE,
  UPLOADS_SYNC_TAG,
} from '@/lib/service-worker/rules';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

const apiBase = apiBaseUrl(env.API_BASE_URL, self.location.origin);

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// The first version takes the open pages at once (their reads then go through it); later versions wait.
clientsClaim();

registerRoute(({ request, url }) => request.mode === 'navigate' && isAppNavigation(url, apiBase), createHandlerBoundToURL(APP_SHELL));

registerRoute(
  ({ request }) => isContributorRead(request, apiBase),
  new NetworkFirst({
    cacheName: CONTRIBUTOR_READS_CACHE,
    // On a weak connection the last journey shows after 4 s instead of a spinner.
    networkTimeoutSeconds: 4,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 30, maxAgeSeconds: 30 * 24 * 3600 }),
      {
        // A revoked link, or a contributor removed: the copy kept for offline goes too.
        fetchDidSucceed: async ({ request, response }) => {
          if ([401, 403, 404, 410].includes(response.status)) await (await caches.open(CONTRIBUTOR_READS_CACHE)).delete(request);
          return response;
        },
      },
    ],
  }),
  'GET',
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The connection is back (Background Sync, where the browser has it): the open pages resume their
// uploads from IndexedDB. With no page open, the next visit resumes them.
self.addEventListener('sync', (event) => {
  const sync = event as Event & { tag: string; waitUntil(p: Promise<unknown>): void };
  if (sync.tag !== UPLOADS_SYNC_TAG) return;
  sync.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((clients) => {
      for (const client of clients) client.postMessage({ type: RESUME_UPLOADS_MESSAGE });
    }),
  );
});
