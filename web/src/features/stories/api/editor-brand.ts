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
