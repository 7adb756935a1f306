import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { addCalendarDays, tradingDaysBetween } from '../../functions/src/domain/calendar';

/** What a synthetic price folder holds, for the assertions: the last day and the closes a broker shows. */
export interface PriceFolder {
  readonly lastDay: string;
  /** The split-adjusted close of the last day (the file's `close`; its `adjusted_close` is dividend-adjusted too). */
  readonly lastClose: number;
  readonly lastAdjustedClose: number;
}

/**
 * Writes `dir/daily/AAPL.csv` and `dir/symbols.csv` in the layout of ../shared/market-data (the provider's CSV
 * format), so that a test of the README's real-data command needs no files outside the repository: about three
 * years of every trading day up to `lastDay`, a 4:1 split a year before the end (closes before it in pre-split
 * dollars, as the raw files have them), and an `adjusted_close` that differs from the close, as dividends make it.
 */
export function writePriceFolder(dir: string, lastDay: string): PriceFolder {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'daily'), { recursive: true });
  const days = tradingDaysBetween(addCalendarDays(lastDay, -3 * 365), lastDay);
  const splitAt = days.length - 252;
  // A deterministic wander (no Math.random: the same folder every run), about 1.5% a day.
  let price = 480;
  const rows = days.map((date, i) => {
    price *= 1 + 0.015 * Math.sin(i * 1.7) + 0.0004;
    const split = i === splitAt ? 4 : 1;
    if (split !== 1) price /= split;
    const close = Number(price.toFixed(2));
    const open = Number((price * 0.995).toFixed(2));
    const high = Number((Math.max(open, close) * 1.01).toFixed(2));
    const low = Number((Math.min(open, close) * 0.99).toFixed(2));
    const adjusted = Number((close * (i < splitAt ? 0.24 : 0.97)).toFixed(4));
    return { date, line: `${date},${open},${high},${low},${close},${adjusted},1000000,0.0,${split.toFixed(1)}` };
  });
  const header = 'timestamp,open,high,low,close,adjusted_close,volume,dividend_amount,split_coefficient';
  writeFileSync(path.join(dir, 'daily', 'AAPL.csv'), [header, ...rows.map((r) => r.line)].join('\n') + '\n');
  writeFileSync(
    path.join(dir, 'symbols.csv'),
    'Symbol,Security,GICS Sector,GICS Sub-Industry,Headquarters Location\n' +
      'AAPL,Apple Inc.,Information Technology,"Technology Hardware, Storage & Peripherals","Cupertino, California"\n',
  );
  const last = rows.at(-1)!.line.split(',');
  return { lastDay: rows.at(-1)!.date, lastClose: Number(last[4]), lastAdjustedClose: Number(last[5]) };
}
