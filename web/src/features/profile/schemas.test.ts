import { describe, expect, it } from 'vitest';
import { nameSchema } from './schemas';

const message = (value: string) => {
  const r = nameSchema('First name').safeParse(value);
  return r.success ? undefined : r.error.issues[0]?.message;
};

describe('name rule', () => {
  it.each(['Ada', 'José', 'Anne-Marie', "O'Brien", 'Mary Jane', 'Zoë'])('accepts %s', (name) => {
    expect(message(name)).toBeUndefined();
  });

  it('is required', () => {
    expect(message('')).toBe('First name is required');
    expect(message('   ')).toBe('First name is required');
  });

  it('needs at least 3 characters', () => {
    expect(message('Al')).toBe('First name must be at least 3 characters');
  });

  it.each(['Ada!', 'Ada2', 'Ada 😀', 'Ad@m', 'Ada_L', '--Ada'])('rejects special characters and emojis: %s', (name) => {
    expect(message(name)).toBe('First name must not contain special characters or emojis');
  });
});
