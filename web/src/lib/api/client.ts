import createClient, { type Middleware } from 'openapi-fetch';
import { env } from '@/config/env';
import { toast } from '@/stores/toast-store';
import { endSession, isSessionEnding } from '../session';
import { getAccessToken } from '../storage';
import { ApiError, COMMON_ERROR_MESSAGE, endsSession, extractErrorMessage } from './errors';
import type { paths } from '@/types/schema';

/** Adds the stored token to every call of the authenticated client. */
const authMiddleware: Middleware = {
  onRequest({ request }) {
    const token = getAccessToken();
    if (token && !request.headers.has('Authorization')) {
      request.headers.set('Authorization', `Bearer ${token}`);
    }
    return request;
  },
};

/** 401/403 on a call made with a token ends the session (spec section 8). */
const sessionMiddleware: Middleware = {
  onResponse({ request, response }) {
    if (endsSession(response.status, request.headers.has('Authorization'))) {
      endSession();
    }
    return response;
  },
};

function makeClient(withToken: boolean, fetchImpl?: typeof fetch, baseUrl = env.API_BASE_URL) {
  const client = createClient<paths>({
    baseUrl,
    // Resolve fetch at call time (not once at start) so polyfills and test doubles apply.
    fetch: fetchImpl ?? ((input: Request) => globalThis.fetch(input)),
  });
  if (withToken) client.use(authMiddleware);
  client.use(sessionMiddleware);
  return client;
}

/** Staff calls: carry `Authorization: Bearer <token>` when a token is stored. */
export const api = makeClient(true);
/** Calls that never carry a token (sign-in, sign-up, contributor pages, country list). */
export const publicApi = makeClient(false);

/** For tests: a client over a custom fetch. */
export function createApiClient(options: { withToken: boolean; fetch: typeof fetch; baseUrl?: string }) {
  return makeClient(options.withToken, options.fetch, options.baseUrl);
}

export type CallOptions = {
  /** Show the error as a toast (default true). */
  toast?: boolean;
};

type FetchResult<D> = { data?: D; error?: unknown; response: Response };

/**
 * Awaits an openapi-fetch call and returns its data, or throws an ApiError whose message is the
 * one the spec says to show. The message is toasted unless `toast: false`.
 */
export async function call<D>(request: Promise<FetchResult<D>>, options: CallOptions = {}): Promise<D> {
  const showToast = options.toast !== false;
  let result: FetchResult<D>;
  try {
    result = await request;
  } catch (cause) {
    // Aborted requests and network errors: the common message, rethrown.
    if (showToast) toast.error(COMMON_ERROR_MESSAGE);
    throw new ApiError(0, '', undefined, COMMON_ERROR_MESSAGE, { cause });
  }
  const { response } = result;
  if (response.status >= 400) {
    const message = extractErrorMessage(result.error);
    // When a 401/403 ended the session the page reloads; a toast would only flash.
    if (showToast && !isSessionEnding()) toast.error(message);
    throw new ApiError(response.status, response.statusText, result.error, message);
  }
  return result.data as D;
}
