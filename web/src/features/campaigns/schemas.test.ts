import { describe, expect, it } from 'vitest';
import { campaignSchema, questionSchema, tagNameSchema } from './schemas';

/** The first message of a failed parse, or null. */
const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

const valid = {
  initiativeId: 'i1',
  title: 'Spring stories',
  description: 'Tell us about spring',
  type: 'evergreen',
  visibility: 'public',
  mode: 'landscape',
  language: 'en',
  deadline: '',
  expiryDate: '',
  tags: ['t1'],
  remindersEnabled: true,
  daysAfterInvitation: 3,
  daysBeforeDeadline: 2,
};

const messageOf = (value: unknown) => firstError(campaignSchema.safeParse(value));

describe('campaign rules (spec section 5)', () => {
  it('accepts an open campaign without dates', () => {
    expect(messageOf(valid)).toBeNull();
  });

  it('reminds between 1 and 30 days after the invitation and before the deadline, as the API checks', () => {
    expect(messageOf({ ...valid, daysAfterInvitation: 0 })).toBe('Remind between 1 and 30 days after the invitation');
    expect(messageOf({ ...valid, daysAfterInvitation: Number.NaN })).toBe('Remind between 1 and 30 days after the invitation');
    expect(messageOf({ ...valid, daysAfterInvitation: 2.5 })).toBe('Remind between 1 and 30 days after the invitation');
    expect(messageOf({ ...valid, daysBeforeDeadline: 31 })).toBe('Remind between 1 and 30 days before the deadline');
    expect(messageOf({ ...valid, remindersEnabled: false, daysAfterInvitation: 30, daysBeforeDeadline: 1 })).toBeNull();
  });

  it('uses the spec texts', () => {
    expect(messageOf({ ...valid, initiativeId: '' })).toBe('Initiative is a required field');
    expect(messageOf({ ...valid, title: ' ' })).toBe('Title is a required field');
    expect(messageOf({ ...valid, title: 'x'.repeat(251) })).toBe('Title must be at most 250 characters');
    expect(messageOf({ ...valid, title: 'x'.repeat(250) })).toBeNull();
    expect(messageOf({ ...valid, description: '' })).toBe('Description is a required field');
    expect(messageOf({ ...valid, description: 'x'.repeat(501) })).toBe('Description must be at most 500 characters');
    expect(messageOf({ ...valid, type: '' })).toBe('Please select the campaign type');
    expect(messageOf({ ...valid, visibility: '' })).toBe('Please select the visibility');
    expect(messageOf({ ...valid, mode: '' })).toBe('Please select the mode');
    expect(messageOf({ ...valid, tags: [] })).toBe('Tags must be atleast 1 item');
    expect(messageOf({ ...valid, tags: ['a', 'b', 'c', 'd', 'e'] })).toBe('Tags must be at most 4 items');
  });

  it('needs both dates for a targeted campaign, expiry on or after the deadline', () => {
    expect(messageOf({ ...valid, type: 'targeted' })).toBe('Deadline is required for targeted campaigns');
    expect(messageOf({ ...valid, type: 'targeted', deadline: '2026-12-01' })).toBe('Expiry date is required for targeted campaigns');
    expect(messageOf({ ...valid, type: 'targeted', deadline: '2026-12-01', expiryDate: '2026-11-30' })).toBe(
      'Expiry date must be on or after the deadline',
    );
    expect(messageOf({ ...valid, type: 'targeted', deadline: '2026-12-01', expiryDate: '2026-12-01' })).toBeNull();
  });

  it('checks questions and tags', () => {
    expect(firstError(questionSchema.safeParse({ question: '  ', tips: '' }))).toBe('Question is a required field');
    expect(firstError(questionSchema.safeParse({ question: 'x'.repeat(51), tips: '' }))).toBe('Question must be at most 50 characters');
    expect(firstError(tagNameSchema.safeParse(''))).toBe('Tag is a required field');
    expect(firstError(tagNameSchema.safeParse('x'.repeat(31)))).toBe('Tag must be at most 30 characters');
  });
});
