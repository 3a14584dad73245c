import { z } from 'zod';
import { nameField, newPasswordField } from '@/lib/validation/fields';
import { PASSWORD_MESSAGES } from '@/lib/validation/rules';
import { normaliseEmail } from '@/lib/validation/rules';

const optionalText = (max: number, label: string) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`);

export const profileSchema = z.object({
  firstName: nameField('First name'),
  lastName: nameField('Last name'),
  roleInCompany: optionalText(100, 'Role in company'),
  country: z.string(),
  companyName: optionalText(100, 'Company name'),
  department: z.string(),
});
export type ProfileValues = z.input<typeof profileSchema>;

export const DELETE_MISMATCH = 'Type your own email address to confirm';

/** Closing the organisation: the super admin types their own address (any letter case). */
export const isOwnEmail = (typed: string, ownEmail: string) => normaliseEmail(typed) === normaliseEmail(ownEmail);

export const DELETE_PASSWORD_REQUIRED = 'Please enter your password to confirm the deletion';

/** Closing the organisation: the own address and the current password (checked by the server). */
export const deleteAccountSchema = (ownEmail: string) =>
  z.object({
    email: z.string().refine((typed) => isOwnEmail(typed, ownEmail), DELETE_MISMATCH),
    password: z.string().min(1, DELETE_PASSWORD_REQUIRED),
  });
export type DeleteAccountValues = z.input<ReturnType<typeof deleteAccountSchema>>;

export const CURRENT_PASSWORD_REQUIRED = 'Please enter your current password';
export const NEW_PASSWORD_SAME = 'The new password must be different from the current one';

/** Changing one's password (PUT /user/me/password): the API's rules and words. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, CURRENT_PASSWORD_REQUIRED),
    newPassword: newPasswordField(),
    confirmPassword: z.string(),
  })
  .superRefine((values, ctx) => {
    if (values.newPassword !== values.confirmPassword) {
      ctx.addIssue({ code: 'custom', message: PASSWORD_MESSAGES.mismatch, path: ['confirmPassword'] });
    } else if (values.currentPassword !== '' && values.newPassword === values.currentPassword) {
      ctx.addIssue({ code: 'custom', message: NEW_PASSWORD_SAME, path: ['newPassword'] });
    }
  });
export type ChangePasswordValues = z.input<typeof changePasswordSchema>;
