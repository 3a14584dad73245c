/** The languages of the collaborator pages (the campaign's `language` codes, ISO 639-1). */
export const LOCALES = ['en', 'es', 'fr', 'de', 'pt', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];

/** Each language named in itself, as the switcher offers it. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  pt: 'Português',
  ar: 'العربية',
};

export const RTL_LOCALES: ReadonlySet<Locale> = new Set(['ar']);

/** localStorage: the language the collaborator chose with the switcher. */
export const CHOSEN_LOCALE_KEY = 'contributorLocale';
/** localStorage: the last campaign's language, so that reloading a page starts in it. */
export const CAMPAIGN_LOCALE_KEY = 'contributorCampaignLocale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The first of the browser's languages we have, matched on the primary subtag ("pt-BR" is pt). */
export function browserLocale(languages: readonly string[]): Locale | null {
  for (const tag of languages) {
    const primary = tag.split('-')[0]?.toLowerCase();
    if (isLocale(primary)) return primary;
  }
  return null;
}

/** The collaborator's own choice, else the browser's languages, else the campaign's, else English. */
export function pickLocale(chosen: string | null | undefined, languages: readonly string[], campaign: string | null | undefined): Locale {
  if (isLocale(chosen)) return chosen;
  return browserLocale(languages) ?? (isLocale(campaign) ? campaign : 'en');
}
