const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** 'YYYY-MM-DD' or an RFC 3339 time as '5 Mar 2026'; '—' when missing or unreadable. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? '—' : dateFormat.format(date);
}

export const STATUS_LABELS = { draft: 'Draft', live: 'Live', expired: 'Expired' } as const;
