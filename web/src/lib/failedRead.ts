import { ApiError } from './apiError';
import { FAILED_READ_TEXT } from './failedReadText';

/** The smallest wait before asking again, even when told 0: no request loop. */
const MIN_RETRY_MS = 1_000;

/** When the answer said when to ask again (Retry-After), after how long; otherwise undefined (Retry is offered). */
export function retryDelayMs(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.retryAfterSeconds === undefined) return undefined;
  return Math.max(MIN_RETRY_MS, error.retryAfterSeconds * 1000);
}

/** A failed read's text: a retry that comes by itself says so (no stale count of seconds), else `fallback`. */
export function failedReadText(error: unknown, fallback: string): string {
  return error instanceof ApiError && retryDelayMs(error) !== undefined
    ? FAILED_READ_TEXT.retryingSoon(error.status)
    : fallback;
}
