import { env } from '@/config/env';

/**
 * The page's side of the service worker (src/sw/sw.ts): registration in production builds only, and
 * the little the pages need of it. Registration and updates (workbox-window) load after the page has
 * loaded, in their own chunk, so the contributor's first download does not grow by them.
 */

type ServiceWorkerHost = { serviceWorker?: unknown };

/** Production builds in a browser that has service workers; never the dev server or Vitest. */
export function shouldRegisterServiceWorker(productionBuild: boolean, host: ServiceWorkerHost | undefined): boolean {
  return productionBuild && !!host && 'serviceWorker' in host && !!host.serviceWorker;
}

/** Registers the worker once the page has loaded (production builds only). */
export function startServiceWorker(): void {
  if (typeof navigator === 'undefined' || !shouldRegisterServiceWorker(env.PRODUCTION_BUILD, navigator)) return;
  const register = () => {
    import('./register-service-worker').then((m) => m.registerServiceWorker()).catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

function container(): ServiceWorkerContainer | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
}

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

/**
 * Asks the worker to be woken by Background Sync when the connection is back, where the browser has
 * it (Chromium); false where it does not or no worker controls the page.
 */
export async function requestBackgroundSync(tag: string): Promise<boolean> {
  const sw = container();
  if (!sw?.controller) return false;
  try {
    const registration = (await sw.getRegistration()) as SyncRegistration | undefined;
    if (!registration?.sync) return false;
    await registration.sync.register(tag);
    return true;
  } catch {
    return false;
  }
}

/** Calls `listener` when the worker posts a message of `type`; returns what stops it. */
export function onServiceWorkerMessage(type: string, listener: () => void): () => void {
  const sw = container();
  if (!sw) return () => undefined;
  const handle = (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type === type) listener();
  };
  sw.addEventListener('message', handle);
  // Messages are held until the page says it listens.
  sw.startMessages();
  return () => sw.removeEventListener('message', handle);
}

/** Calls `listener` when a worker takes control of this page (the first one, or a new version). */
export function onServiceWorkerControl(listener: () => void): () => void {
  const sw = container();
  if (!sw) return () => undefined;
  sw.addEventListener('controllerchange', listener);
  return () => sw.removeEventListener('controllerchange', listener);
}
