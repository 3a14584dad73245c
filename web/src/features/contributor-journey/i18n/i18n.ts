import { setupI18n, type Messages } from '@lingui/core';
import { Fragment, createElement, useSyncExternalStore, type ReactNode } from 'react';
import type en from './catalogs/en.json';
import { CAMPAIGN_LOCALE_KEY, CHOSEN_LOCALE_KEY, isLocale, pickLocale, RTL_LOCALES, type Locale } from './locales';

/**
 * The collaborator pages' messages (Lingui's core, without macros): one catalog per language
 * (./catalogs/<locale>.json, ICU MessageFormat), loaded by a dynamic import so that a collaborator
 * downloads only their language. The contributor build compiles the catalogs when it bundles them
 * (vite.contributor.config.ts), so the runtime carries no message parser.
 */

export type MessageId = keyof typeof en;
export type MessageValues = Record<string, string | number>;

/** What a missing message logs (unit and e2e tests fail on it; the catalogs test keeps it from happening). */
export const MISSING_MESSAGE = 'Missing message';

export const i18n = setupI18n({
  missing: (locale, id) => {
    // Loud in every build: the e2e specs run the production build.
    console.error(`${MISSING_MESSAGE}: "${id}" in ${locale}`);
    return id;
  },
});

const catalogs: Record<Locale, () => Promise<{ default: Messages }>> = {
  en: () => import('./catalogs/en.json') as Promise<{ default: Messages }>,
  es: () => import('./catalogs/es.json') as Promise<{ default: Messages }>,
  fr: () => import('./catalogs/fr.json') as Promise<{ default: Messages }>,
  de: () => import('./catalogs/de.json') as Promise<{ default: Messages }>,
  pt: () => import('./catalogs/pt.json') as Promise<{ default: Messages }>,
  ar: () => import('./catalogs/ar.json') as Promise<{ default: Messages }>,
};

let current: Locale = 'en';
const listeners = new Set<() => void>();

function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStored(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    /* private mode: the choice lasts for this page */
  }
}

/** Makes `messages` the active catalog (tests load English this way, synchronously). */
export function activate(locale: Locale, messages: Messages): void {
  i18n.loadAndActivate({ locale, messages });
  current = locale;
  document.documentElement.lang = locale;
  document.documentElement.dir = RTL_LOCALES.has(locale) ? 'rtl' : 'ltr';
  for (const listener of listeners) listener();
}

let loading: Promise<void> = Promise.resolve();

async function load(locale: Locale): Promise<void> {
  const { default: messages } = await catalogs[locale]();
  activate(locale, messages);
}

/** Loads and shows the language this browser should use (run before the first render). */
export function startLocale(): Promise<void> {
  const locale = pickLocale(readStored(CHOSEN_LOCALE_KEY), navigator.languages ?? [navigator.language], readStored(CAMPAIGN_LOCALE_KEY));
  loading = load(locale);
  return loading;
}

/** The collaborator's choice in the switcher: shown at once and remembered in this browser. */
export function chooseLocale(locale: Locale): Promise<void> {
  writeStored(CHOSEN_LOCALE_KEY, locale);
  loading = loading.then(() => load(locale));
  return loading;
}

/**
 * The campaign's language, once the campaign is read: used (and kept for the next page load) when
 * neither the collaborator nor their browser names a language we have.
 */
export function applyCampaignLocale(language: string | null | undefined): void {
  if (!isLocale(language) || readStored(CAMPAIGN_LOCALE_KEY) === language) return;
  writeStored(CAMPAIGN_LOCALE_KEY, language);
  const wanted = pickLocale(readStored(CHOSEN_LOCALE_KEY), navigator.languages ?? [navigator.language], language);
  if (wanted !== current) loading = loading.then(() => load(wanted));
}

export function currentLocale(): Locale {
  return current;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The language shown; a component using it renders again when it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, currentLocale);
}

/** The message `id` in the current language, with its {placeholders} filled in. */
export function t(id: MessageId, values?: MessageValues): string {
  return i18n._(id, values);
}

/**
 * A message with elements inside (a link in a sentence): each of `nodes` stands in for the
 * placeholder of its name, wherever the language puts it.
 */
export function tRich(id: MessageId, nodes: Record<string, ReactNode>, values?: MessageValues): ReactNode {
  const names = Object.keys(nodes);
  const markers = Object.fromEntries(names.map((name, i) => [name, `\u0001${i}\u0001`]));
  const parts = t(id, { ...values, ...markers }).split(/\u0001(\d+)\u0001/);
  return parts.map((part, i) => createElement(Fragment, { key: i }, i % 2 === 1 ? nodes[names[Number(part)]!] : part));
}

/**
 * The locale dates and numbers follow: the browser's own variant of the language shown ("en-GB",
 * "pt-BR"), else the language itself.
 */
export function formatLocale(): string {
  const preferred = typeof navigator === 'undefined' ? undefined : (navigator.languages ?? [navigator.language]).find(Boolean);
  return preferred && preferred.split('-')[0]?.toLowerCase() === current ? preferred : current;
}

/** A number as the current language writes it. */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(formatLocale(), options).format(value);
}
