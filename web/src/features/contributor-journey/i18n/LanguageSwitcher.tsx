import { useId } from 'react';
import { cn } from '@/utils/cn';
import { chooseLocale, t, useLocale } from './i18n';
import { isLocale, LOCALE_NAMES, LOCALES } from './locales';

/** The collaborator's language: a native select, each language named in itself, remembered here. */
export function LanguageSwitcher({ dark = false }: { dark?: boolean }) {
  const locale = useLocale();
  const id = useId();
  return (
    <div className="flex shrink-0 items-center gap-1.5 text-xs">
      <label htmlFor={id} className={dark ? 'text-white/70' : 'text-muted'}>
        {t('language.label')}
      </label>
      <select
        id={id}
        data-testid="language-switcher"
        value={locale}
        onChange={(e) => {
          if (isLocale(e.target.value)) void chooseLocale(e.target.value);
        }}
        className={cn(
          'min-h-9 rounded-md border px-1.5 text-sm focus:outline-2 focus:outline-offset-2 focus:outline-ring',
          dark ? 'border-white/30 bg-neutral-900 text-white' : 'border-line bg-raised text-fg',
        )}
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
