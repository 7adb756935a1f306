import { ApiError } from '../../lib/api';
import { failedReadText } from '../../lib/failedRead';
import { STOCK_TEXT } from './messages';

/**
 * The text the marker of a provider rate limit travels with, from Massive through our API
 * (docs/product.md#market-data).
 */
const RATE_LIMIT_MARKER = 'Rate limit exceeded';

/**
 * A stock error shows the server's message or the fallback; a provider's rate limit gets its own plain text
 * (docs/product.md#ui-texts), and a read that asks again by itself says so.
 */
export function stockErrorText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.message.includes(RATE_LIMIT_MARKER)) return STOCK_TEXT.rateLimited;
  return failedReadText(error, error.message || fallback);
}
