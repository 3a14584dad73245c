import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '@/lib/api/client';
import type { paths } from '@/types/schema';
import { toast } from '@/stores/toast-store';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
export type ApiKey = Json<paths['/organisation/api-keys']['get']['responses'][200]>[number];
export type NewApiKey = NonNullable<paths['/organisation/api-keys']['post']['requestBody']>['content']['application/json'];
export type CreatedApiKey = Json<paths['/organisation/api-keys']['post']['responses'][201]>;

/** The areas a key may be given, in the API's words (shared/src/scopes.rs), with what each covers. */
export const SCOPE_AREAS = [
  { area: 'campaigns', label: 'Campaigns', covers: 'campaigns, initiatives, tags, questions, the dashboard' },
  { area: 'collaborators', label: 'Collaborators', covers: 'who is invited, their details, invitations and reminders' },
  { area: 'answers', label: 'Answers', covers: 'recordings, captions, transcripts, review, video search' },
  { area: 'videos', label: 'Videos', covers: 'generated videos' },
  { area: 'publishing', label: 'Publishing', covers: 'published stories, walls, consent withdrawals' },
] as const;
export type ScopeArea = (typeof SCOPE_AREAS)[number]['area'];
/** Per area: no access, read only, or read and write (a write scope includes reading). */
export type AreaAccess = 'none' | 'read' | 'write';

export const NAME_MAX = 100;
/** The longest a key may be given for (the API refuses more). */
export const MAX_DAYS = 2 * 365;
export const KEY_REVOKED = 'API key revoked. Calls with it are refused from now on.';

/** The scope names of the chosen access, in the order of SCOPE_AREAS. */
export function scopesOf(choice: Partial<Record<ScopeArea, AreaAccess>>): string[] {
  return SCOPE_AREAS.flatMap(({ area }) => {
    const access = choice[area] ?? 'none';
    return access === 'none' ? [] : [`${area}:${access}`];
  });
}

/** 'Campaigns: read and write' for 'campaigns:write'. */
export function scopeLabel(scope: string): string {
  const [area, access] = scope.split(':');
  const label = SCOPE_AREAS.find((a) => a.area === area)?.label ?? area;
  return `${label}: ${access === 'write' ? 'read and write' : 'read only'}`;
}

/** The end of the chosen calendar day in the viewer's time zone, as RFC 3339; null for none. */
export function expiryOf(day: string): string | null {
  if (!day) return null;
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return null;
  return new Date(y, m - 1, d, 23, 59, 59).toISOString();
}

/** What is wrong with a new key's fields, per field (the API checks the same). */
export function validateNewKey(name: string, scopes: string[], expiryDay: string, now = new Date()) {
  const errors: { name?: string; scopes?: string; expiresAt?: string } = {};
  const trimmed = name.trim();
  if (!trimmed) errors.name = 'Give the key a name';
  else if ([...trimmed].length > NAME_MAX) errors.name = `A key's name is at most ${NAME_MAX} characters`;
  if (scopes.length === 0) errors.scopes = 'Choose at least one scope';
  const expiry = expiryOf(expiryDay);
  if (expiryDay && !expiry) errors.expiresAt = 'Choose a date';
  else if (expiry && new Date(expiry) <= now) errors.expiresAt = 'The expiry must be in the future';
  else if (expiry && new Date(expiry).getTime() > now.getTime() + MAX_DAYS * 86_400_000)
    errors.expiresAt = 'A key can be given for at most two years';
  return errors;
}

export const integrationsKeys = { apiKeys: ['integrations', 'api-keys'] as const };

export function useApiKeys() {
  return useQuery({ queryKey: integrationsKeys.apiKeys, queryFn: () => call(api.GET('/organisation/api-keys')) });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewApiKey) => call(api.POST('/organisation/api-keys', { body })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: integrationsKeys.apiKeys }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api.DELETE('/organisation/api-keys/{id}', { params: { path: { id } } })),
    onSuccess: () => {
      toast.success(KEY_REVOKED);
      void queryClient.invalidateQueries({ queryKey: integrationsKeys.apiKeys });
    },
  });
}
