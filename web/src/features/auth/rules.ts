import type { FieldErrors, Resolver } from 'react-hook-form';

// The sign-in page's rules, without a schema library: it is the staff app's first screen (its budget,
// web/e2e/staff-budget.spec.ts, leaves no room for zod). schemas.ts builds the other forms on them.

export const MESSAGES = {
  emailRequired: 'Please enter your work email address',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Please enter your password',
  passwordRule:
    'Password must be at least 8 characters and include an uppercase letter, a lowercase letter, a number and a special character, with no spaces',
  passwordsDoNotMatch: 'Passwords do not match',
} as const;

// One '@', something before it, a dotted domain after it, no spaces.
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** True when the password has 8+ characters, upper and lower case letters, a digit, a special character and no whitespace. */
export function isStrongPassword(password: string): boolean {
  return (
    password.length >= 8 &&
    /[A-Z]/.test(password) &&
    /[a-z]/.test(password) &&
    /[0-9]/.test(password) &&
    /[^A-Za-z0-9\s]/.test(password) &&
    !/\s/.test(password)
  );
}

export type LoginValues = { email: string; password: string };

/** The sign-in form's check: the same messages, in the same order, as the other forms' schemas. */
export const loginResolver: Resolver<LoginValues> = async (values) => {
  const email = values.email.trim();
  const errors: FieldErrors<LoginValues> = {};
  if (email === '') errors.email = { type: 'too_small', message: MESSAGES.emailRequired };
  else if (!EMAIL_RE.test(email)) errors.email = { type: 'invalid_format', message: MESSAGES.emailInvalid };
  if (values.password === '') errors.password = { type: 'too_small', message: MESSAGES.passwordRequired };
  if (errors.email || errors.password) return { values: {} as Record<string, never>, errors };
  return { values: { email: email.toLowerCase(), password: values.password }, errors: {} };
};
