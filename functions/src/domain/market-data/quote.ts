import type { DailyBar } from '@stockseer/contract';
import { closeInstant } from '../calendar';
import { notFound } from '../errors';
import { roundTo } from './bars';
import type { Quote } from './provider';

/**
 * The quote of a day that has closed, for providers without live prices (CSV files, the simulation, and Massive
 * when the clock is pinned to the past): the last bar's close against the bar before, as of that day's 16:00 close.
 */
export function quoteFromBars(
  stock: { symbol: string; name: string; exchange: string },
  bars: readonly DailyBar[],
): Quote {
  const last = bars.at(-1);
  if (!last) throw notFound(`Unknown symbol: ${stock.symbol}`);
  // A stock's first day has no earlier close: its change is measured from its open.
  const previousClose = bars.at(-2)?.close ?? last.open;
  return {
    ...stock,
    price: last.close,
    ...changeSince(previousClose, last.close),
    open: last.open,
    previousClose,
    dayLow: last.low,
    dayHigh: last.high,
    asOf: closeInstant(last.date).toISOString(),
  };
}

/** The change of a price against the previous close, in dollars and in percent (two decimals). */
export function changeSince(previousClose: number, price: number): { priceChange: number; priceChangePercent: number } {
  const change = price - previousClose;
  return { priceChange: roundTo(change, 4), priceChangePercent: roundTo((change / previousClose) * 100, 2) };
}
