import { z } from 'zod';
import { emailField, nameField, newPasswordField, passwordsMatch } from '@/lib/validation/fields';
import { EMAIL_MESSAGES } from '@/lib/validation/rules';

export const workEmailSchema = emailField(EMAIL_MESSAGES.workRequired);

export const signUpSchema = z
  .object({
    email: workEmailSchema,
    password: newPasswordField(),
    confirmPassword: z.string(),
  })
  .superRefine(passwordsMatch);
export type SignUpValues = z.input<typeof signUpSchema>;

export const forgotPasswordSchema = z.object({ email: workEmailSchema });
export type ForgotPasswordValues = z.input<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({
    password: newPasswordField(),
    confirmPassword: z.string(),
  })
  .superRefine(passwordsMatch);
export type ResetPasswordValues = z.input<typeof resetPasswordSchema>;

/** Accepting a staff invitation: names (prefilled from the invitation) and a new password. */
export const acceptInvitationSchema = z
  .object({
    firstName: nameField('First name'),
    lastName: nameField('Last name'),
    password: newPasswordField(),
    confirmPassword: z.string(),
  })
  .superRefine(passwordsMatch);
export type AcceptInvitationValues = z.input<typeof acceptInvitationSchema>;
