import { beforeEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '@/lib/storage';
import { sessionHooks } from '@/lib/session';
import { useSessionStore } from '@/stores/session-store';
import { useToastStore } from '@/stores/toast-store';
import { jsonResponse, makeUser } from '@/testing/fixtures';
import { call, createApiClient } from './client';

const BASE = 'http://localhost/api';

describe('401/403 on a call made with a token', () => {
  beforeEach(() => {
    saveToken('tok-123', 'tenant-1');
    window.localStorage.setItem('theme', 'dark');
    document.cookie = 'sh_test=1; path=/';
    useSessionStore.setState({ user: makeUser('admin'), status: 'ready' });
  });

  it.each([401, 403])('signs out on %i: clears profile, localStorage but the theme, cookies and reloads', async (status) => {
    const seen: (string | null)[] = [];
    const client = createApiClient({
      withToken: true,
      baseUrl: BASE,
      fetch: async (input) => {
        seen.push((input as Request).headers.get('Authorization'));
        return jsonResponse({ detail: 'Not allowed' }, status);
      },
    });
    await expect(call(client.GET('/user/me'))).rejects.toMatchObject({ status });
    expect(seen).toEqual(['Bearer tok-123']);
    expect(useSessionStore.getState().user).toBeNull();
    expect(Object.keys(window.localStorage)).toEqual(['theme']);
    expect(document.cookie).not.toContain('sh_test');
    expect(sessionHooks.reload).toHaveBeenCalledTimes(1);
    // The page reloads: no toast flashes.
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });

  it('does not sign out on a 401 from a call made without a token', async () => {
    const client = createApiClient({ withToken: false, baseUrl: BASE, fetch: async () => jsonResponse({ detail: 'No' }, 401) });
    await expect(call(client.POST('/auth/login', { body: { email: 'a@b.co', password: 'x', staffLogin: false } }))).rejects.toThrow('No');
    expect(sessionHooks.reload).not.toHaveBeenCalled();
    expect(useSessionStore.getState().user).not.toBeNull();
    expect(window.localStorage.getItem('token')).not.toBeNull();
  });

  it('does not sign out on a 429: the detail is toasted and the session stays', async () => {
    const detail = 'Too many attempts. Please wait a few minutes and try again.';
    const client = createApiClient({
      withToken: true,
      baseUrl: BASE,
      fetch: async () => jsonResponse({ detail, requestId: 'req-429' }, 429),
    });
    const error = await call(client.POST('/campaign/add-contributor', {
      body: { campaignId: 'c1', email: 'a@b.co', firstName: 'Ann', lastName: 'Bee' },
    })).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, message: detail });
    expect(sessionHooks.reload).not.toHaveBeenCalled();
    expect(useSessionStore.getState().user).not.toBeNull();
    expect(window.localStorage.getItem('token')).not.toBeNull();
    expect(window.localStorage.getItem('theme')).toBe('dark');
    expect(document.cookie).toContain('sh_test');
    expect(useToastStore.getState().toasts).toMatchObject([{ kind: 'error', message: detail }]);
  });

  it('does not sign out on other errors', async () => {
    const client = createApiClient({ withToken: true, baseUrl: BASE, fetch: async () => jsonResponse({ detail: 'Broken' }, 500) });
    await expect(call(client.GET('/user/me'))).rejects.toThrow('Broken');
    expect(sessionHooks.reload).not.toHaveBeenCalled();
  });

  it('stores the token record as the spec says', () => {
    expect(JSON.parse(window.localStorage.getItem('token') ?? '{}')).toEqual({
      access_token: 'tok-123',
      token_type: 'Bearer',
      tenant_id: 'tenant-1',
    });
    expect(window.localStorage.getItem('tenantId')).toBe('tenant-1');
    vi.restoreAllMocks();
  });
});
