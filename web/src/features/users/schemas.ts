import { z } from 'zod';

export const MESSAGES = {
  emailRequired: 'Please enter your work email address',
  emailInvalid: 'Please enter a valid email address',
  roleRequired: 'Please select the role type',
} as const;

// One '@', something before it, a dotted domain after it, no spaces (the server checks the rest).
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// Letters (any script) in words joined by single spaces, hyphens or apostrophes.
const NAME_RE = /^[\p{L}\p{M}]+(?:[ '’-][\p{L}\p{M}]+)*$/u;

/** A name the invitation may leave out; when given, the spec's rules (at least 3 letters, no special characters). */
function optionalName(label: 'First name' | 'Last name') {
  return z
    .string()
    .trim()
    .refine((v) => v === '' || v.length >= 3, `${label} must be at least 3 characters`)
    .refine((v) => v === '' || NAME_RE.test(v), `${label} must not contain special characters or emojis`);
}

export const ASSIGNABLE_ROLES = ['superAdmin', 'admin', 'creator', 'coordinator'] as const;

export const inviteUserSchema = z.object({
  email: z.string().trim().min(1, MESSAGES.emailRequired).regex(EMAIL_RE, MESSAGES.emailInvalid),
  role: z.union([z.enum(ASSIGNABLE_ROLES), z.literal('')]).refine((v) => v !== '', MESSAGES.roleRequired),
  firstName: optionalName('First name'),
  lastName: optionalName('Last name'),
});
export type InviteUserValues = z.input<typeof inviteUserSchema>;
