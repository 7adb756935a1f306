import { formatPercent, formatPrice } from '../../lib/format';

export type Trend = 'up' | 'down' | 'flat';

/**
 * Green for a rise, red for a fall, grey for no change at the shown precision of a cent
 * (docs/product.md#predictions-tab).
 */
export function trendOf(priceChange: number): Trend {
  const cents = Math.round(priceChange * 100);
  return cents > 0 ? 'up' : cents < 0 ? 'down' : 'flat';
}

/** `+$0.39 (+0.3%)`, `-$1.20 (-0.9%)`, `$0.00 (0.0%)`. */
export function formatChange(priceChange: number, priceChangePercent: number): string {
  const trend = trendOf(priceChange);
  const dollars = trend === 'up' ? `+${formatPrice(priceChange)}` : formatPrice(trend === 'flat' ? 0 : priceChange);
  return `${dollars} (${formatPercent(priceChangePercent)})`;
}

// The exchange's clock: a close "as of 4:00 PM EDT" reads the same wherever the investor is.
const exchangeTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'America/New_York',
  timeZoneName: 'short',
});

/** `Apr 21, 2021, 4:00 PM EDT`: when a quote's price was observed, in New York time. */
export const formatAsOf = (instant: string) => exchangeTime.format(new Date(instant));
