/**
 * What the app keeps in localStorage (spec section 3, "Stored locally"):
 * - 'token': the access token record {access_token, token_type, tenant_id};
 * - 'tenantId': the tenant of the signed-in user;
 * - 'theme': 'light' | 'dark' (a preference of the device, not of the session: sign-out keeps it).
 * Here rather than in lib/storage.ts because the theme store (below lib) keeps its own key too.
 */
export const STORAGE_KEYS = {
  token: 'token',
  tenantId: 'tenantId',
  theme: 'theme',
} as const;
