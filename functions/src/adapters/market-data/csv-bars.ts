import type { DailyBar } from '@stockseer/contract';
import { assertInvariant } from '../../domain/errors';
import { roundTo } from '../../domain/market-data/bars';

/**
 * Daily bars from the rows of an Alpha Vantage "daily adjusted" file (oldest first), adjusted for splits only: the
 * closes a broker shows (docs/product.md#market-data). The file's `adjusted_close` also folds in dividends, which would
 * move every past price away from what traded; a split (`split_coefficient` on its first day) divides all earlier
 * prices instead, so the series has no gap at the split. The app, the back-tests and the accuracy bench all read this
 * one series.
 */
export function splitAdjustedBars(symbol: string, records: readonly Record<string, string>[]): DailyBar[] {
  const bars: DailyBar[] = new Array<DailyBar>(records.length);
  // The product of the split coefficients of every later day: what one share of that day is worth in today's shares.
  let laterSplits = 1;
  for (let i = records.length - 1; i >= 0; i--) {
    const record = records[i]!;
    const number = (column: string): number => {
      const value = Number(record[column]);
      assertInvariant(
        record[column] !== '' && Number.isFinite(value),
        () => `${symbol}: bad ${column} on ${record.timestamp}`,
      );
      return value;
    };
    const price = (column: string) => roundTo(number(column) / laterSplits, 4);
    bars[i] = {
      date: record.timestamp ?? '',
      open: price('open'),
      high: price('high'),
      low: price('low'),
      close: price('close'),
      volume: Math.round(number('volume') * laterSplits),
    };
    const split = record.split_coefficient ? number('split_coefficient') : 1;
    assertInvariant(split > 0, () => `${symbol}: split_coefficient ${split} on ${record.timestamp}`);
    laterSplits *= split;
  }
  return bars;
}
