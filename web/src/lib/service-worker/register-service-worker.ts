import { Workbox } from 'workbox-window';
import { offerUpdate } from './update-gate';

/** Whether a new version took control while this page was open (it still runs the one it loaded). */
let updatedSinceLoad = false;

/**
 * Registers /sw.js for the whole origin. A new version installs in the background and waits: it is
 * offered to the update gate, which activates it (skipWaiting) only when no recording or upload is
 * under way. The page is not reloaded: it keeps the version it loaded, and the next visit opens the
 * new one.
 */
export function registerServiceWorker(): void {
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => offerUpdate(() => wb.messageSkipWaiting()));
  wb.addEventListener('controlling', (event) => {
    if (event.isUpdate) updatedSinceLoad = true;
  });
  // After an update, a chunk of the version this page runs may be gone from the server: load the page
  // again (new version) instead of failing. Only when online: offline, the chunk is simply unreachable.
  window.addEventListener('vite:preloadError', (event) => {
    if (!updatedSinceLoad || !navigator.onLine) return;
    event.preventDefault();
    window.location.reload();
  });
  wb.register({ immediate: true }).catch(() => undefined);
}
