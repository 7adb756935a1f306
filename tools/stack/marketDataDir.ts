import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** What the stack does with MARKET_DATA_DIR and STOCKSEER_TODAY before anything starts. */
export type MarketDataSetup =
  | { kind: 'none' }
  | { kind: 'missing'; message: string }
  | { kind: 'ready'; dir: string; lastDay: string; pinToday: string | null; notice: string | null };

/**
 * Resolves MARKET_DATA_DIR the way the README writes it: a relative path is relative to the repository root (the
 * Functions emulator runs in functions/, where `../shared/market-data` would name nothing). A folder without daily
 * price files stops the stack instead of serving a half-working app. When the prices end before today and no date is
 * pinned, "today" becomes the data's last trading day, so that quotes and predictions work at once.
 */
export function resolveMarketData(env: NodeJS.ProcessEnv, root: string, today: string): MarketDataSetup {
  const asked = env.MARKET_DATA_DIR;
  if (!asked) return { kind: 'none' };
  const dir = path.resolve(root, asked);
  const daily = path.join(dir, 'daily');
  const files = existsSync(daily) ? readdirSync(daily).filter((name) => name.toLowerCase().endsWith('.csv')) : [];
  if (files.length === 0 || !existsSync(path.join(dir, 'symbols.csv'))) {
    return {
      kind: 'missing',
      message:
        `MARKET_DATA_DIR=${asked} resolves to ${dir}, which has no daily/SYMBOL.csv price files and symbols.csv. ` +
        'Relative paths are read from the repository root. Fix the path, or unset MARKET_DATA_DIR for demo prices.',
    };
  }
  const lastDay = files.map((file) => lastDateOf(path.join(daily, file))).reduce((a, b) => (a > b ? a : b));
  const pinToday = !env.STOCKSEER_TODAY && lastDay < today ? lastDay : null;
  const notice = pinToday
    ? `the prices in ${asked} end on ${lastDay}: the local date is pinned to ${lastDay} ` +
      "(set STOCKSEER_TODAY to choose another; the Admin tab's time machine moves it)"
    : null;
  return { kind: 'ready', dir, lastDay, pinToday, notice };
}

/** The date of a price file's last row (files are oldest first). */
function lastDateOf(file: string): string {
  const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
  const date = lines.at(-1)?.split(',')[0]?.trim() ?? '';
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : '';
}
