import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it, vi } from 'vitest';
import ar from './catalogs/ar.json';
import de from './catalogs/de.json';
import en from './catalogs/en.json';
import es from './catalogs/es.json';
import fr from './catalogs/fr.json';
import pt from './catalogs/pt.json';
import { activate, MISSING_MESSAGE, t, type MessageId } from './i18n';
import { browserLocale, pickLocale } from './locales';

const catalogs: Record<string, Record<string, string>> = { es, fr, de, pt, ar };

type Token = string | [string, string?, Record<string, Token[] | string | undefined>?];

/** The {placeholders} a message uses, with their kind (plain, number, plural), in every branch. */
function placeholders(message: string): string[] {
  const found = new Set<string>();
  const walk = (tokens: Token[] | string | undefined) => {
    // A plural's `offset` is undefined when not set; plain text has no placeholder.
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (typeof token === 'string') continue;
      const [name, kind, branches] = token;
      found.add(`${name}:${kind ?? 'plain'}`);
      Object.values(branches ?? {}).forEach(walk);
    }
  };
  walk(compileMessage(message) as Token[] | string);
  return [...found].sort();
}

/** Words that are the same in a language as in English (checked by a person, not a placeholder). */
const SAME_AS_ENGLISH: Record<string, string[]> = {
  es: ['prompter.region'],
  fr: ['landing.questionCount', 'timeLimit.minutes', 'script.questionNumber'],
  de: ['prompter.region'],
  pt: ['prompter.region'],
  ar: [],
};

describe('message catalogs', () => {
  for (const [locale, catalog] of Object.entries(catalogs)) {
    describe(locale, () => {
      it('has exactly the messages of English: none missing, none extra', () => {
        expect(Object.keys(catalog).sort()).toEqual(Object.keys(en).sort());
      });

      it('uses the same placeholders as English in every message', () => {
        for (const [id, english] of Object.entries(en)) {
          expect({ id, placeholders: placeholders(catalog[id] ?? '') }).toEqual({ id, placeholders: placeholders(english) });
        }
      });

      it('translates every message (nothing left in English)', () => {
        const same = Object.keys(en).filter((id) => catalog[id] === en[id as MessageId]);
        expect(same.sort()).toEqual([...(SAME_AS_ENGLISH[locale] ?? [])].sort());
      });
    });
  }

  it('keeps the placeholder check honest: a renamed placeholder is caught', () => {
    expect(placeholders('Pregunta {numero, number}')).not.toEqual(placeholders(en['script.questionNumber']));
    expect(placeholders('{company} logo')).toEqual(['company:plain']);
  });

  it('says so loudly when a message is missing', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    activate('es', { 'common.close': 'Cerrar' });
    expect(t('common.close')).toBe('Cerrar');
    t('common.cancel');
    expect(error).toHaveBeenCalledWith(expect.stringContaining(`${MISSING_MESSAGE}: "common.cancel" in es`));
    error.mockRestore();
  });

  it('writes plurals and numbers as each language does', () => {
    activate('en', en);
    expect(t('timeLimit.minutes', { count: 1 })).toBe('1 minute');
    expect(t('timeLimit.minutes', { count: 5 })).toBe('5 minutes');
    expect(t('studio.questionOf', { number: 2, total: 2 })).toBe('Question 2 of 2');
    activate('ar', ar);
    expect(t('timeLimit.minutes', { count: 2 })).toBe('دقيقتان');
    activate('de', de);
    expect(t('journey.storedCount', { stored: 1, total: 3 })).toBe('1 von 3 Antworten sicher gespeichert');
  });
});

describe('choice of language', () => {
  it('the collaborator’s choice, else the browser’s first language we have, else the campaign’s, else English', () => {
    expect(pickLocale('ar', ['fr-FR'], 'de')).toBe('ar');
    expect(pickLocale(null, ['it-IT', 'pt-BR', 'fr'], 'de')).toBe('pt');
    expect(pickLocale(null, ['it-IT', 'ja'], 'de')).toBe('de');
    expect(pickLocale('xx', ['it-IT'], null)).toBe('en');
    expect(browserLocale(['ES-mx'])).toBe('es');
  });

  it('sets the page language and direction', () => {
    activate('ar', ar);
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    activate('fr', fr);
    expect(document.documentElement.dir).toBe('ltr');
  });
});
