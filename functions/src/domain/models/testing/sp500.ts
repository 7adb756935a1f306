/**
 * Real daily prices for tests, shipped with an installed package so tests need nothing outside the repo: the S&P
 * 500 index from vega-datasets' `sp500-2000.csv` (2000-01-03 to 2020-04-17, 5,104 trading days, OHLC and volume).
 * It is the only daily series there: `stocks.csv` and `sp500.csv` are monthly.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { DailyBar } from '@stockseer/contract';

export function sp500DailyBars(): DailyBar[] {
  // The package's exports map hides its data folder; find it from the package entry (build/index.js).
  const entry = createRequire(import.meta.url).resolve('vega-datasets');
  const csv = readFileSync(join(dirname(entry), '..', 'data', 'sp500-2000.csv'), 'utf8');
  return csv
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => {
      const [date, open, high, low, , adjustedClose, volume] = line.split(',');
      return {
        date: date!,
        open: Number(open),
        high: Number(high),
        low: Number(low),
        close: Number(adjustedClose),
        volume: Number(volume),
      };
    });
}

export function sp500Closes(): number[] {
  return sp500DailyBars().map((bar) => bar.close);
}
