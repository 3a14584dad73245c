import { NAME_MAX_CHARACTERS, nameError, type NameLabel } from '@/lib/validation/rules';
import { t } from '../i18n/i18n';

const LABELS = { 'First name': 'landing.firstName', 'Last name': 'landing.lastName' } as const;

/**
 * The shared name rule (the API's, lib/validation/rules.ts) decides; its words are said in the
 * page's language (they are the same words in English).
 */
export function contributorNameError(label: NameLabel, raw: string): string | null {
  const english = nameError(label, raw);
  if (!english) return null;
  const values = { label: t(LABELS[label]), min: 3, max: NAME_MAX_CHARACTERS };
  if (english.endsWith('is a required field')) return t('name.required', values);
  if (english.includes('at least')) return t('name.tooShort', values);
  if (english.includes('at most')) return t('name.tooLong', values);
  return t('name.characters', values);
}
