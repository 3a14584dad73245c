import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/session-store';
import { jsonResponse, makeUser } from '@/testing/fixtures';
import { loadSession, signOut } from './auth';
import { sessionHooks } from './session';
import { saveToken } from './storage';

describe('loadSession (app start)', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    useSessionStore.setState({ user: null, status: 'idle' });
  });

  it('is ready at once without a token and calls nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await loadSession();
    expect(useSessionStore.getState()).toMatchObject({ user: null, status: 'ready' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fetches the profile when a token is stored', async () => {
    saveToken('tok', 't1');
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(makeUser('creator'))));
    const pending = loadSession();
    expect(useSessionStore.getState().status).toBe('loading');
    await pending;
    expect(useSessionStore.getState().status).toBe('ready');
    expect(useSessionStore.getState().user?.role.name).toBe('creator');
  });

  it('clears the user when the profile fetch fails', async () => {
    saveToken('tok', 't1');
    useSessionStore.setState({ user: makeUser('admin') });
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ detail: 'Down' }, 500)));
    await loadSession();
    expect(useSessionStore.getState()).toMatchObject({ user: null, status: 'ready' });
  });
});

describe('signOut', () => {
  it('revokes the token, then clears everything and reloads', async () => {
    saveToken('tok', 't1');
    localStorage.setItem('campaignId', 'c1');
    useSessionStore.setState({ user: makeUser('admin'), status: 'ready' });
    const seen: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (req: Request) => {
        seen.push(`${req.method} ${new URL(req.url).pathname} ${req.headers.get('Authorization')}`);
        return jsonResponse({ message: 'Logged out' });
      }),
    );
    await signOut();
    expect(seen).toEqual(['GET /api/auth/logout Bearer tok']);
    expect(localStorage.length).toBe(0);
    expect(useSessionStore.getState().user).toBeNull();
    expect(sessionHooks.reload).toHaveBeenCalledTimes(1);
  });

  it('keeps the theme chosen on this device through the reload', async () => {
    vi.resetModules();
    const before = await import('@/stores/theme-store');
    before.useThemeStore.getState().setTheme('dark');
    saveToken('tok', 't1');
    localStorage.setItem('contributorData', '{"contributorId":"p1"}');
    document.cookie = 'sh_session=1; path=/';
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ message: 'Logged out' })));
    await signOut();
    expect(sessionHooks.reload).toHaveBeenCalledTimes(1);
    expect(Object.keys(localStorage)).toEqual(['theme']);
    expect(document.cookie).not.toContain('sh_session');
    // The page loads again: the theme store starts from what the device kept.
    vi.resetModules();
    const after = await import('@/stores/theme-store');
    expect(after.useThemeStore.getState().theme).toBe('dark');
  });

  it('still clears the session when the logout call fails', async () => {
    saveToken('tok', 't1');
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('offline'); }));
    await signOut();
    expect(localStorage.length).toBe(0);
    expect(sessionHooks.reload).toHaveBeenCalledTimes(1);
  });
});
