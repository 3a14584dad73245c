/**
 * A question's answer time limit (issue 24): the studio stops there, and a longer file is refused
 * before it is sent. The server refuses the same after probing (storyhive_shared campaigns::rules).
 */

import { t } from '../i18n/i18n';

/** How much longer than the limit a take may be (a recorder's last chunk, container rounding). */
export const TIME_LIMIT_TOLERANCE_SECONDS = 1.5;

/** "30 seconds", "1 minute", "5 minutes". */
export function timeLimitLabel(seconds: number): string {
  if (seconds >= 60 && seconds % 60 === 0) return t('timeLimit.minutes', { count: seconds / 60 });
  return t('timeLimit.seconds', { count: seconds });
}

/** The server's words for a take over the limit. */
export function overTimeLimitMessage(limitSeconds: number): string {
  return t('timeLimit.over', { limit: timeLimitLabel(limitSeconds) });
}

/** Whether a file of `durationSeconds` is over `limitSeconds` (no limit: never). */
export function isOverTimeLimit(limitSeconds: number | null | undefined, durationSeconds: number): boolean {
  return !!limitSeconds && durationSeconds > limitSeconds + TIME_LIMIT_TOLERANCE_SECONDS;
}
