import { z } from 'zod';

import { EMAIL_RE, isStrongPassword, MESSAGES } from './rules';

export { EMAIL_RE, isStrongPassword, MESSAGES };

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
