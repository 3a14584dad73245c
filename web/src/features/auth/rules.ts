import type { FieldErrors, Resolver } from 'react-hook-form';
import { EMAIL_MESSAGES, emailError, normaliseEmail } from '@/lib/validation/rules';

// The sign-in page's check, without a schema library: it is the staff app's first screen (its budget,
// web/e2e/staff-budget.spec.ts, leaves no room for zod). It uses the app's shared e-mail rule.

/** Sign-in asks for the existing password, whatever it is (the strength rule is for new ones). */
export const PASSWORD_REQUIRED_ON_SIGN_IN = 'Please enter your password';

export type LoginValues = { email: string; password: string };

/** The sign-in form's check: the work-address rule, and a password. */
export const loginResolver: Resolver<LoginValues> = async (values) => {
  const errors: FieldErrors<LoginValues> = {};
  const emailMessage = emailError(values.email, EMAIL_MESSAGES.workRequired);
  if (emailMessage) errors.email = { type: 'validate', message: emailMessage };
  if (values.password === '') errors.password = { type: 'required', message: PASSWORD_REQUIRED_ON_SIGN_IN };
  if (errors.email || errors.password) return { values: {} as Record<string, never>, errors };
  return { values: { email: normaliseEmail(values.email), password: values.password }, errors: {} };
};
