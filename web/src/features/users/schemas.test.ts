import { describe, expect, it } from 'vitest';
import { inviteUserSchema } from './schemas';

const valid = { email: 'ann@acme.org', role: 'admin' as const, firstName: '', lastName: '' };

function firstMessage(values: unknown): string | undefined {
  const parsed = inviteUserSchema.safeParse(values);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

describe('inviteUserSchema', () => {
  it('takes an address and a role, names optional', () => {
    expect(inviteUserSchema.safeParse(valid).success).toBe(true);
    expect(inviteUserSchema.safeParse({ ...valid, firstName: 'Riley', lastName: "O'Neil" }).success).toBe(true);
  });

  it("says the spec's messages", () => {
    expect(firstMessage({ ...valid, email: '' })).toBe('Please enter your work email address');
    expect(firstMessage({ ...valid, email: 'nope' })).toBe('Please enter a valid email address');
    expect(firstMessage({ ...valid, role: '' })).toBe('Please select the role type');
    expect(firstMessage({ ...valid, firstName: 'Al' })).toBe('First name must be at least 3 characters');
    expect(firstMessage({ ...valid, lastName: 'Sm1th' })).toBe('Last name must not contain special characters or emojis');
  });
});
