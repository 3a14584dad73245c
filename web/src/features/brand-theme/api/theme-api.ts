import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '@/lib/api/client';
import type { paths } from '@/types/schema';
import { toast } from '@/stores/toast-store';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
export type BrandTheme = Json<paths['/organisation/theme']['get']['responses'][200]>;
export type ThemeUpdate = NonNullable<paths['/organisation/theme']['put']['requestBody']>['content']['application/json'];
export type ThemeFont = BrandTheme['font'];
export type LogoPosition = BrandTheme['logoPosition'];
export type CaptionSize = BrandTheme['captionSize'];
export type ThemeField = keyof BrandTheme;

/** The theme an organisation has before it chooses one (shared/src/stories/theme.rs, BrandTheme::default). */
export const DEFAULT_THEME: BrandTheme = {
  background: '#111827',
  text: '#ffffff',
  accent: '#2563eb',
  font: 'dejavuSans',
  logoPosition: 'endCardOnly',
  captionSize: 'medium',
  captionBox: true,
};

/**
 * The bundled fonts: the render's family, and the faces the preview shows it in (the font itself when
 * this computer has it, else its @fontsource package: Liberation's twins Arimo and Tinos, `note`).
 */
export const FONTS: readonly { value: ThemeFont; label: string; previewFamily: string; /** The metric twin the preview falls back to. */ note?: string }[] = [
  { value: 'dejavuSans', label: 'DejaVu Sans', previewFamily: '"DejaVu Sans"' },
  { value: 'liberationSans', label: 'Liberation Sans', previewFamily: '"Liberation Sans", "Arimo"', note: 'Arimo' },
  { value: 'liberationSerif', label: 'Liberation Serif', previewFamily: '"Liberation Serif", "Tinos"', note: 'Tinos' },
  { value: 'lato', label: 'Lato', previewFamily: '"Lato"' },
  { value: 'openSans', label: 'Open Sans', previewFamily: '"Open Sans"' },
];

export const LOGO_POSITIONS: readonly { value: LogoPosition; label: string }[] = [
  { value: 'endCardOnly', label: 'On the end card only' },
  { value: 'topLeft', label: 'Top left' },
  { value: 'topRight', label: 'Top right' },
  { value: 'bottomLeft', label: 'Bottom left' },
  { value: 'bottomRight', label: 'Bottom right' },
];

/** Caption sizes, with their share of the frame's shorter side (CaptionSize::share_of_short_side). */
export const CAPTION_SIZES: readonly { value: CaptionSize; label: string; share: number }[] = [
  { value: 'small', label: 'Small', share: 0.04 },
  { value: 'medium', label: 'Medium', share: 0.05 },
  { value: 'large', label: 'Large', share: 0.062 },
];

/** The API's messages (shared/src/stories/theme.rs). */
export const COLOUR_RULE = 'A colour is # and six hexadecimal digits, like #1f2937';
export const SAME_COLOURS = "The text colour must differ from the background colour, or the cards' text cannot be read";
export const THEME_SAVED = 'Brand theme saved. Stories rendered from now on use it.';

const HEX = /^#[0-9a-f]{6}$/;

/** `#1F2937 ` → `#1f2937`. */
export const normalColour = (value: string) => value.trim().toLowerCase();
export const isColour = (value: string) => HEX.test(normalColour(value));

export type ThemeErrors = Partial<Record<ThemeField, string>>;

/** What is wrong with a theme (the API checks the same, in the same words). */
export function validateTheme(theme: BrandTheme): ThemeErrors {
  const errors: ThemeErrors = {};
  for (const field of ['background', 'text', 'accent'] as const) {
    if (!isColour(theme[field])) errors[field] = COLOUR_RULE;
  }
  if (Object.keys(errors).length === 0 && normalColour(theme.text) === normalColour(theme.background)) errors.text = SAME_COLOURS;
  return errors;
}

export const themeKeys = { theme: ['brand-theme'] as const };

export function useTheme() {
  return useQuery({ queryKey: themeKeys.theme, queryFn: ({ signal }) => call(api.GET('/organisation/theme', { signal }), { toast: false }) });
}

export function useSaveTheme() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (theme: BrandTheme) =>
      call(
        api.PUT('/organisation/theme', {
          body: { ...theme, background: normalColour(theme.background), text: normalColour(theme.text), accent: normalColour(theme.accent) },
        }),
        { toast: false },
      ),
    onSuccess: (saved) => {
      qc.setQueryData(themeKeys.theme, saved);
      toast.success(THEME_SAVED);
    },
  });
}
