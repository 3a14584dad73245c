import { z } from 'zod';
import { emailField, optionalNameField } from '@/lib/validation/fields';
import { EMAIL_MESSAGES } from '@/lib/validation/rules';

export const ROLE_REQUIRED = 'Please select the role type';

export const ASSIGNABLE_ROLES = ['superAdmin', 'admin', 'creator', 'coordinator'] as const;

/** A staff invitation: a work address and a role; names may be left out (the invitee gives them). */
export const inviteUserSchema = z.object({
  email: emailField(EMAIL_MESSAGES.workRequired),
  role: z.union([z.enum(ASSIGNABLE_ROLES), z.literal('')]).refine((v) => v !== '', ROLE_REQUIRED),
  firstName: optionalNameField('First name'),
  lastName: optionalNameField('Last name'),
});
export type InviteUserValues = z.input<typeof inviteUserSchema>;
