import { useSessionStore } from '@/stores/session-store';
import { useToastStore } from '@/stores/toast-store';
import { queryClient } from './query-client';
import { clearCookies, clearLocalStorage } from './storage';

/** Hooks replaced in tests (jsdom cannot reload). */
export const sessionHooks = {
  reload: () => window.location.reload(),
};

let ending = false;

/**
 * Clears everything the app holds about the user: profile, stores, query cache, all localStorage
 * and cookies (spec section 4, sign out). The theme stays: it is the device's preference.
 */
export function clearSession(): void {
  useSessionStore.getState().reset();
  queryClient.clear();
  clearLocalStorage();
  clearCookies();
}

/** Clears the session and reloads the page. Repeated calls while ending are ignored. */
export function endSession(): void {
  if (ending) return;
  ending = true;
  clearSession();
  useToastStore.getState().clear();
  sessionHooks.reload();
}

/** True once the session is being ended (the page is about to reload). */
export function isSessionEnding(): boolean {
  return ending;
}

/** For tests only. */
export function resetEndingFlag(): void {
  ending = false;
}
