import { STORAGE_KEYS } from '@/config/storage-keys';

export type TokenRecord = {
  access_token: string;
  token_type: 'Bearer';
  tenant_id: string;
};

function safeStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function saveToken(accessToken: string, tenantId: string): void {
  const storage = safeStorage();
  if (!storage) return;
  const record: TokenRecord = { access_token: accessToken, token_type: 'Bearer', tenant_id: tenantId };
  storage.setItem(STORAGE_KEYS.token, JSON.stringify(record));
  storage.setItem(STORAGE_KEYS.tenantId, tenantId);
}

export function readToken(): TokenRecord | null {
  const raw = safeStorage()?.getItem(STORAGE_KEYS.token);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<TokenRecord>;
    if (typeof parsed.access_token !== 'string' || parsed.access_token === '') return null;
    return {
      access_token: parsed.access_token,
      token_type: 'Bearer',
      tenant_id: typeof parsed.tenant_id === 'string' ? parsed.tenant_id : '',
    };
  } catch {
    return null;
  }
}

export function getAccessToken(): string | null {
  return readToken()?.access_token ?? null;
}

export function hasToken(): boolean {
  return getAccessToken() !== null;
}

/** What belongs to the device rather than to whoever signed in on it. */
const DEVICE_PREFERENCES: readonly string[] = [STORAGE_KEYS.theme];

/** Removes everything the app stored locally (spec section 4, sign out) but the device's preferences. */
export function clearLocalStorage(): void {
  const storage = safeStorage();
  if (!storage) return;
  const kept = DEVICE_PREFERENCES.flatMap((key) => {
    const value = storage.getItem(key);
    return value === null ? [] : [[key, value] as const];
  });
  storage.clear();
  for (const [key, value] of kept) storage.setItem(key, value);
}

/** Expires every cookie visible to the page, on the current path and domain variants. */
export function clearCookies(): void {
  if (typeof document === 'undefined') return;
  const host = window.location.hostname;
  const domains = ['', host, `.${host}`];
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (!name) continue;
    for (const domain of domains) {
      document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/${domain ? `; domain=${domain}` : ''}`;
    }
  }
}
