/** What staff filter the inbox by, and how each choice reads in the search filter. */
export const RESPONSE_STATUSES = [
  { value: 'new', label: 'New', filter: { review: 'new' } },
  { value: 'approved', label: 'Approved', filter: { review: 'approved' } },
  { value: 'sentBack', label: 'Sent back', filter: { review: 'sentBack' } },
  { value: 'processing', label: 'Processing', filter: { status: 'processing' } },
  { value: 'failed', label: 'Failed', filter: { status: 'failed' } },
] as const;

export type ResponseStatus = (typeof RESPONSE_STATUSES)[number]['value'];

export function isResponseStatus(value: string | null): value is ResponseStatus {
  return RESPONSE_STATUSES.some((s) => s.value === value);
}

/** The filter body for a status choice (none: every answer). */
export function statusFilter(status: ResponseStatus | null): { review?: string; status?: string } {
  return RESPONSE_STATUSES.find((s) => s.value === status)?.filter ?? {};
}

/**
 * One answer's status as the inbox shows it: the video's state while it is not playable
 * (processing, failed), else staff's review.
 */
export function statusOf(answer: { mediaStatus: string; review: string }): ResponseStatus {
  if (answer.mediaStatus === 'failed') return 'failed';
  if (answer.mediaStatus === 'processing') return 'processing';
  return isResponseStatus(answer.review) ? answer.review : 'new';
}

export function statusLabel(status: ResponseStatus): string {
  return RESPONSE_STATUSES.find((s) => s.value === status)?.label ?? status;
}
