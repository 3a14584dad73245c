/**
 * What the service worker (src/sw/sw.ts) answers itself, as plain functions so that the page's tests
 * hold the same rules the worker runs. Nothing here touches the DOM or the worker scope.
 */

/** Background Sync tag of the takes waiting in IndexedDB for a connection. */
export const UPLOADS_SYNC_TAG = 'storyhive-uploads';

/** Message the worker posts to open pages when Background Sync says the connection is back. */
export const RESUME_UPLOADS_MESSAGE = 'storyhive:resume-uploads';

/** Cache of the contributor's last journey reads (an offline reopen shows them). */
export const CONTRIBUTOR_READS_CACHE = 'storyhive-contributor-reads';

/** The app shell every app route is answered with. */
export const APP_SHELL = '/index.html';

/** The API base (VITE_API_BASE_URL: '/api' or an absolute URL) as a URL on `origin`. */
export function apiBaseUrl(apiBase: string, origin: string): URL {
  const url = new URL(apiBase.replace(/\/+$/, '') || '/', origin);
  url.pathname = url.pathname.replace(/\/+$/, '');
  return url;
}

/** The path of `url` under the API base, or null when `url` is not an API URL. */
function apiPath(url: URL, apiBase: URL): string | null {
  if (url.origin !== apiBase.origin) return null;
  const base = apiBase.pathname;
  if (base === '') return url.pathname;
  if (url.pathname !== base && !url.pathname.startsWith(`${base}/`)) return null;
  return url.pathname.slice(base.length);
}

/**
 * Whether a navigation is one of the app's routes (answered with the app shell, offline too).
 * Never the API, the dev mailbox, the API document, or a file (a last path segment with a dot:
 * /sw.js, /favicon.svg, /assets/…), as CloudFront's SpaRouteFunction decides.
 */
export function isAppNavigation(url: URL, apiBase: URL): boolean {
  const path = url.pathname;
  if (apiPath(url, apiBase) !== null) return false;
  if (/^\/(api|_dev)(\/|$)/.test(path)) return false;
  if (path === '/openapi.json') return false;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return !last.includes('.');
}

/** The contributor's reads an offline reopen needs: campaign, journey, questions to ask. */
const CONTRIBUTOR_READS = [
  /^\/contributor\/[^/]+\/[^/]+\/[^/]+$/,
  /^\/contributor-journey\/[^/]+\/[^/]+\/[^/]+$/,
  /^\/contributor-journey\/all-questions\/[^/]+\/[^/]+\/[^/]+$/,
];

export type RequestLike = { method: string; url: string; cache?: RequestCache; headers: { has(name: string): boolean } };

/**
 * Whether the worker may keep a copy of this request's answer and show it offline: a contributor's
 * GET of their campaign or journey, sent with their invitation key and no staff token (staff data is
 * never kept), and not asked for fresh (`cache: 'no-store'`: the upload queue must see the server's
 * state). Presigned storage URLs (another origin, X-Amz-Signature) never are.
 */
export function isContributorRead(request: RequestLike, apiBase: URL): boolean {
  if (request.method !== 'GET' || request.cache === 'no-store') return false;
  if (!request.headers.has('x-invite-key') || request.headers.has('authorization')) return false;
  const url = new URL(request.url);
  if (url.searchParams.has('X-Amz-Signature')) return false;
  const path = apiPath(url, apiBase);
  return path !== null && CONTRIBUTOR_READS.some((read) => read.test(path));
}
