import type { DailyBar } from '@stockseer/contract';
import { assertInvariant } from '../errors';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The invariants every provider and the cache keep: dates strictly increasing, prices positive, and the day's
 * range containing its open and close. A broken feed fails loudly here instead of drawing a wrong chart.
 */
export function assertValidBars(symbol: string, bars: readonly DailyBar[]): void {
  // A plain loop and lazy messages: this runs on every read of cached prices, over years of bars.
  for (let index = 0; index < bars.length; index += 1) {
    const bar = bars[index]!;
    const previous = bars[index - 1];
    assertInvariant(ISO_DATE.test(bar.date), () => `${symbol}: bar date '${bar.date}' is not YYYY-MM-DD`);
    assertInvariant(!previous || previous.date < bar.date, () => `${symbol}: bars not strictly sorted at ${bar.date}`);
    assertInvariant(
      bar.low > 0 && bar.volume >= 0,
      () => `${symbol}: non-positive price or negative volume on ${bar.date}`,
    );
    assertInvariant(
      bar.low <= Math.min(bar.open, bar.close) && Math.max(bar.open, bar.close) <= bar.high,
      () => `${symbol}: inconsistent OHLC on ${bar.date} (o ${bar.open} h ${bar.high} l ${bar.low} c ${bar.close})`,
    );
  }
}

/** Rounds away floating-point noise: cents for traded prices, four decimals for adjusted ones (as Massive sends). */
export function roundTo(value: number, decimals: 2 | 4): number {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
}
