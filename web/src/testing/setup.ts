import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetEndingFlag, sessionHooks } from '@/lib/session';
import { useSessionStore } from '@/stores/session-store';
import { useToastStore } from '@/stores/toast-store';

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
