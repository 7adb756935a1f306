/**
 * Reads the evaluation price files (`../shared/market-data/daily/SYMBOL.csv`, oldest first) into the same
 * split-adjusted series the app's CSV provider serves (closes as a broker shows them), so that the bench measures
 * the models on the prices the app forecasts and back-tests on.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { splitAdjustedBars } from '../../functions/src/adapters/market-data/csv-bars';
import { parseCsvTable } from '../../functions/src/adapters/market-data/csv-table';
import { assertValidBars } from '../../functions/src/domain/market-data/bars';
import { tradingDaysBetween } from '../../functions/src/domain/calendar';

export interface PriceHistory {
  readonly symbol: string;
  readonly dates: string[];
  readonly closes: number[];
}

export function readPriceFile(path: string): PriceHistory {
  const symbol = basename(path, '.csv');
  const bars = splitAdjustedBars(symbol, parseCsvTable(readFileSync(path, 'utf8')));
  assertValidBars(symbol, bars);
  const dates = bars.map((bar) => bar.date);
  assertEveryTradingDay(path, dates);
  return { symbol, dates, closes: bars.map((bar) => bar.close) };
}

/** Horizons are counted in trading days, so a file missing a day (or holding a holiday) would skew every origin. */
function assertEveryTradingDay(path: string, dates: string[]): void {
  if (dates.length === 0) throw new Error(`${path}: no prices`);
  const expected = tradingDaysBetween(dates[0]!, dates.at(-1)!);
  const present = new Set(dates);
  const missing = expected.filter((day) => !present.has(day));
  if (missing.length > 0 || expected.length !== dates.length) {
    throw new Error(
      `${path}: ${missing.length} trading days missing (first ${missing[0] ?? 'none'}), ` +
        `${dates.length - expected.length + missing.length} days that are not trading days`,
    );
  }
}

/** Every SYMBOL.csv in the folder, sorted by symbol. */
export function readPriceFolder(folder: string): PriceHistory[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.csv'))
    .sort()
    .map((name) => readPriceFile(join(folder, name)));
}

/** Every SYMBOL.csv of several folders, each with the folder it came from; a symbol in two folders is an error. */
export function readPriceFolders(folders: readonly string[]): (PriceHistory & { folder: string })[] {
  const all = folders.flatMap((folder) => readPriceFolder(folder).map((history) => ({ ...history, folder })));
  const seen = new Set<string>();
  for (const { symbol, folder } of all) {
    if (seen.has(symbol)) throw new Error(`${symbol} is in more than one folder (again in ${folder})`);
    seen.add(symbol);
  }
  return all;
}

/** The folders of `--data` (repeatable, or comma-separated), resolved. */
export const dataFolders = (values: readonly string[]): string[] =>
  values.flatMap((d) => d.split(',')).map((d) => resolve(d));
