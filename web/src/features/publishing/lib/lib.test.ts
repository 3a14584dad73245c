import { describe, expect, it } from 'vitest';
import { completionRate, takedownText } from './format';
import { addItem, moveItem, removeItem, WALL_MAX_ITEMS } from './order';
import { canPublish } from './roles';

describe("a wall's order", () => {
  it('moves an item up, down and to a dropped place, clamped at both ends', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 9)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 5, 0)).toEqual(['a', 'b', 'c']);
  });

  it('adds each item once and never beyond the limit', () => {
    expect(addItem(['a'], 'a')).toEqual(['a']);
    expect(addItem(['a'], 'b')).toEqual(['a', 'b']);
    const full = Array.from({ length: WALL_MAX_ITEMS }, (_, i) => `p${i}`);
    expect(addItem(full, 'x')).toHaveLength(WALL_MAX_ITEMS);
    expect(removeItem(['a', 'b'], 'a')).toEqual(['b']);
  });
});

describe('what staff read of a publication', () => {
  it("gives the API's takedown reason, else what the status says", () => {
    expect(takedownText({ status: 'live', takedownReason: null })).toBeNull();
    expect(takedownText({ status: 'withdrawn', takedownReason: 'Amal K. withdrew their consent' })).toBe('Amal K. withdrew their consent');
    expect(takedownText({ status: 'deleted', takedownReason: null })).toBe('The video was deleted');
  });

  it('rates completion against plays only when there are plays', () => {
    const zero = { views: 5, embedLoads: 0, plays: 0, progress25: 0, progress50: 0, progress75: 0, progress100: 0 };
    expect(completionRate(zero)).toBeNull();
    expect(completionRate({ ...zero, plays: 3, progress100: 1 })).toBe('33 %');
  });

  it('lets superAdmin, admin and creator publish, never a coordinator', () => {
    expect(['superAdmin', 'admin', 'creator', 'coordinator'].map((r) => canPublish(r as never))).toEqual([true, true, true, false]);
    expect(canPublish(null)).toBe(false);
  });
});
