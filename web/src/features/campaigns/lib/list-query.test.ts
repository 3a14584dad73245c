import { describe, expect, it } from 'vitest';
import {
  buildListQuery,
  DEFAULT_LIST_STATE,
  pageCount,
  parseListState,
  toSearchParams,
  updateListState,
  withCursor,
} from './list-query';

describe('campaign list query', () => {
  it('always sends page and sort, and status and search only when set', () => {
    expect(buildListQuery(DEFAULT_LIST_STATE)).toEqual({ page: 1, sort: 'newest' });
    expect(buildListQuery({ page: 3, sort: 'az', status: 'live', search: '  spring  ' })).toEqual({
      page: 3,
      sort: 'az',
      status: 'live',
      search: 'spring',
    });
    expect(buildListQuery({ page: 1, sort: 'za', status: null, search: '   ' })).toEqual({ page: 1, sort: 'za' });
  });

  it("adds the previous page's cursor after page 1 only", () => {
    expect(withCursor({ page: 2, sort: 'az', status: 'live' }, 'cur-2')).toEqual({ page: 2, sort: 'az', status: 'live', cursor: 'cur-2' });
    expect(withCursor({ page: 2, sort: 'az' }, null)).toEqual({ page: 2, sort: 'az' });
    expect(withCursor({ page: 2, sort: 'az' }, undefined)).toEqual({ page: 2, sort: 'az' });
    expect(withCursor({ page: 2, sort: 'az' }, '')).toEqual({ page: 2, sort: 'az' });
    expect(withCursor({ page: 1, sort: 'az' }, 'stray')).toEqual({ page: 1, sort: 'az' });
  });

  it('reads the address bar and ignores unknown values', () => {
    expect(parseListState(new URLSearchParams('page=2&sort=oldest&status=expired&search=abc'))).toEqual({
      page: 2,
      sort: 'oldest',
      status: 'expired',
      search: 'abc',
    });
    expect(parseListState(new URLSearchParams('page=-4&sort=random&status=archived'))).toEqual(DEFAULT_LIST_STATE);
  });

  it('round-trips through the address bar, leaving defaults out', () => {
    expect(toSearchParams(DEFAULT_LIST_STATE).toString()).toBe('');
    const state = { page: 2, sort: 'za' as const, status: 'draft' as const, search: 'x' };
    expect(parseListState(toSearchParams(state))).toEqual(state);
  });

  it('goes back to page 1 when sort, status or search change', () => {
    const state = { ...DEFAULT_LIST_STATE, page: 4 };
    expect(updateListState(state, { sort: 'az' }).page).toBe(1);
    expect(updateListState(state, { status: 'live' }).page).toBe(1);
    expect(updateListState(state, { page: 5 }).page).toBe(5);
  });

  it('counts pages of 10', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(10)).toBe(1);
    expect(pageCount(11)).toBe(2);
  });
});
