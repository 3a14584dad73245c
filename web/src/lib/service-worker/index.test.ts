import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseEnv } from '@/config/env';
import { shouldRegisterServiceWorker, startServiceWorker } from './index';

describe('the service worker is registered in production builds only', () => {
  afterEach(() => {
    delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  });

  it('Vitest and the dev server are not production builds', () => {
    expect(parseEnv(import.meta.env).PRODUCTION_BUILD).toBe(false);
    expect(parseEnv({ PROD: true }).PRODUCTION_BUILD).toBe(true);
    expect(parseEnv({ DEV: true, PROD: false }).PRODUCTION_BUILD).toBe(false);
  });

  it('the decision', () => {
    const browser = { serviceWorker: {} };
    expect(shouldRegisterServiceWorker(true, browser)).toBe(true);
    expect(shouldRegisterServiceWorker(false, browser)).toBe(false);
    // A browser without service workers (or a private window that hides them).
    expect(shouldRegisterServiceWorker(true, {})).toBe(false);
    expect(shouldRegisterServiceWorker(true, undefined)).toBe(false);
  });

  it('starting the app here registers nothing, even once the page has loaded', async () => {
    const register = vi.fn(() => Promise.resolve({}));
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { register, addEventListener: vi.fn(), controller: null },
    });
    startServiceWorker();
    window.dispatchEvent(new Event('load'));
    await new Promise((r) => setTimeout(r, 50));
    expect(register).not.toHaveBeenCalled();
  });
});
