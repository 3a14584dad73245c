/**
 * How the app shows dates, in one place. A calendar date ('YYYY-MM-DD': deadlines, expiry dates) is
 * shown as written; a moment (an RFC 3339 time: created, uploaded, sent) as the viewer's local date.
 */

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
// Pure: a page that shows no date drops the formatters from its bundle.
const dateOnly = /* @__PURE__ */ new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const localDate = /* @__PURE__ */ new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const localDateTime = /* @__PURE__ */ new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

function parse(value: string | null | undefined): { date: Date; calendar: boolean } | null {
  if (!value) return null;
  const calendar = DATE_ONLY.test(value);
  const date = new Date(calendar ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? null : { date, calendar };
}

/** '5 Mar 2026'; null when missing or unreadable. */
export function formatDate(value: string | null | undefined): string | null {
  const parsed = parse(value);
  if (!parsed) return null;
  return (parsed.calendar ? dateOnly : localDate).format(parsed.date);
}

/** '5 Mar 2026, 14:05' in the viewer's time zone (a calendar date alone: '5 Mar 2026'); null when missing or unreadable. */
export function formatDateTime(value: string | null | undefined): string | null {
  const parsed = parse(value);
  if (!parsed) return null;
  return parsed.calendar ? dateOnly.format(parsed.date) : localDateTime.format(parsed.date);
}

/** Shown where a date is missing. */
export const NO_DATE = '—';
