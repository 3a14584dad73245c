import { z } from 'zod';

export const MESSAGES = {
  emailRequired: 'Please enter your work email address',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Please enter your password',
  passwordRule:
    'Password must be at least 8 characters and include an uppercase letter, a lowercase letter, a number and a special character, with no spaces',
  passwordsDoNotMatch: 'Passwords do not match',
} as const;

// One '@', something before it, a dotted domain after it, no spaces.
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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

export const workEmailSchema = z
  .string()
  .trim()
  .min(1, MESSAGES.emailRequired)
  .regex(EMAIL_RE, MESSAGES.emailInvalid)
  .transform((email) => email.toLowerCase());

export const newPasswordSchema = z
  .string()
  .min(1, MESSAGES.passwordRequired)
  .refine(isStrongPassword, MESSAGES.passwordRule);

export const loginSchema = z.object({
  email: workEmailSchema,
  password: z.string().min(1, MESSAGES.passwordRequired),
});
export type LoginValues = z.input<typeof loginSchema>;

export const signUpSchema = z
  .object({
    email: workEmailSchema,
    password: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: MESSAGES.passwordsDoNotMatch, path: ['confirmPassword'] });
export type SignUpValues = z.input<typeof signUpSchema>;

export const forgotPasswordSchema = z.object({ email: workEmailSchema });
export type ForgotPasswordValues = z.input<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({
    password: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: MESSAGES.passwordsDoNotMatch, path: ['confirmPassword'] });
export type ResetPasswordValues = z.input<typeof resetPasswordSchema>;

// Letters (any script) in words joined by single spaces, hyphens or apostrophes: no digits,
// no other special characters, no emojis (the API's rule for first and last names).
const NAME_RE = /^[\p{L}\p{M}]+(?:[ '’-][\p{L}\p{M}]+)*$/u;

function personName(label: 'First name' | 'Last name') {
  return z
    .string()
    .trim()
    .min(1, `${label} is a required field`)
    .min(3, `${label} must be at least 3 characters`)
    .regex(NAME_RE, `${label} must not contain special characters or emojis`);
}

/** Accepting a staff invitation: names (prefilled from the invitation) and a new password. */
export const acceptInvitationSchema = z
  .object({
    firstName: personName('First name'),
    lastName: personName('Last name'),
    password: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: MESSAGES.passwordsDoNotMatch, path: ['confirmPassword'] });
export type AcceptInvitationValues = z.input<typeof acceptInvitationSchema>;
