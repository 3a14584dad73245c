import { z } from 'zod';
import {
  emailError,
  nameError,
  newPasswordError,
  normaliseEmail,
  optionalNameError,
  PASSWORD_MESSAGES,
  type NameLabel,
} from './rules';

/** A zod string field checked by one of the shared rules (its message, if any, is the field's error). */
function ruleField(check: (value: string) => string | null) {
  return z.string().superRefine((value, ctx) => {
    const message = check(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
}

/** A first or last name (required), trimmed. */
export const nameField = (label: NameLabel) => ruleField((v) => nameError(label, v)).transform((v) => v.trim());

/** A name the form may leave empty, trimmed. */
export const optionalNameField = (label: NameLabel) => ruleField((v) => optionalNameError(label, v)).transform((v) => v.trim());

/** An e-mail address, trimmed and lower-cased as the API keeps it. */
export const emailField = (requiredMessage: string) =>
  ruleField((v) => emailError(v, requiredMessage)).transform(normaliseEmail);

/** A new password (sign-up, reset, invitation). */
export const newPasswordField = () => ruleField(newPasswordError);

/** Adds 'Passwords do not match' under confirmPassword. */
export function passwordsMatch(values: { password: string; confirmPassword: string }, ctx: z.RefinementCtx): void {
  if (values.password !== values.confirmPassword) {
    ctx.addIssue({ code: 'custom', message: PASSWORD_MESSAGES.mismatch, path: ['confirmPassword'] });
  }
}
