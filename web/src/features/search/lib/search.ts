import { responseEditorAt } from '@/config/paths';

/** What the search form holds (empty strings: no filter). */
export type SearchForm = {
  text: string;
  campaignId: string;
  contributorId: string;
  initiativeId: string;
  tagId: string;
  status: string;
  from: string;
  to: string;
};

export const emptyForm: SearchForm = {
  text: '',
  campaignId: '',
  contributorId: '',
  initiativeId: '',
  tagId: '',
  status: '',
  from: '',
  to: '',
};

export const STATUS_OPTIONS = [
  { value: 'ready', label: 'Ready' },
  { value: 'processing', label: 'Processing' },
  { value: 'failed', label: 'Failed' },
];

/** The body of a search: the filled fields only, the text trimmed. */
export function filterBody(form: SearchForm): Record<string, string> {
  const body: Record<string, string> = {};
  for (const [name, value] of Object.entries(form)) {
    const trimmed = value.trim();
    if (trimmed) body[name] = trimmed;
  }
  return body;
}

/** `m:ss` (or `h:mm:ss`) of a duration in seconds; empty when unknown. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return '';
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * The response editor at the answer, and at the matched word when one was said:
 * `/campaign/:campaignId/response-editor/:collaboratorId?answer=<journeyId>&t=<seconds>`.
 */
export function editorLink(result: {
  campaignId: string;
  contributorId: string;
  journeyId: string;
  match?: { snippet?: { start: number } | null } | null;
}): string {
  return responseEditorAt(result.campaignId, result.contributorId, result.journeyId, result.match?.snippet?.start);
}
