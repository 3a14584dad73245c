/**
 * A question's answer time limit (issue 24): the studio stops there, and a longer file is refused
 * before it is sent. The server refuses the same after probing (storyhive_shared campaigns::rules).
 */

/** How much longer than the limit a take may be (a recorder's last chunk, container rounding). */
export const TIME_LIMIT_TOLERANCE_SECONDS = 1.5;

/** "30 seconds", "1 minute", "5 minutes". */
export function timeLimitLabel(seconds: number): string {
  if (seconds === 60) return '1 minute';
  if (seconds >= 60 && seconds % 60 === 0) return `${seconds / 60} minutes`;
  return `${seconds} seconds`;
}

/** The server's words for a take over the limit. */
export function overTimeLimitMessage(limitSeconds: number): string {
  return `This answer is longer than the ${timeLimitLabel(limitSeconds)} this question allows. Please record a shorter answer or upload a shorter file.`;
}

/** Whether a file of `durationSeconds` is over `limitSeconds` (no limit: never). */
export function isOverTimeLimit(limitSeconds: number | null | undefined, durationSeconds: number): boolean {
  return !!limitSeconds && durationSeconds > limitSeconds + TIME_LIMIT_TOLERANCE_SECONDS;
}
