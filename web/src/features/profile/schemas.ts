import { z } from 'zod';

// Letters (any script) in words joined by single spaces, hyphens or apostrophes: no digits,
// no other special characters, no emojis.
const NAME_RE = /^[\p{L}\p{M}]+(?:[ '’-][\p{L}\p{M}]+)*$/u;

export function nameSchema(label: 'First name' | 'Last name') {
  return z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .min(3, `${label} must be at least 3 characters`)
    .regex(NAME_RE, `${label} must not contain special characters or emojis`);
}

const optionalText = (max: number, label: string) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`);

export const profileSchema = z.object({
  firstName: nameSchema('First name'),
  lastName: nameSchema('Last name'),
  roleInCompany: optionalText(100, 'Role in company'),
  country: z.string(),
  companyName: optionalText(100, 'Company name'),
  department: z.string(),
});
export type ProfileValues = z.input<typeof profileSchema>;

export const DELETE_MISMATCH = 'Type your own email address to confirm';
