import { useQuery } from '@tanstack/react-query';
import { api, call } from '@/lib/api/client';
import type { components } from '@/types/schema';

export type BrandTheme = components['schemas']['BrandTheme'];

/** The organisation's brand theme (the default until an admin saves one): the preview's cards and lower thirds. */
export function useEditorTheme() {
  return useQuery({
    queryKey: ['story-editor', 'theme'],
    queryFn: ({ signal }) => call(api.GET('/organisation/theme', { signal }), { toast: false }),
    staleTime: 5 * 60_000,
  });
}

/** The organisation's logo (a short-lived URL), shown on the preview's end card. */
export function useEditorLogo() {
  return useQuery({
    queryKey: ['story-editor', 'logo'],
    queryFn: ({ signal }) => call(api.GET('/organisation/company', { signal }), { toast: false }),
    select: (company) => company.companyLogo ?? null,
    staleTime: 30 * 60_000,
    retry: false,
  });
}
