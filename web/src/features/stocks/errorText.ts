import { ApiError } from '../../lib/api';
import { STOCK_TEXT } from './messages';

/**
 * The text the marker of a provider rate limit travels with, from Massive through our API
 * (docs/product.md#market-data).
 */
const RATE_LIMIT_MARKER = 'Rate limit exceeded';

/**
 * A stock error shows the server's message or the fallback; a rate limit gets its own plain text
 * (docs/product.md#ui-texts).
 */
export function stockErrorText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.message.includes(RATE_LIMIT_MARKER)) return STOCK_TEXT.rateLimited;
  return error.message || fallback;
}
