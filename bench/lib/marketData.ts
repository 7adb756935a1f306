/**
 * Reads the evaluation price files (`../shared/market-data/daily/SYMBOL.csv`, oldest first). The close used is
 * `adjusted_close`, adjusted for splits and dividends, as the app's forecasts are on split-adjusted prices.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

export interface PriceHistory {
  readonly symbol: string;
  readonly dates: string[];
  readonly closes: number[];
}

export function readPriceFile(path: string): PriceHistory {
  const [header, ...lines] = readFileSync(path, 'utf8').trim().split('\n');
  const columns = header!.split(',');
  const dateColumn = columns.indexOf('timestamp');
  const closeColumn = columns.indexOf('adjusted_close');
  if (dateColumn < 0 || closeColumn < 0) throw new Error(`${path}: needs timestamp and adjusted_close columns`);
  const dates: string[] = [];
  const closes: number[] = [];
  for (const line of lines) {
    const cells = line.split(',');
    const close = Number(cells[closeColumn]);
    if (!(close > 0)) throw new Error(`${path}: bad adjusted_close on ${cells[dateColumn]}`);
    dates.push(cells[dateColumn]!);
    closes.push(close);
  }
  for (let i = 1; i < dates.length; i++) {
    if (!(dates[i - 1]! < dates[i]!)) throw new Error(`${path}: dates out of order at ${dates[i]}`);
  }
  return { symbol: basename(path, '.csv'), dates, closes };
}

/** Every SYMBOL.csv in the folder, sorted by symbol. */
export function readPriceFolder(folder: string): PriceHistory[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.csv'))
    .sort()
    .map((name) => readPriceFile(join(folder, name)));
}
