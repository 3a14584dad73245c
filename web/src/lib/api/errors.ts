/** The generic message (spec section 8). */
export const COMMON_ERROR_MESSAGE = 'Something went wrong';

/**
 * The message to show for an error body (spec section 8):
 * an array whose first item has a message -> that message; else a string `detail`; else the common message.
 * Every error answer of the API is an ErrorBody `{detail, errors?, requestId}` whose `detail` is the message
 * to show (for a validation failure, the first field's message); the array form is the spec's.
 */
export function extractErrorMessage(body: unknown): string {
  if (Array.isArray(body)) {
    const first: unknown = body[0];
    if (first && typeof first === 'object' && 'message' in first) {
      const message = (first as { message: unknown }).message;
      if (typeof message === 'string' && message.trim() !== '') return message;
    }
  } else if (body && typeof body === 'object' && 'detail' in body) {
    const detail = (body as { detail: unknown }).detail;
    if (typeof detail === 'string' && detail.trim() !== '') return detail;
  }
  return COMMON_ERROR_MESSAGE;
}

/** One invalid field of a validation failure, in the API's words. */
export type FieldErrorItem = { field: string; message: string };

/**
 * The invalid fields of an error body: the `errors` of an ErrorBody (the spec's array form is read the
 * same way). Items without a string field and a non-empty message are left out.
 */
export function fieldErrorsOf(body: unknown): FieldErrorItem[] {
  const items: unknown = Array.isArray(body)
    ? body
    : body && typeof body === 'object' && 'errors' in body
      ? (body as { errors: unknown }).errors
      : undefined;
  if (!Array.isArray(items)) return [];
  const out: FieldErrorItem[] = [];
  for (const item of items as unknown[]) {
    if (!item || typeof item !== 'object') continue;
    const { field, message } = item as { field?: unknown; message?: unknown };
    if (typeof field === 'string' && typeof message === 'string' && message.trim() !== '') out.push({ field, message });
  }
  return out;
}

/** An API call that failed: HTTP status 400-599 (status 0 when no response came: network error or abort). */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly body: unknown;

  constructor(status: number, statusText: string, body: unknown, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    this.body = body;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

/** True when the thrown value is an aborted fetch. */
export function isAbortError(error: unknown): boolean {
  return (
    (error instanceof DOMException && error.name === 'AbortError') ||
    (error instanceof Error && error.name === 'AbortError')
  );
}

/** The message to show for any thrown value. */
export function errorMessageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return COMMON_ERROR_MESSAGE;
}

/** 401 and 403 from a call made with a token end the session. */
export function endsSession(status: number, sentWithToken: boolean): boolean {
  return sentWithToken && (status === 401 || status === 403);
}
