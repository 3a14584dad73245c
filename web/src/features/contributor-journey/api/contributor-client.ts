import { env } from '@/config/env';
import { ApiError, COMMON_ERROR_MESSAGE, extractErrorMessage } from '@/lib/api/errors';
import { toast } from '@/stores/toast-store';
import { readContributorData } from '../lib/storage';
import { useContributorStore } from '../store';
import { t } from '../i18n/i18n';


export type ContributorCallOptions = {
  /** Show an error toast (default true). */
  toast?: boolean;
  /** Key to use instead of the stored one (the landing page, before it is stored). */
  key?: string;
  signal?: AbortSignal;
  /** 'no-store': the server's answer, never a copy the service worker kept for offline use. */
  cache?: RequestCache;
};

/** Test seam: the fetch used by contributor calls, resolved at call time. */
export const contributorFetch = { fetch: (input: RequestInfo, init?: RequestInit) => globalThis.fetch(input, init) };

/**
 * A contributor call: JSON over fetch with `X-Invite-Key`, never a staff token. A 403 means the link
 * is revoked or the contributor suspended or removed: the contributor pages show that message
 * (the staff sign-out-and-reload logic is not run here).
 */
export async function contributorCall<T>(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
  options: ContributorCallOptions = {},
): Promise<T> {
  const showToast = options.toast !== false;
  const key = options.key ?? readContributorData()?.key ?? '';
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Invite-Key': key };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await contributorFetch.fetch(`${env.API_BASE_URL}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
      credentials: 'omit',
      ...(options.cache ? { cache: options.cache } : {}),
    });
  } catch (cause) {
    // No answer (offline, say): said in the page's language.
    const failed = t('common.somethingWentWrong');
    if (showToast) toast.error(failed);
    throw new ApiError(0, '', undefined, failed, { cause });
  }
  const text = await response.text().catch(() => '');
  let payload: unknown = undefined;
  if (text) {
    try {
      payload = JSON.parse(text) as unknown;
    } catch {
      payload = text;
    }
  }
  if (response.status >= 400) {
    // The server's words as it sends them; when it sent none, ours in the page's language.
    const said = extractErrorMessage(payload);
    const message = said === COMMON_ERROR_MESSAGE ? t('common.somethingWentWrong') : said;
    if (response.status === 403) {
      useContributorStore.getState().deny(said === COMMON_ERROR_MESSAGE ? t('denied.fallback') : message);
    } else if (showToast) {
      toast.error(message);
    }
    throw new ApiError(response.status, response.statusText, payload, message);
  }
  return payload as T;
}

export const enc = encodeURIComponent;
