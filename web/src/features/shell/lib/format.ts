const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const hoursFormat = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });
const countFormat = new Intl.NumberFormat('en-GB');

/** 'YYYY-MM-DD' or an RFC 3339 time as '5 Mar 2026'; null when missing or unreadable. */
export function formatDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? null : dateFormat.format(date);
}

/** Hours as the API gives them (two decimals at most): 0, 1.5, 12.25. */
export function formatHours(hours: number): string {
  return hoursFormat.format(hours);
}

export function formatCount(count: number): string {
  return countFormat.format(count);
}

export function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

export const STATUS_LABELS = { draft: 'Draft', live: 'Live', expired: 'Expired' } as const;
