import { describe, expect, it } from 'vitest';
import { EMAIL_MESSAGES, PASSWORD_MESSAGES } from '@/lib/validation/rules';
import { loginResolver, PASSWORD_REQUIRED_ON_SIGN_IN } from './rules';
import { resetPasswordSchema, signUpSchema, workEmailSchema } from './schemas';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('sign-up schema', () => {
  const valid = { email: 'jo@acme-films.com', password: 'Storyhive-1', confirmPassword: 'Storyhive-1' };

  it('accepts a valid form and lower-cases the email', () => {
    const result = signUpSchema.safeParse({ ...valid, email: ' Jo@Acme-Films.com ' });
    expect(result.success).toBe(true);
    expect(result.data?.email).toBe('jo@acme-films.com');
  });

  it('requires the work email', () => {
    expect(firstMessage(signUpSchema.safeParse({ ...valid, email: '' }))).toBe('Please enter your work email address');
    expect(firstMessage(workEmailSchema.safeParse('   '))).toBe('Please enter your work email address');
  });

  it('checks the email format', () => {
    for (const email of ['jo', 'jo@', 'jo@acme', '@acme.com', 'jo @acme.com']) {
      expect(firstMessage(workEmailSchema.safeParse(email)), email).toBe(EMAIL_MESSAGES.invalid);
    }
  });

  it('explains the password rule in one message', () => {
    expect(firstMessage(signUpSchema.safeParse({ ...valid, password: 'weak', confirmPassword: 'weak' }))).toBe(PASSWORD_MESSAGES.rule);
  });

  it("says 'Passwords do not match'", () => {
    const result = signUpSchema.safeParse({ ...valid, confirmPassword: 'Storyhive-2' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ message: 'Passwords do not match', path: ['confirmPassword'] });
    expect(firstMessage(resetPasswordSchema.safeParse({ password: 'Storyhive-1', confirmPassword: 'x' }))).toBe(
      'Passwords do not match',
    );
  });
});

describe('sign-in rules', () => {
  it('does not apply the strength rule to existing passwords; the email is trimmed and lower-cased', async () => {
    const ok = await loginResolver({ email: ' Jo@Acme-Films.com ', password: 'old' }, undefined, {} as never);
    expect(ok).toEqual({ values: { email: 'jo@acme-films.com', password: 'old' }, errors: {} });
    const noPassword = await loginResolver({ email: 'jo@acme-films.com', password: '' }, undefined, {} as never);
    expect(noPassword.errors.password?.message).toBe(PASSWORD_REQUIRED_ON_SIGN_IN);
    const badEmail = await loginResolver({ email: 'jo@', password: 'x' }, undefined, {} as never);
    expect(badEmail.errors.email?.message).toBe(EMAIL_MESSAGES.invalid);
    const noEmail = await loginResolver({ email: '  ', password: 'x' }, undefined, {} as never);
    expect(noEmail.errors.email?.message).toBe(EMAIL_MESSAGES.workRequired);
  });
});
