import { describe, expect, it } from 'vitest';
import cases from './cases.json';
import { emailError, nameError, newPasswordError, optionalNameError, type NameLabel } from './rules';

// The API's tests check the same examples against shared/src/validation.rs: a change of one side's
// rule or words without the other fails one of the two suites.
describe('the shared input rules give the API’s answer', () => {
  it.each(cases.names)('name $label "$input" -> $message', ({ label, input, message }) => {
    expect(nameError(label as NameLabel, input)).toBe(message);
  });

  it.each(cases.emails)('e-mail "$input" -> $message', ({ input, required, message }) => {
    expect(emailError(input, required)).toBe(message);
  });

  it.each(cases.passwords)('new password "$input" -> $message', ({ input, message }) => {
    expect(newPasswordError(input)).toBe(message);
  });
});

describe('optional names', () => {
  it('accept nothing, and apply the name rule to anything given', () => {
    expect(optionalNameError('First name', '  ')).toBeNull();
    expect(optionalNameError('First name', 'Al')).toBe('First name must be at least 3 characters');
    expect(optionalNameError('Last name', 'Riley')).toBeNull();
  });
});
