import { CAMPAIGN_STATUS_LABELS } from '@/config/labels';
import type { CampaignSort, CampaignStatus } from '../types';

export const PAGE_SIZE = 10;

export const SORT_OPTIONS: { value: CampaignSort; label: string }[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'oldest', label: 'Oldest' },
  { value: 'az', label: 'AZ' },
  { value: 'za', label: 'ZA' },
];

export const STATUS_OPTIONS = (Object.keys(CAMPAIGN_STATUS_LABELS) as CampaignStatus[]).map((value) => ({
  value,
  label: CAMPAIGN_STATUS_LABELS[value],
}));

export type ListState = {
  page: number;
  sort: CampaignSort;
  status: CampaignStatus | null;
  search: string;
};

export const DEFAULT_LIST_STATE: ListState = { page: 1, sort: 'newest', status: null, search: '' };

const SORTS = new Set<string>(SORT_OPTIONS.map((o) => o.value));
const STATUSES = new Set<string>(STATUS_OPTIONS.map((o) => o.value));

/** Reads the list state from the address bar, ignoring anything unknown. */
export function parseListState(params: URLSearchParams): ListState {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const sort = params.get('sort') ?? '';
  const status = params.get('status') ?? '';
  return {
    page: Number.isFinite(page) && page >= 1 ? page : 1,
    sort: SORTS.has(sort) ? (sort as CampaignSort) : 'newest',
    status: STATUSES.has(status) ? (status as CampaignStatus) : null,
    search: (params.get('search') ?? '').trim(),
  };
}

export type ListQuery = { page: number; sort: CampaignSort; status?: CampaignStatus; search?: string };

/** The query of GET /campaign/all-campaigns: page and sort always; status and search only when set. */
export function buildListQuery(state: ListState): ListQuery {
  const query: ListQuery = {
    page: Math.max(1, Math.floor(state.page)),
    sort: state.sort,
  };
  if (state.status) query.status = state.status;
  const search = state.search.trim();
  if (search) query.search = search;
  return query;
}

/**
 * The query with the previous page's `nextCursor`, when there is one: the API then reads the page from
 * there (the page number is only echoed). Without it, the page is read by its number.
 */
export function withCursor(query: ListQuery, cursor: string | null | undefined): ListQuery & { cursor?: string } {
  return cursor && query.page > 1 ? { ...query, cursor } : query;
}

/** The address-bar form of the list state: defaults are left out. */
export function toSearchParams(state: ListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.page > 1) params.set('page', String(state.page));
  if (state.sort !== 'newest') params.set('sort', state.sort);
  if (state.status) params.set('status', state.status);
  if (state.search.trim()) params.set('search', state.search.trim());
  return params;
}

/** Changing sort, status or search goes back to page 1. */
export function updateListState(state: ListState, change: Partial<ListState>): ListState {
  const next = { ...state, ...change };
  if (change.page === undefined) next.page = 1;
  return next;
}

export function pageCount(total: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
