/**
 * The input rules of spec section 5 that several forms share (names, e-mail addresses, new
 * passwords), as plain functions with the API's words (shared/src/validation.rs): the same input
 * gets the same message in every form and from the server. `cases.json` holds examples that both
 * this module's tests and the API's tests check.
 *
 * No schema library here: the contributor pages (a 60 KB budget) use these functions directly;
 * staff forms wrap them in zod fields (./fields.ts).
 */

export type NameLabel = 'First name' | 'Last name';

export const EMAIL_MESSAGES = {
  /** Staff addresses: sign-up, sign-in, staff invitations (spec section 5). */
  workRequired: 'Please enter your work email address',
  /** A collaborator's address. */
  required: 'Please enter an email address',
  invalid: 'Please enter a valid email address',
} as const;

export const PASSWORD_MESSAGES = {
  required: 'Please enter a password',
  rule: 'Password must be at least 8 characters and contain an uppercase letter, a lowercase letter, a number and a special character, with no spaces',
  mismatch: 'Passwords do not match',
} as const;

export const NAME_MAX_CHARACTERS = 50;

// Rust's char::is_alphabetic is the Unicode Alphabetic property; is_alphanumeric adds \p{N}.
// Letters, then letters, spaces, hyphens and apostrophes (' and the ’ phone keyboards type).
const NAME = /^\p{Alphabetic}[\p{Alphabetic} '\u2019-]*$/u;
const DOMAIN_LABEL = /^[\p{Alphabetic}\p{N}-]+$/u;
const SPACE_OR_CONTROL = /[\p{White_Space}\p{Cc}]/u;

/** Characters as the API counts them (Unicode scalar values: an emoji is one). */
const characters = (value: string) => [...value].length;
const utf8Bytes = (value: string) => new TextEncoder().encode(value).length;

/** The message for a first or last name, or null when it is acceptable. */
export function nameError(label: NameLabel, raw: string): string | null {
  const name = raw.trim();
  if (name === '') return `${label} is a required field`;
  const length = characters(name);
  if (length < 3) return `${label} must be at least 3 characters`;
  if (length > NAME_MAX_CHARACTERS) return `${label} must be at most ${NAME_MAX_CHARACTERS} characters`;
  if (!NAME.test(name)) return `${label} must not contain special characters or emojis`;
  return null;
}

/** A name a form may leave out (a staff invitation): empty is fine, else the name rule. */
export function optionalNameError(label: NameLabel, raw: string): string | null {
  return raw.trim() === '' ? null : nameError(label, raw);
}

/** The address as the API keeps it: trimmed and lower-cased. */
export function normaliseEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

/**
 * The message for an e-mail address, or null when it is well formed: one @, a dotted domain of
 * letters, digits and hyphens after it, no spaces. `requiredMessage` is shown when it is empty
 * (EMAIL_MESSAGES.workRequired for staff, .required for a collaborator).
 */
export function emailError(raw: string, requiredMessage: string): string | null {
  const address = normaliseEmail(raw);
  if (address === '') return requiredMessage;
  const at = address.lastIndexOf('@');
  if (at < 0) return EMAIL_MESSAGES.invalid;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  const domainOk = domain.includes('.') && domain.split('.').every((label) => DOMAIN_LABEL.test(label));
  const localOk = local !== '' && !local.includes('@') && utf8Bytes(local) <= 64;
  if (!domainOk || !localOk || utf8Bytes(address) > 254 || SPACE_OR_CONTROL.test(address)) return EMAIL_MESSAGES.invalid;
  return null;
}

/** The message for a new password, or null when it is strong enough. */
export function newPasswordError(password: string): string | null {
  if (password === '') return PASSWORD_MESSAGES.required;
  const strong =
    characters(password) >= 8 &&
    utf8Bytes(password) <= 128 &&
    /\p{Uppercase}/u.test(password) &&
    /\p{Lowercase}/u.test(password) &&
    /[0-9]/.test(password) &&
    /[^\p{Alphabetic}\p{N}\p{White_Space}]/u.test(password) &&
    !/\p{White_Space}/u.test(password);
  return strong ? null : PASSWORD_MESSAGES.rule;
}
