import { useId, useState, type FormEvent } from 'react';
import { Card } from '@/components/layouts/PageHeader';
import { Button } from '@/components/ui/Button';
import { Checkbox } from '@/components/ui/Checkbox';
import { Input, Select } from '@/components/ui/Field';
import { ApiError, errorMessageOf, fieldErrorsOf } from '@/lib/api/errors';
import {
  CAPTION_SIZES,
  DEFAULT_THEME,
  FONTS,
  isColour,
  LOGO_POSITIONS,
  normalColour,
  useSaveTheme,
  validateTheme,
  type BrandTheme,
  type CaptionSize,
  type LogoPosition,
  type ThemeErrors,
  type ThemeField,
  type ThemeFont,
} from '../api/theme-api';
import { ThemePreview } from './ThemePreview';

const THEME_FIELDS: readonly ThemeField[] = ['background', 'text', 'accent', 'font', 'logoPosition', 'captionSize', 'captionBox'];

const sameTheme = (a: BrandTheme, b: BrandTheme) =>
  THEME_FIELDS.every((field) => {
    const [x, y] = [a[field], b[field]];
    return typeof x === 'string' && typeof y === 'string' ? normalColour(x) === normalColour(y) : x === y;
  });

/** A colour: the browser's colour picker and its `#rrggbb` text, which stay in step. */
function ColourField({
  label,
  hint,
  value,
  error,
  onChange,
}: {
  label: string;
  hint: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        type="color"
        aria-label={`${label}: choose a colour`}
        value={isColour(value) ? normalColour(value) : '#000000'}
        onChange={(e) => onChange(e.target.value)}
        className="mt-7 h-10 w-12 shrink-0 cursor-pointer rounded-md border border-line bg-raised p-1"
      />
      <div className="min-w-0 flex-1">
        <Input id={id} label={label} value={value} onChange={(e) => onChange(e.target.value)} error={error} hint={hint} spellCheck={false} maxLength={7} />
      </div>
    </div>
  );
}

/**
 * The brand theme's form (ManageBrand): colours, font, logo corner and caption style, with the
 * preview beside it. Reset to default fills the form with the default theme; Save saves it.
 */
export function BrandThemeForm({ saved, logoUrl }: { saved: BrandTheme; logoUrl: string | null }) {
  const [theme, setTheme] = useState<BrandTheme>(saved);
  const [errors, setErrors] = useState<ThemeErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveTheme();
  const changed = !sameTheme(theme, saved);

  const set = <K extends ThemeField>(field: K, value: BrandTheme[K]) => {
    setTheme((t) => ({ ...t, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = validateTheme(theme);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const stored = await save.mutateAsync(theme);
      setTheme(stored);
    } catch (error) {
      const byField: ThemeErrors = {};
      for (const { field, message } of error instanceof ApiError ? fieldErrorsOf(error.body) : []) {
        if ((THEME_FIELDS as readonly string[]).includes(field)) byField[field as ThemeField] ??= message;
      }
      setErrors(byField);
      if (Object.keys(byField).length === 0) setFailure(errorMessageOf(error));
    }
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <Card>
        <form noValidate onSubmit={(e) => void submit(e)} className="space-y-5" aria-label="Brand theme">
          <fieldset className="space-y-4">
            <legend className="mb-2 text-base font-semibold">Colours</legend>
            <ColourField
              label="Card background"
              hint="The title and end cards' background."
              value={theme.background}
              error={errors.background}
              onChange={(v) => set('background', v)}
            />
            <ColourField label="Text" hint="The cards' text and the lower thirds' name." value={theme.text} error={errors.text} onChange={(v) => set('text', v)} />
            <ColourField label="Lower third" hint="The box behind a speaker's name." value={theme.accent} error={errors.accent} onChange={(v) => set('accent', v)} />
          </fieldset>
          <Select
            label="Font"
            value={theme.font}
            onChange={(e) => set('font', e.target.value as ThemeFont)}
            options={FONTS.map((f) => ({ value: f.value, label: f.label }))}
            error={errors.font}
            hint="Open fonts bundled with Storyhive, for cards, lower thirds and captions."
          />
          <Select
            label="Logo"
            value={theme.logoPosition}
            onChange={(e) => set('logoPosition', e.target.value as LogoPosition)}
            options={LOGO_POSITIONS.map((p) => ({ value: p.value, label: p.label }))}
            error={errors.logoPosition}
            hint="Where your logo sits over the clips; the end card always shows it."
          />
          <fieldset className="space-y-3">
            <legend className="mb-2 text-base font-semibold">Burned-in captions</legend>
            <Select
              label="Caption size"
              value={theme.captionSize}
              onChange={(e) => set('captionSize', e.target.value as CaptionSize)}
              options={CAPTION_SIZES.map((c) => ({ value: c.value, label: c.label }))}
              error={errors.captionSize}
            />
            <label className="flex items-center gap-3 text-sm">
              <Checkbox checked={theme.captionBox} onChange={(e) => set('captionBox', e.target.checked)} />
              Captions on a dark box (otherwise outlined text)
            </label>
            {errors.captionBox && (
              <p role="alert" className="text-xs font-medium text-danger">
                {errors.captionBox}
              </p>
            )}
          </fieldset>
          {failure && (
            <p role="alert" className="text-sm text-danger">
              {failure}
            </p>
          )}
          <div className="flex flex-wrap items-center gap-2 border-t border-line pt-4">
            <Button type="submit" loading={save.isPending} disabled={!changed}>
              Save
            </Button>
            <Button
              variant="secondary"
              disabled={sameTheme(theme, DEFAULT_THEME)}
              onClick={() => {
                setTheme(DEFAULT_THEME);
                setErrors({});
                setFailure(null);
              }}
            >
              Reset to default
            </Button>
            <span className="text-xs text-muted" aria-live="polite">
              {changed ? 'Not saved yet' : 'Saved'}
            </span>
          </div>
        </form>
      </Card>
      <ThemePreview theme={theme} logoUrl={logoUrl} />
    </div>
  );
}
