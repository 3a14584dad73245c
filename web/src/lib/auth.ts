import { isStaffRole, type StaffRole } from '@/config/access';
import { useSessionStore } from '@/stores/session-store';
import { api, call, type CallOptions } from './api/client';
import type { CurrentUser } from '@/types/api';
import { clearSession, endSession } from './session';
import { hasToken } from './storage';

/** GET /user/me with the stored token. */
export function fetchCurrentUser(options?: CallOptions): Promise<CurrentUser> {
  return call(api.GET('/user/me'), options);
}

/**
 * On start: if a token is stored, fetch the profile. A failed profile fetch clears the user
 * (a 401/403 also ends the session through the API client).
 */
export async function loadSession(): Promise<void> {
  const store = useSessionStore.getState();
  if (!hasToken()) {
    store.setUser(null);
    store.setStatus('ready');
    return;
  }
  store.setStatus('loading');
  try {
    const user = await fetchCurrentUser({ toast: false });
    useSessionStore.getState().setUser(user);
  } catch {
    useSessionStore.getState().setUser(null);
  } finally {
    useSessionStore.getState().setStatus('ready');
  }
}

/** The staff role of a user, or null when the API sent a role this app does not know. */
export function roleOf(user: CurrentUser | null): StaffRole | null {
  const name: unknown = user?.role?.name;
  return isStaffRole(name) ? name : null;
}

/** Revokes the token on the server; never throws. */
export async function revokeToken(): Promise<void> {
  if (!hasToken()) return;
  try {
    await call(api.GET('/auth/logout'), { toast: false });
  } catch {
    /* the local session is cleared anyway */
  }
}

/** Sign out: GET /auth/logout, then clear profile, stores, all localStorage and cookies, and reload. */
export async function signOut(): Promise<void> {
  await revokeToken();
  endSession();
}

/** Sign out without reloading (used when a sign-in is refused on the staff sign-in page). */
export async function signOutQuietly(): Promise<void> {
  await revokeToken();
  clearSession();
}
