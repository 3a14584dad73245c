import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { resetEndingFlag, sessionHooks } from '@/lib/session';
import { queryClient } from '@/lib/query-client';
import { clearCookies } from '@/lib/storage';
import { useSessionStore } from '@/stores/session-store';
import { useToastStore } from '@/stores/toast-store';

// findBy and waitFor wait up to 5 s, not 1: on a loaded machine (CI's 2 cores, or beside a Rust
// build) a wait that runs out on CPU taken by others says nothing about the app.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  // jsdom cannot reload a page: record reloads instead.
  sessionHooks.reload = vi.fn();
  resetEndingFlag();
  window.localStorage.clear();
  useSessionStore.setState({ user: null, status: 'ready' });
  useToastStore.setState({ toasts: [] });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/**
 * The test files share one worker, one jsdom window and one module cache (vite.config.ts,
 * `isolate: false`: a jsdom and a fresh process for each file cost far more than the tests). So
 * that each file still starts as if it were alone, after its last test (this hook is registered
 * first, so it runs after the file's own afterAll hooks) everything a file may leave behind is
 * put back: globals it stubbed, the page's address, storage and cookies, what the app wrote on the
 * document, and the app's own modules (stores, query cache, module-level state), evaluated afresh
 * by the next file. The libraries (React, jsdom, Testing Library) stay loaded: that is the saving.
 */
afterAll(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  // Its pending queries and garbage-collection timers would otherwise outlive the file.
  queryClient.clear();
  window.localStorage.clear();
  window.sessionStorage.clear();
  clearCookies();
  window.history.replaceState(null, '', '/');
  document.title = '';
  for (const element of [document.documentElement, document.body]) {
    for (const name of element.getAttributeNames()) element.removeAttribute(name);
  }
  // jsdom has no clipboard; tests that give the page one define it on navigator.
  if (Object.getOwnPropertyDescriptor(navigator, 'clipboard')?.configurable) {
    delete (navigator as { clipboard?: unknown }).clipboard;
  }
  vi.resetModules();
});
